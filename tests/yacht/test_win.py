"""Playing against opponents: final-score distributions, win/tie/lose, the win-seeking recursion, the advisor."""

from itertools import product

import numpy as np
import pytest

from analysis.errors import InvalidArgument
from analysis.yacht.advice import ScoreCard, advise
from analysis.yacht.rules import preset
from analysis.yacht.solver import solve, state_values
from analysis.yacht.target import card_mask
from analysis.yacht.win import (Position, parse_position, remaining_values, win_chances, win_share,
                                win_values)
from tests.conftest import assert_one_sentence_error
from tests.yacht.reference import YACHT_KR, GoalReference, keep_value

RULES = preset("yacht_kr")


@pytest.fixture(scope="module")
def remaining():
    return remaining_values(RULES)


def test_remaining_points_agree_with_the_forward_pass_and_the_values(remaining):
    # Backward here, forward in solve(): the opening's distribution must be the same.
    assert np.abs(remaining[0] - solve(RULES).distribution[:316]).max() < 1e-15
    # Every card's mean is the solved expected points still to come (an independent table).
    assert np.abs(remaining @ np.arange(316) - state_values(RULES)).max() < 1e-9
    assert np.allclose(remaining.sum(axis=1), 1.0, rtol=0, atol=1e-12)


def test_win_share_against_brute_force_enumeration():
    rng = np.random.default_rng(3)
    me = rng.dirichlet(np.ones(6))
    for n_opponents in (1, 2, 3):
        finals = [rng.dirichlet(np.ones(6)) for _ in range(n_opponents)]
        win = tie = share = 0.0
        for mine, *theirs in product(range(6), *[range(6)] * n_opponents):
            chance = me[mine] * np.prod([f[t] for f, t in zip(finals, theirs)])
            best = max(theirs)
            if mine > best:
                win += chance
                share += chance
            elif mine == best:
                tie += chance
                share += chance / (1 + theirs.count(mine))
        all_below, at_top, my_share = win_share(finals)
        assert me @ all_below == pytest.approx(win, abs=1e-14)
        assert me @ at_top == pytest.approx(tie, abs=1e-14)
        assert me @ my_share == pytest.approx(share, abs=1e-14)


def test_win_chances_add_up_and_heads_up_symmetry(remaining):
    result = win_chances(RULES, "140:Chase Off,Straight,Six Beans", ["190:Chase Off,Choice"])
    assert result.win + result.tie + result.lose == pytest.approx(1.0, abs=1e-12)
    assert result.share == pytest.approx(result.win + result.tie / 2, abs=1e-14)
    mirror = win_chances(RULES, "190:Chase Off,Choice", ["140:Chase Off,Straight,Six Beans"])
    assert mirror.win == pytest.approx(result.lose, abs=1e-12) and mirror.tie == pytest.approx(result.tie, abs=1e-12)
    # Equal positions: everyone's share is exactly 1 / players.
    for opponents in (1, 2, 5):
        even = win_chances(RULES, "20:Choice,Aces", ["20:Choice,Aces"] * opponents)
        assert even.share == pytest.approx(1 / (opponents + 1), abs=1e-12)


def test_win_seeking_values_match_brute_force(remaining):
    me = Position(150, ("Chase Off", "Straight"))
    opponents = (Position(180, ()),)   # finished: I need more than 30, and exactly 30 is half a win
    table = win_values(RULES, me, opponents, remaining)
    reference = GoalReference(YACHT_KR, lambda final: 1.0 if final > 180 else 0.5 if final == 180 else 0.0)
    reference(frozenset(me.open_boxes), me.score)
    assert len(reference.seen) >= 3
    for (open_boxes, score), expected in reference.seen.items():
        assert table[card_mask(RULES, sorted(open_boxes)), score] == pytest.approx(expected, abs=1e-12)


def test_win_seeking_is_never_worse_than_expectation_play(remaining):
    for me, opponents in [("140:Chase Off,Straight,Six Beans", ["190:Chase Off,Choice"]),
                          ("60:Chase Off,Straight,Even Straight,Aces", ["90:Four Dice,Choice", "100:Full House"])]:
        result = win_chances(RULES, me, opponents, to_win=True)
        assert result.to_win_share >= result.share - 1e-12


