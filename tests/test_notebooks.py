"""Every game's notebook executes from top to bottom, and its committed article is current.

One execution per notebook serves both checks: the executed notebook is rendered
exactly as ``bash scripts/reports.sh`` renders it, and the markdown must equal the
committed ``reports/<game>.md`` byte for byte, so a published number is never stale.
"""

from pathlib import Path

import pytest

from analysis.report import execute_notebook, render_article

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_executes_and_its_article_is_current(path):
    notebook = execute_notebook(path, timeout=900)
    errors = [output for cell in notebook.cells if cell.cell_type == "code"
              for output in cell.get("outputs", []) if output.get("output_type") == "error"]
    assert not errors
    # A strategy notebook that shows nothing is a defect: at least one figure or table.
    shown = [output for cell in notebook.cells if cell.cell_type == "code"
             for output in cell.get("outputs", []) if output.get("output_type") in ("display_data", "execute_result")]
    assert shown
    article = render_article(notebook, path.stem)
    for marker in ("```python", "NaN", "<style", "<table", "RULES.md"):
        assert marker not in article.markdown, f"{path.stem}.md shows {marker!r}"
    committed = ROOT / "reports" / f"{path.stem}.md"
    assert committed.exists(), f"reports/{path.stem}.md is not committed: run bash scripts/reports.sh"
    assert article.markdown == committed.read_text(encoding="utf-8"), (
        f"reports/{path.stem}.md differs from a fresh build of notebooks/{path.name}: "
        "run bash scripts/reports.sh and commit reports/")
    for figure in article.figures:
        assert (ROOT / "reports" / figure).exists(), f"reports/{figure} is missing"


def test_the_index_lists_every_article():
    index = (ROOT / "reports" / "README.md").read_text(encoding="utf-8")
    for path in NOTEBOOKS:
        assert f"]({path.stem}.md)" in index


def test_a_cell_saved_without_an_id_gets_the_same_id_at_every_build(tmp_path):
    # nbformat gives such a cell a random id on reading, and the HTML page prints the ids.
    import json

    notebook = {"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [
        {"cell_type": "markdown", "metadata": {}, "source": "# A title"},
        {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [], "source": "print(6 * 7)"}]}
    path = tmp_path / "tiny.ipynb"
    path.write_text(json.dumps(notebook), encoding="utf-8")
    pages = [render_article(execute_notebook(path, timeout=120), "tiny").html for _ in range(2)]
    assert pages[0] == pages[1]
    assert 'id="cell-id=cell-1"' in pages[0]


def test_each_chart_is_described_by_the_section_it_stands_in():
    # A reader who cannot see a chart (a screen reader, an image that did not load) gets the heading of
    # its section, from a markdown cell or from markdown a code cell displays, in the page and the Markdown.
    import base64

    import nbformat

    png = base64.b64encode(b"\x89PNG\r\n\x1a\n").decode()
    def chart():
        return nbformat.v4.new_output("display_data", data={"image/png": png, "text/plain": "<Figure>"})

    shown = nbformat.v4.new_output("display_data", data={"text/markdown": "## 2. When to *call*", "text/plain": ""})
    notebook = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("# Title\n\n## 1. What to open"),
        nbformat.v4.new_code_cell("plot()", outputs=[chart()]),
        nbformat.v4.new_code_cell("show()", outputs=[shown, chart()]),
    ])
    article = render_article(notebook, "tiny")
    assert article.markdown.count("![Chart: 1. What to open](") == 1
    assert article.markdown.count("![Chart: 2. When to call](") == 1
    assert 'alt="Chart: 1. What to open"' in article.html and 'alt="Chart: 2. When to call"' in article.html
    assert "No description" not in article.html
