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
import sys

#: Game modules in the order ``odds --help`` lists them.
COMMAND_MODULES = ("bluff", "yacht", "brag", "backgammon", "cache", "report", "serve")


class SentenceParser(argparse.ArgumentParser):
    """argparse, but a usage error is one sentence and exit code 2 (no usage dump)."""

    def error(self, message: str):  # noqa: D401 - argparse's signature
        self.exit(2, f"{self.prog}: error: {message[0].upper() + message[1:]}.\n")


def build_parser(game: str | None = None, command: str | None = None) -> argparse.ArgumentParser:
    """The whole ``odds`` parser, or only ``game``'s commands when a command line names one
    (building every game's parsers costs a tenth of a second at each start); with ``command``
    too, a game may build the other commands' parsers by name only (see ``common.add_chart``)."""
    from analysis.cli import common

    parser = SentenceParser(prog="odds", description="Exact odds and strategy for parlour games.")
    subparsers = parser.add_subparsers(dest="game", metavar="GAME", parser_class=SentenceParser)
    subparsers.required = True
    common.REQUESTED_COMMAND = command if game in COMMAND_MODULES else None
    try:
        for name in COMMAND_MODULES if game not in COMMAND_MODULES else (game,):
            importlib.import_module(f"analysis.cli.{name}").register(subparsers)
    finally:
        common.REQUESTED_COMMAND = None
    return parser


def _foreign_digit(argv) -> str | None:
    """An argument holding a digit from another script ('²', '①', '٣'): Python's int() reads
    some of them, so they are refused up front rather than half-understood."""
    for word in argv:
        for character in str(word):
            if not character.isascii() and character.isnumeric():
                return f"'{character}' in '{word}' is not an ASCII digit; write numbers with 0-9."
    return None


def main(argv: list[str] | None = None) -> int:
    from analysis.errors import OddsError

    argv = sys.argv[1:] if argv is None else list(argv)
    problem = _foreign_digit(argv)
    if problem is not None:
        print(f"odds: error: {problem}", file=sys.stderr)
        return 2
    parser = build_parser(*argv[:2])
    args = parser.parse_args(argv)
    try:
        return int(args.handler(args) or 0)
    except OddsError as error:
        print(f"odds: error: {error}", file=sys.stderr)
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
        print(f"odds: error: cannot write{where}: {reason}.", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("odds: interrupted.", file=sys.stderr)
        return 130


def run() -> None:
    """The ``odds`` script: :func:`main`, then a quick exit.

    Python's orderly teardown frees every object of every imported module one by one:
    0.05 s after numpy, 0.2 s after matplotlib, on a question that took 0.1 s to answer.
    Once the answer is out, the process flushes its output, runs the exit hooks libraries
    registered (process pools, logging) and leaves at once. With other threads still
    running it takes the orderly way, which waits for them.
    """
    code = main()
    if threading_active() > 1:
        sys.exit(code)
    import atexit
    import os

    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe or stream: nothing more can reach the reader
            pass
    os._exit(code)


def threading_active() -> int:
    """How many threads run, without importing ``threading`` when nothing started one."""
    threading = sys.modules.get("threading")
    return threading.active_count() if threading is not None else 1


if __name__ == "__main__":
    run()
