"""Bear-off databases against a plain-Python dynamic program and gnubg's own figures."""

from itertools import product

import numpy as np
import pytest

from tests.backgammon import reference as ref

from analysis.backgammon import _kernels
from analysis.backgammon import bearoff, cube
from analysis.backgammon.position import Position
from analysis.errors import InvalidPosition


@pytest.fixture(scope="module")
def one_sided():
    return bearoff.one_sided_database()


@pytest.fixture(scope="module")
def two_sided():
    """The endless-cube database: gnubg's model, compared with gnubg and the endless reference."""
    return bearoff.two_sided_endless()


def small_positions(top):
    return [c for c in product(range(top + 1), repeat=6) if sum(c) <= top]


def test_database_size_and_ranks():
    """Every position's rank is its row, on all 54,264 boards and on the 924 of the two-sided database,
    ranked as plain Python (a stored table's reader) and compiled (inside the builders); the boards are
    every 6-tuple of at most that many checkers, in lexicographic order, listed either way."""
    from itertools import product

    from analysis.backgammon import _kernels, bearoff_rules

    for top, count in ((15, 54264), (6, 924)):
        rows = bearoff.home_positions(top)
        assert rows.shape == (count, 6)
        assert [tuple(row) for row in rows] == [b for b in product(range(top + 1), repeat=6) if sum(b) <= top]
        ways = bearoff._ways(top)
        assert [int(_kernels.bearoff_rank(row, top, ways)) for row in rows] == list(range(count))
        assert [bearoff.rank(row, top) for row in rows] == list(range(count))
        if top == 6:
            assert np.array_equal(bearoff_rules.home_positions(top, count), _kernels.home_positions(top, count))


def test_leaves_match_full_move_generator():
    """The bear-off kernel's shortcut for doubles reaches exactly the positions of the full generator."""
    rng = np.random.default_rng(5)
    rows = bearoff.home_positions(15)
    ways = bearoff._ways(15)
    out = np.empty(256, dtype=np.int64)
    for idx in rng.choice(len(rows), 60, replace=False):
        counts = tuple(int(x) for x in rows[idx])
        if sum(counts) == 0:
            continue
        for d1, d2 in [(1, 1), (2, 2), (6, 6), (5, 2), (6, 1), (3, 3)]:
            n = _kernels.bearoff_leaves(np.array(counts), d1, d2, 15, ways, out)
            got = {tuple(int(x) for x in rows[r]) for r in out[:n]}
            assert got == ref.bearoff_moves(counts, d1, d2), (counts, d1, d2)


def test_expected_rolls_match_plain_python_dp(one_sided):
    for counts in small_positions(3):
        idx = bearoff.rank(counts)
        assert one_sided["expected"][idx] == pytest.approx(float(ref.expected_rolls(counts)), abs=1e-12)
        want = [float(p) for p in ref.rolls_distribution(counts)]
        assert np.allclose(one_sided["distribution"][idx][:12], want, atol=1e-12), counts


# gnubg 1.07.001: `makebearoff -o 6` then `bearoffdump -p <ID>`; percentages to 3 decimals
# (the file stores each probability in 16 bits, so allow 2e-5 on top of the rounding).
GNUBG_ONE_SIDED = {
    (3, 3, 3, 2, 2, 2): {"mean": 7.555, "epc": 61.699,
                         "rolls": {4: 0.012, 5: 0.871, 6: 9.346, 7: 34.314, 8: 44.874, 9: 10.018,
                                   10: 0.546, 11: 0.018}},
    (0, 0, 0, 0, 0, 15): {"mean": 12.266, "epc": 100.175, "first_mean": 1.616,
                          "rolls": {9: 2.916, 10: 8.307, 11: 16.442, 12: 25.115, 13: 26.160, 14: 14.609},
                          "first": {1: 47.222, 2: 44.985, 3: 6.865, 4: 0.822}},
    (1, 1, 1, 1, 1, 1): {"mean": 3.464, "epc": 28.286, "rolls": {2: 7.330, 3: 42.853, 4: 45.998, 5: 3.757}},
    (2, 0, 0, 0, 0, 1): {"mean": 1.951, "epc": 15.930, "rolls": {1: 11.112, 2: 82.716, 3: 6.172}},
    (0, 0, 0, 0, 0, 1): {"mean": 1.250, "epc": 10.208, "rolls": {1: 75.0, 2: 25.0}},
    (4, 3, 2, 1, 0, 0): {"mean": 4.550, "epc": 37.160, "rolls": {3: 4.469, 4: 36.478, 5: 58.621, 6: 0.432}},
}


