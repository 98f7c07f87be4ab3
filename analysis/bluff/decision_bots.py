"""One decision of a tournament bot, made by the tournament kernel's own functions (``decision.py``'s bots).

The tables are the tournament's (``tournament._tasks``: the rule tables, the solved endgame, the beliefs);
the round's history is replayed as ``_tournament_kernels.play_games`` plays it - every bid of a player the
``bayes`` bot watches updates that player's posterior with ``observe`` - and the decision is then the
kernel's ``_bayes_choose`` or ``_choose`` (the ``model`` bot's chances from ``action_chances``).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from analysis.bluff.bids import format_bid
from analysis.bluff.bots import parse_bots
from analysis.errors import InvalidArgument


def _action_text(rules, bid_count, bid_face, action: int) -> str:
    from analysis.bluff.bids import Bid

    if action >= 0:
        return format_bid(rules, Bid(int(bid_count[action]), int(bid_face[action])))
    return "challenge" if action == -1 else "exact"


class BotSeat:
    """A bot of the tournaments in seat 0 of a table of ``players``, with the kernel's tables built once."""

    def __init__(self, rules, player: str, players: int, start: int):
        from analysis.bluff import _tournament_kernels as tk
        from analysis.bluff.tournament import _tasks

        bots = parse_bots(player)
        if len(bots) != 1:
            raise InvalidArgument(f"Ask one bot at a time, not {player!r}.")
        self.rules, self.bot, self.players = rules, bots[0], players
        _, _, _, _, (self.starts, _, parameters, self.tables, self.eq, self.beliefs) = _tasks(
            rules, (self.bot,) * players, players, 1, 0, start, True, 1)
        self.settings = parameters[0]
        bid_count, bid_face, counts = self.tables[0], self.tables[1], self.tables[3]
        self.index = {(int(c), int(f)): k for k, (c, f) in enumerate(zip(bid_count, bid_face))}
        ms_offset, ms_hands = self.beliefs[0], self.beliefs[1]
        self.bayes = self.bot.kind == "bayes"
        self.widest = max(int(ms_offset[d + 1] - ms_offset[d]) for d in range(ms_offset.size - 1)) if self.bayes else 1
        self.ms_match = tk.match_table(ms_hands if self.bayes else ms_hands[:1], counts)

    def decide(self, dice, opponents, turns):
        """The bot's ``BotChoice`` holding ``dice`` after ``turns`` (``history.Turn``, players 0 = this seat)."""
        from analysis.bluff import _model_kernels as mk
        from analysis.bluff import _tournament_kernels as tk

        bid_count, bid_face, legal, counts, chance, chance_kind, sf, pmf = self.tables[:8]
        can_exact = self.tables[10]
        eq_available, eq_last, eq_child_start, _, _, _, _, eq_legal, eq_bid_of = self.eq[:9]
        ms_offset, _, ms_prior, belief = self.beliefs
        held = np.array((len(dice), *opponents), dtype=np.int64)
        hand = np.zeros(7, dtype=np.int64)
        for die in dice:
            hand[die] += 1
        in_play = int(held.sum())
        pal = 0
        post = np.zeros((held.size, self.widest))
        most = int(self.starts.sum())
        by_face = np.zeros((7, ms_offset.size + 1))
        by_count = np.zeros((ms_offset.size + 1, 3))
        by_need = np.zeros((2, ms_offset.size + most + 2))
        if self.bayes:
            for p in range(1, held.size):
                first = ms_offset[held[p]]
                post[p, :ms_offset[held[p] + 1] - first] = ms_prior[first:ms_offset[held[p] + 1]]
        node = 0 if eq_available and held.size == 2 and in_play == 2 else -1
        bid = -1
        for turn in turns:
            action = self.index[(turn.bid.count, turn.bid.face)]
            if self.bayes and turn.player != 0:   # the kernel watches every player but the bayes bot itself
                first = ms_offset[held[turn.player]]
                tk.observe(post[turn.player, :ms_offset[held[turn.player] + 1] - first], first, held[turn.player],
                           in_play, bid, action, pal, belief, self.ms_match, bid_count, bid_face, legal, chance_kind,
                           sf, pmf, can_exact, by_face, by_count, by_need)
            if node >= 0:
                r = eq_bid_of[action]
                row = eq_legal.shape[1] if eq_last[node] < 0 else eq_last[node]
                node = -1 if r < 0 or not eq_legal[row, r] else int(eq_child_start[node] + eq_legal[row, :r].sum())
            bid = action
        policy = _policy(self.bot, self.settings, hand, held, in_play, bid, pal, node, self.tables, self.eq, post,
                         ms_offset, self.ms_match, self.starts, belief, by_face, by_count, by_need, tk, mk)
        named = {_action_text(self.rules, bid_count, bid_face, a): float(p) for a, p in policy.items()}
        action = max(named, key=lambda a: named[a])
        return BotChoice(self.bot.label, named, action)


