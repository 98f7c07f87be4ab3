"""How good a multi-player strategy is: each seat's exact value under it, and each seat's gain from a sampled
local best response (Lisý and Bowling 2017) against the others playing it, with its 95% interval.

The responder knows its own hand and keeps the exact belief about every other hand (their roll's chance times
the strategy's chance of each action they took); at each turn it takes the best action looking one own raise
ahead: each call valued exactly against the belief, each legal raise by the others answering by the strategy
until the round ends or it is the responder's turn again, where it makes its best call. It is a strategy, so its
mean payoff over sampled rounds is at most a best response's: the gain is a lower bound on what a seat could gain,
reported with its 95% interval (the exact value is subtracted, so only the responder's rounds are sampled).
Branches of the look-ahead the belief weighs below ``FLOOR`` (a share of the whole) are left out.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analysis.bluff.multi.kernel_tables import PlayedRound
from analysis.bluff.multi.round import TableRound

#: A look-ahead branch weighing less than this share of the responder's belief is left out.
FLOOR = 1e-9
#: The 95% interval's normal quantile.
Z95 = 1.959964


@dataclass(frozen=True)
class SeatGain:
    """What ``seat`` gains (dice a round) by the local best response over the strategy's value, and the half-width
    of its 95% interval over ``rounds`` sampled rounds."""

    seat: int
    value: float
    gain: float
    half: float
    rounds: int

    def __str__(self) -> str:
        return f"seat {self.seat}: value {self.value:+.3f}, gain {self.gain:+.3f} +- {self.half:.3f}"


def seat_values(round_: TableRound, policy: np.ndarray) -> tuple:
    """Each seat's expected payoff (minus the dice it loses) when every seat plays ``policy``: exact."""
    from analysis.bluff.multi import _kernels as K   # lazy: numba starts only where a strategy is measured

    game = round_.game
    out = K.profile_values(game.players, round_.order, game.actor, game.child_start, game.n_actions, game.offset,
                           game.deal_chance, game.observation, game.group, game.share,
                           np.ascontiguousarray(policy, np.float64))
    return tuple(float(v) for v in out)


def local_best_response(round_: TableRound, policy: np.ndarray, rounds: int = 2000, seed: int = 0,
                        values: tuple | None = None) -> tuple:
    """Each seat's ``SeatGain`` from ``rounds`` rounds of the local best response (the module says how)."""
    from analysis.bluff.multi import _kernels as K   # lazy: numba starts only where a strategy is measured

    game = round_.game
    policy = np.ascontiguousarray(policy, np.float64)
    values = seat_values(round_, policy) if values is None else values
    cumulative = np.cumsum(game.deal_chance)
    cumulative /= cumulative[-1]
    played = PlayedRound(len(round_.calls), game.actor, game.child_start, game.n_actions, game.offset,
                         game.observation, game.group, game.share, policy)
    out = []
    for p in range(game.players):
        payoffs = np.zeros(rounds)
        K.lbr_rounds(p, rounds, _seat_seed(seed, p), FLOOR, cumulative, played, payoffs)
        half = Z95 * float(payoffs.std(ddof=1)) / np.sqrt(rounds) if rounds > 1 else float("inf")
        out.append(SeatGain(p, values[p], float(payoffs.mean()) - values[p], half, rounds))
    return tuple(out)


def _seat_seed(seed: int, seat: int) -> int:
    """Each seat's rounds from a stream of their own (the same rounds whatever the other seats measure)."""
    return int(seed) * 8 + seat
