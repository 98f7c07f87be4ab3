"""Numba kernels: move generation and the bear-off databases.

Plain arrays in, plain arrays out. The move generator is written once, in
``move_rules.py`` (where the board layout is described), and compiled here.
"""

from __future__ import annotations

import numpy as np

from analysis.backgammon import move_rules, bearoff_rules
from analysis.backgammon.move_rules import NO_STEP, OPP  # noqa: F401
from analysis.jit import compile_rules, njit

(_reached_home, _landing, _step_sources, _apply_step, _keys, _dedupe, _play_dice, legal_plays,
 acey_deucey_plays) = compile_rules(move_rules, *move_rules.RULES)
home_positions, bearoff_rank = compile_rules(bearoff_rules, "home_positions", "bearoff_rank")


@njit(cache=True)
def count_plays(boards, rolls, variant):
    """Benchmark loop: the number of distinct plays for each (board, roll) pair."""
    counts = np.empty(boards.shape[0], dtype=np.int64)
    for i in range(boards.shape[0]):
        result, _, _ = legal_plays(boards[i], rolls[i, 0], rolls[i, 1], variant)
        counts[i] = result.shape[0]
    return counts


# ---------------------------------------------------------------------------
# Bear-off: positions are counts on the six home points (ace point first).
# A position's index is its rank in lexicographic order among all 6-tuples with
# at most ``top`` checkers. ``ways[i, left, c]`` is the number of tuples that come
# before a prefix whose point i holds c checkers with ``left`` still to place:
# the sum over v < c of C(5 - i + left - v, 5 - i) (built in bearoff.py).

# (home_positions and bearoff_rank are written in bearoff_rules.py.)

ROLL_DICE = np.array([[a, b] for a in range(1, 7) for b in range(a, 7)], dtype=np.int64)
ROLL_WEIGHT = np.array([1.0 / 36 if a == b else 2.0 / 36 for a in range(1, 7) for b in range(a, 7)])


@njit(cache=True)
def _can_bear(c, src, die):
    if c[src] == 0:
        return False
    if src - die >= -1:
        return True
    for higher in range(src + 1, 6):
        if c[higher] > 0:
            return False
    return True


@njit(cache=True)
def _move(c, src, die, sign):
    c[src] -= sign
    if src - die >= 0:
        c[src - die] += sign


@njit(cache=True)
def _empty(c):
    for i in range(6):
        if c[i] > 0:
            return False
    return True


@njit(cache=True)
def bearoff_leaves(c, die1, die2, top, ways, out):
    """Ranks of the positions each way of playing the roll leads to (repeats allowed).

    Every die can always be played while a checker is left, so a play ends when the
    dice or the checkers run out. For doubles the four moves are taken with
    non-increasing starting points: any legal order reaches the same positions.
    """
    # The four nested loops for a double stay written out: numba crashes loading a
    # cached recursive kernel (0.68), and an explicit-stack walk built the one-sided
    # database 10-20% slower without being easier to read.
    n = 0
    if die1 == die2:
        d = die1
        for s1 in range(5, -1, -1):
            if not _can_bear(c, s1, d):
                continue
            _move(c, s1, d, 1)
            if _empty(c):
                out[n] = bearoff_rank(c, top, ways)
                n += 1
            else:
                for s2 in range(s1, -1, -1):
                    if not _can_bear(c, s2, d):
                        continue
                    _move(c, s2, d, 1)
                    if _empty(c):
                        out[n] = bearoff_rank(c, top, ways)
                        n += 1
                    else:
                        for s3 in range(s2, -1, -1):
                            if not _can_bear(c, s3, d):
                                continue
                            _move(c, s3, d, 1)
                            if _empty(c):
                                out[n] = bearoff_rank(c, top, ways)
                                n += 1
                            else:
                                for s4 in range(s3, -1, -1):
                                    if not _can_bear(c, s4, d):
                                        continue
                                    _move(c, s4, d, 1)
                                    out[n] = bearoff_rank(c, top, ways)
                                    n += 1
                                    _move(c, s4, d, -1)
                            _move(c, s3, d, -1)
                    _move(c, s2, d, -1)
            _move(c, s1, d, -1)
        return n
    for order in range(2):
        first = die1 if order == 0 else die2
        second = die2 if order == 0 else die1
        for s1 in range(6):
            if not _can_bear(c, s1, first):
                continue
            _move(c, s1, first, 1)
            if _empty(c):
                out[n] = bearoff_rank(c, top, ways)
                n += 1
            else:
                for s2 in range(6):
                    if not _can_bear(c, s2, second):
                        continue
                    _move(c, s2, second, 1)
                    out[n] = bearoff_rank(c, top, ways)
                    n += 1
                    _move(c, s2, second, -1)
            _move(c, s1, first, -1)
    return n


