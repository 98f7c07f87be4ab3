"""The stored strength table (reports/data/bluff_strength.json): complete, consistent and reproducible."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from scipy.stats import binomtest

from analysis.bluff.rules import preset
from analysis.bluff.tournament import seat_wins
from tests.conftest import load_script

ROOT = Path(__file__).resolve().parents[2]


SCRIPT = load_script("bluff_strength")
CELLS = {SCRIPT.key((c["preset"], c["players"], c["field"], c["tested"])): c
         for c in json.loads(Path(SCRIPT.PATH).read_text())["cells"]}


def test_every_cell_of_the_grid_is_stored_once_with_its_bots():
    wanted = [SCRIPT.key(cell) for cell in SCRIPT.cells()]
    assert sorted(CELLS) == sorted(wanted)
    assert len(wanted) == len(SCRIPT.PRESETS) * len(SCRIPT.PLAYERS) * len(SCRIPT.FIELDS) * len(SCRIPT.TESTED)
    for (name, players, field, tested) in SCRIPT.cells():
        cell = CELLS[SCRIPT.key((name, players, field, tested))]
        assert cell["bots"].split(",") == [tested, *SCRIPT.field_bots(field, players)]
        assert cell["starting_dice"] == preset(name).starting_dice(players)
    headline = CELLS[SCRIPT.key((*SCRIPT.HEADLINE, "bayes"))]
    assert headline["games"] == SCRIPT.HEADLINE_GAMES


def test_counts_add_up_block_by_block():
    for name, cell in CELLS.items():
        blocks = cell["block_wins"]
        assert len(blocks) == math.ceil(cell["games"] / cell["block"]), name
        for number, block in enumerate(blocks):
            size = min(cell["block"], cell["games"] - number * cell["block"])
            assert len(block) == cell["players"] and sum(block) == size, (name, number)  # one winner a game
        assert cell["wins"] == [sum(b[seat] for b in blocks) for seat in range(cell["players"])], name
        assert cell["win_rate"] == cell["wins"][0] / cell["games"], name


def test_intervals_are_the_wilson_intervals_of_the_counts():
    # scipy's binomial test computes the same interval independently of the toolkit's formula.
    for name, cell in CELLS.items():
        interval = binomtest(cell["wins"][0], cell["games"]).proportion_ci(0.95, method="wilson")
        assert cell["ci_low"] == pytest.approx(interval.low, abs=1e-6), name
        assert cell["ci_high"] == pytest.approx(interval.high, abs=1e-6), name
        # (a bound at 0 or 1 may carry a rounding hair from before the interval was clamped)
        assert cell["ci_low"] - 1e-15 <= cell["win_rate"] <= cell["ci_high"] + 1e-15, name


@pytest.mark.parametrize("name, block", [("liars_dice/2/threshold:0.5/bayes", 0), ("liars_dice/4/mixed/bayes", 1),
                                         ("perudo/2/honest/bayes", 3), ("bluff/4/threshold:0.5/bayes", 93),
                                         ("bluff/4/threshold:0.5/threshold", 57), ("perudo/6/honest/model", 0)])
@pytest.mark.slow
def test_a_stored_block_replays_to_the_same_counts(name, block):
    cell = CELLS[name]
    first = block * cell["block"]
    wins = seat_wins(preset(cell["preset"]), cell["bots"], first, min(cell["block"], cell["games"] - first),
                     seed=cell["seed"])
    assert wins.tolist() == cell["block_wins"][block]


def test_the_strategy_pages_strength_rows_are_the_stored_counts():
    titles = {"bluff": "Bluff", "perudo": "Perudo", "liars_dice": "Liar's Dice"}
    page = (ROOT / "docs" / "bluff_strategy.md").read_text()
    for name in SCRIPT.PRESETS:
        for players in SCRIPT.PLAYERS:
            cells = [CELLS[SCRIPT.key((name, players, field, "bayes"))] for field in SCRIPT.FIELDS]
            shown = " | ".join(f"{100 * c['win_rate']:.1f}% ({100 * c['ci_low']:.1f}-{100 * c['ci_high']:.1f})"
                               for c in cells)
            row = f"| {titles[name]}, {players} ({cells[0]['starting_dice']}) | {shown} |"
            assert row in page, row
