"""Execute a game's notebook and write it out as an article with its figures.

Each ``notebooks/<game>.ipynb`` becomes ``reports/<game>.md`` (figures in
``reports/<game>_files/``) and a self-contained ``reports/<game>.html``; input
cells marked with the tag ``hide-input`` show only their output.
"""

from __future__ import annotations

from pathlib import Path

from analysis.errors import InvalidArgument


def build_reports(games, notebook_dir="notebooks", out_dir="reports", timeout=1200) -> list[Path]:
    """Build the articles for ``games`` (all notebooks when empty) and return their paths."""
    notebook_dir, out_dir = Path(notebook_dir), Path(out_dir)
    available = {p.stem: p for p in sorted(notebook_dir.glob("*.ipynb"))}
    if not available:
        raise InvalidArgument(f"There are no notebooks in '{notebook_dir}'.")
    chosen = list(games) or list(available)
    unknown = [g for g in chosen if g not in available]
    if unknown:
        raise InvalidArgument(f"No notebook named '{unknown[0]}'; choose from {', '.join(available)}.")
    out_dir.mkdir(parents=True, exist_ok=True)
    return [article for game in chosen for article in build_report(available[game], out_dir, timeout)]


def execute_notebook(path: Path, timeout: int = 1200):
    """Run every cell of the notebook at ``path`` (working folder: its own) and return it."""
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=timeout, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    return notebook


def build_report(path: Path, out_dir: Path, timeout: int = 1200) -> list[Path]:
    from nbconvert import HTMLExporter, MarkdownExporter
    from traitlets.config import Config

    notebook = execute_notebook(path, timeout)
    config = Config()
    config.TagRemovePreprocessor.remove_input_tags = ("hide-input",)
    config.TagRemovePreprocessor.enabled = True
    name = path.stem
    written = []

    body, resources = MarkdownExporter(config=config).from_notebook_node(
        notebook, resources={"output_files_dir": f"{name}_files"})
    for filename, data in resources.get("outputs", {}).items():
        figure = out_dir / filename
        figure.parent.mkdir(parents=True, exist_ok=True)
        figure.write_bytes(data)
    article = out_dir / f"{name}.md"
    article.write_text(body, encoding="utf-8")
    written.append(article)

    html, _ = HTMLExporter(config=config).from_notebook_node(notebook)
    page = out_dir / f"{name}.html"
    page.write_text(html, encoding="utf-8")
    written.append(page)
    return written
