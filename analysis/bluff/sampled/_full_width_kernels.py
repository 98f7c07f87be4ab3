"""Numba kernels of full-width CFR on the sampled solver's abstraction of a two-player round (``full_width.py``).

A player remembering only the last ``k`` bids plays a strategy that depends on the round through that window
alone, and so does everything below it: the value of the rest of the round, for each pair of hands, is a
function of the window and of whose turn it is. So instead of walking the bid tree (which at 5v5 has more
histories than can be counted) one iteration of CFR walks the **windows**: a forward pass sums each player's own
reach over every history that ends in each window (a player's reach is a product of its own chances along the
round, and the sum over histories factors through the windows), and a backward pass, from the highest last bid
down, values each window for every pair of hands, gives each information set its counterfactual values (the
other's summed reach times the value of each action) and updates its regrets and average strategy. Every
information set is updated at every iteration, exactly, with no sampling.

The layout is the sampled solver's (``_kernels``): the slot of (seat s, window w, hand h, action a) is
``offset[s, w] + h * actions + a``. A *state* is a window and the seat to act there; ``child[w, a]`` is the
window after raise ``a``; ``level_start`` groups the states by the last bid of their window, so
that a state's children lie in later levels and the states of one level can be valued in parallel. The passes
read the states as one ``graph`` (``full_width.WindowGraph``) and the round's arrays as one ``tables``
(``kernel_tables.WindowTables``).
"""

import numpy as np
from numba import prange

from analysis.jit import njit
from analysis.cfr.kernels import average_weight, regret_matching, regret_update, schedule_discounts


@njit(cache=True)
def match_policy(regret, graph, tables, sigma):
    """Every information set's current strategy (regret matching), into ``sigma`` (the slots' layout)."""
    state_window, state_actor = graph.window, graph.actor
    offset, n_actions, hands = tables.offset, tables.n_actions, tables.hands
    for s in range(state_window.size):
        w = state_window[s]
        p = state_actor[s]
        size = n_actions[w]
        for h in range(hands[p]):
            base = offset[p, w] + h * size
            regret_matching(regret, base, size, sigma, base)


@njit(cache=True)
def forward_reach(sigma, graph, tables, reach):
    """``reach[p, s, h]``: the sum over the histories ending in state ``s`` of player ``p``'s own chances along
    them, holding hand ``h`` (the states in order of their last bid, so a state's parents come before it)."""
    state_window, state_actor, state_of, child, window_row = (graph.window, graph.actor, graph.state_of, graph.child,
                                                              graph.row)
    n_raises, offset, n_actions, hands = tables.n_raises, tables.offset, tables.n_actions, tables.hands
    reach[:] = 0.0
    for p in range(2):
        for h in range(hands[p]):
            reach[p, 0, h] = 1.0
    for s in range(state_window.size):
        w = state_window[s]
        actor = state_actor[s]
        row = window_row[w]
        size = n_actions[w]
        for a in range(n_raises[row]):
            c = state_of[child[w, a], 1 - actor]
            for h in range(hands[actor]):
                reach[actor, c, h] += reach[actor, s, h] * sigma[offset[actor, w] + h * size + a]
            other = 1 - actor
            for h in range(hands[other]):
                reach[other, c, h] += reach[other, s, h]


@njit(cache=True, parallel=True)
def backward_pass(sigma, reach, graph, tables, values, regret, strategy_sum, iteration, schedule, traverser):
    """Value every state for every pair of hands (``values[s, h0, h1]``, the first bidder's payoff, both
    following ``sigma``), from the last level to the first, and update the information sets of ``traverser``
    (0 or 1; -1: none): their regrets gain their counterfactual values (discounted by ``schedule`` before
    iteration ``iteration``) and their average strategy their own reach times ``sigma``, weighted by the
    schedule. Returns the first bidder's value of the round."""
    state_window, state_actor, state_of, child, window_row, window_last, level_start = (
        graph.window, graph.actor, graph.state_of, graph.child, graph.row, graph.last, graph.level_start)
    n_raises, offset, n_actions, hands, chance, match, payoff = (tables.n_raises, tables.offset, tables.n_actions,
                                                                 tables.hands, tables.chance, tables.match,
                                                                 tables.payoff)
    keep_positive, keep_negative = schedule_discounts(schedule, iteration)
    weight = average_weight(schedule, iteration)
    h0s = hands[0]
    h1s = hands[1]
    for level in range(level_start.size - 2, -1, -1):
        for i in prange(level_start[level + 1] - level_start[level]):
            s = level_start[level] + i
            w = state_window[s]
            actor = state_actor[s]
            row = window_row[w]
            last = window_last[w]
            size = n_actions[w]
            nr = n_raises[row]
            update = actor == traverser
            mine = values[s]
            mine[:, :] = 0.0
            # The actor's strategy by action (each row contiguous over its hands), the other's summed reach.
            sig = np.empty((size, hands[actor]))
            for h in range(hands[actor]):
                for a in range(size):
                    sig[a, h] = sigma[offset[actor, w] + h * size + a]
            q = np.empty(h1s)
            for h1 in range(h1s):
                q[h1] = chance[1, h1] * reach[1, s, h1]
            below = np.empty(nr, np.int64)
            for a in range(nr):
                below[a] = state_of[child[w, a], 1 - actor]
            counts = np.zeros(h1s, np.int64)
            if last >= 0:
                for h1 in range(h1s):
                    counts[h1] = match[1, h1, last]
            cfv = np.zeros((size, hands[actor]))
            for h0 in range(h0s):
                row_mine = mine[h0]
                q0 = chance[0, h0] * reach[0, s, h0]
                for a in range(size):
                    if a < nr:
                        v = values[below[a], h0]
                    else:
                        v = payoff[a - nr, actor, last, match[0, h0, last] + counts]
                    if actor == 0:
                        g = sig[a, h0]
                        for h1 in range(h1s):
                            row_mine[h1] += g * v[h1]
                        if update:
                            total = 0.0
                            for h1 in range(h1s):
                                total += q[h1] * v[h1]
                            cfv[a, h0] = total
                    else:
                        sa = sig[a]
                        for h1 in range(h1s):
                            row_mine[h1] += sa[h1] * v[h1]
                        if update:
                            ca = cfv[a]
                            for h1 in range(h1s):
                                ca[h1] -= q0 * v[h1]
            if update:
                for h in range(hands[actor]):
                    base = offset[actor, w] + h * size
                    expected = 0.0
                    for a in range(size):
                        expected += sig[a, h] * cfv[a, h]
                    own = weight * reach[actor, s, h]
                    for a in range(size):
                        regret[base + a] = regret_update(regret[base + a], cfv[a, h] - expected, schedule,
                                                         keep_positive, keep_negative)
                        strategy_sum[base + a] += own * sig[a, h]
    total = 0.0
    for h0 in range(h0s):
        for h1 in range(h1s):
            total += chance[0, h0] * chance[1, h1] * values[0, h0, h1]
    return total
