"""The evaluator's hand-made features of a position, as plain functions in numba's subset: whether the sides are
still in contact, the other side's chance to hit a blot, the chance to escape the rearmost checker, and the longest
prime. ``net_rules.encode`` reads them into a net's inputs (``net_rules`` describes the encoding and the board layout);
``_net`` compiles them from this very text (:func:`analysis.jit.compile_rules`). The module imports nothing.
"""

from __future__ import annotations

#: The functions ``_net`` compiles, callees first.
RULES = ("contact", "_shot_rolls", "hit_chance", "_roll_escapes", "escape_chance", "longest_prime")


def contact(board):
    """True while some checker of one side still has to pass one of the other's."""
    back = -1        # the side on roll's rearmost checker, as a point index of its own view
    for i in range(25, -1, -1):
        if board[i] > 0:
            back = i
            break
    if back < 0:
        return False
    if back >= 24:
        return True
    for i in range(24, 26):
        if board[26 + i] > 0:
            return True
    # opponent's checker at its point q is my point 23 - q; contact if any lies below my back checker
    for q in range(24):
        if board[26 + q] > 0 and 23 - q < back:
            return True
    return False


def _shot_rolls(board, me, start, d, entering):
    """Bit mask of the 21 rolls (d1 <= d2, in order) that move a checker of the other side from its
    index ``start`` exactly ``d`` pips, every landing point on the way open (fewer than two of the
    side at base ``me``, which sees the other side's index t as its 23 - t). ``entering``: the
    checkers on the bar when ``start`` is the bar (each must enter before one moves on), else 0."""
    mask = 0
    r = 0
    steps = 4 if entering < 2 else 5 - entering
    for d1 in range(1, 7):
        for d2 in range(d1, 7):
            if d1 == d2:
                if d % d1 == 0 and d // d1 <= steps:
                    ok = True
                    for k in range(1, d // d1):
                        if board[me + 23 - (start - k * d1)] >= 2:
                            ok = False
                            break
                    if ok:
                        mask |= 1 << r
            elif d == d1 or d == d2:
                mask |= 1 << r
            elif d == d1 + d2 and entering < 2 and (board[me + 23 - (start - d1)] < 2
                                                    or board[me + 23 - (start - d2)] < 2):
                mask |= 1 << r
            r += 1
    return mask


def hit_chance(board, me):
    """The chance (of 36 rolls) that the other side, rolling now, can hit a blot of the side at base
    ``me``: its checker at its own index q lands on its q - d, which is ``me``'s 23 - q + d. A side
    with checkers on the bar hits only with a checker entering (from index 24, as from the start),
    not with the dice left after the bar is empty."""
    op = 26 - me
    bar_only = board[op + 24] > 0
    mask = 0
    for i in range(24):
        if board[me + i] != 1:
            continue
        for q in range(26):
            if board[op + q] == 0 or (bar_only and q != 24):
                continue
            start = 24 if q >= 24 else q
            d = start - (23 - i)
            if 1 <= d <= 24:
                mask |= _shot_rolls(board, me, start, d, board[op + 24] if q == 24 else 0)
    if mask == 0:
        return 0.0
    rolls = 0
    r = 0
    for d1 in range(1, 7):
        for d2 in range(d1, 7):
            if mask & (1 << r):
                rolls += 1 if d1 == d2 else 2
            r += 1
    return rolls / 36.0


def _roll_escapes(board, me, back, low, d1, d2, entering):
    """True when d1-d2 takes the checker at ``back`` (side at base ``me``) below index ``low``;
    ``entering`` checkers on the bar must all enter first (``back`` is then the bar)."""
    op = 26 - me
    if d1 == d2:
        pos = back
        for k in range(4 if entering < 2 else 5 - entering):
            pos -= d1
            if pos < low:
                return True
            if board[op + 23 - pos] >= 2:
                return False
        return False
    for order in range(2):
        a = d1 if order == 0 else d2
        b = d2 if order == 0 else d1
        pos = back - a
        if pos < low:
            return True
        if board[op + 23 - pos] >= 2 or entering >= 2:
            continue
        if pos - b < low:
            return True
    return False


def escape_chance(board, me):
    """The chance (of 36) that the rearmost checker of the side at base ``me`` passes every point the
    other side holds in front of it (from the bar or the start it counts from index 24)."""
    op = 26 - me
    back = -1
    for i in range(25, -1, -1):
        if board[me + i] > 0:
            back = 24 if i >= 24 else i
            break
    low = -1       # the lowest of the other side's points (two or more) below ``back``, in this side's view
    for i in range(back - 1, -1, -1):
        if board[op + 23 - i] >= 2:
            low = i
    if low < 0:
        return 1.0
    rolls = 0
    for d1 in range(1, 7):
        for d2 in range(d1, 7):
            if _roll_escapes(board, me, back, low, d1, d2, board[me + 24] if back == 24 else 0):
                rolls += 1 if d1 == d2 else 2
    return rolls / 36.0


def longest_prime(board, me):
    """The most consecutive points holding two or more checkers of the side at base ``me``."""
    best = 0
    run = 0
    for i in range(24):
        if board[me + i] >= 2:
            run += 1
            if run > best:
                best = run
        else:
            run = 0
    return best
