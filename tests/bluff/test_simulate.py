import numba
import numpy as np
import pytest

from analysis.bluff import BLUFF, PERUDO, Bid, simulate_bid
from analysis.bluff.odds.simulate import simulate_counts
from analysis.errors import InvalidArgument


@pytest.mark.parametrize("rules,dice,unknown,bid", [
    (BLUFF, (3, 3, 6, 5, 1), 13, Bid(7, 3)),
    (BLUFF, (3, 3, 6, 5, 1), 13, Bid(3, 6)),
    (PERUDO, (1, 4, 4, 6, 2), 20, Bid(6, 4)),
    (PERUDO, (1, 4, 4, 6, 2), 20, Bid(3, 1)),
])
def test_simulation_agrees_with_the_exact_odds(rules, dice, unknown, bid):
    check = simulate_bid(rules, dice, unknown, bid, samples=400_000, seed=11)
    z_true, z_exact = check.z_scores
    # 5 standard errors: a false alarm once in ~3.5 million runs, a real bias of 0.5% shows.
    assert abs(z_true) < 5 and abs(z_exact) < 5
    assert check.p_true_error < 0.001


def test_same_seed_same_result_on_one_or_two_threads():
    default = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = simulate_counts(BLUFF, 17, 3, samples=100_003, seed=42)
        numba.set_num_threads(min(2, numba.config.NUMBA_NUM_THREADS))
        two = simulate_counts(BLUFF, 17, 3, samples=100_003, seed=42)
    finally:
        numba.set_num_threads(default)
    assert np.array_equal(one, two)
    assert one.sum() == 100_003
    other_seed = simulate_counts(BLUFF, 17, 3, samples=100_003, seed=43)
    assert not np.array_equal(one, other_seed)


def test_bad_simulation_arguments():
    with pytest.raises(InvalidArgument):
        simulate_counts(BLUFF, 5, 3, samples=0, seed=1)
    with pytest.raises(InvalidArgument):
        simulate_counts(BLUFF, 5, 3, samples=10, seed=-1)
    with pytest.raises(InvalidArgument, match="2\\*\\*63"):
        simulate_counts(BLUFF, 5, 3, samples=10, seed=2 ** 70)
