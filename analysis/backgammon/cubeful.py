"""The cube anywhere in the game: the net's probabilities made cubeful with Janowski's formula.

The way GNU Backgammon decides at 0-ply (money play, no Jacoby rule): from the cubeless
probabilities, the average value of a win W = 1 + (win gammon + win backgammon) / win and of
a loss L likewise; the live-cube equity is Janowski's piecewise line through the take point
TP = (L - 1/2) / (W + L + 1/2) and the cash point CP = (L + 1) / (W + L + 1/2), for the cube
centred, owned by the side on roll, or owned by the opponent; the cubeful equity is
x times the live one plus (1 - x) times the cubeless (dead-cube) equity, with the cube
efficiency x = 0.68 in contact and, in a race, 0.55 + 0.00125 x the roller's pips held
within 0.6-0.7 (gnubg's defaults). Doubling is then judged on the equities per unit of the
current stake: no double; double, take (twice the equity with the opponent owning the
cube one level up); double, pass (+1). Where both sides are in the two-sided bear-off
database the exact decision of :func:`analysis.backgammon.cube.cube_advice` is given instead.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analysis.errors import InvalidRules
from analysis.store import Store
from analysis.backgammon import net_rules
from analysis.backgammon.bearoff import TWO_SIDED_CHECKERS
from analysis.backgammon.cube import CUBE_MAX, cube_advice, may_double
from analysis.backgammon.net import Evaluation, evaluate
from analysis.backgammon.position import BAR, START, Position
from analysis.backgammon.rules import BackgammonRules, preset

def cube_efficiency(position: Position) -> float:
    """Janowski's x: 0.68 in contact; in a race 0.55 + 0.00125 x pips of the side on roll, within 0.6-0.7."""
    return float(net_rules.cube_efficiency(position.board_array()))


def janowski(probabilities, owner: str, x: float) -> float:
    """Cubeful money equity per unit of the cube of the side on roll (``owner`` as seen by it)."""
    out = np.zeros(net_rules.OUTPUTS)
    out[:5] = probabilities
    return float(net_rules.janowski(out, _OWNERS[owner], x))


_OWNERS = {"centre": net_rules.CENTRE, "on_roll": net_rules.OWNED, "opponent": net_rules.THEIRS}


@dataclass(frozen=True)
class CubeDecision:
    """The cube decision of the side on roll, with cubeful equities per unit of the current cube."""

    position: Position
    rules: BackgammonRules
    evaluation: Evaluation | None    # the net's (None: the exact database answered)
    exact: bool
    efficiency: float | None
    no_double: float
    double_take: float | None        # None: the side on roll may not double
    double_pass: float = 1.0
    may_double: bool = True

    @property
    def decision(self) -> str:
        if not self.may_double or self.double_take is None:
            return "no double (the side on roll may not double)"
        best_double = min(self.double_take, self.double_pass)
        if best_double > self.no_double + 1e-12:
            return "double, take" if self.double_take <= self.double_pass else "double, pass"
        if self.double_take > self.double_pass + 1e-12:
            # the opponent would pass: playing on is right only when it is worth more than the point
            return "too good to double, pass" if self.no_double > self.double_pass + 1e-12 else "no double, pass"
        return "no double, take"

    def to_dict(self) -> dict:
        data = {"rules": self.rules.name, "notation": self.position.notation(), "cube_value": self.position.cube_value,
                "cube_owner": self.position.cube_owner, "exact": self.exact, "cube_efficiency": self.efficiency,
                "equity_no_double": self.no_double, "equity_double_take": self.double_take,
                "equity_double_pass": self.double_pass if self.double_take is not None else None,
                "decision": self.decision}
        if self.evaluation is not None:
            data["cubeless"] = self.evaluation.to_dict()
        return data

    def __str__(self) -> str:
        if self.exact:
            source = "exact two-sided bear-off database"
        else:
            source = f"net {self.evaluation.ply}-ply, Janowski cube efficiency {self.efficiency:.2f}"
        lines = [f"{self.position.notation()} ({self.rules.name}, {source})"]
        if self.evaluation is not None:
            lines.append("cubeless: " + str(self.evaluation).split("\n")[1] + f", equity {self.evaluation.equity:+.3f}")
        lines.append(f"cubeful equity per {self.position.cube_value}-cube stake: no double {self.no_double:+.3f}" +
                     (f", double/take {self.double_take:+.3f}, double/pass +1.000" if self.double_take is not None
                      else ""))
        lines.append(f"cube: {self.decision}")
        return "\n".join(lines)


def cube_decision(rules: BackgammonRules | str, position: Position, ply: int = 0, store: Store | None = None,
                  net=None) -> CubeDecision:
    """Should the side on roll double, and should the opponent take (money play)?"""
    rules = preset(rules)
    if not rules.cube:
        raise InvalidRules(f"The rules '{rules.name}' have no doubling cube; the stake is settled at the end.")
    allowed = may_double(rules, position)
    if _in_database(position) and rules.cube_max == CUBE_MAX:
        advice = cube_advice(rules, position, store=store)
        return CubeDecision(position, rules, None, True, None, advice.no_double,
                            advice.double_take if allowed else None, may_double=allowed)
    ev = evaluate(rules, position, ply=ply, store=store, net=net)
    x = cube_efficiency(position)
    no_double = janowski(ev.probabilities, position.cube_owner, x)
    take = None
    if allowed:
        take = 2 * janowski(ev.probabilities, "opponent", x)
    return CubeDecision(position, rules, ev, False, x, no_double, take, may_double=allowed)


def _in_database(position: Position) -> bool:
    for side in (position.on_roll, position.opponent):
        if side[BAR] or side[START] or any(side[6:24]) or sum(side) > TWO_SIDED_CHECKERS or sum(side) == 0:
            return False
    return True
