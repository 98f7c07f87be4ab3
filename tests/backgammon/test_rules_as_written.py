"""The rules around the board: the opening roll, when the cube may be turned, the acey-deucey
stake house rule and the gammon / backgammon conditions, each against a plain enumeration."""

from fractions import Fraction
from itertools import product

import pytest

from analysis.backgammon import opening, variants
from analysis.backgammon.cube import may_double
from analysis.backgammon.position import Position
from analysis.backgammon.rules import ACEY_DEUCEY, STANDARD, BackgammonRules, preset
from analysis.errors import InvalidArgument, InvalidRules


def _stakes_by_enumeration(cap, rounds):
    """Roll the two opening dice round after round (all 36 pairs each time), doubling on a tie below
    the cap; the mass still tied after ``rounds`` rounds is below (1/6)**rounds."""
    stakes = {}

    def deal(stake, chance, depth):
        for mine, theirs in product(range(1, 7), repeat=2):
            p = chance / 36
            if mine != theirs:
                stakes[stake] = stakes.get(stake, 0) + p
            elif depth < rounds:
                deal(min(2 * stake, cap) if stake < cap else stake, p, depth + 1)

    deal(1, Fraction(1), 1)
    return stakes


@pytest.mark.parametrize("cap", [1, 2, 8])
def test_opening_stakes_match_enumeration(cap):
    exact = opening.opening_roll(preset("backgammon", opening_double_cap=cap)).stakes
    enumerated = _stakes_by_enumeration(cap, rounds=5)
    assert set(exact) == set(enumerated)
    for stake, chance in exact.items():
        assert 0 <= chance - enumerated[stake] <= Fraction(1, 6) ** 5, (cap, stake)
    assert sum(exact.values()) == 1


def test_first_play_is_never_a_double():
    rolls = {}
    for mine, theirs in product(range(1, 7), repeat=2):
        if mine != theirs:
            key = (max(mine, theirs), min(mine, theirs))
            rolls[key] = rolls.get(key, 0) + Fraction(1, 30)
    assert opening.opening_roll("backgammon").first_rolls == rolls


def test_a_game_can_start_with_a_centred_higher_cube():
    start = opening.opening_position("backgammon", stake=4)
    assert (start.cube_value, start.cube_owner) == (4, "centre")
    assert Position.from_notation(start.notation()) == start
    with pytest.raises(InvalidArgument, match="starting stake"):
        opening.opening_position(preset("backgammon", opening_double_cap=2), stake=4)
    # The ties never turn the cube past its top; without a cube (Acey-Deucey) the stake is not on the board.
    assert max(opening.opening_roll(preset("backgammon", cube_max=4)).stakes) == 4
    assert opening.opening_position(preset("acey_deucey", opening_double_cap=4), stake=4).cube_value == 1


def test_doubling_waits_for_the_rules_first_double_turn():
    start = Position.opening()
    assert STANDARD.first_double_turn == 2
    assert [may_double(STANDARD, start, turn) for turn in (1, 2, 3)] == [False, True, True]
    early = preset("backgammon", first_double_turn=1)
    assert may_double(early, start, 1)
    assert not may_double(preset("backgammon", first_double_turn=3), start, 2)
    assert not may_double(ACEY_DEUCEY, start, 5)                    # no cube at all
    owned = Position(start.on_roll, start.opponent, 64, "on_roll")
    assert not may_double(STANDARD, owned, 9)                        # at the top of the cube
    assert not may_double(STANDARD, Position(start.on_roll, start.opponent, 2, "opponent"), 9)


def _stake_growth_by_enumeration(depth=6):
    """E[2**(1-2 rolls in a turn)]: each roll of a turn enumerated over the 36 pairs, a 1-2
    earning another roll, cut after ``depth`` rolls (the rest is below (2/36)**depth)."""
    def turn(level):
        total = Fraction(0)
        for a, b in product(range(1, 7), repeat=2):
            acey = {a, b} == {1, 2}
            total += Fraction(1, 36) * (2 * turn(level + 1) if acey and level < depth else 1)
        return total
    return turn(1)


def test_acey_deucey_stake_house_rule():
    per_turn = _stake_growth_by_enumeration()
    assert 0 < Fraction(17, 16) - per_turn < Fraction(1, 9) ** 5
    table = variants.acey_deucey_stake_table(turns=(0, 1, 10)).set_index("turns")
    assert table.loc[0, "expected_stake"] == 1 and table.loc[0, "chance_doubled"] == 0
    assert table.loc[1, "expected_stake"] == pytest.approx(float(per_turn), abs=2e-6)
    assert table.loc[10, "chance_doubled"] == pytest.approx(1 - (34 / 36) ** 10, rel=1e-12)
    assert table.loc[10, "expected_stake"] == pytest.approx(float(per_turn) ** 10, rel=3e-5)
    with pytest.raises(InvalidRules, match="acey-deucey roll"):
        preset("backgammon", acey_deucey_doubles_stake=True)


# The loser (opponent) bore off 3 and still has a checker on the winner's 2-point (its own 23-point).
BORE_OFF_SOME_BUT_BEHIND = "off:15 / 6:11 23:1 off:3 / cube 2 opponent"


def test_backgammon_condition_both_wordings():
    position = Position.from_notation(BORE_OFF_SOME_BUT_BEHIND)
    common, literal = STANDARD, preset("backgammon", backgammon_needs_gammon=False)
    assert common.backgammon_needs_gammon
    assert variants.game_result(common, position) == ("on_roll", "single")
    assert variants.game_result(literal, position) == ("on_roll", "backgammon")
    assert variants.settle(common, position) == 2 and variants.settle(literal, position) == 6
    # A gammon with a checker behind is a backgammon under both wordings.
    gammon_behind = Position.from_notation("off:15 / 6:14 20:1")
    for rules in (common, literal):
        assert variants.game_result(rules, gammon_behind) == ("on_roll", "backgammon")
    # Gammon and backgammon values are fields too.
    assert variants.settle(preset("backgammon", gammon_value=1, backgammon_value=1), gammon_behind) == 1


@pytest.mark.parametrize("fields, words", [
    ({"cube_max": 48}, "power of two"), ({"opening_double_cap": 128}, "power of two"),
    ({"first_double_turn": 0}, "1-99"),
    ({"gammon_value": 4}, "gammon_value"), ({"cube": "yes"}, "true or false"), ({"cube_max": 2.0}, "whole number"),
    ({"dutch": True}, "not a backgammon rule field"), ({"all_in_before_advancing": True}, "mix the move rules"),
])
def test_rule_fields_are_checked_when_the_rules_are_made(fields, words):
    with pytest.raises(InvalidRules, match=words):
        preset("backgammon", **fields)
    if "dutch" not in fields:
        with pytest.raises(InvalidRules):
            BackgammonRules("house", **fields)
