"""The built articles read as a player reads them.

``tests/test_notebooks.py`` proves each committed article is a fresh build; this file reads the
committed ``reports/*.md`` (and the HTML pages) the way a player would and fails where the text
speaks the toolkit's language, prints more decimals than a reader can use, needs a wide screen,
shows typesetting debris, opens without its short answer, or states a rule of thumb or a
conclusion without the check that backs it (``analysis/claims.py``); it also reads the text and
the type sizes of the charts in the code that draws them. It reads files only (no notebook runs),
so it is fast and runs in every test session.
"""

import ast
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
    (r"\b[a-z]+:\d[\d.]*\b", "a bot's code name"),
    (r"(?<![\w-])--[a-z][\w-]*", "a command-line flag"),
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
    """The words a reader sees: link targets, figure paths and the docs pages' addresses removed (they are
    addresses, not text)."""
    text = re.sub(r"!\[[^\]]*\]\([^)]*\)", " ", text)
    text = re.sub(r"\bdocs/[\w/.#-]+\.md\b", "docs", text)
    return re.sub(r"\]\([^)]*\)", "]", text)


#: A figure named in the prose with its value: "<name> is worth / costs / gains / averages <number>".
NAMED_FIGURE = re.compile(r"((?:[A-Za-z'-]+ ){1,6}?)(is worth|costs|gains|averages) ([+−-]?\d[\d,]*(?:\.\d+)?)\b")
#: Words that start a name but do not tell figures apart.
LEADING = {"a", "an", "the", "and", "which", "that", "it", "so", "while", "where"}


def _named_figures(prose):
    """Each figure the prose names, with every value it is given (name: {values})."""
    named = {}
    for sentence in re.split(r"(?<=[.;:!?])\s+|\n\s*\n", prose):
        sentence = re.sub(r"\*\*|\s+", " ", sentence)
        for match in NAMED_FIGURE.finditer(sentence):
            words = [w.lower() for w in match.group(1).split()]
            while words and words[0] in LEADING:
                words = words[1:]
            if len(words) >= 2:
                named.setdefault((" ".join(words), match.group(2)), set()).add(match.group(3).replace("−", "-").lstrip("+"))
    return named


def _markdown_links_outside(text):
    """The links of an article that open a Markdown file outside reports/ (a reader sees raw text)."""
    return [target for target in re.findall(r"(?<!!)\[[^\]]*\]\(([^)]+)\)", text)
            if target.split("#")[0].endswith(".md") and (target.startswith("../") or "/" in target.split("#")[0])]


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
    for match in re.finditer(r"(?<![\d.,/])\d+\.\d{4,}", prose):    # no allowance: nobody reads a fourth decimal
        found.append(f"a number with four or more decimals: {match.group(0)!r}")
    for (figure, verb), values in sorted(_named_figures(prose).items()):
        if len(values) > 1:
            found.append(f"the same figure given two values: '{figure} {verb}' {sorted(values)}")
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
    elif "docs/" not in text.split("## How these numbers were made")[1]:
        found.append("'How these numbers were made' does not name its page in docs/")
    for match in re.finditer(r"!\[([^\]]*)\]\(", text):     # a figure's text: its alt text
        for pattern, what in INTERNAL:
            if re.search(pattern, match.group(1)):
                found.append(f"{what} in a figure's alt text: {match.group(1)!r}")
    found += _unchecked_claims(name, text)
    return found


#: The sections whose every sentence is a claim with its check (``analysis/claims.py``).
CHECKED_SECTIONS = ("The short answer", "Conclusions")


