"""Playing for a target: the kernel's table against a plain-Python brute force, and its shape."""

import dataclasses

import numpy as np
import pytest

from analysis.errors import InvalidArgument
from analysis.yacht.game import game_arrays
from analysis.yacht.rules import preset
from analysis.yacht.target import card_mask, compute_reach, max_score, open_maxima, reach_chance, reach_values
from tests.yacht.reference import (CLUBHOUSE, YACHT_KR, YAHTZEE, YATZY, BonusGoalReference, GoalReference,
                                   Reference)
from tests.yacht.test_solver import reduced

RULES = preset("yacht_kr")


@pytest.mark.parametrize("open_boxes, goal", [
    (("Full House",), 25),
    (("Aces", "Straight"), 42),
    (("Chase Off", "Straight", "Even Straight"), 70),
])
def test_target_table_matches_brute_force_on_small_sub_games(open_boxes, goal):
    card = card_mask(RULES, open_boxes)
    table = compute_reach(RULES, within=card)
    # P(final >= goal) from score 0 is the chance of gaining goal - s more points from score s.
    reference = GoalReference(YACHT_KR, lambda final: 1.0 if final >= goal else 0.0)
    reference(frozenset(open_boxes), 0)
    assert len(reference.seen) >= len(open_boxes)
    for (sub_open, score), expected in reference.seen.items():
        entry = table[card_mask(RULES, sorted(sub_open)), max(goal - score, 0)]
        assert entry == pytest.approx(expected, abs=1e-12), (sub_open, score)


def test_one_box_targets_are_the_published_turn_chances():
    # Five alike within a turn: 2,783,176 / 6**10 (the classic figure; also odds yacht odds).
    table = compute_reach(RULES, within=card_mask(RULES, ["Chase Off"]))
    card = card_mask(RULES, ["Chase Off"])
    assert table[card, 50] == pytest.approx(2_783_176 / 60_466_176, abs=1e-14)
    assert table[card, 1] == table[card, 50] and table[card, 51] == 0.0


@pytest.fixture(scope="module")
def reach():
    return reach_values(RULES)


def test_whole_table_shape(reach):
    top = max_score(RULES)
    assert top == 315 and reach.shape == (4096, top + 2)
    assert np.allclose(reach[:, 0], 1.0, rtol=0, atol=1e-12)  # T at or below the score so far: certain
    assert np.all(reach[:, top + 1] == 0.0)                  # above the largest score: impossible
    assert np.all(np.diff(reach, axis=1) <= 1e-12)           # non-increasing in T
    maxima = open_maxima(RULES)
    beyond = np.arange(reach.shape[1])[None, :] > maxima[:, None]
    assert np.all(reach[beyond] == 0.0)                      # more than the open boxes can give
    assert reach[0, top] > 0.0                               # the perfect game is possible, if rare


def test_target_beats_or_equals_expectation_play(reach):
    # Playing for T can only raise P(final >= T) above what the expected-score player gets.
    from analysis.yacht.solver import solve

    survival = np.cumsum(solve(RULES).distribution[::-1])[::-1]
    for target in (100, 150, 175, 200, 250):
        assert reach[0, target] >= survival[target] - 1e-12
    assert reach[0, 250] > 1.2 * survival[250]                # and far above it for a long shot


def test_reach_chance_reads_the_table(reach):
    assert reach_chance(RULES, 220, "Chase Off,Straight,Six Beans", score=140) == reach[
        card_mask(RULES, ["Chase Off", "Straight", "Six Beans"]), 80]
    assert reach_chance(RULES, 100, "Choice", score=140) == 1.0    # already there: exactly certain
    assert reach_chance(RULES, 316, "all") == 0.0


def test_score_checks_in_one_sentence():
    with pytest.raises(InvalidArgument, match="negative"):
        reach_chance(RULES, 100, score=-1)
    with pytest.raises(InvalidArgument, match="cannot be made"):
        reach_chance("clubhouse", 100, "Sixes", score=100, upper_total=80)   # Aces to Fives make 75 at most


