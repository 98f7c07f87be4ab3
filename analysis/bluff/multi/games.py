"""Whole games at the full table: the full-table strategy in one seat against a field of the tournaments' bots,
seats rotated, seeded, each game played twice on the same dice (the strategy in the tested seat, then the ``bayes``
bot there), so its gain over the bid reader is measured on paired games.

The full-table player plays the stored three-player solve in every round whose dice it covers (``TABLE_PLAN``: every
seat holding one die, or two) and the bid reader (``bayes``) in every other round, heads-up included, so its gain
over ``bayes`` is the solve's alone (the heads-up solve's own is the tournament's ``strategy`` bot's). The field's
``strategy`` bot plays the heads-up solve once two players remain (``decide``), and the bid reader before.

A game is played in Python, a decision at a time, by the rules' own functions: ``outcomes.dice_lost`` for the dice
each call costs, ``tournament.opener_role`` for who opens next, Perudo's palifico round when a player first drops to
one die (every seat then plays the bid reader, or its own bot). Game g rolls its dice and draws the mixed players'
actions from ``numpy.random.default_rng([seed, g])``; the tested seat is g mod 3 and seat 0 opens.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

import numpy as np

from analysis.bluff.bids import format_bid, parse_bid
from analysis.bluff.history import Turn
from analysis.bluff.multi.decision import NoTableSolve, table_policy
from analysis.bluff.odds.bid_odds import my_count
from analysis.bluff.odds.outcomes import dice_lost
from analysis.bluff.play.decision import decide
from analysis.bluff.play.decision_bots import bot_seat
from analysis.bluff.play.tournament import Z95, opener_role

#: The players who can sit in the tested seat: the full-table strategy, or the bid reader it is compared with.
TABLE, BAYES = "table", "bayes"
#: The fields measured: the tournaments' bots, and the heads-up ``strategy`` bot.
FIELDS = ("bayes", "threshold", "model", "strategy")


@dataclass(frozen=True)
class FieldResult:
    """``games`` paired games against a field of ``field``: the tested seat's wins as the full-table strategy and as
    the bid reader on the same dice, and the gain (the difference of win rates) with its 95% interval."""

    field: str
    games: int
    table_wins: int
    bayes_wins: int
    gain: float
    half: float
    seconds: float

    def __str__(self) -> str:
        return (f"against {self.field}: {self.games:,} games, win rate {self.table_wins / self.games:.1%} "
                f"(the bid reader in its seat {self.bayes_wins / self.games:.1%}), gain "
                f"{100 * self.gain:+.1f} +- {100 * self.half:.1f} points")


def _choose(policy: dict, rng: np.random.Generator) -> str:
    """An action drawn from ``policy`` (action -> chance) with the game's generator."""
    u = rng.random() * sum(policy.values())
    run = 0.0
    for action, chance in policy.items():
        run += chance
        if u < run:
            return action
    return max(policy, key=policy.get)


def _policy(rules, player: str, dice, opponents, turns, palifico: bool, start: int) -> dict:
    """The chance of each action of ``player`` (``table``, ``strategy`` or a bot's name) at this decision."""
    if player == TABLE and len(opponents) > 1 and not palifico:
        try:
            return table_policy(rules, dice, opponents, turns)
        except NoTableSolve:
            pass
    if player == "strategy" and len(opponents) == 1:
        history = " ".join(f"{'me' if t.player == 0 else t.player}:{format_bid(rules, t.bid)}" for t in turns)
        return decide(rules, dice, opponents, history, "strategy", palifico=palifico).policy
    bot = BAYES if player in (TABLE, "strategy") else player
    seat = bot_seat(rules, bot, 1 + len(opponents), start)
    return seat.decide(tuple(dice), tuple(opponents), tuple(turns), palifico).policy


def play_game(rules, seats: tuple, game: int, seed: int, start: int) -> int:
    """The winner's seat of game ``game`` of ``seats`` (each a player's name), seat 0 opening."""
    players = len(seats)
    held = [start] * players
    rng = np.random.default_rng([seed, game])
    opener, palifico, had_palifico = 0, False, [False] * players
    while sum(1 for d in held if d > 0) > 1:
        hands = []
        for p in range(players):
            hands.append(tuple(int(d) for d in rng.integers(1, 7, held[p])))
        alive = [p for p in range(players) if held[p] > 0]
        made = []           # (seat, bid)
        actor = opener
        while True:
            me = alive.index(actor)
            order = alive[me:] + alive[:me]            # me first, then the others in turn order
            turns = tuple(Turn(order.index(p), bid) for p, bid in made)
            policy = _policy(rules, seats[actor], hands[actor], [held[p] for p in order[1:]], turns, palifico,
                             start)
            action = _choose(policy, rng)
            if action not in ("challenge", "exact"):
                made.append((actor, parse_bid(rules, action)))
                actor = alive[(alive.index(actor) + 1) % len(alive)]
                continue
            bidder, bid = made[-1]
            actual = sum(my_count(rules, hands[p], bid.face, palifico) for p in alive)
            loss, caller_won = dice_lost(rules, action, actual, bid.count, tuple(held), actor, bidder, start)
            before = list(held)
            # A player out of the game loses nothing (Bluff's exact count costs "everyone but the bidder" a die).
            held = [max(h - int(lost), 0) if h > 0 else 0 for h, lost in zip(held, loss)]
            nxt = actor if opener_role(rules, action, caller_won) == 0 else bidder
            palifico = False
            for p in range(players):
                if rules.palifico and before[p] > 1 and held[p] == 1 and not had_palifico[p]:
                    had_palifico[p], palifico = True, True
            while held[nxt] == 0:
                nxt = (nxt + 1) % players
            opener = nxt
            break
    return next(p for p in range(players) if held[p] > 0)


def measure_field(rules, field: str, games: int, seed: int = 0, start: int = 2, players: int = 3,
                  seconds: float | None = None) -> FieldResult:
    """Up to ``games`` paired games (fewer where ``seconds`` run out first) of the full-table strategy, then the bid
    reader, in the tested seat (game g: seat g mod ``players``) against ``players`` - 1 ``field`` bots."""
    began = time.process_time()
    table_wins = bayes_wins = played = 0
    diffs = []
    for g in range(games):
        tested = g % players
        won = []
        for player in (TABLE, BAYES):
            seats = tuple(player if s == tested else field for s in range(players))
            won.append(play_game(rules, seats, g, seed, start) == tested)
        table_wins += won[0]
        bayes_wins += won[1]
        diffs.append(int(won[0]) - int(won[1]))
        played += 1
        if seconds is not None and time.process_time() - began > seconds:
            break
    d = np.array(diffs, np.float64)
    half = Z95 * float(d.std(ddof=1)) / math.sqrt(played) if played > 1 else float("inf")
    return FieldResult(field, played, table_wins, bayes_wins, float(d.mean()), half, time.process_time() - began)
