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
    first, first_steps, used = legal_plays(board, 1, 2, 2)
    if used < 2:
        n = first.shape[0]
        steps = np.full((n, 8, 3), NO_STEP, dtype=np.int8)
        steps[:, :4] = first_steps
        return first, steps, np.full(n, used, dtype=np.int64), np.zeros(n, dtype=np.int64), \
            np.zeros(n, dtype=np.bool_)
    capacity = 64
    boards = np.empty((capacity, 52), dtype=np.int8)
    steps = np.empty((capacity, 8, 3), dtype=np.int8)
    dice_used = np.empty(capacity, dtype=np.int64)
    doubles = np.empty(capacity, dtype=np.int64)
    count = 0
    for i in range(first.shape[0]):
        for double in range(1, 7):
            after, after_steps, depth = legal_plays(first[i], double, double, 2)
            for j in range(after.shape[0]):
                if count == capacity:
                    capacity *= 2
                    grown = np.empty((capacity, 52), dtype=np.int8)
                    grown[:count] = boards[:count]
                    boards = grown
                    grown_steps = np.empty((capacity, 8, 3), dtype=np.int8)
                    grown_steps[:count] = steps[:count]
                    steps = grown_steps
                    grown_used = np.empty(capacity, dtype=np.int64)
                    grown_used[:count] = dice_used[:count]
                    dice_used = grown_used
                    grown_doubles = np.empty(capacity, dtype=np.int64)
                    grown_doubles[:count] = doubles[:count]
                    doubles = grown_doubles
                boards[count] = after[j]
                steps[count, :4] = first_steps[i]
                steps[count, 4:] = after_steps[j]
                dice_used[count] = 2 + depth
                doubles[count] = double
                count += 1
    extra = dice_used[:count] == 6
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
