"""The move generator of ``_kernels`` in plain Python, for one position and one roll.

``odds backgammon moves`` asks one question: starting numba and loading its cached
kernels costs about half a second, while listing one roll's plays in Python takes a
few milliseconds. This module follows the kernels step for step (the same breadth-first
search over the dice, the same first-found copy of each distinct board, the same
steps), so both give the same plays with the same notation; tests/backgammon/test_moves.py
checks that on thousands of positions. Bulk work (benchmarks, many positions) uses the
kernels.

Boards are tuples of 52 counts in the kernels' layout (see ``_kernels``); a step is
(from, to, hit), ``NO_STEP`` where a die was not played.
"""

from __future__ import annotations

OPP = 26
NO_STEP = -9       # the same marker as ``_kernels.NO_STEP``


def _reached_home(board) -> bool:
    """Dutch hitting rule: the mover has a checker on its home board or already borne off."""
    return sum(board[:26]) < 15 or any(board[:6])


def _landing(board, target: int, variant: int) -> int:
    """0 blocked, 1 open, 2 open with a hit."""
    enemy = board[OPP + 23 - target]
    if enemy >= 2:
        return 0
    if enemy == 1:
        return 0 if variant == 1 and not _reached_home(board) else 2
    return 1


def _single_moves(board, die: int, variant: int) -> list[tuple[int, int]]:
    """Every legal single-checker move with ``die`` as (source, target), in the kernels' order."""
    if board[24] > 0:
        first, last = 24, 24
    elif board[25] > 0 and variant == 1:
        first, last = 25, 25        # Dutch: all checkers in before any advances
    else:
        first, last = 0, 25
    all_home = not any(board[6:26])
    moves = []
    for src in range(first, last + 1):
        if board[src] == 0:
            continue
        target = 24 - die if src >= 24 else src - die
        if target >= 0:
            if _landing(board, target, variant) > 0:
                moves.append((src, target))
        elif all_home and (target == -1 or not any(board[src + 1:6])):
            moves.append((src, -1))
    return moves


def _apply(board: list, src: int, target: int) -> int:
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


def _play_dice(board: tuple, dice, variant: int):
    """Breadth-first over the dice in the given order: ([(board, steps)], deepest level reached)."""
    level_plays = [(board, ())]
    depth = 0
    for level, die in enumerate(dice):
        found: dict = {}            # first copy of each distinct board, in the order found
        for before, steps in level_plays:
            for src, target in _single_moves(before, die, variant):
                after = list(before)
                hit = _apply(after, src, target)
                found.setdefault(tuple(after), steps + ((src, target, hit),))
        if not found:
            break
        level_plays = list(found.items())
        depth = level + 1
    return level_plays, depth


def legal_plays(board, die1: int, die2: int, variant: int):
    """``_kernels.legal_plays`` in Python: ([(board, steps)], dice used), steps padded to four."""
    board = tuple(int(count) for count in board)
    if die1 == die2:
        plays, depth = _play_dice(board, (die1,) * 4, variant)
    else:
        high, low = max(die1, die2), min(die1, die2)
        plays_a, depth_a = _play_dice(board, (high, low), variant)
        plays_b, depth_b = _play_dice(board, (low, high), variant)
        if depth_a == 2 and depth_b == 2:
            merged: dict = {}
            for after, steps in plays_a + plays_b:        # high die first wins a board found both ways
                merged.setdefault(after, steps)
            plays, depth = list(merged.items()), 2
        elif depth_a == 2:
            plays, depth = plays_a, 2
        elif depth_b == 2:
            plays, depth = plays_b, 2
        elif depth_a == 1:
            plays, depth = plays_a, 1
        else:
            plays, depth = plays_b, depth_b
    padded = [(after, steps + ((NO_STEP, NO_STEP, NO_STEP),) * (4 - len(steps))) for after, steps in plays]
    return padded, depth
