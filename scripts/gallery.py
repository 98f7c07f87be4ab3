"""Rebuild the chart gallery: every ``odds GAME chart KIND`` drawn into docs/charts/ and listed in docs/charts.md.

Run from the repository root: ``.venv/bin/python scripts/gallery.py``. Each chart is drawn by
the same command a reader would type (shown above its picture), so the gallery cannot drift
from the code; the files carry no dates, so an unchanged chart rebuilds byte for byte.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDER = Path("docs") / "charts"
DPI = "100"      # 600 x 400 pixels at the web size: small files, still sharp on a phone

#: (section, file name, where its numbers come from, what it shows, the command's arguments after ``odds``)
GALLERY = [
    ("Dice bidding", "bids.png", "`odds_table` (as `odds bluff table`)",
     "The table-side chart: the chance that each bid is true, and exactly true, "
     "for my dice and the dice I cannot see (every count of every face).",
     ["bluff", "chart", "bids", "--preset", "bluff", "--dice", "3 3 * 5 1", "--unknown", "13"]),
    ("Dice bidding", "perudo.png", "`bid_odds` (as `odds bluff odds`)",
     "P(bid true) over the unknown dice and the dice needed from them, one map "
     "per kind of bid (Perudo: numbers count pacos, pacos count only themselves).",
     ["bluff", "chart", "heatmap", "--preset", "perudo"]),
    ("Dice bidding", "cost.png", "`challenge_outcome` (as `odds bluff call`)",
     "What calling a bid costs each player, by the bid's count: expected dice lost "
     "if I challenge and if I call it exact (Perudo's calza).",
     ["bluff", "chart", "cost", "--preset", "perudo", "--dice", "1 4 4 6 2", "--opponents", "5", "4",
      "--face", "4"]),
    ("Yacht", "boxes.png", "`box_odds` (as `odds yacht odds`)",
     "Each box's chance in one turn (on the first roll and with the best keeps) and a "
     "turn's expected points when played for that box.",
     ["yacht", "chart", "boxes", "--preset", "yacht_kr"]),
    ("Yacht", "distribution.png", "`solve` (as `odds yacht solve --distribution`)",
     "The chance of every final score under optimal play "
     "(`--preset yahtzee --joker free` draws Yahtzee's; its first solve takes about half a minute).",
     ["yacht", "chart", "distribution", "--preset", "yacht_kr"]),
    ("Yacht", "keeps.png", "`advise` (as `odds yacht advise`)",
     "Every keep of an opening roll, with the expected final score it leaves under "
     "optimal play afterwards.",
     ["yacht", "chart", "keeps", "--preset", "yacht_kr", "--dice", "6 6 6 2 1"]),
    ("Yacht", "reach.png", "`reach_curve` and `solve` (as `odds yacht advise --target`)",
     "The chance of scoring at least T: playing for the largest expected score, and playing to reach T "
     "(Korean Yacht; every preset's goals are solved exactly: `--preset clubhouse` builds and keeps its whole "
     "table, Yatzy and Yahtzee solve what their opening leads to, slowly, and say how long first).",
     ["yacht", "chart", "reach", "--preset", "yacht_kr"]),
    ("Brag", "freq.png", "`frequencies` (as `odds brag freq`)",
     "How often each class is dealt (log scale).",
     ["brag", "chart", "freq", "--preset", "teen_patti"]),
    ("Brag", "equity.png", "`equity` (as `odds brag equity`)",
     "Pot share of each class's median hand against 1 to 3 opponents (exact for 1 and "
     "2, seeded Monte Carlo for 3; `--hand` charts your own hands).",
     ["brag", "chart", "equity", "--preset", "teen_patti", "--opponents", "3"]),
    ("Brag", "threshold.png", "`see_thresholds`, `stay_thresholds`",
     "The weakest hand worth seeing or staying with, as a percentile, against the "
     "pot-to-stake ratio.",
     ["brag", "chart", "threshold", "--preset", "brag3"]),
    ("Backgammon", "bearoff.png", "`bearoff_odds` (as `odds backgammon bearoff`)",
     "A bear-off position's distribution of rolls to finish (optimal play).",
     ["backgammon", "chart", "bearoff", "3 3 3 2 2 2", "0 0 3 4 4 4"]),
    ("Backgammon", "shots.png", "`shot_table` (as `odds backgammon shots`)",
     "Rolls (of 36) that hit a blot at each distance, open and past blocking points.",
     ["backgammon", "chart", "shots", "--blocks", "4", "--blocks", "4,6"]),
    ("Backgammon", "entry.png", "`entry_table` (as `odds backgammon entry`)",
     "The chance that every checker on the bar enters, against closed points.",
     ["backgammon", "chart", "entry"]),
    ("Backgammon", "race.png", "the two-sided bear-off database (as `odds backgammon bearoff --position`)",
     "A bear-off race's winning chance for the side on roll against the pip counts "
     "(exact, averaged over every bear-off of up to 6 checkers a side).",
     ["backgammon", "chart", "race"]),
]

HEAD = """# Chart gallery

