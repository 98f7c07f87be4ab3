"""The ``strategy`` bot's gain over ``bayes`` in games of 3-6 players: the same seat, field and games.

Writes ``reports/data/bluff_strategy_bot.json`` (docs/bluff_strategy.md shows its table). Seat 0 holds
``strategy`` or ``bayes``; the other seats a field of ``threshold:0.5`` bots or of ``bayes`` bots; every
cell plays games ``0 .. games - 1`` of seed ``SEED`` (game ``i`` deals the same first round whichever bot
sits in seat 0), in blocks of ``BLOCK`` games whose win counts are stored (``tournament.seat_wins`` plays
any block again). The strategy bot plays as ``bayes`` until two players hold dice, so the gain is what
the stored heads-up solves add at the end of a game; the solves are read from the store and must be
there for every pair of dice counts up to the starting dice (``scripts/bluff_sampled_solves.py --only
bluff:1:1 --only bluff:1:2 --only bluff:2:1 --only bluff:2:2`` for the default two dice each; the same
with ``perudo`` for ``--preset perudo``).

Run: ``nice -n 10 .venv/bin/python scripts/bluff_strategy_bot.py [--games N] [--start D] [--preset P] [--build]
[--players N] [--field F] [--tested T]``; with ``--players 2 --field bayes``, whole two-player games, where the
strategy bot plays the solved rounds from the first;
one process, a line per block on stderr, the file rewritten after every cell (the cells of the other presets
and starting dice are kept). ``--build`` first solves every missing pair of dice counts up to the starting dice
(seed 0, the plan's last and cheapest solve of the pair, ``plan.plans``: every bid remembered up to three
dice in play, beyond the last bid with the raises abstracted, 1,000,000 iterations), one at a time.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from analysis.bluff.rules import preset  # noqa: E402
from analysis.bluff.sampled.plan import plans, stored_plan  # noqa: E402
from analysis.bluff.sampled.solver import solve_sampled  # noqa: E402
from analysis.bluff.play.strategy_bot import SCRIPT_GAMES  # noqa: E402
from analysis.bluff.play.tournament import Z95, seat_wins, wilson_interval  # noqa: E402

PATH = os.path.join(ROOT, "reports", "data", "bluff_strategy_bot.json")
SEED = 1
BLOCK = 1000
PLAYERS = (3, 4, 5, 6)
FIELDS = ("threshold:0.5", "bayes")
TESTED = ("strategy", "bayes")
#: The games' names in the table (the solves' Liar's Dice has ones wild and no spot-on call).
TITLES = {"liars_dice": "Liar's Dice (ones wild)"}


def play_cell(rules, players: int, start: int, field: str, tested: str, games: int) -> dict:
    bots = ",".join([tested] + [field] * (players - 1))
    blocks = []
    began = time.perf_counter()
    for first in range(0, games, BLOCK):
        wins = seat_wins(rules, bots, first, min(BLOCK, games - first), seed=SEED, start=start)
        blocks.append([int(w) for w in wins])
        print(f"bluff_strategy_bot: {rules.name} {players} players, {bots}: {first + min(BLOCK, games - first):,} "
              f"of {games:,} games, {time.perf_counter() - began:.0f} s", file=sys.stderr, flush=True)
    wins = [sum(block[seat] for block in blocks) for seat in range(players)]
    low, high = wilson_interval(wins[0], games)
    return {"preset": rules.name, "players": players, "starting_dice": start, "field": field, "tested": tested,
            "bots": bots, "seed": SEED, "games": games, "block": BLOCK, "block_wins": blocks, "wins": wins,
            "win_rate": wins[0] / games, "ci_low": low, "ci_high": high,
            "seconds": round(time.perf_counter() - began, 1)}


def gain(strategy: dict, bayes: dict) -> tuple[float, float]:
    """The strategy bot's win rate minus the bayes bot's in the same seat, and the half-width of its 95% interval
    (the two cells as independent samples: the games share their first deal, not their play)."""
    p, q = strategy["win_rate"], bayes["win_rate"]
    half = Z95 * math.sqrt(p * (1 - p) / strategy["games"] + q * (1 - q) / bayes["games"])
    return p - q, half


def table(cells: list[dict]) -> str:
    lines = ["| game, players (dice each) | field | strategy wins (95%) | bayes wins (95%) | gain (95%) |",
             "|:--|:--|--:|--:|--:|"]
    by = {(c["preset"], c["starting_dice"], c["players"], c["field"], c["tested"]): c for c in cells}
    for name, start in dict.fromkeys((c["preset"], c["starting_dice"]) for c in cells):
        for players in (2, *PLAYERS):
            for field in FIELDS:
                s, b = (by.get((name, start, players, field, tested)) for tested in TESTED)
                if s is not None and b is not None:
                    lines.append(row(TITLES.get(name, SCRIPT_GAMES[name]().title), s, b))
    return "\n".join(lines)


def row(title: str, s: dict, b: dict) -> str:
    g, half = gain(s, b)
    return (f"| {title}, {s['players']} ({s['starting_dice']}) | {s['field']} | {s['win_rate']:.1%} "
            f"({s['ci_low']:.1%}-{s['ci_high']:.1%}) | {b['win_rate']:.1%} ({b['ci_low']:.1%}-{b['ci_high']:.1%}) | "
            f"{100 * g:+.1f} (±{100 * half:.1f}) points |")


def build_missing(rules, start: int) -> None:
    """Solve every pair of dice counts up to ``start`` that the store lacks (the plan's last solve of the pair)."""
    for first in range(1, start + 1):
        for second in range(1, start + 1):
            if stored_plan(rules, (first, second)) is None:
                began = time.perf_counter()
                solution = solve_sampled(rules, (first, second), seed=0, **plans((first, second), rules)[-1], checks=2,
                                         lbr_games=2000)
                print(f"bluff_strategy_bot: solved {rules.name} {first}v{second} in "
                      f"{time.perf_counter() - began:.0f} s: {solution}", file=sys.stderr, flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--start", type=int, default=2, help="starting dice a player (default 2)")
    parser.add_argument("--preset", default="bluff")
    parser.add_argument("--out", default=PATH)
    parser.add_argument("--build", action="store_true", help="first solve the missing heads-up rounds")
    parser.add_argument("--field", action="append", choices=FIELDS, help="the fields played (default both)")
    parser.add_argument("--players", action="append", type=int, choices=(2, *PLAYERS),
                        help="the players of a game (default 3 to 6; 2: whole heads-up games, the one other "
                             "seat the field)")
    parser.add_argument("--tested", action="append", choices=TESTED,
                        help="the bots tried in seat 0 (default both; the bayes bot's cells do not depend on the "
                             "solves, so after new solves '--tested strategy' keeps them)")
    options = parser.parse_args()
    rules = SCRIPT_GAMES[options.preset]()
    if options.build:
        build_missing(rules, options.start)
    cells = []
    if os.path.exists(options.out):   # the cells of the other presets and starting dice are kept
        with open(options.out) as stored:
            cells = [c for c in json.load(stored)["cells"]
                     if (c["preset"], c["starting_dice"]) != (rules.name, options.start)
                     or c["players"] not in (options.players or PLAYERS)
                     or c["field"] not in (options.field or FIELDS) or c["tested"] not in (options.tested or TESTED)]
    for players in options.players or PLAYERS:
        for field in options.field or FIELDS:
            for tested in options.tested or TESTED:
                cells.append(play_cell(rules, players, options.start, field, tested, options.games))
                document = {"description": "Seat 0's wins, the strategy bot against the bayes bot in the same seat, "
                                           "field and games; 95% Wilson intervals.",
                            "script": "scripts/bluff_strategy_bot.py", "cells": cells}
                with open(options.out + ".tmp", "w") as out:
                    json.dump(document, out, indent=1)
                    out.write("\n")
                os.replace(options.out + ".tmp", options.out)
    print(table(cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
