"""The exact solver's round as the kernels read it: one named tuple (numba passes it as one value).

``solve.RoundGame.kernel_arrays`` builds it; ``_kernels.forward``, ``backward``, ``run_cfr`` and ``evaluate``
read its fields by name. Node ``n`` is a node of the round's bid tree (children after parents), ``h`` a hand.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np


class RoundArrays(NamedTuple):
    """One round of two players: the bid tree, the hands, the deal's chances and the payoffs."""

    last: np.ndarray         # [node]: the bid last made (-1 none)
    actor: np.ndarray        # [node]: the player to act
    child_start: np.ndarray  # [node]: the first child (the raises', in bid order)
    n_raises: np.ndarray     # [node]
    n_actions: np.ndarray    # [node]: the raises and the calls
    offset: np.ndarray       # [node]: the slot of (node, hand h, action a) is offset + h * n_actions + a
    hands: np.ndarray        # [player]: how many hands each can hold
    dice: np.ndarray         # [player]: the dice each holds
    chance: np.ndarray       # [player, hand]: the chance of each hand
    match: np.ndarray        # [player, hand, bid]: own dice counting for the bid
    payoff: np.ndarray       # [call, caller, bid, actual count]: the first bidder's payoff
