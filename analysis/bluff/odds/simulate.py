"""Monte Carlo check of the exact bid odds: roll the unknown dice, count, compare.

Each sample draws from its own counter-based stream (``analysis.random``), so a
seed gives the same figures on 1 or many threads. Every estimate comes with its
standard error.

>>> from analysis.bluff.rules import BLUFF
>>> from analysis.bluff.bids import Bid
>>> check = simulate_bid(BLUFF, (3, 3, 6, 5, 1), 13, Bid(7, 3), samples=200_000, seed=1)
>>> abs(check.p_true - 0.6776) < 4 * check.p_true_error
True
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analysis.bluff.bids import Bid, format_bid
from analysis.bluff.odds.bid_odds import bid_odds, check_unknown, my_count
from analysis.bluff.rules import BiddingRules
from analysis.errors import InvalidArgument
from analysis.seeds import check_seed

#: Samples are split into this many fixed chunks whatever the thread count.
CHUNKS = 64


@dataclass(frozen=True)
class SimulatedBid:
    bid: Bid
    samples: int
    seed: int
    distribution: np.ndarray  # observed frequency of each actual count
    p_true: float
    p_true_error: float
    p_exact: float
    p_exact_error: float
    exact_p_true: float
    exact_p_exact: float

    @property
    def z_scores(self) -> tuple[float, float]:
        """(estimate - exact) / standard error for P(true) and P(exact)."""
        def z(estimate, exact, error):
            return 0.0 if error == 0 else (estimate - exact) / error
        return (z(self.p_true, self.exact_p_true, self.p_true_error),
                z(self.p_exact, self.exact_p_exact, self.p_exact_error))

    def to_dict(self) -> dict:
        return {"samples": self.samples, "seed": self.seed,
                "p_true": self.p_true, "p_true_se": self.p_true_error, "exact_p_true": self.exact_p_true,
                "p_exact": self.p_exact, "p_exact_se": self.p_exact_error, "exact_p_exact": self.exact_p_exact}

    def __str__(self) -> str:
        return (f"Monte Carlo, {self.samples:,} rolls, seed {self.seed}:\n"
                f"  P(true)  = {self.p_true:.4f} ± {self.p_true_error:.4f} (exact {self.exact_p_true:.4f})\n"
                f"  P(exact) = {self.p_exact:.4f} ± {self.p_exact_error:.4f} (exact {self.exact_p_exact:.4f})")


def simulate_counts(rules: BiddingRules, unknown: int, face: int, samples: int, seed: int,
                    palifico_round: bool = False) -> np.ndarray:
    """Observed histogram of how many of ``unknown`` dice count for a bid on ``face``."""
    check_unknown(unknown)
    if samples < 1:
        raise InvalidArgument(f"The number of samples must be at least 1, not {samples}.")
    seed = check_seed(seed)
    from analysis.bluff.odds import _kernels  # lazy: numba starts only when a simulation is asked for

    counting = np.zeros(6, dtype=np.bool_)
    for f in rules.counts_for(face, palifico_round):
        counting[f - 1] = True
    return _kernels.simulate_counts(np.uint64(seed), samples, unknown, counting, CHUNKS)


def simulate_bid(rules: BiddingRules, my_dice, unknown: int, bid: Bid, samples: int = 1_000_000,
                 seed: int = 0, palifico_round: bool = False) -> SimulatedBid:
    """Estimate P(true) and P(exact) of ``bid`` by rolling, beside the exact values."""
    histogram = simulate_counts(rules, unknown, bid.face, samples, seed, palifico_round)
    need = bid.count - my_count(rules, my_dice, bid.face, palifico_round)
    frequency = histogram / samples
    p_true = float(frequency[max(need, 0):].sum()) if need <= unknown else 0.0
    p_exact = float(frequency[need]) if 0 <= need <= unknown else 0.0
    exact = bid_odds(rules, my_dice, unknown, bid, palifico_round)

    def error(p):
        return float(np.sqrt(p * (1 - p) / samples))

    return SimulatedBid(bid, samples, seed, frequency, p_true, error(p_true), p_exact, error(p_exact),
                        exact.p_true, exact.p_exact)
