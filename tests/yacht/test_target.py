"""Playing for a target: the kernel's table against a plain-Python brute force, and its shape."""

import numpy as np
import pytest

from analysis.errors import InvalidArgument
from analysis.yacht.rules import preset
from analysis.yacht.target import card_mask, compute_reach, max_score, open_maxima, reach_chance, reach_table
from tests.yacht.reference import YACHT_KR, GoalReference

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
    return reach_table(RULES)


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


def test_bonus_presets_are_refused_in_one_sentence():
    with pytest.raises(InvalidArgument, match="without bonuses"):
        reach_table(preset("clubhouse"))
    with pytest.raises(InvalidArgument, match="negative"):
        reach_chance(RULES, 100, score=-1)