@dataclass(frozen=True)
class BotChoice:
    """What a tournament bot does at one decision: its ``policy`` (action text -> probability) and the
    ``action`` it takes (``decision.decide`` turns it into a ``Decision``)."""

    bot: str
    policy: dict
    action: str


@functools.lru_cache(maxsize=16)
def bot_seat(rules, player: str, players: int, start: int) -> BotSeat:
    return BotSeat(rules, player, players, start)


def bot_decision(rules, dice, opponents, turns, player: str, start=None):
    players = 1 + len(opponents)
    if start is None:
        start = max(rules.starting_dice(players), len(dice), *opponents)
    return bot_seat(rules, player, players, int(start)).decide(dice, opponents, turns)


def _policy(bot, settings, hand, held, in_play, bid, pal, node, tables, eq, post, ms_offset, ms_match, starts,
            belief, by_face, by_count, by_need, tk, mk) -> dict:
    """{kernel action: probability} of ``bot`` (seat 0) at this decision."""
    (bid_count, bid_face, legal, counts, chance, chance_kind, sf, pmf, loss_of_role, _, can_exact, calza, _) = tables
    (_, eq_last, eq_child_start, eq_n_raises, eq_n_actions, eq_offset, eq_policy, _, _, eq_round_bid, eq_hand) = eq
    bids = bid_count.size
    row = 0 if bid < 0 else bid + 1
    if bot.kind == "model":
        out = np.zeros(bids + 2)
        mk.action_chances(hand, held[0], in_play, bid, pal, settings[1], settings[2], settings[3], settings[4],
                          bid_count, bid_face, legal, counts, chance_kind, sf, pmf, can_exact, out)
        chances = {k: out[k] for k in range(bids) if out[k] > 0}
        chances.update({-1 - c: out[bids + c] for c in range(2) if out[bids + c] > 0})
        return chances
    if bot.kind == "random":
        options = [k for k in range(bids) if legal[pal, row, k] and bid_count[k] <= in_play]
        options += [] if bid < 0 else [-1] + ([-2] if can_exact else [])
        return {a: 1.0 / len(options) for a in options}
    if bot.kind == "equilibrium" and node >= 0:
        size = eq_n_actions[node]
        face = max(f for f in range(1, 7) if hand[f] > 0)
        base = eq_offset[node] + eq_hand[face] * size
        out = {}
        for a in range(size):
            key = -1 - (a - eq_n_raises[node]) if a >= eq_n_raises[node] else \
                int(eq_round_bid[eq_last[eq_child_start[node] + a]])
            out[key] = float(eq_policy[base + a])
        return out
    if bot.kind == "bayes":
        most = int(starts.sum())
        tail = np.zeros((7, most + 2))
        scratch = np.zeros((2, most + 2))
        face_pmf = np.zeros((held.size, 7, ms_offset.size + 1))
        called = np.zeros((ms_offset.size + 1, 2))
        values = np.empty(bids + 2)
        action = tk._bayes_choose(0, settings[0], hand, held, in_play, bid, pal, post, ms_offset, ms_match, bid_count,
                                  bid_face, legal, counts, can_exact, tail, scratch, face_pmf, belief, chance_kind,
                                  sf, pmf, loss_of_role, calza, starts, by_face, by_count, by_need, called, values)
        return {int(action): 1.0}
    action, _ = tk._choose(bot.code, settings[0], np.uint64(1), hand, held[0], in_play, bid, pal, node, bid_count,
                           bid_face, legal, counts, chance, chance_kind, sf, pmf, can_exact, eq_last, eq_child_start,
                           eq_n_raises, eq_n_actions, eq_offset, eq_policy, eq_round_bid, eq_hand)
    return {int(action): 1.0}
