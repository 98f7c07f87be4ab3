"""Numba kernels of the multi-player sampled solver (``multi_player.py``): external-sampling
Monte Carlo CFR over a game given as arrays, and the exact passes that measure a policy.

The game (``multi_player.TableGame``): a public tree whose children are contiguous and come
after their parent (``actor[n]`` is -1 at a terminal), a list of deals ``t`` (every player's
private information at once, drawn at the start with chance ``deal_chance[t]``), the row
``observation[t, p, r]`` player p plays from in round r, and at a terminal n the payoff
``fixed[n, p] + scale[n] * share[group[n], t, p]``. Information set (n, row) owns the
``n_actions[n]`` slots from ``offset[n] + row * n_actions[n]``.

Discounting. Discounted CFR multiplies every positive regret by one factor and every negative
one by another before each iteration; a sampled iteration touches only the rows it visits, so
the regrets are kept *scaled*: the true regret is ``stored * scales[0]`` where stored is
positive and ``stored * scales[1]`` where negative, and an iteration's discount multiplies the
two scales. Regret matching reads the stored values as they are (one positive scale cancels).
A scale that falls below ``RESCALE`` (or to 0: DCFR's first factor) is folded into the stored
values of its sign and reset to 1. The result equals discounting every row every iteration.

The recursive walk is compiled in each process that solves (numba's on-disk cache does not
load recursive functions safely); the exact passes are cached.
"""

from __future__ import annotations

import numpy as np

from analysis.jit import njit
from analysis.cfr.kernels import average_weight, draw_action, regret_matching, regret_update, schedule_discounts
from analysis.random import next_state, stream, uniform_float

#: How the average strategy is gathered: at every other player's node, each visit weighted by one over
#: the reach of the players other than the traverser and the actor (unbiased); OpenSpiel's rule of
#: the next player's nodes only, unweighted (unbiased for two players); or every other player's node,
#: unweighted (the rule the Brag table solves were built with: unbiased for two players; beyond two, each
#: visit counts as often as the other opponents' draws lead there, which the solves' measured gains judge).
WEIGHTED, NEXT_PLAYER, EVERY_OTHER = 0, 1, 2
#: Where a walk's draws come from: one stream per walk, advanced a step per draw; or a counter per draw,
#: ``COUNTERS_PER_WALK`` of them for each walk (the Brag table solves' draws, kept so they rebuild alike).
STREAM, COUNTERS = 0, 1
COUNTERS_PER_WALK = 4096
#: A regret scale below this is folded into the stored regrets (far above float64's smallest normal).
RESCALE = 1e-100


@njit(cache=True)
def _payoff(node, p, t, fixed, scale, group, share):
    g = group[node]
    value = fixed[node, p]
    if g >= 0:
        value += scale[node] * share[g, t, p]
    return value


@njit(cache=True)
def _true(stored, scales):
    return stored * (scales[0] if stored > 0.0 else scales[1])


@njit(cache=True)
def _rescale(regret, scales, factors):
    """Multiply the positive regrets' scale by ``factors[0]``, the negative ones' by ``factors[1]``; fold a
    scale that grew too small into the stored values of its sign."""
    for s in range(2):
        scales[s] *= factors[s]
    for s in range(2):
        if scales[s] < RESCALE:
            for i in range(regret.size):
                if (regret[i] > 0.0) == (s == 0) and regret[i] != 0.0:
                    regret[i] *= scales[s]
            scales[s] = 1.0


@njit(cache=True, inline="always")
def _next_draw(state, seed, draws):
    """The walk's next uniform draw: its stream's next step, or its next counter's own stream."""
    if draws == COUNTERS:
        state[0] += np.uint64(1)
        return uniform_float(stream(seed, state[0]))
    state[0] = next_state(state[0])
    return uniform_float(state[0])


@njit
def _walk(node, p, t, state, reach, weight, schedule, scales, averaging, draws, seed, players, actor, child_start,
          n_actions, rounds, offset, observation, fixed, scale, group, share, regret, strategy_sum):
    """External sampling below ``node`` for traverser ``p`` on deal ``t``: every action of p, one
    action of everyone else drawn from their current strategy. Returns p's sampled value."""
    who = actor[node]
    if who < 0:
        return _payoff(node, p, t, fixed, scale, group, share)
    k = n_actions[node]
    base = offset[node] + observation[t, who, rounds[node]] * k
    sigma = np.empty(k)
    regret_matching(regret, base, k, sigma, 0)
    if who == p:
        values = np.empty(k)
        mean = 0.0
        for a in range(k):
            values[a] = _walk(child_start[node] + a, p, t, state, reach, weight, schedule, scales, averaging, draws,
                              seed, players, actor, child_start, n_actions, rounds, offset, observation, fixed,
                              scale, group, share, regret, strategy_sum)
            mean += sigma[a] * values[a]
        for a in range(k):
            true = regret_update(_true(regret[base + a], scales), values[a] - mean, schedule, 1.0, 1.0)
            regret[base + a] = true / (scales[0] if true > 0.0 else scales[1])
        return mean
    if averaging == WEIGHTED:
        others = 1.0   # the reach of everyone but the traverser and this actor: what the visit is divided by
        for q in range(players):
            if q != p and q != who:
                others *= reach[q]
        for a in range(k):
            strategy_sum[base + a] += weight * sigma[a] / others
    elif averaging == EVERY_OTHER or who == (p + 1) % players:
        for a in range(k):
            strategy_sum[base + a] += weight * sigma[a]
    pick = draw_action(sigma, 0, k, _next_draw(state, seed, draws))
    before = reach[who]
    reach[who] = before * sigma[pick]
    value = _walk(child_start[node] + pick, p, t, state, reach, weight, schedule, scales, averaging, draws, seed,
                  players, actor, child_start, n_actions, rounds, offset, observation, fixed, scale, group, share,
                  regret, strategy_sum)
    reach[who] = before
    return value


