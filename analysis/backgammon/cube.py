"""Cube decisions: may the side on roll double, and should it (exact within the bear-off database).

Exact decisions come from the two-sided bear-off database (up to 6 checkers a
side, a cube up to 64); larger bear-offs get the one-sided race estimate and
Keith's count. A game the opening ties started at a higher stake has the cube
centred at that value, and doubling waits for the rules' ``first_double_turn``.

>>> from analysis.backgammon.position import Position
>>> may_double(STANDARD, Position.opening(), turn=1)      # doubling only after the first turn
False
>>> may_double(STANDARD, Position.opening(), turn=2)
True
"""

from __future__ import annotations

from dataclasses import dataclass

from analysis.backgammon.cost import check_evaluator
from analysis.backgammon.bearoff import TWO_SIDED_CHECKERS, home_counts, race_win_chance, rank, two_sided_piece
from analysis.errors import InvalidArgument, InvalidPosition, InvalidRules
from analysis.store import Store
from analysis.backgammon.position import Position
from analysis.backgammon.race import keith
from analysis.backgammon.rules import STANDARD, BackgammonRules, preset

#: The cube's top value in the tabled equities (the standard rules' ``cube_max``).
CUBE_MAX = STANDARD.cube_max


def may_double(rules: BackgammonRules | str, position: Position, turn: int | None = None) -> bool:
    """Whether the side on roll may offer the cube in ``position`` on game turn ``turn``
    (1 = the opening move; ``None``: a turn late enough for any rules)."""
    rules = preset(rules)
    if turn is not None and (isinstance(turn, bool) or not isinstance(turn, int) or turn < 1):
        raise InvalidArgument(f"Turn {turn!r} does not exist; turns are counted 1, 2, 3, ... from the opening move.")
    if not rules.cube or (turn is not None and turn < rules.first_double_turn):
        return False
    return position.cube_owner in ("centre", "on_roll") and position.cube_value < rules.cube_max


def cube_equities(mine_rank: int, theirs_rank: int, cube_value: int, owner: str,
                  store: Store | None = None) -> tuple[float, float | None]:
    """(no-double equity, double/take equity or None when the roller cannot double), per current stake."""
    win = float(two_sided_piece("win", store)["win"][mine_rank, theirs_rank])
    dead = 2 * win - 1
    if cube_value == CUBE_MAX:
        return dead, None
    if owner == "centre" and cube_value == 1:
        no_double = float(two_sided_piece("cube-1", store)["no_double"][mine_rank, theirs_rank])
    else:
        level = two_sided_piece(f"cube-{cube_value}", store)
        column = {"centre": "centre", "on_roll": "owned", "opponent": "theirs"}[owner]
        no_double = float(level[column][mine_rank, theirs_rank])
    if owner == "opponent":
        return no_double, None
    above = 2 * cube_value
    taker = (dead if above == CUBE_MAX
             else float(two_sided_piece(f"cube-{above}", store)["theirs"][mine_rank, theirs_rank]))
    return no_double, 2 * taker


