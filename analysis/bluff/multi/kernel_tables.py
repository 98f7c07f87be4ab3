"""What the multi-player round's local best response (``_kernels.lbr_rounds``) reads, as one named tuple (numba passes
it as one value); ``measure.py`` builds it."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np


class PlayedRound(NamedTuple):
    """The round's graph (``multi_player.TableGame``'s arrays) and the strategy the other seats play on it."""

    n_calls: int              # the calls (challenges) an answer starts with, before its raise node
    actor: np.ndarray         # [node]: the seat to act, -1 at a round's end
    child_start: np.ndarray   # [node]: its first child
    n_actions: np.ndarray     # [node]
    offset: np.ndarray        # [node]: where the node's policy rows start
    observation: np.ndarray   # [deal, seat, 0]: the seat's row (hand) on the deal
    group: np.ndarray         # [node]: the payoff group of a round's end
    share: np.ndarray         # [group, deal, seat]: the seat's payoff
    policy: np.ndarray        # flat: [offset + row * n_actions + action]
