"""Backgammon presets: standard rules, Dutch and Acey-Deucey.

Every rule the engine applies is a field here, so a reader can see at a glance
what differs between the variants, and a house rule is one field away:

>>> preset("dutch").all_in_before_advancing
True
>>> STANDARD.cube_max
64
>>> preset("backgammon", first_double_turn=1).first_double_turn
1
>>> preset("backgammon", cube_max=48)
Traceback (most recent call last):
...
analysis.errors.InvalidRules: cube_max=48 is not allowed; use a power of two from 1 to 64.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from analysis.errors import InvalidRules
from analysis.presets import choose_preset

#: The largest stake multiplier the toolkit handles (the cube's traditional top value).
STAKE_LIMIT = 64


@dataclass(frozen=True)
class BackgammonRules:
    """The rule fields of one variant (validated when the object is made)."""

    name: str
    #: Checkers start on the board in the standard layout (False: all 15 wait off the board).
    standard_start: bool = True
    #: Dutch: every checker must be entered before any checker moves further.
    all_in_before_advancing: bool = False
    #: Dutch: no hitting until one of the hitter's own checkers is in (or has left) the home board.
    hit_needs_home_checker: bool = False
    #: Acey-Deucey: a 1-2 roll is followed by a double of the player's choice and another roll.
    acey_deucey_roll: bool = False
    #: The doubling cube is used (not in Acey-Deucey, where the stake is paid per checker left).
    cube: bool = True
    #: The highest value the cube can show (a power of two).
    cube_max: int = 64
    #: Loser pays the stake times the number of their checkers still on the board (Acey-Deucey).
    pay_per_checker_left: bool = False
    #: Opening roll: each side rolls one die; equal dice double the stake and are rolled
    #: again while the stake is below this cap (1: equal dice are simply rolled again).
    #: With a cube, the game starts with the cube centred at the stake reached (at most ``cube_max``).
    opening_double_cap: int = 64
    #: The first turn of the game (1 = the opening move) on which the player about to roll
    #: may offer the cube: 2 means doubling is allowed only after the first turn.
    first_double_turn: int = 2
    #: Acey-Deucey house rule: every acey-deucey (1-2) roll doubles the stake.
    acey_deucey_doubles_stake: bool = False
    #: Points (times the stake) for a gammon and a backgammon; a single game scores 1.
    gammon_value: int = 2
    backgammon_value: int = 3
    #: True (the common rule): a backgammon is a gammon (the loser bore off no checker) in which
    #: the loser also has a checker on the bar or in the winner's home board. False: the loser is
    #: backgammoned by a checker on the bar or in the winner's home board even after bearing some off.
    backgammon_needs_gammon: bool = True

    def __post_init__(self):
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            kind = type(field.default)
            if kind is bool and not isinstance(value, bool):
                raise InvalidRules(f"{field.name}={value!r} is not allowed; use true or false.")
            if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
                raise InvalidRules(f"{field.name}={value!r} is not allowed; use a whole number.")
        if not isinstance(self.name, str) or not self.name:
            raise InvalidRules(f"name={self.name!r} is not allowed; a preset needs a name.")
        for field in ("cube_max", "opening_double_cap"):
            value = getattr(self, field)
            if not 1 <= value <= STAKE_LIMIT or value & (value - 1):
                raise InvalidRules(f"{field}={value} is not allowed; use a power of two from 1 to {STAKE_LIMIT}.")
        if not 1 <= self.first_double_turn <= 99:
            raise InvalidRules(f"first_double_turn={self.first_double_turn} is not allowed; use 1-99 "
                               "(1: the opening mover may double, 2: only after the first turn).")
        if not 1 <= self.gammon_value <= self.backgammon_value <= 10:
            raise InvalidRules(f"gammon_value={self.gammon_value}, backgammon_value={self.backgammon_value} is "
                               "not allowed; use 1 <= gammon_value <= backgammon_value <= 10.")
        if self.acey_deucey_doubles_stake and not self.acey_deucey_roll:
            raise InvalidRules("acey_deucey_doubles_stake needs the acey-deucey roll (acey_deucey_roll=true).")
        self.variant_code  # refuse a mixture of move rules when the rules are made, not on first use

    @property
    def opening_stake_cap(self) -> int:
        """The highest stake the opening ties reach: ``opening_double_cap``, and never past the cube's top."""
        return min(self.opening_double_cap, self.cube_max) if self.cube else self.opening_double_cap

    @property
    def cube_values(self) -> tuple[int, ...]:
        """The values the cube can show: 1 (centred) and the doublings up to ``cube_max``."""
        if not self.cube:
            return (1,)
        return tuple(2 ** i for i in range(self.cube_max.bit_length()))

    @property
    def variant_code(self) -> int:
        """The small integer the kernels use: 0 standard, 1 Dutch, 2 Acey-Deucey.

        The kernels know the two Dutch rules only together and never with the 1-2 roll;
        any other mixture is refused rather than played by the nearest preset.
        """
        flags = (self.all_in_before_advancing, self.hit_needs_home_checker, self.acey_deucey_roll)
        codes = {(False, False, False): 0, (True, True, False): 1, (False, False, True): 2}
        if flags not in codes:
            raise InvalidRules(f"The rules '{self.name}' mix the move rules in a way the move generator does not "
                               "play; it plays standard, Dutch (both Dutch rules together) or Acey-Deucey moves.")
        return codes[flags]


STANDARD = BackgammonRules(name="backgammon")
DUTCH = BackgammonRules(name="dutch", standard_start=False, all_in_before_advancing=True,
                        hit_needs_home_checker=True)
# No cube, so equal opening dice are rolled again without doubling (``opening_double_cap``
# raises the stake instead, if a table wants it).
ACEY_DEUCEY = BackgammonRules(name="acey_deucey", standard_start=False, acey_deucey_roll=True,
                              cube=False, cube_max=1, pay_per_checker_left=True, opening_double_cap=1)

PRESETS = {rules.name: rules for rules in (STANDARD, DUTCH, ACEY_DEUCEY)}
PRESETS["standard"] = STANDARD


def preset(name_or_rules: str | BackgammonRules = "backgammon", **fields) -> BackgammonRules:
    """The preset called ``name_or_rules`` (``backgammon``/``standard``, ``dutch``, ``acey_deucey``), or a
    rules object, with any ``fields`` changed (checked at once)."""
    return choose_preset(name_or_rules, PRESETS, BackgammonRules, "backgammon", fields)
