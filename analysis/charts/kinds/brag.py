"""The Brag chart kinds (drawn by ``analysis.charts.brag``)."""

from __future__ import annotations

from analysis.charts.kind import ChartKind, no_flags
from analysis.cli.common import add_seed_flag, bounded


def _equity_flags(parser) -> None:
    parser.add_argument("--hand", action="append", default=[], metavar="HAND",
                        help='a hand to chart, e.g. "KS KH 7D" (repeatable; default: the median hand of '
                             "each class)")
    parser.add_argument("--opponents", type=bounded(int, 1, 7, "--opponents"), default=1,
                        help="chart against 1 up to this many opponents (1-7, default 1)")
    add_seed_flag(parser, "the Monte Carlo deals (3 or more opponents)")
    parser.add_argument("--samples", type=bounded(int, 1000, 10**8, "--samples"), default=200_000,
                        help="Monte Carlo deals per hand and opponent count (default 200,000)")


def _threshold_flags(parser) -> None:
    parser.add_argument("--against", default="pair+",
                        help="also chart seeing against this range (default pair+; 'any' to leave it out)")


KINDS = (
    ChartKind("brag", "freq", "how often each hand class is dealt", no_flags, "draw_freq"),
    ChartKind("brag", "equity", "pot share by hand or by class against 1..N opponents", _equity_flags,
              "draw_equity"),
    ChartKind("brag", "threshold", "the weakest hand worth seeing or staying with, by pot odds",
              _threshold_flags, "draw_threshold"),
)
