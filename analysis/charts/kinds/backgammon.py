"""The backgammon chart kinds (drawn by ``analysis.charts.backgammon``).

Dice tables and bear-offs are the same under every backgammon variant: no kind takes ``--preset``.
"""

from __future__ import annotations

from analysis.charts.kind import ChartKind
from analysis.cli.common import bounded


def _bearoff_flags(parser) -> None:
    parser.add_argument("counts", nargs="+", metavar="COUNTS",
                        help='one or more home boards, six counts ace point first, e.g. "3 3 3 2 2 2"')


def _shots_flags(parser) -> None:
    parser.add_argument("--blocks", action="append", default=[], metavar="DISTANCES",
                        help="a line with points blocked at these distances, e.g. 4,6 (repeatable; "
                             "the open board is always drawn)")


def _entry_flags(parser) -> None:
    parser.add_argument("--on-bar", type=bounded(int, 1, 4, "--on-bar"), default=3,
                        help="lines for 1 up to this many checkers on the bar (default 3)")


def _race_flags(parser) -> None:
    parser.add_argument("--leads", default="-4,0,4,8", metavar="PIPS",
                        help="the opponent's pips minus mine, one line each (default -4,0,4,8)")


KINDS = (
    ChartKind("backgammon", "bearoff", "a bear-off position's distribution of rolls", _bearoff_flags,
              "draw_bearoff", uses_rules=False),
    ChartKind("backgammon", "shots", "hitting rolls by distance, open and with blocks", _shots_flags,
              "draw_shots", uses_rules=False),
    ChartKind("backgammon", "entry", "entering from the bar against closed points", _entry_flags,
              "draw_entry", uses_rules=False),
    ChartKind("backgammon", "race", "a bear-off race's winning chance against the pip counts", _race_flags,
              "draw_race", uses_rules=False),
)
