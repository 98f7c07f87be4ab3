"""The command line's flags of each chart kind (``odds GAME chart KIND ...``), by (game, kind).

The kinds themselves (``analysis.charts.kinds``) name their inputs; these flags read them, each into
the input of the same name, with the command's ranges checked before any work starts.
"""

from __future__ import annotations

from analysis.cli.common import add_seed_flag, bounded


def no_flags(parser) -> None:
    """A chart with no flags of its own."""


# ----------------------------------------------------------------------------------------- bluff
def _bids(parser) -> None:
    parser.add_argument("--dice", default="", help='my dice, e.g. "3 3 * 5 1" (default: none)')
    parser.add_argument("--unknown", required=True, type=bounded(int, 0, 200, "the unknown dice"),
                        help="how many dice I cannot see")


def _heatmap(parser) -> None:
    parser.add_argument("--max-unknown", type=bounded(int, 1, 200, "--max-unknown"), default=30,
                        help="unknown dice across (default 0-30)")
    parser.add_argument("--max-need", type=bounded(int, 1, 200, "--max-need"), default=15,
                        help="dice needed up (default 1-15)")


def _cost(parser) -> None:
    parser.add_argument("--dice", required=True, help='my dice, e.g. "3 3 * 5 1"')
    parser.add_argument("--opponents", required=True, nargs="+", type=bounded(int, 1, 200, "--opponents"),
                        metavar="N", help="the other players' dice counts, in turn order after me")
    parser.add_argument("--face", required=True, help="the face bid on: 1-6, or * (star) in Bluff")
    parser.add_argument("--bidder", type=int, default=None, metavar="K",
                        help="which opponent made the bid (1 = next after me); default: the last")
    parser.add_argument("--start", type=int, default=None, help="starting dice per player (house rule)")


# ----------------------------------------------------------------------------------------- yacht
def _keeps(parser) -> None:
    parser.add_argument("--dice", required=True, help='the opening roll, e.g. "6 6 6 2 1"')
    parser.add_argument("--rolls-left", type=bounded(int, 1, 2, "--rolls-left"), default=2,
                        help="rerolls left: 2 (the first roll of the game, default) or 1")
    parser.add_argument("--top", type=bounded(int, 1, 32, "--top"), default=10,
                        help="how many keeps to show, best first (default 10)")


# ------------------------------------------------------------------------------------------ brag
def _equity(parser) -> None:
    parser.add_argument("--hand", action="append", default=[], metavar="HAND",
                        help='a hand to chart, e.g. "KS KH 7D" (repeatable; default: the median hand of '
                             "each class)")
    parser.add_argument("--opponents", type=bounded(int, 1, 7, "--opponents"), default=1,
                        help="chart against 1 up to this many opponents (1-7, default 1)")
    add_seed_flag(parser, "the Monte Carlo deals (3 or more opponents)")
    parser.add_argument("--samples", type=bounded(int, 1000, 10**8, "--samples"), default=200_000,
                        help="Monte Carlo deals per hand and opponent count (default 200,000)")


def _threshold(parser) -> None:
    parser.add_argument("--against", default="pair+",
                        help="also chart seeing against this range (default pair+; 'any' to leave it out)")


# ------------------------------------------------------------------------------------ backgammon
def _bearoff(parser) -> None:
    parser.add_argument("counts", nargs="+", metavar="COUNTS",
                        help='one or more home boards, six counts ace point first, e.g. "3 3 3 2 2 2"')


def _shots(parser) -> None:
    parser.add_argument("--blocks", action="append", default=[], metavar="DISTANCES",
                        help="a line with points blocked at these distances, e.g. 4,6 (repeatable; "
                             "the open board is always drawn)")


def _entry(parser) -> None:
    parser.add_argument("--on-bar", type=bounded(int, 1, 4, "--on-bar"), default=3,
                        help="lines for 1 up to this many checkers on the bar (default 3)")


def _race(parser) -> None:
    parser.add_argument("--leads", default="-4,0,4,8", metavar="PIPS",
                        help="the opponent's pips minus mine, one line each (default -4,0,4,8)")


FLAGS = {("bluff", "bids"): _bids, ("bluff", "heatmap"): _heatmap, ("bluff", "cost"): _cost,
         ("yacht", "boxes"): no_flags, ("yacht", "distribution"): no_flags, ("yacht", "keeps"): _keeps,
         ("yacht", "reach"): no_flags,
         ("brag", "freq"): no_flags, ("brag", "equity"): _equity, ("brag", "threshold"): _threshold,
         ("backgammon", "bearoff"): _bearoff, ("backgammon", "shots"): _shots, ("backgammon", "entry"): _entry,
         ("backgammon", "race"): _race}