def _unchecked_claims(name, text):
    """A sentence of the short answer or the conclusions that no check in the notebook backs.

    The convention: the section is written by ``checked_section(HEADING, [checked(sentence, check, ...),
    ...])`` in a hidden code cell, every check an expression (a constant cannot fail), and the built
    section holds exactly one bullet per ``checked`` claim and nothing else.
    """
    found = []
    notebook = json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text(encoding="utf-8"))
    calls = {}
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "checked_section" and node.args
                    and isinstance(node.args[0], ast.Constant)):
                hidden = "hide-input" in cell["metadata"].get("tags", [])
                calls.setdefault(node.args[0].value, []).append((node, hidden))
    for heading in CHECKED_SECTIONS:
        if f"\n## {heading}\n" not in "\n" + text:
            found.append(f"the article has no '## {heading}'")
            continue
        section = ("\n" + text).split(f"\n## {heading}\n")[1].split("\n## ")[0]
        bullets = len(re.findall(r"^\* ", section, re.M))
        loose = [line for line in section.splitlines() if line.strip() and not line.startswith(("* ", "  "))]
        for line in loose:
            found.append(f"a sentence in '{heading}' outside its checked claims: {line[:60]!r}")
        made = calls.get(heading, [])
        if len(made) != 1:
            found.append(f"'{heading}' is not written by one checked_section call in the notebook")
            continue
        node, hidden = made[0]
        if not hidden:
            found.append(f"the cell writing '{heading}' is not hidden")
        claims = node.args[1].elts if len(node.args) > 1 and isinstance(node.args[1], ast.List) else []
        checks = [claim for claim in claims
                  if isinstance(claim, ast.Call) and getattr(claim.func, "id", None) == "checked"
                  and len(claim.args) >= 2 and not any(isinstance(arg, ast.Constant) for arg in claim.args[1:])]
        if len(checks) != len(claims) or not claims:
            found.append(f"a claim of '{heading}' without a check that can fail")
        if len(claims) != bullets:
            found.append(f"'{heading}' shows {bullets} sentences for {len(claims)} checked claims")
        if heading == "The short answer":
            found += [f"a number typed into the short answer, not computed or checked: {typed!r}"
                      for claim in checks for typed in _typed_numbers(claim)]
    return found


def _typed_numbers(claim):
    """The percentages and decimals written by hand into a claim's sentence that none of its checks tests.

    A rule's numbers come from the notebook: through a placeholder (``{cost:.2f}``) or, where the rule
    states a round threshold, as a constant its check compares with (``25%`` and ``share < 0.25``).
    Whole numbers without a percent sign are the question's own terms (20 dice, 6 4 3 2 1) and pass.
    """
    sentence = claim.args[0]
    parts = [sentence] if isinstance(sentence, ast.Constant) else getattr(sentence, "values", [])
    text = " ".join(part.value for part in parts if isinstance(part, ast.Constant) and isinstance(part.value, str))
    tested = {node.value for arg in claim.args[1:] for node in ast.walk(arg)
              if isinstance(node, ast.Constant) and isinstance(node.value, (int, float))}
    typed = []
    for match in re.finditer(r"(?<![\d.])(\d+(?:\.\d+)?)(%?)", text):
        number, percent = float(match.group(1)), match.group(2)
        if not percent and "." not in match.group(1):
            continue
        value = number / 100 if percent else number
        if not any(abs(value - t) < 1e-9 or (percent and abs(number - t) < 1e-9) for t in tested):
            typed.append(match.group(0))
    return typed


#: The calls whose strings are drawn inside a chart (titles, axis labels, legends, annotations).
FIGURE_CALLS = {"finish", "set_title", "set_xlabel", "set_ylabel", "suptitle", "supxlabel", "supylabel", "text",
                "annotate"}


def _figure_texts(source):
    """The literal text a chart drawn by ``source`` shows: the strings passed to the calls that draw text
    and to ``label=``/``title=`` arguments (f-strings contribute their literal parts)."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            name = getattr(node.func, "attr", None) or getattr(node.func, "id", None)
            arguments = list(node.args) if name in FIGURE_CALLS else []
            arguments += [k.value for k in node.keywords if k.arg in ("label", "title", "xlabel", "ylabel")]
            for argument in arguments:
                for part in ast.walk(argument):
                    if isinstance(part, ast.Constant) and isinstance(part.value, str):
                        yield part.value


def _figure_complaints(sources):
    """Internal words in the text of the charts drawn by ``sources`` ((where, source) pairs)."""
    return [f"{where}: {what} in a chart's text: {text!r}" for where, source in sources
            for text in _figure_texts(source) for pattern, what in INTERNAL if re.search(pattern, text)]


def _chart_sources():
    """(where, source) of the code that draws the articles' charts: the notebooks' cells and the chart builders."""
    sources = [(f"notebooks/{p.name}", "".join(cell["source"])) for p in sorted((ROOT / "notebooks").glob("*.ipynb"))
               for cell in json.loads(p.read_text(encoding="utf-8"))["cells"] if cell["cell_type"] == "code"]
    return sources + [(f"analysis/charts/{p.name}", p.read_text(encoding="utf-8"))
                      for p in sorted((ROOT / "analysis" / "charts").glob("*.py"))]


def test_the_charts_speak_a_players_words():
    """The charts' own text (drawn into the PNG, so the article's text checks cannot read it), from the
    notebooks' cells and the chart builders."""
    sources = _chart_sources()
    assert sum(1 for _, source in sources for _ in _figure_texts(source)) > 50, "the chart texts were not found"
    found = _figure_complaints(sources)
    assert not found, "\n  ".join(found)
    bad = "ax.set_title(f'{game}: bid_odds by preset'); ax.plot(x, y, label='p_true')"
    assert len(_figure_complaints([("example", bad)])) == 3


