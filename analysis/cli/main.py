"""Entry point of the ``odds`` command.

Each game's module in this package defines ``register(subparsers)``; heavy imports
(numba, pandas) happen inside the command handlers so that ``odds --help`` and
argument errors answer at once. Every ``analysis.errors.OddsError`` becomes one
sentence on stderr and exit code 2.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import sys

#: Game modules in the order ``odds --help`` lists them; a module not yet written is skipped.
COMMAND_MODULES = ("bluff", "yacht", "brag", "backgammon", "cache", "report")


class SentenceParser(argparse.ArgumentParser):
    """argparse, but a usage error is one sentence and exit code 2 (no usage dump)."""

    def error(self, message: str):  # noqa: D401 - argparse's signature
        self.exit(2, f"{self.prog}: error: {message[0].upper() + message[1:]}.\n")


def build_parser() -> argparse.ArgumentParser:
    parser = SentenceParser(prog="odds", description="Exact odds and strategy for parlour games.")
    subparsers = parser.add_subparsers(dest="game", metavar="GAME", parser_class=SentenceParser)
    subparsers.required = True
    for name in COMMAND_MODULES:
        module_name = f"analysis.cli.{name}"
        if importlib.util.find_spec(module_name) is None:
            continue
        importlib.import_module(module_name).register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    from analysis.errors import OddsError

    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.handler(args) or 0)
    except OddsError as error:
        print(f"odds: error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader (``head``, a pager) went away: not an error of ours.
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        print("odds: interrupted.", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
