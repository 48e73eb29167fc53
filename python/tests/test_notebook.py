"""docs/examples/compare_in_python.ipynb runs without errors (nbclient, Debian's ipykernel): it cannot go stale."""

import json
import sys

import nbclient
import nbformat

from conftest import ROOT

NOTEBOOK = ROOT / "docs/examples/compare_in_python.ipynb"


def test_notebook_executes(tmp_path, monkeypatch):
    # Its kernel is this interpreter, whatever kernel named python3 a user installed elsewhere:
    # JUPYTER_PATH is searched first.
    spec = tmp_path / "kernels" / "python3"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "Python 3", "language": "python"}))
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path))
    monkeypatch.setenv("MPLBACKEND", "module://matplotlib_inline.backend_inline")
    monkeypatch.setenv("PYDEVD_DISABLE_FILE_VALIDATION", "1")  # ipykernel's debugger note on frozen modules
    nb = nbformat.read(NOTEBOOK, as_version=4)
    assert all(not cell.get("outputs") for cell in nb.cells if cell.cell_type == "code"), "committed without outputs"
    nbclient.NotebookClient(nb, timeout=120, kernel_name="python3",
                            resources={"metadata": {"path": str(NOTEBOOK.parent)}}).execute()
    outputs = [o for cell in nb.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    assert any("image/png" in o.get("data", {}) for o in outputs), "the plot is drawn"
    assert any("py-append / best" in o.get("data", {}).get("text/plain", "") for o in outputs), "the table is shown"
