"""The arrays the Yacht kernels read and write, each kind as one named tuple (numba passes them as one value).

The dice tables are ``dice.Tables`` (``dice.TABLES``, the same for every preset); a preset's numbers and
score tables are :class:`Scoring` (``game.GameArrays.scoring``). ``_kernels`` and ``_target_kernels``
read the fields by name; the rule text they compile (``scoring_rules.py``, ``keep_rules.py``, ``goal_rules.py``)
takes the arrays one by one, as the advisor runs it in plain Python.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np


class Scoring(NamedTuple):
    """A preset's numbers and what each box scores (``game.game_arrays``)."""

    params: np.ndarray        # the preset's numbers (``scoring_rules.P_*`` indices)
    scores: np.ndarray        # [box, roll]: the points of writing the roll in the box
    joker_scores: np.ndarray  # [box, roll]: the same under the joker rule
    box_face: np.ndarray      # [box]: the face an upper box counts, 0 for a lower box
    yacht_face: np.ndarray    # [roll]: the face of a yacht, 0 for other rolls


class ThrowTables(NamedTuple):
    """What the simulations throw the dice with (``game.throw_tables``)."""

    keep_faces: np.ndarray       # [keep, 5]: the faces kept
    keep_size: np.ndarray        # [keep]: how many dice are kept
    roll_faces: np.ndarray       # [roll, 5]: the faces of each roll
    roll_code: np.ndarray        # [sorted faces as a base-7 code]: the roll's index
    keep_index_code: np.ndarray  # [sorted faces as a base-7 code]: the keep's index


class TurnWork(NamedTuple):
    """One turn's tables (``_kernels.turn``): the best box's value of each final roll ``v0`` and the box
    ``choice``, each keep's value with one roll (``k1``) and two (``k2``) left, each roll's best (``v1``, ``v2``)."""

    v0: np.ndarray       # [roll]
    k1: np.ndarray       # [keep]
    v1: np.ndarray       # [roll]
    k2: np.ndarray       # [keep]
    v2: np.ndarray       # [roll]
    per_box: np.ndarray  # [box]: scratch, a roll's value in each box
    choice: np.ndarray   # [roll]: the best box of each final roll


class Outcomes(NamedTuple):
    """The distinct ways each state's turn ends (``_kernels.turn_outcomes``), row ``i`` for state ``i``."""

    box: np.ndarray          # [state, outcome]: the box written
    points: np.ndarray       # [state, outcome]: its points
    upper_bonus: np.ndarray  # [state, outcome]
    yacht_bonus: np.ndarray  # [state, outcome]
    next: np.ndarray         # [state, outcome]: the state it leads to
    prob: np.ndarray         # [state, outcome]: its chance
    n: np.ndarray            # [state]: how many outcomes


def outcomes(states: int, width: int = 252) -> Outcomes:
    """Zeroed :class:`Outcomes` for ``states`` states (a turn ends in at most 252 ways, one per final roll)."""
    shape = (states, width)
    box, points, upper_bonus, yacht_bonus, following = (np.zeros(shape, dtype=np.int64) for _ in range(5))
    return Outcomes(box, points, upper_bonus, yacht_bonus, following, np.zeros(shape),
                    np.zeros(states, dtype=np.int64))


class RowWork(NamedTuple):
    """The score-row turn's scratch (``_target_kernels.scratch``): ``v0[roll, j]`` and ``k1[j, keep]``,
    ``v1``, ``k2``, ``v2``, ``best`` a row per score index ``j`` of a block; each box's ``gains`` and
    ``follows`` (the state it leads to) for each roll."""

    v0: np.ndarray
    k1: np.ndarray
    v1: np.ndarray
    k2: np.ndarray
    v2: np.ndarray
    best: np.ndarray
    gains: np.ndarray
    follows: np.ndarray


class MatchSeats(NamedTuple):
    """Each game's seats as a match begins (``match.simulate_match``), ``[game, seat]``."""

    strategies: np.ndarray  # 0 plays for the expected score, 1 to win
    masks: np.ndarray       # the filled boxes
    scores: np.ndarray      # the points so far


class WinTables(NamedTuple):
    """What a win-seeking seat reads (``match.simulate_match``)."""

    values: np.ndarray     # [state]: the expected points still to come (``solver.state_values``)
    remaining: np.ndarray  # [card, g]: the chance of ``g`` more points playing for the expected score
    order: np.ndarray      # every card, fullest first
    maxima: np.ndarray     # [card]: the most its open boxes can add
