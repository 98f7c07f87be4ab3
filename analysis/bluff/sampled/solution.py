"""A solved abstract round (``SampledSolution``) and what it says: the strategy at a decision, how it reads the
other's bids (the off-path model, ``TREMBLE``), and the decision-time search over that reading (``search``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

import numpy as np

from analysis.bluff.bids import format_bid
from analysis.bluff.rules import BiddingRules
from analysis.bluff.sampled import search_rules
from analysis.bluff.sampled.exploitability import Exploitability
from analysis.bluff.sampled.game import PAYOFF_TEXT, SampledGame
from analysis.bluff.sampled.search import SEARCH_FLOOR, _search_kernels, search_lookahead, search_mix

#: The off-path model: how the strategy reads a bid it would not make itself (``SampledSolution.read_bids``). Each bid
#: of the other weighs their hands by the strategy's chance of it mixed with a tremble of this weight spread evenly
#: over every legal action there, so a bid the strategy never makes says nothing about the hand and one it makes is
#: read almost as the strategy's own. The weight was chosen by the search's results (which play against this
#: belief) against the bots that bid off the strategy's path and against the bayes bot, weighed equally: 0.002
#: gained 0.008 dice a round on the off-path bots and lost 0.004 on bayes, where 0.01 gained 0.018 and lost 0.019,
#: 0.05 gained 0.040 and lost 0.050 (``benchmarks/bench_bluff_off_path.py``; docs/bluff_strategy.md, "Bids the
#: strategy never makes").
TREMBLE = 0.002
#: A bid the strategy makes with less than this chance (over the hands it weighs) is one it would not make: the
#: answer says that it reads such a bid.
OFF_PATH = 0.001


@dataclass(frozen=True, eq=False)
class SampledSolution:
    """A solved abstract round: the average ``policy`` (slots of ``game``) and its exploitability."""

    game: SampledGame
    iterations: int
    seed: int
    seconds: float
    value: float
    exploitability: Exploitability
    policy: np.ndarray = field(repr=False)
    trajectory: np.ndarray = field(repr=False)
    from_store: bool = False
    explore: float = 1.0
    width: float = 0.0
    shipped: bool = False       # read from the package's copy (``sampled_shipped``), the policy in 255ths
    warm: Optional[dict] = None  # the plan of the solve it started from (``warm_start``), or None
    full_width: bool = False     # solved by full-width CFR over the windows (``full_width``), not by sampling
    passed_over: Optional[str] = None  # why the package's better planned solve did not answer (``stored_plan``)

    @property
    def method(self) -> str:
        abstraction = "" if self.game.steps is None else \
            f", raises abstracted to the {self.game.steps} lowest counts of each face"
        if self.full_width:
            return f"full-width CFR over the remembered bids, discounted, alternating updates{abstraction}"
        if self.warm is not None:
            abstraction += f", started from the {self.warm['iterations']:,}-iteration solve remembering the last bid"
        if self.width > 0:
            return (f"external-sampling MCCFR, discounted, robust sampling (about {self.width:g} raises tried a "
                    f"node){abstraction}")
        if self.explore >= 1.0:
            return f"external-sampling MCCFR, discounted{abstraction}"
        return (f"external-sampling MCCFR, discounted, average strategy sampling ({self.explore:g} exploration)"
                f"{abstraction}")

    @property
    def rules(self) -> BiddingRules:
        return self.game.rules

    def strategy(self, seat: int, hand, history) -> dict[str, float]:
        """{action: probability} of ``seat`` holding ``hand`` after the bids ``history``."""
        game = self.game
        w = game.window_of(history)
        size = int(game.n_actions[w])
        h = game.hands[seat].index(tuple(sorted(hand)))
        base = int(game.offset[seat, w]) + h * size
        last = game.bids.index(history[-1]) if history else len(game.bids)
        names = [format_bid(game.rules, game.bids[b]) for b in game.raises[last, :game.n_raises[last]]]
        names += list(game.calls) if history else []
        return dict(zip(names, (float(p) for p in self.policy[base:base + size])))

    def belief(self, seat: int, history, tremble: Optional[float] = None) -> np.ndarray:
        """The chance of each hand of the other seat after the bids ``history``: its chance of being rolled times, for
        each bid the other made, the strategy's chance of it mixed with a tremble over every legal action
        (``read_bids``), summing to 1."""
        w = self.read_bids(seat, history, tremble=tremble)[0]
        return w / w.sum()

    def bid_weights(self, seat: int, history, tremble: Optional[float] = None) -> np.ndarray:
        """``belief`` before it is scaled to sum to 1."""
        return self.read_bids(seat, history, tremble=tremble)[0]

    def read_bids(self, seat: int, history, hand=None, tremble: Optional[float] = None) -> tuple[np.ndarray, list]:
        """How ``seat`` reads the bids ``history`` (a list of bids): (the weight of each hand of the other, the
        strategy's chance of each bid of the history).

        The off-path model (``TREMBLE``; docs/bluff_strategy.md): each bid of the other weighs their hands by
        ``(1 - tremble) * chance + tremble / actions``, the strategy's chance of it with that hand (a raise the
        abstraction does not play read as the raise that stands for it, ``SampledGame.abstract_action``) mixed
        with a tremble spread evenly over the ``actions`` legal there; ``tremble`` 0 is the limit of a vanishing
        tremble (a bid no hand would make leaves the weights as they were). The chance of each bid is the
        strategy's: of the other's, over their hands as weighed before it; of ``seat``'s own, holding ``hand``
        (nan where no hand is given)."""
        tremble = TREMBLE if tremble is None else float(tremble)
        game, other = self.game, 1 - seat
        hands = len(game.hands[other])
        w = game.chance[other, :hands].astype(np.float64)
        mine = None if hand is None else game.hands[seat].index(tuple(sorted(hand)))
        chances = []
        for j, bid in enumerate(history):
            window = game.window_of(history[:j])
            size = int(game.n_actions[window])
            action = game.abstract_action(history[:j], bid)
            if j % 2 == seat:
                chances.append(float("nan") if mine is None else
                               float(self.policy[int(game.offset[seat, window]) + mine * size + action]))
                continue
            chance = self.policy[int(game.offset[other, window]) + np.arange(hands) * size + action].astype(np.float64)
            chances.append(float(w @ chance / w.sum()))
            if tremble > 0:
                row = game.bids.index(history[j - 1]) if j else len(game.bids)
                actions = int(game.all_n_raises[row]) + (len(game.calls) if j else 0)
                w = w * ((1.0 - tremble) * chance + tremble / actions)
            elif (w * chance).sum() > 0:
                w = w * chance
        return w, chances

    def search(self, seat: int, hand, history, floor: float = SEARCH_FLOOR,
               lookahead: Optional[int] = None) -> tuple[int, np.ndarray]:
        """Decision-time search over the exact belief (``belief``): (the chosen action, the value of each action)
        in the strategy's numbering (its raises after the last bid, then the calls). The calls are valued exactly
        against the belief; each raise the strategy makes here with chance at least ``floor`` (at least its likeliest
        raise) by the other answering by the strategy and the searcher then taking its best call, and from three to
        ``SEARCH_DEEPER_DICE`` dice in play (not in Perudo) its best of the calls and of the strategy's raises valued
        so again (``lookahead`` 1; ``None``: ``search_lookahead`` of the round); the rest are -inf. The best value
        is played (``search_rules.search_values``: as plain Python in a process that has not loaded its compiled
        copy, ``_search_kernels``)."""
        game = self.game
        h = game.hands[seat].index(tuple(sorted(hand)))
        window = game.window_of(history)
        size = int(game.n_actions[window])
        values = np.empty(size)
        deeper = search_lookahead(game.rules, game.dice) if lookahead is None else lookahead
        kernels = _search_kernels()
        # The plain text reads the float32 policy as it is: with the belief and the floor in float64, every
        # product and comparison is in float64 all the same, so the values are the compiled copies' to the last
        # digit; those take float64, the type they were compiled for.
        policy = self.policy if kernels is search_rules else self._policy64()
        best = kernels.search_values(seat, h, self._indices(history), len(history), self.belief(seat, history),
                                     np.float64(floor), deeper, game.kernel_layout(), policy, values)
        return int(best), values

    def search_policy(self, seat: int, hand, history) -> tuple[np.ndarray, np.ndarray]:
        """(the search's chance of each action, ``search``'s values), in the strategy's numbering: all on its best
        action, or where ``search_mix`` gives a margin the strategy's own chances over the actions it values within
        the margin of the best (the best alone where the strategy plays none of them)."""
        best, values = self.search(seat, hand, history)
        chances = np.zeros(values.size)
        chances[best] = 1.0
        margin = search_mix(self.game.rules, self.game.dice)
        if margin is not None:
            row = np.array(list(self.strategy(seat, hand, history).values()))
            kept = np.where((values >= values[best] - margin) & (row > 0), row, 0.0)
            if kept.sum() > 0:
                chances = kept / kept.sum()
        return chances, values

    def search_chances(self, seat: int, history) -> np.ndarray:
        """``search_policy``'s chances for every hand ``seat`` may hold (rows), what a best responder needs."""
        hands = self.game.hands[seat]
        if search_mix(self.game.rules, self.game.dice) is None:
            choices = self.search_choices(seat, history)
            out = np.zeros((len(hands), int(self.game.n_actions[self.game.window_of(history)])))
            out[np.arange(len(hands)), choices] = 1.0
            return out
        return np.array([self.search_policy(seat, hand, history)[0] for hand in hands])

    def search_choices(self, seat: int, history, floor: float = SEARCH_FLOOR) -> np.ndarray:
        """``search``'s chosen action for every hand ``seat`` may hold (what a best responder to the search needs)."""
        # lazy: keeps numba out of a table question's start-up
        from analysis.bluff.sampled import _eval_kernels as _sampled_eval

        game = self.game
        out = np.empty(len(game.hands[seat]), dtype=np.int64)
        _sampled_eval.search_choices(seat, self._indices(history), len(history), self.belief(seat, history), floor,
                                     search_lookahead(game.rules, game.dice), game.kernel_layout(), self._policy64(),
                                     len(game.hands[seat]), out)
        return out

    def _indices(self, history) -> np.ndarray:
        indices = np.zeros(len(self.game.bids) + 1, dtype=np.int64)
        indices[:len(history)] = [self.game.bids.index(b) for b in history]
        return indices

    def _policy64(self) -> np.ndarray:
        if getattr(self, "_cached64", None) is None:
            object.__setattr__(self, "_cached64", self.policy.astype(np.float64))
        return self._cached64

    def to_dict(self) -> dict:
        g, e = self.game, self.exploitability
        return {"preset": g.rules.name, "wild": None if g.rules.joker_bids_own_track else g.rules.joker,
                "dice": list(g.dice), "remembered_bids": g.k, "full_recall": g.full_recall, "bids": len(g.bids),
                "information_sets": g.information_sets, "solver": self.method,
                "iterations": self.iterations, "seed": self.seed, "seconds": round(self.seconds, 3),
                "from_store": self.from_store, "from_package": self.shipped, "payoff": PAYOFF_TEXT[g.payoff_name],
                "value_first_bidder": self.value, "exploitability": e.value,
                "exploitability_95": [e.value - e.half_width, e.value + e.half_width] if not e.exact else None,
                "exploitability_measured_by": e.how, "passed_over": self.passed_over}

    def __str__(self) -> str:
        g, e = self.game, self.exploitability
        interval = "" if e.exact else f" +- {e.half_width:.4f} (95%)"
        return "\n".join([
            f"{g.rules.title}, one round, first bidder {g.dice[0]} v second bidder {g.dice[1]}, players remember "
            f"{g.memory} ({g.information_sets:,} information sets)",
            f"  {self.method}, {self.iterations:,} iterations, seed {self.seed}",
            f"  value for the first bidder: {self.value:+.4f} ({PAYOFF_TEXT[g.payoff_name]})",
            f"  exploitability: {e.value:.4f}{interval} ({e.how})",
        ] + ([f"  {self.passed_over}; this solve answers instead"] if self.passed_over else []))
