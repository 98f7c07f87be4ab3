"""Dice bidding against bids the solved strategy never makes: the off-path bots, and the tremble of its reading.

1. **Against the off-path bots**: the advisor's stored strategy (no search; the solve ``odds bluff play`` reads)
   against each bot that bids off its path (``overbid``, ``jumper``, ``switcher``, ``random``; ``bots.py``) and,
   beside them, ``threshold`` and ``bayes``, heads-up one round, the opener alternating (so an equilibrium's value
   is 0 dice and it wins at least half the rounds against anyone), seeded: the share of rounds the strategy wins
   and its dice balance a round with 95% intervals, and how often it challenges when it answers a bid (does it
   call more against wild bids?). The strategy's play does not depend on the tremble (its policy is read at its
   information set); only its values and the search do.
2. **The tremble** (``solution.TREMBLE``): the strategy with decision-time search, which plays its best action
   against the belief the tremble sets, against the off-path bots and ``bayes`` with the tremble at each weight
   given, the same rounds for every weight: its dice balance at the first weight and each other weight's gain over
   it, round by round, with 95% intervals. The weight shipped is one whose mean gain over the cells is best.

Run: ``python benchmarks/bench_bluff_off_path.py [--rounds 2000] [--dice 2 3 5] [--game liars_dice ...]
[--skip strength|tremble]``; prints the tables that docs/bluff_strategy.md quotes, with the seconds each cell took.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_bluff_size import GAMES, SearchPlayer, TablePlayer, _cell, advisor_solve, head_to_head  # noqa: E402

from analysis.bluff.sampled import solution as sampled_solution  # noqa: E402
from analysis.bluff.sampled.search import compiled_search  # noqa: E402

OFF_PATH_BOTS = ("overbid", "jumper", "switcher", "random")
BESIDE = ("threshold", "bayes")
HEADER = ["| game | dice | bot | rounds | strategy wins (95%) | dice balance a round (95%) | challenges when answering |",
          "|---|---|---|---|---|---|---|"]
TREMBLES = (0.0, 0.01, 0.05, 0.2)
KEYS = {"liars_dice": "Liar's Dice, ones wild", "perudo": "Perudo", "bluff": "Bluff"}


def _row(name, dice, label, rounds, wins, balances, answers) -> str:
    share = answers.get("challenges", 0) / max(1, answers.get("answers", 0))
    return _cell(name, dice, label, rounds, wins, balances)[1] + f" {share:.1%} of {answers.get('answers', 0):,} |"


def strength(rounds: int, seed: int, games, sizes) -> str:
    lines = list(HEADER)
    print("\n".join(lines), flush=True)
    for name in games:
        rules = GAMES[name]
        for dice in sizes:
            solution = advisor_solve(rules, dice)
            if solution is None:
                continue
            player = TablePlayer(solution.game, solution.policy)
            for bot in OFF_PATH_BOTS + BESIDE:
                started = time.perf_counter()
                answers: dict = {}
                wins, balances = head_to_head(rules, dice, rounds, seed, player, bot, answers)
                lines.append(_row(name, dice, bot, rounds, wins, balances, answers))
                print(lines[-1], f"({time.perf_counter() - started:.0f} s; exploitability "
                      f"{solution.exploitability.value:.3f})", flush=True)
    return "\n".join(lines)


def tremble(rounds: int, seed: int, games, sizes, weights, bots=OFF_PATH_BOTS + ("bayes",)) -> str:
    """The search against each bot at each tremble weight, the same rounds (seeds) for every weight: its dice balance
    a round at the first weight, and at each other its gain over the first, round by round, with 95% intervals; the
    last row the mean over the cells."""
    compiled_search()
    lines = ["| game | dice | bot | " + " | ".join(f"tremble {w:g}" for w in weights) + " |",
             "|---|---|---|" + "---|" * len(weights)]
    gains: dict = {w: [] for w in weights}
    shipped = sampled_solution.TREMBLE
    try:
        for name in games:
            rules = GAMES[name]
            for dice in sizes:
                solution = advisor_solve(rules, dice)
                if solution is None:
                    continue
                for bot in bots:
                    started = time.perf_counter()
                    results = []
                    for w in weights:
                        sampled_solution.TREMBLE = w
                        results.append(np.array(head_to_head(rules, dice, rounds, seed, SearchPlayer(solution), bot)[1]))
                    cells = [f"{results[0].mean():+.3f} +- {_half(results[0]):.3f}"]
                    for w, result in zip(weights[1:], results[1:]):
                        gain = result - results[0]
                        gains[w].append(gain.mean())
                        cells.append(f"{gain.mean():+.3f} +- {_half(gain):.3f}")
                    lines.append(f"| {name} | {dice}v{dice} | {bot} | " + " | ".join(cells) + " |")
                    print(lines[-1], f"({time.perf_counter() - started:.0f} s)", flush=True)
    finally:
        sampled_solution.TREMBLE = shipped
    lines.append("| mean gain over the cells | | | | " + " | ".join(f"{np.mean(gains[w]):+.4f}" for w in weights[1:])
                 + " |")
    return "\n".join(lines)


def _half(values) -> float:
    return 1.96 * float(np.std(values, ddof=1)) / math.sqrt(len(values))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2000, help="rounds a cell (default 2,000)")
    parser.add_argument("--tremble-rounds", type=int, default=500, help="rounds a cell of the tremble's table")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--game", action="append", default=[], choices=tuple(KEYS))
    parser.add_argument("--dice", nargs="+", type=int, default=[2, 3, 5], help="dice each (default 2 3 5)")
    parser.add_argument("--tremble-dice", nargs="+", type=int, default=[2, 3], help="dice each of the tremble's table")
    parser.add_argument("--weights", nargs="+", type=float, default=list(TREMBLES))
    parser.add_argument("--skip", action="append", default=[], choices=("strength", "tremble"))
    args = parser.parse_args(argv)
    games = [KEYS[g] for g in (args.game or KEYS)]
    if "strength" not in args.skip:
        print(strength(args.rounds, args.seed, games, args.dice))
    if "tremble" not in args.skip:
        print(tremble(args.tremble_rounds, args.seed, games, args.tremble_dice, args.weights))
    return 0


if __name__ == "__main__":
    sys.exit(main())
