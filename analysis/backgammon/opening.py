"""The opening roll: who moves first, with which dice, and at what stake.

Each side rolls one die. Equal dice double the stake and are rolled again, while
the stake is below the rules' ``opening_double_cap`` (above it, equal dice are
only rolled again); the higher die moves first, playing both dice. So the first
play is never a double, each of the 15 other rolls comes up 1 time in 15, and a
game with a cube can start with the cube centred at 2 or more.

>>> roll = opening_roll("backgammon")
>>> roll.stakes[1], roll.stakes[2]
(Fraction(5, 6), Fraction(5, 36))
>>> roll.expected_stake
Fraction(911, 729)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from analysis.errors import InvalidArgument
from analysis.backgammon.position import Position
from analysis.backgammon.rules import BackgammonRules, preset

#: Chance that the two opening dice are equal.
TIE = Fraction(1, 6)


@dataclass(frozen=True)
class OpeningRoll:
    """The stake a game starts at and the first roll, exactly."""

    rules: BackgammonRules
    #: starting stake -> chance (1, 2, 4, ... up to the rules' cap).
    stakes: dict

    @property
    def expected_stake(self) -> Fraction:
        return sum((stake * chance for stake, chance in self.stakes.items()), Fraction(0))

    @property
    def first_rolls(self) -> dict:
        """The first play's roll (higher die first) -> chance: the 15 non-doubles, 1/15 each."""
        return {(high, low): Fraction(1, 15) for high in range(2, 7) for low in range(1, high)}

    def to_dict(self) -> dict:
        return {"rules": self.rules.name, "opening_stake_cap": self.rules.opening_stake_cap,
                "stakes": [{"stake": stake, "chance": float(chance), "exact": str(chance)}
                           for stake, chance in self.stakes.items()],
                "expected_stake": float(self.expected_stake), "first_roll_chance": 1 / 15}

    def __str__(self) -> str:
        lines = [f"opening roll under '{self.rules.name}': equal dice double the stake up to "
                 f"{self.rules.opening_stake_cap}; expected starting stake {float(self.expected_stake):.4f}",
                 "stake  chance"]
        lines += [f"{stake:5d}  {100 * float(chance):8.4f}%" for stake, chance in self.stakes.items()]
        lines.append("first play: each of the 15 non-double rolls 1 time in 15 (never a double)")
        return "\n".join(lines)


def opening_roll(rules: BackgammonRules | str = "backgammon") -> OpeningRoll:
    """The exact distribution of the starting stake under ``rules``.

    Below the cap a tie (1 in 6) doubles the stake; the stake ``2**k`` under the cap
    is reached with chance ``(1/6)**k`` and kept with ``5/6``; the cap itself keeps
    everything that reaches it.
    """
    rules = preset(rules)
    stakes, stake, reach = {}, 1, Fraction(1)
    while stake < rules.opening_stake_cap:
        stakes[stake] = reach * (1 - TIE)
        stake, reach = 2 * stake, reach * TIE
    stakes[stake] = reach
    return OpeningRoll(rules, stakes)


def opening_position(rules: BackgammonRules | str = "backgammon", stake: int = 1) -> Position:
    """The starting position of a game the opening roll started at ``stake`` (cube centred there)."""
    rules = preset(rules)
    if stake not in opening_roll(rules).stakes:
        raise InvalidArgument(f"A starting stake of {stake!r} is impossible under '{rules.name}'; the opening "
                              f"ties give 1, 2, 4, ... up to {rules.opening_stake_cap}.")
    start = Position.opening(rules)
    if not rules.cube:      # no cube to show it: the stake is settled per checker at the end
        return start
    return Position(start.on_roll, start.opponent, stake, "centre")
