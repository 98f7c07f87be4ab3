"""Building only what a command line asks for.

``odds GAME COMMAND`` builds COMMAND's parser in full and the game's other commands by name
and help only: every argument costs argparse time at each start of a question asked at the
table, and the chart command's module costs more. Kept apart from ``common`` (which the
chart module itself uses), so that no module imports one that imports it back.
"""

from __future__ import annotations

from analysis.cli.common import CHART_HELP

#: The command named on this command line (``odds GAME COMMAND``), set by ``main.build_parser``
#: while the parser is built, else None (``--help``, a bare ``odds GAME``, tests building parsers).
REQUESTED_COMMAND: str | None = None


def asks_for_another(commands) -> bool:
    """True when this command line names one of ``commands``' subcommands already added, so the
    game may leave its other commands' parsers unbuilt (their modules cost start-up time)."""
    return REQUESTED_COMMAND is not None and REQUESTED_COMMAND in commands.choices


def add_chart(commands, game: str, add_rules=None) -> None:
    """Add ``chart`` to a game's commands: in full unless another command of the game is asked
    for, then by name and help only (importing the chart module is a noticeable part of a
    table question's start-up)."""
    if asks_for_another(commands):
        commands.add_parser("chart", help=CHART_HELP.format(game=game))
        return
    from analysis.cli.chart import add_chart_command  # lazy: keeps cli.chart out of the command line's start-up

    add_chart_command(commands, game, add_rules)
