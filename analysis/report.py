"""Execute a game's notebook and write it out as an article with its figures.

Each ``notebooks/<game>.ipynb`` becomes ``reports/<game>.md`` (figures in
``reports/<game>_files/``) and a self-contained ``reports/<game>.html``, and
``reports/README.md`` lists the articles with the question each one answers
(the notebook's ``question`` metadata). Articles are for players: every code
cell is hidden and only its output is shown, and nothing written to stderr
(warnings, progress) reaches the page.

The build is deterministic: the same commit gives byte-identical markdown, so
a test can compare the committed articles with a fresh build
(``tests/test_notebooks.py``). Notebooks therefore print no wall-clock times
and use fixed seeds.
"""

from __future__ import annotations

import copy
import json
import re
import shutil
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from analysis.cheatsheets import FAMILIES, PAPERS, TITLES as SHEET_TITLES
from analysis.errors import InvalidArgument
from analysis.extras import need

STYLE = """
body { font-family: Georgia, "Times New Roman", serif; line-height: 1.55; color: #222;
       max-width: 52rem; margin: 2rem auto; padding: 0 1rem; }
h1, h2, h3 { font-family: "Helvetica Neue", Arial, sans-serif; line-height: 1.25; color: #1b3a5c; }
table { border-collapse: collapse; margin: 1rem 0; font-size: 0.92rem; display: block;
        overflow-x: auto; max-width: 100%; }
th, td { padding: 0.25rem 0.6rem; border-bottom: 1px solid #ddd; }
th { border-bottom: 2px solid #888; }
img { max-width: min(100%, 36rem); height: auto; display: block; margin: 1rem auto; }
pre { background: #f6f6f4; padding: 0.6rem 0.8rem; overflow-x: auto; font-size: 0.88rem; }
code { font-size: 0.92em; }
.nb { white-space: nowrap; }
@media (max-width: 30rem) { body { padding: 0 0.5rem; } table { font-size: 0.78rem; }
                            th, td { padding: 0.2rem 0.25rem; } }
@page { margin: 8mm; }
@media print { body { max-width: none; margin: 0; padding: 0; } img { max-width: 100%; } table { display: table; }
               pre { white-space: pre-wrap; } }
""".strip()


@dataclass(frozen=True)
class Article:
    """A built article: its markdown, its figures (file name -> bytes) and its HTML page."""

    name: str
    markdown: str
    figures: dict = field(repr=False)
    html: str = field(repr=False)


def build_reports(games, notebook_dir="notebooks", out_dir="reports", timeout=1200, log=None) -> list[Path]:
    """Build the articles for ``games`` (all notebooks when empty) and return the files written.

    Progress goes to ``log`` (stderr by default), one line per notebook and a line every
    few seconds while a notebook runs, so a build in a pipe or a log is never silent.
    """
    log = sys.stderr if log is None else log
    notebook_dir, out_dir = Path(notebook_dir), Path(out_dir)
    available = {p.stem: p for p in sorted(notebook_dir.glob("*.ipynb"))}
    if not available:
        raise InvalidArgument(f"There are no notebooks in '{notebook_dir}'.")
    chosen = list(games) or list(available)
    unknown = [g for g in chosen if g not in available]
    if unknown:
        raise InvalidArgument(f"No notebook named '{unknown[0]}'; choose from {', '.join(available)}.")
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise InvalidArgument(f"Cannot write the articles to '{out_dir}': {error.strerror}.") from None
    for package in ("ipykernel", "nbclient", "nbconvert"):    # said before the first notebook runs
        need(package, "Building the articles")
    written = []
    for number, game in enumerate(chosen, 1):
        path = available[game]
        step = f"reports: {path.name} {number}/{len(chosen)}"
        print(f"{step} ...", file=log, flush=True)
        started = time.perf_counter()
        with _CellProgress(step, log) as progress:
            written += build_report(path, out_dir, timeout, progress=progress)
        print(f"{step} done ({time.perf_counter() - started:.0f} s)", file=log, flush=True)
    written.append(write_index(available.values(), out_dir))
    return written