#: The smallest type a chart may set, in points: a chart that prints at its own size (the browser test
#: checks that) then prints no text smaller than this.
SMALLEST_TYPE = 9
SIZE_KEYWORDS = {"fontsize", "size", "title_fontsize", "labelsize"}


def _small_type(where, source):
    """Font sizes below SMALLEST_TYPE set in ``source``: keyword arguments and rc settings with a number."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.keyword) and node.arg in SIZE_KEYWORDS and isinstance(node.value, ast.Constant):
            if isinstance(node.value.value, (int, float)) and node.value.value < SMALLEST_TYPE:
                found.append(f"{where}: {node.arg}={node.value.value}")
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values):
                if (isinstance(key, ast.Constant) and isinstance(key.value, str) and key.value.endswith("size")
                        and isinstance(value, ast.Constant) and isinstance(value.value, (int, float))
                        and value.value < SMALLEST_TYPE):
                    found.append(f"{where}: {key.value!r}: {value.value}")
    return found


def test_the_charts_type_is_large_enough_to_print():
    sources = _chart_sources()
    found = [complaint for where, source in sources for complaint in _small_type(where, source)]
    assert not found, f"type smaller than {SMALLEST_TYPE} pt in a chart: {found}"
    example = "ax.text(0, 0, 'x', fontsize=8); RC = {'legend.fontsize': 7, 'font.size': 12}"
    assert sorted(_small_type("example", example)) == [
        "example: 'legend.fontsize': 7", "example: fontsize=8"]


def _marks(name):
    if name in NOT_YET_REWRITTEN:
        return [pytest.mark.xfail(strict=True, reason="article not yet rewritten for players")]
    return []


@pytest.mark.parametrize("name", [pytest.param(n, marks=_marks(n)) for n in ARTICLES])
def test_article_reads_like_a_players_article(name):
    found = _reader_checks(name)
    assert not found, f"reports/{name}.md:\n  " + "\n  ".join(found)


@pytest.mark.parametrize("name", ARTICLES)
def test_an_article_links_no_markdown_page_outside_the_articles(name):
    # A browser shows such a page as raw Markdown: an article names the docs page instead of linking it.
    assert not _markdown_links_outside(_markdown(name)), f"reports/{name}.md links {_markdown_links_outside(_markdown(name))}"


@pytest.mark.parametrize("name", ARTICLES)
def test_an_article_links_other_articles_as_pages_that_exist(name):
    # The page serves reports/ as it is (/reports/bluff.html), so a link to a built article opens in the browser.
    local = [target.split("#")[0] for target in re.findall(r"(?<!!)\[[^\]]*\]\(([^)]+)\)", _markdown(name))
             if "://" not in target and not target.startswith("#")]
    missing = [target for target in local if not (REPORTS / target).is_file()]
    assert not missing, f"reports/{name}.md links pages that are not there: {missing}"


def test_the_checks_catch_what_they_look_for(tmp_path, monkeypatch):
    """Each check fires on a small article that breaks it, and stays quiet on one that does not."""
    good_md = ("# Game\n\n## The short answer\n\n* Call at 24.1% or less.\n* Raise.\n* Sit after the wild player.\n\n"
               "## 1. Odds\n\n| a | b |\n|--:|--:|\n| 1 | 2 |\n\n![Odds of a call](game_files/x.png)\n\n"
               "## Conclusions\n\n* Calling pays.\n\n## How these numbers were made\n\n"
               "CFR (a self-play method) ... [docs](../docs/game.md)\n")
    bad_md = ("# Game\n\n## 1. Odds\n\n`analysis.bluff` in bluff_strength.py with joker=free from the store; "
              "2^12 states, 1e-5 accuracy, 12.34% and 0.2413. The classic figure is 254.5896.\n\n"
              "Against threshold:0.5 bots, logged with --log.\n\n"
              "Heads-up, blind play is worth 0.00. At four, blind play is worth +0.21.\n\n"
              "| a | b | c | d | e | f |\n|-|-|-|-|-|-|\n| 1 | 2 | 3 | 4 | 5 | 6 |\n\n![bid_odds chart](x.png)\n")
    half_md = ("# Game\n\n## The short answer\n\n* Raise.\n* Sit.\n* Call.\n\nA loose sentence.\n\n"
               "## Conclusions\n\n* Calling pays.\n\n## How these numbers were made\n\n[docs](../docs/game.md)\n")
    cell = {"cell_type": "code", "metadata": {"tags": ["hide-input"]}, "outputs": [],
            "source": ["rule = 0.241\n", "display(Markdown(checked_section('The short answer', [\n",
                       "    checked(f'Call at {rule:.1%} or less.', rule < 0.25), checked('Raise.', rule > 0.2),\n",
                       "    checked('Sit after the wild player.', rule > 0.1)])))\n",
                       "display(Markdown(checked_section('Conclusions', [checked('Calling pays.', rule < 0.3)])))\n"]}
    half = {**cell, "source": ["display(Markdown(checked_section('The short answer', "
                               "[checked('Raise.', True), 'Sit.'])))\n"]}
    for name, md, html, cells in (("good", good_md, "<h2>x</h2>", [cell]), ("bad", bad_md, "<h2>x¶</h2>", []),
                                  ("half", half_md, "<h2>x</h2>", [half])):
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
                      "untypeset power: '1e-5'", "6 columns", "'¶'", "short answer'", "fewer than three rules",
                      "four or more decimals: '254.5896'", "code name: 'threshold:0.5'", "flag: '--log'",
                      "two values: 'blind play is worth' ['0.00', '0.21']",
                      "How these numbers",
                      "in a figure's alt text", "no '## Conclusions'"):
        assert complaint in found, complaint
    assert "four or more decimals" not in "\n".join(_reader_checks("good"))
    assert _markdown_links_outside("[rules](../docs/rules.md#yacht) [page](web.html) [b](bluff.md)") == [
        "../docs/rules.md#yacht"]
    # A percentage typed into a rule passes only as a constant its check compares with.
    typed = ast.parse("checked('Take with 25% or more, pass below 22%.', share < 0.25)").body[0].value
    assert _typed_numbers(typed) == ["22%"]
    typed = ast.parse("checked(f'Call at {rule:.1%}, by 0.5 dice.', rule < 0.25, gap > 0.5)").body[0].value
    assert _typed_numbers(typed) == []
    found = "\n".join(_reader_checks("half"))
    for complaint in ("outside its checked claims: 'A loose sentence.'", "without a check that can fail",
                      "shows 3 sentences for 2 checked claims", "'Conclusions' is not written"):
        assert complaint in found, complaint


#: The width a phone gives an article's chart: 390 CSS px less the page's padding (analysis/report.py).
PHONE_CHART_PX = 374
SMALLEST_AXIS_TEXT_PX = 9


@pytest.mark.parametrize("name", ARTICLES)
def test_the_charts_axis_text_is_legible_on_a_phone(name):
    """Axis text (labels and ticks, the house style's type) at least 9 px high when the chart is shown at a
    phone's width: the chart's pixels shrink to 374, and its type with them."""
    from analysis.charts.style import RC

    axis_points = min(RC["font.size"], RC["axes.labelsize"])
    small = []
    for png in sorted((REPORTS / f"{name}_files").glob("*.png")):
        width = int.from_bytes(png.read_bytes()[16:20], "big")
        shown = axis_points / 72 * RC["figure.dpi"] * PHONE_CHART_PX / max(width, PHONE_CHART_PX)
        if shown < SMALLEST_AXIS_TEXT_PX:
            small.append(f"{png.name}: axis text {shown:.1f} px ({width / RC['figure.dpi']:.1f} in wide)")
    assert not small, f"reports/{name}: charts too wide for a phone: {small}"


def _bare_figures(sources):
    """The notebook cells that make a figure with pyplot outside the house style."""
    return [where for where, source in sources if re.search(r"\bplt\.(subplots|figure)\(", source)
            and "house_style(" not in source]


def test_every_chart_a_notebook_draws_itself_is_in_the_house_style():
    # The type checks above read the house style's sizes: a figure made with bare pyplot (10 pt type at 220 dpi in
    # a 6.4 in chart) falls to about 7 px on a phone, and its legend sits wherever pyplot puts it.
    sources = [(where, source) for where, source in _chart_sources() if where.startswith("notebooks/")]
    assert not _bare_figures(sources), f"charts drawn outside the house style: {_bare_figures(sources)}"
    examples = [("a", "fig, ax = plt.subplots(dpi=220)"), ("b", "with house_style():\n    plt.subplots()")]
    assert _bare_figures(examples) == ["a"]


def _breakable_values(html):
    """The intervals, hands of dice, powers and bounds of a page that a line may still break inside."""
    from analysis.report import UNBREAKABLE

    html = re.sub(r'<span class="nb">.*?</span>', " ", html)
    html = re.sub(r"<(pre|code|style|script)\b.*?</\1>", " ", html, flags=re.S)
    return UNBREAKABLE.findall(re.sub(r"<[^>]*>", "\n", html))     # a tag ends a run: none spans two cells


@pytest.mark.parametrize("name", ARTICLES)
def test_a_page_never_breaks_a_value_across_lines(name):
    # On a phone a table cell wraps: "99.6–" above "99.8%", or "5 5 5 3" above "3", reads as two values.
    found = _breakable_values((REPORTS / f"{name}.html").read_text(encoding="utf-8"))
    assert not found, f"reports/{name}.html may break inside {found[:5]}"


def test_the_values_a_page_keeps_on_one_line():
    from analysis.report import unbreakable

    page = unbreakable("<td>99.6–99.8%</td><td>keep 5 5 5 3 3</td><p>6 × 10⁻⁶, &lt; 1%, 1-5 and 12 3</p>"
                       "<pre>5 5 5</pre>")
    kept = re.findall(r'<span class="nb">(.*?)</span>', page)
    assert kept == ["99.6–99.8%", "5 5 5 3 3", "6 × 10⁻⁶", "&lt; 1%"]
    assert "<pre>5 5 5</pre>" in page and not _breakable_values(page)
    assert _breakable_values("<td>99.6–99.8%</td>") == ["99.6–99.8%"]


#: A number typed by hand into an article's prose rather than formatted in from the notebook's results: a
#: percentage, a decimal, a signed number or a count of a thousand or more. Whole numbers below a thousand are the
#: question's own terms (36 rolls, a pot of 40, section 5) and pass.
TYPED_NUMBER = re.compile(r"(?<![\w.,/#-])([+−]?\d{1,3}(?:,\d{3})+(?:\.\d+)?%?"    # a count: 18,424
                          r"|[+−]\d+(?:\.\d+)?%?|\d+\.\d+%?|\d+%)")                  # +34, 0.25, 88.3%

#: Numbers that name a term rather than report a result: (article, the words around the number, why it is typed).
DEFINITIONS = [
    ("*", r"95% intervals?|\(95%\)", "an error bar's width, the convention of every simulated figure"),
    ("*", r"per 10,000 rounds", "the unit a small gain is counted in"),
    ("bluff", r"dashed line is 50%|The 50% table", "the even-chance line and the table named after it"),
    ("bluff", r"given 70% turn out true about 70%", "the meaning of calibration, by example"),
    ("brag", r"\(almost\) 50% chance", "an even chance"),
    ("backgammon", r"dead-cube 25%|needs 25%|to 100%",
     "the take point of a dead cube (risk 1 to gain 1), a sum of chances"),
    ("backgammon", r"lead of 8%", "the 8-9-12 rule's own threshold"),
    ("yacht", r"90% of games", "the span quoted, the 5th to the 95th percentile"),
    ("yacht", r"margin of 0\.00", "a tie, as the table prints it"),
    ("yacht", r"one half or one quarter", "the fair share of a win among two or four players alike"),
]


def _prose_sources(notebook):
    """(where, text) of every piece of prose a notebook writes by hand: its Markdown cells, and the literal text of
    what its code cells display as Markdown (f-strings contribute their literal parts)."""
    for index, cell in enumerate(notebook["cells"]):
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            yield f"cell {index}", re.sub(r"`[^`]*`|\]\([^)]*\)", " ", source)
            continue
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Markdown":
                for part in (p for argument in node.args for p in ast.walk(argument)):
                    if isinstance(part, ast.Constant) and isinstance(part.value, str):
                        yield f"cell {index}", re.sub(r"`[^`]*`", " ", part.value)


def _code_constants(notebook):
    """The numbers a notebook's code states: the parameters it runs with and the values its checks compare with."""
    constants = set()
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            try:
                tree = ast.parse("".join(cell["source"]))
            except SyntaxError:
                continue
            constants |= {float(node.value) for node in ast.walk(tree) if isinstance(node, ast.Constant)
                          and isinstance(node.value, (int, float)) and not isinstance(node.value, bool)}
            shown = {id(part) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr)
                     or (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Markdown")
                     for part in ast.walk(node)}
            constants |= {float(number) for node in ast.walk(tree)     # a parameter as read: "6 7", "6 opponents"
                          if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in shown
                          and len(node.value) <= 40 for number in re.findall(r"(?<![\d.])\d+(?![\d.])", node.value)}
            constants |= {node.left.value / node.right.value for node in ast.walk(tree)    # a share: 1 / 3
                          if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div)
                          and all(isinstance(side, ast.Constant) and type(side.value) in (int, float) and side.value
                                  for side in (node.left, node.right))}
    return constants


