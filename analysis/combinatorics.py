"""Counting orders: the toolkit's one multinomial coefficient.

Dice games keep a hand as the counts of each face (or as sorted faces); the chance of
such a hand under fair dice is the number of ordered rolls that sort to it, the
multinomial coefficient, over ``faces ** dice``. Yacht's keeps, the dice-bidding
solver's hands and the beliefs' multisets all count them here.

>>> multinomial((2, 1, 0))          # two of one face, one of another: 3 orders
3
>>> arrangements((6, 6, 2))         # the same, from the faces
3
>>> multinomial_table([[2, 1], [3, 0]]).tolist()
[3.0, 1.0]
"""

from __future__ import annotations

from collections import Counter
from math import factorial

import numpy as np


def multinomial(counts) -> int:
    """``(n_1 + ... + n_k)! / (n_1! ... n_k!)``, exactly: the orders of a multiset with these counts."""
    result = factorial(sum(counts))
    for count in counts:
        result //= factorial(count)
    return result


def arrangements(faces) -> int:
    """The ordered rolls of ``len(faces)`` dice that sort to ``faces``."""
    return multinomial(tuple(Counter(faces).values()))


def multinomial_table(counts):
    """The multinomial coefficient of each row of ``counts`` (``[rows, faces]`` whole numbers) as
    floats, for many hands at once; exact while it is below 2**53 (every hand of up to 18 dice)."""
    counts = np.asarray(counts, dtype=np.int64)
    totals = counts.sum(axis=1)
    factorials = np.array([float(factorial(n)) for n in range(int(totals.max(initial=0)) + 1)])
    return factorials[totals] / factorials[counts].prod(axis=1)
