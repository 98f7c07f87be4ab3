"""GNU Backgammon's choices in the opening and the replies to it, for the backgammon article.

The article sets the net's best play of each opening roll, and of a few replies, beside the
play GNU Backgammon's 0-ply evaluator makes. The article's build must not need gnubg, so its
choices are computed here, once, into ``reports/data/backgammon_gnubg_choices.json``:

    .venv/bin/python scripts/backgammon_gnubg_choices.py

gnubg-nn is in the bench extra. GNU Backgammon is only the judge: nothing here trains the net.
The file holds the command and, in the move generator's notation, gnubg 0-ply's play of each
of the 15 opening rolls and of each reply roll below to the openings below, played gnubg's way.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "reports" / "data" / "backgammon_gnubg_choices.json"
#: Openings (roll, gnubg's play of it) answered, and the replies looked at: a point made, a builder
#: brought down with a split, and a back checker run.
OPENINGS = ("31", "52", "64")
REPLIES = ("21", "43", "53", "64", "66")


def main(argv=None) -> int:
    argparse.ArgumentParser(description=__doc__.split("\n")[0]).parse_args(argv)
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from bench_backgammon_net import peer_pick      # gnubg's play among the move generator's, one definition

    from analysis.backgammon import _net
    from analysis.backgammon.moves import legal_plays
    from analysis.backgammon.position import Position

    def gnubg_play(position, roll):
        dice = (int(roll[0]), int(roll[1]))
        board = position.board_array()
        afters, _ = _net.candidates(board, dice[0], dice[1], 0)
        chosen = tuple(int(v) for v in afters[peer_pick("gnubg0", board, dice[0], dice[1], afters)])
        return next(p for p in legal_plays("backgammon", position, dice).plays
                    if p.result.swapped().on_roll + p.result.swapped().opponent == chosen)

    start = Position.opening()
    openings = {f"{h}{l}": gnubg_play(start, f"{h}{l}").notation for h in range(2, 7) for l in range(1, h)}
    replies = []
    for opening in OPENINGS:
        after = gnubg_play(start, opening).result
        for roll in REPLIES:
            replies.append({"opening": opening, "opening_play": openings[opening], "position_id": after.position_id(),
                            "roll": roll, "gnubg": gnubg_play(after, roll).notation})
    command = "scripts/backgammon_gnubg_choices.py " + " ".join(argv if argv is not None else sys.argv[1:])
    DATA.write_text(json.dumps({"command": command.strip(), "evaluator": "gnubg-nn 0-ply", "openings": openings,
                                "replies": replies}, indent=1) + "\n")
    print(f"{len(openings)} openings and {len(replies)} replies -> {DATA.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
