"""The recorded openings the Yacht article reads for the presets with bonuses (reports/data/yacht_reach_*.json).

Written by scripts/yacht_reach.py (minutes to half an hour each, too long for the tests to redo).
Checked here: the curves have the shape every P(final >= T) has, playing for T never does worse
than the expected-score player, and the expected-score curve is the solver's own (its mean is the
optimal expected score; for Clubhouse, every entry equals the exact distribution's tail).
"""

import json
from pathlib import Path

import numpy as np
import pytest

from analysis.yacht.game import game_arrays
from analysis.yacht.rules import preset
from analysis.yacht.solver import solve, state_values
from analysis.yacht.target import max_score

DATA = Path(__file__).resolve().parents[2] / "reports" / "data"
PRESETS = ["clubhouse", "yatzy"]


def recorded(name):
    return json.loads((DATA / f"yacht_reach_{name}.json").read_text())


@pytest.mark.slow
@pytest.mark.parametrize("name", PRESETS)
def test_recorded_curves_have_the_shape_of_a_tail(name):
    record = recorded(name)
    rules = preset(name)
    played, plain = np.array(record["target_play"]), np.array(record["expected_score_play"])
    assert record["preset"] == name and played.shape == plain.shape == (max_score(rules) + 2,)
    for curve in (played, plain):
        assert curve[0] == pytest.approx(1.0, abs=1e-12)
        assert curve[-1] == 0.0                          # above the largest score
        assert np.all(np.diff(curve) <= 1e-12)           # non-increasing in T
        assert np.all((curve >= 0) & (curve <= 1 + 1e-12))
    assert np.all(played >= plain - 1e-12)               # playing for T never does worse
    assert np.max(played - plain) > 0.02                 # and it does better somewhere
    # The expected-score curve is that player's P(final >= T): its sum over T >= 1 is the mean.
    assert plain[1:].sum() == pytest.approx(state_values(rules)[game_arrays(rules).start], abs=1e-9)


@pytest.mark.slow
def test_clubhouse_expected_curve_is_the_exact_distribution():
    plain = np.array(recorded("clubhouse")["expected_score_play"])
    tail = np.cumsum(solve("clubhouse").distribution[::-1])[::-1]
    assert plain[:tail.size] == pytest.approx(tail, abs=1e-12)
    assert np.all(plain[tail.size:] == 0.0)