@pytest.mark.parametrize("counts", list(GNUBG_ONE_SIDED))
def test_one_sided_matches_gnubg(counts, one_sided):
    published = GNUBG_ONE_SIDED[counts]
    odds = bearoff.bearoff_odds(counts)
    assert odds.expected_rolls == pytest.approx(published["mean"], abs=6e-4)
    # gnubg's EPC comes from its 16-bit distribution: allow 2e-3 pips.
    assert odds.effective_pip_count == pytest.approx(published["epc"], abs=2e-3)
    for n, percent in published["rolls"].items():
        assert 100 * odds.distribution[n] == pytest.approx(percent, abs=3e-3)
    for n, percent in published.get("first", {}).items():
        assert 100 * odds.first_off[n] == pytest.approx(percent, abs=3e-3)
    if "first_mean" in published:
        idx = bearoff.rank(counts)
        assert one_sided["first_off_expected"][idx] == pytest.approx(published["first_mean"], abs=6e-4)


def test_two_sided_matches_plain_python(two_sided):
    positions = [c for c in small_positions(2) if sum(c)]
    for mine in positions:
        for theirs in positions:
            a, b = bearoff.rank(mine, 6), bearoff.rank(theirs, 6)
            assert two_sided["win"][a, b] == pytest.approx(float(ref.win_on_roll(mine, theirs)), abs=1e-12)
            centre, own, opp = (float(x) for x in ref.cubeful(mine, theirs))
            assert two_sided["no_double_centre"][a, b] == pytest.approx(centre, abs=1e-12)
            assert two_sided["no_double_owned"][a, b] == pytest.approx(own, abs=1e-12)
            assert two_sided["no_double_theirs"][a, b] == pytest.approx(opp, abs=1e-12)


# gnubg 1.07.001: `makebearoff -t 6x6` then `bearoffdump -p <ID>`: cubeless equity and the
# cubeful no-double equities (owned, centred, opponent owns), 4 decimals, 16-bit storage.
GNUBG_TWO_SIDED = [
    ((2, 0, 0, 0, 0, 1), (0, 0, 0, 0, 0, 2), 0.7196, 0.7441, 0.7289, 0.7062),
    ((1, 1, 1, 1, 1, 1), (2, 2, 0, 0, 0, 0), -0.8724, -0.8724, -0.9521, -0.9521),
    ((1, 1, 0, 1, 0, 0), (0, 2, 0, 0, 1, 0), 0.8038, 0.8086, 0.8086, 0.8036),
]


@pytest.mark.parametrize("mine, theirs, cubeless, owned, centred, theirs_owned", GNUBG_TWO_SIDED)
def test_two_sided_matches_gnubg(mine, theirs, cubeless, owned, centred, theirs_owned, two_sided):
    a, b = bearoff.rank(mine, 6), bearoff.rank(theirs, 6)
    assert 2 * two_sided["win"][a, b] - 1 == pytest.approx(cubeless, abs=2e-4)
    assert two_sided["no_double_owned"][a, b] == pytest.approx(owned, abs=2e-4)
    assert two_sided["no_double_centre"][a, b] == pytest.approx(centred, abs=2e-4)
    assert two_sided["no_double_theirs"][a, b] == pytest.approx(theirs_owned, abs=2e-4)


OWNER = {"centre": "centre", "on_roll": "me", "opponent": "them"}


@pytest.mark.slow
def test_capped_cube_equities_match_plain_python():
    positions = [c for c in small_positions(2) if sum(c)]
    for mine in positions:
        for theirs in positions:
            a, b = bearoff.rank(mine, 6), bearoff.rank(theirs, 6)
            for value in (1, 2, 4, 8, 16, 32, 64):
                # Centred above 1: opening ties.
                for owner in (("centre",) if value == 1 else ("centre", "on_roll", "opponent")):
                    no_double, take = cube.cube_equities(a, b, value, owner)
                    want = ref.capped_no_double(mine, theirs, value, OWNER[owner])
                    assert no_double == pytest.approx(float(want), abs=1e-12), (mine, theirs, value, owner)
                    if owner == "opponent" or value == 64:
                        assert take is None
                    else:
                        want_take = 2 * ref.capped_no_double(mine, theirs, 2 * value, "them")
                        assert take == pytest.approx(float(want_take), abs=1e-12)


