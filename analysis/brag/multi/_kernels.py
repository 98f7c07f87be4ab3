"""Numba kernels for the three- and four-player Brag solve (``analysis.brag.multi.solve``).

The game they solve: the public tree's arrays (``multi_tree``), and a chance layer of *bucket
tuples*: ``t = sum(b_i * B**i)`` for player i's hand-strength bucket ``b_i``, with its chance
``chance[t]`` and, for each ordered pair, ``beats[t, i, j]``, the chance that i's hand is
stronger than j's given the tuple (the seer loses a tie, so it wins with that chance). A blind
player's strategy is one row per node (bucket 0); an open player's, one row per bucket.

The recursive walks (and their callers) are compiled afresh in each process, not cached on
disk: numba's cache does not load recursive functions safely.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from analysis.cfr.kernels import CFR_PLUS, regret_matching, updated_regret
from analysis.brag.showdown._kernels import strength3
from analysis.random import stream, uniform_float, uniform_int

DECISION, FOLDED, CARRIED, SEEN = 0, 1, 2, 3


@njit(cache=True)
def _bucket(strength, edges):
    """The bucket of a strength: how many bucket floors (after the first) it reaches."""
    b = 0
    for e in range(1, edges.size):
        if strength >= edges[e]:
            b = e
    return b


@njit(cache=True)
def deal_buckets(deck, n, edges, prial_333_high, a23_code, seed, first_draw, pack, s):
    """Deal ``n`` three-card hands, seat by seat, from the first ``3 n`` cards of ``deck`` shuffled by the counter-based
    draws ``first_draw``, ``first_draw + 1``, ... of ``seed`` (into ``pack``); each seat's strength into ``s``. Returns
    the deal's bucket tuple ``sum(b_i * B**i)``."""
    m = deck.size
    for c in range(m):
        pack[c] = deck[c]
    for j in range(3 * n):
        pick = j + uniform_int(np.uint64(stream(seed, first_draw + j)), m - j)
        pack[j], pack[pick] = pack[pick], pack[j]
    B = edges.size
    t = 0
    scale = 1
    for i in range(n):
        s[i] = strength3(pack[3 * i], pack[3 * i + 1], pack[3 * i + 2], prial_333_high, a23_code)
        t += _bucket(s[i], edges) * scale
        scale *= B
    return t


