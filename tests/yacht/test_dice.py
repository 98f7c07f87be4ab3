"""The keep -> roll table against brute-force enumeration of ordered dice."""

from collections import Counter
from itertools import product

import numpy as np
import pytest

from analysis.errors import InvalidDice
from analysis.yacht.dice import KEEPS, ROLL_INDEX, ROLLS, TABLES, parse_dice


def test_counts():
    assert len(ROLLS) == 252 and len(KEEPS) == 462
    assert TABLES.keep_start[-1] == 4368


@pytest.mark.parametrize("keep", [(), (6,), (2, 2), (1, 3, 5), (4, 4, 4, 4), (1, 2, 3, 4, 5)])
def test_transition_rows_match_enumeration(keep):
    index = KEEPS.index(keep)
    row = {int(r): p for r, p in zip(TABLES.keep_roll[TABLES.keep_start[index]:TABLES.keep_start[index + 1]],
                                     TABLES.keep_prob[TABLES.keep_start[index]:TABLES.keep_start[index + 1]])}
    thrown = list(product(range(1, 7), repeat=5 - len(keep)))
    expected = Counter(ROLL_INDEX[tuple(sorted(keep + o))] for o in thrown)
    assert set(row) == set(expected)
    for roll, ways in expected.items():
        assert row[roll] == pytest.approx(ways / len(thrown), abs=1e-15)


def test_rows_sum_to_one_and_keeps_are_sub_multisets():
    sums = np.add.reduceat(TABLES.keep_prob, TABLES.keep_start[:-1])
    assert np.allclose(sums, 1.0, atol=1e-14)
    for r, roll in enumerate(ROLLS):
        keeps = [KEEPS[k] for k in TABLES.roll_keeps[r, :TABLES.n_roll_keeps[r]]]
        assert len(set(keeps)) == len(keeps) == np.prod([c + 1 for c in Counter(roll).values()])
        assert all(not (Counter(k) - Counter(roll)) for k in keeps)


@pytest.mark.parametrize("text, message", [("6 6 6 2", "has 4 dice"), ("6 6 6 2 1 1", "has 6 dice"),
                                           ("7 6 6 2 1", "'7' is not a die face"), ("a 6 6 2 1", "'a' is not")])
def test_bad_dice(text, message):
    with pytest.raises(InvalidDice, match=message):
        parse_dice(text)


def test_dice_forms():
    assert parse_dice("6 6 6 2 1") == parse_dice("66621") == parse_dice("6,6,6,2,1") == (1, 2, 6, 6, 6)
