""""Should I call bluff?" with the round's bids read as evidence.

The history-blind advisor (``advice.py``) treats the dice I cannot see as random.
Here each opponent's dice follow the posterior of ``beliefs.py`` under the bidding
model, and the same questions get their answers again: P(the bid is true),
P(exactly), every player's expected dice lost if I call, and each raise's cost if
challenged. With ``rollouts`` above 0, every candidate action is also played out to
the end of the round (``rollout.py``): everyone else follows the model, their dice
drawn from the posterior, and the actions are ranked by my expected dice lost.

>>> from analysis.bluff.rules import BLUFF
>>> from analysis.bluff.bids import parse_bid, parse_dice
>>> from analysis.bluff.model.beliefs import parse_history
>>> from analysis.bluff.odds.advice import advise_call
>>> turns = parse_history(BLUFF, "1:4x3 2:5x3 me:6x3 1:6x5 2:7x3", 3)
>>> advice = advise_call(BLUFF, parse_dice(BLUFF, "3 3 * 5 1"), (6, 7), parse_bid(BLUFF, "7x3"), turns=turns)
>>> round(advice.odds.p_true, 2), round(advice.with_history.odds.p_true, 2)
(0.68, 0.99)
"""

from __future__ import annotations

from dataclasses import dataclass, field


from analysis.bluff.odds.actions import RaiseOption, weigh_actions
from analysis.bluff.model.beliefs import beliefs
from analysis.bluff.bids import describe_bid, format_bid
from analysis.bluff.history import Turn
from analysis.bluff.model.params import BiddingModel
from analysis.bluff.odds.bid_odds import BidOdds
from analysis.bluff.odds.outcomes import CallOutcome
from analysis.bluff.rules import BiddingRules

TYPE_CHECKING = False  # typing's constant, without importing typing (a few ms of a question's start-up)
if TYPE_CHECKING:
    from analysis.bluff.model.beliefs import Beliefs

#: Raises considered: up to this many counts above the current bid (as the history-blind advisor).
RAISE_REACH = 3


@dataclass(frozen=True)
class HistoryAdvice:
    """The advisor's answers with the history read under the bidding model (player 0 is me)."""

    rules: BiddingRules = field(repr=False)
    turns: tuple[Turn, ...]
    models: tuple[BiddingModel, ...]
    beliefs: Beliefs = field(repr=False)
    blind: BidOdds = field(repr=False)
    odds: BidOdds = field(repr=False)
    challenge: CallOutcome
    exact: CallOutcome | None
    raises: tuple[RaiseOption, ...]
    recommendation: str
    best_raise: object
    played_out: object = None  # rollout.PlayedOut, when rollouts were asked for

    def _models_text(self) -> str:
        if len(set(self.models)) == 1:
            return str(self.models[0])
        return "; ".join(f"player {k}: {m}" for k, m in enumerate(self.models, start=1))

    def to_dict(self) -> dict:
        r = self.rules
        payload = {
            "history": " ".join(t.text(r) for t in self.turns),
            "models": [m.to_dict() for m in self.models],
            "p_true_without_history": self.blind.p_true,
            "p_exact_without_history": self.blind.p_exact,
            "p_true": self.odds.p_true,
            "p_exact": self.odds.p_exact,
            "distribution": {str(a): float(p) for a, p in enumerate(self.odds.distribution) if p > 0},
            "challenge": self.challenge.to_dict(),
            "exact_call": self.exact.to_dict() if self.exact else None,
            "raises": [{"bid": format_bid(r, o.bid), "p_true": o.odds.p_true, "p_exact": o.odds.p_exact,
                        "my_expected_loss_if_challenged": o.my_expected_loss} for o in self.raises],
            "recommendation": self.recommendation,
            "best_raise": format_bid(r, self.best_raise) if self.best_raise else None,
            "expected_face_counts": {str(k): [float(x) for x in self.beliefs.face_counts(k)]
                                     for k in range(1, len(self.beliefs.held))},
            "played_out": self.played_out.to_dict() if self.played_out is not None else None,
        }
        return payload

    def __str__(self) -> str:
        r = self.rules
        bid = format_bid(r, self.odds.bid)
        bidder = self.turns[-1].player
        lines = [
            f"With the bids read as evidence ({' '.join(t.text(r) for t in self.turns)}):",
            f"  the bids so far move P({bid} true) from {self.blind.p_true:.4f} to {self.odds.p_true:.4f} "
            f"and P(exactly) from {self.blind.p_exact:.4f} to {self.odds.p_exact:.4f}.",
            f"  If you call: you win with P = {self.challenge.p_caller_wins:.4f}; expected dice lost:",
        ]
        for player, loss in enumerate(self.challenge.expected_loss):
            who = "you" if player == 0 else f"player {player}" + (" (bidder)" if player == bidder else "")
            lines.append(f"    {who:<20} {loss:.4f}")
        if self.exact is not None:
            lines.append(f"  If you call exactly: your expected dice lost {self.exact.expected_loss[0]:+.4f}")
        if self.raises:
            lines += [f"  Best raises if challenged:",
                      f"    {'raise':<8}{'P(true)':>9}{'P(exact)':>10}{'your E[lost]':>14}"]
            for option in self.raises:
                lines.append(f"    {format_bid(r, option.bid):<8}{option.odds.p_true:>9.4f}"
                             f"{option.odds.p_exact:>10.4f}{option.my_expected_loss:>14.4f}")
        verdict = {"challenge": "call", "exact": "call exactly"}.get(self.recommendation)
        if verdict is None:
            verdict = f"raise to {format_bid(r, self.best_raise)} ({describe_bid(r, self.best_raise)})"
        lines.append(f"  With the bids read (one step, a raise assumed challenged): {verdict}.")
        if self.played_out is not None:
            lines += ["", str(self.played_out)]
        else:
            lines.append("  (add --rollouts 10000 to play each action out to the end of the round)")
        lines.append(f"  Opponents modelled as: {self._models_text()}.")
        return "\n".join(lines)


def history_advice(rules: BiddingRules, my_dice, held, start: int, turns, models, responder: int,
                   palifico_round: bool, blind: BidOdds, rollouts: int = 0, seed: int = 0,
                   max_raises: int = 5) -> HistoryAdvice:
    """The advisor's questions answered under the posterior of ``turns`` (which end with the bid to answer);"""
    bid = turns[-1].bid
    bidder = turns[-1].player
    seen = beliefs(rules, my_dice, held[1:], turns, models, palifico_round)
    odds, challenge, exact, raises, recommendation = weigh_actions(
        rules, seen.bid_odds, bid, bidder, held, responder, start, palifico_round,
        min(bid.count + RAISE_REACH, sum(held)), max_raises)
    played_out = None
    if rollouts:
        # lazy: keeps bluff.odds.rollout out of a table question's start-up
        from analysis.bluff.odds.rollout import play_out
        played_out = play_out(seen, start, rollouts, seed)
    return HistoryAdvice(rules, tuple(turns), seen.models, seen, blind, odds, challenge, exact, raises,
                         recommendation, raises[0].bid if recommendation == "raise" else None, played_out)
