"""The ``odds yacht`` commands exactly as docs/yacht.md writes them, and their answers to bad input."""

import pytest

from analysis.yacht.solver import solve
from tests.conftest import assert_one_sentence_error


def test_solve_seed_preset_json(odds):
    result = odds("yacht", "solve", "--preset", "yacht_kr", "--json")
    assert result.code == 0, result.err
    data = result.json()
    # The CLI prints what the library solved (the value itself is checked in test_solver and
    # test_simulate: sub-games against brute force, forward pass, simulated games).
    assert data["expected_score"] == solve("yacht_kr").expected_score
    assert [row["box"] for row in data["boxes"]][:2] == ["Chase Off", "Straight"]
    assert sum(row["expected_points"] for row in data["boxes"]) == pytest.approx(data["expected_score"])


def test_odds_seed_preset_json(odds):
    result = odds("yacht", "odds", "--preset", "yacht_kr", "--json")
    assert result.code == 0, result.err
    rows = {row["box"]: row for row in result.json()}
    assert rows["Chase Off"]["turn_chance"] == pytest.approx(2_783_176 / 60_466_176, abs=1e-12)


def test_advise_as_written(odds):
    result = odds("yacht", "advise", "--preset", "yacht_kr", "--dice", "6 6 6 2 1", "--rolls-left", "2",
                  "--open", "all")
    assert result.code == 0, result.err
    assert "Best keep: keep 6 6 6" in result.out
    assert "gives_up" in result.out


def test_advise_box_choice_text_and_json(odds):
    result = odds("yacht", "advise", "--dice", "66622", "--rolls-left", "0", "--open", "Full House,Choice",
                  "--json")
    assert result.code == 0, result.err
    assert result.json()["best"] == "Full House for 22"


@pytest.mark.parametrize("argv", [
    ("yacht", "advise", "--preset", "yacht_kr", "--dice", "6 6 6 2", "--rolls-left", "2", "--open", "all"),
    ("yacht", "advise", "--dice", "6 6 6 2 1 1", "--rolls-left", "2"),
    ("yacht", "advise", "--dice", "6 6 6 2 7", "--rolls-left", "2"),
    ("yacht", "advise", "--dice", "6 6 6 2 1", "--rolls-left", "2", "--open", "Yahtzee"),
    ("yacht", "advise", "--dice", "6 6 6 2 1", "--rolls-left", "0", "--open", "Choice", "--box", "Aces"),
    ("yacht", "advise", "--dice", "6 6 6 2 1", "--rolls-left", "5"),
    ("yacht", "advise", "--dice", "6 6 6 2 1", "--rolls-left", "two"),
    ("yacht", "advise", "--dice", "6 6 6 2 1", "--rolls-left", "1", "--score", "-5"),
    ("yacht", "advise", "--preset", "yahtzee", "--dice", "6 6 6 2 1", "--rolls-left", "1", "--upper", "70"),
    ("yacht", "solve", "--preset", "farkle"),
    ("yacht", "solve", "--preset", "yacht_kr", "--joker", "free"),
    ("yacht", "solve", "--rule", "bogus=1"),
    ("yacht", "odds", "--rule", "five_alike_is_full_house=maybe"),
    ("yacht", "odds", "--rule", "upper_bonus=-3"),
    ("yacht", "odds", "--rule", "yacht_bonus=-100"),
    ("yacht", "odds", "--rule", "upper_threshold=1000"),
    ("yacht", "simulate", "--strategy", "lucky"),
    ("yacht", "simulate", "--games", "0"),
    ("yacht", "simulate", "--seed", "99999999999999999999999"),
])
def test_bad_input_is_one_sentence(odds, argv):
    assert_one_sentence_error(odds(*argv))


@pytest.mark.slow
def test_simulate_command(odds):
    result = odds("yacht", "simulate", "--strategy", "greedy", "--games", "500", "--seed", "3", "--json")
    assert result.code == 0, result.err
    data = result.json()
    assert data["games"] == 500 and data["seed"] == 3
    assert data["ci95"][0] < data["mean"] < data["ci95"][1]


def test_solve_prints_the_distribution(odds):
    result = odds("yacht", "solve", "--json", "--distribution")
    assert result.code == 0, result.err
    pairs = result.json()["distribution"]
    assert sum(p for _, p in pairs) == pytest.approx(1.0, abs=1e-12)
    assert sum(s * p for s, p in pairs) == pytest.approx(solve("yacht_kr").expected_score, abs=1e-9)
    text = odds("yacht", "solve", "--distribution")
    assert text.code == 0 and "at most" in text.out
