"""The actions a player weighs against a bid: challenge it, call it exact, or raise.

Both advisors weigh them alike (``advice.advise_call`` with history-blind odds,
``history_advice`` with odds read from the bids), so the weighing lives here, below both.
"""

from __future__ import annotations

from dataclasses import dataclass

from analysis.bluff.bids import Bid, legal_raises
from analysis.bluff.odds.bid_odds import BidOdds
from analysis.bluff.odds.outcomes import CallOutcome, challenge_outcome
from analysis.bluff.rules import BiddingRules


@dataclass(frozen=True)
class RaiseOption:
    bid: Bid
    odds: BidOdds
    if_challenged: CallOutcome

    @property
    def my_expected_loss(self) -> float:
        return float(self.if_challenged.expected_loss[0])


def my_expected_losses(challenge: CallOutcome, exact: CallOutcome | None,
                        raises: tuple[RaiseOption, ...]) -> list[tuple[str, float]]:
    """(action, my expected dice lost) for calling, calling exactly and the best raise."""
    options = [("challenge", float(challenge.expected_loss[0]))]
    if exact is not None:
        options.append(("exact", float(exact.expected_loss[0])))
    if raises:
        options.append(("raise", raises[0].my_expected_loss))
    return options


def weigh_actions(rules: BiddingRules, odds_of, bid: Bid, bidder: int, held, responder: int, start: int,
                  palifico_round: bool, max_count: int, max_raises: int):
    """The bid's odds, a challenge's and an exact call's outcomes, the best raises (each challenged by
    ``responder``) and the action with my smallest expected loss, with ``odds_of(bid)`` giving every
    bid's odds (history-blind here, from the beliefs in ``history_advice``)."""
    odds = odds_of(bid)
    challenge = challenge_outcome(rules, odds, held, caller=0, bidder=bidder, start=start)
    exact = (challenge_outcome(rules, odds, held, caller=0, bidder=bidder, call="exact", start=start)
             if rules.exact_call else None)
    options = []
    for candidate in legal_raises(rules, bid, max_count, palifico_round):
        candidate_odds = odds_of(candidate)
        outcome = challenge_outcome(rules, candidate_odds, held, caller=responder, bidder=0, start=start)
        options.append(RaiseOption(candidate, candidate_odds, outcome))
    options.sort(key=lambda o: (round(o.my_expected_loss, 12), -o.odds.p_true))
    raises = tuple(options[:max_raises])
    recommendation = min(my_expected_losses(challenge, exact, raises), key=lambda c: c[1])[0]
    return odds, challenge, exact, raises, recommendation
