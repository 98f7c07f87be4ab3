"""``odds brag solve --players N`` and ``odds brag strategy --players N``, from a small stored solve."""

import pytest

from tests.conftest import assert_one_sentence_error


@pytest.fixture
def small_solve(monkeypatch):
    """Make the stored solve small (few iterations, few sampled deals, 3 buckets) for this test."""
    from analysis.brag import _stored
    from analysis.brag.multi import solve as multi

    monkeypatch.setitem(_stored.MULTI_STORED, "iterations", 3000)
    monkeypatch.setitem(_stored.MULTI_STORED, "check_every", 1500)
    for module in (_stored, multi):
        monkeypatch.setattr(module, "TABLE_SAMPLES", 20_000)
    for players in (3, 4):
        monkeypatch.setitem(_stored.BUCKETS, players, 3)


@pytest.mark.slow
def test_solve_and_strategy_for_three_and_four(odds, small_solve):
    solved = odds("brag", "solve", "--preset", "brag3", "--players", "3", "--json")
    assert solved.code == 0, solved.err
    data = solved.json()
    assert len(data["values"]) == 3 and len(data["best_response_gains"]) == 3
    assert all(g >= -1e-9 for g in data["best_response_gains"]) and abs(sum(data["values"])) < 1e-9
    assert data["gains_by_iterations"][-1]["iterations"] == data["iterations"]
    answer = odds("brag", "strategy", "--preset", "brag3", "--players", "4", "--hand", "QS QD 4C",
                  "--history", "blind,look,bet,fold", "--json")
    assert answer.code == 0, answer.err
    advice = answer.json()
    assert advice["seat"] == 4 and advice["blind"] and set(advice["mix"]) == {"look", "fold", "bet", "raise 2"}
    assert abs(sum(advice["mix"].values()) - 1) < 1e-9 and abs(sum(advice["after_looking"].values()) - 1) < 1e-9
    assert "Monte Carlo CFR" in advice["model"]
    text = odds("brag", "strategy", "--players", "3", "--hand", "QS QD 4C", "--history", "bet,look")
    assert text.code == 0 and "After looking" not in text.out and "open" in text.out


@pytest.mark.parametrize("argv", [("solve", "--players", "9"), ("solve", "--players", "3", "--preset", "brag4"),
                                  ("strategy", "--players", "3", "--hand", "QS QD 4C", "--history", "bet,see"),
                                  ("strategy", "--players", "3", "--hand", "QS QD", "--history", "")])
@pytest.mark.slow
def test_bad_input_is_one_sentence(odds, small_solve, argv):
    assert_one_sentence_error(odds("brag", *argv))
