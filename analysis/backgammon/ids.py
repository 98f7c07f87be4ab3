"""The ids players paste: eXtreme Gammon's XGID and GNU Backgammon's match ID (with its position ID).

A :class:`Setup` is what such an id holds: the position with its cube (the side on roll first,
:class:`analysis.backgammon.position.Position`), the match length (0: a money game), the score of
each side, whether this is the Crawford game, and the dice already rolled (None: to roll or double).

**XGID** (``XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:7:10``): ten fields after ``XGID=``,
separated by colons:

1. the board, 26 characters: 1-24 are the points counted from the bottom player's ace point,
   0 is the top player's bar and 25 the bottom player's bar; ``-`` an empty point, ``A``-``O``
   1-15 of the bottom player's checkers, ``a``-``o`` the top player's;
2. the cube as a power of two (0: 1, 1: 2, ...); 3. its owner (1 bottom, -1 top, 0 centred);
4. the side on turn (1 bottom, -1 top); 5. the dice (``00``: to roll or double; ``D``, ``B``,
   ``R``: a double, beaver or raccoon being decided; else the two dice, e.g. ``31``);
6-7. the bottom and the top player's scores; 8. in a match, 1 in the Crawford game (in money
   play the Jacoby and beaver settings); 9. the match length (0: money); 10. the cube's limit
   as a power of two (older ids leave it out).

**Match ID** (12 characters of base 64, e.g. ``cAgAAAAAAAAA``): 66 bits, least significant first in
each byte, as GNU Backgammon's manual sets out: the cube's power of two (4 bits), its owner (2: 0
player 0, 1 player 1, 3 centred), the player on roll (1), the Crawford flag (1), the game state (3),
the player on turn (1), a double offered (1), a resignation offered (2), the two dice (3 each), the
match length (15) and the two scores (15 each). The position ID beside it is written from the
player on roll's side, as this toolkit's ids are.

Written ids put the side on roll at the bottom (XGID) and as player 1 (match ID).

>>> setup = read_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:7:10")
>>> setup.position.position_id(), setup.length, setup.score, setup.dice
('4HPwATDgc/ABMA', 7, (0, 0), (3, 1))
>>> write_xgid(setup)
'XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:7:10'
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass

from analysis.backgammon.position import BAR, SLOTS, Position
from analysis.errors import InvalidPosition

_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
#: The cube's limit written in an XGID (2 to the 10th, as eXtreme Gammon writes).
XGID_CUBE_LIMIT = 10


@dataclass(frozen=True)
class Setup:
    """A position with its cube, the match score (side on roll first) and the dice."""

    position: Position
    length: int = 0                  # 0: a money game
    score: tuple = (0, 0)            # (side on roll, opponent), points so far
    crawford: bool = False           # this game is the Crawford game
    dice: tuple | None = None        # the roll already made (None: to roll or double)

    @property
    def is_match(self) -> bool:
        return self.length > 0

    def to_dict(self) -> dict:
        data = {"xgid": write_xgid(self), "position_id": _position_id(self.position), "match_id": None}
        if data["position_id"] is not None:
            data["match_id"] = write_match_id(self)
        return data


def _position_id(position: Position) -> str | None:
    try:
        return position.position_id()
    except InvalidPosition:
        return None


# --------------------------------------------------------------------------- XGID
def read_xgid(text: str) -> Setup:
    """The :class:`Setup` an XGID describes (``XGID=`` may be left out)."""
    raw = str(text).strip()
    body = raw[5:] if raw.upper().startswith("XGID=") else raw
    fields = body.split(":")
    if len(fields) not in (9, 10) or len(fields[0]) != 26:
        raise InvalidPosition(f"'{text}' is not an XGID; it is XGID= then 26 board characters and 8 or 9 "
                              "numbers separated by colons, e.g. XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:7:10.")
    board, numbers = fields[0], fields[1:]
    dice_field = numbers[3].strip().upper()
    try:
        cube_power, owner, turn = int(numbers[0]), int(numbers[1]), int(numbers[2])
        bottom_score, top_score, crawford, length = (int(n) for n in numbers[4:8])
    except ValueError:
        raise InvalidPosition(f"'{text}' is not an XGID: its fields after the board must be whole numbers "
                              "(the dice may be 00, D, B or R).") from None
    if turn not in (1, -1) or owner not in (1, 0, -1) or not 0 <= cube_power <= 6:
        raise InvalidPosition(f"'{text}' is not an XGID this toolkit reads: the turn must be 1 or -1, the cube "
                              "owner 1, 0 or -1 and the cube 2 to the 0-6th.")
    bottom, top = [0] * SLOTS, [0] * SLOTS
    for index, char in enumerate(board):
        if char == "-":
            continue
        if "A" <= char <= "O":
            side, count = bottom, ord(char) - ord("A") + 1
            slot = BAR if index == 25 else index - 1
        elif "a" <= char <= "o":
            side, count = top, ord(char) - ord("a") + 1
            slot = BAR if index == 0 else 24 - index
        else:
            raise InvalidPosition(f"'{char}' in the XGID board '{board}' is not a point; use -, A-O or a-o.")
        if (side is bottom and index == 0) or (side is top and index == 25):
            raise InvalidPosition(f"The XGID board '{board}' puts checkers on the wrong side's bar.")
        side[slot] += count
    mine, theirs = (bottom, top) if turn == 1 else (top, bottom)
    cube_owner = "centre" if owner == 0 else ("on_roll" if owner == turn else "opponent")
    position = Position(tuple(mine), tuple(theirs), 2 ** cube_power, cube_owner)
    dice = None
    if dice_field not in ("00", "0", "D", "B", "R"):
        if len(dice_field) != 2 or not all(c in "123456" for c in dice_field):
            raise InvalidPosition(f"'{numbers[3]}' in the XGID is not a roll; write 00 (to roll), D, B, R or two "
                                  "dice such as 31.")
        dice = (int(dice_field[0]), int(dice_field[1]))
    scores = (bottom_score, top_score) if turn == 1 else (top_score, bottom_score)
    return _setup(position, length, scores, bool(crawford) and length > 0, dice, text)


def write_xgid(setup: Setup) -> str:
    """The XGID of ``setup``, the side on roll at the bottom."""
    position = setup.position
    if position.on_roll[25] or position.opponent[25]:
        raise InvalidPosition("A position with checkers waiting to enter (Dutch, Acey-Deucey) has no XGID.")
    board = ["-"] * 26
    for slot in range(25):
        if position.on_roll[slot]:
            board[25 if slot == BAR else slot + 1] = chr(ord("A") + position.on_roll[slot] - 1)
        if position.opponent[slot]:
            board[0 if slot == BAR else 24 - slot] = chr(ord("a") + position.opponent[slot] - 1)
    owner = {"centre": 0, "on_roll": 1, "opponent": -1}[position.cube_owner]
    dice = "00" if setup.dice is None else f"{setup.dice[0]}{setup.dice[1]}"
    cube_power = position.cube_value.bit_length() - 1
    return (f"XGID={''.join(board)}:{cube_power}:{owner}:1:{dice}:{setup.score[0]}:{setup.score[1]}:"
            f"{int(setup.crawford)}:{setup.length}:{XGID_CUBE_LIMIT}")


# --------------------------------------------------------------------------- match ID
def read_match_id(match_id: str, position_id: str) -> Setup:
    """The :class:`Setup` of a GNU Backgammon position ID and the match ID beside it."""
    text = str(match_id).strip()
    if len(text) != 12 or any(ch not in _ALPHABET for ch in text):
        raise InvalidPosition(f"'{match_id}' is not a GNU Backgammon match ID; it must be 12 characters from "
                              "A-Z, a-z, 0-9, + and /.")
    try:
        key = base64.b64decode(text, validate=True)
    except binascii.Error:      # pragma: no cover - the alphabet and length are checked above
        raise InvalidPosition(f"'{match_id}' is not valid base 64.") from None
    bits = [(key[i // 8] >> (i % 8)) & 1 for i in range(72)]

    def field(start: int, width: int) -> int:
        return sum(bits[start + k] << k for k in range(width))

    cube_power, owner, on_roll, crawford = field(0, 4), field(4, 2), field(6, 1), field(7, 1)
    dice = (field(15, 3), field(18, 3))
    length, scores = field(21, 15), (field(36, 15), field(51, 15))
    if cube_power > 6 or owner == 2:
        raise InvalidPosition(f"The match ID '{match_id}' has a cube of 2 to the {cube_power}th or an owner "
                              "this toolkit does not read (the cube goes up to 64).")
    cube_owner = "centre" if owner == 3 else ("on_roll" if owner == on_roll else "opponent")
    position = Position.from_id(position_id)
    position = Position(position.on_roll, position.opponent, 2 ** cube_power, cube_owner)
    rolled = dice if all(1 <= d <= 6 for d in dice) else None
    return _setup(position, length, (scores[on_roll], scores[1 - on_roll]), bool(crawford) and length > 0,
                  rolled, match_id)


def write_match_id(setup: Setup) -> str:
    """The match ID of ``setup`` (a game being played, the side on roll as player 1 and on turn)."""
    position = setup.position
    owner = {"centre": 3, "on_roll": 1, "opponent": 0}[position.cube_owner]
    dice = setup.dice or (0, 0)
    fields = [(position.cube_value.bit_length() - 1, 4), (owner, 2), (1, 1), (int(setup.crawford), 1),
              (1, 3), (1, 1), (0, 1), (0, 2), (dice[0], 3), (dice[1], 3), (setup.length, 15),
              (setup.score[1], 15), (setup.score[0], 15)]
    bits = []
    for value, width in fields:
        bits.extend((value >> k) & 1 for k in range(width))
    bits.extend([0] * (72 - len(bits)))
    key = bytes(sum(bits[8 * byte + i] << i for i in range(8)) for byte in range(9))
    return base64.b64encode(key).decode()


def _setup(position: Position, length: int, score: tuple, crawford: bool, dice, text) -> Setup:
    if not 0 <= length <= 25 or (length and not all(0 <= s < length for s in score)):
        raise InvalidPosition(f"'{text}' has a score of {score[0]}-{score[1]} in a match to {length}; each score "
                              "must be below the match length (matches up to 25 points).")
    if crawford and (length - score[0] == 1) == (length - score[1] == 1):
        raise InvalidPosition(f"'{text}' marks the Crawford game at {score[0]}-{score[1]} to {length}, where no "
                              "side alone is 1 point from winning.")
    if crawford and (position.cube_value != 1 or position.cube_owner != "centre"):
        raise InvalidPosition(f"'{text}' has a cube of {position.cube_value} in the Crawford game, which is played "
                              "without the cube.")
    return Setup(position, length, tuple(score), crawford, dice)
