"""Numba kernels: move generation and the bear-off databases.

Plain arrays in, plain arrays out. A board is 52 int8: the side to move's 26
slots (points 1-24 as 0-23 from its own ace point, 24 the bar, 25 the checkers
waiting to enter) then the opponent's 26 slots in the opponent's own view, so my
point ``p`` is the opponent's point ``23 - p``. Variant codes: 0 standard,
1 Dutch, 2 Acey-Deucey. A recorded step is (from, to, hit) with from 0-23, 24
(bar) or 25 (start) and to -1 for borne off.
"""

from __future__ import annotations

import numpy as np
from numba import njit

OPP = 26
NO_STEP = -9


@njit(cache=True)
def _reached_home(board):
    """Dutch hitting rule: the mover has a checker on its home board or already borne off."""
    total = 0
    for i in range(26):
        total += board[i]
    if total < 15:
        return True
    for i in range(6):
        if board[i] > 0:
            return True
    return False


@njit(cache=True)
def _landing(board, target, variant):
    """0 blocked, 1 open, 2 open with a hit."""
    enemy = board[OPP + 23 - target]
    if enemy >= 2:
        return 0
    if enemy == 1:
        if variant == 1 and not _reached_home(board):
            return 0
        return 2
    return 1


@njit(cache=True)
def _step_sources(board, die, variant, sources, targets):
    """Every legal single-checker move with ``die``: fills sources/targets, returns how many."""
    n = 0
    if board[24] > 0:
        first, last = 24, 24
    elif board[25] > 0 and variant == 1:
        first, last = 25, 25        # Dutch: all checkers in before any advances
    else:
        first, last = 0, 25
    all_home = True
    for i in range(6, 26):
        if board[i] > 0:
            all_home = False
            break
    for src in range(first, last + 1):
        if board[src] == 0:
            continue
        if src >= 24:
            target = 24 - die
            if _landing(board, target, variant) > 0:
                sources[n] = src
                targets[n] = target
                n += 1
            continue
        target = src - die
        if target >= 0:
            if _landing(board, target, variant) > 0:
                sources[n] = src
                targets[n] = target
                n += 1
        elif all_home:
            legal = target == -1
            if not legal:
                legal = True
                for higher in range(src + 1, 6):
                    if board[higher] > 0:
                        legal = False
                        break
            if legal:
                sources[n] = src
                targets[n] = -1
                n += 1
    return n


@njit(cache=True)
def _apply_step(board, src, target):
    """Move one checker in place; returns 1 when it hit a blot."""
    board[src] -= 1
    if target < 0:
        return 0
    hit = 0
    if board[OPP + 23 - target] == 1:
        board[OPP + 23 - target] = 0
        board[OPP + 24] += 1
        hit = 1
    board[target] += 1
    return hit


@njit(cache=True)
def _pack(board, keys, row):
    for word in range(4):
        value = np.int64(0)
        for j in range(13):
            value = (value << 4) | np.int64(board[13 * word + j])
        keys[row, word] = value


@njit(cache=True)
def _dedupe(boards, n):
    """Indices of the first copy of each distinct board among rows 0..n-1 (exact: packed keys)."""
    keys = np.empty((n, 4), dtype=np.int64)
    for r in range(n):
        _pack(boards[r], keys, r)
    size = 16
    while size < 2 * n:
        size *= 2
    table = np.zeros(size, dtype=np.int64)
    keep = np.empty(n, dtype=np.int64)
    kept = 0
    for r in range(n):
        h = np.uint64(1469598103934665603)
        for w in range(4):
            h = (h ^ np.uint64(keys[r, w])) * np.uint64(1099511628211)
        slot = np.int64(h & np.uint64(size - 1))
        while True:
            other = table[slot]
            if other == 0:
                table[slot] = r + 1
                keep[kept] = r
                kept += 1
                break
            o = other - 1
            same = True
            for w in range(4):
                if keys[o, w] != keys[r, w]:
                    same = False
                    break
            if same:
                break
            slot = (slot + 1) & (size - 1)
    return keep[:kept]


@njit(cache=True)
def _play_dice(board, dice, variant):
    """Breadth-first over the dice in the given order; returns the deepest level reached."""
    boards = np.empty((1, 52), dtype=np.int8)
    boards[0] = board
    steps = np.full((1, 4, 3), NO_STEP, dtype=np.int8)
    depth = 0
    sources = np.empty(16, dtype=np.int64)
    targets = np.empty(16, dtype=np.int64)
    for level in range(dice.shape[0]):
        die = dice[level]
        n = boards.shape[0]
        child_boards = np.empty((n * 16, 52), dtype=np.int8)
        child_steps = np.empty((n * 16, 4, 3), dtype=np.int8)
        count = 0
        for r in range(n):
            moves = _step_sources(boards[r], die, variant, sources, targets)
            for m in range(moves):
                child_boards[count] = boards[r]
                child_steps[count] = steps[r]
                hit = _apply_step(child_boards[count], sources[m], targets[m])
                child_steps[count, level, 0] = sources[m]
                child_steps[count, level, 1] = targets[m]
                child_steps[count, level, 2] = hit
                count += 1
        if count == 0:
            break
        keep = _dedupe(child_boards, count)
        boards = child_boards[keep]
        steps = child_steps[keep]
        depth = level + 1
    return boards, steps, depth


