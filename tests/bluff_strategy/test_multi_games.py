"""Whole games at the full table (``multi.games``): seeded (the same games again), paired (the full-table player and
the bid reader on the same dice: where the strategy never answers, the two games are the same game), seats rotated,
and every game ends with one player left."""

from __future__ import annotations

import pytest

from analysis.bluff.multi.games import BAYES, TABLE, measure_field, play_game
from analysis.bluff.rules import preset


@pytest.mark.parametrize("name", ["perudo", "bluff", "liars_dice"])
def test_games_are_seeded_and_end_with_one_player(name):
    # Bluff's exact count costs every player but the bidder a die: one already out loses nothing.
    rules = preset(name)
    winners = [play_game(rules, (TABLE, BAYES, "threshold"), g, 3, 2) for g in range(12)]
    assert winners == [play_game(rules, (TABLE, BAYES, "threshold"), g, 3, 2) for g in range(12)]
    assert set(winners) <= {0, 1, 2} and len(set(winners)) > 1


def test_where_no_solve_answers_the_paired_games_are_the_same_games():
    # Perudo without calza has no full-table solve: the full-table player is the bid reader throughout.
    rules = preset("perudo", exact_call=None)
    result = measure_field(rules, "threshold", 24, seed=1, start=2)
    assert result.games == 24 and result.table_wins == result.bayes_wins and result.gain == 0.0


def test_the_full_table_player_plays_the_solve_where_it_answers():
    rules = preset("perudo")
    result = measure_field(rules, "bayes", 30, seed=0, start=2)
    assert result.games == 30 and 0 <= result.table_wins <= 30 and result.half > 0
    # On the same dice the solve changes some games' outcomes (it plays its own mix in the 2-2-2 and 1-1-1 rounds).
    assert any(play_game(rules, (TABLE, BAYES, BAYES), g, 0, 2) != play_game(rules, (BAYES,) * 3, g, 0, 2)
               for g in range(30))