@pytest.mark.slow
def test_the_64_cap_changes_equities(two_sided):
    # With an endless cube a 32-cube could be redoubled for ever; with the cap it cannot.
    capped = bearoff.two_sided_piece("cube-8")["theirs"]
    assert np.abs(capped - two_sided["no_double_theirs"])[1:, 1:].max() > 1e-3
    centred = bearoff.two_sided_piece("cube-1")["no_double"]
    assert np.abs(centred - two_sided["no_double_centre"])[1:, 1:].max() < 1e-4


def _home(counts):
    return tuple(counts) + (0,) * 20


@pytest.mark.slow
def test_cube_advice_decisions():
    # Two checkers each, roller 86% to win: the opponent's take would be worth 2 x 0.706 > 1: pass.
    advice = cube.cube_advice("backgammon", Position(_home((2, 0, 0, 0, 0, 1)), _home((0, 0, 0, 0, 0, 2))))
    assert advice.exact and advice.decision == "double, pass"
    assert advice.win_chance == pytest.approx((1 + 0.7196) / 2, abs=1e-4)
    # The roller is a big underdog: no double, and the opponent owns nothing yet.
    advice = cube.cube_advice("backgammon", Position(_home((1, 1, 1, 1, 1, 1)), _home((2, 2, 0, 0, 0, 0))))
    assert not advice.should_double
    # Larger races fall back on the one-sided distributions (no exact cube).
    advice = cube.cube_advice("backgammon", Position(_home((3, 3, 3, 2, 2, 2)), _home((3, 3, 3, 2, 2, 2))))
    assert not advice.exact and 0.5 < advice.win_chance < 0.75
    assert advice.decision.startswith("Keith count:")


def test_race_from_one_sided_agrees_with_two_sided_when_no_choice_matters(two_sided):
    # One checker each: play cannot differ between the two objectives, so both must agree.
    for p in range(6):
        for q in range(6):
            mine, theirs = [0] * 6, [0] * 6
            mine[p], theirs[q] = 1, 1
            exact = two_sided["win"][bearoff.rank(mine, 6), bearoff.rank(theirs, 6)]
            assert bearoff.race_win_chance(mine, theirs) == pytest.approx(exact, abs=1e-12)


@pytest.mark.parametrize("counts, words", [("3 3 3", "six checker counts"), ("9 9 0 0 0 0", "18 checkers"),
                                           ("a b c d e f", "six checker counts")])
def test_bad_bearoff_counts(counts, words):
    with pytest.raises(InvalidPosition, match=words):
        bearoff.bearoff_odds(counts)


def test_bar_checker_is_not_a_bearoff():
    with pytest.raises(InvalidPosition, match="bar"):
        cube.cube_advice("backgammon", Position.from_notation("1:2 bar:1 / 1:3"))


@pytest.mark.slow
def test_one_sided_race_estimate_is_close_to_the_exact_two_sided_chance():
    estimate = bearoff.one_sided_win_matrix()[1:, 1:]
    exact = bearoff.two_sided_piece("win")["win"][1:, 1:]
    error = np.abs(estimate - exact)
    # Playing to finish fastest rather than to win costs little: under 2 points at worst.
    assert error.max() < 0.02 and error.mean() < 0.002
    # ...but it is not the same thing: some pairs differ by more than a percentage point.
    assert error.max() > 0.01


@pytest.mark.parametrize("top", [0, 1, 3, 6, 8])
def test_home_positions_kernel_matches_itertools(top):
    # The enumeration is the rank order: every 6-tuple of at most `top`, last point fastest. The
    # kernel lists the 15-checker boards, plain Python the two-sided database's 924 and fewer.
    from math import comb

    from analysis.backgammon import _kernels

    plain = [list(c) for c in product(range(top + 1), repeat=6) if sum(c) <= top]
    assert _kernels.home_positions(top, comb(top + 6, 6)).tolist() == plain
    assert bearoff.home_positions(top).tolist() == plain
