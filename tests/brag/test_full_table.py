"""Brag at five to eight players: the shipped solves, and every command that answers from them.

The package's solves must be there and sound: a missing or stale file fails here (never skips),
and ``scripts/brag_ship_solves.py`` says how to rebuild it.
"""

from __future__ import annotations

import numpy as np
import pytest

from analysis.brag._stored import BUCKETS, FULL_TABLE_BETTING, LEFT_OUT, multi_labels, multi_params
from analysis.brag.multi.compact import unpack
from analysis.brag.rules import preset
from analysis.brag.multi.shipped import shipped_store
from tests.conftest import assert_one_sentence_error

FULL_TABLE = (5, 6, 7, 8)
WORDS = {5: "five", 6: "six", 7: "seven", 8: "eight"}


def _shipped(players: int) -> dict:
    rules = preset("brag3")
    table = shipped_store().load(FULL_TABLE_BETTING, rules, multi_params(rules, players))
    assert table is not None, (f"the package's {players}-player solve is missing or refused; build it with "
                               f"`odds brag solve --preset brag3 --players {players}` and "
                               f"`python scripts/brag_ship_solves.py --players {players}`")
    return unpack(table)


@pytest.mark.parametrize("players", FULL_TABLE)
def test_each_full_table_solve_ships_and_says_its_gains(players):
    table = _shipped(players)
    summary = table["summary"]
    gains = summary[2 + players:2 + 2 * players]
    assert summary.size == 2 + 2 * players and np.all(gains >= 0) and np.all(np.isfinite(gains))
    # The chips of a deal add up to nothing: the players' values sum to zero (a carried pot is shared).
    assert abs(summary[2:2 + players].sum()) < 1e-6
    assert table["edges"].size == BUCKETS[players]
    # Every row of the strategy is a mix.
    policy, n_actions = table["policy"], table["n_actions"]
    decisions = np.flatnonzero(table["kind"] == 0)
    for node in decisions[:: max(1, decisions.size // 500)]:
        assert np.allclose(policy[node, :, :n_actions[node]].sum(axis=1), 1.0)


@pytest.mark.parametrize("players", (7, 8))
def test_what_the_larger_tables_leave_out(players):
    """Seven and eight players are solved without raises (and eight with at most three bets); the
    tree the package holds has no raise anywhere."""
    table = _shipped(players)
    names = multi_labels(preset("brag3"))
    assert not any(names[code].startswith("raise") for code in table["labels"].tolist())
    assert LEFT_OUT[players]["raises"] == 0


def test_the_six_player_strategy_as_written(odds):
    result = odds("brag", "strategy", "--preset", "brag3", "--players", "6", "--hand", "QS QD 4C",
                  "--history", "blind,look,bet,fold", "--json")
    assert result.code == 0 and "solving" not in result.err, result.err
    answer = result.json()
    # Seat 1 bet blind, seat 2 looked and bet, seat 3 folded: seat 4 acts, still blind.
    assert answer["seat"] == 4 and answer["players"] == 6 and answer["blind"]
    assert set(answer["mix"]) == {"look", "fold", "bet", "raise 2"}
    assert sum(answer["mix"].values()) == pytest.approx(1.0)
    assert sum(answer["after_looking"].values()) == pytest.approx(1.0) and "look" not in answer["after_looking"]
    assert "six-player solve" in answer["model"] and len(answer["best_response_gains"]) == 6
    text = odds("brag", "strategy", "--players", "6", "--hand", "QS QD 4C", "--history", "blind,look,bet,fold")
    assert text.code == 0 and "Seat 4 of 6 (blind)" in text.out
    # The solve's training never reached this seat's look with a top-bucket hand: the row is the even split the
    # solve starts from, and the answer says it is no advice (the blind mix itself was reached, and is not flagged).
    shares = list(answer["after_looking"].values())
    assert answer["unreached"] == ["after_looking"] and max(shares) - min(shares) < 1 / 255
    assert "After looking: fold 33%, bet 33%, raise 2 33% (an even split: the solve's training never reached" in text.out
    reached = odds("brag", "strategy", "--players", "3", "--hand", "QS QD 4C", "--json").json()
    assert reached["unreached"] == [] and max(reached["after_looking"].values()) > 0.5


# The quick lane asks the smallest table; the whole run asks every one (seconds each: the larger tables' solves).
@pytest.mark.parametrize("opponents", (4, *(pytest.param(n, marks=pytest.mark.slow) for n in (5, 6, 7))))
def test_stay_against_four_to_seven_opponents_answers_from_the_solve(odds, opponents):
    result = odds("brag", "stay", "--hand", "QS QD 4C", "--pot", "40", "--stake", "5", "--opponents",
                  str(opponents), "--json")
    assert result.code == 0 and "solving" not in result.err, result.err
    answer = result.json()
    players = opponents + 1
    assert answer["details"]["players"] == players and answer["details"]["opponent_model"] == "solved"
    assert f"{WORDS[players]}-player solve" in answer["assumptions"][0]
    # Folding first keeps only a share of a pot that may carry over (everyone else folding to a blind
    # player): never a loss. (Staying is not always better: at eight, three bets end the betting and an
    # open player may never see a blind one, so the blind players behind take the pot.)
    values = answer["values"]
    assert values["fold"] >= 0 and answer["best"] == max(values, key=values.get)
    expected = {"fold", "stay"} | ({"raise to 10"} if players not in LEFT_OUT else set())
    assert set(answer["values"]) == expected


def test_the_stay_command_as_written(odds):
    answer = odds("brag", "stay", "--hand", "QS QD 4C", "--pot", "40", "--stake", "5", "--opponents", "5",
                  "--json").json()
    assert answer["details"]["players"] == 6 and answer["details"]["bucket"] == BUCKETS[6]   # a pair: top bucket


@pytest.mark.parametrize("argv", [
    ("strategy", "--players", "9", "--hand", "QS QD 4C"),
    ("strategy", "--players", "7", "--hand", "QS QD 4C", "--history", "raise 2"),
    ("strategy", "--players", "8", "--hand", "QS QD 4C", "--history", "blind,blind,blind,blind"),
    ("strategy", "--players", "6", "--hand", "QS QD 4C 5H", "--preset", "brag4"),
    ("stay", "--hand", "QS QD 4C", "--pot", "40", "--stake", "5", "--opponents", "8", "--model", "solved"),
    ("stay", "--hand", "QS QD 4C", "--pot", "40", "--stake", "5", "--opponents", "6", "--history", "raise 2"),
])
def test_bad_input_is_one_sentence(odds, argv):
    result = odds("brag", *argv)
    assert_one_sentence_error(result)
    if "7" in argv and "raise 2" in argv:
        assert "leaves out raises" in result.err


@pytest.mark.parametrize("players", (FULL_TABLE[0], *(pytest.param(n, marks=pytest.mark.slow) for n in FULL_TABLE[1:])))
def test_the_session_strategy_bot_plays_the_solve(players):
    """At every full-table size the strategy bot plays the shipped solve, and its moves are the solve's:
    the same session with the solve withheld (the simple rule alone) comes out otherwise."""
    from analysis.brag.table import session as session_module

    bots = ["strategy"] + ["threshold"] * (players - 1)
    solved = session_module.session("brag3", players, bots, deals=1000, seed=3)
    assert f"the stored {players}-player solve" in solved.words["strategy"]
    tables = session_module.solved_tables(preset("brag3"), players)
    assert tables is not None and tables[0].shape[0] == _shipped(players)["kind"].size
    rule = session_module.session("brag3", players, bots, deals=1000, seed=3, solved=False)
    assert "not a solved strategy" in rule.words["strategy"]
    # The measure of what the solve adds plays these very sessions.
    gain = session_module.solve_gain("brag3", players, ("threshold",), deals=1000, seed=3)
    assert gain["bots"] == bots and gain["gain"][1] > 0
    assert gain["solved"][0] == pytest.approx(solved.chips_per_deal[0])
    assert gain["rule"][0] == pytest.approx(rule.chips_per_deal[0])
    assert solved.chips_per_deal != rule.chips_per_deal
