"""The cube and the plays at a match score: match-winning chances instead of points.

The net (or, with both sides in the two-sided bear-off database, the exact cubeless chance;
no gammon is possible there) gives the side on roll's outcome probabilities; the match
equity table and the match version of Janowski's formula (:mod:`analysis.backgammon.met`)
turn them into match-winning chances:

* no double: the cubeful chance with the cube where it is;
* double, take: the cubeful chance with the cube one level up, owned by the opponent;
* double, pass: the match equity after winning the current cube's points.

The take point is the least winning chance at which the opponent's taking is worth at
least its passing, at this score and with this position's gammon shares.

>>> from analysis.backgammon.position import Position
>>> from analysis.backgammon.met import match_score
>>> d = match_cube_decision("backgammon", Position.opening(), match_score(7, "4-2"))
>>> d.decision
'no double, take'
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from analysis.backgammon.cubeful import cube_efficiency
from analysis.backgammon.met import (CRAWFORD, POST_CRAWFORD, Outcomes, Score, cubeful_mwc, may_double, met,
                                     take_point)
from analysis.backgammon.net import Evaluation, Hint, Net, evaluate, hint
from analysis.backgammon.position import Position
from analysis.backgammon.rules import BackgammonRules, preset
from analysis.errors import InvalidPosition, InvalidRules
from analysis.store import Store


def check_match_rules(rules: BackgammonRules) -> None:
    """Match play is scored as standard backgammon: a cube, gammons 2 and backgammons 3 cubes."""
    if not rules.cube or rules.pay_per_checker_left or (rules.gammon_value, rules.backgammon_value) != (2, 3):
        raise InvalidRules(f"Match play here is standard backgammon's (the cube, gammons worth 2 and backgammons 3); "
                           f"the rules '{rules.name}' score games differently.")


def check_cube_at_score(position: Position, score: Score) -> None:
    """The cube the score allows: none in the Crawford game."""
    if score.game == CRAWFORD and (position.cube_value != 1 or position.cube_owner != "centre"):
        raise InvalidPosition("The Crawford game is played without the cube; leave out --cube and --owner.")


def _outcomes(evaluation: Evaluation) -> tuple[Outcomes, float]:
    return Outcomes.from_probabilities(evaluation.probabilities), evaluation.probabilities[0]


def _efficiency(position: Position) -> float:
    return cube_efficiency(position)


def score_dict(score: Score) -> dict:
    return {"away": [score.mine, score.theirs], "game": score.game}


@dataclass(frozen=True)
class MatchCubeDecision:
    """The cube decision of the side on roll at a match score, in match-winning chances."""

    position: Position
    rules: BackgammonRules
    score: Score
    evaluation: Evaluation
    efficiency: float
    no_double: float
    double_take: float | None       # None: the side on roll may not (usefully) double
    double_pass: float | None
    take_point: float | None        # the winning chance the opponent needs to take our double
    own_take_point: float | None = None   # the winning chance the side on roll needs to take the opponent's

    @property
    def decision(self) -> str:
        if self.double_take is None:
            if self.score.game == CRAWFORD:
                return "no double (the Crawford game has no cube)"
            if self.position.cube_owner == "opponent":
                return "no double (the opponent owns the cube)"
            if self.position.cube_value >= 64:
                return "no double (the cube is at 64, its limit)"
            return "no double (a win at this cube already wins the match)"
        if min(self.double_take, self.double_pass) > self.no_double + 1e-12:
            return "double, take" if self.double_take <= self.double_pass + 1e-12 else "double, pass"
        if self.double_take > self.double_pass + 1e-12:
            return "too good to double, pass" if self.no_double > self.double_pass + 1e-12 else "no double, pass"
        return "no double, take"

    def to_dict(self) -> dict:
        return {"rules": self.rules.name, "notation": self.position.notation(), "cube_value": self.position.cube_value,
                "cube_owner": self.position.cube_owner, **score_dict(self.score), "exact": self.evaluation.exact,
                "cube_efficiency": self.efficiency, "mwc_no_double": self.no_double,
                "mwc_double_take": self.double_take, "mwc_double_pass": self.double_pass,
                "take_point": self.take_point, "own_take_point": self.own_take_point, "decision": self.decision, "cubeless": self.evaluation.to_dict()}

    def __str__(self) -> str:
        source = ("exact bear-off database (no gammons possible)" if self.evaluation.exact
                  else f"net {self.evaluation.ply}-ply")
        lines = [f"{self.position.notation()} ({_score_words(self.score)}; {source}, cube efficiency "
                 f"{self.efficiency:.2f})",
                 "cubeless: " + str(self.evaluation).split("\n")[1],
                 f"match-winning chances: no double {100 * self.no_double:.1f}%"
                 + (f", double/take {100 * self.double_take:.1f}%, double/pass {100 * self.double_pass:.1f}%"
                    if self.double_take is not None else "")]
        if self.take_point is not None:
            lines.append(f"the opponent takes with at least {100 * self.take_point:.1f}% winning chances at this score")
        if self.own_take_point is not None:
            lines.append(f"the side on roll takes the opponent's double with at least {100 * self.own_take_point:.1f}% "
                         "winning chances")
        lines.append(f"cube: {self.decision}")
        return "\n".join(lines)


def _score_words(score: Score) -> str:
    game = {CRAWFORD: ", Crawford game", POST_CRAWFORD: ", post-Crawford"}.get(score.game, "")
    return f"side on roll {score.mine}-away, opponent {score.theirs}-away{game}"


def match_cube_decision(rules: BackgammonRules | str, position: Position, score: Score, ply: int = 0,
                        store: Store | None = None, net: Net | None = None) -> MatchCubeDecision:
    """Should the side on roll double at ``score``, and should the opponent take?"""
    rules = preset(rules)
    check_match_rules(rules)
    check_cube_at_score(position, score)
    evaluation = evaluate(rules, position, ply=ply, store=store, net=net)
    outcomes, p = _outcomes(evaluation)
    x = _efficiency(position)
    cube, owner = position.cube_value, position.cube_owner
    no_double = cubeful_mwc(outcomes, score, cube, owner, x, met, p)
    take = passed = point = None
    if owner in ("centre", "on_roll") and may_double(score, cube, "mine"):
        take = cubeful_mwc(outcomes, score, 2 * cube, "opponent", x, met, p)
        passed = met(score.mine - cube, score.theirs, score.game != "normal")
        point = take_point(outcomes.swapped(), score.swapped(), cube, met, x)
    own = None
    if owner in ("centre", "opponent") and may_double(score, cube, "theirs"):
        own = take_point(outcomes, score, cube, met, x)
    return MatchCubeDecision(position, rules, score, evaluation, x, no_double, take, passed, point, own)


def match_winning_chance(rules: BackgammonRules, evaluation: Evaluation, score: Score) -> dict:
    """The cubeless and the cubeful match-winning chance of an evaluated position (side on roll)."""
    check_match_rules(rules)
    check_cube_at_score(evaluation.position, score)
    outcomes, p = _outcomes(evaluation)
    position = evaluation.position
    return {"mwc_cubeless": outcomes.dead(score, position.cube_value, met, p),
            "mwc": cubeful_mwc(outcomes, score, position.cube_value, position.cube_owner, _efficiency(position), met,
                               p)}


def match_hint(rules: BackgammonRules | str, position: Position, roll, score: Score, ply: int = 0,
               store: Store | None = None, net: Net | None = None) -> Hint:
    """Every legal play of ``roll`` ranked by the mover's cubeful match-winning chance at ``score``."""
    rules = preset(rules)
    check_match_rules(rules)
    check_cube_at_score(position, score)
    ranked = hint(rules, position, roll, ply=ply, store=store, net=net)
    plays = []
    for play in ranked.plays:
        after = play.position       # the opponent on roll (standard rules have no extra roll)
        theirs = cubeful_mwc(Outcomes.from_probabilities(play.probabilities).swapped(), score.swapped(),
                             after.cube_value, after.cube_owner, _efficiency(after), met, 1.0 - play.probabilities[0])
        plays.append(replace(play, mwc=1.0 - theirs))
    best = max(p.mwc for p in plays)
    plays = [replace(p, loss=best - p.mwc) for p in plays]
    order = sorted(range(len(plays)), key=lambda i: (-plays[i].mwc, i))
    return replace(ranked, plays=tuple(plays[i] for i in order), score=score)
