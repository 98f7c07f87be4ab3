"""The optimal solver against a plain-Python enumeration of small sub-games, published values, and itself.

Sub-games: states with one or two boxes open (the others filled), on the yacht_kr preset and on
reduced versions of the other presets (five boxes, a lower bonus threshold so that the
bonus is in play), compared state by state with ``reference.Reference``.
"""

import dataclasses
import itertools

import numpy as np
import pytest

from analysis.yacht import _kernels as K
from analysis.yacht.game import game_arrays
from analysis.yacht.rules import preset
from analysis.yacht.solver import compute_values, follow_policy, solve
from tests.yacht.reference import CLUBHOUSE, YACHT_KR, YAHTZEE, YATZY, Reference


def reduced(name, boxes, threshold, **fields):
    rules = preset(name)
    chosen = tuple(b for b in rules.boxes if b.name in boxes)
    return dataclasses.replace(rules, boxes=chosen, upper_threshold=threshold, **fields)


def compare(rules, reference, max_open=2, uppers=None):
    g = game_arrays(rules)
    values = compute_values(rules)
    names = [b.name for b in rules.boxes]
    checked = 0
    for n_open in range(1, max_open + 1):
        for open_boxes in itertools.combinations(range(len(names)), n_open):
            mask = (1 << len(names)) - 1
            for b in open_boxes:
                mask &= ~(1 << b)
            for upper in (uppers or [0]):
                for flag in range(rules.flag_states):
                    if not K.state_is_valid(mask, upper, flag, g.params, g.box_face, g.reachable):
                        continue
                    expected = reference.value(frozenset(names[b] for b in open_boxes), upper, bool(flag))
                    assert values[g.state(mask, upper, flag)] == pytest.approx(expected, abs=1e-9), \
                        (rules.name, [names[b] for b in open_boxes], upper, flag)
                    checked += 1
    assert checked > 0
    return checked


def test_seed_preset_sub_games():
    rules = preset("yacht_kr")
    g = game_arrays(rules)
    values = compute_values(rules)
    reference = Reference(YACHT_KR)
    names = [b.name for b in rules.boxes]
    for open_names in (["Chase Off"], ["Aces"], ["Full House", "Choice"], ["Straight", "Even Straight"],
                       ["Four Dice", "Six Beans"]):
        mask = (1 << len(names)) - 1
        for name in open_names:
            mask &= ~(1 << names.index(name))
        assert values[g.state(mask, 0, 0)] == pytest.approx(reference.value(frozenset(open_names), 0, False),
                                                           abs=1e-9), open_names


@pytest.mark.slow
def test_clubhouse_sub_games_with_bonus():
    boxes = {"Fives", "Sixes", "Full House", "Small Straight", "Yacht"}
    rules = reduced("clubhouse", boxes, threshold=21)
    reference = Reference({k: v for k, v in CLUBHOUSE.items() if k in boxes}, bonus=35, threshold=21)
    assert compare(rules, reference, uppers=[0, 10, 15, 18, 21]) >= 20


@pytest.mark.slow
def test_yatzy_sub_games_with_bonus():
    boxes = {"Fours", "Sixes", "Two Pairs", "Full House", "Yatzy"}
    rules = reduced("yatzy", boxes, threshold=20)
    reference = Reference({k: v for k, v in YATZY.items() if k in boxes}, bonus=50, threshold=20)
    assert compare(rules, reference, uppers=[0, 12, 16, 20]) >= 20


@pytest.mark.slow
@pytest.mark.parametrize("joker", ["forced", "free", "none"])
def test_yahtzee_sub_games_with_bonus_and_joker(joker):
    boxes = {"Fours", "Sixes", "Full House", "Large Straight", "Yahtzee"}
    rules = reduced("yahtzee", boxes, threshold=20, joker=joker)
    reference = Reference({k: v for k, v in YAHTZEE.items() if k in boxes}, bonus=35, threshold=20,
                          yahtzee="Yahtzee", joker=joker, all_boxes=list(boxes))
    assert compare(rules, reference, uppers=[0, 12, 20] if joker == "forced" else [0, 20]) >= 20


