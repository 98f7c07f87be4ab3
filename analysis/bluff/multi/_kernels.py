"""Numba kernels that measure a strategy of a multi-player round (``round.TableRound``): each seat's exact value
under the strategy, and rounds played by a local best response against it (``measure.py``).

The round is the core's game given as a graph (``multi_player.TableGame(graph=True)``): ``order`` lists the nodes
parents first; ``policy[offset[n] + row * n_actions[n] + a]`` is the chance of action a at node n for an actor
whose row (hand) is ``row``. The local best response's look-ahead walks the turns after its raise recursively, so
it is compiled in each process that measures (numba's cache does not load recursive functions safely).
"""

from __future__ import annotations

import numpy as np

from analysis.jit import njit
from analysis.random import next_state, stream, uniform_float


@njit(cache=True)
def profile_values(players, order, actor, child_start, n_actions, offset, chance, observation, group, share, policy):
    """Each player's expected payoff when every seat plays ``policy`` (every deal, every node; a deal at a time)."""
    out = np.zeros(players)
    reach = np.zeros(actor.size)
    for t in range(chance.size):
        reach[:] = 0.0
        reach[order[0]] = chance[t]
        for i in range(order.size):
            node = order[i]
            r = reach[node]
            if r == 0.0:
                continue
            who = actor[node]
            if who < 0:
                for p in range(players):
                    out[p] += r * share[group[node], t, p]
                continue
            k = n_actions[node]
            base = offset[node] + observation[t, who, 0] * k
            for a in range(k):
                reach[child_start[node] + a] += r * policy[base + a]
    return out


@njit
def _payoff_sum(w, deals, g, p, share):
    total = 0.0
    for j in range(w.size):
        if w[j] != 0.0:
            total += w[j] * share[g, deals[j], p]
    return total


@njit
def _best_call(node, p, w, deals, child_start, n_calls, group, share):
    best = -np.inf
    for c in range(n_calls):
        value = _payoff_sum(w, deals, group[child_start[node] + c], p, share)
        if value > best:
            best = value
    return best


@njit
def _weighed(w, deals, who, base, k, a, observation, policy):
    out = np.empty(w.size)
    total = 0.0
    for j in range(w.size):
        out[j] = w[j] * policy[base + observation[deals[j], who, 0] * k + a]
        total += out[j]
    return out, total


@njit
def _ahead(node, p, w, floor, deals, played):
    """p's payoff summed over ``w`` (the deals p thinks possible, weighed) from the state ``node`` after p's raise:
    the others play ``played.policy`` until the round ends or it is p's turn again, where p makes its best call.
    Branches weighing less than ``floor`` in all are left out (their share of the value is below it)."""
    actor, child_start, n_actions, offset = played.actor, played.child_start, played.n_actions, played.offset
    observation, group, share, policy = played.observation, played.group, played.share, played.policy
    who = actor[node]
    if who == p:
        return _best_call(node, p, w, deals, child_start, played.n_calls, group, share)
    k = n_actions[node]
    total = 0.0
    for a in range(k):
        wa, mass = _weighed(w, deals, who, offset[node], k, a, observation, policy)
        if mass <= floor:
            continue
        child = child_start[node] + a
        if actor[child] < 0:
            total += _payoff_sum(wa, deals, group[child], p, share)
            continue
        kr = n_actions[child]
        for r in range(kr):
            wr, part = _weighed(wa, deals, who, offset[child], kr, r, observation, policy)
            if part > floor:
                total += _ahead(child_start[child] + r, p, wr, floor, deals, played)
    return total


@njit
def _draw(state, base, k, policy):
    state[0] = next_state(state[0])
    u = uniform_float(state[0])
    run = 0.0
    pick = k - 1
    while pick > 0 and policy[base + pick] == 0.0:
        pick -= 1
    for a in range(k):
        run += policy[base + a]
        if u < run:
            return a
    return pick


@njit
def lbr_rounds(p, rounds, seed, floor, cumulative, played, out):
    """``rounds`` rounds in which seat p plays a local best response and the others ``played.policy``; ``out[i]``: p's
    payoff in round i. The responder keeps the exact belief about the others' hands (their roll's chance times
    the policy's chance of each action they took) and at each turn takes the action of best value looking one own
    raise ahead: a call against the belief, or a raise after which the others answer by the policy and p then
    makes its best call. Round i draws from ``stream(seed, i)``."""
    n_calls, actor, child_start, n_actions = played.n_calls, played.actor, played.child_start, played.n_actions
    offset, observation, group, share, policy = (played.offset, played.observation, played.group, played.share,
                                                 played.policy)
    deals_all = np.arange(cumulative.size)
    state = np.zeros(1, np.uint64)
    for i in range(rounds):
        state[0] = stream(seed, i)
        t = np.searchsorted(cumulative, uniform_float(state[0]), side="right")
        if t >= cumulative.size:
            t = cumulative.size - 1
        mine = observation[t, p, 0]
        count = 0
        for d in range(deals_all.size):
            if observation[d, p, 0] == mine:
                count += 1
        deals = np.empty(count, np.int64)
        w = np.empty(count)
        count = 0
        for d in range(deals_all.size):
            if observation[d, p, 0] == mine:
                deals[count] = d
                w[count] = cumulative[d] - (cumulative[d - 1] if d > 0 else 0.0)
                count += 1
        node = 0
        while True:
            who = actor[node]
            if who < 0:
                out[i] = share[group[node], t, p]
                break
            k = n_actions[node]
            if who != p:
                a = _draw(state, offset[node] + observation[t, who, 0] * k, k, policy)
                w, mass = _weighed(w, deals, who, offset[node], k, a, observation, policy)
                node = child_start[node] + a
                continue
            mass = w.sum()
            scale = floor * mass
            best, choice = -np.inf, -1
            first_raise = 0
            if node != 0:    # an answer: its calls, then its raise node
                for c in range(n_calls):
                    value = _payoff_sum(w, deals, group[child_start[node] + c], p, share)
                    if value > best:
                        best, choice = value, child_start[node] + c
                if k > n_calls:
                    first_raise = child_start[node] + n_calls
            if node == 0 or k > n_calls:
                raises = node if node == 0 else first_raise
                for r in range(n_actions[raises]):
                    child = child_start[raises] + r
                    value = _ahead(child, p, w, scale, deals, played)
                    if value > best:
                        best, choice = value, child
            node = choice


@njit(cache=True)
def node_values(order, node_bid, lowest, actor, child_start, n_actions, offset, group, payoff, policy, rows):
    """values[node, j]: one seat's payoff from ``node`` on when every seat plays ``policy``, on the j-th deal
    (``payoff[g, j]``: that seat's payoff of group g on it, ``rows[j, s]``: seat s's hand on it); every node valued
    after the nodes it leads to (``order`` reversed: the last bids first), down to the nodes whose last bid is
    ``lowest`` (the others stay 0)."""
    values = np.zeros((actor.size, rows.shape[0]))
    for i in range(order.size - 1, -1, -1):
        node = order[i]
        if node_bid[node] < lowest:
            break
        who = actor[node]
        if who < 0:
            values[node, :] = payoff[group[node]]
            continue
        k = n_actions[node]
        first = child_start[node]
        for a in range(k):      # deals innermost: each child's row is read in order
            for j in range(rows.shape[0]):
                values[node, j] += policy[offset[node] + rows[j, who] * k + a] * values[first + a, j]
    return values
