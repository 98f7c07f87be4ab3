"""Dutch and Acey-Deucey figures: entering all 15 checkers, acey-deucey rolls, stakes, payouts.

Entering is modelled the way the opening of both variants goes: every die that can
enter a waiting checker does, on a home board with ``blocked`` points closed
(0 at the start, when the opponent's checkers are far away). Exact Markov-chain
expectations, no simulation.

>>> round(dutch_entry_rolls(), 4)
6.9796
>>> round(acey_deucey_roll_chance(), 4)
0.0556
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import pandas as pd

from analysis.errors import InvalidArgument, InvalidPosition
from analysis.backgammon.dice import checkers_entering
from analysis.backgammon.position import CHECKERS, Position
from analysis.backgammon.rules import BackgammonRules, preset


def _check(blocked: int, checkers: int) -> None:
    if not isinstance(blocked, int) or not 0 <= blocked <= 5:
        raise InvalidArgument(f"'{blocked}' blocked entry points is not allowed; use 0-5 (with 6 nothing enters).")
    if not isinstance(checkers, int) or not 1 <= checkers <= CHECKERS:
        raise InvalidArgument(f"'{checkers}' checkers to enter is impossible; use 1-15.")


def _roll_entries(blocked: int):
    """(probability, checkers a roll can enter, is it the 1-2) over the 21 distinct rolls."""
    return [(Fraction(1 if a == b else 2, 36), checkers_entering(a, b, blocked), (a, b) == (1, 2))
            for a in range(1, 7) for b in range(a, 7)]


def dutch_entry_rolls(blocked: int = 0, checkers: int = CHECKERS, exact: bool = False):
    """Expected number of rolls to enter all ``checkers`` in Dutch (all must enter first)."""
    _check(blocked, checkers)
    outcomes = _roll_entries(blocked)

    @lru_cache(maxsize=None)
    def rolls(left: int) -> Fraction:
        if left <= 0:
            return Fraction(0)
        stay = sum(p for p, e, _ in outcomes if e == 0)
        moving = sum(p * rolls(left - e) for p, e, _ in outcomes if e > 0)
        return (1 + moving) / (1 - stay)     # a fanned roll repeats the state

    value = rolls(checkers)
    return value if exact else float(value)


def acey_deucey_roll_chance() -> float:
    """Chance that a turn starts with the 1-2 (2 of 36); later rolls come only after one."""
    return 2 / 36


def acey_deucey_entry_turns(blocked: int = 0, checkers: int = CHECKERS, exact: bool = False):
    """Expected turns to enter all ``checkers`` in Acey-Deucey, entering with every die.

    A 1-2 enters two, the chosen double (an open face) enters four more, and the
    turn continues with another roll.
    """
    _check(blocked, checkers)
    outcomes = _roll_entries(blocked)

    @lru_cache(maxsize=None)
    def turns(left: int) -> Fraction:       # at the start of a turn
        return Fraction(0) if left <= 0 else 1 + within(left)

    @lru_cache(maxsize=None)
    def within(left: int) -> Fraction:      # further turns, about to roll inside the current turn
        stay = Fraction(0)
        total = Fraction(0)
        for p, enters, acey in outcomes:
            if acey and enters == 2:
                after = left - enters - 4      # the chosen double: an open face, four checkers
                total += p * (0 if after <= 0 else within(after))
            elif enters == 0:
                stay += p                  # fanned: the turn ends with nothing entered
            else:
                total += p * turns(left - enters)
        # a fanned roll ends the turn without progress: within = stay * (1 + within) + total
        return (total + stay) / (1 - stay) if stay else total

    value = turns(checkers)
    return value if exact else float(value)


def variant_table() -> pd.DataFrame:
    """Dutch rolls and Acey-Deucey turns to enter all 15, by number of blocked entry points."""
    rows = []
    for blocked in range(0, 5):
        rows.append({"blocked_points": blocked, "dutch_rolls": dutch_entry_rolls(blocked),
                     "acey_deucey_turns": acey_deucey_entry_turns(blocked)})
    return pd.DataFrame(rows)


def acey_deucey_stake_table(rules: BackgammonRules | str = "acey_deucey", turns=(1, 10, 20, 40)) -> pd.DataFrame:
    """Acey-Deucey with the house rule that every 1-2 doubles the stake: how the stake grows.

    A turn holds k acey-deucey rolls with chance (1/18)**k * 17/18 (each 1-2 earns
    another roll), so one turn multiplies the expected stake by 17/16 and ``n`` turns
    (both players' together) by (17/16)**n. The model gives every 1-2 its extra roll,
    so where a chosen double cannot be played in full it slightly overstates the growth.
    """
    rules = preset(rules)
    if not rules.acey_deucey_doubles_stake:
        rules = preset(rules, acey_deucey_doubles_stake=True)
    rows = []
    for n in turns:
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 1000:
            raise InvalidArgument(f"'{n}' turns is not allowed; use 0-1000.")
        rows.append({"turns": n, "chance_doubled": float(1 - Fraction(17, 18) ** n),
                     "expected_stake": float(Fraction(17, 16) ** n)})
    return pd.DataFrame(rows)


def payout(rules: BackgammonRules | str, result: str, cube: int = 1, stake: float = 1.0) -> float:
    """Points won: single 1, gammon and backgammon as the rules value them (2 and 3), times the cube."""
    rules = preset(rules)
    values = {"single": 1, "gammon": rules.gammon_value, "backgammon": rules.backgammon_value}
    if result not in values:
        raise InvalidArgument(f"'{result}' is not a result; use single, gammon or backgammon.")
    if cube not in rules.cube_values:
        raise InvalidArgument(f"A cube of {cube} does not exist under '{rules.name}'; use "
                              f"{', '.join(map(str, rules.cube_values))}.")
    return stake * values[result] * cube


def acey_deucey_payout(checkers_left: int, stake: float = 1.0) -> float:
    """Acey-Deucey: the loser pays the stake for each of their checkers still on the board."""
    if not isinstance(checkers_left, int) or not 1 <= checkers_left <= CHECKERS:
        raise InvalidArgument(f"'{checkers_left}' checkers left is impossible for a loser; use 1-15.")
    return stake * checkers_left


def payout_table(rules: BackgammonRules | str = "backgammon") -> pd.DataFrame:
    rules = preset(rules)
    rows = [{"cube": cube, **{result: payout(rules, result, cube) for result in ("single", "gammon", "backgammon")}}
            for cube in rules.cube_values]
    return pd.DataFrame(rows)


def game_result(rules: BackgammonRules | str, position: Position) -> tuple[str, str]:
    """(winner, result) of a finished game: winner ``on_roll`` or ``opponent``, result
    ``single``, ``gammon`` (loser bore off none) or ``backgammon`` (a checker on the bar,
    waiting to enter, or in the winner's home board; by default only in a gammon, see
    the rules' ``backgammon_needs_gammon``)."""
    rules = preset(rules)
    if sum(position.on_roll) == 0:
        winner, loser = "on_roll", position.opponent
    elif sum(position.opponent) == 0:
        winner, loser = "opponent", position.on_roll
    else:
        raise InvalidPosition("The game is not over; a result needs one side with all 15 checkers borne off.")
    gammoned = sum(loser) == CHECKERS
    # The winner's home board is the loser's 19- to 24-points.
    behind = bool(loser[24] or loser[25] or any(loser[18:24]))
    if behind and (gammoned or not rules.backgammon_needs_gammon):
        return winner, "backgammon"
    return winner, "gammon" if gammoned else "single"


def settle(rules: BackgammonRules | str, position: Position, stake: float = 1.0) -> float:
    """Points the winner collects under ``rules`` (cube for standard and Dutch, per checker in Acey-Deucey).

    ``stake`` is the game's stake before the cube (with the opening ties' doublings
    already in the centred cube); in Acey-Deucey it includes any house-rule doublings.
    """
    rules = preset(rules)
    winner, result = game_result(rules, position)
    if rules.pay_per_checker_left:
        loser = position.opponent if winner == "on_roll" else position.on_roll
        return acey_deucey_payout(sum(loser), stake)
    return payout(rules, result, position.cube_value, stake)
