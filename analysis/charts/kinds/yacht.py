"""The Yacht chart kinds (drawn by ``analysis.charts.yacht``)."""

from __future__ import annotations

from analysis.charts.kind import ChartKind, no_flags
from analysis.cli.common import bounded


def _keeps_flags(parser) -> None:
    parser.add_argument("--dice", required=True, help='the opening roll, e.g. "6 6 6 2 1"')
    parser.add_argument("--rolls-left", type=bounded(int, 1, 2, "--rolls-left"), default=2,
                        help="rerolls left: 2 (the first roll of the game, default) or 1")
    parser.add_argument("--top", type=bounded(int, 1, 32, "--top"), default=10,
                        help="how many keeps to show, best first (default 10)")


KINDS = (
    ChartKind("yacht", "boxes", "each box's chance in one turn and a turn's expected points", no_flags,
              "draw_boxes"),
    ChartKind("yacht", "distribution", "the chance of every final score under optimal play", no_flags,
              "draw_distribution"),
    ChartKind("yacht", "keeps", "every keep of an opening roll and the expected final score it leaves",
              _keeps_flags, "draw_keeps"),
    ChartKind("yacht", "reach", "P(final score >= T): playing for the expected score, and playing to reach T",
              no_flags, "draw_reach"),
)
