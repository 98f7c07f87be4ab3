"""The abstracted heads-up round as the sampled solver's kernels read it: one named tuple (numba passes it as
one value).

``game.SampledGame.kernel_layout`` builds it; the solve (``_kernels.run_chunk``), the kernels that read a solve
(``_eval_kernels``) and the decision-time search (``search_rules``, plain or compiled) read its fields by name.
A window is the last ``k`` bids a player remembers, ranked in colex order; slot ``offset[seat, window] +
hand * actions + action`` of a policy is its chance.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np


class Layout(NamedTuple):
    """The windows, the abstraction's raises and the payoffs of one abstracted round."""

    k: int                    # the bids a player remembers
    binom: np.ndarray         # [c, i]: C(c, i), for the windows' ranks
    first: np.ndarray         # [j]: the first rank of a window of j bids
    offset: np.ndarray        # [seat, window]: the first slot of the window's policy rows
    raises: np.ndarray        # [bid or opening, i]: the abstraction's i-th raise
    n_raises: np.ndarray      # [bid or opening]: how many raises the abstraction plays
    calls: int                # the calls after a bid (a challenge, and an exact call where the preset has one)
    match: np.ndarray         # [seat, hand, bid]: own dice counting for the bid
    payoff: np.ndarray        # [call, caller, bid, actual count]: the first bidder's payoff
    stand_in: np.ndarray      # [bid, bid]: the earlier bid a two-bid window keeps (``memory_rules``)


class WindowTables(NamedTuple):
    """The round's arrays as full-width CFR's passes read them (``full_width.Trainer``), beside the window graph."""

    n_raises: np.ndarray      # [bid or opening]: the abstraction's raises
    offset: np.ndarray        # [seat, window]: the first slot of the window's policy rows
    n_actions: np.ndarray     # [window]
    hands: np.ndarray         # [seat]: how many hands each can hold
    chance: np.ndarray        # [seat, hand]
    match: np.ndarray         # [seat, hand, bid]: own dice counting for the bid
    payoff: np.ndarray        # [call, caller, bid, actual count], in the values' dtype
