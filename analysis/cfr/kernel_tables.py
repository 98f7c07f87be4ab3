"""The game the multi-player solver's kernels (``_multi_kernels``) read, as one named tuple (numba passes it as one
value); ``multi_player.TableGame.tables`` builds it."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np


class GameTables(NamedTuple):
    """A game's tree, deals and payoffs as arrays (``multi_player`` says what each holds)."""

    players: int
    actor: np.ndarray         # [node]: the player to act, -1 at a terminal
    child_start: np.ndarray   # [node]: its first child
    n_actions: np.ndarray     # [node]
    rounds: np.ndarray        # [node]: the round whose row the actor plays from
    offset: np.ndarray        # [node]: the first slot of its information sets
    rows: np.ndarray          # [player, round]: the player's rows in the round
    chance: np.ndarray        # [deal]: its chance (the exact passes read each deal's weight from here)
    observation: np.ndarray   # [deal, player, round]: the row the player plays from
    fixed: np.ndarray         # [node, player]: a terminal's payoff apart from the share
    scale: np.ndarray         # [node]: what a terminal's share is multiplied by
    group: np.ndarray         # [node]: a terminal's share group, -1 none
    share: np.ndarray         # [group, deal, player]