def execute_notebook(path: Path, timeout: int = 1200, progress=None):
    """Run every cell of the notebook at ``path`` (working folder: its own) and return it."""
    nbformat = need("nbformat", "Building the articles")
    NotebookClient = need("nbclient", "Building the articles").NotebookClient

    path = Path(path)
    raw = json.loads(path.read_text(encoding="utf-8"))
    # A cell saved without an id would get a random one on reading, and the HTML page carries the ids:
    # name such a cell by its place instead, so a rebuild is byte-identical.
    for number, cell in enumerate(raw.get("cells", [])):
        cell.setdefault("id", f"cell-{number}")
    notebook = nbformat.reads(json.dumps(raw), as_version=4)
    client = NotebookClient(notebook, timeout=timeout, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    if progress is not None:
        progress.total = sum(cell.cell_type == "code" for cell in notebook.cells)
        client.on_cell_executed = progress.cell_done
    client.execute()
    return notebook


def render_article(notebook, name: str) -> Article:
    """The article for an executed notebook: code hidden, stderr dropped, tidy markdown."""
    nbconvert = need("nbconvert", "Building the articles")
    HTMLExporter, MarkdownExporter = nbconvert.HTMLExporter, nbconvert.MarkdownExporter

    notebook = copy.deepcopy(notebook)
    alts = describe_charts(notebook)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            cell.outputs = _merge_streams([output for output in cell.get("outputs", [])
                                           if not (output.get("output_type") == "stream"
                                                   and output.get("name") == "stderr")])
            cell.metadata.pop("execution", None)
    options = dict(exclude_input=True, exclude_input_prompt=True, exclude_output_prompt=True)
    body, resources = MarkdownExporter(**options).from_notebook_node(
        notebook, resources={"output_files_dir": f"{name}_files"})
    for alt in alts:
        body = body.replace("![png](", f"![{alt.replace('[', '(').replace(']', ')')}](", 1)
    body = re.sub(r"[ \t]+\n", "\n", body)
    body = re.sub(r"\n{3,}", "\n\n", body).strip() + "\n"

    # No visible "¶" beside each heading: the anchors stay, empty, so a heading can still be linked.
    fragment, _ = HTMLExporter(template_name="basic", anchor_link_text="", **options).from_notebook_node(notebook)
    fragment = unbreakable(fragment)
    title = next((line[2:].strip() for cell in notebook.cells if cell.cell_type == "markdown"
                  for line in cell.source.splitlines() if line.startswith("# ")), name)
    html = (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{_escape(title)}</title>\n<style>\n{STYLE}\n</style>\n</head>\n<body>\n"
            f"{fragment.strip()}\n</body>\n</html>\n")
    return Article(name, body, dict(resources.get("outputs", {})), html)


def describe_charts(notebook) -> list[str]:
    """Give each chart of ``notebook`` (in place, as its output's ``alt`` metadata) a text for a reader who
    cannot see it: "Chart: " and the heading of the section it stands in. The headings are read from the
    markdown cells and from the markdown a code cell displays, in order. Returns the texts in order."""
    heading, alts = "", []

    def read_headings(text: str) -> None:
        nonlocal heading
        for line in text.splitlines():
            if re.match(r"#{1,6} ", line):
                heading = re.sub(r"[*_`]", "", line.lstrip("#").strip())

    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            read_headings(cell.source)
            continue
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if "text/markdown" in data:
                read_headings(data["text/markdown"])
            if "image/png" in data:
                alt = f"Chart: {heading}" if heading else "Chart"
                output.setdefault("metadata", {}).setdefault("image/png", {})["alt"] = alt
                alts.append(alt)
    return alts


def build_report(path: Path, out_dir: Path, timeout: int = 1200, progress=None) -> list[Path]:
    """Execute one notebook and write its article, figures and HTML page into ``out_dir``."""
    path, out_dir = Path(path), Path(out_dir)
    article = render_article(execute_notebook(path, timeout, progress), path.stem)
    figures = out_dir / f"{article.name}_files"
    shutil.rmtree(figures, ignore_errors=True)  # a figure the notebook no longer draws must not linger
    for filename, data in sorted(article.figures.items()):
        figure = out_dir / filename
        figure.parent.mkdir(parents=True, exist_ok=True)
        figure.write_bytes(data)
    markdown, page = out_dir / f"{article.name}.md", out_dir / f"{article.name}.html"
    markdown.write_text(article.markdown, encoding="utf-8")
    page.write_text(article.html, encoding="utf-8")
    return [markdown, page]


def write_index(notebooks, out_dir: Path) -> Path:
    """``reports/README.md``: one line per article, with the question it answers."""
    nbformat = need("nbformat", "Building the articles")

    lines = ["# Strategy articles", "",
             "Built from `notebooks/` by `bash scripts/reports.sh`; every figure and table is computed",
             "when the notebook runs. The rules behind them are in [docs/rules.md](../docs/rules.md).", ""]
    for path in sorted(notebooks, key=lambda p: Path(p).stem):
        path = Path(path)
        notebook = nbformat.read(path, as_version=4)
        title = next((line[2:].strip() for cell in notebook.cells if cell.cell_type == "markdown"
                      for line in cell.source.splitlines() if line.startswith("# ")), path.stem)
        question = notebook.metadata.get("question", "")
        lines.append(f"* [{title}]({path.stem}.md) ([web page]({path.stem}.html))"
                     + (f": {question}" if question else ""))
    # The printable pages of scripts/reports.sh (analysis/cheatsheets.py), one per game family.
    lines += ["", "## Cheat sheets", "", "One printable page per game family, to take to the table:", ""]
    for family in FAMILIES:
        files = ", ".join(f"[{'A4' if paper == 'a4' else paper} {suffix.upper()}](cheatsheet_{family}_{paper}.{suffix})"
                          for paper in PAPERS for suffix in ("pdf", "png"))
        lines.append(f"* {SHEET_TITLES[family]}: {files}")
    index = Path(out_dir) / "README.md"
    index.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return index


class _CellProgress:
    """A line to the log every few seconds while a notebook's cells run (long cells included)."""

    def __init__(self, step: str, log, every: float = 10.0):
        self.step, self.log, self.every = step, log, every
        self.total, self.done = 0, 0
        self._started = time.perf_counter()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._report, daemon=True)

    def __enter__(self) -> "_CellProgress":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()

    def cell_done(self, **_) -> None:
        self.done += 1

    def _report(self) -> None:
        while not self._stop.wait(self.every):
            done = f"{self.done} of {self.total} cells run" if self.total else "starting"
            print(f"{self.step}: {done}, {time.perf_counter() - self._started:.0f} s", file=self.log, flush=True)


