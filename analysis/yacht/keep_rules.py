"""The keep passes of a turn, as plain Python: what a keep is worth, and which keep a roll should take.

Every turn solve runs these two passes twice (two rerolls): the solitaire solve and the simulations
(``_kernels.py``), play to a target or to win (``_target_kernels.py``, once per score index) compile
them; the advisor (``turn.py``) calls them as they are, a few thousand steps for one card's turn, so a
question at the table starts no compiler. The dice tables are ``dice.TABLES``: the 462 keeps ordered by
size, the last 252 being the rolls themselves.

Each value is a number per keep or roll (``out[keep]``); the advisor also passes a row per keep (one
entry per score index), and the same text then works on the rows. Numbers and arrays only, no checks.
"""

import numpy as np


def keep_values(roll_values, keep_add, out):
    """``out[keep]``: the expected ``roll_values`` after keeping ``keep`` and throwing the other dice.

    Throwing m dice is throwing one, then m - 1: from the fullest keep down, a keep is the average
    of the six keeps one die larger (6 additions a keep instead of a sum over every roll).
    """
    first = out.shape[0] - roll_values.shape[0]
    out[first:] = roll_values
    for keep in range(first - 1, -1, -1):
        total = out[keep_add[keep, 1]]
        for face in range(2, 7):
            total = total + out[keep_add[keep, face]]
        out[keep] = total * (1.0 / 6.0)


def best_keeps(keep_vals, keep_remove, n_remove, best, out):
    """``out[roll]``: the best of ``keep_vals`` over the keeps that can be set aside from ``roll``.

    Grown one die at a time: the best over a keep's sub-keeps is the better of its own value and
    the best over each keep one die smaller (``best``: scratch, one entry per keep).
    """
    for keep in range(keep_vals.shape[0]):
        value = keep_vals[keep]
        for j in range(n_remove[keep]):
            value = np.maximum(value, best[keep_remove[keep, j]])
        best[keep] = value
    out[:] = best[keep_vals.shape[0] - out.shape[0]:]