@njit
def es_iterations(first, count, seed, schedule, scales, averaging, game, cumulative, regret, strategy_sum,
                  draws=STREAM):
    """Iterations ``first .. first + count - 1`` of external-sampling MCCFR, in place. Iteration t discounts
    the regrets by the schedule's factors, then walks once for each player in turn, each walk on a deal
    drawn first from its own stream ``stream(seed, t * players + p)`` (``draws`` STREAM), or from counter
    ``((t - 1) * players + p) * COUNTERS_PER_WALK`` and the counters after it (COUNTERS): the result
    depends on the seed and the iteration numbers only (``cumulative``: the deals' chances summed, the last 1)."""
    players, actor, child_start, n_actions, rounds = (game.players, game.actor, game.child_start, game.n_actions,
                                                      game.rounds)
    offset, observation, fixed, scale, group, share = (game.offset, game.observation, game.fixed, game.scale,
                                                       game.group, game.share)
    factors = np.empty(2)
    reach = np.ones(players)
    state = np.zeros(1, np.uint64)
    for it in range(first, first + count):
        factors[0], factors[1] = schedule_discounts(schedule, it)
        _rescale(regret, scales, factors)
        weight = average_weight(schedule, it)
        for p in range(players):
            if draws == COUNTERS:
                state[0] = np.uint64(((it - 1) * players + p) * COUNTERS_PER_WALK)
                draw = uniform_float(stream(seed, state[0]))
            else:
                state[0] = stream(seed, it * players + p)
                draw = uniform_float(state[0])
            t = np.searchsorted(cumulative, draw, side="right")
            if t >= cumulative.size:
                t = cumulative.size - 1
            _walk(0, p, t, state, reach, weight, schedule, scales, averaging, draws, seed, players, actor,
                  child_start, n_actions, rounds, offset, observation, fixed, scale, group, share, regret,
                  strategy_sum)


@njit(cache=True)
def _row(node, t, actor, rounds, offset, n_actions, observation):
    return offset[node] + observation[t, actor[node], rounds[node]] * n_actions[node]


@njit(cache=True)
def profile_values(game, policy):
    """Each player's expected payoff when everyone plays ``policy`` (exact: every deal, every node)."""
    players, actor, child_start, n_actions, rounds, offset = (game.players, game.actor, game.child_start,
                                                              game.n_actions, game.rounds, game.offset)
    chance, observation, fixed, scale, group, share = (game.chance, game.observation, game.fixed, game.scale,
                                                       game.group, game.share)
    nodes, deals = actor.size, chance.size
    reach = np.zeros((nodes, deals))
    reach[0, :] = chance
    out = np.zeros(players)
    for node in range(nodes):   # parents before children
        if actor[node] < 0:
            for t in range(deals):
                if reach[node, t] > 0.0:
                    for p in range(players):
                        out[p] += reach[node, t] * _payoff(node, p, t, fixed, scale, group, share)
            continue
        for t in range(deals):
            if reach[node, t] > 0.0:
                base = _row(node, t, actor, rounds, offset, n_actions, observation)
                for a in range(n_actions[node]):
                    reach[child_start[node] + a, t] += reach[node, t] * policy[base + a]
    return out