@dataclass(frozen=True)
class CubeAdvice:
    """Cubeful money-game analysis of a bear-off with the side on roll to decide."""

    position: Position
    win_chance: float
    exact: bool                  # True: two-sided database; False: one-sided approximation
    no_double: float | None      # cubeful equity per unit of the current stake
    double_take: float | None
    double_pass: float = 1.0
    #: Outside the two-sided database: Keith's count (double, redouble, take), a rule of thumb.
    keith: tuple | None = None
    #: False on a turn before the rules allow the cube (e.g. the opening move).
    turn_allows_double: bool = True
    #: False under rules without a cube: the winning chance alone, cubeless.
    cube: bool = True

    @property
    def may_double(self) -> bool:
        return (self.turn_allows_double and self.position.cube_owner in ("centre", "on_roll")
                and self.position.cube_value < CUBE_MAX)

    @property
    def should_double(self) -> bool | None:
        if self.no_double is None:
            return None
        if not self.may_double or self.double_take is None:
            return False
        return min(self.double_take, self.double_pass) > self.no_double + 1e-12

    @property
    def should_take(self) -> bool | None:
        if self.double_take is None:
            return None
        return self.double_take <= self.double_pass + 1e-12

    @property
    def decision(self) -> str:
        if not self.cube:
            return "none (these rules play without a cube)"
        if self.no_double is None:
            if self.keith is None:
                return "unknown (outside the exact two-sided database)"
            double, redouble, take = self.keith
            doubles = (redouble if self.position.cube_owner == "on_roll" else double) and self.may_double
            return (f"Keith count: {'double' if doubles else 'no double'}, {'take' if take else 'pass'} "
                    "(a rule of thumb; exact decisions cover up to 6 checkers a side)")
        if not self.may_double:
            if self.position.cube_value == CUBE_MAX:
                return f"no double (the cube is at {CUBE_MAX}, its limit)"
            if not self.turn_allows_double:
                return "no double (the rules allow the cube only from a later turn)"
            return "no double (the opponent owns the cube)"
        take = "take" if self.should_take else "pass"
        if self.should_double:
            return f"double, {take}"
        return f"no double ({take} if doubled)"

    def to_dict(self) -> dict:
        data = {"position_id": _safe_id(self.position), "notation": self.position.notation(),
                "win_chance": self.win_chance, "exact": self.exact, "cube_value": self.position.cube_value,
                "cube_owner": self.position.cube_owner, "decision": self.decision}
        if self.no_double is not None:
            data.update({"equity_no_double": self.no_double, "equity_double_take": self.double_take,
                         "equity_double_pass": self.double_pass if self.double_take is not None else None,
                         "double": self.should_double, "take": self.should_take})
        return data

    def __str__(self) -> str:
        head = (f"{self.position.notation()}\nside on roll wins {100 * self.win_chance:.2f}% cubeless "
                f"({'exact two-sided database' if self.exact else 'from the one-sided distributions'})")
        if self.no_double is None:
            return head + f"\ncube: {self.decision}"
        equities = f"no double {self.no_double:+.4f}"
        if self.double_take is not None:
            equities += f", double/take {self.double_take:+.4f}, double/pass +1.0000"
        return (head + f"\ncubeful equity (per {self.position.cube_value}-cube stake): {equities}"
                f"\ncube: {self.decision}")


def _safe_id(position: Position) -> str | None:
    try:
        return position.position_id()
    except InvalidPosition:
        return None


def cube_advice(rules: BackgammonRules | str, position: Position, store: Store | None = None,
                turn: int | None = None) -> CubeAdvice:
    """Winning chance and (within 6 checkers each) the exact cube decision of a bear-off."""
    rules = preset(rules)
    if rules.cube and rules.cube_max != CUBE_MAX:
        raise InvalidRules(f"The cube decisions are tabled for a cube up to {CUBE_MAX}; the rules "
                           f"'{rules.name}' have a cube up to {rules.cube_max}.")
    if not rules.cube and (position.cube_value != 1 or position.cube_owner != "centre"):
        raise InvalidPosition(f"The rules '{rules.name}' here play without a cube; leave out the cube value and owner.")
    mine, theirs = home_counts(position)
    if sum(mine) == 0 or sum(theirs) == 0:
        raise InvalidPosition("One side has already borne off all its checkers; the game is over.")
    exact = sum(mine) <= TWO_SIDED_CHECKERS and sum(theirs) <= TWO_SIDED_CHECKERS
    if exact:
        check_evaluator("valuing this bear-off exactly", True, store=store)       # where work must stay short: said before a first build
        a, b = rank(mine, TWO_SIDED_CHECKERS), rank(theirs, TWO_SIDED_CHECKERS)
        win = float(two_sided_piece("win", store)["win"][a, b])
    else:
        win = race_win_chance(mine, theirs, store)
    if not rules.cube:      # the winning chance alone, cubeless
        return CubeAdvice(position, win, exact, None, None, cube=False)
    allowed = turn is None or may_double(rules, Position(position.on_roll, position.opponent), turn)
    if exact:
        no_double, double_take = cube_equities(a, b, position.cube_value, position.cube_owner, store)
        return CubeAdvice(position, win, True, no_double, double_take, turn_allows_double=allowed)
    advice = keith(mine, theirs)
    return CubeAdvice(position, win, False, None, None,
                      keith=(advice.double, advice.redouble, advice.take), turn_allows_double=allowed)
