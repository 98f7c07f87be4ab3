"""The tables the showdown kernels read about every hand, as one named tuple (numba passes it as one value).

``advice.stay_or_fold`` builds it from the hand table; ``_kernels.stay_monte_carlo`` reads its fields by name.
A dealt hand is found by its index (``_kernels.draw_hand``: its cards in colex order, by ``binomial``).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np


class IndexedHands(NamedTuple):
    """Every hand of the deck by its index."""

    strength: np.ndarray      # [index]: the hand's strength (higher beats lower)
    weaker_share: np.ndarray  # [index]: the share of all hands it beats
    binomial: np.ndarray      # [n, k]: C(n, k), to index a hand by its cards
