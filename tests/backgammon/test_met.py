"""The match equity table: symmetry, limits, hand-computed scores, and the published Kazaross-XG2 table."""

import pytest

from analysis.backgammon import met as m
from analysis.backgammon.met import (BACKGAMMON_RATE, CRAWFORD, GAMMON_RATE, NORMAL, POST_CRAWFORD, Outcomes, Score,
                                     cubeful_mwc, match_score, met, take_point)
from analysis.errors import InvalidArgument

G, B = GAMMON_RATE, BACKGAMMON_RATE
AWAYS = range(1, m.MOST_AWAY + 1)

#: Kazaross-XG2 (XG rollouts to 9 points, as distributed with GNU Backgammon as Kazaross-XG2.xml):
#: the chance of the side a-away (row) against the side b-away (column), 1 to 9 away, and post-Crawford.
KAZAROSS_XG2 = [
    [0.50000, 0.67736, 0.75076, 0.81436, 0.84179, 0.88731, 0.90724, 0.93250, 0.94402],
    [0.32264, 0.50000, 0.59947, 0.66870, 0.74359, 0.79940, 0.84225, 0.87539, 0.90197],
    [0.24924, 0.40053, 0.50000, 0.57150, 0.64795, 0.71123, 0.76209, 0.80468, 0.84017],
    [0.18564, 0.33130, 0.42850, 0.50000, 0.57732, 0.64285, 0.69924, 0.74577, 0.78799],
    [0.15821, 0.25641, 0.35205, 0.42268, 0.50000, 0.56635, 0.62638, 0.67786, 0.72540],
    [0.11269, 0.20060, 0.28877, 0.35715, 0.43365, 0.50000, 0.56261, 0.61636, 0.66787],
    [0.09276, 0.15775, 0.23791, 0.30076, 0.37362, 0.43739, 0.50000, 0.55480, 0.60854],
    [0.06750, 0.12461, 0.19532, 0.25423, 0.32214, 0.38364, 0.44520, 0.50000, 0.55442],
    [0.05598, 0.09803, 0.15983, 0.21201, 0.27460, 0.33213, 0.39146, 0.44558, 0.50000]]
KAZAROSS_XG2_POST = [0.50000, 0.48803, 0.32264, 0.31002, 0.19012, 0.18072, 0.11559, 0.10906, 0.06953]


def test_symmetry_every_score():
    # each entry is computed from its own side's view; the two must add up to 1
    for a in AWAYS:
        for b in AWAYS:
            assert met(a, b) + met(b, a) == pytest.approx(1.0, abs=1e-12), (a, b)


def test_limits_and_finished_matches():
    assert met(1, 1) == 0.5 and met(1, 1, post_crawford=True) == 0.5
    assert met(0, 5) == 1.0 and met(-2, 5) == 1.0 and met(5, 0) == 0.0
    for a in AWAYS:
        assert met(a, a) == pytest.approx(0.5, abs=1e-12)


def test_monotone_in_each_away():
    for a in AWAYS:
        for b in AWAYS:
            if a < m.MOST_AWAY:
                assert met(a + 1, b) < met(a, b), (a, b)       # needing more points is worse
            if b < m.MOST_AWAY:
                assert met(a, b + 1) > met(a, b), (a, b)
    post = [met(1, n, post_crawford=True) for n in AWAYS]
    assert all(x <= y for x, y in zip(post, post[1:]))          # the leader 1-away: a further trailer is no better


def test_crawford_game_by_hand():
    # The Crawford game at 1-away/2-away has no cube: the trailer must win it twice, or win a gammon.
    # Trailer wins a single (1/2 (1 - G)): 1-away/1-away post-Crawford, a coin toss; a gammon: the match.
    trailer = 0.5 * (1 - G) * 0.5 + 0.5 * G
    assert met(2, 1) == pytest.approx(trailer, abs=1e-12)
    assert met(1, 2) == pytest.approx(1 - trailer, abs=1e-12)
    assert met(1, 2) == pytest.approx(0.67736, abs=0.001)      # Kazaross-XG2
    # no cube in the Crawford game: the value is the cubeless one, whatever the efficiency
    opening = Outcomes.symmetric(G, B)
    crawford = Score(1, 3, CRAWFORD)
    assert cubeful_mwc(opening, crawford, 1, "centre", 0.68) == cubeful_mwc(opening, crawford, 1, "centre", 0.0)


