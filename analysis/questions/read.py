"""Numbers as a player types them, checked against their range before any work starts.

>>> number("4", int, 1, 6, "a die")
4
>>> number("7", int, 1, 6, "a die")
Traceback (most recent call last):
...
analysis.errors.InvalidArgument: 7 is out of range for a die; use 1-6.
>>> numbers("6 7", int, 1, 30, "a player's dice")
[6, 7]
"""

from __future__ import annotations

import math

from analysis.errors import InvalidArgument


def number(text, kind: type, low, high, what: str):
    """``text`` as a whole number (``kind=int``) or a decimal one (``float``) within ``low``-``high``, or
    one sentence saying what is wrong (``what``: the input, as the sentence names it)."""
    clean = str(text).strip().replace("_", "")
    if not clean.isascii():     # digits from other scripts ('²', '①', '٣') that int() may read
        raise InvalidArgument(f"'{clean}' is not a number for {what}; write it in ASCII digits 0-9.")
    try:
        value = int(clean) if kind is int else float(clean)
    except ValueError:
        word = "a whole number" if kind is int else "a number"
        raise InvalidArgument(f"'{text}' is not {word} (for {what}).") from None
    if kind is float and not math.isfinite(value):
        raise InvalidArgument(f"'{text}' is not a finite number (for {what}).")
    if not low <= value <= high:
        raise InvalidArgument(f"{text} is out of range for {what}; use {low:,}-{high:,}." if kind is int else
                              f"{text} is out of range for {what}; use {low:g} to {high:g}.")
    return value


def numbers(text: str, kind: type, low, high, what: str) -> list:
    """Every number of ``text`` (separated by spaces), each as :func:`number` reads it."""
    return [number(word, kind, low, high, what) for word in str(text).split()]
