"""Shared fixtures of the Python package's tests: the repository, the build and the command line."""

import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BUILD = pathlib.Path(os.environ.get("MPNSIM_BUILD_DIR", ROOT / "build"))
MPNSIM = BUILD / "mpnsim"


def run_cli(*args, check=True):
    """build/mpnsim ARGS from the repository root: (exit code, stdout, stderr)."""
    r = subprocess.run([str(MPNSIM), *map(str, args)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    if check and r.returncode != 0:
        raise AssertionError(f"mpnsim {' '.join(map(str, args))} exited {r.returncode}:\n{r.stderr}")
    return r.returncode, r.stdout, r.stderr


def cli_json(*args):
    """The JSON that `build/mpnsim ARGS --format json` prints."""
    return json.loads(run_cli(*args, "--format", "json")[1])


@pytest.fixture
def root():
    return ROOT
