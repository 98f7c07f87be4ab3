"""``odds yacht advise`` in plain Python: one card's turn from the stored state values, without numpy.

Importing numpy takes longer than the whole answer: the advisor needs one card's turn
(what ``turn.py`` computes in numpy), given the solved state values. This module reads those
values with :meth:`analysis.store.Store.load_plain` and does the same passes in plain Python:
every final roll scored in every open box by ``scoring.write_box`` (the function the kernels
compile), then the keep passes one die at a time, adding the six outcomes of a die in numpy's
order, so every figure equals the numpy advisor's to the last bit (tests/yacht/test_plain_advice.py).
It answers the expected-score question only; a goal (``--target``, ``--opponent``) takes the
numpy path, as does a store without the values (which then builds and saves them).
"""

from __future__ import annotations

from analysis.store import Store
from analysis.yacht._stored import STATE_VALUES
from analysis.yacht.card import (Advice, ScoreCard, asked_box_index, option_rows, rank_by_expected_score,
                                 read_position)
from analysis.yacht.dice import FIRST_FULL_KEEP, KEEPS, ROLL_INDEX, ROLLS, keep_steps
from analysis.yacht.rules import Rules
from analysis.yacht.scoring import NEG, joker_applies, write_box

_SIXTH = 1.0 / 6.0


class _Grid:
    """Plain ``rows[box][roll]`` read as ``grid[box, roll]``, the way ``write_box`` reads the score tables."""

    __slots__ = ("rows",)

    def __init__(self, rows):
        self.rows = rows

    def __getitem__(self, index):
        box, roll = index
        return self.rows[box][roll]


def keep_values(roll_vals: list[float]) -> list[float]:
    """The expected ``roll_vals`` after each keep, throwing the other dice one at a time (``turn.keep_values``)."""
    larger, _ = keep_steps()
    out = [0.0] * FIRST_FULL_KEEP + list(roll_vals)    # the last 252 keeps are the rolls themselves
    for keep in range(FIRST_FULL_KEEP - 1, -1, -1):    # keeps are ordered by size: larger ones are done first
        a, b, c, d, e, f = larger[keep]
        # Added in turn from the first, as numpy sums six values along a row, then times 1/6 as there.
        out[keep] = (out[a] + out[b] + out[c] + out[d] + out[e] + out[f]) * _SIXTH
    return out


def best_keep_values(keep_vals: list[float]) -> list[float]:
    """For each roll, the best of ``keep_vals`` over the keeps it can set aside (``turn.best_keep_values``)."""
    _, smaller = keep_steps()
    best = list(keep_vals)
    for keep in range(1, len(KEEPS)):                  # smaller keeps first: each holds the best of its sub-keeps
        below = max(best[sub] for sub in smaller[keep])
        if below > best[keep]:
            best[keep] = below
    return best[FIRST_FULL_KEEP:]


def _rule_args(rules: Rules) -> tuple:
    """``write_box``'s preset arguments (``game.GameArrays.rule_args``) as plain lists."""
    params, box_face, yacht_face = rules.kernel_numbers()
    return params, _Grid(rules.score_rows()), _Grid(rules.score_rows(joker=True)), box_face, yacht_face


def plain_turn(rules: Rules, state: tuple[int, int, int], values, rolls_left: int):
    """One card's turn: (``box_value(box, roll)``, every keep's value with ``rolls_left`` rolls left, None with 0).

    ``state`` is the card (mask, upper, flag), ``values`` the solved state values (indexable by state);
    ``box_value`` is what writing the roll in the box is worth (points, bonuses and the value of the card
    that follows; NEG where the box is filled or the rules forbid it), as ``turn.solve_turn``'s ``box_values``.
    """
    mask, upper, flag = state
    rule_args = _rule_args(rules)
    params, scores, yacht_face = rule_args[0], rule_args[1].rows, rule_args[4]
    open_boxes = [b for b in range(len(rules.boxes)) if not mask >> b & 1]
    jokers = [joker_applies(mask, roll, params, yacht_face) for roll in range(len(ROLLS))]
    written = {}

    def write(box: int, roll: int) -> float:
        points, upper_bonus, yacht_bonus, following = write_box(box, mask, upper, flag, roll, jokers[roll],
                                                                *rule_args)
        return points + upper_bonus + yacht_bonus + values[following] if points >= 0 else NEG

    def box_value(box: int, roll: int) -> float:
        if mask >> box & 1:
            return NEG
        if jokers[roll]:
            return write(box, roll)
        # Without a joker, write_box reads the roll only through its points in the box: rolls that
        # score alike there end alike, so each box writes each score once (about 10 times fewer calls).
        key = (box, scores[box][roll])
        if key not in written:
            written[key] = write(box, roll)
        return written[key]

    if not rolls_left:
        return box_value, None
    keep_vals = keep_values([max(box_value(b, r) for b in open_boxes) for r in range(len(ROLLS))])   # one roll left
    if rolls_left == 2:
        keep_vals = keep_values(best_keep_values(keep_vals))
    return box_value, keep_vals


def plain_advice(rules: Rules, dice, rolls_left: int, card: ScoreCard, box: str | None = None,
                 store: Store | None = None) -> Advice | None:
    """The advice ``advice.advise`` gives (no goal), or None when the store does not hold the state values.

    Bad input raises the same one-sentence errors as ``advise``, before the store is read.
    """
    dice, mask, upper, flag = read_position(rules, dice, rolls_left, card)
    asked_box = asked_box_index(rules, card, mask, rolls_left, box)
    stored = (store or Store()).load_plain(STATE_VALUES, rules, {"states": rules.n_states})
    if stored is None:
        return None
    box_value, keep_vals = plain_turn(rules, (mask, upper, flag), stored["values"].flat, rolls_left)
    roll = ROLL_INDEX[dice]
    rows, asked = option_rows(rules, card, (mask, upper, flag), dice, rolls_left, lambda b: box_value(b, roll),
                              keep_vals.__getitem__ if keep_vals else None, _rule_args(rules), asked_box)
    rank_by_expected_score(rows)
    return Advice(rules, dice, rolls_left, card, tuple(rows), asked)