def _typed_into_prose(name, notebook):
    """The numbers typed into an article's prose that the notebook neither computes nor states in its code."""
    constants = _code_constants(notebook)
    allowed = [pattern for article, pattern, _ in DEFINITIONS if article in ("*", name)]
    found = []
    for where, text in _prose_sources(notebook):
        for pattern in allowed:
            text = re.sub(pattern, " ", text)
        for match in TYPED_NUMBER.finditer(text):
            typed = match.group(0).replace(",", "").replace("−", "-").lstrip("+-")
            value = float(typed.rstrip("%"))
            if not ({value, value / 100} if typed.endswith("%") else {value}) & constants:
                found.append(f"{where}: {match.group(0)!r} in {text[max(0, match.start() - 30):match.end() + 10]!r}")
    return found


#: Number words, read as the figures they are.
NUMBER_WORDS = {word: value for value, word in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty".split())} | {"thirty": 30, "forty": 40, "fifty": 50, "hundred": 100}
_NUMBER = r"\d{1,3}|" + "|".join(NUMBER_WORDS)
#: A share said in words: "one deal in four", "two games in three", "1 time in 18", "a third", "about a quarter".
RATIO = re.compile(rf"\b(?P<part>{_NUMBER})(?:\s+[a-z]+){{0,2}}\s+(?:in|out\s+of)\s+(?P<whole>{_NUMBER})\b(?![.,]\d)"
                   r"|\b(?P<article>a|one|two|three)\s+(?P<share>third|quarter|fifth|sixth)s?\b"
                   r"(?=\s+(?:of|for|to|counts?)\b|[^\w\s]|\s*$)", re.I)     # "a third call" is an ordinal
SHARES = {"third": 3, "quarter": 4, "fifth": 5, "sixth": 6}
#: A bid said in the prose of a dice-bidding article: "seven fours", "9 threes".
BID_WORDS = re.compile(rf"\b(?P<count>{_NUMBER})\s+(?P<face>ones|twos|threes|fours|fives|sixes|stars)\b", re.I)
FACES = {"ones": "1", "twos": "2", "threes": "3", "fours": "4", "fives": "5", "sixes": "6", "stars": "*"}
#: A whole number written with digits that is a name or a place rather than a figure: a section, a seat, a player
#: by number, a hand of dice or of cards, a point, a move or a score of backgammon, a power of ten.
WHOLE_TERMS = [r"\b[Ss]ections? \d+(?:(?:, | and | to | or |-)\d+)*", r"§\d+", r"\b(?:[Ss]eat|[Pp]layer) \d\b",
               r"(?<![\d.])[\d*](?: [\d*])+(?![\d.])", r"\d+[♠♥♦♣]", r"\d+(?:[-/]\d+)+", r"\d+-(?:point|away|pip)",
               r"10[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]+", r"\b(?:Three|Four) Card Brag\b", r"\b[A-Z]\w*-\d\b"]
WHOLE = re.compile(rf"(?<![\w.,/#×^{{+−-])(?:\d{{1,3}}|{'|'.join(NUMBER_WORDS)})(?![\w.,%/×}}-]|\s?[×/])", re.I)
#: Whole numbers that are facts of a game's equipment, not results: (article, the words around it, why).
FACTS = [
    ("backgammon", r"\b36 rolls|(?:rolls|roll|times) (?:out )?(?:of|in) 36\b|of 36\b", "two dice fall 36 ways"),
    ("web", r"\b36 rolls", "two dice fall 36 ways"),
    ("backgammon", r"\b15 (?:checkers|must|in\b)|[Ff]ifteen checkers|all 15\b", "each side plays 15 checkers"),
    ("backgammon", r"\b15 (?:opening )?rolls", "the 15 rolls of two different numbers that can open a game"),
    ("backgammon", r"\b21 rolls", "two dice fall 21 ways when their order is ignored"),
    ("backgammon", r"924 x 924", "up to six checkers on six points: C(12, 6) = 924 home boards a side"),
    ("backgammon", r"\b64\b", "the doubling cube's highest face"),
    ("yacht", r"\b252 rolls", "five dice fall 252 ways when their order is ignored"),
    ("yacht", r"\b12 boxes, 35-point bonus at 63", "the Clubhouse score card's rules"),
    ("bluff_strategy", r"box of 30 dice|about 30 dice", "the Bluff box holds 30 dice"),
    ("yacht", r"all twelve boxes", "the Korean Yacht score card has twelve boxes"),
    ("yacht", r"the Yacht's 50", "the Yacht box scores 50"),
]


#: The articles where "seven fours" is a bid.
BIDDING = ("bluff", "bluff_strategy")


def _stated_bids(notebook):
    """The bids a notebook's code states, as "NxF": a bid written as the toolkit reads it ("7x4", "1:4x3"),
    ``Bid(7, 4)``, or a table's label ("9 threes")."""
    stated = set()
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code":
            continue
        try:
            tree = ast.parse("".join(cell["source"]))
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                stated |= set(re.findall(r"(?<![\d.])(\d+x[\d*])", node.value))
                stated |= {f"{count}x*" for count in re.findall(r"(?<![\w*])\*(\d+)\b", node.value)}   # "*4"
                stated |= {f"{count}x{FACES[face.lower()]}" for count, face in re.findall(
                    r"\b(\d+) (ones|twos|threes|fours|fives|sixes|stars)\b", node.value, re.I)}
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Bid" and len(node.args) == 2
                    and all(isinstance(arg, ast.Constant) for arg in node.args)):
                count, face = node.args[0].value, node.args[1].value
                stated |= {f"{count}x{face}"} | ({f"{count}x*"} if face == 6 else set())    # 6: Bluff's star
    return stated


