"""Whole two-player games outside the tournament kernel (``scripts/bluff_search_games.py``): the rounds are chained
by the same rules as the kernel's games, and its data file is what the docs show."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from analysis.bluff.bids import parse_bid, parse_dice
from analysis.bluff.exact.game_value import State
from analysis.bluff.rules import preset
from analysis.bluff.play.tournament import run_tournament
from tests.conftest import load_script

ROOT = Path(__file__).resolve().parents[2]


SCRIPT = load_script("bluff_search_games")


@pytest.mark.slow
@pytest.mark.parametrize("name, start", [("perudo", 3), ("bluff", 3), ("liars_dice", 2)])
def test_rounds_chain_as_in_the_kernels_logged_games(name, start, tmp_path):
    # Each logged round of a kernel game, settled by the script: the same dice lost, the next round's dice,
    # opener and palifico flag as the log's next round, and the same winner.
    script = SCRIPT
    rules = script.SCRIPT_GAMES[name]()
    log = tmp_path / "rounds.jsonl"
    run_tournament(rules, "bayes,threshold:0.5", games=60, seed=4, scheduler="sync", start=start, log=str(log))
    entries = [json.loads(line) for line in open(log, encoding="utf-8")][1:]
    games: dict = {}
    for entry in entries:
        games.setdefault(entry["game"], []).append(entry)
    checked = palifico = 0
    for rounds in games.values():
        opener = rounds[0]["bids"][0]["player"]
        state = State(start, start)
        for number, entry in enumerate(rounds):
            assert entry["bids"][0]["player"] == opener and entry["palifico"] == state.palifico
            rolls = [tuple(sorted(parse_dice(rules, entry["dice"][p]))) for p in (opener, 1 - opener)]
            assert [len(r) for r in rolls] == [state.opener, state.other]
            caller = 0 if entry["call"]["player"] == opener else 1
            bid = parse_bid(rules, entry["bids"][-1]["bid"])
            loss, result, following, opener_opens = script.settle(rules, state, rolls, bid, entry["call"]["call"],
                                                                  caller, start)
            assert [int(loss[0]), int(loss[1])] == [entry["lost"][opener], entry["lost"][1 - opener]]
            palifico += state.palifico
            checked += 1
            if number == len(rounds) - 1:
                assert result is not None    # the log's last round of a game ends it
                break
            assert result is None
            opener = opener if opener_opens else 1 - opener
            state = following
    assert checked > 100 and (palifico > 0) == rules.palifico


def test_a_game_is_the_same_game_whenever_it_is_played():
    script = SCRIPT
    rules = preset("bluff")
    from analysis.bluff.play.decision_bots import bot_seat

    bot = bot_seat(rules, "bayes", 2, 2)
    tested = script.Tested(rules, "bayes", 2, bot_seat(rules, "bayes", 2, 2))
    first = [script.play_game(rules, tested, bot, 2, number) for number in range(40)]
    assert first == [script.play_game(rules, tested, bot, 2, number) for number in range(40)]
    assert 0 < sum(first) < 40


def test_the_docs_table_is_the_stored_measurement():
    script = SCRIPT
    data = json.loads((ROOT / "reports" / "data" / "bluff_search_games.json").read_text())
    for cell in data["cells"]:
        assert cell["wins"] == sum(cell["block_wins"]) and cell["games"] == cell["block"] * len(cell["block_wins"])
        assert cell["ci_low"] < cell["win_rate"] < cell["ci_high"]
    assert script.table(data["cells"]) in (ROOT / "docs" / "bluff_strategy.md").read_text()
