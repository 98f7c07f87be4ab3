from itertools import product

import numpy as np
import pytest
from scipy.stats import binom

from analysis.bluff import BLUFF, LIARS_DICE, PERUDO, Bid, bid_odds, odds_table, preset
from analysis.errors import InvalidArgument
from tests.bluff.reference import actual_count_distribution

CASES = [
    ("bluff", BLUFF, None), ("perudo", PERUDO, None), ("liars_dice", LIARS_DICE, None),
    ("liars_dice", preset("liars_dice", wild=6), 6),
]


@pytest.mark.parametrize("name,rules,wild", CASES, ids=["bluff", "perudo", "liars", "liars_wild6"])
@pytest.mark.parametrize("my_dice", [(), (6,), (1, 6, 3), (2, 2, 5, 1)])
@pytest.mark.parametrize("unknown", [0, 1, 3, 5])
def test_count_distribution_matches_enumeration_of_every_roll(name, rules, wild, my_dice, unknown):
    for face in range(1, 7):
        for count in range(1, len(my_dice) + unknown + 2):
            reference = actual_count_distribution(name, face, my_dice, unknown, wild=wild)
            odds = bid_odds(rules, my_dice, unknown, Bid(count, face))
            for actual, chance in reference.items():
                assert odds.distribution[actual] == pytest.approx(float(chance), abs=1e-15)
            assert odds.distribution.sum() == pytest.approx(1.0, abs=1e-14)
            expect_true = sum(c for a, c in reference.items() if a >= count)
            expect_exact = reference.get(count, 0)
            assert odds.p_true == pytest.approx(float(expect_true), abs=1e-15)
            assert odds.p_exact == pytest.approx(float(expect_exact), abs=1e-15)


@pytest.mark.parametrize("my_dice", [(), (3, 3, 1)])
def test_palifico_round_matches_enumeration(my_dice):
    for face in range(1, 7):
        reference = actual_count_distribution("perudo", face, my_dice, 4, palifico=True)
        odds = bid_odds(PERUDO, my_dice, 4, Bid(3, face), palifico_round=True)
        assert odds.chance == pytest.approx(1 / 6)
        assert odds.p_true == pytest.approx(float(sum(c for a, c in reference.items() if a >= 3)), abs=1e-15)


@pytest.mark.parametrize("unknown", [10, 25, 40, 60, 120, 200])
def test_large_tables_match_scipy_binomial(unknown):
    for face, chance in ((3, 1 / 3), (6, 1 / 6)):  # Bluff: a number bid, a star bid
        for need in range(0, unknown + 2):
            odds = bid_odds(BLUFF, (), unknown, Bid(max(need, 1), face))
            expected = binom.sf(max(need, 1) - 1, unknown, chance)
            # absolute and relative: deep tails must be right too, not just rounded to zero
            assert odds.p_true == pytest.approx(expected, rel=1e-9, abs=1e-300)
            assert odds.p_exact == pytest.approx(binom.pmf(max(need, 1), unknown, chance), rel=1e-9, abs=1e-300)


def test_full_table_agrees_with_single_questions_and_scipy():
    table = odds_table(BLUFF, (3, 3, 6, 5, 1), max_unknown=60)
    bids = table.bid.unique()
    assert len(table) == len(bids) * 61
    assert table.unknown.max() == 60
    rows = table[(table.bid == "7x3") & (table.unknown == 13)]
    assert rows.p_true.item() == pytest.approx(binom.sf(3, 13, 1 / 3), rel=1e-12)
    stars = table[(table.bid == "*3") & (table.unknown == 13)]
    assert stars.p_true.item() == pytest.approx(binom.sf(1, 13, 1 / 6), rel=1e-12)
    rng = np.random.default_rng(0)
    for i in rng.choice(len(table), 50, replace=False):
        row = table.iloc[i]
        face = 6 if row.face == "*" else int(row.face)
        single = bid_odds(BLUFF, (3, 3, 6, 5, 1), int(row.unknown), Bid(int(row["count"]), face))
        assert row.p_true == single.p_true and row.p_exact == single.p_exact


def test_table_rows_follow_the_track():
    table = odds_table(BLUFF, max_unknown=3, max_count=4)
    assert list(dict.fromkeys(table.bid))[:8] == ["1x1", "1x2", "1x3", "1x4", "1x5", "*1", "2x1", "2x2"]


def test_p_true_falls_as_the_bid_rises_along_the_track():
    table = odds_table(PERUDO, (1, 4, 4, 6, 2), max_unknown=20)
    at20 = table[table.unknown == 20]
    for face in "23456":
        p = at20[at20.face == face].p_true.to_numpy()
        assert np.all(np.diff(p) <= 1e-15)


def test_bad_unknown_count_is_refused():
    with pytest.raises(InvalidArgument, match="unknown dice"):
        bid_odds(BLUFF, (), -1, Bid(1, 1))
    with pytest.raises(InvalidArgument, match="unknown dice"):
        odds_table(BLUFF, (), max_unknown=500)
