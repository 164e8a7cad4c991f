"""docs/lessons/notebook.ipynb runs from a clean kernel and prints what it holds: every output
of every code cell (text, pictures) is the one stored in the notebook."""
from __future__ import annotations

import pytest

from conftest import ROOT

nbformat = pytest.importorskip("nbformat", reason="nbformat is in puzzlog[test]: make test installs it")
pytest.importorskip("ipykernel", reason="ipykernel is in puzzlog[test]: make test installs it")

NOTEBOOK = ROOT / "docs" / "lessons" / "notebook.ipynb"


def outputs(cell) -> list[dict]:
    """A code cell's outputs without what changes from run to run: execution counts, and how
    the kernel happened to cut a stream into messages (on a busy machine one print may come
    apart from the next), so that following pieces of one stream are joined."""
    kept: list[dict] = []
    for output in cell.get("outputs", []):
        if output["output_type"] == "stream":
            text = "".join(output["text"]) if isinstance(output["text"], list) else output["text"]
            if kept and kept[-1].get("stream") == output["name"]:
                kept[-1]["text"] += text
            else:
                kept.append({"stream": output["name"], "text": text})
        elif output["output_type"] in ("execute_result", "display_data"):
            kept.append({"data": dict(output["data"])})
        else:
            kept.append({"error": output.get("ename"), "value": output.get("evalue")})
    return kept


def test_jupyter_nbconvert_executes_a_students_copy_of_the_notebook(tmp_path):
    """The student's flow: `puzzlog lessons copy DIR`, then `jupyter nbconvert --execute` there."""
    import shutil
    import subprocess
    import sys
    from pathlib import Path
    jupyter = Path(sys.executable).with_name("jupyter")
    if not jupyter.exists() or not shutil.which("jupyter-nbconvert", path=str(jupyter.parent)):
        pytest.skip("jupyter nbconvert is in puzzlog[test]: make test installs it")
    puzzlog = Path(sys.executable).with_name("puzzlog")
    folder = tmp_path / "class"
    subprocess.run([str(puzzlog), "lessons", "copy", str(folder)], check=True, capture_output=True)
    copied = next(folder.rglob("notebook.ipynb"))
    done = subprocess.run([str(jupyter), "nbconvert", "--to", "notebook", "--execute",
                           "--ExecutePreprocessor.timeout=300", "--output", "executed.ipynb",
                           copied.name], cwd=copied.parent, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-2000:]
    run = nbformat.read(copied.parent / "executed.ipynb", as_version=4)
    stored = nbformat.read(NOTEBOOK, as_version=4)
    code = [(a, b) for a, b in zip(stored.cells, run.cells) if a.cell_type == "code"]
    assert len(code) >= 8
    for number, (before, after) in enumerate(code, 1):
        assert outputs(after) == outputs(before), f"code cell {number} printed something else"
    assert any("image/svg+xml" in o.get("data", {}) for cell, _ in code for o in outputs(cell))
