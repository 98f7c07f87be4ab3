"""Checker play: every legal play of a roll, as plain functions in numba's subset.

One question (``odds backgammon moves``) calls these as they stand: a few milliseconds,
and no compiler starts. Bulk work (benchmarks, evaluators, many positions) calls the
copies ``_kernels`` compiles from this very text (:func:`analysis.jit.compile_rules`).

A board is 52 int8: the side to move's 26 slots (points 1-24 as 0-23 from its own ace
point, 24 the bar, 25 the checkers waiting to enter) then the opponent's 26 slots in
the opponent's own view, so my point ``p`` is the opponent's point ``23 - p``. Variant
codes: 0 standard, 1 Dutch, 2 Acey-Deucey. A recorded step is (from, to, hit) with from
0-23, 24 (bar) or 25 (start) and to -1 for borne off.
"""

from __future__ import annotations

import numpy as np

#: The functions ``_kernels`` compiles, callees first.
RULES = ("_reached_home", "_landing", "_step_sources", "_apply_step", "_keys", "_dedupe", "_play_dice",
         "legal_plays", "acey_deucey_plays")

OPP = 26
NO_STEP = -9


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


def _keys(boards, n):
    """Rows 0..n-1 packed exactly into four int64 words each (13 counts of 4 bits per word).

    Column by column over all rows at once: as plain Python that is 52 array operations
    instead of 52 per board."""
    keys = np.zeros((n, 4), dtype=np.int64)
    for word in range(4):
        for j in range(13):
            keys[:, word] = (keys[:, word] << 4) | boards[:n, 13 * word + j]
    return keys


def _dedupe(boards, n):
    """Indices of the first copy of each distinct board among rows 0..n-1 (exact: packed keys)."""
    keys = _keys(boards, n)
    size = 16
    while size < 2 * n:
        size *= 2
    table = np.zeros(size, dtype=np.int64)
    keep = np.empty(n, dtype=np.int64)
    kept = 0
    for r in range(n):
        # A hash that never overflows int64 (keys < 2**52), so plain Python computes the same slots
        # without numpy's overflow warnings; the boards kept, and their order, do not depend on it.
        h = 0
        for w in range(4):
            k = keys[r, w]
            h = ((h ^ ((k ^ (k >> 26)) & 0x3FFFFFF)) * 0x5BD1E995) & 0xFFFFFFFF   # < 2**63 before the mask
        slot = (h ^ (h >> 16)) & (size - 1)
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
