"""The printable cheat sheets: the paper sizes, a byte-identical rebuild, numbers from the game, an index link."""

import re
from math import comb
from pathlib import Path

import pytest

from analysis.bluff import BLUFF
from analysis.cheatsheets import FAMILIES, PAPERS, PNG_DPI, build_cheat_sheets, safe_count, sheet

ROOT = Path(__file__).resolve().parents[1]


def _pdf_page_size(path):
    box = re.search(rb"/MediaBox \[ *0 0 ([\d.]+) ([\d.]+) *\]", path.read_bytes())
    return float(box.group(1)), float(box.group(2))


def _png_size(path):
    data = path.read_bytes()
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


@pytest.mark.slow
def test_a_sheet_is_a4_and_letter_and_rebuilds_byte_for_byte(tmp_path):
    first = build_cheat_sheets(tmp_path / "one", families=["dice_bidding"])
    second = build_cheat_sheets(tmp_path / "two", families=["dice_bidding"])
    assert len(first) == 2 * len(PAPERS)
    for a, b in zip(first, second):
        assert a.read_bytes() == b.read_bytes(), a.name
    for paper, (width, height) in PAPERS.items():
        pdf = tmp_path / "one" / f"cheatsheet_dice_bidding_{paper}.pdf"
        assert _pdf_page_size(pdf) == pytest.approx((72 * width, 72 * height), abs=0.5)
        png = tmp_path / "one" / f"cheatsheet_dice_bidding_{paper}.png"
        assert _png_size(png) == pytest.approx((PNG_DPI * width, PNG_DPI * height), abs=2)


def _at_least(count, unknown, share):
    return sum(comb(unknown, k) * share ** k * (1 - share) ** (unknown - k) for k in range(count, unknown + 1))


def test_the_safe_count_is_the_binomial_median_rule():
    """Holding none, a bid is true when at least ``count`` of the unknown dice count for it (a chance of 1/3 each
    for a number bid with stars or ones wild, 1/6 otherwise): the safe count is the largest count with that
    chance at least one half, and the page's rule (the share, a half rounded down) gives it in every case."""
    from analysis.bluff import LIARS_DICE, PERUDO
    from analysis.cheatsheets import share_of

    for rules, face, share in ((BLUFF, 3, 3), (BLUFF, 6, 6), (PERUDO, 3, 3), (PERUDO, 1, 6), (LIARS_DICE, 3, 6)):
        for unknown in range(1, 31):
            expected = max(c for c in range(0, unknown + 1) if c == 0 or _at_least(c, unknown, 1 / share) >= 0.5)
            assert safe_count(rules, face, unknown) == expected == share_of(unknown, share), (rules.name, unknown)


def test_the_dice_sheet_has_a_column_for_each_game_with_its_rules():
    page = sheet("dice_bidding")
    assert [column.heading for column in page.columns] == ["Bluff", "Perudo", "Liar's Dice"]
    for column in page.columns:
        assert column.rules and column.tables
    # Half of 15 unknown dice is 2.5 sixths: the rule rounds the half down, as the table does.
    liars = page.columns[2].tables[0][2]
    assert next(row for row in liars if row[0] == "14")[1] == "2"


def test_every_sheet_has_rules_and_tables():
    for family in FAMILIES:
        rules, tables = sheet(family)
        assert len(rules) >= 3 and tables
        for title, header, rows in tables:
            assert rows and all(len(row) == len(header) for row in rows), title


def test_the_committed_sheets_exist_and_the_index_links_them():
    index = (ROOT / "reports" / "README.md").read_text(encoding="utf-8")
    for family in FAMILIES:
        for paper in PAPERS:
            for suffix in ("pdf", "png"):
                name = f"cheatsheet_{family}_{paper}.{suffix}"
                assert (ROOT / "reports" / name).exists(), f"reports/{name} missing: run bash scripts/reports.sh"
                assert f"]({name})" in index


def test_the_backgammon_sheet_has_a_legal_best_play_for_each_opening_roll():
    """The 15 opening rolls, each once, each with a play the move generator allows from the start."""
    from analysis.backgammon import Position, legal_plays
    from analysis.cheatsheets import opening_plays

    openings = dict(opening_plays())
    assert sorted(openings) == sorted(f"{high}-{low}" for high in range(2, 7) for low in range(1, high))
    start = Position.opening()
    for roll, play in openings.items():
        high, low = map(int, roll.split("-"))
        assert play in [p.notation for p in legal_plays("backgammon", start, (high, low)).plays], roll
    _, tables = sheet("backgammon")
    rows = next(rows for title, _, rows in tables if title.startswith("The opening rolls"))
    assert [row[0] for row in rows] == sorted(openings)
    for roll, standard, ours in rows:
        high, low = map(int, roll.split("-"))
        assert standard in [p.notation for p in legal_plays("backgammon", start, (high, low)).plays], roll
        assert ours == "same" if openings[roll] == standard else ours.startswith(openings[roll] + " (+0.0")


