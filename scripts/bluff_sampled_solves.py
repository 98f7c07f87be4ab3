"""Build the sampled two-player round solves the advisor reads (``analysis.bluff.sampled.plan.PLAN``), into the store.

One solve at a time, each resumable from its checkpoint (in the store folder, ``bluff/sampled-checkpoints``),
so a stopped run started again with the same command carries on. Run it in the background, e.g.::

    nice -n 10 .venv/bin/python scripts/bluff_sampled_solves.py > bluff_sampled_solves.log 2>&1 &

``--only liars_dice:5`` builds one preset at one size (preset ``liars_dice`` is Liar's Dice with ones wild and
no spot on, the benchmark game; ``bluff`` and ``perudo`` are the presets as played); ``--only bluff:2:1`` one
round of unequal dice (first bidder 2, second 1: the tournaments' ``strategy`` bot needs every pair up to
the starting dice). ``--unequal`` builds the rounds of unequal dice up to 5 (first bidder's and second bidder's
dice differ), smallest first, each with the plan's last (cheapest) solve, the one the package ships for them::

    nice -n 10 .venv/bin/python scripts/bluff_sampled_solves.py --unequal > bluff_unequal.log 2>&1 &

``--palifico`` builds Perudo's two-player palifico rounds (opened by the player just down to one die, against
1-5 dice), each with the plan's solve (a palifico round keeps its opening face, so even the plan's largest solve
takes about a minute), which the package ships too::

    nice -n 10 .venv/bin/python scripts/bluff_sampled_solves.py --palifico > bluff_palifico.log 2>&1 &

``--endgames`` builds the rounds of at most three dice in play (1v1, 1v2, 2v1, and Perudo's palifico 1v1 and
1v2) played for the game (payoff ``game``: the chance to win the two-player game from where the round leaves it,
exact there), which a player of whole games reads (``scripts/bluff_search_games.py``); the package ships them::

    nice -n 10 .venv/bin/python scripts/bluff_sampled_solves.py --endgames > bluff_endgames.log 2>&1 &
"""

from __future__ import annotations

import argparse
import sys
import time

from analysis.bluff.sampled.plan import GAME_ROUNDS, PALIFICO_ROUNDS, plans
from analysis.bluff.sampled.solver import solve_sampled
from analysis.bluff.play.strategy_bot import SCRIPT_GAMES as GAMES
from analysis.store import Store
#: The order of the work: the real-size rounds first, then the smaller ones.
ORDER = [("liars_dice", 5), ("bluff", 5), ("perudo", 5), ("liars_dice", 2), ("liars_dice", 3), ("liars_dice", 4),
         ("perudo", 2), ("bluff", 2), ("perudo", 3), ("bluff", 3), ("perudo", 4), ("bluff", 4),
         ("liars_dice_no_wild", 2), ("liars_dice_no_wild", 3), ("liars_dice_no_wild", 4), ("liars_dice_no_wild", 5)]

#: Rounds of unequal dice beyond three dice in play, the smaller first (a pair and its mirror together).
UNEQUAL = sorted(((a, b) for a in range(1, 6) for b in range(1, 6) if a != b and a + b > 3),
                 key=lambda pair: (max(pair), min(pair), -pair[0]))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", default=[], metavar="PRESET:DICE")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--lbr-games", type=int, default=2000)
    parser.add_argument("--checks", type=int, default=2, help="exploitability measured this many times a solve")
    parser.add_argument("--iterations", type=int, default=None,
                        help="build the planned solve of this many iterations (a plan's fallback)")
    parser.add_argument("--unequal", action="store_true", help="the rounds of unequal dice, with the cheapest plan")
    parser.add_argument("--palifico", action="store_true",
                        help="Perudo's palifico rounds of one die against 1-5")
    parser.add_argument("--endgames", action="store_true",
                        help="the rounds of at most three dice in play, played for the game")
    args = parser.parse_args(argv)
    if args.only:
        order = [(name, (int(d[0]), int(d[-1]))) for name, *d in (item.split(":") for item in args.only)]
    elif args.unequal:
        order = [(name, dice) for dice in UNEQUAL for name in GAMES]
    elif args.palifico:
        order = [("perudo", dice) for dice in PALIFICO_ROUNDS]
    elif args.endgames:
        order = [(name, dice) for dice in GAME_ROUNDS for name in GAMES]
        order += [("perudo", dice, True) for dice in GAME_ROUNDS if dice in PALIFICO_ROUNDS]
    else:
        order = [(name, (d, d)) for name, d in ORDER]
    folder = Store().root / "bluff" / "sampled-checkpoints"
    folder.mkdir(parents=True, exist_ok=True)
    for name, dice, *palifico in order:
        palifico = bool(palifico) or args.palifico
        payoff = "game" if args.endgames else "dice"
        rules = GAMES[name]()
        first, second = dice
        planned_here = plans(dice, rules)
        if args.iterations is not None:
            planned_here = [plan for plan in planned_here if plan["iterations"] == args.iterations]
            if not planned_here:
                parser.error(f"no planned solve of {name} {first}v{second} runs {args.iterations} iterations")
        # A full-width solve is the plan's first and costs minutes; else the unequal pairs get the cheapest.
        full_width = [plan for plan in planned_here if plan.get("full_width")]
        plan = full_width[0] if full_width else planned_here[-1] if args.unequal else planned_here[0]
        began = time.time()
        tag = "-".join(f"{value}" for name, value in plan.items() if name != "warm")
        tag += "".join(part for part, on in (("-warm", plan["warm"]), ("-palifico", palifico),
                                             ("-game", payoff == "game")) if on)
        solution = solve_sampled(rules, dice, seed=args.seed, **plan, palifico_round=palifico, payoff=payoff,
                                 checkpoint=str(folder / f"{name}-{first}v{second}-{tag}-{args.seed}.npz"),
                                 checks=args.checks, lbr_games=args.lbr_games)
        print(f"{name} {first}v{second}{' palifico' if palifico else ''} for {payoff}: {solution} "
              f"({time.time() - began:.0f} s now; from store: "
              f"{solution.from_store})", flush=True)
        print(f"  trajectory (iterations, exploitability, half-width): {solution.trajectory.tolist()}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
