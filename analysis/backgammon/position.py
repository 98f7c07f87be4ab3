"""The board: two players' checkers, the side on roll and the cube.

Each side's checkers are kept *from that side's own point of view*, the way
players count: ``points[0]`` is the side's ace point (its 1-point),
``points[23]`` its 24-point (the opponent's ace point), then the bar, then the
checkers still waiting off the board to be entered (Dutch and Acey-Deucey
start with all 15 there). Checkers borne off are what is missing from 15.

Two text forms are read and written:

* the GNU Backgammon position ID (14 characters, e.g. ``4HPwATDgc/ABMA`` for
  the opening). gnubg 1.07's program writes the side *not* on roll first and
  the side on roll second (checked by playing 8/5 6/5 in gnubg 1.07.001: the ID
  it then shows, ``sGfwATDgc/ABMA``, holds the moved checkers in its first
  half), so that is the order used here, whatever the manual's prose says;
* a readable notation, ``"6:5 8:3 13:5 24:2 / 6:5 8:3 13:5 24:2"``: the side
  on roll, then the opponent, each as ``point:count`` pairs counted from that
  side's own ace point, plus ``bar:n`` and ``start:n`` (waiting to enter), and
  optionally ``/ cube 2 on_roll`` (owner ``centre``, ``on_roll`` or ``opponent``).

>>> start = Position.from_id("4HPwATDgc/ABMA")
>>> start.pips()
(167, 167)
>>> start.notation()
'6:5 8:3 13:5 24:2 / 6:5 8:3 13:5 24:2'
>>> start.position_id()
'4HPwATDgc/ABMA'
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass

import numpy as np

from analysis.errors import InvalidPosition
from analysis.backgammon.rules import STANDARD, BackgammonRules, preset

CHECKERS = 15
BAR = 24          # index of the bar in a side's 26 slots
START = 25        # index of the checkers waiting to be entered (Dutch, Acey-Deucey)
SLOTS = 26
CUBE_OWNERS = ("centre", "on_roll", "opponent")

_OPENING = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0)
_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


@dataclass(frozen=True)
class Position:
    """A validated backgammon position; the side on roll is ``on_roll``.

    Attributes:
        on_roll: 26 counts for the side to move (points 1-24, bar, start), its own view.
        opponent: 26 counts for the other side, its own view.
        cube_value: 1, 2, 4, ... 64 (centred above 1 only when the opening ties raised it).
        cube_owner: ``"centre"``, ``"on_roll"`` or ``"opponent"``.
    """

    on_roll: tuple
    opponent: tuple
    cube_value: int = 1
    cube_owner: str = "centre"

    def __post_init__(self):
        for name in ("on_roll", "opponent"):
            counts = tuple(int(c) for c in getattr(self, name))
            object.__setattr__(self, name, counts)
        _validate(self)

    # ---------------------------------------------------------------- builders
    @classmethod
    def opening(cls, rules: BackgammonRules | str = STANDARD) -> "Position":
        """The starting position of ``rules`` (all 15 waiting off the board in the variants)."""
        if preset(rules).standard_start:
            return cls(_OPENING, _OPENING)
        waiting = (0,) * START + (CHECKERS,)
        return cls(waiting, waiting)

    @classmethod
    def from_id(cls, position_id: str, cube_value: int = 1, cube_owner: str = "centre") -> "Position":
        """Read a GNU Backgammon position ID (14 characters of base 64)."""
        text = str(position_id).strip()
        if len(text) != 14 or any(ch not in _ALPHABET for ch in text):
            raise InvalidPosition(f"'{position_id}' is not a GNU Backgammon position ID; it must be 14 "
                                  "characters from A-Z, a-z, 0-9, + and /.")
        try:
            key = base64.b64decode(text + "==", validate=True)
        except binascii.Error as error:  # pragma: no cover - alphabet checked above
            raise InvalidPosition(f"'{position_id}' is not valid base 64.") from error
        bits = [(key[i // 8] >> (i % 8)) & 1 for i in range(80)]
        sides = [[0] * SLOTS, [0] * SLOTS]
        side, slot, used = 0, 0, 0
        for bit in bits:
            if side == 2:
                break
            used += 1
            if bit:
                sides[side][slot] += 1
            else:
                slot += 1
                if slot == 25:
                    side, slot = side + 1, 0
        if side < 2 or any(bits[used:]):
            raise InvalidPosition(f"'{position_id}' does not decode to two sides of at most 15 checkers.")
        # gnubg writes the side not on roll first (see the module docstring).
        return cls(tuple(sides[1]), tuple(sides[0]), cube_value, cube_owner)

    @classmethod
    def from_notation(cls, text: str) -> "Position":
        """Read the readable notation described in the module docstring."""
        parts = [part.strip() for part in str(text).split("/")]
        if len(parts) not in (2, 3):
            raise InvalidPosition(f"'{text}' is not a position; write 'point:count ... / point:count ...' "
                                  "(side on roll, then opponent, optionally '/ cube 2 on_roll').")
        sides = [_read_side(part, text) for part in parts[:2]]
        cube_value, cube_owner = 1, "centre"
        if len(parts) == 3:
            words = parts[2].replace(":", " ").split()
            if (len(words) not in (2, 3) or words[0].lower() != "cube"
                    or not (words[1].isascii() and words[1].isdigit())):
                raise InvalidPosition(f"'{parts[2]}' is not a cube; write 'cube 2 on_roll' "
                                      "(owner centre, on_roll or opponent).")
            cube_value = int(words[1])
            cube_owner = words[2].lower() if len(words) == 3 else "centre"
        return cls(tuple(sides[0]), tuple(sides[1]), cube_value, cube_owner)

    # ---------------------------------------------------------------- writers
    def position_id(self) -> str:
        """The GNU Backgammon position ID (checkers waiting to enter are not representable)."""
        if self.on_roll[START] or self.opponent[START]:
            raise InvalidPosition("A position with checkers waiting to enter (Dutch, Acey-Deucey) has no "
                                  "GNU Backgammon position ID; use the readable notation.")
        bits: list[int] = []
        for side in (self.opponent, self.on_roll):
            for count in side[:25]:
                bits.extend([1] * count)
                bits.append(0)
        bits.extend([0] * (80 - len(bits)))
        key = bytes(sum(bits[8 * byte + i] << i for i in range(8)) for byte in range(10))
        return base64.b64encode(key).decode()[:14]

    def notation(self) -> str:
        text = " / ".join(_write_side(side) for side in (self.on_roll, self.opponent))
        if self.cube_value != 1 or self.cube_owner != "centre":
            text += f" / cube {self.cube_value} {self.cube_owner}"
        return text

    def __str__(self) -> str:
        mine, theirs = self.pips()
        text = (f"on roll:  {_write_side(self.on_roll)}  ({mine} pips, {self.borne_off()[0]} off)\n"
                f"opponent: {_write_side(self.opponent)}  ({theirs} pips, {self.borne_off()[1]} off)")
        if self.on_roll[START] == 0 and self.opponent[START] == 0:
            text += f"\nposition ID: {self.position_id()}"
        return text + f"\ncube: {self.cube_value}, {self.cube_owner.replace('_', ' ')}"

    # ---------------------------------------------------------------- queries
    def pips(self) -> tuple[int, int]:
        """Pip counts (side on roll, opponent); bar and start count 25 pips each."""
        return pip_count(self.on_roll), pip_count(self.opponent)

    def borne_off(self) -> tuple[int, int]:
        return CHECKERS - sum(self.on_roll), CHECKERS - sum(self.opponent)

    def swapped(self) -> "Position":
        """The same board with the other side on roll (cube ownership follows the player)."""
        owner = {"centre": "centre", "on_roll": "opponent", "opponent": "on_roll"}[self.cube_owner]
        return Position(self.opponent, self.on_roll, self.cube_value, owner)

    def board_array(self) -> np.ndarray:
        """The kernels' layout: 52 int8, the side on roll's 26 slots then the opponent's."""
        return np.array(self.on_roll + self.opponent, dtype=np.int8)

    def is_race(self) -> bool:
        """No contact left: every checker of the side on roll is past every opponent checker."""
        mine = [i for i in range(SLOTS) if self.on_roll[i]]
        theirs = [23 - i if i < 24 else -1 for i in range(SLOTS) if self.opponent[i]]
        if not mine or not theirs:
            return True
        if self.on_roll[BAR] or self.on_roll[START] or self.opponent[BAR] or self.opponent[START]:
            return False
        return max(mine) < min(theirs)


