"""The exact value of every action at one decision of a stored heads-up solve, by a backward pass over the bids.

A player of a sampled solve remembers their own dice, both dice counts and the last ``k`` bids (``sampled``), so
the strategy is a function of (seat, remembered bids, hand), and bids only rise: the round below a decision is
a graph over the remembered windows, each window leading only to windows of higher last bids. With my hand
fixed, the value of each window for each hand of the other is found once, last bids first, vectorised over the
other's hands; the calls are the showdown (``payoff``: ``endgame.payoffs`` over ``outcomes``), the raises those
of the rule rows (``raises``: ``endgame.raise_rows``). Nothing is sampled: the values are exact for the stored
strategy (both players following it after the decision), and numba does not start, so a question at the table
is answered from numpy alone.
"""

from __future__ import annotations

import numpy as np

from analysis.bluff.sampled.memory_rules import kept_earlier
from analysis.bluff.sampled.window_rules import window_rank


def remembered(game, history) -> tuple:
    """The last ``k`` bids of ``history`` (bid indices) as a player remembers them: with two remembered, the
    earlier kept as its stand-in (``memory_rules.kept_earlier``)."""
    window = list(history[-game.k:]) if game.k < len(history) else list(history)
    if len(window) == 2:
        window[0] = int(kept_earlier(window[0], window[1], game.k, game.stand_in))
    return tuple(int(b) for b in window)


def rank_of_window(game, window: tuple) -> int:
    """The rank of a remembered window (``remembered``) in ``game``'s layout."""
    return int(window_rank(window, len(window), game.k, game.binom, game.first))


def policy_rows(game, policy: np.ndarray, seat: int, window: tuple, hands: int) -> np.ndarray:
    """[hand, action]: the strategy of ``seat`` at ``window`` for its first ``hands`` hands."""
    w = rank_of_window(game, window)
    size = int(game.n_actions[w])
    base = int(game.offset[seat, w])
    return policy[base:base + hands * size].reshape(hands, size)


class Values:
    """The values, to ``seat`` holding hand ``h``, of the round below any remembered window, for each hand of the
    other; windows are valued once each (``value``), both players following ``policy``."""

    def __init__(self, game, policy: np.ndarray, seat: int, h: int):
        self.game, self.policy, self.seat, self.h = game, policy, seat, h
        self.other = 1 - seat
        self.hands = len(game.hands[self.other])
        self.sign = 1.0 if seat == 0 else -1.0
        self.memo: dict = {}

    def call(self, c: int, caller: int, last: int) -> np.ndarray:
        """[other's hand]: my payoff when ``caller`` makes call ``c`` on the bid ``last``."""
        g = self.game
        actual = g.match[self.seat, self.h, last] + g.match[self.other, :self.hands, last]
        return self.sign * g.payoff[c, caller, last, actual]

    def after(self, window: tuple, bid: int) -> tuple:
        """The window remembered after ``bid`` is raised at ``window``."""
        k = self.game.k
        if k >= len(self.game.bids):
            return window + (bid,)
        longer = (window + (bid,))[-k:]
        if len(longer) == 2:
            return (int(kept_earlier(longer[0], bid, k, self.game.stand_in)), bid)
        return longer

    def value(self, window: tuple, actor: int) -> np.ndarray:
        """[other's hand]: my value below ``window`` with ``actor`` to act, both following the strategy."""
        key = (window, actor)
        if key in self.memo:
            return self.memo[key]
        g = self.game
        last = window[-1] if window else -1
        row = last if last >= 0 else len(g.bids)
        nr = int(g.n_raises[row])
        if actor == self.seat:
            chances = policy_rows(g, self.policy, actor, window, self.h + 1)[self.h][None, :]
        else:
            chances = policy_rows(g, self.policy, actor, window, self.hands)
        out = np.zeros(self.hands)
        for a in range(chances.shape[1]):
            p = chances[:, a]
            if not p.any():
                continue
            child = self.value(self.after(window, int(g.raises[row, a])), 1 - actor) if a < nr else \
                self.call(a - nr, actor, last)
            out += p * child
        self.memo[key] = out
        return out


