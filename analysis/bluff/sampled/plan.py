"""The plan of solves: which solve of each heads-up round the advisor reads (``PLAN``, ``PLAN_BY_GAME``), the
rounds the package ships beyond them, and the best planned solve the store holds (``stored_plan``).
``scripts/bluff_sampled_solves.py`` builds the plan into the store; ``scripts/bluff_ship_solves.py`` ships it."""

from __future__ import annotations

from dataclasses import replace
from typing import Optional

from analysis.bluff.rules import BiddingRules
from analysis.bluff.sampled.solution import SampledSolution
from analysis.bluff.sampled.stored import WARM_FIELDS, refusal_clause, stored_solve
from analysis.errors import InvalidArgument
from analysis.shipped import Refused

#: The command that builds a planned solve (``PLAN``), for the sentence that says one is missing.
SAMPLED_HELP = "odds bluff solve {preset} --dice {first} {second}"
#: Iterations of the planned full-width solves (``full_width``): at 5v5 remembering two bids, about 4 s each here.
FULL_WIDTH_ITERATIONS = 300
#: The solves the advisor reads (``decide``, ``odds bluff play | open``), by the larger dice count: (remembered
#: bids, iterations, exploration[, steps of the action abstraction, robust sampling's width[, the number of the
#: plan's solve it starts from]]), the first the one to build, the others read when it is not stored.
#: ``scripts/bluff_sampled_solves.py`` builds them. At 2v2 remembering two bids over every raise (plain external
#: sampling) trains and plays better than the abstraction; from 3v3 the players remember two bids over the
#: abstraction, started from the one-bid solve (``warm_start``): from nothing two bids trained too slowly (docs).
PLAN = {1: ((None, 200000, 1.0),), 2: ((2, 1000000, 1.0), (2, 100000, 1.0), (1, 1000000, 1.0, 2, 2.0)),
        3: ((2, 8000000, 1.0, 2, 2.0, 1), (1, 4000000, 1.0, 2, 2.0), (1, 1000000, 1.0, 2, 2.0)),
        4: ((2, 16000000, 1.0, 2, 2.0, 1), (1, 4000000, 1.0, 2, 2.0), (1, 1000000, 1.0, 2, 2.0)),
        5: ((2, 16000000, 1.0, 2, 2.0, 1), (1, 4000000, 1.0, 2, 2.0), (1, 1000000, 1.0, 2, 2.0))}
#: A game's own solves, by (rules name, larger dice count), read before ``PLAN``'s (which stay its fallbacks); each
#: the keywords of ``solve_sampled``. Perudo at 2v2 remembers three bids: with two, its aces (a bid on aces halves
#: the count) leave the players knowing too little, and in the same million iterations the local best response
#: gains 0.175 dice against 0.055 with three. From 3v3 to 5v5 every game is solved full width, remembering two
#: bids over every raise, where sampling stopped at 0.10-0.39 dice (docs/bluff_strategy.md); the sampled solves stay
#: as the fallbacks of the pairs not yet solved so (the answer says which solve it reads).
#: At 3v3, remembering three bids: Perudo 0.095 dice against 0.162 with two, Liar's Dice with spot on 0.026 against
#: 0.103 (the pairs of three dice or fewer not yet solved so fall back to two bids).
_FULL_WIDTH = ({"k": 2, "iterations": FULL_WIDTH_ITERATIONS, "full_width": True},)
_THREE_BIDS = ({"k": 3, "iterations": FULL_WIDTH_ITERATIONS, "full_width": True},)
PLAN_BY_GAME = {("perudo", 2): ({"k": 3, "iterations": 1000000, "explore": 1.0},),
                **{(name, size): _FULL_WIDTH for name in ("liars_dice", "perudo", "liars_dice_spot_on")
                   for size in (3, 4, 5)},
                **{("bluff", size): _FULL_WIDTH for size in (3, 4, 5)},
                **{(name, 3): _THREE_BIDS + _FULL_WIDTH for name in ("perudo", "liars_dice_spot_on")}}


def plan_game(rules: BiddingRules) -> str:
    """The name ``PLAN_BY_GAME`` knows ``rules``' game by: Liar's Dice with its spot-on call and nothing wild (as
    played) apart from the benchmark form (ones wild, no spot on)."""
    if rules.name == "liars_dice" and rules.joker is None and rules.exact_call is not None:
        return "liars_dice_spot_on"
    return rules.name
#: The keywords of ``solve_sampled`` a plan's tuple gives, in order.
PLAN_FIELDS = WARM_FIELDS + ("warm",)


def planned(dice, rules: Optional[BiddingRules] = None) -> dict:
    """The keywords of ``solve_sampled`` (k, iterations, explore, steps, width, warm) of the solve to build for
    ``dice`` (of ``rules``' game: ``PLAN_BY_GAME``)."""
    return plans(dice, rules)[0]


def plans(dice, rules: Optional[BiddingRules] = None) -> list[dict]:
    """The planned solves of ``dice`` (of ``rules``' game where it has a plan of its own), as ``solve_sampled``'s
    keywords, the one to build first."""
    largest = max(dice)
    if largest not in PLAN:
        raise InvalidArgument(f"Sampled rounds are planned for 1-5 dice a player, not {largest}.")
    chosen = PLAN[largest] if sum(dice) > 3 else PLAN[1]
    # A sixth field is the number of the plan's solve that this one starts from (``warm_start``).
    out = [dict(zip(PLAN_FIELDS, plan[:5] + (None, 0.0)[len(plan[:5]) - 3:] + (None,))) for plan in chosen]
    for plan, entry in zip(chosen, out):
        if len(plan) > 5:
            entry["warm"] = dict(out[plan[5]])
    if sum(dice) > 3 and rules is not None:
        defaults = {"explore": 1.0, "steps": None, "width": 0.0, "warm": None}
        out = [{**defaults, **plan} for plan in PLAN_BY_GAME.get((plan_game(rules), largest), ())] + out
    return out


#: Perudo's two-player palifico rounds the package ships: opened by the player just down to one die, against 1-5.
PALIFICO_ROUNDS = tuple((1, d) for d in range(1, 6))
#: The rounds also solved for the game (payoff "game"), where the game values are exact: up to 3 dice in play.
GAME_ROUNDS = ((1, 1), (1, 2), (2, 1))


def stored_plan(rules: BiddingRules, dice, palifico_round: bool = False,
                payoff: str = "dice") -> Optional[SampledSolution]:
    """The best planned solve of ``dice`` (of a palifico round, played for ``payoff``) that the store holds, or
    None. Where the package's copy of a better planned solve is refused, the solve that answers says so
    (``passed_over``); where none answers, that refusal is the one sentence."""
    refused = None
    for plan in plans(dice, rules):
        try:
            solution = stored_solve(rules, tuple(dice), **plan, palifico_round=palifico_round, payoff=payoff)
        except Refused as error:
            refused = refused or error
            continue
        if solution is not None:
            if refused is None:
                return solution
            return replace(solution, passed_over=refusal_clause(refused))
    if refused is not None:
        raise refused
    return None
