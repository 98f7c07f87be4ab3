"""The dice-bidding chart kinds (drawn by ``analysis.charts.bluff``)."""

from __future__ import annotations

from analysis.charts.kind import ChartKind
from analysis.cli.common import bounded


def _bids_flags(parser) -> None:
    parser.add_argument("--dice", default="", help='my dice, e.g. "3 3 * 5 1" (default: none)')
    parser.add_argument("--unknown", required=True, type=bounded(int, 0, 200, "the unknown dice"),
                        help="how many dice I cannot see")


def _heatmap_flags(parser) -> None:
    parser.add_argument("--max-unknown", type=bounded(int, 1, 200, "--max-unknown"), default=30,
                        help="unknown dice across (default 0-30)")
    parser.add_argument("--max-need", type=bounded(int, 1, 200, "--max-need"), default=15,
                        help="dice needed up (default 1-15)")


def _cost_flags(parser) -> None:
    parser.add_argument("--dice", required=True, help='my dice, e.g. "3 3 * 5 1"')
    parser.add_argument("--opponents", required=True, nargs="+", type=bounded(int, 1, 200, "--opponents"),
                        metavar="N", help="the other players' dice counts, in turn order after me")
    parser.add_argument("--face", required=True, help="the face bid on: 1-6, or * (star) in Bluff")
    parser.add_argument("--bidder", type=int, default=None, metavar="K",
                        help="which opponent made the bid (1 = next after me); default: the last")
    parser.add_argument("--start", type=int, default=None, help="starting dice per player (house rule)")


KINDS = (
    ChartKind("bluff", "bids", "the table-side chart: P(true) and P(exactly) of every bid for my dice",
              _bids_flags, "draw_bids"),
    ChartKind("bluff", "heatmap", "P(bid true) over unknown dice and dice needed", _heatmap_flags, "draw_heatmap"),
    ChartKind("bluff", "cost", "expected dice every player loses if I call a bid, by its count", _cost_flags,
              "draw_cost"),
)
