"""Backgammon match play against GNU Backgammon itself: ids read both ways, exported matches imported.

Run:  .venv/bin/python benchmarks/bench_backgammon_match.py [--matches 10]
Peer: the GNU Backgammon program (Debian package ``gnubg``; ``apt-get install gnubg``), run
without a window (``gnubg -t -q -r``):

* **XGID.** For each XGID (hand-made ones with the side on roll at the top or the bottom, on
  the bar, in the Crawford game, with the cube owned, and the XGIDs this toolkit writes for
  positions of bots' matches) GNU Backgammon is told ``set xgid ...`` and shows its position
  ID and match ID; this toolkit reads those two back (``read_match_id``) and must find the very
  position, cube, score, match length and Crawford flag it read from the XGID.
* **.mat export.** Matches between bots to 3 and 5 points are exported as .mat text and
  imported by GNU Backgammon (``import mat``); the score it shows after the last game must be
  the match's final score, game count included, and its last board the last game's final board
  (the moves replayed by GNU Backgammon itself); its own export of the match (``export match mat``),
  read by this toolkit's reader, must give every game's winner and points.

The script stops with the first disagreement; it prints and records what agreed.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from analysis.backgammon.ids import read_match_id, read_xgid, write_xgid
from analysis.backgammon.ids import Setup
from analysis.backgammon.mat import read_mat
from analysis.backgammon.match_play import export_matches, play_matches
from analysis.backgammon.position import Position
from _timing import markdown_table, record

#: Positions whose cube decision is compared (one GNU Backgammon run each, about a second).
MOST_CUBE_POSITIONS = 150
GNUBG = shutil.which("gnubg") or ("/usr/games/gnubg" if Path("/usr/games/gnubg").exists() else None)
#: XGIDs that exercise each field: the opening (bottom on roll, 3-1 rolled), the top player on roll
#: with its cube, checkers on both bars in the Crawford game, a money game with a centred 4.
HAND_MADE = ["XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:7:10",
             "XGID=-a-B--C-B---bC---c-e---aB-:1:-1:-1:00:3:1:0:7:10",
             "XGID=a-----E-C---dE---c-e----AA:0:0:1:00:6:4:1:7:10",
             "XGID=-b----E-C---eE---c-e----B-:2:0:-1:00:0:0:0:0:10"]


def gnubg(commands: list[str]) -> str:
    """GNU Backgammon's text output for ``commands`` (then quit)."""
    script = "\n".join(commands + ["quit", "y"]) + "\n"
    done = subprocess.run([GNUBG, "-t", "-q", "-r"], input=script, capture_output=True, text=True, timeout=300)
    return done.stdout


def gnubg_ids(xgid: str) -> tuple[str, str]:
    """(position ID, match ID) GNU Backgammon shows after ``set xgid``."""
    out = gnubg([f"set xgid {xgid}", "show board"])
    position = re.findall(r"Position ID: (\S+)", out)
    match = re.findall(r"Match ID\s*: (\S+)", out)
    if not position or not match:
        raise SystemExit(f"GNU Backgammon did not read {xgid}:\n{out[-800:]}")
    return position[-1], match[-1]


def check_xgids(xgids: list[str]) -> None:
    for xgid in xgids:
        ours = read_xgid(xgid)
        position_id, match_id = gnubg_ids(xgid)
        theirs = read_match_id(match_id, position_id)
        # gnubg's match ID leaves out a dice owner's roll when none is rolled; compare what both hold
        if (theirs.position, theirs.length, theirs.score, theirs.crawford) != (
                ours.position, ours.length, ours.score, ours.crawford):
            raise SystemExit(f"{xgid}: GNU Backgammon shows {position_id}:{match_id}, which reads as {theirs}; "
                             f"ours is {ours}")


def check_import(path: Path, record_) -> None:
    back = path.with_suffix(".gnubg.mat")
    out = gnubg([f"import mat {path}", "show score", "show board", f"export match mat {back}"])
    found = re.findall(r"The score \(after (\d+) games?\) is: (\S+) (\d+), (\S+) (\d+)", out)
    points = [0, 0]
    for game in record_.games:
        points[game.winner] += game.points
    if not found:
        raise SystemExit(f"GNU Backgammon did not import {path}:\n{out[-800:]}")
    games, _, a, _, b = found[-1]
    if (int(games), int(a), int(b)) != (len(record_.games), points[0], points[1]):
        raise SystemExit(f"{path}: GNU Backgammon shows {games} games, {a}-{b}; ours {len(record_.games)} games, "
                         f"{points[0]}-{points[1]}")
    # the last game's final board: the loser's checkers where our record left them (the winner has none)
    final = Position.from_id(re.findall(r"Position ID: (\S+)", out)[-1])
    last = record_.games[-1].actions
    after = next(a[4] for a in reversed(last) if a[0] == "move")
    ours = {tuple(int(c) for c in after[:26]), tuple(int(c) for c in after[26:])}
    if record_.games[-1].actions[-1][0] == "move" and {final.on_roll, final.opponent} != ours:
        raise SystemExit(f"{path}: GNU Backgammon's last board {final.notation()} is not ours")
    # and GNU Backgammon's own export of the match, read by our reader: the same games and results
    again = read_mat(back.read_text())
    if [(g.winner, g.points) for g in again.games] != [(g.winner, g.points) for g in record_.games]:
        raise SystemExit(f"{back}: GNU Backgammon's export reads as other results than ours")