def test_forward_pass_agrees_with_backward_values():
    solution = solve("yacht_kr")
    assert solution.distribution.sum() == pytest.approx(1.0, abs=1e-12)
    mean = (solution.scores * solution.distribution).sum()
    assert mean == pytest.approx(solution.expected_score, abs=1e-9)
    assert solution.boxes["expected_points"].sum() == pytest.approx(solution.expected_score, abs=1e-9)
    assert ((solution.boxes["zero_rate"] >= 0) & (solution.boxes["zero_rate"] <= 1)).all()


@pytest.mark.parametrize("name, boxes, fields", [
    ("clubhouse", {"Fives", "Sixes", "Full House", "Small Straight", "Yacht"}, {}),
    ("yahtzee", {"Fours", "Sixes", "Full House", "Large Straight", "Yahtzee"}, {"joker": "forced"}),
    ("yahtzee", {"Fours", "Sixes", "Full House", "Large Straight", "Yahtzee"}, {"joker": "free"}),
])
def test_forward_pass_agrees_with_backward_values_with_bonuses(name, boxes, fields):
    """The backward pass scores boxes in ``final_values`` (upper bonus by dice count), the forward pass
    and the simulator in ``write_box``: with the bonus (threshold lowered to 20) and the jokers in play,
    the two must give the same expected score."""
    rules = reduced(name, boxes, threshold=20, **fields)
    values = compute_values(rules)
    result = follow_policy(rules, values)
    expected = values[game_arrays(rules).start]
    assert float(result["mean"]) == pytest.approx(expected, abs=1e-9)
    scores = np.arange(result["distribution"].size)
    assert (scores * result["distribution"]).sum() == pytest.approx(expected, abs=1e-9)
    assert result["bonus_points"][0] > 0 and (result["bonus_points"][1] > 0) == rules.has_yacht_bonus


def test_distribution_of_a_one_box_game_matches_enumeration():
    """With one box open, the final score is that box's points: mean from the reference turn."""
    from tests.yacht.reference import turn_value

    rules = reduced("yacht_kr", {"Full House"}, threshold=63)
    result = follow_policy(rules, compute_values(rules))
    assert result["distribution"].sum() == pytest.approx(1.0, abs=1e-12)
    expected = turn_value(lambda dice: YACHT_KR["Full House"](list(dice)))
    scores = np.arange(result["distribution"].size)
    assert (scores * result["distribution"]).sum() == pytest.approx(expected, abs=1e-9)


def test_five_alike_game_distribution_is_the_classic_chance():
    # Chance of five alike in one turn with best keeps: 2,783,176 / 60,466,176 = 4.6029%
    # (the classic Yahtzee figure, e.g. Durango Bill's Yahtzee probabilities page).
    rules = reduced("yacht_kr", {"Chase Off"}, threshold=63)
    distribution = follow_policy(rules, compute_values(rules))["distribution"]
    assert distribution[50] == pytest.approx(2_783_176 / 60_466_176, abs=1e-12)
    assert distribution[0] == pytest.approx(1 - 2_783_176 / 60_466_176, abs=1e-12)


def test_heuristic_forward_pass_is_worse_than_optimal():
    rules = preset("yacht_kr")
    values = compute_values(rules)
    greedy = follow_policy(rules, values, with_distribution=False, use_values=False)
    assert float(greedy["mean"]) < values[game_arrays(rules).start] - 5


def test_the_yacht_bonus_row_prints_a_dash_and_a_count_never_nan_or_null():
    import json

    import pandas as pd

    from analysis.yacht.solver import Solution

    boxes = pd.DataFrame([{"box": "Yahtzee", "expected_points": 16.87, "zero_rate": 0.6626},
                          {"box": "Yacht bonus", "expected_points": 9.58, "zero_rate": float("nan")}])
    solution = Solution(preset("yahtzee", joker="free"), 254.59, boxes, np.array([0.5, 0.5]),
                        yacht_bonuses=0.0958)
    text = str(solution)
    assert "NaN" not in text and "nan" not in text
    assert "Yacht bonus" in text and "paid 0.0958 times a game" in text
    rows = solution.to_dict()["boxes"]
    assert rows[1] == {"box": "Yacht bonus", "expected_points": 9.58, "bonuses_per_game": 0.0958}
    assert "null" not in json.dumps(rows) and rows[0]["zero_rate"] == 0.6626