CLUB = {"Fives", "Sixes", "Full House", "Small Straight", "Yacht"}
YAHTZEE_BOXES = {"Fours", "Sixes", "Full House", "Large Straight", "Yahtzee"}


def bonus_cases():
    """(rules, the reference's rules, open boxes, upper total, yahtzee flag, goal): small games with bonuses in play."""
    club = reduced("clubhouse", CLUB, threshold=21)
    club_reference = Reference({k: v for k, v in CLUBHOUSE.items() if k in CLUB}, bonus=35, threshold=21)
    yahtzee = reduced("yahtzee", YAHTZEE_BOXES, threshold=20)
    yahtzee_reference = Reference({k: v for k, v in YAHTZEE.items() if k in YAHTZEE_BOXES}, bonus=35, threshold=20,
                                  yahtzee="Yahtzee", joker="forced", all_boxes=list(YAHTZEE_BOXES))
    return [
        # Sixes filled with one six: Fives for 15 earns the 35-point bonus, which a goal of 50 needs.
        (club, club_reference, ("Fives", "Full House"), 6, False, 50),
        (club, club_reference, ("Fives", "Small Straight", "Yacht"), 6, False, 60),
        # The Yahtzee box holds 50 and Fours 12: a further Yahtzee earns 100 and, by the forced joker
        # rule, goes in Sixes if it shows sixes, else counts in full in an open lower box.
        (yahtzee, yahtzee_reference, ("Sixes", "Full House"), 12, True, 120),
        (yahtzee, yahtzee_reference, ("Sixes", "Large Straight"), 12, True, 40),
    ]


@pytest.mark.parametrize("case", range(4))
def test_bonus_target_tables_match_brute_force(case):
    rules, reference, open_boxes, upper, flag, goal = bonus_cases()[case]
    g = game_arrays(rules)
    names = [b.name for b in rules.boxes]
    state = g.state(card_mask(rules, open_boxes), upper, int(flag))
    table = compute_reach(rules, within=state)
    brute = BonusGoalReference(reference, lambda final: 1.0 if final >= goal else 0.0)
    brute(frozenset(open_boxes), upper, flag, 0)
    assert len(brute.seen) > len(open_boxes)
    bonus_mattered = False
    for (sub_open, sub_upper, sub_flag, score), expected in brute.seen.items():
        sub_state = g.state(card_mask(rules, [n for n in names if n in sub_open]), sub_upper, int(sub_flag))
        entry = table[sub_state, max(goal - score, 0)]
        assert entry == pytest.approx(expected, abs=1e-12), (sub_open, sub_upper, sub_flag, score)
        bonus_mattered |= 0 < expected < 1
    assert bonus_mattered
    # The same position asked through the public function (the table is not kept: solved for it).
    assert reach_chance(rules, goal, open_boxes, upper_total=upper, yacht_bonus=flag) == pytest.approx(
        brute.seen[frozenset(open_boxes), upper, flag, 0], abs=1e-12)


def test_the_upper_bonus_is_played_for():
    # Clubhouse cut down, Fives and Full House open, Sixes filled with one six (threshold lowered to 21):
    # the bonus is three fives away. Without it 60 points cannot be made (Fives 25 and Full House 30 at
    # most); with it they can, though never without the three fives.
    rules, _, open_boxes, upper, _, _ = bonus_cases()[0]
    with_bonus = reach_chance(rules, 60, open_boxes, upper_total=upper)
    three_fives = reach_chance(rules, 15, ("Fives",), upper_total=upper)   # Fives alone, played for 15
    assert reach_chance(dataclasses.replace(rules, upper_bonus=0), 60, open_boxes) == 0.0
    assert 0.0 < with_bonus < three_fives


