"""One turn of one score card, solved in plain numpy from the stored card values: the advisor's answer.

The solver's kernels solve every card's turn to build the value table; a question at the
table needs one card's turn only, given that table: every final roll scored in every open box
(``scoring.write_box``, the rules the kernels compile), then two keep passes. A keep's value is
the average over the dice thrown, one product with the 462 x 252 keep -> roll matrix; a roll's
value is its best keep. No compiler is started, so a fresh process answers from the store at once.

>>> from analysis.yacht.game import game_arrays
>>> from analysis.yacht.rules import preset
>>> from analysis.yacht.solver import state_values
>>> rules = preset("yacht_kr")
>>> turn = solve_turn(game_arrays(rules), 0, 0, 0, state_values(rules))
>>> round(float(turn.value), 4)   # the optimal expected score from the empty card
174.5586
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from analysis.yacht.dice import TABLES
from analysis.yacht.scoring import NEG, joker_applies, write_box


@lru_cache(maxsize=1)
def keep_matrix() -> np.ndarray:
    """``matrix[keep, roll]``: the chance that keeping ``keep`` and throwing the other dice shows ``roll``."""
    t = TABLES
    matrix = np.zeros((t.keep_start.shape[0] - 1, t.roll_keeps.shape[0]))
    matrix[np.repeat(np.arange(matrix.shape[0]), np.diff(t.keep_start)), t.keep_roll] = t.keep_prob
    return matrix


def best_keep_values(keep_vals: np.ndarray) -> np.ndarray:
    """``out[roll]``: the best of ``keep_vals`` over the keeps that can be set aside from ``roll``."""
    keeps = TABLES.roll_keeps
    return np.where(keeps >= 0, keep_vals[keeps], -np.inf).max(axis=1)


@dataclass(frozen=True)
class Turn:
    """One card's turn: ``box_values[box, roll]`` (points now, bonuses and the card's future value; NEG where
    the box cannot take the roll), ``k1``/``k2`` the value of every keep with one/two rolls left, ``value``
    the turn before any die is thrown (expected points still to come)."""

    box_values: np.ndarray
    k1: np.ndarray
    k2: np.ndarray
    value: float


def solve_turn(g, mask: int, upper: int, flag: int, values: np.ndarray) -> Turn:
    """The turn of card (``mask``, ``upper``, ``flag``) under optimal play, from the solved ``values``."""
    n_boxes, n_rolls = g.scores.shape
    per_box = np.full((n_boxes, n_rolls), NEG)
    jokers = [joker_applies(mask, roll, g.params, g.yacht_face) for roll in range(n_rolls)]
    for box in range(n_boxes):
        if mask >> box & 1:
            continue
        for roll in range(n_rolls):
            points, upper_bonus, yacht_bonus, following = write_box(box, mask, upper, flag, roll, jokers[roll],
                                                                    *g.rule_args)
            if points >= 0:
                per_box[box, roll] = points + upper_bonus + yacht_bonus + values[following]
    return keep_passes(per_box)


def goal_turn(mask: int, table: np.ndarray, scores: np.ndarray, x: int) -> Turn:
    """The turn of card ``mask`` played for a goal, at score index ``x`` (see ``_target_kernels.py``).

    ``table[card, x]`` is the best chance of the goal from each fuller card; writing ``points``
    moves the index to ``min(x + points, top)``. Within the turn the index stays at ``x``, so the
    turn is one column of the kernels' rows: the same keep passes as the expected score.
    """
    n_boxes, n_rolls = scores.shape
    top = table.shape[1] - 1
    per_box = np.full((n_boxes, n_rolls), NEG)
    for box in range(n_boxes):
        if not mask >> box & 1:
            per_box[box] = table[mask | (1 << box), np.minimum(x + scores[box], top)]
    return keep_passes(per_box)


def keep_passes(per_box: np.ndarray) -> Turn:
    """The turn from the value of writing each final roll in each box: the best box, then two keep passes."""
    matrix = keep_matrix()
    k1 = matrix @ per_box.max(axis=0)
    k2 = matrix @ best_keep_values(k1)
    return Turn(per_box, k1, k2, float(TABLES.first_roll @ best_keep_values(k2)))
