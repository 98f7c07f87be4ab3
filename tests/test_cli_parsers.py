"""A command line builds in full only the parser of the command it names (start-up time)."""

import subprocess
import sys

import pytest

SCRIPT = """
import sys
from analysis.cli.main import main
try:
    code = main({argv!r})
except SystemExit as stop:       # argparse's usage errors
    code = stop.code
print("LOADED", code, *sorted(name for name in ("analysis.cli.chart", "analysis.cli.bluff_strategy")
                              if name in sys.modules))
"""


def _loaded(argv):
    done = subprocess.run([sys.executable, "-c", SCRIPT.format(argv=argv)], capture_output=True, text=True,
                          timeout=120)
    [line] = [line for line in done.stdout.splitlines() if line.startswith("LOADED")]
    return line.split()[1:]


@pytest.mark.parametrize("argv, expected", [
    (["bluff", "raises", "--bid", "3x5"], ["0"]),
    (["brag", "equity", "KS KH 7D"], ["0"]),
    (["bluff", "chart", "nonsense"], ["2", "analysis.cli.bluff_strategy", "analysis.cli.chart"]),
    (["bluff", "nonsense"], ["2", "analysis.cli.bluff_strategy", "analysis.cli.chart"]),
])
def test_only_the_named_commands_parser_is_built_in_full(argv, expected):
    assert _loaded(argv) == expected


def test_a_parser_built_without_a_command_line_has_every_command_in_full():
    from analysis.cli.main import build_parser

    parser = build_parser("bluff")
    bluff = parser._subparsers._group_actions[0].choices["bluff"]
    commands = bluff._subparsers._group_actions[0].choices
    assert {"call", "tournament", "fit", "chart"} <= set(commands)
    assert "bids" in commands["chart"]._subparsers._group_actions[0].choices
