"""Seeded simulation reproduces the exact mean and distribution within error; heuristics give points up."""

import numpy as np
import pytest

from analysis.yacht.rules import preset
from analysis.yacht.simulate import simulate
from analysis.yacht.solver import compute_values, follow_policy, solve


@pytest.mark.slow
def test_optimal_games_reproduce_the_exact_mean_and_distribution():
    solution = solve("yacht_kr")
    result = simulate("yacht_kr", games=20_000, seed=7)
    assert abs(result.mean - solution.expected_score) < 4 * result.standard_error
    cdf = np.cumsum(solution.distribution)
    for score in (120, 150, 175, 200, 230):
        observed = (result.totals <= score).mean()
        error = np.sqrt(cdf[score] * (1 - cdf[score]) / result.games)
        assert abs(observed - cdf[score]) < 4.5 * error, score


def test_greedy_games_match_the_exact_greedy_policy():
    rules = preset("yacht_kr")
    exact = float(follow_policy(rules, compute_values(rules), with_distribution=False, use_values=False)["mean"])
    result = simulate(rules, games=20_000, seed=11, strategy="greedy")
    assert abs(result.mean - exact) < 4 * result.standard_error


def test_same_seed_same_games_and_heuristics_give_up_points():
    a = simulate("yacht_kr", games=3000, seed=5, strategy="common")
    b = simulate("yacht_kr", games=3000, seed=5, strategy="common")
    c = simulate("yacht_kr", games=3000, seed=6, strategy="common")
    assert np.array_equal(a.points, b.points) and not np.array_equal(a.points, c.points)
    assert a.interval()[1] < solve("yacht_kr").expected_score - 30


def test_bad_arguments():
    from analysis.errors import InvalidArgument

    with pytest.raises(InvalidArgument, match="not a strategy"):
        simulate("yacht_kr", games=10, strategy="lucky")
    with pytest.raises(InvalidArgument, match="Games must be"):
        simulate("yacht_kr", games=0)
    with pytest.raises(InvalidArgument, match="Seed .* is not allowed"):
        simulate("yacht_kr", games=10, seed=2 ** 63)


def test_thread_count_does_not_change_the_games():
    import numba

    threads = numba.get_num_threads()
    many = simulate("yacht_kr", games=400, seed=9, strategy="greedy")
    numba.set_num_threads(1)
    try:
        one = simulate("yacht_kr", games=400, seed=9, strategy="greedy")
    finally:
        numba.set_num_threads(threads)
    assert np.array_equal(many.points, one.points)


def test_splitting_the_games_between_kernel_calls_does_not_change_them(monkeypatch):
    import importlib

    module = importlib.import_module("analysis.yacht.simulate")   # the module; the package's name is the function

    whole = simulate("yacht_kr", games=300, seed=4, strategy="greedy")
    monkeypatch.setattr(module, "_CHUNK", 7)  # 43 calls, the last one short
    split = simulate("yacht_kr", games=300, seed=4, strategy="greedy")
    assert np.array_equal(whole.points, split.points)
