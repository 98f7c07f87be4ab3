"""XGID and GNU Backgammon match IDs: known ids read field by field, and round trips."""

import pytest

from analysis.backgammon.ids import Setup, read_match_id, read_xgid, write_match_id, write_xgid
from analysis.backgammon.position import Position
from analysis.errors import InvalidPosition

OPENING_XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:7:10"


def test_opening_xgid_fields():
    setup = read_xgid(OPENING_XGID)
    assert setup.position == Position.opening()
    assert (setup.length, setup.score, setup.crawford, setup.dice) == (7, (0, 0), False, (3, 1))
    assert write_xgid(setup) == OPENING_XGID


def test_top_player_on_turn():
    # the top player (lower case) on turn, owning a 2-cube, 3-1 to it... as the bottom player has 3, top 1
    setup = read_xgid("XGID=-a-B--C-B---bC---c-e---aB-:1:-1:-1:00:3:1:0:7:10")
    # the lower-case checkers are the side on roll's, counted from index 25 down
    assert setup.position.notation() == "2:1 6:5 8:3 13:2 24:1 / 3:2 6:3 8:2 13:3 24:2 / cube 2 on_roll"
    assert setup.score == (1, 3) and setup.dice is None
    again = read_xgid(write_xgid(setup))          # written with the side on roll at the bottom
    assert again == setup
    assert write_xgid(setup).split(":")[1:] == ["1", "1", "1", "00", "1", "3", "0", "7", "10"]


def test_bars_and_crawford():
    # the side on roll has one on the bar (index 25), the opponent one on its bar (index 0), 4-6 to 7 Crawford
    text = "XGID=a-----E-C---dE---c-e----AA:0:0:1:00:6:4:1:7:10"
    setup = read_xgid(text)
    assert setup.position.on_roll[24] == 1 and setup.position.opponent[24] == 1
    assert setup.crawford and setup.score == (6, 4)
    assert write_xgid(setup) == text


@pytest.mark.parametrize("text", [
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:7",          # older ids: no cube limit
    "-b----E-C---eE---c-e----B-:2:0:1:00:0:0:0:0:10",             # no prefix, a centred 4 (money)
])
def test_variants_of_the_format(text):
    setup = read_xgid(text)
    assert read_xgid(write_xgid(setup)) == setup


@pytest.mark.parametrize("text", [
    "XGID=-b----E-C---eE---c-e----B:0:0:1:31:0:0:0:7:10",          # 25 board characters
    "XGID=-b----E-C---eE---c-e----B-:0:0:2:31:0:0:0:7:10",         # turn 2
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:37:0:0:0:7:10",         # a 7 on a die
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:7:0:0:7:10",         # a score of 7 in a match to 7
    "XGID=-b----E-C---eE---c-e----B-:1:0:1:00:6:3:1:7:10",         # a cube in the Crawford game
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:3:3:1:7:10",         # Crawford at 4-away each
    "XGID=-z----E-C---eE---c-e----B-:0:0:1:31:0:0:0:7:10",         # z is no count
])
def test_bad_xgids(text):
    with pytest.raises(InvalidPosition):
        read_xgid(text)


def test_match_id_from_the_manual():
    # GNU Backgammon's manual: a 9-point match at 2-4, the cube at 2 owned by player 0, player 1 on roll with 5-2
    setup = read_match_id("QYkqASAAIAAA", "4HPwATDgc/ABMA")
    assert setup.length == 9 and setup.score == (4, 2) and setup.dice == (5, 2)
    assert (setup.position.cube_value, setup.position.cube_owner) == (2, "opponent")
    assert write_match_id(setup) == "QYkqASAAIAAA"


def test_match_id_round_trips():
    position = Position.from_id("jDM4AEb4HAyAAA", 4, "on_roll")
    for setup in (Setup(position, 11, (3, 9), False, (6, 6)), Setup(Position.opening(), 5, (4, 2), True, None),
                  Setup(Position.opening(), 0)):
        again = read_match_id(write_match_id(setup), setup.position.position_id())
        assert again == setup
        assert read_xgid(write_xgid(setup)) == setup


def test_bad_match_ids():
    for text in ("QYkqASAAIAA", "QYkqASAAIAA!"):
        with pytest.raises(InvalidPosition):
            read_match_id(text, "4HPwATDgc/ABMA")


@pytest.mark.slow
def test_every_position_answer_carries_the_ids(odds):
    xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:7:10"
    for args in (["moves", "--xgid", xgid, "--roll", "31"], ["eval", "--xgid", xgid], ["cube", "--xgid", xgid],
                 ["hint", "--xgid", xgid]):
        data = odds("backgammon", *args, "--json").json()
        assert (data["xgid"], data["position_id"], data["match_id"]) == (xgid, "4HPwATDgc/ABMA", "cInlAAAAAAAA")
    race = odds("backgammon", "race", "--id", "YAAAGAQAAAAAAA", "--json").json()
    assert race["position_id"] == "YAAAGAQAAAAAAA" and read_xgid(race["xgid"]).position == Position.from_id(
        "YAAAGAQAAAAAAA")
    bearoff = odds("backgammon", "bearoff", "--xgid", race["xgid"], "--json").json()
    assert bearoff["match_id"] == race["match_id"] and bearoff["decision"] == "double, pass"
    dutch = odds("backgammon", "moves", "--rules", "dutch", "--roll", "31", "--json").json()
    assert dutch["xgid"] is None and dutch["match_id"] is None        # checkers waiting to enter: no id
