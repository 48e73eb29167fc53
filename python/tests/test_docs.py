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


def in_this_build(code):
    """The block with its `build/` (the guide's name for the build folder) made this build's folder,
    MPNSIM_BUILD_DIR, so that a build elsewhere (build-release/, /tmp/b) runs the blocks too."""
    return re.sub(r"(?<![\w./-])build/", str(BUILD.resolve()) + "/", code)


def test_the_build_folder_is_substituted():
    code = "PYTHONPATH=build/python x && build/mpnsim dag && cat rebuild/x my-build/y"
    out = in_this_build(code)
    assert out.count(str(BUILD.resolve()) + "/") == 2
    assert "rebuild/x my-build/y" in out


@pytest.mark.parametrize("line,code", [(line, code) for lang, line, code in blocks(GUIDE.read_text())
                                       if lang == "sh"])
def test_sh_blocks_run(line, code):
    code = in_this_build(code)
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