def _number(word):
    return float(word) if word.isdigit() else float(NUMBER_WORDS[word.lower()])


def _figures_in_words(name, notebook):
    """The whole numbers, shares and bids of an article's prose, in digits or in words, that its notebook's code
    does not state (a whole number, a share as a fraction or its value, a bid as the toolkit reads it)."""
    constants = _code_constants(notebook)
    bids = _stated_bids(notebook)
    facts = [pattern for article, pattern, _ in FACTS if article == name]
    found = []
    for where, text in _prose_sources(notebook):
        for pattern in facts + [pattern for article, pattern, _ in DEFINITIONS if article in ("*", name)]:
            text = re.sub(pattern, " ", text)
        text = re.sub(rf"\bhold(?:s|ing)?\s+(?:{_NUMBER})\s+(?=ones|twos|threes|fours|fives|sixes|stars)", " ", text,
                      flags=re.I)                      # dice held, not bid: a count the whole-number check reads
        for match in BID_WORDS.finditer(text if name in BIDDING else ""):
            bid = f"{int(_number(match.group('count')))}x{FACES[match.group('face').lower()]}"
            if bid not in bids:
                found.append(f"{where}: the bid {match.group(0)!r} is not one the code states ({bid})")
        text = BID_WORDS.sub(" ", text)
        for match in RATIO.finditer(text):
            if match.group("share"):
                part = match.group("article").lower()
                value = (1.0 if part == "a" else _number(part)) / SHARES[match.group("share").lower()]
            else:
                value = _number(match.group("part")) / _number(match.group("whole"))
            if not any(abs(value - constant) < 1e-9 for constant in constants):
                found.append(f"{where}: the share {match.group(0)!r} ({value:.3f}) is not a fraction the code states")
        text = RATIO.sub(" ", text)
        for pattern in WHOLE_TERMS:
            text = re.sub(pattern, " ", text)
        for match in WHOLE.finditer(text):
            if _number(match.group(0)) not in constants:
                found.append(f"{where}: {match.group(0)!r} in {text[max(0, match.start() - 30):match.end() + 10]!r}")
    return found


