"""``odds GAME chart KIND ...``: the charts of ``analysis.charts`` written to a file, for any preset.

Every game's ``register`` adds the command with one call to :func:`add_chart_command`. A game's
chart kinds are declared in ``analysis.charts.kinds.GAME`` (names, help, inputs: nothing heavy, as
they are read whenever the parser is built), their flags here in ``chart_flags``, and drawn by
``analysis.charts.GAME``; the file is written by ``analysis.charts.output`` (formats, output checks,
sizes and matplotlib's set-up), as the web page writes its charts. Each chart kind reads the same
library functions the game's other commands print, so a chart and ``odds GAME ...`` never disagree;
``--data FILE.csv`` writes those numbers.

The output's format follows its extension (``.png``, ``.svg``, ``.pdf``); its size is
``--size web|print|square`` (web by default: legible at a phone's width) or
``--width``/``--height`` in inches, at ``--dpi`` dots per inch. Everything a user can
get wrong (extension, folder, size) is checked before any work starts.
"""

from __future__ import annotations

from typing import Callable

from analysis.charts import output
from analysis.charts.kind import ChartKind
from analysis.charts.kinds import KINDS
from analysis.charts.output import (FORMATS, MAX_INCHES, SIZES, _import_matplotlib_lean,  # noqa: F401
                                    _lay_out_for_agg, check_output, summary, write)
from analysis.cli.chart_flags import FLAGS
from analysis.cli.common import CHART_HELP, add_rules_flags, bounded, print_json


# --------------------------------------------------------------------------- the command
def add_chart_command(commands, game: str, add_rules: Callable | None = None) -> None:
    """Add ``chart`` to a game's subcommands.

    ``add_rules(parser)`` adds the game's own rule flags (so ``--preset``, ``--rule`` and a flag
    such as ``--wild`` mean what they mean in its other commands); without it the chart takes the
    shared ``--preset`` and ``--rule FIELD=VALUE`` (``common.add_rules_flags``).
    """
    chart = commands.add_parser("chart", help=CHART_HELP.format(game=game),
                                description=f"Write a {game} chart; the format follows --out's extension "
                                            "(.png, .svg, .pdf).")
    kinds = chart.add_subparsers(dest="chart", metavar="KIND")
    kinds.required = True
    for kind in KINDS[game]:
        parser = kinds.add_parser(kind.name, help=kind.help, description=kind.help)
        if kind.uses_rules:
            _add_rule_flags(parser, game, add_rules)
        FLAGS[(game, kind.name)](parser)
        _add_output_flags(parser)
        parser.set_defaults(handler=_runner(kind))


def _add_rule_flags(parser, game: str, add_rules: Callable | None) -> None:
    if add_rules is None:
        add_rules_flags(parser, game)
    else:
        add_rules(parser)


def _add_output_flags(parser) -> None:
    out = parser.add_argument_group("output")
    out.add_argument("--out", required=True, metavar="FILE",
                     help="the chart file; its extension picks the format: .png, .svg or .pdf")
    out.add_argument("--data", metavar="FILE.csv", help="also write the numbers behind the chart as CSV")
    out.add_argument("--size", choices=tuple(SIZES), default=None,
                     help="web (6 x 4 in, 150 dpi; the default), print (7 x 4.8 in, 300 dpi) or "
                          "square (6 x 6 in)")
    out.add_argument("--width", type=bounded(float, 0.5, MAX_INCHES, "the width in inches"),
                     help="width in inches (overrides --size)")
    out.add_argument("--height", type=bounded(float, 0.5, MAX_INCHES, "the height in inches"),
                     help="height in inches (overrides --size)")
    out.add_argument("--dpi", type=bounded(int, 20, 1200, "the dots per inch"),
                     help="dots per inch of a PNG (default: the size's)")
    out.add_argument("--title", help="replace the chart's title")
    out.add_argument("--json", action="store_true",
                     help="print a JSON summary instead of the 'wrote' line: the file, its format, size and "
                          "title, and the numbers behind the chart")


def draw(kind: ChartKind, args, rules):
    """The figure and its data, the kind's inputs read from the flags of the same names."""
    return output.draw(kind, {name: getattr(args, name) for name in kind.inputs if hasattr(args, name)}, rules)


def _runner(kind: ChartKind) -> Callable:
    def run(args) -> int:
        check_output(args)
        rules = args.make_rules(args) if kind.uses_rules else None
        figure, data = draw(kind, args, rules)
        written = write(figure, data, args)
        if args.json:
            print_json(summary(figure, data, args))
        else:
            print(written)
        return 0

    return run


