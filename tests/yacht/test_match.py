"""Seeded matches against the exact answers: win/tie/lose from positions, and the win-seeking player's share."""

import dataclasses

import numpy as np
import pytest

from analysis.errors import InvalidArgument
from analysis.yacht.match import parse_strategies, simulate_match
from analysis.yacht.win import win_chances
from tests.conftest import assert_one_sentence_error

ME = "100:Chase Off,Straight,Even Straight,Six Beans"
THEM = ["120:Chase Off,Choice,Aces", "95:Straight,Four Dice,Five Beans,Two Beans"]


@pytest.mark.slow
@pytest.mark.parametrize("opponents", [THEM[:1], THEM])
def test_exact_win_tie_lose_against_simulated_games(opponents):
    exact = win_chances("yacht_kr", ME, opponents)
    games = 4000
    match = simulate_match("yacht_kr", ("optimal",), players=1 + len(opponents), games=games, seed=3,
                           start=(ME, *opponents), rotate=False)
    finals = match.finals
    best_other = finals[:, 1:].max(axis=1)
    observed = {"win": (finals[:, 0] > best_other).mean(), "tie": (finals[:, 0] == best_other).mean()}
    for name, value in observed.items():
        p = getattr(exact, name)
        assert abs(value - p) < 4.5 * np.sqrt(p * (1 - p) / games) + 1e-9, (name, value, p)


@pytest.mark.slow
def test_win_seeking_play_earns_its_exact_share_against_a_finished_opponent():
    # The opponent has finished, so the recursion at the first turn is the whole game's exact answer.
    me, them = "150:Chase Off,Straight,Aces", "200:"
    exact = win_chances("yacht_kr", me, [them], to_win=True)
    assert exact.to_win_share > exact.share + 0.05        # playing to win matters here (4.7% -> 12.7%)
    games = 1500
    match = simulate_match("yacht_kr", ("to-win", "optimal"), games=games, seed=5, start=(me, them), rotate=False)
    for strategy, p in (("to-win", exact.to_win_share),):
        mean, low, high = match.interval(strategy)
        assert low - 0.5 * (high - low) < p < high + 0.5 * (high - low), (mean, p)
    plain = simulate_match("yacht_kr", ("optimal",), players=2, games=games, seed=5, start=(me, them), rotate=False)
    mean, low, high = plain.interval("optimal")
    assert low - 0.5 * (high - low) < exact.share < high + 0.5 * (high - low)


def test_same_games_on_any_thread_count_and_any_split(monkeypatch):
    import numba

    from analysis.yacht import match as module

    kwargs = dict(games=60, seed=11, exact_from=3)
    threads = numba.get_num_threads()
    many = simulate_match("yacht_kr", ("to-win", "optimal", "optimal"), **kwargs)
    numba.set_num_threads(1)
    try:
        one = simulate_match("yacht_kr", ("to-win", "optimal", "optimal"), **kwargs)
    finally:
        numba.set_num_threads(threads)
    assert np.array_equal(many.finals, one.finals)
    monkeypatch.setattr(module, "_CHUNK", 7)
    split = simulate_match("yacht_kr", ("to-win", "optimal", "optimal"), **kwargs)
    assert np.array_equal(many.finals, split.finals)
    other = simulate_match("yacht_kr", ("to-win", "optimal", "optimal"), games=60, seed=12, exact_from=3)
    assert not np.array_equal(many.finals, other.finals)


def test_seats_rotate_from_game_to_game():
    # A seat's dice do not depend on who sits in it, and expected-score players are alike, so with the
    # seats rotating player i's final in game g is the final of seat (i + g) % 4 without rotation.
    fixed = simulate_match("yacht_kr", ("optimal",), players=4, games=12, seed=2, rotate=False).finals
    rotated = simulate_match("yacht_kr", ("optimal",), players=4, games=12, seed=2).finals
    for g in range(12):
        assert list(rotated[g]) == [fixed[g, (i + g) % 4] for i in range(4)], g
    assert len({tuple(row) for row in fixed}) > 1
    match = simulate_match("yacht_kr", ("to-win", "optimal"), players=4, games=8, seed=2, exact_from=2)
    assert match.strategies == ("to-win", "optimal", "optimal", "optimal")
    assert list(match.strategy_table()["strategy"]) == ["to-win", "optimal"]


def test_shares_count_a_tie_as_a_split_win():
    match = simulate_match("yacht_kr", ("optimal",), players=3, games=1, seed=0)
    match = dataclasses.replace(match, games=3, finals=np.array([[180, 150, 120], [150, 180, 180], [170, 170, 170]]))
    assert match.share_per_game().tolist() == [[1, 0, 0], [0, 0.5, 0.5], [1 / 3, 1 / 3, 1 / 3]]
    assert match.shares == {"optimal": pytest.approx(1 / 3)}


def test_parts_joined_are_one_run():
    whole = simulate_match("yacht_kr", ("to-win", "optimal"), games=12, seed=4, exact_from=3)
    first = simulate_match("yacht_kr", ("to-win", "optimal"), games=5, seed=4, exact_from=3)
    later = simulate_match("yacht_kr", ("to-win", "optimal"), games=7, seed=4, exact_from=3, first_game=5)
    joined = first.joined(later)
    assert np.array_equal(joined.finals, whole.finals)
    for name in ("box_points", "box_zeros", "behind_writes", "behind_zeros", "differed"):
        assert np.array_equal(getattr(joined, name), getattr(whole, name)), name
    with pytest.raises(InvalidArgument, match="same match"):
        first.joined(simulate_match("yacht_kr", ("to-win", "optimal"), games=5, seed=5, exact_from=3))


@pytest.mark.parametrize("call, match", [
    (lambda: parse_strategies("to-win,lucky", 2), "not a match strategy"),
    (lambda: parse_strategies("to-win", 7), "2 to 6 players"),
    (lambda: parse_strategies("to-win,optimal,optimal", 2), "1 to 2 strategies"),
    (lambda: simulate_match("yacht_kr", games=0), "Games must be"),
    (lambda: simulate_match("clubhouse", games=10), "without bonuses"),
    (lambda: simulate_match("yacht_kr", games=10, seed=2 ** 63), "Seed .* is not allowed"),   # the one seed rule
    (lambda: simulate_match("yacht_kr", games=10, seed=1.5), "Seed .* is not allowed"),
])
def test_bad_match_arguments(call, match):
    with pytest.raises(InvalidArgument, match=match):
        call()


@pytest.mark.slow
def test_cli_match(odds):
    result = odds("yacht", "simulate", "--preset", "yacht_kr", "--players", "2", "--strategy", "to-win,optimal",
                  "--games", "30", "--seed", "1", "--exact-from", "2", "--json")
    assert result.code == 0, result.err
    data = result.json()
    assert data["games"] == 30 and [row["strategy"] for row in data["strategy_table"]] == ["to-win", "optimal"]
    assert_one_sentence_error(odds("yacht", "simulate", "--players", "2", "--strategy", "to-win,bold"))
    assert_one_sentence_error(odds("yacht", "simulate", "--players", "9", "--strategy", "to-win,optimal"))