def test_the_brag_sheet_says_blind_or_look_at_round_pot_ratios():
    """One row per round pot ratio; against a pair or better looking always wins, as the one-round model
    gives it: a blind hand wins the see with its share of such hands and pays half price."""
    from analysis.brag import blind_or_look

    _, tables = sheet("brag")
    title, header, rows = next(t for t in tables if t[0].startswith("Blind or look"))
    assert [row[0] for row in rows] == ["1", "1.5", "2", "2.5", "3", "5", "10", "20"]
    for ratio, random_hand, pair_up in rows:
        decision = blind_or_look("brag3", pot=float(ratio), stake=1, rounds=1, against="pair+")
        assert pair_up.startswith("look") and decision.values["look"] > decision.values["blind"]
        assert random_hand.split()[0] in ("blind", "look")


def _short_answer(article):
    text = (ROOT / "reports" / f"{article}.md").read_text(encoding="utf-8")
    return " ".join(text.split("## The short answer", 1)[1].split("\n## ", 1)[0].split()).replace("\u00a0", " ")


def test_each_sheet_agrees_with_its_article_on_the_rules_they_share():
    """The rules a sheet and its article both state, compared as the reader sees them (the committed article)."""
    # Dice: the safe count's shares and rounding, and the 50% table's counts at every row the article shows.
    dice, article = sheet("dice_bidding"), (ROOT / "reports" / "bluff.md").read_text(encoding="utf-8")
    rule = " ".join(dice.rules[:3])
    for words in ("a third", "a sixth", "a half down"):
        assert words in rule and words in _short_answer("bluff"), words
    after = article.split("**The highest count that is true at least half the time, holding none**")[1]
    table = after.strip().split("\n\n")[0]    # the table under that heading, to its first blank line
    article_rows = [[cell.strip() for cell in line.strip("|").split("|")] for line in table.splitlines()
                    if re.match(r"\|\s*\d", line)]
    bluff_rows = {row[0]: row[1:] for row in dice.columns[0].tables[0][2]}
    liars_rows = {row[0]: row[1:] for row in dice.columns[2].tables[0][2]}
    assert article_rows and all(bluff_rows[u] == [number, star] and liars_rows[u] == [star]
                                for u, number, star in article_rows if u in bluff_rows)
    # Backgammon: the standard opening play of every roll, and the evaluator's where it differs.
    answer = _short_answer("backgammon")
    for roll, standard, ours in sheet("backgammon").tables[0][2]:
        assert re.search(rf"{roll} {re.escape(standard)}[;.]", answer), roll
        if ours != "same":
            assert f"{roll} {ours.split(' (+')[0]} (by {ours.split('(+')[1].rstrip(')')} points a game)" in answer
    # Brag: blind or look at each table size, with the same values.
    brag_rules, answer = " ".join(sheet("brag").rules), _short_answer("brag")
    for pattern in (r"two players, look[^;]*?costs (\d\.\d\d)", r"three(?: players)?, look\** \(a blind bet costs (\d\.\d\d)",
                    r"four(?: players)?, bet blind\** \(it gains (\d\.\d\d)", r"blind player w(?:on|ins) (\+\d\.\d\d)"):
        assert re.search(pattern, brag_rules).group(1) == re.search(pattern, answer).group(1), pattern
    # Yacht: the pair rule's keeps, as the sheet's table and the article's short answer give them.
    keeps = {row[0]: row[1] for row in sheet("yacht").tables[0][2]}
    answer = _short_answer("yacht")
    assert keeps["6 6 5 4 1"] == "6 6" and "A pair of sixes: keep it alone" in answer
    assert keeps["6 6 5 5 1"] == "6 6 5 5" and "(6 6 5 5)" in answer
    assert keeps["5 5 4 4 2"] == "5 5" and "even against a second pair" in answer
    assert keeps["6 5 5 3 1"] == "6 5 5" and "(6 5 5)" in answer
    assert keeps["5 5 4 3 2"] == "5 4 3 2" and "break it for 4 3 2 (5 5 4 3 2: keep 5 4 3 2)" in answer
    assert "break it for 4 3 2 (5 4 3 2)" in " ".join(sheet("yacht").rules)      # one five kept, not the pair
    assert keeps["5 5 4 3 1"] == "5 5" and "5 5 4 3 1: keep 5 5" in answer
    assert "ahead or behind" in " ".join(sheet("yacht").rules) and "ahead or behind" in answer