@njit(cache=True)
def legal_plays(board, die1, die2, variant):
    """Distinct positions after every legal play of the roll (mover's view, not swapped).

    Returns (boards (n, 52) int8, steps (n, 4, 3) int8, dice used). As many dice as
    possible are played; with only one playable, the larger when either could be.
    """
    if die1 == die2:
        dice = np.full(4, die1, dtype=np.int64)
        boards, steps, depth = _play_dice(board, dice, variant)
        return boards, steps, depth
    high, low = max(die1, die2), min(die1, die2)
    order = np.empty(2, dtype=np.int64)
    order[0], order[1] = high, low
    boards_a, steps_a, depth_a = _play_dice(board, order, variant)
    order[0], order[1] = low, high
    boards_b, steps_b, depth_b = _play_dice(board, order, variant)
    if depth_a == 2 and depth_b == 2:
        n = boards_a.shape[0] + boards_b.shape[0]
        both = np.empty((n, 52), dtype=np.int8)
        both_steps = np.empty((n, 4, 3), dtype=np.int8)
        both[:boards_a.shape[0]] = boards_a
        both[boards_a.shape[0]:] = boards_b
        both_steps[:boards_a.shape[0]] = steps_a
        both_steps[boards_a.shape[0]:] = steps_b
        keep = _dedupe(both, n)
        return both[keep], both_steps[keep], 2
    if depth_a == 2:
        return boards_a, steps_a, 2
    if depth_b == 2:
        return boards_b, steps_b, 2
    if depth_a == 1:
        return boards_a, steps_a, 1
    return boards_b, steps_b, depth_b


@njit(cache=True)
def count_plays(boards, rolls, variant):
    """Benchmark loop: the number of distinct plays for each (board, roll) pair."""
    counts = np.empty(boards.shape[0], dtype=np.int64)
    for i in range(boards.shape[0]):
        result, _, _ = legal_plays(boards[i], rolls[i, 0], rolls[i, 1], variant)
        counts[i] = result.shape[0]
    return counts


@njit(cache=True)
def acey_deucey_plays(board):
    """Acey-Deucey 1-2: play the 1 and 2, then each double 1-6 as far as it goes.

    Returns (boards, steps (n, 8, 3), dice used, chosen double, extra roll earned);
    plays are distinct by resulting board and by whether the extra roll was earned.
    When the 1 and 2 cannot both be played the turn ends with those plays.
    """
    # Dice and variant as int64 values, not literals: a literal argument makes numba compile
    # the whole move generator again for it (seconds on the first run after install).
    ace, deuce, acey_deucey = np.int64(1), np.int64(2), np.int64(2)
    first, first_steps, used = legal_plays(board, ace, deuce, acey_deucey)
    if used < 2:
        n = first.shape[0]
        steps = np.full((n, 8, 3), NO_STEP, dtype=np.int8)
        steps[:, :4] = first_steps
        return first, steps, np.full(n, used, dtype=np.int64), np.zeros(n, dtype=np.int64), \
            np.zeros(n, dtype=np.bool_)
    # Every double after every 1-2 play, gathered first so the arrays are sized once.
    parts = []
    part_steps = []
    part_info = []      # (1-2 play, chosen double, dice used)
    count = 0
    for i in range(first.shape[0]):
        for double in range(1, 7):
            after, after_steps, depth = legal_plays(first[i], np.int64(double), np.int64(double), acey_deucey)
            parts.append(after)
            part_steps.append(after_steps)
            part_info.append((i, double, 2 + depth))
            count += after.shape[0]
    boards = np.empty((count, 52), dtype=np.int8)
    steps = np.empty((count, 8, 3), dtype=np.int8)
    dice_used = np.empty(count, dtype=np.int64)
    doubles = np.empty(count, dtype=np.int64)
    row = 0
    for k in range(len(parts)):
        i, double, used = part_info[k]
        end = row + parts[k].shape[0]
        boards[row:end] = parts[k]
        steps[row:end, :4] = first_steps[i]
        steps[row:end, 4:] = part_steps[k]
        dice_used[row:end] = used
        doubles[row:end] = double
        row = end
    extra = dice_used == 6
    keep_list = []
    for flag in (True, False):
        rows = np.nonzero(extra == flag)[0]
        if rows.shape[0] == 0:
            continue
        kept = _dedupe(boards[rows], rows.shape[0])
        for k in kept:
            keep_list.append(rows[k])
    keep = np.array(keep_list, dtype=np.int64)
    return boards[keep], steps[keep], dice_used[keep], doubles[keep], extra[keep]


# ---------------------------------------------------------------------------
# Bear-off: positions are counts on the six home points (ace point first).
# A position's index is its rank in lexicographic order among all 6-tuples with
# at most ``top`` checkers. ``ways[i, left, c]`` is the number of tuples that come
# before a prefix whose point i holds c checkers with ``left`` still to place:
# the sum over v < c of C(5 - i + left - v, 5 - i) (built in bearoff.py).

ROLL_DICE = np.array([[a, b] for a in range(1, 7) for b in range(a, 7)], dtype=np.int64)
ROLL_WEIGHT = np.array([1.0 / 36 if a == b else 2.0 / 36 for a in range(1, 7) for b in range(a, 7)])


@njit(cache=True)
def home_positions(top, count):
    """All ``count`` six-point home boards of at most ``top`` checkers, in lexicographic (rank) order:
    the last point counts fastest, and a point that would pass ``top`` resets and carries."""
    out = np.zeros((count, 6), dtype=np.int64)
    counts = np.zeros(6, dtype=np.int64)
    total = 0
    for row in range(count):
        out[row] = counts
        point = 5
        while point >= 0:
            if total < top:
                counts[point] += 1
                total += 1
                break
            total -= counts[point]
            counts[point] = 0
            point -= 1
    return out


@njit(cache=True)
def bearoff_rank(counts, top, ways):
    rank = 0
    left = top
    for i in range(6):
        rank += ways[i, left, counts[i]]
        left -= counts[i]
    return rank


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
