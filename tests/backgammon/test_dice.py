"""Dice tables against brute force, the move generator and the published shot table."""

import random

import pytest

from tests.backgammon import reference as ref

from analysis.backgammon.dice import entry, shot_table, shots
from analysis.backgammon.moves import legal_plays
from analysis.backgammon.position import Position
from analysis.errors import InvalidArgument

# The standard table of hitting numbers with nothing in the way (e.g. Magriel, "Backgammon",
# 1976, the shot table; also bkgm.com "Odds of hitting a blot").
PUBLISHED_SHOTS = {1: 11, 2: 12, 3: 14, 4: 15, 5: 15, 6: 17, 7: 6, 8: 6, 9: 5, 10: 3, 11: 2, 12: 3,
                   13: 0, 14: 0, 15: 1, 16: 1, 17: 0, 18: 1, 19: 0, 20: 1, 21: 0, 22: 0, 23: 0, 24: 1}


def test_open_board_shots_match_the_published_table():
    table = shot_table()
    assert dict(zip(table.distance, table.rolls)) == PUBLISHED_SHOTS


def test_blocked_shots_match_brute_force():
    rng = random.Random(8)
    for _ in range(300):
        distance = rng.randint(1, 24)
        blocks = {rng.randint(1, 23) for _ in range(rng.randint(0, 4))} - {distance}
        assert shots(distance, blocks) == ref.shots(distance, blocks), (distance, blocks)
    assert shots(8, (4, 6)) == 4


def _blot_position(distance, blocks):
    """My lone hitter on my 24-point, the opponent's blot ``distance`` pips ahead of it and
    their made points at the ``blocks`` distances; their spare checkers wait on the bar."""
    me = [0] * 26
    me[23] = 1
    me[0] = 14                  # parked on my ace point, unable to move
    them = [0] * 26
    them[distance] = 1          # my index 23 - d is their index d
    for block in blocks:
        them[block] = 2
    them[24] = 15 - sum(them)
    return Position(tuple(me), tuple(them))


@pytest.mark.parametrize("distance, blocks", [(8, (4, 6)), (6, ()), (12, (4, 8)), (11, (5,)), (4, (2,)),
                                              (16, (4, 8, 12)), (9, (3, 6))])
def test_shots_match_the_move_generator(distance, blocks):
    position = _blot_position(distance, blocks)
    hitting = 0
    for a in range(1, 7):
        for b in range(1, 7):
            plays = legal_plays("backgammon", position, (a, b))
            hitting += any(p.result.on_roll[24] > position.opponent[24] for p in plays.plays)
    assert hitting == shots(distance, blocks)


@pytest.mark.parametrize("closed", range(7))
def test_entry_matches_formula_and_move_generator(closed):
    assert entry(closed, 1).some_enter == 36 - closed ** 2
    assert entry(closed, 2).all_enter == (6 - closed) ** 2
    # Two on the bar against `closed` made points (their 1..closed points), brute force with the engine.
    them = [0] * 26
    for point in range(closed):
        them[point] = 2
    them[12] = 15 - 2 * closed
    me = [0] * 26
    me[24] = 2
    me[12] = 13
    position = Position(tuple(me), tuple(them))
    both_in = sum(all(p.result.opponent[24] == 0 for p in legal_plays("backgammon", position, (a, b)).plays)
                  for a in range(1, 7) for b in range(1, 7))
    assert both_in == entry(closed, 2).all_enter


@pytest.mark.parametrize("call", [lambda: shots(25), lambda: shots(0), lambda: shots(8, "4,x"),
                                  lambda: shots(8, (8,)), lambda: entry(7), lambda: entry(3, 0)])
def test_bad_dice_arguments(call):
    with pytest.raises(InvalidArgument):
        call()


def test_one_roll_bearoff_matches_brute_force_database_and_gnubg():
    from analysis.backgammon.bearoff import bearoff_odds
    from analysis.backgammon.dice import one_roll_bearoff, one_roll_bearoff_table

    for counts in [(0, 0, 0, 0, 0, 1), (2, 0, 0, 0, 0, 1), (0, 0, 0, 0, 1, 1), (1, 1, 0, 0, 0, 0), (0, 0, 3, 0, 0, 0)]:
        brute = sum(any(sum(n) == 0 for n in ref.bearoff_moves(counts, a, b))
                    for a in range(1, 7) for b in range(1, 7))
        assert one_roll_bearoff(counts) == brute
        assert one_roll_bearoff(counts) / 36 == pytest.approx(bearoff_odds(counts).distribution.get(1, 0.0))
    # gnubg 1.07.001 bearoffdump: one checker on the 6-point 75.000%, 2-0-0-0-0-1 11.112%.
    assert one_roll_bearoff((0, 0, 0, 0, 0, 1)) == 27
    assert one_roll_bearoff((2, 0, 0, 0, 0, 1)) == 4
    table = one_roll_bearoff_table(2)
    assert len(table) == 21 and table.set_index("points").loc["6-6", "rolls"] == 4


def test_two_checker_one_roll_table_matches_the_published_chart():
    # The usual chart of two-checker one-roll bear-offs (e.g. bkgm.com, "Bearoff odds"), rolls of 36.
    from analysis.backgammon.dice import one_roll_bearoff_table

    published = {"1-1": 36, "2-1": 36, "3-1": 34, "4-1": 29, "5-1": 23, "6-1": 15, "2-2": 26, "3-2": 25,
                 "4-2": 23, "5-2": 19, "6-2": 13, "3-3": 17, "4-3": 17, "5-3": 14, "6-3": 10, "4-4": 11,
                 "5-4": 10, "6-4": 8, "5-5": 6, "6-5": 6, "6-6": 4}
    table = one_roll_bearoff_table(2)
    assert dict(zip(table.points, table.rolls)) == published