@pytest.mark.parametrize("name", ARTICLES)
def test_no_whole_number_share_or_bid_is_typed_into_an_articles_prose(name):
    """Whole numbers, in digits or in words ("seven fours", "two to four players"), and shares said in words ("one
    deal in four", "a third of the dice") are figures too: each is a value the notebook's code states (a
    parameter, a bid it works, a fraction a check compares with), or a name or place (a section, a seat, a hand
    of dice, a backgammon point), or a fact of the game's equipment listed in ``FACTS`` with its reason."""
    notebook = json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text(encoding="utf-8"))
    found = _figures_in_words(name, notebook)
    assert not found, f"notebooks/{name}.ipynb types figures into its prose:\n  " + "\n  ".join(found)


@pytest.mark.parametrize("name", ARTICLES)
def test_no_number_is_typed_into_an_articles_prose(name):
    """Every percentage, decimal, signed figure and large count in the prose is formatted in from the notebook's
    results, or is a value its code states (a parameter it runs with, a published figure a check compares with)."""
    notebook = json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text(encoding="utf-8"))
    found = _typed_into_prose(name, notebook)
    assert not found, f"notebooks/{name}.ipynb types numbers into its prose:\n  " + "\n  ".join(found)


def test_the_typed_number_check_catches_what_it_looks_for():
    cells = [{"cell_type": "markdown", "source": ["Queens win 88.3% of showdowns, about 61% against four; seeing "
                                                   "is worth +34. Of 18,424 hands, 200,000 deals (95% interval).\n"]},
             {"cell_type": "code", "source": ["SAMPLES = 200_000\n",
                                              "display(Markdown(f'Ties {tie:.1%}, not 4.6%; see `x 1.5`.'))\n"]}]
    found = "\n".join(_typed_into_prose("example", {"cells": cells}))
    for typed in ("'88.3%'", "'61%'", "'+34'", "'18,424'", "'4.6%'"):
        assert typed in found, typed
    for fine in ("200,000", "95%", "1.5"):
        assert f"'{fine}" not in found, fine
    formatted = [{"cell_type": "code", "source": ["display(Markdown(f'Queens win {win:.1%} of {deals:,} deals.'))"]}]
    assert _typed_into_prose("example", {"cells": formatted}) == []


