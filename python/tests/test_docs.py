"""docs/python.md is tested: its python blocks run in order in one namespace, its sh blocks run as
written, both from the repository root (a block that cannot run is fenced `sh no-run`, saying why)."""

import os
import re
import subprocess

import pytest

from conftest import BUILD, ROOT

GUIDE = ROOT / "docs/python.md"


def blocks(text):
    """(language, first line number, code) of every fenced block."""
    out = []
    for m in re.finditer(r"^```([^\n]*)\n(.*?)^```", text, re.S | re.M):
        out.append((m.group(1).strip(), text.count("\n", 0, m.start()) + 2, m.group(2)))
    return out


def test_the_extractor_reads_languages_and_lines():
    found = blocks("a\n```python\nx = 1\n```\n\n```sh no-run\nls\n```\n")
    assert found == [("python", 3, "x = 1\n"), ("sh no-run", 7, "ls\n")]


def test_python_blocks_run(monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    namespace = {"__name__": "docs_python_md"}
    python = [(line, code) for lang, line, code in blocks(GUIDE.read_text()) if lang == "python"]
    assert len(python) >= 5
    for line, code in python:
        exec(compile(code, f"{GUIDE}:{line}", "exec"), namespace)
    assert "makespan" not in capsys.readouterr().err


@pytest.mark.parametrize("line,code", [(line, code) for lang, line, code in blocks(GUIDE.read_text())
                                       if lang == "sh"])
def test_sh_blocks_run(line, code):
    if BUILD.resolve() != (ROOT / "build").resolve():
        pytest.skip("the blocks name build/: this build is elsewhere")
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)  # the block says what it needs
    r = subprocess.run(["bash", "-euo", "pipefail", "-c", code], cwd=ROOT, capture_output=True, text=True,
                       timeout=120, env=env)
    assert r.returncode == 0, f"{GUIDE}:{line}:\n{code}\n{r.stdout}\n{r.stderr}"


def test_every_block_is_python_sh_or_says_why_not():
    for lang, line, code in blocks(GUIDE.read_text()):
        assert lang in ("python", "sh", "sh no-run"), f"{GUIDE}:{line}: ```{lang}"
        if lang == "sh no-run":
            assert "not run" in code, f"{GUIDE}:{line}: a no-run block says why"
