"""Numba kernels of the three- and four-player Brag solve (``analysis.brag.multi.solve``): the chance
layer and the game played out with real cards. The solve itself is the CFR core's
(``analysis.cfr.multi_player`` over ``game.table_game``).

The chance layer is a list of *bucket tuples*: ``t = sum(b_i * B**i)`` for player i's
hand-strength bucket ``b_i``, with its chance ``chance[t]`` and, for each ordered pair,
``beats[t, i, j]``, the chance that i's hand is stronger than j's given the tuple (the seer loses
a tie, so it wins with that chance). A blind player's strategy is one row per node (bucket 0); an
open player's, one row per bucket.

The recursive deal count is compiled afresh in each process, not cached on disk: numba's cache
does not load recursive functions safely.
"""

from __future__ import annotations

import numpy as np

from analysis.jit import njit
from analysis.brag.multi.game import CARRIED, DECISION, FOLDED
from analysis.brag.showdown._kernels import strength3
from analysis.cfr.kernels import draw_action
from analysis.random import stream, uniform_float, uniform_int


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
            pick = draw_action(policy[node, row], 0, count[node], uniform_float(np.uint64(stream(seed, draw_at))))
            draw_at += 1
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
