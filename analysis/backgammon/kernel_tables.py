"""The two bots of a match as the match kernel reads them, as one named tuple (numba passes it as one value).

``match._play_span`` builds it; ``_match.play_games`` reads its fields by name, by side (0 bot A, 1 bot B).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np


class MatchBots(NamedTuple):
    """Bot A and bot B: their kinds and plies by side, and their nets' layers (w1, b1, w2, b2)."""

    kinds: np.ndarray         # [side]: ``_match.NET``, pips or random
    plies: np.ndarray         # [side]: how deep a net bot looks
    net_a: tuple              # bot A's layers (placeholders when it plays no net)
    net_b: tuple              # bot B's layers
