"""The built articles read as a player reads them.

``tests/test_notebooks.py`` proves each committed article is a fresh build; this file reads the
committed ``reports/*.md`` (and the HTML pages) the way a player would and fails where the text
speaks the toolkit's language, prints more decimals than a reader can use, needs a wide screen,
shows typesetting debris, or opens without its short answer. It reads files only (no notebook
runs), so it is fast and runs in every test session.
"""

import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
REPORTS = ROOT / "reports"
ARTICLES = sorted(p.stem for p in (ROOT / "notebooks").glob("*.ipynb"))

#: Articles whose rewrite for players is still to come: each check is expected to fail for them
#: (strict, so an article that starts to pass must leave this list).
NOT_YET_REWRITTEN = set()

#: Words of the toolkit, not of the table. A term in EXPLAINABLE may appear once it is explained in
#: plain words at its first use, i.e. followed at once by a parenthesis: "CFR (a self-play method ...)".
INTERNAL = [
    (r"\banalysis\.\w+", "a module name"),
    (r"\b\w+\.py\b", "a file name"),
    (r"\b[a-z]+_[a-z0-9_]+\b", "a code identifier"),
    (r"\b\w+=", "a keyword argument"),
    (r"\bpresets?\b", "the toolkit's word 'preset'"),
]
EXPLAINABLE = ["store", "kernel", "numba", "machine", "Dask", "CFR"]

#: Numbers printed with more decimals than a reader needs, allowed where the decimals carry meaning.
#: Each entry: (article, text the line contains, why the extra decimals matter).
DECIMALS_ALLOWED = [
    ("bluff", "| exact chance | simulated chance |",
     "the simulation check: exact and simulated chances are compared to hundredths of a point"),
    ("bluff", "Brier score", "a calibration score and its gain are read to three decimals"),
    ("bluff_strategy", "7/258", "the exact value of opening, compared with the published fraction"),
    ("yacht", "classic check", "five alike in one turn, compared with the published fraction"),
    ("yacht", "Verhoeff", "published optima, compared to the four decimals they are published with"),
    ("backgammon", "equity lost per", "the counts' average losses are thousandths of the stake"),
    ("backgammon", "| the net plays | equity |", "an opening play's equity is read to thousandths of the stake, "
                                                 "as backgammon programs show it: the best plays differ by less "
                                                 "than a hundredth"),
    ("backgammon", "| equity, no double |", "cube equities, read to thousandths as backgammon programs show them"),
]

MAX_COLUMNS = 5


def _markdown(name):
    return (REPORTS / f"{name}.md").read_text(encoding="utf-8")


def _prose(text):
    """The words a reader sees: link targets and figure paths removed (they are addresses, not text)."""
    text = re.sub(r"!\[[^\]]*\]\([^)]*\)", " ", text)
    return re.sub(r"\]\([^)]*\)", "]", text)


def _reader_checks(name):
    """Every complaint a player would have about article ``name`` (an empty list when none)."""
    text = _markdown(name)
    prose = _prose(text)
    found = []
    for pattern, what in INTERNAL:
        for match in re.finditer(pattern, prose):
            found.append(f"{what}: {match.group(0)!r}")
    for word in EXPLAINABLE:
        first = re.search(rf"\b{word}\b", prose)
        if first and not prose[first.end():first.end() + 2].startswith(" ("):
            found.append(f"{word!r} used without a plain explanation at its first use")
    allowed = [snippet for article, snippet, _ in DECIMALS_ALLOWED if article == name]
    header = ""
    for line in prose.splitlines():
        header = (header or line) if line.startswith("|") else ""    # a table's lines share its header's allowance
        if any(snippet in line or snippet in header for snippet in allowed):
            continue
        for match in re.finditer(r"(?<![\d.])\d+\.\d{2,}%", line):
            found.append(f"a percentage with more than one decimal: {match.group(0)!r}")
        for match in re.finditer(r"(?<![\d.,])\d+\.\d{3,}(?![\d%])", line):
            found.append(f"a number with more than two decimals: {match.group(0)!r}")
    for match in re.finditer(r"\d\^\d|\b\d+(\.\d+)?[eE][-+]?\d+\b", prose):
        found.append(f"an untypeset power: {match.group(0)!r}")
    for line in text.splitlines():
        if line.startswith("|") and re.fullmatch(r"\|[-:| ]+\|", line.strip()):
            columns = line.strip().count("|") - 1
            if columns > MAX_COLUMNS:
                found.append(f"a table of {columns} columns (at most {MAX_COLUMNS} fit a phone)")
    html = (REPORTS / f"{name}.html").read_text(encoding="utf-8")
    if "¶" in html or "¶" in text:
        found.append("a visible '¶'")
    headings = [line for line in text.splitlines() if line.startswith("## ")]
    if not headings or headings[0] != "## The short answer":
        found.append("the article does not open with '## The short answer'")
    short = text.split("## The short answer")[1].split("\n## ")[0] if "## The short answer" in text else ""
    if len(re.findall(r"^\* ", short, re.M)) < 3:
        found.append("the short answer has fewer than three rules of thumb")
    if not headings or headings[-1] != "## How these numbers were made":
        found.append("the article does not end with '## How these numbers were made'")
    elif "](../docs/" not in text.split("## How these numbers were made")[1]:
        found.append("'How these numbers were made' does not link to the docs")
    if not _short_answer_is_checked(name):
        found.append("the short answer is not computed and asserted in a hidden code cell")
    return found


