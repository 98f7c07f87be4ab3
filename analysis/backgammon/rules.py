"""Backgammon presets: standard rules, Dutch and Acey-Deucey (RULES.md section 4).

Every rule the engine applies is a field here, so a reader can see at a glance
what differs between the variants.

>>> preset("dutch").all_in_before_advancing
True
>>> STANDARD.cube_max
64
"""

from __future__ import annotations

from dataclasses import dataclass

from analysis.errors import InvalidRules


@dataclass(frozen=True)
class BackgammonRules:
    """The rule fields of one variant."""

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
    cube_max: int = 64
    #: Loser pays the stake times the number of their checkers still on the board (Acey-Deucey).
    pay_per_checker_left: bool = False

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
ACEY_DEUCEY = BackgammonRules(name="acey_deucey", standard_start=False, acey_deucey_roll=True,
                              cube=False, cube_max=1, pay_per_checker_left=True)

PRESETS = {rules.name: rules for rules in (STANDARD, DUTCH, ACEY_DEUCEY)}
PRESETS["standard"] = STANDARD


def preset(name: str | BackgammonRules) -> BackgammonRules:
    """The preset called ``name`` (``backgammon``/``standard``, ``dutch``, ``acey_deucey``)."""
    if isinstance(name, BackgammonRules):
        return name
    key = str(name).strip().lower().replace("-", "_")
    if key not in PRESETS:
        raise InvalidRules(f"'{name}' is not a backgammon preset; choose backgammon, dutch or acey_deucey.")
    return PRESETS[key]
