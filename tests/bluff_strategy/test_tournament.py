"""Whole-game simulation: against an exact enumeration of the same bots, and the same seed everywhere."""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import product

import pytest

from analysis.bluff.rules import preset
from analysis.bluff.tournament import run_sweep, run_tournament
from analysis.errors import InvalidArgument

LIARS = preset("liars_dice").with_fields(exact_call=None)


# ------------------------------------------------------------------ an exact reference, bots written again
def _p_true(count, face, my_die, unknown):
    """P(at least ``count`` of ``face`` | my one die, ``unknown`` fair dice), no wild face."""
    need = count - (1 if my_die == face else 0)
    if need <= 0:
        return Fraction(1)
    return sum(Fraction(math.comb(unknown, k) * 5 ** (unknown - k), 6 ** unknown) for k in range(need, unknown + 1))


BIDS = [(count, face) for count in (1, 2) for face in range(1, 7)]


def _threshold_choices(bid, my_die, level):
    if bid is not None and _p_true(*bid, my_die, 1) < level:
        return {"challenge": Fraction(1)}
    later = BIDS if bid is None else BIDS[BIDS.index(bid) + 1:]
    for candidate in later:
        if _p_true(*candidate, my_die, 1) >= level:
            return {candidate: Fraction(1)}
    return {"challenge": Fraction(1)} if bid is not None else {BIDS[0]: Fraction(1)}


def _random_choices(bid):
    later = BIDS if bid is None else BIDS[BIDS.index(bid) + 1:]
    options = later + ([] if bid is None else ["challenge"])
    return {option: Fraction(1, len(options)) for option in options}


def _p_opener_wins(opener_bot, other_bot, dice, bid=None, turn=0):
    """P(the opener wins) in a one-die-each round, the bots' choices enumerated exactly."""
    bot = (opener_bot, other_bot)[turn]
    mine = dice[turn]
    choices = _random_choices(bid) if bot == "random" else _threshold_choices(bid, mine, Fraction(1, 2))
    total = Fraction(0)
    for action, p in choices.items():
        if action == "challenge":
            actual = sum(1 for d in dice if d == bid[1])
            bid_true = actual >= bid[0]
            caller_loses = bid_true
            opener_wins = caller_loses if turn == 1 else not caller_loses
            total += p * (1 if opener_wins else 0)
        else:
            total += p * _p_opener_wins(opener_bot, other_bot, dice, action, 1 - turn)
    return total


def test_simulated_win_rate_matches_exact_enumeration():
    exact_open = sum(_p_opener_wins("random", "threshold", dice) for dice in product(range(1, 7), repeat=2)) / 36
    exact_answer = sum(1 - _p_opener_wins("threshold", "random", dice)
                       for dice in product(range(1, 7), repeat=2)) / 36
    exact = float((exact_open + exact_answer) / 2)   # the opener rotates: seat 0 opens every other game
    games = 40000
    result = run_tournament(LIARS, "random,threshold", games=games, seed=3, start=1, scheduler="sync")
    rate = result.table.win_rate[0]
    error = math.sqrt(exact * (1 - exact) / games)
    assert abs(rate - exact) < 4 * error, (rate, exact, error)
    assert result.table.ci_low[0] < exact < result.table.ci_high[0] or abs(rate - exact) < 4 * error


# ------------------------------------------------------------------ reproducibility
def test_same_seed_same_games_whatever_the_chunks_and_scheduler():
    rules = preset("bluff")
    kwargs = dict(bots="threshold:0.4,honest,random", games=3000, seed=11, start=3)
    one = run_tournament(rules, chunks=1, scheduler="sync", **kwargs)
    many = run_tournament(rules, chunks=7, scheduler="threads", **kwargs)
    assert one.table.equals(many.table)
    assert one.first_opener_wins == many.first_opener_wins
    other_seed = run_tournament(rules, chunks=1, scheduler="sync", **{**kwargs, "seed": 12})
    # Another seed plays other games (its win counts can coincide by chance: 11 and 12 do here).
    assert (one.mean_rounds, one.first_opener_wins) != (other_seed.mean_rounds, other_seed.first_opener_wins)


def test_sweep_on_a_local_dask_cluster_matches_the_local_run():
    distributed = pytest.importorskip("distributed")
    entries = [{"rules": preset("perudo"), "bots": "threshold,honest"},
               {"rules": preset("liars_dice"), "bots": "threshold:0.3,threshold:0.6,random", "start": 2}]
    local = run_sweep(entries, games=1500, seed=5, chunks=3, scheduler="sync")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        remote = run_sweep(entries, games=1500, seed=5, chunks=3, scheduler=client)
    assert local.equals(remote)
    assert len(local) == 5 and set(local.entry) == {0, 1}


def test_tournament_by_scheduler_address(odds):
    # The CLI's --scheduler takes an address, as it would for a cluster on other machines.
    distributed = pytest.importorskip("distributed")
    args = ["bluff", "tournament", "--preset", "bluff", "--bots", "threshold,honest,random", "--games", "900",
            "--seed", "8", "--chunks", "3", "--json"]
    local = odds(*args, "--scheduler", "sync").json()
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        remote = odds(*args, "--scheduler", cluster.scheduler_address).json()
    assert remote["seats"] == local["seats"]


def test_every_game_ends_with_one_winner():
    result = run_tournament(preset("perudo"), "random,random,honest,threshold,random,honest", games=600,
                            seed=2, scheduler="sync")
    assert result.unfinished == 0
    assert result.table.wins.sum() == 600
    assert result.by_position.win_rate.sum() == pytest.approx(1.0)


def test_equilibrium_bot_is_not_exploited_by_the_threshold_bot():
    # One die each, Bluff: the equilibrium loses at most its exploitability per round on average;
    # with the opener rotating its win rate cannot fall far below 1/2.
    result = run_tournament(preset("bluff"), "equilibrium,threshold", games=20000, seed=4, start=1,
                            scheduler="sync")
    assert result.table.ci_high[0] > 0.5 - 1e-3


@pytest.mark.parametrize("bots, message", [("threshold,wizard", "not a bot"), ("threshold:2", "between 0 and 1"),
                                           ("threshold,honest", "one bot per player")])
def test_bad_bots_are_refused(bots, message):
    with pytest.raises(InvalidArgument, match=message):
        run_tournament(preset("bluff"), bots, players=3 if bots == "threshold,honest" else None, games=10,
                       scheduler="sync")
