"""Copy the stored three- and four-player Brag solves into the package (``analysis/brag/solved/``).

The solves are built by ``odds brag solve --preset brag3 --players 3`` and ``--players 4`` (about
20 and 30 minutes on two cores; seed and iteration cap in ``analysis/brag/_stored.py``); this
copies each file as the store wrote it and checks that the package's store serves it (same rules,
parameters and version of the kind, intact checksum). Run it after a change to the solver or the deal
engine has bumped ``MULTI_BETTING``'s version, once the solves are rebuilt.

Run: ``.venv/bin/python scripts/brag_ship_solves.py [--players 3 4]``
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from analysis.brag._stored import MULTI_BETTING, multi_params  # noqa: E402
from analysis.brag.rules import preset  # noqa: E402
from analysis.brag.multi.shipped import shipped_store  # noqa: E402
from analysis.store import Store, read_header  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4])
    args = parser.parse_args()
    rules, user, package = preset("brag3"), Store(), shipped_store()
    for players in args.players:
        params = multi_params(rules, players)
        if user.load(MULTI_BETTING, rules, params, announce=True) is None:
            sys.exit(f"No sound {players}-player solve in {user.root}; build it with "
                     f"`odds brag solve --preset brag3 --players {players}` first.")
        target = package.path(MULTI_BETTING, rules, params)
        target.parent.mkdir(parents=True, exist_ok=True)
        for old in target.parent.glob(f"{rules.name}-*"):
            header = read_header(old)
            if old != target and (header is None or header["params"].get("players") == players):
                old.unlink()     # a stale solve of this table size: the store would never serve it
        shutil.copyfile(user.path(MULTI_BETTING, rules, params), target)
        os.chmod(target, 0o644)
        assert package.load(MULTI_BETTING, rules, params) is not None, "the package's store refuses the copy"
        print(f"{players} players: {target.relative_to(ROOT)} ({target.stat().st_size / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()
