"""The 252 distinct rolls of five dice, the 462 keeps, and the keep -> roll transition table.

A roll or keep is a sorted tuple of faces. Keeping ``k`` dice and rolling the other
``5 - len(k)`` gives each roll with a multinomial probability; the table holds only
the 4368 (keep, roll) pairs that can happen, in compressed-row form, so a kernel
spends its time on real transitions.

>>> len(ROLLS), len(KEEPS), int(TABLES.keep_start[-1])
(252, 462, 4368)
>>> parse_dice("6 6 6 2 1")
(1, 2, 6, 6, 6)
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import combinations_with_replacement, product
from typing import NamedTuple

import numpy as np

from analysis.combinatorics import arrangements
from analysis.errors import InvalidDice

DICE = 5
FACES = 6

ROLLS: tuple[tuple[int, ...], ...] = tuple(combinations_with_replacement(range(1, FACES + 1), DICE))
KEEPS: tuple[tuple[int, ...], ...] = tuple(
    keep for size in range(DICE + 1) for keep in combinations_with_replacement(range(1, FACES + 1), size))
ROLL_INDEX = {roll: i for i, roll in enumerate(ROLLS)}
#: Keeps are ordered by size, so the last 252 keeps are the rolls themselves, in the same order.
FIRST_FULL_KEEP = len(KEEPS) - len(ROLLS)
KEEP_INDEX = {keep: i for i, keep in enumerate(KEEPS)}


@lru_cache(maxsize=None)   # 462 distinct multisets, asked for about 4,600 times while the tables are built
def ways(faces: tuple[int, ...]) -> int:
    """Ordered outcomes of rolling ``len(faces)`` dice that sort to ``faces`` (multinomial coefficient)."""
    return arrangements(faces)


def sub_keeps(roll: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The distinct keeps that can be set aside from ``roll`` (at most 32, fewer with pairs)."""
    faces = sorted(set(roll))
    # How many of each face to keep: every combination is a different keep (no duplicates to remove).
    found = [tuple(face for face, n in zip(faces, kept) for _ in range(n))
             for kept in product(*(range(roll.count(face) + 1) for face in faces))]
    return sorted(found, key=KEEP_INDEX.__getitem__)


@lru_cache(maxsize=1)
def keep_steps() -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """(larger, smaller) by keep index: the keep with one more die showing face 1..6 (none for five
    dice), and the distinct keeps with one die fewer. Plain tuples; ``TABLES`` holds them as arrays."""
    larger = tuple(tuple(KEEP_INDEX[tuple(sorted(keep + (face,)))] for face in range(1, FACES + 1))
                   if len(keep) < DICE else () for keep in KEEPS)
    smaller = []
    for keep in KEEPS:
        fewer = []
        for face in sorted(set(keep)):
            rest = list(keep)
            rest.remove(face)
            fewer.append(KEEP_INDEX[tuple(rest)])
        smaller.append(tuple(fewer))
    return larger, tuple(smaller)


class Tables(NamedTuple):
    """The dice tables every turn kernel reads (one value in numba; ``kernel_tables`` has the other bundles)."""

    keep_start: np.ndarray   # int64[463]: row starts of the keep -> roll table
    keep_roll: np.ndarray    # int64[4368]: the roll each transition lands on
    keep_prob: np.ndarray    # float64[4368]
    roll_keeps: np.ndarray   # int64[252, 32]: distinct sub-keeps of each roll, -1 padded
    n_roll_keeps: np.ndarray  # int64[252]
    first_roll: np.ndarray   # float64[252]: chance of each roll when all five dice are thrown
    counts: np.ndarray       # int64[252, 7]: how many dice show each face (index 1..6)
    keep_add: np.ndarray     # int64[462, 7]: the keep with one more die showing face f (-1 for five dice)
    keep_remove: np.ndarray  # int64[462, 5]: the distinct keeps with one die fewer (-1 padded)
    n_remove: np.ndarray     # int64[462]


def _build_tables() -> Tables:
    start, target, prob = [0], [], []
    for keep in KEEPS:
        # Enumerate what the thrown dice can show (as multisets), not every roll: 4368 pairs in all.
        thrown = 5 - len(keep)
        row = sorted((ROLL_INDEX[tuple(sorted(keep + t))], ways(t) / FACES ** thrown)
                     for t in combinations_with_replacement(range(1, FACES + 1), thrown))
        target.extend(r for r, _ in row)
        prob.extend(p for _, p in row)
        start.append(len(target))
    roll_keeps = np.full((len(ROLLS), 1 << DICE), -1, dtype=np.int64)
    n_roll_keeps = np.zeros(len(ROLLS), dtype=np.int64)
    counts = np.zeros((len(ROLLS), FACES + 1), dtype=np.int64)
    for r, roll in enumerate(ROLLS):
        keeps = [KEEP_INDEX[k] for k in sub_keeps(roll)]
        roll_keeps[r, :len(keeps)] = keeps
        n_roll_keeps[r] = len(keeps)
        for face in roll:
            counts[r, face] += 1
    first = np.array([ways(roll) / FACES ** DICE for roll in ROLLS])
    # Rolling m dice is rolling one, then m - 1: the kernels value keeps one die at a time.
    keep_add = np.full((len(KEEPS), FACES + 1), -1, dtype=np.int64)
    keep_remove = np.full((len(KEEPS), DICE), -1, dtype=np.int64)
    n_remove = np.zeros(len(KEEPS), dtype=np.int64)
    larger, smaller = keep_steps()
    for k in range(len(KEEPS)):
        keep_add[k, 1:1 + len(larger[k])] = larger[k]
        keep_remove[k, :len(smaller[k])] = smaller[k]
        n_remove[k] = len(smaller[k])
    return Tables(np.array(start, dtype=np.int64), np.array(target, dtype=np.int64),
                  np.array(prob), roll_keeps, n_roll_keeps, first, counts, keep_add, keep_remove, n_remove)


def __getattr__(name: str):
    # ``TABLES`` is built on first use (about 40 ms): a plain-Python answer needs only the rolls.
    if name == "TABLES":
        tables = globals()["TABLES"] = _build_tables()
        return tables
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def parse_dice(text: str | tuple | list, count: int | None = DICE) -> tuple[int, ...]:
    """Faces from text like ``"6 6 6 2 1"`` or ``"66621"``, sorted; one clear sentence if they are bad."""
    if isinstance(text, str):
        tokens = [t for t in re.split(r"[\s,]+", text.strip()) if t]
        if len(tokens) == 1 and len(tokens[0]) > 1 and tokens[0].isdigit():
            tokens = list(tokens[0])
    else:
        tokens = [str(t) for t in text]
    faces = []
    for token in tokens:
        if not (token.isascii() and token.isdigit()) or not 1 <= int(token) <= FACES:
            raise InvalidDice(f"'{token}' is not a die face; Yacht dice show 1-6.")
        faces.append(int(token))
    if count is not None and len(faces) != count:
        raise InvalidDice(f"'{text}' has {len(faces)} dice; a Yacht roll has exactly {count}.")
    if len(faces) > DICE:
        raise InvalidDice(f"'{text}' has {len(faces)} dice; Yacht uses at most {DICE}.")
    return tuple(sorted(faces))


def show(dice: tuple[int, ...]) -> str:
    """Dice as the players write them: high faces first (``"6 6 6 2 1"``); ``"-"`` for none."""
    return " ".join(str(f) for f in sorted(dice, reverse=True)) or "-"