def test_post_crawford_and_free_drop_by_hand():
    # 1-away/2-away post-Crawford: the trailer doubles at once, the game is for the match.
    assert met(2, 1, post_crawford=True) == 0.5
    # 3-away: a single win leads to 1-away/1-away, a gammon wins the match.
    three = 0.5 * ((1 - G) * 0.5 + G)
    assert met(3, 1, post_crawford=True) == pytest.approx(three, abs=1e-12)
    # 4-away: the leader drops the trailer's double (a free drop: 3-away is no better for the trailer)
    assert met(4, 1, post_crawford=True) == pytest.approx(three, abs=1e-12)
    leader = Score(1, 2, POST_CRAWFORD)
    # the leader's take point of the trailer's double at 1-away/2-away: passing leaves 1-away/1-away
    assert take_point(Outcomes.symmetric(G, B), leader, 1, met, 0.68) == pytest.approx(0.5, abs=1e-12)


def test_two_away_two_away_cube_by_hand():
    # Doubled at 2-away/2-away the game decides the match (gammons count for nothing), so the taker
    # needs exactly the match equity of passing: 2-away against the opponent's Crawford game.
    for gammons in (0.0, 0.3):
        shares = Outcomes.symmetric(gammons, 0.0)
        assert take_point(shares, Score(2, 2, NORMAL), 1, met, 0.68) == pytest.approx(met(2, 1), abs=1e-12)


def test_against_kazaross_xg2():
    differences = [met(a, b) - KAZAROSS_XG2[a - 1][b - 1] for a in range(1, 10) for b in range(1, 10)]
    assert max(abs(d) for d in differences) < 0.015
    assert sum(abs(d) for d in differences) / len(differences) < 0.004
    post = [met(n, 1, post_crawford=True) for n in range(1, 10)]
    assert max(abs(x - y) for x, y in zip(post, KAZAROSS_XG2_POST)) < 0.015


def test_gammon_rates_are_the_nets_opening_evaluation():
    from analysis.backgammon.net import evaluate
    from analysis.backgammon.position import Position

    p = evaluate("backgammon", Position.opening()).probabilities
    assert GAMMON_RATE == pytest.approx(p[1] + p[3], abs=5e-4)
    assert BACKGAMMON_RATE == pytest.approx(p[2] + p[4], abs=5e-5)


def test_match_score_reading():
    assert match_score(7, "4-2") == Score(3, 5, NORMAL)
    assert match_score(7, "6-2") == Score(1, 5, CRAWFORD)
    assert match_score(7, "2-6", crawford=False) == Score(5, 1, POST_CRAWFORD)
    for length, score in ((7, "7-2"), (7, "4"), (7, "a-b"), (30, "1-1")):
        with pytest.raises(InvalidArgument):
            match_score(length, score)
    with pytest.raises(InvalidArgument):
        match_score(7, "2-2", crawford=True)


def test_met_command(odds):
    data = odds("backgammon", "met", "--away", "5", "--json").json()
    assert data["met"]["2"]["4"] == pytest.approx(met(2, 4)) and len(data["met"]) == 5
    assert data["post_crawford"]["3"] == pytest.approx(met(3, 1, post_crawford=True))
    takes = odds("backgammon", "met", "--take-points", "--away", "4", "--json").json()["take_points"]
    # 2-away/2-away: the taker needs the match equity of passing (hand-computed above)
    assert takes["2"]["2"] == pytest.approx(met(2, 1), abs=1e-12)
    assert "Post-Crawford" in odds("backgammon", "met").out


def test_take_point_table_orders():
    table = m.take_point_table(5)
    # a leader far ahead must be careful (2-away against a 4-away doubler: near 40%); a far trailer takes more
    assert table.loc[2, 4] > 0.35 and table.loc[5, 2] < 0.25