@njit
def exact_tables(deck, n, edges, prial_333_high, a23_code):
    """Every deal of ``n`` disjoint three-card hands from ``deck`` (seat by seat): how many fall in
    each bucket tuple, and in how many seat i's hand beats seat j's."""
    B = edges.size
    T = B ** n
    counts = np.zeros(T, np.int64)
    wins = np.zeros((T, n, n), np.int64)
    m = deck.size
    hands = np.empty((m * (m - 1) * (m - 2) // 6, 3), np.int64)
    h = 0
    for a in range(m):
        for b in range(a + 1, m):
            for c in range(b + 1, m):
                hands[h, 0], hands[h, 1], hands[h, 2] = deck[a], deck[b], deck[c]
                h += 1
    strengths = np.empty(h, np.int64)
    masks = np.empty(h, np.int64)
    for i in range(h):
        strengths[i] = strength3(hands[i, 0], hands[i, 1], hands[i, 2], prial_333_high, a23_code)
        masks[i] = (1 << hands[i, 0]) | (1 << hands[i, 1]) | (1 << hands[i, 2])
    chosen = np.zeros(n, np.int64)
    _exact_rec(0, n, 0, h, strengths, masks, edges, chosen, counts, wins)
    return counts, wins


@njit
def _exact_rec(seat, n, used, h, strengths, masks, edges, chosen, counts, wins):
    if seat == n:
        B = edges.size
        t = 0
        scale = 1
        for i in range(n):
            t += _bucket(strengths[chosen[i]], edges) * scale
            scale *= B
        counts[t] += 1
        for i in range(n):
            for j in range(n):
                if strengths[chosen[i]] > strengths[chosen[j]]:
                    wins[t, i, j] += 1
        return
    for x in range(h):
        if masks[x] & used == 0:
            chosen[seat] = x
            _exact_rec(seat + 1, n, used | masks[x], h, strengths, masks, edges, chosen, counts, wins)


@njit(cache=True)
def sampled_tables(n, edges, prial_333_high, a23_code, samples, seed):
    """As ``exact_tables`` for the full pack, from ``samples`` seeded deals (counter-based draws)."""
    B = edges.size
    T = B ** n
    counts = np.zeros(T, np.int64)
    wins = np.zeros((T, n, n), np.int64)
    full = np.arange(52)
    pack = np.empty(52, np.int64)
    s = np.empty(n, np.int64)
    for d in range(samples):
        t = deal_buckets(full, n, edges, prial_333_high, a23_code, seed, d * 32, pack, s)
        counts[t] += 1
        for i in range(n):
            for j in range(n):
                if s[i] > s[j]:
                    wins[t, i, j] += 1
    return counts, wins


@njit(cache=True, inline="always")
def _row(node, player, t, blind, B):
    if blind[node]:
        return 0
    return (t // B ** player) % B


@njit(cache=True)
def _utility(node, p, t, kind, paid, winner, seer, seen, beats, n):
    pot = 0.0
    for i in range(n):
        pot += paid[node, i]
    k = kind[node]
    if k == FOLDED:
        return (pot if winner[node] == p else 0.0) - paid[node, p]
    if k == CARRIED:
        return pot / n - paid[node, p]
    s, o = seer[node], seen[node]
    if p == s:
        return pot * beats[t, s, o] - paid[node, p]
    if p == o:
        return pot * (1.0 - beats[t, s, o]) - paid[node, p]
    return -paid[node, p]


@njit(cache=True)
def _matched(regret, node, row, count, out):
    """Regret matching (the CFR core's) of the information set at (node, row) into ``out[:count]``."""
    regret_matching(regret[node, row], 0, count, out, 0)


@njit
def _es_walk(node, p, t, tree, n, B, regret, total, weight, seed, counter):
    """External sampling: every action of the traverser ``p``, one sampled action of everyone else (``tree``:
    ``kernel_tables.TableTree``)."""
    kind, actor, blind, start, count, paid, winner, seer, seen, beats = tree
    if kind[node] != DECISION:
        return _utility(node, p, t, kind, paid, winner, seer, seen, beats, n)
    who = actor[node]
    row = _row(node, who, t, blind, B)
    k = count[node]
    sigma = np.empty(k)
    _matched(regret, node, row, k, sigma)
    if who == p:
        values = np.empty(k)
        mean = 0.0
        for a in range(k):
            values[a] = _es_walk(start[node] + a, p, t, tree, n, B, regret, total, weight, seed, counter)
            mean += sigma[a] * values[a]
        for a in range(k):
            regret[node, row, a] = updated_regret(regret[node, row, a], values[a] - mean, CFR_PLUS, 1.0, 1.0)
        return mean
    for a in range(k):
        total[node, row, a] += weight * sigma[a]
    draw = uniform_float(np.uint64(stream(seed, counter[0])))
    counter[0] += 1
    pick = k - 1
    run = 0.0
    for a in range(k):
        run += sigma[a]
        if draw < run:
            pick = a
            break
    return _es_walk(start[node] + pick, p, t, tree, n, B, regret, total, weight, seed, counter)


@njit
def es_iterations(first, last, tree, cumulative, n, B, regret, total, seed):
    """Iterations ``first .. last - 1`` of external-sampling MCCFR (regret matching+, the average
    strategy weighted by iteration). Each iteration samples a bucket tuple per traverser."""
    counter = np.zeros(1, np.uint64)
    for it in range(first, last):
        for p in range(n):
            base = (it * n + p) * 4096
            draw = uniform_float(np.uint64(stream(seed, base)))
            t = np.searchsorted(cumulative, draw, side="right")
            if t >= cumulative.size:
                t = cumulative.size - 1
            counter[0] = base + 1
            _es_walk(0, p, t, tree, n, B, regret, total, float(it + 1), seed, counter)


@njit
def _cfr_walk(node, p, t, tree, n, B, regret, delta, chance_weight):
    """Vanilla CFR down one bucket tuple: returns p's expected value; regrets weighted by the
    others' reach and the tuple's chance (``chance_weight``) go to ``delta``."""
    kind, actor, blind, start, count, paid, winner, seer, seen, beats = tree
    if kind[node] != DECISION:
        return _utility(node, p, t, kind, paid, winner, seer, seen, beats, n)
    who = actor[node]
    row = _row(node, who, t, blind, B)
    k = count[node]
    sigma = np.empty(k)
    _matched(regret, node, row, k, sigma)
    mean = 0.0
    if who == p:
        values = np.empty(k)
        for a in range(k):
            values[a] = _cfr_walk(start[node] + a, p, t, tree, n, B, regret, delta, chance_weight)
            mean += sigma[a] * values[a]
        for a in range(k):
            delta[node, row, a] += chance_weight * (values[a] - mean)
        return mean
    for a in range(k):
        if sigma[a] > 0.0:
            mean += sigma[a] * _cfr_walk(start[node] + a, p, t, tree, n, B, regret, delta, chance_weight * sigma[a])
    return mean


@njit
def cfr_iterations(first, last, tree, chance, n, B, regret, total):
    """Iterations of full-traversal CFR+ over every bucket tuple (alternating players), the exact
    solver the sampled one is checked against; the average strategy, weighted by iteration, goes
    to ``total`` after each iteration."""
    kind, actor, blind, start, count = tree.kind, tree.actor, tree.blind, tree.start, tree.count
    delta = np.zeros_like(regret)
    for it in range(first, last):
        for p in range(n):
            delta[:] = 0.0
            for t in range(chance.size):
                if chance[t] > 0.0:
                    _cfr_walk(0, p, t, tree, n, B, regret, delta, chance[t])
            for node in range(kind.size):
                if kind[node] == DECISION and actor[node] == p:
                    for row in range(regret.shape[1]):
                        for a in range(count[node]):
                            regret[node, row, a] = updated_regret(regret[node, row, a], delta[node, row, a],
                                                                  CFR_PLUS, 1.0, 1.0)
        _accumulate(kind, actor, blind, start, count, chance, n, B, regret, total, float(it + 1))


@njit(cache=True)
def _accumulate(kind, actor, blind, start, count, chance, n, B, regret, total, weight):
    """Add the current strategy, weighted by each player's own reach (summed over tuples), to ``total``."""
    reach = np.zeros((kind.size, chance.size, n))
    reach[0, :, :] = 1.0
    sigma = np.empty(regret.shape[2])
    for node in range(kind.size):   # children come after their parent
        if kind[node] != DECISION:
            continue
        who = actor[node]
        k = count[node]
        for t in range(chance.size):
            if chance[t] == 0.0:
                continue
            row = _row(node, who, t, blind, B)
            _matched(regret, node, row, k, sigma)
            for a in range(k):
                child = start[node] + a
                for i in range(n):
                    reach[child, t, i] = reach[node, t, i]
                reach[child, t, who] = reach[node, t, who] * sigma[a]
                total[node, row, a] += weight * chance[t] * reach[node, t, who] * sigma[a]


@njit(cache=True)
def profile_values(tree, chance, n, B, policy):
    """Each player's expected chips under the strategy ``policy[node, row, action]``."""
    kind, actor, blind, start, count, paid, winner, seer, seen, beats = tree
    reach = np.zeros((kind.size, chance.size))
    reach[0, :] = chance
    out = np.zeros(n)
    for node in range(kind.size):
        if kind[node] != DECISION:
            for t in range(chance.size):
                if reach[node, t] > 0.0:
                    for p in range(n):
                        out[p] += reach[node, t] * _utility(node, p, t, kind, paid, winner, seer, seen, beats, n)
            continue
        who = actor[node]
        for t in range(chance.size):
            row = _row(node, who, t, blind, B)
            for a in range(count[node]):
                reach[start[node] + a, t] += reach[node, t] * policy[node, row, a]
    return out


@njit(cache=True)
def best_response_value(p, tree, chance, n, B, policy):
    """The most player ``p`` can expect against the others' ``policy`` (exact, by backward induction)."""
    kind, actor, blind, start, count, paid, winner, seer, seen, beats = tree
    # The others' reach times chance, per node and tuple (p's own choices left out).
    reach = np.zeros((kind.size, chance.size))
    reach[0, :] = chance
    for node in range(kind.size):
        if kind[node] != DECISION:
            continue
        who = actor[node]
        for t in range(chance.size):
            row = _row(node, who, t, blind, B)
            for a in range(count[node]):
                reach[start[node] + a, t] += reach[node, t] * (1.0 if who == p else policy[node, row, a])
    values = np.zeros((kind.size, chance.size))
    for node in range(kind.size - 1, -1, -1):   # children before their parent
        if kind[node] != DECISION:
            for t in range(chance.size):
                if reach[node, t] > 0.0:
                    values[node, t] = reach[node, t] * _utility(node, p, t, kind, paid, winner, seer, seen, beats, n)
            continue
        k = count[node]
        if actor[node] != p:
            for t in range(chance.size):
                for a in range(k):
                    values[node, t] += values[start[node] + a, t]
            continue
        # p picks one action per information set: per own bucket when open, once when blind.
        groups = 1 if blind[node] else B
        for g in range(groups):
            best, best_a = -1e300, 0
            for a in range(k):
                total = 0.0
                for t in range(chance.size):
                    if groups == 1 or (t // B ** p) % B == g:
                        total += values[start[node] + a, t]
                if total > best:
                    best, best_a = total, a
            for t in range(chance.size):
                if groups == 1 or (t // B ** p) % B == g:
                    values[node, t] = values[start[node] + best_a, t]
    value = 0.0
    for t in range(chance.size):
        value += values[0, t]
    return value


@njit(cache=True)
def playout(deck, n, edges, prial_333_high, a23_code, tree, policy, samples, seed):
    """Each player's mean chips and its standard error over ``samples`` deals of real cards from
    ``deck``, every move drawn from ``policy``: the game itself, not its chance layer (``tree.beats`` unread)."""
    kind, actor, blind, start, count, paid, winner, seer, seen = (tree.kind, tree.actor, tree.blind, tree.start,
                                                                  tree.count, tree.paid, tree.winner, tree.seer,
                                                                  tree.seen)
    B = edges.size
    m = deck.size
    pack = np.empty(m, np.int64)
    s = np.empty(n, np.int64)
    sums = np.zeros(n)
    squares = np.zeros(n)
    for d in range(samples):
        t = deal_buckets(deck, n, edges, prial_333_high, a23_code, seed, d * 64, pack, s)
        node = 0
        draw_at = d * 64 + 32
        while kind[node] == DECISION:
            row = _row(node, actor[node], t, blind, B)
            draw = uniform_float(np.uint64(stream(seed, draw_at)))
            draw_at += 1
            pick = count[node] - 1
            run = 0.0
            for a in range(count[node]):
                run += policy[node, row, a]
                if draw < run:
                    pick = a
                    break
            node = start[node] + pick
        pot = 0.0
        for i in range(n):
            pot += paid[node, i]
        for p in range(n):
            if kind[node] == FOLDED:
                u = (pot if winner[node] == p else 0.0) - paid[node, p]
            elif kind[node] == CARRIED:
                u = pot / n - paid[node, p]
            else:
                won = s[seer[node]] > s[seen[node]]
                u = -paid[node, p]
                if (p == seer[node] and won) or (p == seen[node] and not won):
                    u += pot
            sums[p] += u
            squares[p] += u * u
    means = sums / samples
    errors = np.sqrt(np.maximum(squares / samples - means * means, 0.0) / samples)
    return means, errors