def gnubg_cube_actions(xgids: list[str]) -> list[str | None]:
    """GNU Backgammon's proper cube action at 0-ply for each XGID (None: it says the side cannot double).
    One run a position: gnubg writes its messages to stderr, so a batch's answers cannot be told apart."""
    settings = ["set evaluation chequerplay evaluation plies 0", "set evaluation cubedecision evaluation plies 0"]
    answers = []
    for xgid in xgids:
        found = re.findall(r"Proper cube action: ([^\n(]+)", gnubg(settings + [f"set xgid {xgid}", "hint"]))
        answers.append(found[-1].strip().lower() if found else None)
    return answers


def _double_take(decision: str) -> tuple[bool, bool]:
    """(doubles, takes) of a cube action in either program's words."""
    words = decision.lower().replace("redouble", "double").replace("beaver", "take")
    return words.startswith("double"), words.rstrip().endswith("take")


def compare_cube(matches, length: int) -> tuple[int, int, int]:
    """(positions, same double, same take) of our cube decisions at the match score against GNU Backgammon's,
    both at 0-ply, on positions of ``matches`` where the side on roll holds the cube's access (centred)."""
    from analysis.backgammon.match_cube import match_cube_decision
    from analysis.backgammon.met import match_score

    cases = []
    for match in matches:
        for game in match.games:
            if game.crawford:
                continue
            doubled = False
            for action in game.actions[2::7]:
                if action[0] == "double":
                    doubled = True
                if doubled or action[0] != "move":
                    continue
                board = action[3]
                position = Position(tuple(int(c) for c in board[:26]), tuple(int(c) for c in board[26:]))
                score = game.score[::-1] if action[1] else game.score
                cases.append((position, score))
    cases = cases[:MOST_CUBE_POSITIONS]
    xgids = [write_xgid(Setup(position, length, score)) for position, score in cases]
    theirs = gnubg_cube_actions(xgids)
    same_double = same_take = counted = 0
    for (position, score), their in zip(cases, theirs):
        if their is None:
            continue
        ours = match_cube_decision("backgammon", position, match_score(length, tuple(score))).decision
        counted += 1
        a, b = _double_take(ours), _double_take(their)
        same_double += a[0] == b[0]
        same_take += a[1] == b[1]
    return counted, same_double, same_take


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=10, help="matches of each pairing exported and imported")
    args = parser.parse_args()
    if GNUBG is None:
        raise SystemExit("GNU Backgammon is not installed (apt-get install gnubg): nothing to compare with.")
    version = subprocess.run([GNUBG, "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    start = time.perf_counter()
    check_xgids(HAND_MADE)
    rows = [["hand-made XGIDs (each field)", len(HAND_MADE), "same position, cube, score, length, Crawford"]]
    with tempfile.TemporaryDirectory() as folder:
        imported = 0
        written = []
        for bots, points in ((("net", "pips"), 5), (("net", "net"), 3)):
            result = play_matches("backgammon", *bots, points, args.matches, seed=7)
            paths = export_matches(result, Path(folder) / "-".join(bots))
            for path, match in zip(paths, result.records):
                check_import(path, match)
                imported += 1
                # the XGIDs we write for positions of these matches (before a move, the mover on roll)
                game = match.games[-1]
                for action in game.actions[2:30:9]:
                    if action[0] == "move":
                        board = action[3]
                        position = Position(tuple(int(c) for c in board[:26]), tuple(int(c) for c in board[26:]))
                        written.append(write_xgid(Setup(position, points, game.score[::-1] if action[1] else
                                                        game.score, game.crawford, action[2])))
        check_xgids(written)
    rows.append(["XGIDs written by `odds` for positions of bots' matches", len(written),
                 "same position, cube, score, length, Crawford"])
    cube_matches = play_matches("backgammon", "net", "net", 7, args.matches, seed=11).records
    counted, same_double, same_take = compare_cube(cube_matches, 7)
    cube_row = (f"{counted} positions of net-against-net 7-point matches, the cube centred, at the match score: "
                f"our double / no double as GNU Backgammon's in {same_double} ({100 * same_double / counted:.0f}%), "
                f"take / pass in {same_take} ({100 * same_take / counted:.0f}%); both at 0-ply, each with its own net "
                "and match equity table")
    print(cube_row)
    rows.append([".mat files exported (net-pips to 5, net-net to 3), imported by `import mat`", imported,
                 "same number of games and final score, the last game's final board; GNU Backgammon's "
                 "own export of each, read back here: the same winners and points"])
    seconds = time.perf_counter() - start
    table = markdown_table(["check", "cases", "agreement"], rows)
    print(table)
    print(f"{version}; {seconds:.0f} s")
    record("bench_backgammon_match",
           f"Match play against {version} (`gnubg -t`): every case agrees.\n\n{table}\n\n"
           f"The XGIDs are read by GNU Backgammon (`set xgid`) and its position and match IDs read back here; "
           f"the .mat files are this toolkit's export of bots' matches. {seconds:.0f} s in all.\n\n"
           f"Cube decisions at a score (not an agreement check: two evaluators): {cube_row}.")


if __name__ == "__main__":
    main()
