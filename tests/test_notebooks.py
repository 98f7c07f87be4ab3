"""Every game's notebook executes from top to bottom without an error."""

from pathlib import Path

import pytest

from analysis.report import execute_notebook

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))


@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_executes(path):
    notebook = execute_notebook(path, timeout=900)
    errors = [output for cell in notebook.cells if cell.cell_type == "code"
              for output in cell.get("outputs", []) if output.get("output_type") == "error"]
    assert not errors
    # A strategy notebook that shows nothing is a defect: at least one figure or table.
    shown = [output for cell in notebook.cells if cell.cell_type == "code"
             for output in cell.get("outputs", []) if output.get("output_type") in ("display_data", "execute_result")]
    assert shown
