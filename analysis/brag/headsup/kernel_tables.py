"""The arrays the heads-up betting kernels read, each kind as one named tuple (numba passes them as one value).

``solve.py`` builds them once per game (``_Passes``); ``_kernels.forward`` and ``_kernels.backward`` read the
fields by name. Node ``n`` is a node of the public betting tree (children after parents), ``h`` a row of an
actor's strategy (the own strength class when the actor has looked, 0 while blind).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np


class TreeArrays(NamedTuple):
    """The public tree and where each node's strategy rows sit in the flat strategy arrays."""

    actor: np.ndarray        # [node]: the player to act (decisions)
    blind: np.ndarray        # [node]: the actor has not looked (one strategy row for every class)
    child_start: np.ndarray  # [node]: the first child; the children of a node are consecutive
    n_actions: np.ndarray    # [node]: 0 at a terminal
    offset: np.ndarray       # [node]: the slot of (node, row h, action a) is offset + h * n_actions + a
    classes: int             # strength classes of a hand


class TerminalArrays(NamedTuple):
    """The terminals: what each pays and which opponent reach it reads (``solve.betting_game``)."""

    payoff: np.ndarray          # [node, win/lose/tie]: player 0's payoff
    source_row: np.ndarray      # [traverser, node]: the row of the gathered opponent reaches, -1 none
    opponent_blind: np.ndarray  # [traverser, node]: the opponent is still blind there
    row_sums: np.ndarray        # [class]: the chance matrix's row sums (an opponent of any class)
    lower_sums: np.ndarray      # [class]: the same over weaker classes
    diagonal: np.ndarray        # [class]: the chance of an opponent of the same class
