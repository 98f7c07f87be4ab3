"""Matches to N points between bots: the match rules kept in every game, the same matches however they
are cut, and each match written as .mat text and read back move by move."""

import pytest

from analysis.backgammon.mat import mat_move, read_mat, write_mat
from analysis.backgammon.match_play import mat_match, move_notation, play_matches
from analysis.backgammon.moves import legal_plays
from analysis.backgammon.position import Position
from analysis.errors import InvalidArgument
from tests.conftest import assert_one_sentence_error


@pytest.fixture(scope="module")
def net_matches():
    return play_matches("backgammon", "net", "net", 5, 6, seed=3)


@pytest.mark.slow
def test_match_rules_in_every_game(net_matches):
    for record in net_matches.records:
        points = [0, 0]
        crawford_seen = False
        for game in record.games:
            assert tuple(points) == game.score
            away = [5 - p for p in points]
            one_away = (away[0] == 1) != (away[1] == 1)
            assert game.crawford == (one_away and not crawford_seen)
            crawford_seen |= game.crawford
            doubles = [a for a in game.actions if a[0] == "double"]
            if game.crawford:
                assert not doubles                       # no cube in the Crawford game
            cube = 1
            for action in doubles:
                assert action[2] == 2 * cube
                cube = action[2]
            dropped = game.actions[-1][0] == "drop"
            # a win pays the cube, times 2 or 3 for a gammon or backgammon; a drop pays the cube before it
            assert game.points == cube // 2 if dropped else game.points in (cube, 2 * cube, 3 * cube)
            points[game.winner] += game.points
        assert max(points) >= 5 and points[record.winner] >= 5 and min(points) < 5


@pytest.mark.slow
def test_same_matches_however_cut(net_matches):
    again = play_matches("backgammon", "net", "net", 5, 6, seed=3, scheduler="sync", chunks=4)
    assert [(r.winner, [(g.winner, g.points) for g in r.games]) for r in again.records] == \
        [(r.winner, [(g.winner, g.points) for g in r.games]) for r in net_matches.records]


def test_mat_round_trip_replays_every_move(net_matches):
    for record in net_matches.records[:3]:
        written = mat_match(net_matches, record)
        read = read_mat(write_mat(written))
        assert read.length == 5 and read.players == ("net", "net")
        assert [(g.score, g.winner, g.points, g.actions) for g in read.games] == \
            [(g.score, g.winner, g.points, g.actions) for g in written.games]
        # every move read back is the legal play that led to the recorded board
        for game, recorded in zip(read.games, record.games):
            moves = [a for a in recorded.actions if a[0] == "move"]
            texts = [a for a in game.actions if a[0] == "move"]
            for (_, side, dice, before, after), (_, side_read, dice_read, text) in zip(moves, texts):
                assert (side, dice) == (side_read, dice_read)
                matching = [p for p in legal_plays("backgammon", _position(before), dice).plays
                            if mat_move(p.notation) == text]
                assert matching and all(_board(p) == tuple(int(c) for c in after) for p in matching)


def _position(board):
    return Position(tuple(int(c) for c in board[:26]), tuple(int(c) for c in board[26:]))


def _board(play):
    result = play.result.swapped()
    return result.on_roll + result.opponent


def test_mat_moves_written_as_gnu_backgammon_reads_them():
    assert mat_move("bar/22 6/off(2)") == "25/22 6/0 6/0"
    assert mat_move("13/7*/5") == "13/7* 7/5"
    assert mat_move("no legal move") == ""
    opening = Position.opening()
    after = legal_plays("backgammon", opening, "31").plays
    eight_five = next(p for p in after if p.notation == "8/5 6/5")
    assert move_notation("backgammon", opening.board_array(), (3, 1), _board(eight_five)) == "8/5 6/5"


def test_a_file_from_another_author():
    text = """ 3 point match

 Game 1
 Alice : 0                              Bob : 0
  1) 31: 8/5 6/5                        64: 24/18 13/9
  2)  Doubles => 2                       Drops
      Wins 1 point
"""
    match = read_mat(text)
    assert match.players == ("Alice", "Bob") and match.length == 3
    assert match.games[0].actions == [("move", 0, (3, 1), "8/5 6/5"), ("move", 1, (6, 4), "24/18 13/9"),
                                      ("double", 0, 2), ("drop", 1)]
    assert (match.games[0].winner, match.games[0].points) == (0, 1)
    with pytest.raises(InvalidArgument):
        read_mat("hello\n")


def test_a_file_as_gnu_backgammon_exports_it():
    # tag lines, a left-hand move running into the right column, and the left player's drop with the
    # right player's win on the same line (GNU Backgammon 1.07's "export match mat" layout)
    text = """; [EventDate "2026.12.04"]

 3 point match

 Game 1
 net : 0                        net : 0
  1)                             13: 8/5 6/5
  2) 33: 21/18 18/15 15/12* 13/10 52: 25/23 9/4
  3)                              Doubles => 2
  4)  Drops                       Wins 1 point
"""
    game = read_mat(text).games[0]
    assert game.actions == [("move", 1, (1, 3), "8/5 6/5"), ("move", 0, (3, 3), "21/18 18/15 15/12* 13/10"),
                            ("move", 1, (5, 2), "25/23 9/4"), ("double", 1, 2), ("drop", 0)]
    assert (game.winner, game.points) == (1, 1)


def test_a_left_drop_is_written_on_the_winners_line():
    from analysis.backgammon.mat import MatGame, MatMatch

    game = MatGame((0, 0), [("move", 0, (3, 1), "8/5 6/5"), ("double", 1, 2), ("drop", 0)], winner=1, points=1)
    text = write_mat(MatMatch(3, ("a", "b"), [game]))
    assert [line for line in text.splitlines() if "Drops" in line][0].rstrip().endswith("Wins 1 point")
    again = read_mat(text).games[0]
    assert (again.actions, again.winner, again.points) == (game.actions, 1, 1)


def test_match_command(odds, tmp_path):
    result = odds("backgammon", "match", "--bots", "net,pips", "--points", "3", "--matches", "4", "--seed", "1",
                  "--export", str(tmp_path), "--json")
    assert result.code == 0, result.err
    data = result.json()[0]
    assert data["matches"] == 4 and data["points"] == 3
    low, high = data["a_match_win_rate_95"]
    assert 0.0 <= low <= data["a_match_win_rate"] <= high <= 1.0
    files = sorted((tmp_path / "net-vs-pips").glob("*.mat"))
    assert len(files) == 4 and all(read_mat(f.read_text()).length == 3 for f in files)
    for args in (["--points", "5", "--games", "10"], ["--matches", "5"], ["--points", "5", "--cube"],
                 ["--points", "5", "--rules", "acey_deucey"]):
        assert_one_sentence_error(odds("backgammon", "match", "--bots", "net,pips", *args))
