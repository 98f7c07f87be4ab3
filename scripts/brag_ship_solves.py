"""Copy the stored Brag solves of three to eight players into the package (``analysis/brag/solved/``).

The solves are built by ``odds brag solve --preset brag3 --players N`` for N from 3 to 8 (about 20 and
30 minutes on two cores for three and four, minutes each for five to eight; seed, buckets, iteration
caps and what the larger tables leave out in ``analysis/brag/_stored.py``; docs/brag.md lists each
build's command and time); this
copies each file as the store wrote it and checks that the package's store serves it (same rules,
parameters and version of the kind, intact checksum). Run it after a change to the solver or the deal
engine has bumped the version of its kind (``MULTI_BETTING``, or ``FULL_TABLE_BETTING`` from five players), once the solves are rebuilt.

Run: ``.venv/bin/python scripts/brag_ship_solves.py [--players 3 4 5 6 7 8]``
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from analysis.brag._stored import betting_kind, multi_params  # noqa: E402
from analysis.brag.rules import preset  # noqa: E402
from analysis.brag.multi.shipped import shipped_store  # noqa: E402
from analysis.store import Store, read_header  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4, 5, 6, 7, 8])
    args = parser.parse_args()
    rules, user, package = preset("brag3"), Store(), shipped_store()
    for players in args.players:
        params, kind = multi_params(rules, players), betting_kind(players)
        if user.load(kind, rules, params, announce=True) is None:
            sys.exit(f"No sound {players}-player solve in {user.root}; build it with "
                     f"`odds brag solve --preset brag3 --players {players}` first.")
        target = package.path(kind, rules, params)
        target.parent.mkdir(parents=True, exist_ok=True)
        for old in target.parent.glob(f"{rules.name}-*"):
            header = read_header(old)
            if old != target and (header is None or header["params"].get("players") == players):
                old.unlink()     # a stale solve of this table size: the store would never serve it
        shutil.copyfile(user.path(kind, rules, params), target)
        os.chmod(target, 0o644)
        assert package.load(kind, rules, params) is not None, "the package's store refuses the copy"
        print(f"{players} players: {target.relative_to(ROOT)} ({target.stat().st_size / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()