def pip_count(side) -> int:
    """Pips a side still has to travel: point number per checker, 25 for bar and start."""
    return sum((i + 1) * side[i] for i in range(24)) + 25 * (side[BAR] + side[START])


def _validate(position: Position) -> None:
    for label, side in (("on roll", position.on_roll), ("opponent", position.opponent)):
        if len(side) != SLOTS:
            raise InvalidPosition(f"The {label} side has {len(side)} slots; a side has {SLOTS} "
                                  "(24 points, bar, start).")
        if min(side) < 0:
            raise InvalidPosition(f"The {label} side has a negative checker count; counts are 0-15.")
        if sum(side) > CHECKERS:
            raise InvalidPosition(f"The {label} side has {sum(side)} checkers; each side has 15.")
    for point in range(24):
        if position.on_roll[point] and position.opponent[23 - point]:
            raise InvalidPosition(f"Point {point + 1} (of the side on roll) holds checkers of both colours; "
                                  "a point holds one colour only.")
    if sum(position.on_roll) == 0 and sum(position.opponent) == 0:
        raise InvalidPosition("Both sides have borne off all 15 checkers; only one side can win.")
    value, owner = position.cube_value, position.cube_owner
    if value not in STANDARD.cube_values:
        raise InvalidPosition(f"A cube of {value} does not exist; the cube shows 1 (centred) "
                              f"or 2-{STANDARD.cube_max}.")
    if owner not in CUBE_OWNERS:
        raise InvalidPosition(f"'{owner}' is not a cube owner; use centre, on_roll or opponent.")
    # A centred cube may show more than 1: equal opening dice raise the stake before the first turn.
    if value == 1 and owner != "centre":
        raise InvalidPosition(f"A cube of 1 owned by '{owner}' is impossible; an owned cube has been turned "
                              f"to 2-{STANDARD.cube_max}.")


