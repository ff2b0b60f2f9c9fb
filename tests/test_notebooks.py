"""Every notebook in examples/ runs top to bottom, headless, and its cells' checks hold.

The notebooks assert what they show, so a notebook that drifts from the engine fails here.
Replays run at pace 0 (``TRIPEAKS_PACE``). The notebooks are kept without outputs.
"""

import pathlib
import re

import nbformat
import pytest

nbclient = pytest.importorskip("nbclient", reason="nbclient runs the example notebooks (pip install -e '.[test]')")
pytest.importorskip("ipykernel", reason="the example notebooks need the python3 kernel (pip install -e '.[test]')")

EXAMPLES = pathlib.Path(__file__).resolve().parent.parent / "examples"
NOTEBOOKS = sorted(EXAMPLES.glob("*.ipynb"))
CELL_TIMEOUT = 180  # seconds, per cell


def test_there_are_example_notebooks():
    names = {path.name for path in NOTEBOOKS}
    assert {"01_play.ipynb", "02_rules_walkthrough.ipynb", "03_score_and_undo.ipynb", "04_solver.ipynb"} <= names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[path.name for path in NOTEBOOKS])
def test_links_between_notebooks_lead_somewhere(path):
    notebook = nbformat.read(path, as_version=4)
    text = "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "markdown")
    targets = re.findall(r"\]\(([^)#\s]+\.ipynb)", text)
    missing = [target for target in targets if not (EXAMPLES / target).is_file()]
    assert not missing, f"{path.name} links to notebooks that are not in examples/: {missing}"


def test_the_first_notebook_leads_to_every_other_numbered_one():
    notebook = nbformat.read(EXAMPLES / "01_play.ipynb", as_version=4)
    where_next = next(cell.source for cell in notebook.cells if cell.source.startswith("## Where next"))
    numbered = {path.name for path in NOTEBOOKS if re.match(r"\d\d_", path.name)} - {"01_play.ipynb"}
    assert numbered <= set(re.findall(r"\]\(([^)#\s]+\.ipynb)", where_next))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[path.name for path in NOTEBOOKS])
def test_notebook_runs(path, monkeypatch, tmp_path):
    monkeypatch.setenv("TRIPEAKS_PACE", "0")  # the kernel inherits it: replays apply at once
    monkeypatch.setenv("TRIPEAKS_RECORDS", str(tmp_path / "records.sqlite3"))  # never the reader's own
    notebook = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(
        notebook, kernel_name="python3", timeout=CELL_TIMEOUT, resources={"metadata": {"path": str(EXAMPLES)}}
    )
    try:
        client.execute()
    except nbclient.exceptions.CellExecutionError as error:
        pytest.fail(f"{path.name}: a cell failed\n{error}", pytrace=False)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[path.name for path in NOTEBOOKS])
def test_notebook_is_kept_without_outputs(path):
    """Outputs are made by running; kept in the file they would go stale (and carry the
    widget's whole front end in the saved widget state)."""
    notebook = nbformat.read(path, as_version=4)
    nbformat.validate(notebook)
    dirty = [
        i
        for i, cell in enumerate(notebook.cells)
        if cell.cell_type == "code" and (cell.get("outputs") or cell.get("execution_count") is not None)
    ]
    assert not dirty, f"{path.name}: clear the outputs of cells {dirty}"
    assert "widgets" not in notebook.metadata, f"{path.name}: saved widget state; clear it"
    assert notebook.metadata.get("kernelspec", {}).get("name") == "python3"
