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


def test_the_safe_count_is_the_binomial_median_rule():
    """Holding none, a number bid is true when at least ``count`` of the unknown dice show its face or a
    star (a chance of 1/3 each): the safe count is the largest count with that chance at least one half."""
    for unknown in (5, 10, 20, 30):
        for face, share in ((3, 1 / 3), (6, 1 / 6)):
            def at_least(count):
                return sum(comb(unknown, k) * share ** k * (1 - share) ** (unknown - k)
                           for k in range(count, unknown + 1))
            expected = max(c for c in range(0, unknown + 1) if c == 0 or at_least(c) >= 0.5)
            assert safe_count(BLUFF, face, unknown) == expected


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
    shown = [cell for title, _, rows in tables if title.startswith("The opening rolls") for row in rows for cell in row]
    assert all(roll in shown and play in shown for roll, play in openings.items())


def test_the_brag_sheet_says_blind_or_look_at_round_pot_ratios():
    """One row per round pot ratio; against a pair or better looking always wins, as the one-round model
    gives it: a blind hand wins the see with its share of such hands and pays half price."""
    from analysis.brag import blind_or_look

    _, tables = sheet("brag")
    title, header, rows = next(t for t in tables if t[0].startswith("Blind or look"))
    assert [row[0] for row in rows] == ["1", "2", "5", "10", "20", "50"]
    for ratio, random_hand, pair_up in rows:
        decision = blind_or_look("brag3", pot=float(ratio), stake=1, rounds=1, against="pair+")
        assert pair_up.startswith("look") and decision.values["look"] > decision.values["blind"]
        assert random_hand.split()[0] in ("blind", "look")