@njit(cache=True)
def build_one_sided(positions, order, top, ways, horizon, first_off):
    """Rolls-to-finish distributions under the policy that minimises the expected rolls.

    ``first_off`` False: finish = every checker borne off. True: finish = the first
    checker borne off (positions already short of 15 checkers count as finished).
    Returns (distribution (N, horizon), expected rolls (N,)).
    """
    count = positions.shape[0]
    dist = np.zeros((count, horizon))
    expect = np.zeros(count)
    out = np.empty(256, dtype=np.int64)
    c = np.empty(6, dtype=np.int64)
    for k in range(count):
        idx = order[k]
        total = 0
        for i in range(6):
            c[i] = positions[idx, i]
            total += c[i]
        if total == 0 or (first_off and total < 15):
            dist[idx, 0] = 1.0
            continue
        mean = 0.0
        for r in range(ROLL_DICE.shape[0]):
            n = bearoff_leaves(c, ROLL_DICE[r, 0], ROLL_DICE[r, 1], top, ways, out)
            best = out[0]
            for j in range(1, n):
                leaf = out[j]
                diff = expect[leaf] - expect[best]
                if diff < -1e-12 or (diff <= 1e-12 and leaf < best):
                    best = leaf
            w = ROLL_WEIGHT[r]
            mean += w * expect[best]
            for t in range(horizon - 1):
                dist[idx, t + 1] += w * dist[best, t]
        expect[idx] = 1.0 + mean
    return dist, expect


@njit(cache=True)
def successor_table(positions, top, ways):
    """Distinct successor ranks of every position for each of the 21 rolls (CSR layout)."""
    count = positions.shape[0]
    starts = np.zeros(count * 21 + 1, dtype=np.int64)
    chunks = np.empty(count * 21 * 126, dtype=np.int64)
    out = np.empty(256, dtype=np.int64)
    c = np.empty(6, dtype=np.int64)
    filled = 0
    for idx in range(count):
        for i in range(6):
            c[i] = positions[idx, i]
        for r in range(21):
            n = 0
            if not _empty(c):
                n = bearoff_leaves(c, ROLL_DICE[r, 0], ROLL_DICE[r, 1], top, ways, out)
            unique = np.unique(out[:n])
            chunks[filled:filled + unique.shape[0]] = unique
            filled += unique.shape[0]
            starts[idx * 21 + r + 1] = filled
    return starts, chunks[:filled].copy()


@njit(cache=True)
def build_two_sided(pair_order, starts, succ, count, next_theirs, capped):
    """Exact two-sided bear-off: cubeless win chance and cubeful money equities.

    ``pair_order`` lists pair codes a * count + b (a on roll) by increasing total
    pips, so every pair is solved after the pairs it can lead to. No gammons are
    possible (at most 6 checkers each). Equities are per unit of cube value:
    no_double_* is the equity of rolling without doubling with the cube centred,
    owned by the side on roll, or owned by the opponent; moves maximise each one.

    A double is taken at twice the taker-owns equity of the next cube level:
    ``capped`` True reads it from ``next_theirs`` (the level above, already
    solved); False uses this level itself, the endless cube of gnubg's databases.
    """
    win = np.zeros((count, count))
    nd_centre = np.zeros((count, count))
    nd_owned = np.zeros((count, count))
    nd_theirs = np.zeros((count, count))
    for k in range(pair_order.shape[0]):
        code = pair_order[k]
        a = code // count
        b = code % count
        if a == 0 or b == 0:
            continue       # a finished side: the game is over, never looked up
        p_win = 0.0
        e_c = 0.0
        e_o = 0.0
        e_x = 0.0
        for r in range(21):
            best_p = -1.0
            best_c = -9.0
            best_o = -9.0
            best_x = -9.0
            for j in range(starts[a * 21 + r], starts[a * 21 + r + 1]):
                nxt = succ[j]
                if nxt == 0:
                    p, vc, vo, vx = 1.0, 1.0, 1.0, 1.0
                else:
                    p = 1.0 - win[b, nxt]
                    # opponent to roll; their cubeful equity with the cube as they see it
                    taken = next_theirs[b, nxt] if capped else nd_theirs[b, nxt]
                    double = min(2.0 * taken, 1.0)
                    opp_c = max(nd_centre[b, nxt], double)
                    opp_own = max(nd_owned[b, nxt], double)
                    opp_x = nd_theirs[b, nxt]
                    vc = -opp_c
                    vo = -opp_x      # I own it: the opponent cannot double
                    vx = -opp_own    # they own it and may redouble
                best_p = max(best_p, p)
                best_c = max(best_c, vc)
                best_o = max(best_o, vo)
                best_x = max(best_x, vx)
            w = ROLL_WEIGHT[r]
            p_win += w * best_p
            e_c += w * best_c
            e_o += w * best_o
            e_x += w * best_x
        win[a, b] = p_win
        nd_centre[a, b] = e_c
        nd_owned[a, b] = e_o
        nd_theirs[a, b] = e_x
    return win, nd_centre, nd_owned, nd_theirs
