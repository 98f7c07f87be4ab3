"""``odds report``: execute the notebooks and build the strategy articles into reports/."""

from __future__ import annotations


def register(subparsers) -> None:
    parser = subparsers.add_parser("report", help="build the strategy reports into reports/")
    parser.add_argument("games", nargs="*", help="notebook names (default: every notebook in notebooks/)")
    parser.add_argument("--notebooks", default="notebooks", help="folder of the notebooks")
    parser.add_argument("--out", default="reports", help="folder for the articles")
    parser.add_argument("--timeout", type=int, default=1200, help="seconds allowed per notebook cell")
    parser.set_defaults(handler=_run)


def _run(args) -> int:
    from analysis.report import build_reports  # lazy: keeps report out of the command line's start-up

    for article in build_reports(args.games, args.notebooks, args.out, args.timeout):
        print(f"built {article}")
    return 0
