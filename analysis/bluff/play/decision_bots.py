"""One decision of a tournament bot, made by the tournament kernel's own functions (``decision.py``'s bots).

The tables are the tournament's (``tournament._tasks``: the rule tables, the solved endgame, the beliefs);
the round's history is replayed as ``_tournament_kernels.play_games`` plays it - every bid of a player the
``bayes`` bot watches updates that player's posterior with ``observe`` - and the decision is then the
bots' kernels' ``bayes_choose`` or ``choose`` (the ``model`` bot's chances from ``action_chances``).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from analysis.bluff.bids import Bid, format_bid
from analysis.bluff.play.bots import parse_bots
from analysis.bluff.play.kernel_tables import Posteriors
from analysis.bluff.history import within_the_dice
from analysis.bluff.play.tournament import _tasks
from analysis.errors import InvalidArgument


def _action_text(rules, bid_count, bid_face, action: int) -> str:
    if action >= 0:
        return format_bid(rules, Bid(int(bid_count[action]), int(bid_face[action])))
    return "challenge" if action == -1 else "exact"


class BotSeat:
    """A bot of the tournaments in seat 0 of a table of ``players``, with the kernel's tables built once."""

    def __init__(self, rules, player: str, players: int, start: int):
        # lazy: keeps numba out of a table question's start-up
        from analysis.bluff.play import _tournament_kernels as tk

        bots = parse_bots(player)
        if len(bots) != 1:
            raise InvalidArgument(f"Ask one bot at a time, not {player!r}.")
        if bots[0].kind == "strategy":
            raise InvalidArgument(f"The {bots[0].label} bot plays the solved strategy heads-up and bayes otherwise: "
                                  "ask player 'strategy' or 'bayes'.")
        self.rules, self.bot, self.players = rules, bots[0], players
        _, _, _, _, (self.starts, _, parameters, self.tables, self.eq, self.beliefs, _) = _tasks(
            rules, (self.bot,) * players, players, 1, 0, start, True, 1)
        self.settings = parameters[0]
        self.index = {(int(c), int(f)): k for k, (c, f) in enumerate(zip(self.tables.bid_count,
                                                                          self.tables.bid_face))}
        ms_offset, ms_hands = self.beliefs.offset, self.beliefs.hands
        self.bayes = self.bot.kind == "bayes"
        self.widest = max(int(ms_offset[d + 1] - ms_offset[d]) for d in range(ms_offset.size - 1)) if self.bayes else 1
        self.ms_match = tk.match_table(ms_hands if self.bayes else ms_hands[:1], self.tables.counts)

    def decide(self, dice, opponents, turns, palifico: bool = False):
        """The bot's ``BotChoice`` holding ``dice`` after ``turns`` (``history.Turn``, players 0 = this seat), in a
        palifico round where ``palifico`` (the kernel's ``pal``: the face kept, no wild dice, no solved endgame)."""
        # lazy: keeps numba out of a table question's start-up
        from analysis.bluff.play import _tournament_kernels as tk

        t, eq, ms_offset = self.tables, self.eq, self.beliefs.offset
        held = np.array((len(dice), *opponents), dtype=np.int64)
        hand = np.zeros(7, dtype=np.int64)
        for die in dice:
            hand[die] += 1
        in_play = int(held.sum())
        pal = int(palifico)
        post = np.zeros((held.size, self.widest))
        work = tk.bayes_work(held.size, ms_offset.size, int(self.starts.sum()), t.bid_count.size)
        if self.bayes:
            for p in range(1, held.size):
                first = ms_offset[held[p]]
                post[p, :ms_offset[held[p] + 1] - first] = self.beliefs.prior[first:ms_offset[held[p] + 1]]
        node = 0 if eq.available and held.size == 2 and in_play == 2 and not pal else -1
        if turns and turns[-1].bid.count > in_play:
            # It cannot be true: every bot but random challenges it (the threshold rules find it true with chance
            # 0), random draws among the calls as the kernel's random bot does with no raise within the dice.
            calls = ["challenge"] + (["exact"] if t.can_exact else [])
            named = {c: 1.0 / len(calls) for c in calls} if self.bot.kind == "random" else {"challenge": 1.0}
            return BotChoice(self.bot.label, named, "challenge")
        bids = [turn.bid for turn in turns]
        for i, bid in enumerate(bids):
            if bid.count > in_play:     # the kernel's bots read a round only of bids that can be true
                before = next((b for b in reversed(bids[:i]) if b is not None), None)
                # None (no bid within the dice between the bids around it): the bid is read as not made, a slip
                # that tells nothing; the next bid then raises the one before it.
                bids[i] = within_the_dice(self.rules, before, bids[i + 1], in_play, palifico)
        bid = -1
        for turn, made in zip(turns, bids):
            if made is None:
                continue
            action = self.index[(made.count, made.face)]
            if self.bayes and turn.player != 0:   # the kernel watches every player but the bayes bot itself
                first = ms_offset[held[turn.player]]
                tk.observe(post[turn.player, :ms_offset[held[turn.player] + 1] - first], first, held[turn.player],
                           in_play, bid, action, pal, self.beliefs.belief, self.ms_match, t, work.terms)
            if node >= 0:
                node = int(tk.next_node(node, action, eq))
            bid = action
        policy = self._policy(hand, held, in_play, bid, pal, node, post, work, tk)
        named = {_action_text(self.rules, t.bid_count, t.bid_face, a): float(p) for a, p in policy.items()}
        action = max(named, key=lambda a: named[a])
        return BotChoice(self.bot.label, named, action)

    def _policy(self, hand, held, in_play, bid, pal, node, post, work, tk) -> dict:
        """{kernel action: probability} of the seat's bot (seat 0) at this decision."""
        bot, settings, t, eq = self.bot, self.settings, self.tables, self.eq
        bids = t.bid_count.size
        row = 0 if bid < 0 else bid + 1
        if bot.kind == "model":
            out = np.zeros(bids + 2)
            tk.action_chances(hand, held[0], in_play, bid, pal, settings[1:5], t, out)
            chances = {k: out[k] for k in range(bids) if out[k] > 0}
            chances.update({-1 - c: out[bids + c] for c in range(2) if out[bids + c] > 0})
            return chances
        if bot.kind == "random":
            options = [k for k in range(bids) if t.legal[pal, row, k] and t.bid_count[k] <= in_play]
            options += [] if bid < 0 else [-1] + ([-2] if t.can_exact else [])
            return {a: 1.0 / len(options) for a in options}
        if bot.kind == "equilibrium" and node >= 0:
            size = eq.n_actions[node]
            face = max(f for f in range(1, 7) if hand[f] > 0)
            base = eq.offset[node] + eq.hand[face] * size
            out = {}
            for a in range(size):
                key = -1 - (a - eq.n_raises[node]) if a >= eq.n_raises[node] else \
                    int(eq.round_bid[eq.last[eq.child_start[node] + a]])
                out[key] = float(eq.policy[base + a])
            return out
        if bot.kind == "bayes":
            action = tk.bayes_choose(0, settings[0], hand, held, in_play, bid, pal, Posteriors(post, self.ms_match),
                                     self.starts, t, self.beliefs, work)
            return {int(action): 1.0}
        action, _ = tk.choose(bot.code, settings[0], np.uint64(1), hand, held[0], in_play, bid, pal, node, t, eq)
        return {int(action): 1.0}


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


def bot_decision(rules, dice, opponents, turns, player: str, start=None, palifico: bool = False):
    players = 1 + len(opponents)
    if start is None:
        start = max(rules.starting_dice(players), len(dice), *opponents)
    return bot_seat(rules, player, players, int(start)).decide(dice, opponents, turns, palifico)
