"""Exact odds of a bid given my own dice and the number of dice I cannot see.

The dice I cannot see are independent fair dice, so the number of them that
count for a bid is binomial: p = 1/3 for a number bid with a joker in play (the
face or the joker), 1/6 for a joker bid, a palifico round or a game without
jokers. The actual count is my own matching dice plus that binomial.

The binomial tables are kept in the table store (``_count_tables``, built once by
a numba kernel); a question reads its row of them.

>>> from analysis.bluff.rules import BLUFF
>>> from analysis.bluff.bids import parse_bid, parse_dice
>>> odds = bid_odds(BLUFF, parse_dice(BLUFF, "3 3 * 5 1"), 13, parse_bid(BLUFF, "7x3"))
>>> odds.my_count, odds.need, round(odds.p_true, 4)
(3, 4, 0.6776)
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from analysis.bluff.odds._count_tables import COUNT_TABLES, MAX_UNKNOWN, _CHANCES, count_tables  # noqa: F401
from analysis.bluff.bids import Bid, all_bids, describe_bid, format_bid, format_dice
from analysis.bluff.rules import BiddingRules
from analysis.errors import InvalidArgument
from analysis.tables import counted



def _lookup(needs: np.ndarray, kinds: np.ndarray, unknown: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """P(true) and P(exact) for bids (rows: need from the unknown dice, table kind) x unknown counts."""
    pmf, sf = count_tables()
    need = needs[:, None]
    kind = kinds[:, None]
    n = unknown[None, :]
    inside = (need >= 0) & (need <= n)
    index = np.clip(need, 0, MAX_UNKNOWN + 1)
    p_true = np.where(need <= 0, 1.0, np.where(need <= n, sf[kind, n, index], 0.0))
    p_exact = np.where(inside, pmf[kind, n, index], 0.0)
    return p_true, p_exact


def _chance_kind(rules: BiddingRules, face: int, palifico_round: bool) -> int:
    return 0 if len(rules.counts_for(face, palifico_round)) == 2 else 1


def my_count(rules: BiddingRules, my_dice, face: int, palifico_round: bool = False) -> int:
    """How many of my dice count for a bid on ``face``."""
    counting = rules.counts_for(face, palifico_round)
    return sum(1 for die in my_dice if die in counting)


def check_unknown(unknown: int) -> None:
    if not 0 <= unknown <= MAX_UNKNOWN:
        raise InvalidArgument(f"The number of unknown dice must be 0-{MAX_UNKNOWN}, not {unknown}.")


@dataclass(frozen=True)
class BidOdds:
    """The odds of one bid. ``distribution[a]`` is P(actual count = a) (a numpy array)."""

    rules: BiddingRules = field(repr=False)
    bid: Bid
    my_dice: tuple[int, ...]
    unknown: int
    palifico_round: bool
    my_count: int
    need: int
    chance: float
    distribution: np.ndarray = field(repr=False)
    p_true: float
    p_exact: float

    @property
    def expected_count(self) -> float:
        return self.my_count + self.unknown * self.chance

    @property
    def impossible_note(self) -> str | None:
        """A sentence when the bid names more dice than are in play (legal, but never true)."""
        in_play = len(self.my_dice) + self.unknown
        if self.bid.count <= in_play:
            return None
        return (f"The bid names {counted(self.bid.count, 'die', 'dice')} but only "
                f"{counted(in_play, 'die is', 'dice are')} in play: it can never be true.")

    def to_dict(self) -> dict:
        return {
            "preset": self.rules.name,
            "bid": format_bid(self.rules, self.bid),
            "my_dice": format_dice(self.rules, self.my_dice),
            "unknown_dice": self.unknown,
            "palifico_round": self.palifico_round,
            "my_count": self.my_count,
            "need_from_unknown": max(self.need, 0),
            "chance_per_unknown_die": self.chance,
            "expected_count": self.expected_count,
            "p_true": self.p_true,
            "p_exact": self.p_exact,
            "can_be_true": self.impossible_note is None,
            "distribution": {str(a): float(p) for a, p in enumerate(self.distribution) if p > 0},
        }

    def __str__(self) -> str:
        r = self.rules
        lines = [
            f"{r.title}: bid {format_bid(r, self.bid)} ({describe_bid(r, self.bid)}), "
            f"my dice {format_dice(r, self.my_dice)}, {counted(self.unknown, 'unknown die', 'unknown dice')}"
            + (" (palifico round)" if self.palifico_round else ""),
            f"  I hold {self.my_count}; need {max(self.need, 0)} more from {counted(self.unknown, 'die', 'dice')} "
            f"at {'1/3' if self.chance > 0.2 else '1/6'} each (expected count {self.expected_count:.2f})",
            f"  P(true)  = {self.p_true:.4f}",
            f"  P(exact) = {self.p_exact:.4f}",
        ]
        if self.impossible_note:
            lines.append(f"  {self.impossible_note}")
        return "\n".join(lines)


def bid_odds(rules: BiddingRules, my_dice, unknown: int, bid: Bid, palifico_round: bool = False) -> BidOdds:
    """The distribution of the actual count of ``bid`` and P(true), P(exact)."""
    check_unknown(unknown)
    mine = my_count(rules, my_dice, bid.face, palifico_round)
    kind = _chance_kind(rules, bid.face, palifico_round)
    need = bid.count - mine
    pmf, _ = count_tables()
    distribution = np.zeros(len(my_dice) + unknown + 1)
    distribution[mine:mine + unknown + 1] = pmf[kind, unknown, :unknown + 1]
    p_true, p_exact = _lookup(np.array([need]), np.array([kind]), np.array([unknown]))
    return BidOdds(rules, bid, tuple(my_dice), unknown, palifico_round, mine, need, _CHANCES[kind],
                   distribution, float(p_true[0, 0]), float(p_exact[0, 0]))


def odds_table(rules: BiddingRules, my_dice=(), max_unknown: int = 60, max_count: int | None = None,
               palifico_round: bool = False):
    """P(true) and P(exact) of every bid for 0..``max_unknown`` unknown dice, as a long DataFrame.

    Columns: ``bid``, ``count``, ``face``, ``unknown``, ``my_count``, ``p_true``, ``p_exact``;
    rows in track order, then by number of unknown dice. ``max_count`` defaults to
    every count that can be true (my dice + ``max_unknown``).

    >>> from analysis.bluff.rules import LIARS_DICE
    >>> table = odds_table(LIARS_DICE, max_unknown=2, max_count=2)
    >>> table[table.bid == "2x6"].p_true.round(4).tolist()
    [0.0, 0.0, 0.0278]
    """
    import pandas as pd  # lazy: keeps pandas out of a table question's start-up

    check_unknown(max_unknown)
    if max_count is None:
        max_count = len(my_dice) + max_unknown
    bids = all_bids(rules, max_count)
    mine = np.array([my_count(rules, my_dice, b.face, palifico_round) for b in bids], dtype=np.int64)
    needs = np.array([b.count for b in bids], dtype=np.int64) - mine
    kinds = np.array([_chance_kind(rules, b.face, palifico_round) for b in bids], dtype=np.int64)
    unknown = np.arange(max_unknown + 1, dtype=np.int64)
    p_true, p_exact = _lookup(needs, kinds, unknown)
    return pd.DataFrame({
        "bid": np.repeat([format_bid(rules, b) for b in bids], unknown.size),
        "count": np.repeat([b.count for b in bids], unknown.size),
        "face": np.repeat([rules.face_name(b.face) for b in bids], unknown.size),
        "unknown": np.tile(unknown, len(bids)),
        "my_count": np.repeat(mine, unknown.size),
        "p_true": p_true.ravel(),
        "p_exact": p_exact.ravel(),
    })