Every chart the `odds` command draws, with the command that drew it. This page and the
pictures in `docs/charts/` are rebuilt by `.venv/bin/python scripts/gallery.py`; do not edit
them by hand.

`odds GAME chart KIND --out FILE` writes the chart; the format follows the extension
(`.png`, `.svg`, `.pdf`). Sizes: `--size web` (6 x 4 in at 150 dpi, the default, legible at a
phone's width), `--size print` (7 x 4.8 in at 300 dpi), `--size square` (6 x 6 in), or
`--width`/`--height` in inches and `--dpi`. `--title` replaces the title; `--data FILE.csv`
also writes the numbers behind the chart (the same numbers the game's other commands print)
so it can be restyled elsewhere. Every chart takes the game's `--preset` and
`--rule FIELD=VALUE` house rules, except backgammon's, whose dice and bear-off tables are the
same under every variant. `odds GAME chart --help` lists the kinds, `odds GAME chart KIND
--help` their flags; `--json` prints a summary (file, format, bytes, size, title and the
numbers behind the chart) instead of the `wrote ...` line. The pictures below are drawn at {dpi} dpi to keep the repository small.

Speed: the command imports matplotlib's figure and Agg canvas only, never pyplot, every chart
reads its numbers from the store or computes them with a little arithmetic, and no chart drawn
from stored tables imports pandas or numba (`tests/test_charts_cli.py` checks fifteen of them in
a fresh process), so most of a chart's time is Python, numpy and matplotlib starting; every chart
below is timed in a fresh process against that floor and a bare pyplot script in
[benchmarks.md](benchmarks.md#bench_charts). Brag equity against 3 or more opponents is a seeded simulation
and starts numba.

Checks (`pytest tests/test_charts_cli.py`): each kind writes a valid PNG, SVG or PDF; its
`--data` equals the library's own answers (and published or brute-force figures: the shot
table, entry against closed points, each race pair's `cube_advice`); bad input is one
sentence; charts build with no display.
"""


def main() -> int:
    from analysis.cli.main import main as odds

    (ROOT / FOLDER).mkdir(parents=True, exist_ok=True)
    lines = [HEAD.format(dpi=DPI)]
    section = None
    for heading, name, source, caption, argv in GALLERY:
        path = FOLDER / name
        command = [*argv, "--out", str(path), "--dpi", DPI]
        print("odds " + shlex.join(command), flush=True)
        if odds(command) != 0:
            print(f"gallery: 'odds {shlex.join(command)}' failed", file=sys.stderr)
            return 1
        if heading != section:
            lines.append(f"## {heading}\n")
            section = heading
        lines.append(f"{caption} Numbers: {source}.\n\n```\nodds {shlex.join(command)}\n```\n\n"
                     f"![odds {argv[0]} chart {argv[2]}](charts/{name})\n")
    (ROOT / "docs" / "charts.md").write_text("\n".join(lines), encoding="utf-8")
    print(f"wrote docs/charts.md ({len(GALLERY)} charts)")
    return 0


if __name__ == "__main__":
    import os

    os.chdir(ROOT)
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