def _merge_streams(outputs: list) -> list:
    """Consecutive printed outputs as one: how the kernel splits them depends on timing (a table built
    fresh or read from the store), and the article must not."""
    merged = []
    for output in outputs:
        if (output.get("output_type") == "stream" and merged and merged[-1].get("output_type") == "stream"
                and merged[-1].get("name") == output.get("name")):
            merged[-1]["text"] = "".join(merged[-1]["text"]) + "".join(output["text"])
        else:
            merged.append(output)
    return merged


#: What a line must never break inside (a reader would read two values): an interval "99.6–99.8%", a hand of
#: dice "5 5 5 3 3", a power "6 × 10⁻⁶" and a bound "< 1%", as the HTML writes them.
UNBREAKABLE = re.compile(
    r"[+−-]?\d[\d,.]*%?–[+−-]?\d[\d,.]*%?"
    r"|(?<![\w.])[1-6*](?: [1-6*]){2,}(?![\w.])"
    r"|\d+ × 10[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+"
    r"|(?:&lt;|&gt;) \d[\d,.]*%?")


def unbreakable(fragment: str) -> str:
    """``fragment`` with each run of :data:`UNBREAKABLE` in its text (not in tags, code or styles) kept on one line."""
    parts = re.split(r"(<[^>]*>)", fragment)
    inside = 0      # depth of <pre>, <code>, <style> and <script>, whose text stays as it is
    for i, part in enumerate(parts):
        if part.startswith("<"):
            tag = re.match(r"</?(\w+)", part)
            if tag and tag.group(1).lower() in ("pre", "code", "style", "script"):
                inside += -1 if part.startswith("</") else 1
        elif part and not inside:
            parts[i] = UNBREAKABLE.sub(lambda m: f'<span class="nb">{m.group(0)}</span>', part)
    return "".join(parts)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
