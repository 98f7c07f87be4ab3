"""The advisor's solved endgames: the equilibrium answer to a bid in a small two-player round.

``solve.py`` solves a round by CFR and keeps its average strategy in the table store
(``ROUNDS``); ``solve.endgame_play`` answers from it. This module holds the round's rules
the solver reads: which bids raise which (``raise_rows``), the terminal payoffs
(``payoffs``), which solved round answers a bid (``endgame_round``) and the answer itself.

>>> from analysis.bluff.rules import BLUFF
>>> from analysis.bluff.bids import Bid
>>> endgame_round(BLUFF, (3,), 1, (Bid(1, 4),))     # one die each, I answer the opening: (dice, me)
((1, 1), 1)
>>> endgame_round(BLUFF, (3, 4), 1, (Bid(4, 4),)) is None    # a bid above the dice in play
True
"""

from __future__ import annotations

from dataclasses import dataclass, field

from analysis.bluff.bids import Bid, format_bid, is_raise
from analysis.bluff.outcomes import _losses
from analysis.bluff.rules import BiddingRules
from analysis.store import Array, TableKind

#: A solved round: the average policy, the exploitability trajectory (iterations, exploitability) and
#: the summary (value, exploitability, iterations done, seconds). The checksum guards the summary as it
#: guards the policy.
ROUNDS = TableKind(
    "bluff/rounds", {"policy": Array("float64", (None,), within=(0, 1)), "trajectory": Array("float64", (None, 2)),
                     "summary": Array("float64", (4,))},
    version=1)
CHALLENGE, EXACT = "challenge", "exact"
#: Two-player rounds with at most this many dice in play are answered by their solved endgame too.
ENDGAME_DICE = 3
#: Rounds with at most this many dice in play are solved on demand (about a second);
#: rounds with 3 dice are used when already in the store (``odds bluff solve --dice 2 1``).
SOLVE_ON_DEMAND = 2


def default_precision(dice) -> tuple[float, int]:
    """(target exploitability, iteration cap) used by the CLI and the advisor, so they share solves.

    One die each reaches 1e-5 in seconds; a 3-dice round (262,144 histories) costs about
    0.1 s an iteration here, so it is solved to 1e-3.
    """
    return (1e-5, 10000) if sum(dice) <= 2 else (1e-3, 2000)


def endgame_round(rules: BiddingRules, my_dice, their_dice: int, bids, palifico_round: bool = False
                  ) -> tuple[tuple[int, int], int] | None:
    """The solved round that answers the last of ``bids``: (dice of the first and second bidder, my seat),
    or None when no solved endgame applies (too many dice, no palifico in the rules, a bid above the
    dice in play). The round's first bidder made ``bids[0]``, so with an odd number of bids the other
    player opened."""
    me = 0 if len(bids) % 2 == 0 else 1
    dice = (len(my_dice), their_dice) if me == 0 else (their_dice, len(my_dice))
    in_play = sum(dice)
    if in_play > ENDGAME_DICE or (palifico_round and not rules.palifico):
        return None
    if any(b.count > in_play for b in bids):
        return None  # a bid above the dice in play: outside the solved track (it is simply false)
    return dice, me


@dataclass(frozen=True)
class EndgamePlay:
    """The equilibrium answer to a bid in a solved two-player round."""

    solution: object = field(repr=False)  # solve.RoundSolution
    history: tuple[Bid, ...]
    me: int  # 0: I opened the round, 1: the other player did
    strategy: dict

    @property
    def recommendation(self) -> str:
        """The most likely action: a bid (as text) or a call."""
        return max(self.strategy.items(), key=lambda item: item[1])[0]

    @property
    def my_value(self) -> float:
        """My equilibrium value of the whole round, in dice (before the dice were rolled)."""
        return self.solution.value if self.me == 0 else -self.solution.value

    def to_dict(self) -> dict:
        return {"round_dice": list(self.solution.dice), "i_opened": self.me == 0,
                "bids": [format_bid(self.solution.rules, b) for b in self.history],
                "strategy": {a: p for a, p in self.strategy.items() if p > 5e-4},
                "recommendation": self.recommendation, "exploitability": self.solution.exploitability}

    def __str__(self) -> str:
        played = ", ".join(f"{action} {p:.3f}" for action, p in
                           sorted(self.strategy.items(), key=lambda item: -item[1]) if p > 5e-4)
        dice = self.solution.dice
        return (f"  Equilibrium of the solved {dice[0]}v{dice[1]} endgame round (CFR, exploitability "
                f"{self.solution.exploitability:.1e} dice): {played}.")


def raise_rows(rules: BiddingRules, bids, palifico_round: bool = False) -> list[list[int]]:
    """Row j: the indices of the bids that raise ``bids[j]``; the last row: the openings."""
    return [[k for k, bid in enumerate(bids) if is_raise(rules, previous, bid, palifico_round)]
            for previous in (*bids, None)]


def dice_payoff(loss, caller: int) -> float:
    """Terminal payoff: dice the second bidder loses minus dice the first bidder loses."""
    return float(loss[1] - loss[0])


def payoffs(rules: BiddingRules, dice, bids, calls, start: int | None = None, value_of=dice_payoff) -> list[float]:
    """A round's terminal payoffs, flat in [call, caller, bid, actual count] order: ``value_of(loss, caller)``
    of the dice each player loses (``outcomes.dice_lost``). The solver's payoff array, whose SHA-256
    names the stored solve."""
    if start is None:
        start = max(rules.starting_dice(2), *dice)
    return [value_of(_losses(rules, call, actual, bid.count, dice, caller, 1 - caller, start)[0], caller)
            for call in calls for caller in (0, 1) for bid in bids for actual in range(sum(dice) + 1)]
