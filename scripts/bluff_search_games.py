"""Whole two-player games against the ``bayes`` bot: the solved strategy with decision-time search, the stored
strategy alone, and ``bayes`` itself in the tested seat, on the same games.

Writes ``reports/data/bluff_search_games.json`` (the strategy article and docs/bluff_strategy.md show its table).
A game starts with ``--start`` dice each (2-5) and chains rounds by the preset's own rules until one player has
none: the dice lost (``outcomes.dice_lost``), who opens the next round and Perudo's palifico rounds
(``game_value.next_state``), the dice a bid counts (``odds.my_count``). The tested seat plays, at each round:

- ``search``: the stored solve of those dice counts (``plan.stored_plan``; Perudo's palifico rounds from
  their own solves, ``scripts/bluff_sampled_solves.py --palifico``; the rounds of at most three dice in play
  played for the game, ``--endgames``, where the plan's solves play for dice) with decision-time search
  (``SampledSolution.search``) at every round. (With the plan's solves for dice throughout and ``bayes`` in the
  palifico rounds, searching only from six dice in play, where the search wins more one-round games than the
  stored strategy, won fewer whole games than searching at every round: 58.4% against 67.3% from three dice each
  in Liar's Dice, 57.1% against 65.9% in Bluff, the same in Perudo within the intervals; 10,000 games each. So
  did playing palifico rounds and rounds of up to three dice for dice: in Perudo from two dice each 49.5% and
  50.6%, against 59.1% as here.)
- ``strategy``: the same stored solves alone, drawing each action from the policy (the tournaments'
  ``strategy`` bot plays as ``bayes`` in palifico rounds, and the rounds of up to three dice in play for dice);
- ``bayes``: the bot itself, the baseline (about 50%).

The other seat is ``bayes`` (its decisions made by the tournament kernel's functions, ``decision_bots``). Game
``i`` of a cell deals the same dice from the same seed whichever player sits in the tested seat (the first
round's dice; later rounds follow the play), and the tested seat opens the first round of the even games. The
games are played in blocks of ``BLOCK`` whose wins are stored, so a stopped run resumes, and a cell asked for
more games plays only the new blocks.

Run: ``nice -n 10 .venv/bin/python scripts/bluff_search_games.py --preset P --start D [--games N]
[--tested search,strategy,bayes] [--out FILE]``; a line per block on stderr. Separate ``--out`` files let cells
run side by side; ``--merge FILE ...`` folds them into the data file.
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

import numpy as np  # noqa: E402

from analysis.bluff.bids import parse_bid  # noqa: E402
from analysis.bluff.play.decision_bots import bot_seat  # noqa: E402
from analysis.bluff.exact.game_value import State, next_state  # noqa: E402
from analysis.bluff.history import Turn  # noqa: E402
from analysis.bluff.odds.bid_odds import my_count  # noqa: E402
from analysis.bluff.odds.outcomes import dice_lost  # noqa: E402
from analysis.bluff.sampled.plan import GAME_ROUNDS, PALIFICO_ROUNDS, stored_plan  # noqa: E402
from analysis.bluff.sampled.search import draw_action  # noqa: E402
from analysis.bluff.play.strategy_bot import SCRIPT_GAMES  # noqa: E402
from analysis.bluff.play.tournament import Z95, wilson_interval  # noqa: E402

PATH = os.path.join(ROOT, "reports", "data", "bluff_search_games.json")
SEED = 3
BLOCK = 100
TESTED = ("search", "strategy", "bayes")
#: The games' names in the table (the solves' Liar's Dice has ones wild and no spot-on call).
TITLES = {"liars_dice": "Liar's Dice (ones wild)"}
#: A die's faces as the rules number them (Bluff's star is the sixth).
FACES = 6


class Tested:
    """The tested seat: ``kind`` (``TESTED``), the stored solve of each round it may play read up front."""

    def __init__(self, rules, kind: str, start: int, bot):
        self.rules, self.kind, self.bot = rules, kind, bot
        rounds = [((a, b), False) for a in range(1, start + 1) for b in range(1, start + 1)]
        if rules.palifico:   # opened by the player just down to one die
            rounds += [(pair, True) for pair in PALIFICO_ROUNDS if pair[1] <= start]
        self.solves = {} if kind == "bayes" else {
            (pair, palifico): stored_plan(rules, pair, palifico, "game" if pair in GAME_ROUNDS else "dice")
            for pair, palifico in rounds}
        missing = [key for key, solution in self.solves.items() if solution is None]
        if missing:
            (a, b), palifico = missing[0]
            raise SystemExit(f"bluff_search_games: no stored solve of the {a}v{b} "
                             f"{'palifico round' if palifico else 'round'}.")

    def act(self, dice, seat: int, roll, bids, opponent: int, palifico: bool, rng) -> str:
        """The action's text (a bid as ``format_bid`` writes it, or a call) of the seat holding ``roll`` after
        ``bids`` (the round's bids, the opener's first), ``seat`` 0 when it opened."""
        if self.kind == "bayes":
            return _bot_action(self.bot, roll, opponent, seat, bids, palifico)
        solution = self.solves[dice, palifico]
        policy = solution.strategy(seat, roll, bids)     # the actions in the search's numbering
        names = list(policy)
        if self.kind == "search":
            return names[draw_action(solution.search_policy(seat, roll, bids)[0], rng)]
        chances = np.array(list(policy.values()))
        return names[int(rng.choice(len(names), p=chances / chances.sum()))]


def _bot_action(bot, roll, opponent: int, seat: int, bids, palifico: bool) -> str:
    turns = tuple(Turn(0 if j % 2 == seat else 1, bid) for j, bid in enumerate(bids))
    return bot.decide(roll, (opponent,), turns, palifico).action


def play_game(rules, tested: Tested, bot, start: int, number: int) -> bool:
    """Whether the tested seat wins game ``number``."""
    rolls_rng = np.random.default_rng([SEED, start, number])
    choice_rng = np.random.default_rng([SEED, start, number, 1])
    state = State(start, start)
    tested_opens = number % 2 == 0
    while True:
        held = (state.opener, state.other)
        rolls = [tuple(sorted(int(x) for x in rolls_rng.integers(1, FACES + 1, n))) for n in held]
        bids: list = []
        seat = 0
        while True:
            if (seat == 0) == tested_opens:
                text = tested.act(held, seat, rolls[seat], bids, held[1 - seat], state.palifico, choice_rng)
            else:
                text = _bot_action(bot, rolls[seat], held[1 - seat], seat, bids, state.palifico)
            if text in ("challenge", "exact"):
                break
            bids.append(parse_bid(rules, text))
            seat = 1 - seat
        _, result, following, opener_opens = settle(rules, state, rolls, bids[-1], text, seat, start)
        if result is not None:
            return (result == 1.0) == tested_opens
        tested_opens = tested_opens == opener_opens
        state = following


def settle(rules, state: State, rolls, bid, call: str, caller: int, start: int) -> tuple:
    """The end of a round of ``state`` (``rolls`` the opener's and the other's dice): (the dice each loses, the
    opener's result if the game is over, else None, the next round's state, whether the opener opens it)."""
    actual = sum(my_count(rules, roll, bid.face, state.palifico) for roll in rolls)
    loss, _ = dice_lost(rules, call, actual, bid.count, (state.opener, state.other), caller, 1 - caller, start)
    return (loss, *next_state(rules, state, loss, caller))


def play_cell(rules, start: int, kind: str, games: int, stored: dict | None, save) -> dict:
    bot = bot_seat(rules, "bayes", 2, start)
    tested = Tested(rules, kind, start, bot_seat(rules, "bayes", 2, start))
    blocks = list(stored["block_wins"]) if stored else []
    spent = stored["seconds"] if stored else 0.0
    began = time.perf_counter()
    for first in range(len(blocks) * BLOCK, games, BLOCK):
        wins = sum(play_game(rules, tested, bot, start, first + g) for g in range(BLOCK))
        blocks.append(int(wins))
        cell = _summary(rules, start, kind, blocks, spent + time.perf_counter() - began)
        save(cell)
        print(f"bluff_search_games: {rules.name} from {start} dice, {kind}: {cell['games']:,} of {games:,} games, "
              f"{cell['win_rate']:.1%}, {cell['seconds']:.0f} s", file=sys.stderr, flush=True)
    return _summary(rules, start, kind, blocks, spent + time.perf_counter() - began)


def _summary(rules, start, kind, blocks, seconds) -> dict:
    games, wins = len(blocks) * BLOCK, int(sum(blocks))
    low, high = wilson_interval(wins, games)
    return {"preset": rules.name, "starting_dice": start, "tested": kind, "opponent": "bayes", "seed": SEED,
            "games": games, "block": BLOCK, "block_wins": blocks, "wins": wins, "win_rate": wins / games,
            "ci_low": low, "ci_high": high, "seconds": round(seconds, 1)}


def table(cells) -> str:
    """The docs' table: each game and starting dice, the tested players' shares of games won."""
    by = {_key(c): c for c in cells}
    lines = ["| game, dice each | with search | stored strategy | bayes (same seat) | search's gain (95%) |",
             "|:--|--:|--:|--:|--:|"]
    for name, start in dict.fromkeys((c["preset"], c["starting_dice"]) for c in cells):
        found = [by.get((name, start, kind)) for kind in TESTED]
        if None in found:
            continue
        search, stored, bayes = found
        gain = search["win_rate"] - bayes["win_rate"]
        half = Z95 * math.sqrt(sum(c["win_rate"] * (1 - c["win_rate"]) / c["games"] for c in (search, bayes)))
        title = TITLES.get(name, SCRIPT_GAMES[name]().title)
        lines.append(f"| {title}, {start} | " + " | ".join(
            f"{c['win_rate']:.1%} ({c['ci_low']:.1%}-{c['ci_high']:.1%})" for c in found)
            + f" | {100 * gain:+.1f} (±{100 * half:.1f}) points |")
    return "\n".join(lines)


def _key(cell) -> tuple:
    return cell["preset"], cell["starting_dice"], cell["tested"]


def _read(path) -> dict:
    if not os.path.exists(path):
        return {"description": "The tested seat's wins in whole two-player games against the bayes bot, the same "
                               "games for each player tested; 95% Wilson intervals.",
                "script": "scripts/bluff_search_games.py", "cells": []}
    with open(path) as handle:
        return json.load(handle)


def _write(path, data) -> None:
    data["cells"].sort(key=lambda c: (list(SCRIPT_GAMES).index(c["preset"]), c["starting_dice"],
                                      TESTED.index(c["tested"])))
    tmp = path + ".tmp"
    with open(tmp, "w") as handle:
        json.dump(data, handle, indent=1)
        handle.write("\n")
    os.replace(tmp, path)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", choices=list(SCRIPT_GAMES), default="liars_dice")
    parser.add_argument("--start", type=int, choices=range(2, 6), default=3)
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--tested", default=",".join(TESTED))
    parser.add_argument("--out", default=PATH)
    parser.add_argument("--merge", nargs="*", default=None, help="fold these files' cells into --out, then stop")
    args = parser.parse_args()
    data = _read(args.out)
    if args.merge is not None:
        cells = {_key(c): c for c in data["cells"]}
        for path in args.merge:
            for cell in _read(path)["cells"]:
                if _key(cell) not in cells or cells[_key(cell)]["games"] < cell["games"]:
                    cells[_key(cell)] = cell
        data["cells"] = list(cells.values())
        _write(args.out, data)
        print(table(data["cells"]))
        return 0
    if args.games % BLOCK:
        raise SystemExit(f"bluff_search_games: --games must be a multiple of {BLOCK}.")
    rules = SCRIPT_GAMES[args.preset]()
    for kind in args.tested.split(","):
        stored = next((c for c in data["cells"] if _key(c) == (rules.name, args.start, kind)), None)

        def save(cell):
            data["cells"] = [c for c in data["cells"] if _key(c) != _key(cell)] + [cell]
            _write(args.out, data)

        play_cell(rules, args.start, kind, args.games, stored, save)
    print(table(data["cells"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
