"""Full-width CFR over the remembered bids (analysis/bluff/sampled/full_width.py), checked against the exact
solver's tree and against a plain enumeration of every bid history."""

from __future__ import annotations

import numba
import numpy as np
import pytest

from analysis.bluff.sampled.full_width import Trainer, window_graph
from analysis.bluff.rules import preset
from analysis.bluff.sampled.exploitability import exact_exploitability
from analysis.bluff.sampled.game import MAX_BYTES, sampled_game
from analysis.bluff.sampled.solver import VARIANT, solve_sampled
from analysis.bluff.sampled.stored import stored_solve
from analysis.bluff.exact.solve import solve_round
from analysis.cfr.kernels import SCHEDULES
from analysis.errors import InvalidArgument
from analysis.store import Store

LIARS = preset("liars_dice", wild=6, exact_call=None)
SCHEDULE = SCHEDULES[VARIANT]


def _random_policy(game, rng):
    policy = np.empty(game.slots)
    for start, hands, size in game.blocks():
        rows = rng.random((hands, size)) + 0.05
        policy[start:start + hands * size] = (rows / rows.sum(axis=1, keepdims=True)).reshape(-1)
    return policy


def _slot(game, history, hand):
    """The slot row of the player to act after ``history`` (bid indices) holding ``hand``: (base, size)."""
    from analysis.bluff.sampled.window_rules import window_rank

    depth = len(history)
    actor = depth % 2
    w = window_rank(np.array(history, dtype=np.int64), depth, game.k, game.binom, game.first)
    size = int(game.n_actions[w])
    return int(game.offset[actor, w]) + hand * size, size


def _enumerated(game, policy, traverser):
    """Brute force over every bid history and pair of hands: the first bidder's value, and the counterfactual
    regret gain of each of ``traverser``'s slots (the other's chance of its hand and of its own bids along the
    history, times the value of each action less the policy's)."""
    gains = np.zeros(game.slots)
    opening = game.raises.shape[0] - 1

    def walk(history, h0, h1, other_reach):
        actor = len(history) % 2
        last = history[-1] if history else -1
        row = last if history else opening
        nr = int(game.n_raises[row])
        base, size = _slot(game, history, (h0, h1)[actor])
        values = np.empty(size)
        for a in range(size):
            if a < nr:
                step = policy[base + a] if actor != traverser else 1.0
                values[a] = walk(history + [int(game.raises[row, a])], h0, h1, other_reach * step)
            else:
                actual = game.match[0, h0, last] + game.match[1, h1, last]
                values[a] = game.payoff[a - nr, actor, last, actual]
        expected = float(policy[base:base + size] @ values)
        if actor == traverser:
            sign = 1.0 if traverser == 0 else -1.0
            gains[base:base + size] += other_reach * sign * (values - expected)
        return expected

    total = 0.0
    other = 1 - traverser
    for h0 in range(len(game.hands[0])):
        for h1 in range(len(game.hands[1])):
            weight = game.chance[other, (h0, h1)[other]]
            total += game.chance[0, h0] * game.chance[1, h1] * walk([], h0, h1, weight)
    return total, gains


@pytest.mark.parametrize("rules, dice, faces, k", [(LIARS, (1, 1), 3, 1), (LIARS, (1, 1), 3, 2),
                                                   (preset("perudo"), (1, 1), 3, 1), (preset("bluff"), (1, 1), 3, 2)])
@pytest.mark.slow
def test_one_update_gives_every_information_set_its_counterfactual_regrets(rules, dice, faces, k):
    game = sampled_game(rules, dice, k=k, faces=faces)
    rng = np.random.default_rng(5)
    positive = _random_policy(game, rng)   # regret matching on positive regrets plays them in proportion
    for traverser in (0, 1):
        regret, strategy_sum = positive.copy(), np.zeros(game.slots)
        trainer = Trainer(game, SCHEDULE, MAX_BYTES)
        # At the first iteration discounted CFR keeps none of a positive regret, so the regrets become the gains.
        value = trainer.sweep(regret, strategy_sum, 1, traverser)
        expected_value, gains = _enumerated(game, positive, traverser)
        assert value == pytest.approx(expected_value, abs=1e-12)
        # The traverser's information sets that some round reaches (the layout also numbers windows no round
        # reaches for that seat: the other's turn there, or bids that do not rise as the rules say).
        graph = window_graph(game)
        mine = np.zeros(game.slots, dtype=bool)
        for w in graph.window[graph.actor == traverser]:
            size = int(game.n_actions[w])
            start = int(game.offset[traverser, w])
            mine[start:start + len(game.hands[traverser]) * size] = True
        assert mine.sum() > 0
        assert np.allclose(regret[mine], gains[mine], rtol=0, atol=1e-12)
        assert np.array_equal(regret[~mine], positive[~mine])      # nothing else is touched
        assert not gains[~mine].any()


@pytest.mark.parametrize("rules, dice, faces, k", [(LIARS, (1, 1), 4, 2), (preset("perudo"), (2, 1), 3, 1),
                                                   (preset("liars_dice"), (1, 2), 3, 2)])
