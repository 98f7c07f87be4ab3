"""One turn of one score card, solved in plain numpy from the stored card values: the advisor's answer.

The solver's kernels solve every card's turn to build the value table; a question at the
table needs one card's turn only, given that table: every final roll scored in every open box
(``scoring.write_box``), then two keep passes (``keeps.py``), the functions the kernels compile,
run as they are. A keep's value is the average over the dice thrown, a roll's value its best
keep. No compiler is started, so a fresh process answers from the store at once.

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

from analysis.yacht import keeps
from analysis.yacht.dice import KEEPS, ROLLS, TABLES
from analysis.yacht.scoring import NEG, P_FLAG, P_JOKER, P_UPPER, joker_applies, write_box


def keep_values(roll_vals: np.ndarray) -> np.ndarray:
    """``out[keep, ...]``: the expected ``roll_vals`` after keeping ``keep`` and throwing the other dice."""
    out = np.empty((len(KEEPS),) + roll_vals.shape[1:])
    keeps.keep_values(roll_vals, TABLES.keep_add, out)
    return out


def best_keep_values(keep_vals: np.ndarray) -> np.ndarray:
    """``out[roll, ...]``: the best of ``keep_vals[keep, ...]`` over the keeps that can be set aside from ``roll``."""
    out = np.empty((len(ROLLS),) + keep_vals.shape[1:])
    keeps.best_keeps(keep_vals, TABLES.keep_remove, TABLES.n_remove, np.empty_like(keep_vals), out)
    return out


@dataclass(frozen=True)
class Turn:
    """One card's turn: ``box_values[box, roll]`` (points now, bonuses and the card's future value; NEG where
    the box cannot take the roll), ``k1``/``k2`` the value of every keep with one/two rolls left, ``value``
    the turn before any die is thrown (expected points still to come)."""

    box_values: np.ndarray
    k1: np.ndarray
    k2: np.ndarray
    value: float | np.ndarray


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


def box_outcomes(g, mask: int, upper: int = 0, flag: int = 0, rows: np.ndarray | None = None):
    """(``gains[box, roll]``, ``follows[box, roll]``): the points writing each final roll in each box earns,
    bonuses included (-1 where the box is filled or the rules forbid it), and the state it leads to
    (its row in a goal table over a few states: ``rows[state]``)."""
    n_boxes, n_rolls = g.scores.shape
    gains = np.full((n_boxes, n_rolls), -1, dtype=np.int64)
    follows = np.zeros((n_boxes, n_rolls), dtype=np.int64)
    plain = g.params[P_UPPER] == 1 and g.params[P_FLAG] == 1 and g.params[P_JOKER] == 0
    jokers = [] if plain else [joker_applies(mask, roll, g.params, g.yacht_face) for roll in range(n_rolls)]
    for box in range(n_boxes):
        if mask >> box & 1:
            continue
        if plain:   # no bonus and no joker: the box's points, and the card one box fuller
            gains[box], follows[box] = g.scores[box], mask | (1 << box)
            continue
        for roll in range(n_rolls):
            points, upper_bonus, yacht_bonus, following = write_box(box, mask, upper, flag, roll, jokers[roll],
                                                                    *g.rule_args)
            if points >= 0:
                gains[box, roll], follows[box, roll] = points + upper_bonus + yacht_bonus, following
    if rows is not None:
        follows = rows[follows]
    return gains, follows


def goal_turn(gains: np.ndarray, follows: np.ndarray, table: np.ndarray, x) -> Turn:
    """A turn played for a goal, at score index ``x`` (one index, or an array of them).

    ``gains``, ``follows``: the turn's :func:`box_outcomes`; ``table[row, x]`` is the best chance of
    the goal from each fuller state (see ``_target_kernels.py``); writing ``points`` moves the index
    to ``min(x + points, top)``. Within a turn the index stays put, so each index is a turn of its
    own: with an array, every value gains a last axis over ``x``.
    """
    n_boxes, n_rolls = gains.shape
    top = table.shape[1] - 1
    x = np.asarray(x)
    per_box = np.full((n_boxes, n_rolls) + x.shape, NEG)
    for box in range(n_boxes):
        allowed = gains[box] >= 0
        if allowed.any():
            per_box[box][allowed] = table[follows[box][allowed][:, None] if x.ndim else follows[box][allowed],
                                          np.minimum(np.add.outer(gains[box][allowed], x), top)]
    return keep_passes(per_box)


def goal_cards(table: np.ndarray, cards, lows, highs, g) -> None:
    """Fill ``table[card, lows[i]:highs[i]]`` for each card of a preset without bonuses, fullest first (numpy;
    a few cards only).

    The kernels' ``solve_cards`` recursion, with the same keep passes run as they are on a row of
    scores per keep, so a question over a handful of cards starts no compiler.
    """
    for card, low, high in sorted(zip(cards, lows, highs), key=lambda c: -int(c[0]).bit_count()):
        if high > low:
            table[card, low:high] = goal_turn(*box_outcomes(g, int(card)), table, np.arange(low, high)).value


def keep_passes(per_box: np.ndarray) -> Turn:
    """The turn from the value of writing each final roll in each box: the best box, then two keep passes."""
    k1 = keep_values(per_box.max(axis=0))
    k2 = keep_values(best_keep_values(k1))
    value = np.tensordot(TABLES.first_roll, best_keep_values(k2), axes=1)
    return Turn(per_box, k1, k2, float(value) if value.ndim == 0 else value)