class FullRecallValues(Values):
    """``Values`` for a player remembering every bid: the windows below a decision are the sets of later bids,
    numbered as bit masks (bit ``j``: bid ``last + 1 + j``) and valued a last bid at a time, all the sets ending on
    that bid at once (there are 2**18 below the opening at three dice in play, too many to value one by one)."""

    def __init__(self, game, policy: np.ndarray, seat: int, h: int, history):
        super().__init__(game, policy, seat, h)
        self.history = list(history)
        last = self.history[-1] if self.history else -1
        self.first_bid = last + 1
        span = len(game.bids) - self.first_bid
        depth = len(self.history)
        masks = np.arange(2 ** span, dtype=np.int64)
        # Each set's rank in the layout (``rank`` of the whole history) and its size, built up bit by bit.
        opening = window_rank(self.history, depth, game.k, game.binom, game.first) - game.first[depth]
        ranks = np.full(masks.size, opening, dtype=np.int64)
        sizes = np.zeros(masks.size, dtype=np.int64)
        for j in range(span):
            bit = (masks >> j) & 1
            sizes += bit
            ranks += bit * game.binom[self.first_bid + j, np.minimum(depth + sizes, game.k)]
        self.ranks = ranks + game.first[depth + sizes]
        self.actors = (depth + sizes) & 1
        self.table = np.zeros((masks.size, self.hands))
        for top in range(span - 1, -1, -1):
            self._level(top)

    def _level(self, top: int) -> None:
        """Value the sets whose last bid is ``first_bid + top`` (their raises lead to sets already valued)."""
        g = self.game
        states = np.arange(2 ** top, 2 ** (top + 1), dtype=np.int64)
        last = self.first_bid + top
        nr = int(g.n_raises[last])
        size = nr + len(g.calls)
        ranks, actors = self.ranks[states], self.actors[states]
        base = g.offset[actors, ranks]
        # The actor's chance of each action: mine the same for every hand of the other, theirs one per hand.
        mine = actors == self.seat
        slots = np.where(mine[:, None], base[:, None] + self.h * size,
                         base[:, None] + np.arange(self.hands)[None, :] * size)
        out = np.zeros((states.size, self.hands))
        for a in range(size):
            chances = self.policy[slots + a]
            if a < nr:
                out += chances * self.table[states | (1 << (int(g.raises[last, a]) - self.first_bid))]
            else:
                showdown = np.stack([self.call(a - nr, caller, last) for caller in (0, 1)])
                out += chances * showdown[actors]
        self.table[states] = out

    def value(self, window: tuple, actor: int) -> np.ndarray:
        mask = sum(1 << (b - self.first_bid) for b in window[len(self.history):])
        return self.table[mask]


def action_values(game, policy: np.ndarray, seat: int, h: int, history, belief: np.ndarray) -> dict:
    """{action index: value} of ``seat`` holding hand ``h`` after ``history`` (bid indices, the real round's), the
    other's hand weighed by ``belief`` (summing to 1): every legal raise (``all_raises``, the abstraction's or
    not; after it both follow the strategy) by its index along the track, each call ``c`` as ``-1 - c``."""
    values = FullRecallValues(game, policy, seat, h, history) if game.full_recall else Values(game, policy, seat, h)
    window = remembered(game, history)
    last = history[-1] if history else -1
    row = last if last >= 0 else len(game.bids)
    weights = belief[:values.hands]
    out = {}
    for r in game.all_raises[row, :game.all_n_raises[row]]:
        out[int(r)] = float(weights @ values.value(values.after(window, int(r)), 1 - seat))
    if history:
        for c in range(len(game.calls)):
            out[-1 - c] = float(weights @ values.call(c, seat, last))
    return out