def _short_answer_is_checked(name):
    """The short answer is the output of a code cell that asserts each rule against the article's data."""
    notebook = json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text(encoding="utf-8"))
    return any(cell["cell_type"] == "code" and "## The short answer" in "".join(cell["source"])
               and "hide-input" in cell["metadata"].get("tags", []) and re.search(r"^\s*assert ", "".join(cell["source"]), re.M)
               for cell in notebook["cells"])


def _marks(name):
    if name in NOT_YET_REWRITTEN:
        return [pytest.mark.xfail(strict=True, reason="article not yet rewritten for players")]
    return []


@pytest.mark.parametrize("name", [pytest.param(n, marks=_marks(n)) for n in ARTICLES])
def test_article_reads_like_a_players_article(name):
    found = _reader_checks(name)
    assert not found, f"reports/{name}.md:\n  " + "\n  ".join(found)


def test_the_checks_catch_what_they_look_for(tmp_path, monkeypatch):
    """Each check fires on a small article that breaks it, and stays quiet on one that does not."""
    good_md = ("# Game\n\n## The short answer\n\n* Call at 24.1% or less.\n* Raise.\n* Sit after the wild player.\n\n"
               "| a | b |\n|--:|--:|\n| 1 | 2 |\n\n## How these numbers were made\n\n"
               "CFR (a self-play method) ... [docs](../docs/game.md)\n")
    bad_md = ("# Game\n\n## 1. Odds\n\n`analysis.bluff` in bluff_strength.py with joker=free from the store; "
              "2^12 states, 1e-5 accuracy, 12.34% and 0.2413.\n\n"
              "| a | b | c | d | e | f |\n|-|-|-|-|-|-|\n| 1 | 2 | 3 | 4 | 5 | 6 |\n")
    cell = {"cell_type": "code", "metadata": {"tags": ["hide-input"]}, "outputs": [],
            "source": ["rule = 0.241\n", "assert rule < 0.25\n", "display(Markdown('## The short answer'))\n"]}
    for name, md, html, cells in (("good", good_md, "<h2>x</h2>", [cell]), ("bad", bad_md, "<h2>x¶</h2>", [])):
        (tmp_path / "reports").mkdir(exist_ok=True)
        (tmp_path / "notebooks").mkdir(exist_ok=True)
        (tmp_path / "reports" / f"{name}.md").write_text(md, encoding="utf-8")
        (tmp_path / "reports" / f"{name}.html").write_text(html, encoding="utf-8")
        (tmp_path / "notebooks" / f"{name}.ipynb").write_text(json.dumps({"cells": cells}), encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    monkeypatch.setattr(sys.modules[__name__], "REPORTS", tmp_path / "reports")
    assert _reader_checks("good") == []
    found = "\n".join(_reader_checks("bad"))
    for complaint in ("a module name", "a file name", "a code identifier", "a keyword argument", "'store'",
                      "more than one decimal", "more than two decimals", "untypeset power: '2^1",
                      "untypeset power: '1e-5'", "6 columns", "'¶'", "short answer'", "fewer than three rules", "How these numbers",
                      "not computed and asserted"):
        assert complaint in found, complaint
