"""Position IDs, notation and validation."""

import dataclasses

import pytest

from analysis.backgammon.position import Position
from analysis.errors import InvalidPosition


def test_opening_id_round_trip():
    start = Position.from_id("4HPwATDgc/ABMA")
    assert start == Position.opening()
    assert start.position_id() == "4HPwATDgc/ABMA"
    assert start.pips() == (167, 167)


def test_gnubg_writes_the_side_not_on_roll_first():
    # gnubg 1.07.001: after X opens 31 with 8/5 6/5 it shows O on roll and ID sGfwATDgc/ABMA.
    after = Position.from_id("sGfwATDgc/ABMA")
    assert after.on_roll == Position.opening().on_roll
    assert after.opponent[4] == 2 and after.opponent[5] == 4 and after.opponent[7] == 2
    # 0HPkATDgc/ABMA is gnubg's ID after 13/11 6/5.
    other = Position.from_id("0HPkATDgc/ABMA")
    assert other.opponent[10] == 1 and other.opponent[12] == 4 and other.opponent[4] == 1


def test_notation_round_trip_with_bar_and_cube():
    text = "1:2 6:3 bar:1 / 3:2 20:4 / cube 4 opponent"
    position = Position.from_notation(text)
    assert position.notation() == text
    assert position.on_roll[24] == 1 and position.borne_off() == (9, 9)
    assert Position.from_id(position.position_id(), 4, "opponent") == position
    assert position.swapped().cube_owner == "on_roll"


@pytest.mark.parametrize("text, words", [
    ("6:16 / 6:1", "16 checkers"),
    ("6:2 / 19:1", "both colours"),
    ("6:2 / 6:2 / cube 3", "cube of 3"),
    ("6:2 / 6:2 / cube 1 on_roll", "impossible"),
    ("6:2 / 6:2 / cube 2 bob", "cube owner"),
    ("6:2 / 6:x", "point:count"),
    ("25:1 / 6:1", "not a point"),
    ("off:15 / off:15", "only one side"),
    ("6:2 off:3 / 6:1", "off:3"),
])
def test_bad_positions_get_one_sentence(text, words):
    with pytest.raises(InvalidPosition, match=words):
        Position.from_notation(text)


@pytest.mark.parametrize("bad", ["4HPwATDgc/ABM", "4HPwATDgc/AB!A", "////////////AA"])
def test_bad_ids(bad):
    with pytest.raises(InvalidPosition):
        Position.from_id(bad)


from hypothesis import given, settings, strategies as st  # noqa: E402


@st.composite
def positions(draw):
    """Random legal positions: checkers dropped on points, the bar and off, never both colours on a point."""
    sides = [[0] * 26, [0] * 26]
    owner_of = {}
    for side in (0, 1):
        for _ in range(draw(st.integers(0, 15))):
            place = draw(st.integers(0, 24))
            if place < 24:
                point = place if side == 0 else 23 - place      # in side 0's numbering
                if owner_of.setdefault(point, side) != side:
                    continue
            sides[side][place] += 1
    if sum(sides[0]) == 0 and sum(sides[1]) == 0:
        sides[0][0] = 1
    return Position(tuple(sides[0]), tuple(sides[1]))


@settings(max_examples=300, deadline=None)
@given(positions())
def test_id_and_notation_round_trip(position):
    assert Position.from_id(position.position_id()) == position
    assert Position.from_notation(position.notation()) == position
    assert position.swapped().swapped() == position
    assert len(position.position_id()) == 14


def test_cube_values_come_from_the_rule_fields():
    from analysis.backgammon.rules import ACEY_DEUCEY, STANDARD
    assert STANDARD.cube_values == (1, 2, 4, 8, 16, 32, 64)  # docs/rules.md: doubling cube 2..64
    assert ACEY_DEUCEY.cube_values == (1,)                   # no cube: paid per checker left
    assert dataclasses.replace(STANDARD, cube_max=16).cube_values == (1, 2, 4, 8, 16)