@pytest.mark.slow
def test_the_windows_value_a_policy_as_the_exact_tree_does(rules, dice, faces, k):
    game = sampled_game(rules, dice, k=k, faces=faces)
    policy = _random_policy(game, np.random.default_rng(1))
    trainer = Trainer(game, SCHEDULE, MAX_BYTES)
    assert trainer.value_of(policy) == pytest.approx(exact_exploitability(game, policy).value_first_bidder,
                                                     abs=1e-12)


def test_every_window_some_history_reaches_is_a_state():
    game = sampled_game(LIARS, (1, 1), k=2, faces=4)
    graph = window_graph(game)
    # Liar's Dice: any rising run of bids is a legal round. The window of one bid is the second bidder's (the
    # opening was made); a pair is the first bidder's when it opened the round, and the second's too when an odd
    # number of bids came before it, which needs a bid below the pair's first: not when that is the lowest bid.
    bids = len(game.bids)
    pairs = bids * (bids - 1) // 2
    assert graph.states == 1 + bids + pairs + (pairs - (bids - 1))
    assert graph.state_of[0, 0] == 0 and graph.level_start[0] == 0 and graph.level_start[-1] == graph.states


@pytest.mark.slow
@pytest.mark.parametrize("rules, dice, faces", [(LIARS, (1, 1), 4), (preset("perudo"), (2, 1), 3)])
def test_full_recall_full_width_reaches_the_exact_equilibrium(rules, dice, faces):
    exact = solve_round(rules, dice, faces=faces, target=1e-6, store=False)
    solved = solve_sampled(rules, dice, k=None, faces=faces, iterations=600, store=False, full_width=True)
    assert solved.exploitability.exact
    assert solved.exploitability.value < 2e-4
    assert solved.value == pytest.approx(exact.value, abs=2e-4)
    assert solved.full_width and "full-width" in solved.method


def test_remembering_two_bids_full_width_gets_closer_to_equilibrium_as_it_runs():
    few, many = (solve_sampled(LIARS, (1, 1), k=2, faces=4, iterations=n, store=False, full_width=True)
                 for n in (5, 200))
    assert many.exploitability.value < few.exploitability.value / 3
    # Remembering two bids costs exploitability against a player who remembers all (the exact equilibrium: 0).
    assert many.exploitability.value > 1e-3


def test_the_same_solve_on_one_thread_or_two():
    solves = []
    before = numba.get_num_threads()
    try:
        for threads in (1, min(2, numba.config.NUMBA_NUM_THREADS)):
            numba.set_num_threads(threads)
            solves.append(solve_sampled(LIARS, (2, 2), k=2, faces=3, iterations=20, store=False, full_width=True,
                                        lbr_games=200))
    finally:
        numba.set_num_threads(before)
    assert np.array_equal(solves[0].policy, solves[1].policy)
    assert solves[0].value == solves[1].value


def test_a_full_width_solve_is_stored_apart_from_the_sampled_one(tmp_path):
    store = Store(tmp_path)
    written = solve_sampled(LIARS, (1, 1), k=2, faces=4, iterations=50, store=store, full_width=True)
    read = solve_sampled(LIARS, (1, 1), k=2, faces=4, iterations=50, store=store, full_width=True)
    assert not written.from_store and read.from_store and read.full_width
    assert np.array_equal(written.policy, read.policy)
    assert stored_solve(LIARS, (1, 1), k=2, faces=4, iterations=50, store=store) is None


def test_full_width_takes_no_sampling_settings_and_refuses_what_does_not_fit():
    with pytest.raises(InvalidArgument, match="no sampling width"):
        solve_sampled(LIARS, (1, 1), k=2, faces=4, iterations=5, store=False, full_width=True, width=2.0)
    game = sampled_game(preset("liars_dice"), (7, 7), k=2, steps=2)
    with pytest.raises(InvalidArgument, match=r"^Full-width CFR on a 7v7 round of .* needs [\d.,]+ GB, more than "
                                              r"the 4 GB allowed; remember fewer bids or use the sampled solver\.$"):
        Trainer(game, SCHEDULE, MAX_BYTES)


def test_a_full_width_checkpoint_is_read_back_only_by_its_own_solve(tmp_path):
    checkpoint = str(tmp_path / "check.npz")
    whole = solve_sampled(LIARS, (1, 1), k=2, faces=4, iterations=30, store=False, full_width=True)
    solve_sampled(LIARS, (1, 1), k=2, faces=4, iterations=30, store=False, full_width=True, checkpoint=checkpoint)
    resumed = solve_sampled(LIARS, (1, 1), k=2, faces=4, iterations=30, store=False, full_width=True,
                            checkpoint=checkpoint)
    assert np.array_equal(whole.policy, resumed.policy)
    # The sampled solve of the same round and iterations has another key: it starts afresh from the same file.
    sampled = solve_sampled(LIARS, (1, 1), k=2, faces=4, iterations=30, store=False, checkpoint=checkpoint)
    assert not np.array_equal(sampled.policy, whole.policy)