def _read_side(text: str, whole: str) -> list[int]:
    side = [0] * SLOTS
    words = text.split()
    if words and words[0].rstrip(":").lower() in ("on", "x", "o", "opponent", "roll"):
        words = [w for w in words if w.rstrip(":").lower() not in ("on", "roll", "x", "o", "opponent")]
    off = None
    for word in words:
        place, sep, count = word.partition(":")
        if not sep or not (count.isascii() and count.isdigit()):
            raise InvalidPosition(f"'{word}' in '{whole}' is not a point:count pair; write e.g. 6:5 or bar:1.")
        place = place.lower()
        if place == "bar":
            slot = BAR
        elif place in ("start", "in"):
            slot = START
        elif place == "off":
            off = int(count)
            continue
        elif place.isascii() and place.isdigit() and 1 <= int(place) <= 24:
            slot = int(place) - 1
        else:
            raise InvalidPosition(f"'{place}' in '{whole}' is not a point; points are 1-24, bar, start or off.")
        side[slot] += int(count)
    if off is not None and off != CHECKERS - sum(side):
        raise InvalidPosition(f"'{text}' says off:{off} but its other checkers leave {CHECKERS - sum(side)} "
                              "borne off; each side has 15.")
    return side


def _write_side(side) -> str:
    words = [f"{i + 1}:{side[i]}" for i in range(24) if side[i]]
    if side[BAR]:
        words.append(f"bar:{side[BAR]}")
    if side[START]:
        words.append(f"start:{side[START]}")
    return " ".join(words) if words else "off:15"
