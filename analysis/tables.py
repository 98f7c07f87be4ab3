"""The house table format for articles: a DataFrame as a markdown table for readers.

Articles show numbers the way a player reads them: whole numbers with thousands
separators and no decimals, chances as percentages, column names in words, and a
dash where a value does not apply (never ``NaN``).

>>> import pandas as pd
>>> frame = pd.DataFrame({"hand": ["pair", "prial"], "hands": [3744.0, 52.0], "chance": [0.16941, 0.0023529]})
>>> print(markdown_table(frame, percent=["chance"], percent_digits=2, index=False))
| hand  | hands | chance |
|:------|------:|-------:|
| pair  | 3,744 | 16.94% |
| prial |    52 |  0.24% |
"""

from __future__ import annotations

import math
from numbers import Integral, Real

MISSING = "—"
#: Chances this close to 0 or 1 are numerical noise (an equilibrium solver's residue), shown as 0% or 100%.
NOISE = 1e-6


class Table(str):
    """A markdown table that a notebook shows as a table (and ``print`` as text)."""

    def _repr_markdown_(self) -> str:
        return str(self)


def counted(count: int, singular: str, plural: str | None = None) -> str:
    """``count`` with its noun in the right number: ``1 die``, ``2 dice``, ``1,000 games``."""
    noun = singular if count == 1 else (plural or singular + "s")
    return f"{count:,} {noun}"


def format_number(value, *, percent: bool = False, digits: int | None = None, signed: bool = False) -> str:
    """One number as an article prints it: ``1,234``, ``12.5%``, ``0.0271``, ``+3.40``, or ``—``."""
    if value is None:
        return MISSING
    if isinstance(value, bool):
        return "yes" if value else "no"
    if not isinstance(value, Real):
        return str(value)
    if isinstance(value, float) and not math.isfinite(value):
        return MISSING
    sign = "+" if signed else ""
    if percent:
        places = 1 if digits is None else digits
        smallest = 10.0 ** -places
        # A chance that is not certain must not print as certain, nor a possible one as impossible;
        # below NOISE it is a solver's rounding of 0 or 1, not a chance.
        if NOISE <= value < smallest / 200:
            return f"< {smallest:.{places}f}%"
        if value < 1 - NOISE and value >= 1 - smallest / 200:
            return f"> {100 - smallest:.{places}f}%"
        return _signed(100 * value, places, sign) + "%"
    if digits is None:
        if isinstance(value, Integral) or float(value).is_integer():
            return f"{int(value):{sign},}"
        digits = 2 if abs(value) >= 10 else 4
    return _signed(value, digits, sign)


def _signed(value: float, places: int, sign: str) -> str:
    """``value`` to ``places`` decimals; a value that rounds to zero prints as 0, never -0 or +0."""
    text = f"{value:{sign},.{places}f}"
    return text.lstrip("+-") if float(text.replace(",", "")) == 0 else text


def percent_interval(low: float, high: float, digits: int = 1) -> str:
    """A 95% interval of a chance as an article prints it: ``24.1–26.3%``."""
    return f"{100 * low:.{digits}f}–{100 * high:.{digits}f}%"


def markdown_table(frame, *, percent=(), digits=None, signed=(), rename=None, index=True,
                   percent_digits: int = 1, align=None) -> Table:
    """``frame`` as a markdown table: numbers right-aligned and formatted by :func:`format_number`.

    Args:
        percent: columns holding chances (0-1), printed as percentages with ``percent_digits`` places.
        digits: ``{column: places}`` for columns that need a fixed number of decimals.
        signed: columns printed with a leading ``+`` for gains.
        rename: ``{column: words}`` applied after formatting (so the other arguments use the code's names).
        index: include the index as the first column(s) when it is named or not a plain range.
    """
    frame = frame.copy()
    if index and (any(name is not None for name in frame.index.names) or not _is_plain_range(frame.index)):
        frame = frame.reset_index()
    digits = dict(digits or {})
    percent, signed = set(percent), set(signed)
    cells = []
    numeric = []
    for column in frame.columns:
        values = frame[column].tolist()
        kind = dict(percent=column in percent, digits=digits.get(column), signed=column in signed)
        if column in percent and column not in digits:
            kind["digits"] = percent_digits
        elif kind["digits"] is None:
            kind["digits"] = _column_places(values)
        cells.append([format_number(_plain(v), **kind) for v in values])
        numeric.append(all(isinstance(_plain(v), Real) and not isinstance(v, bool) or _missing(v) for v in values))
    rename = rename or {}
    # Code names read as words: "turn_chance" is headed "turn chance" unless renamed.
    headers = [str(rename.get(column, str(column).replace("_", " "))) for column in frame.columns]
    if align is not None:
        numeric = [a == "right" for a in align]
    widths = [max([len(h)] + [len(c) for c in column]) for h, column in zip(headers, cells)]
    lines = ["| " + " | ".join(h.ljust(w) for h, w in zip(headers, widths)) + " |",
             "|" + "|".join((("-" * (w + 1)) + ":") if right else (":" + "-" * (w + 1))
                            for w, right in zip(widths, numeric)) + "|"]
    for row in zip(*cells) if cells else []:
        lines.append("| " + " | ".join(c.rjust(w) if right else c.ljust(w)
                                       for c, w, right in zip(row, widths, numeric)) + " |")
    return Table("\n".join(lines))


def _column_places(values):
    """One number of decimals for a whole column: none when every value is whole, else 2 or 4."""
    numbers = [abs(float(_plain(v))) for v in values if isinstance(_plain(v), Real) and not isinstance(v, bool)
               and not _missing(v)]
    if not numbers or all(isinstance(_plain(v), Integral) or float(_plain(v)).is_integer()
                          for v in values if isinstance(_plain(v), Real) and not _missing(v)):
        return None
    return 2 if max(numbers) >= 10 else 4


def _plain(value):
    """numpy scalars as Python numbers, so formatting and type checks see ints as ints."""
    item = getattr(value, "item", None)
    return item() if callable(item) and not isinstance(value, str) else value


def _missing(value) -> bool:
    value = _plain(value)
    return value is None or isinstance(value, float) and not math.isfinite(value)


def _is_plain_range(index) -> bool:
    return list(index) == list(range(len(index)))