def test_advice_for_a_target_matches_brute_force_keeps():
    open_boxes = ("Straight", "Chase Off")   # two made-or-scratched boxes: a small brute force
    card = ScoreCard(open_boxes, score=100)
    advice = advise(RULES, "5 4 3 2 1", 1, card, target=141)
    chances = advice.options.set_index("option")["goal_chance"]
    reference = GoalReference(YACHT_KR, lambda final: 1.0 if final >= 141 else 0.0)
    final = reference.final(frozenset(open_boxes), 100)

    for label, kept in [("keep 5 4 3 2 1", (5, 4, 3, 2, 1)), ("keep 4 3 2 1", (4, 3, 2, 1)), ("keep 1", (1,))]:
        key = "keep all (stop and score)" if len(kept) == 5 else label
        assert chances[key] == pytest.approx(keep_value(final, kept, 1), abs=1e-12), label


def test_a_target_already_reached_agrees_with_every_keep():
    advice = advise(RULES, "6 6 6 2 1", 2, ScoreCard(("Chase Off", "Choice"), score=150), target=120)
    assert (advice.options["goal_chance"] == 1.0).all()
    assert not advice.differs and advice.best == advice.best_for_expected_score


@pytest.mark.parametrize("text, match", [
    ("190:Nines", "not a box"),
    ("-5:Choice", "negative"),
    ("190", "not a position"),
    ("lots:Choice", "not a score"),
    ("300:Choice,Aces,Straight", "more than the filled boxes"),
    ("190:Choice,Choice", "listed twice"),
])
def test_position_parser_refuses_bad_input(text, match):
    with pytest.raises(InvalidArgument, match=match):
        parse_position(RULES, text)


def test_at_most_five_opponents_and_one_goal():
    with pytest.raises(InvalidArgument, match="1 to 5 opponents"):
        win_chances(RULES, "10:Choice", ["10:Choice"] * 6)
    with pytest.raises(InvalidArgument, match="one goal"):
        advise(RULES, "6 6 6 2 1", 2, target=200, opponents=("190:Choice",))


@pytest.mark.parametrize("argv", [
    ("yacht", "advise", "--preset", "yacht_kr", "--dice", "6 6 6 2 1", "--rolls-left", "2", "--opponent", "190:Nines"),
    ("yacht", "advise", "--dice", "6 6 6 2 1", "--rolls-left", "2", "--opponent", "-4:Choice"),
    ("yacht", "win", "--me", "140:Chase Off", "--opponent", "190:Yahtzee"),
    ("yacht", "win", "--me", "140:Chase Off"),
    ("yacht", "win", "--preset", "clubhouse", "--me", "140:Yacht", "--opponent", "190:Yacht"),
    ("yacht", "advise", "--preset", "clubhouse", "--dice", "6 6 6 2 1", "--rolls-left", "2", "--opponent",
     "190:Yacht"),
])
def test_cli_bad_positions_exit_2_with_one_sentence(odds, argv):
    assert_one_sentence_error(odds(*argv))


def test_cli_commands_as_written(odds):
    result = odds("yacht", "win", "--preset", "yacht_kr", "--me", "140:Chase Off,Straight,Six Beans",
                  "--opponent", "190:Chase Off,Choice", "--json")
    assert result.code == 0, result.err
    data = result.json()
    exact = win_chances(RULES, "140:Chase Off,Straight,Six Beans", ["190:Chase Off,Choice"])
    assert (data["win"], data["tie"], data["lose"]) == (exact.win, exact.tie, exact.lose)
    for goal in (("--target", "220"), ("--opponent", "190:Chase Off,Choice")):
        result = odds("yacht", "advise", "--preset", "yacht_kr", "--dice", "6 6 6 2 1", "--rolls-left", "2",
                      "--open", "Chase Off,Straight,Six Beans", "--score", "140", *goal, "--json")
        assert result.code == 0, result.err
        data = result.json()
        chances = [row["goal_chance"] for row in data["options"]]
        # Best first; chances equal to rounding (1e-12) are ranked by the expected score instead.
        assert all(a >= b - 1e-12 for a, b in zip(chances, chances[1:]))
        assert data["best"] == data["options"][0]["option"]
        assert {"goal", "best_for_expected_score", "differs"} <= set(data)


def test_numpy_recursion_agrees_with_the_kernels(monkeypatch):
    # Up to 6 open boxes the win-seeking recursion runs in numpy (no numba start-up); beyond, in the kernels.
    from analysis.yacht import win as module

    rules = preset("yacht_kr")
    me = module.Position(120, ("Chase Off", "Straight", "Full House", "Aces"))
    opponents = (module.Position(150, ("Choice", "Six Beans")),)
    remaining = module.remaining_values(rules)
    in_numpy = module.win_values(rules, me, opponents, remaining)
    monkeypatch.setattr(module, "NUMPY_CARDS", 0)
    in_kernels = module.win_values(rules, me, opponents, remaining)
    assert np.abs(in_numpy - in_kernels).max() < 1e-12
    assert in_numpy[module.card_mask(rules, me.open_boxes), me.score] > 0
