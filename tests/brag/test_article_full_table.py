"""The Brag article's "At the full table" figures, read from the built article and checked against the stored
solves (answered afresh, not from the article's record) and the measured sessions of reports/data."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from analysis.brag.multi.strategy import multi_strategy, solve_summary

ROOT = Path(__file__).resolve().parents[2]
SIZES = (3, 4, 5, 6, 7, 8)


def _section() -> str:
    text = (ROOT / "reports" / "brag.md").read_text(encoding="utf-8")
    start = text.index("### At the full table")
    end = text.index("\n## ", start)
    return text[start:end]


def _table(section: str, first_header: str) -> list[dict]:
    """The rows of the Markdown table whose header row starts with ``first_header``, as dicts of cell text."""
    lines = section.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(f"| {first_header} "))
    headers = [cell.strip() for cell in lines[at].strip("|").split("|")]
    rows = []
    for line in lines[at + 2:]:
        if not line.startswith("|"):
            break
        rows.append(dict(zip(headers, (cell.strip() for cell in line.strip("|").split("|")))))
    return rows


def _matches_share(cell: str, share: float) -> bool:
    """Whether a whole-percent cell as the article prints it ("37%", "< 1%", "> 99%") is ``share``."""
    if cell == "< 1%":
        return 0 < share < 0.005
    if cell == "> 99%":
        return 0.995 <= share < 1
    return abs(float(cell.rstrip("%")) - 100 * share) <= 0.5 + 1e-9


def test_the_opening_table_is_the_stored_solves():
    rows = {int(row["players"]): row for row in _table(_section(), "players")}
    assert sorted(rows) == list(SIZES)
    for players in SIZES:
        mix = multi_strategy("brag3", players, "9S 6D 2C", "")["mix"]
        row = rows[players]
        assert _matches_share(row["looks at once"], mix["look"]), (players, row)
        assert _matches_share(row["folds unseen"], mix["fold"]), (players, row)
        blind_bet = sum(v for k, v in mix.items() if k == "bet" or k.startswith("raise"))
        assert _matches_share(row["bets blind"], blind_bet), (players, row)
        gains = solve_summary("brag3", players)["best_response_gains"]
        assert row["a player could gain"] == f"{max(gains):.2f} (seat {gains.index(max(gains)) + 1})"


def test_the_after_looking_table_is_the_stored_solves():
    hands = {"high card": "9S 6D 2C", "pair": "7S 7D 4C", "top pair or better": "QS QD 4C"}
    rows = {row["table, hand"]: row for row in _table(_section(), "table, hand")}
    assert len(rows) == len(SIZES) * len(hands)
    for players in SIZES:
        for name, hand in hands.items():
            mix = multi_strategy("brag3", players, hand, "look")["mix"]
            row = rows[f"{players} players, {name}"]
            raised = sum(v for k, v in mix.items() if k.startswith("raise"))
            for column, share in (("fold", mix["fold"]), ("bet", mix["bet"]), ("raise", raised)):
                assert _matches_share(row[column], share), (players, name, column, row)


def test_the_sessions_table_is_the_measured_data():
    measured = json.loads((ROOT / "reports" / "data" / "brag_table.json").read_text())["full_table"]
    rows = {int(row["players"]): row for row in _sessions_rows()}
    assert sorted(rows) == [5, 6, 7, 8]
    for players, row in rows.items():
        cells = measured[str(players)]["sessions"]
        assert cells["threshold"]["deals"] == cells["mixed"]["deals"] == 1_000_000
        assert float(row["against open players"]) == pytest.approx(cells["threshold"]["gain"][0], abs=0.005)
        assert float(row["against a mixed field"]) == pytest.approx(cells["mixed"]["gain"][0], abs=0.005)
        assert float(row["open players ±"]) == pytest.approx(cells["threshold"]["gain"][1], abs=0.005)


def test_the_section_says_where_the_solve_is_weak():
    """Each solve whose largest gain is over 0.02 ante, and each field where the solve did worse than the fixed
    rule by its interval, is named in the prose."""
    section = " ".join(_section().split())
    over = [p for p in SIZES if max(solve_summary("brag3", p)["best_response_gains"]) > 0.02]
    assert over == [6, 7, 8]
    assert "at six to eight they are not" in section and "more than the 0.02" in section
    measured = json.loads((ROOT / "reports" / "data" / "brag_table.json").read_text())["full_table"]
    worse = {(p, field) for p in (5, 6, 7, 8) for field in ("threshold", "mixed")
             if sum(measured[str(p)]["sessions"][field]["gain"]) < 0}
    assert worse == {(5, "mixed"), (6, "threshold"), (7, "threshold"), (8, "threshold")}
    assert ("weaker than the careful rule against open players at six to eight" in section
            and "against the mixed field at five" in section)


def _sessions_rows() -> list[dict]:
    """The measured sessions' table: the section's table of players headed by the gain against open players."""
    section = _section()
    at = section.index("| players | against open players")
    return _table(section[at:], "players")
