"""The multi-player betting tree as its kernels read it: one named tuple (numba passes it as one value).

``solve._arrays`` builds it from the tree (``solve.multi_tree``) and the chance layer (``solve.chance_layer``);
``_kernels.playout`` reads its fields by name (the solve itself reads the CFR core's game, ``game.table_game``).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np


class TableTree(NamedTuple):
    """The public tree of a table's betting, node by node (children after parents), and who beats whom."""

    kind: np.ndarray    # [node]: a decision, or how the deal ended there (solve.DECISION, FOLDED, ...)
    actor: np.ndarray   # [node]: the player to act (-1 at a terminal)
    blind: np.ndarray   # [node]: the actor has not looked
    start: np.ndarray   # [node]: the first child (``MultiTree.child_start``)
    count: np.ndarray   # [node]: the actions (``MultiTree.n_actions``)
    paid: np.ndarray    # [node, player]: chips in, ante included
    winner: np.ndarray  # [node]: at a terminal, who takes a folded pot
    seer: np.ndarray    # [node]: at a terminal, the player who paid to see
    seen: np.ndarray    # [node]: at a terminal, the player seen
    beats: np.ndarray   # the chance layer's: per bucket tuple and ordered pair of seats, the first beats the second
