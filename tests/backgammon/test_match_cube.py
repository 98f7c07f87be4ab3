"""The cube and the plays at a match score: hand-computed scores and the commands as written."""

import pytest

from analysis.backgammon.match_cube import match_cube_decision, match_hint
from analysis.backgammon.met import Score, match_score, met
from analysis.backgammon.position import Position
from tests.conftest import assert_one_sentence_error

BEAR_OFF = Position.from_id("YAAAGAQAAAAAAA")      # 1:2 6:1 against 6:2: 86.0% to win, no gammons possible


def test_double_match_point_has_no_cube_value():
    # 1-away/1-away (after the Crawford game): the game is the match; doubling changes nothing
    score = Score(1, 1, "post-crawford")
    d = match_cube_decision("backgammon", BEAR_OFF, score)
    assert d.no_double == pytest.approx(d.evaluation.win, abs=1e-12)
    assert d.double_take is None and d.decision.startswith("no double")


def test_two_away_two_away_exact_bear_off():
    # doubled, the game decides the match: double/take = the win chance; the taker needs met(2, 1)
    d = match_cube_decision("backgammon", BEAR_OFF, match_score(5, "3-3"))
    assert d.evaluation.exact
    assert d.double_take == pytest.approx(d.evaluation.win, abs=1e-12)
    assert d.double_pass == pytest.approx(met(1, 2), abs=1e-12)
    assert d.take_point == pytest.approx(met(2, 1), abs=1e-12)
    assert d.decision == "double, pass"         # 14% is below the 32% the taker needs


def test_crawford_game_and_post_crawford_leader():
    crawford = match_cube_decision("backgammon", Position.opening(), match_score(7, "6-3"))
    assert crawford.decision == "no double (the Crawford game has no cube)"
    leader = match_cube_decision("backgammon", Position.opening(), match_score(7, "6-3", crawford=False))
    assert leader.decision == "no double (a win at this cube already wins the match)"
    # the trailer, post-Crawford, has nothing to lose by doubling: at once it doubles
    trailer = match_cube_decision("backgammon", Position.opening(), match_score(7, "3-6", crawford=False))
    assert trailer.decision.startswith("double")


@pytest.mark.slow
def test_gammons_free_for_the_trailer_weigh_in_the_hint():
    # at 1-away/2-away post-Crawford with the cube doubled to 2, the game decides the match: a gammon
    # is worth no more than a win for either side, so plays are ranked by the win chance alone
    position = Position(Position.opening().on_roll, Position.opening().opponent, 2, "opponent")
    ranked = match_hint("backgammon", position, "31", Score(2, 1, "post-crawford"))
    wins = [p.probabilities[0] for p in ranked.plays]
    assert wins == sorted(wins, reverse=True)
    assert ranked.plays[0].mwc == pytest.approx(wins[0], abs=1e-12)


def test_cube_command_as_written(odds):
    result = odds("backgammon", "cube", "--id", "4HPwATDgc/ABMA", "--match", "7", "--score", "4-2", "--cube", "2",
                  "--owner", "opponent", "--json")
    assert result.code == 0, result.err
    data = result.json()
    assert data["away"] == [3, 5] and data["decision"] == "no double (the opponent owns the cube)"
    assert 0.0 < data["own_take_point"] < 0.5 and 0.0 < data["mwc_no_double"] < 1.0
    assert data["position_id"] == "4HPwATDgc/ABMA" and data["xgid"].endswith(":1:-1:1:00:4:2:0:7:10")
    doubling = odds("backgammon", "cube", "--id", "YAAAGAQAAAAAAA", "--match", "5", "--score", "2-2", "--json").json()
    assert doubling["decision"] == "double, pass" and doubling["exact"]


@pytest.mark.slow
def test_hint_and_eval_take_an_xgid(odds):
    xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:7:10"
    data = odds("backgammon", "hint", "--xgid", xgid, "--json").json()
    assert data["roll"] == [3, 1] and data["plays"][0]["play"] == "8/5 6/5" and data["away"] == [7, 7]
    assert data["xgid"] == xgid and data["match_id"] == "cInlAAAAAAAA"
    evaluation = odds("backgammon", "eval", "--xgid", xgid, "--json").json()
    assert evaluation["mwc"] == pytest.approx(0.5, abs=0.02)


@pytest.mark.parametrize("args", [
    ["--match", "7", "--score", "7-2"],                     # a score beyond the match
    ["--match", "7", "--score", "4-2", "--cube", "3"],       # not a power of two
    ["--match", "7", "--score", "4-2", "--cube", "2", "--owner", "me"],
    ["--score", "4-2"],                                      # no match length
    ["--match", "7", "--score", "6-2", "--cube", "2", "--owner", "opponent"],     # a cube in the Crawford game
    ["--match", "7", "--score", "3-3", "--crawford"],
    ["--match-id", "QYkqASAAIAAA", "--score", "4-2"],
])
def test_bad_match_input_is_one_sentence(odds, args):
    assert_one_sentence_error(odds("backgammon", "cube", "--id", "4HPwATDgc/ABMA", *args))


def test_match_play_needs_standard_scoring(odds):
    assert_one_sentence_error(odds("backgammon", "cube", "--match", "7", "--score", "1-1", "--rules", "dutch"))