@njit(cache=True)
def best_response_value(p, game, policy):
    """The most player ``p`` can expect against the others' ``policy``: backward induction where p picks
    one action per information set (public node, p's row), the others and chance fixed. Exact when p
    remembers what it saw and did (``game.rows[p, r]`` rows in round r)."""
    rows, actor, child_start, n_actions, rounds, offset = (game.rows, game.actor, game.child_start, game.n_actions,
                                                           game.rounds, game.offset)
    chance, observation, fixed, scale, group, share = (game.chance, game.observation, game.fixed, game.scale,
                                                       game.group, game.share)
    nodes, deals = actor.size, chance.size
    reach = np.zeros((nodes, deals))   # chance times the others' reach (p's own choices left out)
    reach[0, :] = chance
    for node in range(nodes):
        if actor[node] < 0:
            continue
        for t in range(deals):
            if reach[node, t] > 0.0:
                base = _row(node, t, actor, rounds, offset, n_actions, observation)
                for a in range(n_actions[node]):
                    reach[child_start[node] + a, t] += reach[node, t] * (1.0 if actor[node] == p else policy[base + a])
    values = np.zeros((nodes, deals))
    for node in range(nodes - 1, -1, -1):   # children before parents
        k = n_actions[node]
        if actor[node] < 0:
            for t in range(deals):
                if reach[node, t] > 0.0:
                    values[node, t] = reach[node, t] * _payoff(node, p, t, fixed, scale, group, share)
            continue
        start = child_start[node]
        if actor[node] != p:
            for t in range(deals):
                for a in range(k):
                    values[node, t] += values[start + a, t]
            continue
        r = rounds[node]
        totals = np.zeros((rows[p, r], k))
        for t in range(deals):
            for a in range(k):
                totals[observation[t, p, r], a] += values[start + a, t]
        best = np.zeros(rows[p, r], np.int64)
        for g in range(rows[p, r]):
            for a in range(1, k):
                if totals[g, a] > totals[g, best[g]]:
                    best[g] = a
        for t in range(deals):
            values[node, t] = values[start + best[observation[t, p, r]], t]
    value = 0.0
    for t in range(deals):
        value += values[0, t]
    return value


@njit
def _full_walk(node, p, t, weight, players, actor, child_start, n_actions, rounds, offset, observation, fixed, scale,
               group, share, regret, delta):
    """Vanilla CFR below ``node`` on deal ``t`` for player ``p``: p's expected value; p's regrets, weighted by
    chance and the others' reach (``weight``), are added to ``delta``."""
    who = actor[node]
    if who < 0:
        return _payoff(node, p, t, fixed, scale, group, share)
    k = n_actions[node]
    base = offset[node] + observation[t, who, rounds[node]] * k
    sigma = np.empty(k)
    regret_matching(regret, base, k, sigma, 0)
    mean = 0.0
    if who == p:
        values = np.empty(k)
        for a in range(k):
            values[a] = _full_walk(child_start[node] + a, p, t, weight, players, actor, child_start, n_actions,
                                   rounds, offset, observation, fixed, scale, group, share, regret, delta)
            mean += sigma[a] * values[a]
        for a in range(k):
            delta[base + a] += weight * (values[a] - mean)
        return mean
    for a in range(k):
        if sigma[a] > 0.0:
            mean += sigma[a] * _full_walk(child_start[node] + a, p, t, weight * sigma[a], players, actor, child_start,
                                          n_actions, rounds, offset, observation, fixed, scale, group, share, regret,
                                          delta)
    return mean


@njit(cache=True)
def _accumulate(weight, players, actor, child_start, n_actions, rounds, offset, chance, observation, regret,
                strategy_sum):
    """Add every player's current strategy, weighted by ``weight``, chance and the player's own reach, to the sums."""
    nodes = actor.size
    reach = np.zeros((nodes, chance.size, players))
    reach[0, :, :] = 1.0
    sigma = np.empty(max(1, n_actions.max()))
    for node in range(nodes):   # parents before children
        who = actor[node]
        if who < 0:
            continue
        k = n_actions[node]
        for t in range(chance.size):
            if chance[t] == 0.0:
                continue
            base = _row(node, t, actor, rounds, offset, n_actions, observation)
            regret_matching(regret, base, k, sigma, 0)
            for a in range(k):
                child = child_start[node] + a
                for q in range(players):
                    reach[child, t, q] = reach[node, t, q]
                reach[child, t, who] = reach[node, t, who] * sigma[a]
                strategy_sum[base + a] += weight * chance[t] * reach[node, t, who] * sigma[a]


@njit
def full_iterations(first, count, schedule, game, regret, strategy_sum):
    """Iterations ``first .. first + count - 1`` of full-traversal CFR (every deal, every action), players
    updated in turn, each iteration's strategy added to the average after all have: the exact solver a
    sampled solve of a small game is checked against (``game.rows[p, r]``: player p's rows in round r)."""
    rows, players, actor, child_start, n_actions, rounds = (game.rows, game.players, game.actor, game.child_start,
                                                            game.n_actions, game.rounds)
    offset, chance, observation, fixed, scale, group, share = (game.offset, game.chance, game.observation,
                                                               game.fixed, game.scale, game.group, game.share)
    delta = np.zeros_like(regret)
    for it in range(first, first + count):
        keep_positive, keep_negative = schedule_discounts(schedule, it)
        for p in range(players):
            delta[:] = 0.0
            for t in range(chance.size):
                if chance[t] > 0.0:
                    _full_walk(0, p, t, chance[t], players, actor, child_start, n_actions, rounds, offset,
                               observation, fixed, scale, group, share, regret, delta)
            for node in range(actor.size):
                if actor[node] == p:
                    for slot in range(offset[node], offset[node] + rows[p, rounds[node]] * n_actions[node]):
                        regret[slot] = regret_update(regret[slot], delta[slot], schedule, keep_positive,
                                                     keep_negative)
        _accumulate(average_weight(schedule, it), players, actor, child_start, n_actions, rounds, offset, chance,
                    observation, regret, strategy_sum)