def test_the_whole_number_check_catches_what_it_looks_for():
    cells = [{"cell_type": "markdown", "source": ["Eighteen dice: I hold 3 3 * 5 1 and the bid is **seven fours**. A pair is "
                                                   "one deal in four, a third of the dice count, and section 12 says so "
                                                   "for a third time; it was one\ntime in twenty; "
                                                   "holding two threes, bid nine threes.\n"]},
             {"cell_type": "code", "source": ["advise(BLUFF, '3 3 * 5 1', (6, 7), '7x3')\n", "assert pair < 0.3\n"]}]
    found = "\n".join(_figures_in_words("bluff", {"cells": cells}))
    for typed in ("'Eighteen'", "the bid 'seven fours'", "'one deal in four'", "'a third'", "the bid 'nine threes'",
                  "time in twenty"):
        assert typed in found, typed
    for fine in ("'12'", "'3 3", "two threes", "third time"):
        assert fine not in found, fine
    stated = [{"cell_type": "code", "source": ["DICE = 18\n", "assert abs(pair - 1 / 4) < 0.01 and share == 1 / 3\n",
                                               "odds(Bid(7, 4)); table.loc['9 threes']\n"]}]
    assert _figures_in_words("bluff", {"cells": cells[:1] + stated}) == ["cell 0: the share 'one\\ntime in twenty' "
                                                                         "(0.050) is not a fraction the code states"]
    # A bid is a bid only in the dice-bidding articles: in Yacht "three sixes" is a hand, a whole number like any other.
    yacht = [{"cell_type": "markdown", "source": ["Keep three sixes on the 6-point, 24/18, from 252 rolls.\n"]},
             {"cell_type": "code", "source": ["KEEP = 3\n"]}]
    assert _figures_in_words("yacht", {"cells": yacht}) == []
