"""Box scores for hand-checked rolls, taken from the rules (docs/rules.md), and the house-rule fields."""

import dataclasses

import pytest

from analysis.errors import InvalidRules
from analysis.yacht.dice import ROLLS
from analysis.yacht.rules import PRESETS, preset
from tests.yacht.reference import CLUBHOUSE, YACHT_KR, YAHTZEE, YATZY

REFERENCE = {"yacht_kr": YACHT_KR, "clubhouse": CLUBHOUSE, "yahtzee": YAHTZEE, "yatzy": YATZY}


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_roll_scores_as_the_hand_written_rules_say(name):
    rules = preset(name)
    reference = REFERENCE[name]
    assert [b.name for b in rules.boxes] == list(reference)  # the same boxes in score-card order
    for box_index, box in enumerate(rules.boxes):
        for roll_index, roll in enumerate(ROLLS):
            assert rules.scores[box_index, roll_index] == reference[box.name](list(roll)), (box.name, roll)


@pytest.mark.parametrize("dice, box, points", [
    ((3, 3, 3, 3, 3), "Chase Off", 50), ((1, 2, 3, 4, 5), "Straight", 40), ((2, 3, 4, 5, 6), "Even Straight", 30),
    ((2, 3, 4, 5, 6), "Straight", 0), ((4, 4, 4, 4, 1), "Four Dice", 17), ((6, 6, 6, 2, 2), "Full House", 22),
    ((1, 1, 2, 2, 5), "Choice", 11),  # the rules' own example
    ((1, 1, 1, 1, 5), "Choice", 9), ((5, 5, 5, 5, 5), "Full House", 25), ((6, 6, 3, 6, 1), "Six Beans", 18),
    ((1, 2, 3, 4, 6), "Choice", 0),
])
def test_seed_examples(dice, box, points):
    assert preset("yacht_kr").score(dice, box) == points


def test_five_alike_full_house_is_a_field_not_a_fork():
    strict = preset("yacht_kr", five_alike_is_full_house=False)
    assert strict.score((5, 5, 5, 5, 5), "Full House") == 0
    assert strict.score((5, 5, 5, 5, 5), "Choice") == 0
    assert strict.score((5, 5, 5, 5, 2), "Choice") == 22
    assert preset("yacht_kr").score((5, 5, 5, 5, 5), "Full House") == 25


def test_yatzy_pairs_score_the_matching_dice():
    yatzy = preset("yatzy")
    assert yatzy.score((6, 6, 5, 5, 1), "One Pair") == 12
    assert yatzy.score((6, 6, 5, 5, 1), "Two Pairs") == 22
    assert yatzy.score((4, 4, 4, 4, 1), "Two Pairs") == 0
    assert yatzy.score((3, 3, 3, 5, 5), "Full House") == 19
    assert yatzy.score((3, 3, 3, 3, 3), "Full House") == 0
    assert yatzy.score((4, 4, 4, 4, 4), "Four of a Kind") == 16
    bugged = preset("yatzy", one_pair_scores_two_pairs=True)
    assert bugged.score((6, 6, 5, 4, 1), "Two Pairs") == 12


def test_yahtzee_joker_scores():
    yahtzee = preset("yahtzee")
    index = ROLLS.index((4, 4, 4, 4, 4))
    full_house = yahtzee.box_index("Full House")
    assert yahtzee.scores[full_house, index] == 0
    assert yahtzee.joker_scores[full_house, index] == 25
    assert yahtzee.joker_scores[yahtzee.box_index("Large Straight"), index] == 40
    assert yahtzee.joker_scores[yahtzee.box_index("Chance"), index] == 20


def test_bad_presets_and_fields():
    with pytest.raises(InvalidRules, match="not a Yacht preset"):
        preset("farkle")
    with pytest.raises(InvalidRules, match="joker rule applies only"):
        preset("yacht_kr", joker="free")
    with pytest.raises(InvalidRules, match="not a joker rule"):
        preset("yahtzee", joker="wild")
    with pytest.raises(InvalidRules, match="not a Yacht rule field"):
        preset("yahtzee", jokers="free")


def test_presets_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        preset("yahtzee").upper_bonus = 50


def test_preset_takes_a_rules_object_and_checks_fields_when_made():
    house = preset("yahtzee", joker="free")
    assert preset(house) is house
    assert preset(house, upper_bonus=50).upper_bonus == 50 and preset(house, upper_bonus=50).joker == "free"
    for field, value, message in [("upper_bonus", -1, "0 to 10,000"), ("yacht_bonus", 10 ** 22, "0 to 10,000"),
                                  ("upper_bonus", 2.5, "whole number"), ("upper_bonus", True, "whole number"),
                                  ("upper_threshold", 0, "1 to 105"), ("distinct_pairs", "yes", "true or false")]:
        with pytest.raises(InvalidRules, match=message):
            preset("yahtzee", **{field: value})
        with pytest.raises(InvalidRules, match=message):   # a rules object is checked the same way
            preset(house, **{field: value})
    with pytest.raises(InvalidRules, match="not a Yacht preset"):
        preset(42)
