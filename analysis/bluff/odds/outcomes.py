"""What a challenge (or an exact call) costs each player, under each preset's penalty rule.

Players are indexed around the table; index 0 is "me" in the advisor. A player
cannot lose more dice than they hold; Perudo's calza gives the caller back one
die only while they are below their starting count.

>>> from analysis.bluff.rules import BLUFF
>>> from analysis.bluff.bids import Bid
>>> from analysis.bluff.odds.bid_odds import bid_odds
>>> odds = bid_odds(BLUFF, (3, 3, 6, 5, 1), 13, Bid(7, 3))
>>> outcome = challenge_outcome(BLUFF, odds, held=(5, 6, 7), caller=0, bidder=2)
>>> round(float(outcome.expected_loss[0]), 4)  # dice I expect to lose by calling bluff on 7 threes
1.0659
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from analysis.bluff.odds.bid_odds import BidOdds
from analysis.bluff.rules import BiddingRules
from analysis.errors import InvalidArgument

CALLS = ("challenge", "exact")


@dataclass(frozen=True)
class CallOutcome:
    """Dice lost by each player when ``caller`` calls ``bidder``'s bid.

    ``loss_distribution[p, j]`` is P(player p loses ``j - 1`` dice); index 0 is
    "gains one die back" (Perudo's calza). Numpy arrays.
    """

    call: str
    caller: int
    bidder: int
    held: tuple[int, ...]
    expected_loss: np.ndarray
    loss_distribution: np.ndarray = field(repr=False)
    p_caller_wins: float

    def loss_chances(self, player: int) -> dict[int, float]:
        """{dice lost: probability} for one player, only the possible outcomes."""
        row = self.loss_distribution[player]
        return {j - 1: float(p) for j, p in enumerate(row) if p > 0}

    def to_dict(self) -> dict:
        return {
            "call": self.call,
            "caller": self.caller,
            "bidder": self.bidder,
            "p_caller_wins": self.p_caller_wins,
            "expected_dice_lost": [float(x) for x in self.expected_loss],
            "dice_lost_distribution": [
                {str(k): v for k, v in self.loss_chances(p).items()} for p in range(len(self.held))],
        }


def dice_lost(rules: BiddingRules, call: str, actual: int, bid_count: int, held, caller: int, bidder: int,
              start: int) -> tuple[np.ndarray, bool]:
    """Dice lost by every player for one actual count, and whether the caller won.

    The one statement of each preset's penalty rule: the advisor, the equilibrium
    solver, game values and the tournament all call it.
    """

    loss, caller_won = _losses(rules, call, actual, bid_count, held, caller, bidder, start)
    return np.array(loss, dtype=np.int64), caller_won


def _losses(rules: BiddingRules, call: str, actual: int, bid_count: int, held, caller: int, bidder: int,
            start: int) -> tuple[list[int], bool]:
    # Plain lists: the advisor asks this for every count of some fifty bids at each question.
    loss = [0] * len(held)
    if call == "challenge":
        if rules.challenge_loss == "difference":
            if actual > bid_count:
                loss[caller] = min(actual - bid_count, held[caller])
            elif actual < bid_count:
                loss[bidder] = min(bid_count - actual, held[bidder])
                return loss, True
            else:
                loss = [1] * len(held)
                loss[bidder] = 0
            return loss, False
        if actual >= bid_count:
            loss[caller] = 1
            return loss, False
        loss[bidder] = 1
        return loss, True
    # exact call
    if actual == bid_count:
        if rules.exact_call == "calza":
            loss[bidder] = 1
            loss[caller] = -1 if held[caller] < start else 0
        else:  # spot on: everyone but the caller loses one
            loss = [1] * len(held)
            loss[caller] = 0
        return loss, True
    loss[caller] = 1
    return loss, False


def challenge_outcome(rules: BiddingRules, odds: BidOdds, held, caller: int, bidder: int,
                      call: str = "challenge", start: int | None = None) -> CallOutcome:
    """Expected dice lost by each player if ``caller`` calls ``odds.bid`` made by ``bidder``.

    ``held`` is every player's dice count; ``odds`` must be the bid's odds from the
    point of view of someone whose own dice are in ``odds.my_dice`` (the actual
    count's distribution does not depend on who looks). ``start`` caps calza's
    regained die (default: the preset's starting dice for this many players).
    """
    held = tuple(int(h) for h in held)
    if call not in CALLS:
        raise InvalidArgument(f"{call!r} is not a call; choose from {', '.join(CALLS)}.")
    if call == "exact" and rules.exact_call is None:
        raise InvalidArgument(f"{rules.title} has no exact call; only a challenge.")
    if caller == bidder or not (0 <= caller < len(held) and 0 <= bidder < len(held)):
        raise InvalidArgument("The caller and the bidder must be two different players at the table.")
    if start is None:
        start = rules.starting_dice(len(held))
    players = range(len(held))
    distribution = [[0.0] * (max(held) + 2) for _ in players]
    expected = [0.0] * len(held)
    p_win = 0.0
    chances = odds.distribution.tolist() if hasattr(odds.distribution, "tolist") else odds.distribution
    for actual, chance in enumerate(chances):
        if chance == 0.0:
            continue
        loss, caller_won = _losses(rules, call, actual, odds.bid.count, held, caller, bidder, start)
        for player in players:
            expected[player] += chance * loss[player]
            distribution[player][loss[player] + 1] += chance
        if caller_won:
            p_win += chance

    return CallOutcome(call, caller, bidder, held, np.array(expected), np.array(distribution), p_win)


def last_die_payoff(loss, caller: int) -> float:
    """A one-die-each round between the last two players: +1 if the first bidder wins the game, -1 if not."""
    return float(loss[1] > 0) - float(loss[0] > 0)
