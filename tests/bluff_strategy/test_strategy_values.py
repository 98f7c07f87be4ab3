"""The exact values of a decision of a stored solve (``strategy_values``): equal to the exact solver's evaluation
where the whole tree fits, and to rounds played on by the sampled solver's own kernel within their interval."""

from __future__ import annotations

import numpy as np
import pytest

from analysis.bluff.sampled import _eval_kernels as _sampled_eval
from analysis.bluff.sampled._kernels import window_rank
from analysis.bluff.rules import preset
from analysis.bluff.sampled.exploitability import exact_exploitability
from analysis.bluff.sampled.solver import solve_sampled
from analysis.bluff.sampled.values import action_values, policy_rows, rank_of_window as numpy_rank, remembered

LIARS = preset("liars_dice", wild=1, exact_call=None)
PERUDO = preset("perudo")

#: (rules, dice, faces, k, steps, width): every memory the plans use (every bid, the last two, the last one with the
#: raises abstracted), small enough for the exact solver's tree.
SMALL = [(LIARS, (1, 1), 4, None, None, 0.0), (PERUDO, (1, 1), 4, 2, None, 0.0), (LIARS, (1, 2), 3, 1, 1, 1.5),
         (PERUDO, (2, 1), 3, 2, None, 0.0)]


def _solve(rules, dice, faces, k, steps, width, iterations=3000):
    return solve_sampled(rules, dice, k=k, iterations=iterations, faces=faces, steps=steps, width=width,
                         lbr_games=100, store=False)


def _opening_value(solution) -> float:
    """The first bidder's value of the whole round, from the exact values of each opening and the strategy."""
    game = solution.game
    policy = solution.policy.astype(np.float64)
    total = 0.0
    for h in range(len(game.hands[0])):
        values = action_values(game, policy, 0, h, [], game.chance[1, :len(game.hands[1])])
        chances = policy_rows(game, policy, 0, (), h + 1)[h]
        raises = game.raises[len(game.bids), :game.n_raises[len(game.bids)]]
        total += game.chance[0, h] * sum(p * values[int(r)] for p, r in zip(chances, raises))
    return total


@pytest.mark.parametrize("rules, dice, faces, k, steps, width", SMALL)
def test_the_values_add_up_to_the_exact_solvers_evaluation_of_the_strategy(rules, dice, faces, k, steps, width):
    solution = _solve(rules, dice, faces, k, steps, width)
    exact = exact_exploitability(solution.game, solution.policy.astype(np.float64))
    assert _opening_value(solution) == pytest.approx(exact.value_first_bidder, abs=1e-9)


@pytest.mark.parametrize("rules, dice, faces, k, steps, width", SMALL)
def test_windows_are_ranked_as_the_solver_ranks_them(rules, dice, faces, k, steps, width):
    game = _solve(rules, dice, faces, k, steps, width, iterations=10).game
    rng = np.random.default_rng(3)
    for _ in range(200):
        history = sorted(rng.choice(len(game.bids), size=rng.integers(0, min(5, len(game.bids)) + 1), replace=False))
        indices = np.array(list(history) + [0], dtype=np.int64)
        assert numpy_rank(game, remembered(game, history)) == \
            _sampled_eval.seen_rank(indices, len(history), game.k, game.binom, game.first, game.stand_in)
        if game.k != 2:
            assert numpy_rank(game, remembered(game, history)) == window_rank(indices, len(history), game.k,
                                                                              game.binom, game.first)


