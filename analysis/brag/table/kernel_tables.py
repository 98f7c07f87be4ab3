"""The stored solve the session's ``strategy`` bots play, as one named tuple (numba passes it as one value).

``session.solved_tables`` builds it; ``_session_kernels.play_session``, ``bot_move`` and ``solved_move`` read its
fields by name, as plain Python or compiled.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np


class SolvedGame(NamedTuple):
    """A stored multi-player solve in the deal's codes (one row of ``tree``: no solve)."""

    tree: np.ndarray          # [node, 5]: its action and argument, first child, number of children, actor
    policy: np.ndarray        # [node, bucket, action]: the mix (bucket 0 only while blind)
    edges: np.ndarray         # [bucket]: the least hand strength of each bucket