def test_large_tables_are_solved_per_position_or_refused(monkeypatch):
    # Yatzy's whole table (2,097,152 states) is not kept: a late position solves its own few states.
    yatzy = preset("yatzy")
    with pytest.raises(InvalidArgument, match="not kept"):
        reach_values(yatzy)
    last_box = reach_chance(yatzy, 120, "Yatzy", score=100, upper_total=63)
    # Twenty more points from the Yatzy box alone: five alike within a turn (the classic figure).
    assert last_box == pytest.approx(2_783_176 / 60_466_176, abs=1e-14)
    assert reach_chance(yatzy, 151, "Yatzy", score=100, upper_total=63) == 0.0   # the box scores 50 at most
    # A table beyond this machine's memory is refused in one sentence, before anything is built.
    # (Three open boxes need 8 cards x 24 upper totals x 378 scores, 0.6 MB: more than a 64 kB allowance.)
    from analysis.yacht import target

    monkeypatch.setattr(target, "MEMORY_BYTES", 1 << 16)
    with pytest.raises(InvalidArgument, match="more than this machine's memory"):
        reach_chance(yatzy, 200, "Sixes,Chance,Yatzy", score=100, upper_total=40)


def test_a_late_clubhouse_position_is_solved_alone_and_exactly():
    # Sixes and Yacht open, upper total 50: the 35-point bonus is three sixes away. Building Clubhouse's
    # whole table takes minutes, so the position's own states are solved and nothing is kept.
    from analysis.store import Store
    from analysis.yacht.target import REACH

    club = preset("clubhouse")
    reference = Reference(CLUBHOUSE, bonus=35, threshold=63)
    for goal in (18, 53, 100):
        brute = BonusGoalReference(reference, lambda final, goal=goal: 1.0 if final >= goal else 0.0)
        expected = brute(frozenset({"Sixes", "Yacht"}), 50, False, 0)
        assert reach_chance(club, goal, "Sixes,Yacht", upper_total=50) == pytest.approx(expected, abs=1e-12)
    assert 0 < expected < 1   # 100 needs the Yacht's 50 and the bonus
    assert not Store().path(REACH, club, {"states": club.n_states}).exists()


@pytest.mark.slow
def test_cli_ranks_yatzy_boxes_by_a_target_with_the_bonus(odds):
    # Five sixes, Sixes and Yatzy open, upper total 40, score 200, aiming for 300. Sixes takes 30 and
    # the 50-point bonus (280; then the Yatzy box must make 20: five alike); Yatzy takes 50 (250; then
    # Sixes must make 50: four sixes or more, with the bonus).
    result = odds("yacht", "advise", "--preset", "yatzy", "--dice", "6 6 6 6 6", "--rolls-left", "0",
                  "--open", "Sixes,Yatzy", "--upper", "40", "--score", "200", "--target", "300", "--json")
    assert result.code == 0, result.err
    answer = result.json()
    chances = {row["option"]: row["goal_chance"] for row in answer["options"]}
    reference = Reference(YATZY, bonus=50, threshold=63)
    for option, left, points, upper in (("Sixes for 30 (+50 bonus)", "Yatzy", 80, 63),
                                        ("Yatzy for 50", "Sixes", 50, 40)):
        brute = BonusGoalReference(reference, lambda final: 1.0 if final >= 300 else 0.0)
        assert chances[option] == pytest.approx(brute(frozenset({left}), upper, False, 200 + points), abs=1e-12)
    assert answer["best"] == max(chances, key=chances.get) == "Yatzy for 50"
    assert answer["goal"] == "reach 300"


@pytest.mark.parametrize("name", ["clubhouse", "yahtzee"])
def test_valid_states_are_the_solvers(name):
    from analysis.yacht import _kernels as K
    from analysis.yacht.target import layer_states, valid_states

    rules = preset(name)
    g = game_arrays(rules)
    solver = [K.layer_states(layer, g.params, g.box_face, g.reachable, g.masks, g.layer_start)
              for layer in range(len(rules.boxes) + 1)]
    mine = layer_states(rules)
    assert all(np.array_equal(a, b) for a, b in zip(mine, solver))
    assert np.count_nonzero(valid_states(rules)) == sum(layer.shape[0] for layer in solver) < rules.n_states