def test_an_off_abstraction_pair_is_remembered_as_a_trained_pair_alike_in_python_and_compiled():
    # Two bids remembered over abstracted raises: where the later bid is not a raise the abstraction makes after
    # the earlier, the memory keeps a stand-in after which it is (a pair the solve trained), the same in the
    # table's answers (plain Python) and in the kernels (compiled); elsewhere the bids as made.
    from analysis.bluff.sampled import memory_rules
    from analysis.bluff.sampled.game import sampled_game

    game = sampled_game(LIARS, (2, 2), 2, None, False, "dice", 1)
    off = 0
    for earlier in range(len(game.bids)):
        for later in range(earlier + 1, len(game.bids)):
            window = remembered(game, [earlier, later])
            if game.action_of[earlier, later] >= 0:
                assert window == (earlier, later)
            else:
                off += 1
                assert window[1] == later and game.action_of[window[0], later] >= 0
            indices = np.array([earlier, later, 0], dtype=np.int64)
            plain = memory_rules.seen_rank(indices.copy(), 2, game.k, game.binom, game.first, game.stand_in)
            assert plain == numpy_rank(game, window) == \
                _sampled_eval.seen_rank(indices, 2, game.k, game.binom, game.first, game.stand_in)
            assert list(indices) == [earlier, later, 0]
    assert off > 100


@pytest.mark.parametrize("bids, k", [(12, 1), (12, 2), (12, 3), (9, 9)])
def test_every_window_has_its_own_rank_and_the_ranks_fill_the_layout(bids, k):
    # Every set of at most k bids (the last k of a rising history), enumerated, against the layout's count.
    from itertools import combinations

    from analysis.bluff.sampled.game import _windows, count_windows

    binom, first, _, last = _windows(bids, k)
    ranks = [int(window_rank(np.array(chosen + (0,), dtype=np.int64), len(chosen), k, binom, first))
             for size in range(k + 1) for chosen in combinations(range(bids), size)]
    assert sorted(ranks) == list(range(count_windows(bids, k)))
    # A window's last bid is the one the layout says.
    for chosen in combinations(range(bids), min(k, 2)):
        rank = int(window_rank(np.array(chosen, dtype=np.int64), len(chosen), k, binom, first))
        assert last[rank] == (chosen[-1] if chosen else -1)


@pytest.mark.parametrize("rules, dice, k, steps, width, history", [
    (LIARS, (2, 2), 1, 2, 2.0, [2]),       # the second bidder answers an opening, raises abstracted
    (PERUDO, (2, 2), 2, None, 0.0, [1, 5]),   # the first bidder after two bids, the last two remembered
    (LIARS, (2, 3), 1, 2, 2.0, [])])       # the opening
@pytest.mark.slow
def test_the_values_are_those_of_rounds_played_on_within_their_interval(rules, dice, k, steps, width, history):
    solution = solve_sampled(rules, dice, k=k, iterations=4000, steps=steps, width=width, lbr_games=100,
                             store=False)
    game = solution.game
    policy = solution.policy.astype(np.float64)
    seat = len(history) % 2
    other = 1 - seat
    hands = len(game.hands[other])
    belief = game.chance[other, :hands].copy()
    for depth in range(other, len(history), 2):   # the other's bids, read as the strategy makes them
        row = history[depth - 1] if depth else len(game.bids)
        a = int(game.action_of[row, history[depth]])
        assert a >= 0
        belief *= policy_rows(game, policy, other, remembered(game, history[:depth]), hands)[:, a]
    belief /= belief.sum()
    h = len(game.hands[seat]) // 2
    values = action_values(game, policy, seat, h, history, belief)
    last = history[-1] if history else len(game.bids)
    indices = np.array(history + [0], dtype=np.int64)
    games = 20000
    checked = 0
    for a in range(int(game.n_raises[last]) + (len(game.calls) if history else 0)):
        out = _sampled_eval.play_out(7 + a, games, h, seat, indices, len(history), belief, game.kernel_layout(),
                                     policy, a)
        nr = int(game.n_raises[last])
        key = int(game.raises[last, a]) if a < nr else -1 - (a - nr)
        # 99.9% intervals (3.29 standard errors): the seeds are fixed, so this is not a chance of failing per run.
        assert abs(values[key] - out.mean()) <= 3.29 * out.std(ddof=1) / np.sqrt(games) + 1e-12, (a, key)
        checked += 1
    assert checked >= 4
    # Every legal raise is valued, the abstraction's or not.
    assert len([key for key in values if key >= 0]) == int(game.all_n_raises[last])
