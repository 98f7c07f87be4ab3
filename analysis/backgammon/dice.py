"""Dice tables: shots at a blot, entering from the bar, one-roll bear-offs, pip counts.

Counts are out of the 36 equally likely rolls (a non-double counted twice, as
3-1 and 1-3).

>>> shots(6)
17
>>> shots(8, blocks=(4, 6))     # only 6-2 and 5-3 (either order) get there
4
>>> entry(closed=4, on_bar=2).all_enter
4
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations_with_replacement

import numpy as np

from analysis.backgammon.bearoff import ONE_SIDED_CHECKERS, _ways, parse_counts
from analysis.compile_notice import compiling
from analysis.errors import InvalidArgument

ROLLS = [(a, b) for a in range(1, 7) for b in range(1, 7)]


def parse_blocks(blocks) -> frozenset:
    """Blocked distances from ``"4,6"``, ``"4 6"`` or a sequence (each 1-23)."""
    if isinstance(blocks, str):
        words = [w for w in blocks.replace(",", " ").split() if w]
    else:
        words = list(blocks or ())
    try:
        if any(isinstance(w, str) and not w.isascii() for w in words):
            raise ValueError("int() also reads other scripts' digits ('٣'); a distance is written in ASCII")
        values = frozenset(int(w) for w in words)
    except (TypeError, ValueError):
        raise InvalidArgument(f"'{blocks}' is not a list of blocked distances; write e.g. 4,6.") from None
    if any(not 1 <= v <= 23 for v in values):
        raise InvalidArgument(f"'{blocks}' names a blocked distance outside 1-23; blocks lie between the "
                              "hitter and the blot.")
    return values


def hits_with(roll: tuple[int, int], distance: int, blocks=frozenset()) -> bool:
    """Can one checker travel exactly ``distance`` pips with this roll, never stopping on a block?

    A non-double may be played in either order (each intermediate landing must be
    open); a double moves the same checker up to four times.
    """
    a, b = roll
    if a == b:
        for steps in range(1, 5):
            if a * steps == distance:
                return True
            if a * steps in blocks:
                return False
        return False
    if distance in (a, b):
        return True
    return a + b == distance and (a not in blocks or b not in blocks)


def shots(distance: int, blocks=()) -> int:
    """Rolls out of 36 that hit a blot ``distance`` pips away with the given points blocked.

    ``blocks``: distances (from the hitter) of the points the opponent holds in between.
    """
    if not isinstance(distance, int) or not 1 <= distance <= 24:
        raise InvalidArgument(f"A distance of '{distance}' is impossible; a blot lies 1-24 pips away.")
    blocked = parse_blocks(blocks)
    if distance in blocked:
        raise InvalidArgument(f"The blot's own distance {distance} cannot also be blocked.")
    return sum(hits_with(roll, distance, blocked) for roll in ROLLS)


def shot_rows(blocks=()) -> list[dict]:
    """The rows of :func:`shot_table` as plain dicts (no pandas: the ``chart`` command uses them)."""
    blocked = parse_blocks(blocks)
    return [{"distance": d, "rolls": shots(d, blocked), "chance": shots(d, blocked) / 36}
            for d in range(1, 25) if d not in blocked]


def shot_table(blocks=()) -> pd.DataFrame:
    """Hitting rolls for every distance 1-24 (``direct`` = 1-6), with optional blocks."""
    import pandas as pd  # lazy: keeps pandas out of a table question's start-up

    return pd.DataFrame(shot_rows(blocks))


@dataclass(frozen=True)
class Entry:
    """Entering from the bar against a board with ``closed`` points made."""

    closed: int
    on_bar: int
    all_enter: int       # rolls (of 36) that bring every bar checker in
    some_enter: int      # rolls that bring at least one in
    fanned: int          # rolls that bring none in

    def to_dict(self) -> dict:
        return {"closed": self.closed, "on_bar": self.on_bar, "all_enter": self.all_enter,
                "some_enter": self.some_enter, "fanned": self.fanned,
                "chance_all_enter": self.all_enter / 36, "chance_fanned": self.fanned / 36}

    def __str__(self) -> str:
        return (f"{self.on_bar} on the bar against {self.closed} closed points: all enter "
                f"{self.all_enter}/36 ({100 * self.all_enter / 36:.1f}%), at least one "
                f"{self.some_enter}/36, fanned {self.fanned}/36 ({100 * self.fanned / 36:.1f}%)")


def _check_on_bar(on_bar: int) -> None:
    if not isinstance(on_bar, int) or not 1 <= on_bar <= 15:
        raise InvalidArgument(f"'{on_bar}' checkers on the bar is impossible; use 1-15.")


def checkers_entering(a: int, b: int, closed: int) -> int:
    """Checkers the roll a-b can enter (a double four) against ``closed`` closed points.

    Which points are closed does not change the counts over all rolls, only how many:
    they are taken as the highest faces.
    """
    open_faces = range(1, 7 - closed)
    if a == b:
        return 4 if a in open_faces else 0
    return (a in open_faces) + (b in open_faces)


def entry(closed: int, on_bar: int = 1) -> Entry:
    """Rolls that enter one or more bar checkers against ``closed`` closed home points."""
    if not isinstance(closed, int) or not 0 <= closed <= 6:
        raise InvalidArgument(f"'{closed}' closed points is impossible; a home board has 0-6 closed points.")
    _check_on_bar(on_bar)
    all_in = some_in = 0
    for a, b in ROLLS:
        entering = checkers_entering(a, b, closed)
        all_in += entering >= on_bar
        some_in += entering >= 1
    return Entry(closed, on_bar, all_in, some_in, 36 - some_in)


def entry_rows(max_on_bar: int = 2) -> list[dict]:
    """The rows of :func:`entry_table` as plain dicts (no pandas: the ``chart`` command uses them)."""
    _check_on_bar(max_on_bar)
    rows = []
    for closed in range(7):
        for bar in range(1, max_on_bar + 1):
            e = entry(closed, bar)
            rows.append({"closed": closed, "on_bar": bar, "all_enter": e.all_enter, "fanned": e.fanned,
                         "chance_all_enter": e.all_enter / 36})
    return rows


def entry_table(max_on_bar: int = 2) -> pd.DataFrame:
    """P(every bar checker enters) against 0-6 closed points, 1..max_on_bar checkers on the bar."""
    import pandas as pd  # lazy: keeps pandas out of a table question's start-up

    return pd.DataFrame(entry_rows(max_on_bar))


def one_roll_bearoff(counts) -> int:
    """Rolls (of 36) that bear off every checker of a home board (six counts, ace point first)."""

    from analysis.backgammon import _kernels  # lazy: keeps numba out of a table question's start-up

    board = np.array(parse_counts(counts), dtype=np.int64)
    if board.sum() == 0:
        return 36
    out = np.empty(256, dtype=np.int64)
    ways = _ways(ONE_SIDED_CHECKERS)
    total = 0
    with compiling("the bear-off move generator", 3, _kernels.bearoff_leaves):
        for a, b in ROLLS:
            n = _kernels.bearoff_leaves(board.copy(), a, b, ONE_SIDED_CHECKERS, ways, out)
            total += bool((out[:n] == 0).any())     # rank 0 is the empty board
    return total


def one_roll_bearoff_table(checkers: int = 2) -> pd.DataFrame:
    """Every home board of ``checkers`` checkers and the rolls that bear them all off at once."""
    import pandas as pd  # lazy: keeps pandas out of a table question's start-up

    rows = []
    for points in combinations_with_replacement(range(1, 7), checkers):
        counts = [0] * 6
        for p in points:
            counts[p - 1] += 1
        rolls = one_roll_bearoff(counts)
        rows.append({"points": "-".join(map(str, sorted(points, reverse=True))), "rolls": rolls,
                     "chance": rolls / 36})
    return pd.DataFrame(rows)
