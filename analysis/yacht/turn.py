"""One turn of one score card, solved in plain numpy from the stored card values: the advisor's answer.

The solver's kernels solve every card's turn to build the value table; a question at the
table needs one card's turn only, given that table: every final roll scored in every open box
(``scoring_rules.box_values``), then two keep passes (``keep_rules.py``), the functions the kernels compile,
run as they are; a turn played for a goal takes its box outcomes and final roll from
``goal_rules.py``, the text the goal kernels compile. A keep's value is the average over the dice
thrown, a roll's value its best keep. No compiler is started, so a fresh process answers from the store at once.

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

import numpy as np

from analysis.yacht import goal_rules, keep_rules
from analysis.yacht.dice import KEEPS, ROLLS, TABLES
from analysis.yacht.scoring_rules import box_values

#: ``rows`` meaning "the row is the state" (``goal_rules.row_of``).
_NO_ROWS = np.empty(0, dtype=np.int64)


def keep_values(roll_vals: np.ndarray) -> np.ndarray:
    """``out[keep, ...]``: the expected ``roll_vals`` after keeping ``keep`` and throwing the other dice."""
    out = np.empty((len(KEEPS),) + roll_vals.shape[1:])
    keep_rules.keep_values(roll_vals, TABLES.keep_add, out)
    return out


def best_keep_values(keep_vals: np.ndarray) -> np.ndarray:
    """``out[roll, ...]``: the best of ``keep_vals[keep, ...]`` over the keeps that can be set aside from ``roll``."""
    out = np.empty((len(ROLLS),) + keep_vals.shape[1:])
    keep_rules.best_keeps(keep_vals, TABLES.keep_remove, TABLES.n_remove, np.empty_like(keep_vals), out)
    return out


@dataclass(frozen=True)
class Turn:
    """One card's turn: ``box_values[box, roll]`` (points now, bonuses and the card's future value; NEG where
    the box cannot take the roll; None for a turn played for a goal), ``k1``/``k2`` the value of every keep
    with one/two rolls left, ``value`` the turn before any die is thrown (expected points still to come)."""

    box_values: np.ndarray | None
    k1: np.ndarray
    k2: np.ndarray
    value: float | np.ndarray


def solve_turn(g, mask: int, upper: int, flag: int, values: np.ndarray) -> Turn:
    """The turn of card (``mask``, ``upper``, ``flag``) under optimal play, from the solved ``values``."""
    n_boxes, n_rolls = g.scores.shape
    per_box = np.empty((n_boxes, n_rolls))
    for roll in range(n_rolls):   # scoring_rules.box_values: the kernels' own text, a roll at a time
        box_values(mask, upper, flag, roll, values, True, *g.rule_args, per_box[:, roll])
    return keep_passes(per_box, per_box.max(axis=0))


def box_outcomes(g, mask: int, upper: int = 0, flag: int = 0, rows: np.ndarray | None = None):
    """(``gains[box, roll]``, ``follows[box, roll]``): the points writing each final roll in each box earns,
    bonuses included (-1 where the box is filled or the rules forbid it), and the state it leads to
    (its row in a goal table over a few states: ``rows[state]``), as ``goal_rules.box_outcomes`` gives them."""
    n_boxes, n_rolls = g.scores.shape
    gains = np.empty((n_boxes, n_rolls), dtype=np.int64)
    follows = np.empty((n_boxes, n_rolls), dtype=np.int64)
    goal_rules.box_outcomes(g.state(mask, upper, flag), _NO_ROWS if rows is None else rows, *g.rule_args, gains,
                            follows)
    return gains, follows


def goal_turn(gains: np.ndarray, follows: np.ndarray, table: np.ndarray, x) -> Turn:
    """A turn played for a goal, at score index ``x`` (one index, or a run of consecutive ones).

    ``gains``, ``follows``: the turn's :func:`box_outcomes`; ``table[row, x]`` is the best chance of
    the goal from each fuller state (see ``_target_kernels.py``); writing ``points`` moves the index
    to ``min(x + points, top)``. Within a turn the index stays put, so each index is a turn of its
    own: with an array, every value gains a last axis over ``x``. The final roll's best box is
    ``goal_rules.final_rows``'s (the kernels' own text); ``box_values`` is not kept (None).
    """
    x = np.asarray(x)
    start, n = (int(x), 1) if x.ndim == 0 else (int(x[0]), x.size)
    v0 = np.empty((gains.shape[1], n))
    goal_rules.final_rows(gains, follows, table, start, n, v0)
    return keep_passes(None, v0[:, 0] if x.ndim == 0 else v0)


def goal_cards(table: np.ndarray, cards, lows, highs, g) -> None:
    """Fill ``table[card, lows[i]:highs[i]]`` for each card of a preset without bonuses, fullest first (numpy;
    a few cards only).

    The kernels' ``solve_cards`` recursion, with the same functions run as they are (``goal_rules``'
    box outcomes and final roll, ``keep_rules.py``'s passes) on a row of scores, so a question over a
    handful of cards starts no compiler.
    """
    for card, low, high in sorted(zip(cards, lows, highs), key=lambda c: -int(c[0]).bit_count()):
        if high > low:
            table[card, low:high] = goal_turn(*box_outcomes(g, int(card)), table, np.arange(low, high)).value


def keep_passes(per_box: np.ndarray | None, best_box: np.ndarray) -> Turn:
    """The turn from the value of each final roll's best box (``best_box``; ``per_box``: every box's): two
    keep passes."""
    k1 = keep_values(best_box)
    k2 = keep_values(best_keep_values(k1))
    value = np.tensordot(TABLES.first_roll, best_keep_values(k2), axes=1)
    return Turn(per_box, k1, k2, float(value) if value.ndim == 0 else value)
