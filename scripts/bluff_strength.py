"""The dice-bidding strength table: one bot in seat 0 against a field, every preset and table size.

Writes ``reports/data/bluff_strength.json``, which the strategy article and docs/bluff_strategy.md read.
Every cell plays games ``0 .. games - 1`` of seed ``SEED`` (the same games for every bot tried in
the seat, so the bots are compared on the same dice), in blocks of ``BLOCK`` games whose win
counts are stored: any block can be played again with ``analysis.bluff.play.tournament.seat_wins``
and must give the stored counts (tests/bluff_strategy/test_strength.py does so for a few).

The grid: seat 0 holds ``bayes`` or one of the other bots; the field fills the other seats with
``threshold:0.5`` bots, ``honest`` bots, or a mixed field (a model bot, a threshold bot and an
honest bot, in that order, repeated as far as the seats go); 2, 4 and 6 players of Bluff, Perudo
and Liar's Dice with the preset's starting dice. The headline cell (Bluff, 4 players, bayes
against three threshold bots) and the threshold bot in the same seat play ``HEADLINE_GAMES``
games, every other cell ``GAMES`` (``--games``), and the tables of ``SMALL_TABLES`` at most that many.
Each cell records its ``seconds`` and where they were timed (``timed_on``): blocks may be played apart,
on other machines, and stored here (the blocks played on two machines must agree game for game).

Run: ``.venv/bin/python scripts/bluff_strength.py [--games N] [--headline-games N] [--replay BOT]
[--cheapest-first]``; one process, one core; a line per block on stderr. The file is rewritten after
every block, so an interrupted run keeps every whole block it played, and a cell grows from its stored
blocks when asked for more games (they are the same games). After a change to a bot, ``--replay BOT``
plays its cells again from the first game. ``--cheapest-first`` plays the cells in order of their
stored time a game, so that a run with a deadline brings the most cells to the number asked.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from analysis.bluff.rules import preset  # noqa: E402
from analysis.bluff.play.tournament import seat_wins, wilson_interval  # noqa: E402

PATH = os.path.join(ROOT, "reports", "data", "bluff_strength.json")
SEED = 1
BLOCK = 1000
GAMES = 100000
HEADLINE_GAMES = 100000
PRESETS = ("bluff", "perudo", "liars_dice")
PLAYERS = (2, 4, 6)
FIELDS = {"threshold:0.5": ("threshold",), "honest": ("honest",), "mixed": ("model", "threshold", "honest")}
TESTED = ("bayes", "threshold", "honest", "model", "equilibrium", "random")
HEADLINE = ("bluff", 4, "threshold:0.5")
#: Tables to play fewer games in, e.g. ``{("bluff", 2): 10000}`` (two-player Bluff: 15 dice each, 15,504 hands
#: per posterior, about 25 ms a bayes game): every bot there plays at most this many games.
SMALL_TABLES: dict = {}


def field_bots(field: str, players: int) -> list[str]:
    cycle = FIELDS[field]
    return [cycle[k % len(cycle)] for k in range(players - 1)]


def cells():
    """(preset, players, field, tested bot) in the order they are played: the headline first, then every bayes
    cell, then the other bots."""
    order = [(*HEADLINE, "bayes"), (*HEADLINE, "threshold")]
    for tested in TESTED:
        for name in PRESETS:
            for players in PLAYERS:
                for field in FIELDS:
                    cell = (name, players, field, tested)
                    if cell not in order:
                        order.append(cell)
    return order


def key(cell) -> str:
    name, players, field, tested = cell
    return f"{name}/{players}/{field}/{tested}"


def play_cell(cell, games: int, stored: dict | None = None, save=None) -> dict:
    """Play the cell's games; the whole blocks of ``stored`` (the same cell played before, by the same bots) are
    kept, so a cell grows block by block. ``save`` is called with the cell so far after every block."""
    name, players, field, tested = cell
    rules = preset(name)
    bots = ",".join([tested, *field_bots(field, players)])
    blocks = []
    spent = 0.0
    if stored is not None and stored["bots"] == bots and stored["seed"] == SEED and stored["block"] == BLOCK:
        blocks = [block for number, block in enumerate(stored["block_wins"])
                  if (number + 1) * BLOCK <= min(stored["games"], games)]
        spent = stored["seconds"] * len(blocks) * BLOCK / stored["games"]
    started = time.perf_counter() - spent
    def summary(played):
        wins = [sum(block[seat] for block in blocks) for seat in range(players)]
        low, high = wilson_interval(wins[0], played)
        return {"preset": name, "players": players, "starting_dice": rules.starting_dice(players), "field": field,
                "bots": bots, "tested": tested, "seed": SEED, "games": played, "block": BLOCK, "block_wins": blocks,
                "wins": wins, "win_rate": wins[0] / played, "ci_low": low, "ci_high": high,
                "seconds": round(time.perf_counter() - started, 1),
                "timed_on": f"wall seconds in one process on a {os.cpu_count()}-core machine"}

    for first in range(len(blocks) * BLOCK, games, BLOCK):
        wins = seat_wins(rules, bots, first, min(BLOCK, games - first), seed=SEED)
        blocks.append([int(w) for w in wins])
        print(f"bluff_strength: {key(cell)}: {first + min(BLOCK, games - first):,} of {games:,} games, "
              f"{time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
        if save is not None and first + BLOCK < games:
            save(summary(first + BLOCK))
    return summary(games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--headline-games", type=int, default=HEADLINE_GAMES)
    parser.add_argument("--out", default=PATH, help="the JSON file to write (default: %(default)s)")
    parser.add_argument("--replay", action="append", default=[], metavar="BOT",
                        help="play the cells of this tested bot again from the first game (after changing the bot)")
    parser.add_argument("--cheapest-first", action="store_true",
                        help="play the cells in order of their stored time a game, so the most cells grow first")
    options = parser.parse_args()
    path = options.out
    done = {}
    if os.path.exists(path):
        with open(path) as stored:
            done = {key((c["preset"], c["players"], c["field"], c["tested"])): c for c in json.load(stored)["cells"]}
    os.makedirs(os.path.dirname(path), exist_ok=True)
    replay = set(options.replay)

    def save(cell: dict) -> None:
        done[key((cell["preset"], cell["players"], cell["field"], cell["tested"]))] = cell
        document = {"description": "Seat 0's wins against a field of bots; 95% Wilson intervals.",
                    "script": "scripts/bluff_strength.py", "fields": {f: list(c) for f, c in FIELDS.items()},
                    "cells": [done[key(c)] for c in cells() if key(c) in done]}
        with open(path + ".tmp", "w") as out:
            json.dump(document, out, indent=1)
            out.write("\n")
        os.replace(path + ".tmp", path)

    order = cells()
    if options.cheapest_first:
        # The cells played before, by their time a game (a cell not played yet first): the most cells finished.
        order.sort(key=lambda c: done[key(c)]["seconds"] / done[key(c)]["games"] if key(c) in done else -1.0)
    for cell in order:
        games = options.headline_games if cell[:3] == HEADLINE and cell[3] in ("bayes", "threshold") else (
            min(options.games, SMALL_TABLES.get(cell[:2], options.games)))
        if key(cell) in done and done[key(cell)]["games"] >= games and cell[3] not in replay:
            continue
        save(play_cell(cell, games, None if cell[3] in replay else done.get(key(cell)), save))


if __name__ == "__main__":
    main()
