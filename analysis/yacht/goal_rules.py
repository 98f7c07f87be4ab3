"""Playing for a goal, one turn: what each box earns and the best box for the final roll, at every score index.

Written once, as plain Python in numba's subset: a question at the table (``turn.py``: the advisor's goal,
a few cards played to win) calls these functions as they stand, so it starts no compiler; the target and
win tables (``_target_kernels.py``) call the copies compiled from this very text. A *score table*
``table[row, x]`` and the score index ``x`` are ``_target_kernels``'s: writing a box that earns ``points``
moves the index from ``x`` to ``min(x + points, top)``. Numbers and arrays only, no checks.
"""

import numpy as np

from analysis.yacht.scoring_rules import P_FLAG, P_UPPER, joker_applies, write_box


def row_of(rows, state):
    """The table row that holds ``state``: ``rows[state]``, or the state itself when ``rows`` is empty."""
    return rows[state] if rows.shape[0] else state


def box_outcomes(state, rows, params, scores, joker_scores, box_face, yacht_face, gains, follows):
    """``gains[box, roll]``: the points writing ``roll`` in ``box`` earns, bonuses included (-1 where the box is
    filled or the rules forbid it); ``follows[box, roll]``: the table row of the state it leads to."""
    n_boxes, n_rolls = scores.shape
    flag = state % params[P_FLAG]
    rest = state // params[P_FLAG]
    mask, upper = rest // params[P_UPPER], rest % params[P_UPPER]
    for roll in range(n_rolls):
        joker = joker_applies(mask, roll, params, yacht_face)
        for box in range(n_boxes):
            if mask >> box & 1:   # filled (write_box says so too; a question at the table skips the call)
                gains[box, roll] = -1
                follows[box, roll] = 0
                continue
            points, upper_bonus, yacht_bonus, following = write_box(box, mask, upper, flag, roll, joker, params,
                                                                    scores, joker_scores, box_face, yacht_face)
            gains[box, roll] = -1 if points < 0 else points + upper_bonus + yacht_bonus
            follows[box, roll] = row_of(rows, following) if points >= 0 else 0


def final_rows(gains, follows, table, start, n, v0):
    """``v0[roll, j]``: the best box for the final roll at score index ``start + j`` (``j < n``).

    The score indices are taken as slices, so the same text works on a block of them (the kernels) and,
    in numpy, on a whole row of them (the advisor).
    """
    n_boxes, n_rolls = gains.shape
    top = table.shape[1] - 1
    for roll in range(n_rolls):
        out = v0[roll]
        out[:n] = 0.0
        for box in range(n_boxes):
            points = gains[box, roll]
            if points < 0:
                continue
            following = table[follows[box, roll]]
            # Below ``split`` the index moves to x + points; from there on it is capped at the top. (fmax is
            # maximum for these chances, never NaN: numba takes the output only by position, which numpy
            # deprecates for maximum.)
            split = min(n, max(0, top - points - start))
            np.fmax(out[:split], following[start + points:start + points + split], out[:split])
            np.fmax(out[split:n], following[top], out[split:n])
