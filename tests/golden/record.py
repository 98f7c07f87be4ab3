"""Record golden values: ``python -m tests.golden.record [KIND ...]`` (every kind when none is named).

Builds each named kind's golden build (``builds.py``) and writes its summary, beside the kind's
declared version, into ``tests/golden/values.json``. Run it after bumping a kind's version, never to
make a failing golden test pass while the version stays: that test failing is the reminder to bump it.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from analysis.cli.cache import GAMES, declare_tables
from analysis.store import KINDS
from tests.golden.builds import BUILDS, build
from tests.golden.summary import VALUES, recorded_values, summarise_tables


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.golden.record", description=__doc__.splitlines()[0])
    parser.add_argument("kinds", nargs="*", metavar="KIND", help="table kinds to record (default: every kind)")
    args = parser.parse_args(argv)
    declare_tables(GAMES)
    unknown = [name for name in args.kinds if name not in KINDS or name not in BUILDS]
    if unknown:
        print(f"record: {', '.join(unknown)}: not a declared kind with a golden build (the kinds: "
              f"{', '.join(sorted(KINDS))}).", file=sys.stderr)
        return 2
    values = recorded_values()
    for name in args.kinds or sorted(KINDS):
        if name not in BUILDS:
            print(f"record: {name} has no golden build: add one to tests/golden/builds.py.", file=sys.stderr)
            return 2
        started = time.perf_counter()
        values[name] = {"version": KINDS[name].version, "tables": summarise_tables(build(name))}
        print(f"{name}: version {KINDS[name].version} recorded ({time.perf_counter() - started:.1f} s)")
    VALUES.write_text(json.dumps(dict(sorted(values.items())), indent=1, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
