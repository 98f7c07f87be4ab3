"""Entry point of the ``odds`` command.

Each game's module in this package defines ``register(subparsers)``; heavy imports
(numba, pandas) happen inside the command handlers so that ``odds --help`` and
argument errors answer at once. Every ``analysis.errors.OddsError`` becomes one
sentence on stderr and exit code 2, and so do digits from other scripts, a
computation that runs out of memory and an output file that cannot be written.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from analysis.cli import requested
from analysis.errors import OddsError, one_line

#: Game modules in the order ``odds --help`` lists them.
COMMAND_MODULES = ("bluff", "yacht", "brag", "backgammon", "cache", "report", "serve")


class SentenceParser(argparse.ArgumentParser):
    """argparse, but a usage error is one sentence and exit code 2 (no usage dump)."""

    def error(self, message: str):  # noqa: D401 - argparse's signature
        self.exit(2, f"{self.prog}: error: {one_line(message[0].upper() + message[1:])}.\n")


def build_parser(game: str | None = None, command: str | None = None) -> argparse.ArgumentParser:
    """The whole ``odds`` parser, or only ``game``'s commands when a command line names one
    (building every game's parsers costs a tenth of a second at each start); with ``command``
    too, a game may build the other commands' parsers by name only (see ``requested.add_chart``)."""
    parser = SentenceParser(prog="odds", description="Exact odds and strategy for parlour games.")
    subparsers = parser.add_subparsers(dest="game", metavar="GAME", parser_class=SentenceParser)
    subparsers.required = True
    requested.REQUESTED_COMMAND = command if game in COMMAND_MODULES else None
    try:
        for name in COMMAND_MODULES if game not in COMMAND_MODULES else (game,):
            importlib.import_module(f"analysis.cli.{name}").register(subparsers)
    finally:
        requested.REQUESTED_COMMAND = None
    return parser


def _foreign_digit(argv) -> str | None:
    """An argument holding a digit from another script ('²', '①', '٣'): Python's int() reads
    some of them, so they are refused up front rather than half-understood."""
    for word in argv:
        for character in str(word):
            if not character.isascii() and character.isnumeric():
                return f"'{character}' in '{word}' is not an ASCII digit; write numbers with 0-9."
    return None


def main(argv: list[str] | None = None, parser: argparse.ArgumentParser | None = None,
         refused: list | None = None) -> int:
    """Run ``odds ARGV``; ``parser``: :func:`build_parser`'s for this command line, built before
    (``odds serve`` builds each command's once, not at every question); ``refused``: a list that
    receives the error of bad input (its ``field`` names the input), besides its sentence on stderr."""
    argv = sys.argv[1:] if argv is None else list(argv)
    problem = _foreign_digit(argv)
    if problem is not None:
        print(f"odds: error: {one_line(problem)}", file=sys.stderr)
        return 2
    parser = parser or build_parser(*argv[:2])
    args = parser.parse_args(argv)
    try:
        return int(args.handler(args) or 0)
    except OddsError as error:
        print(f"odds: error: {error}", file=sys.stderr)
        if refused is not None:
            refused.append(error)
        return 2
    except MemoryError:
        print("odds: error: the question needs more memory than this machine has; ask a smaller one.",
              file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader (``head``, a pager) went away: not an error of ours.
        sys.stderr.close()
        return 0
    except OSError as error:
        # An output file that cannot be written (missing folder, a directory, a full disk, /proc).
        where = f" '{error.filename}'" if getattr(error, "filename", None) else ""
        reason = (error.strerror or str(error)).rstrip(".")
        print(one_line(f"odds: error: cannot write{where}: {reason}."), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("odds: interrupted.", file=sys.stderr)
        return 130


def run() -> None:
    """The ``odds`` script: :func:`main`, its answer flushed and its exit code."""
    code = main()
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader (``head``, a pager) went away before the answer was flushed: not an error of ours,
        # and Python's own flush at exit must not report it either.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    sys.exit(code)


if __name__ == "__main__":
    run()
