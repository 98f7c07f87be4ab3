"""Copy the full table's planned solves from the user's store into the package
(``analysis/bluff/solved/bluff/multi-shipped/``), compact.

For each game (Liar's Dice ones wild without spot on, Liar's Dice as played, Bluff, Perudo) and each round of the plan
(``analysis.bluff.multi.solve.TABLE_PLAN``: 1-1-1 and 2-2-2 dice), the solve in the user's store is written as a
shipped table (``multi.shipped.pack``: the policy in 255ths, zlib), checked to be served by the package's reader and
to equal the solve within the quantum. A round whose solve is not stored is listed and its shipped file, if any, kept
(built on another machine); the package's other files (solves of an older plan or version) are removed. The solves
are built first by ``scripts/bluff_table_solves.py``.

Run: ``.venv/bin/python scripts/bluff_ship_table_solves.py``
"""

from __future__ import annotations

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

import numpy as np  # noqa: E402

from analysis.bluff.multi import shipped  # noqa: E402
from analysis.bluff.multi.round import table_round  # noqa: E402
from analysis.bluff.multi.solve import MULTI, TABLE_PLAN, _params, planned_rounds  # noqa: E402
from analysis.bluff.play.strategy_bot import SCRIPT_GAMES  # noqa: E402
from analysis.bluff.sampled.shipped import QUANTUM  # noqa: E402
from analysis.store import Store  # noqa: E402


def main() -> int:
    user, package = Store(), shipped.shipped_store()
    written, missing = set(), []
    for name, dice in planned_rounds():
        rules, plan = SCRIPT_GAMES[name](), TABLE_PLAN[dice]
        label = f"{name} {'-'.join(map(str, dice))}"
        round_ = table_round(rules, dice, plan["k"])
        params = _params(round_, plan["iterations"], 0, plan["lbr_rounds"])
        key = shipped.shipped_params(params)
        stored = user.load(MULTI, rules, params)
        if stored is None:
            if package.load(shipped.MULTI_SHIPPED, rules, key) is not None:
                written.add(package.path(shipped.MULTI_SHIPPED, rules, key))
            missing.append(label)
            continue
        table = shipped.pack(stored, round_.game)
        kept = package.load(shipped.MULTI_SHIPPED, rules, key)
        if kept is not None and all(np.array_equal(kept[k], table[k]) for k in table):
            path = package.path(shipped.MULTI_SHIPPED, rules, key)     # the same table: no new file
        else:
            path = package.save(shipped.MULTI_SHIPPED, rules, key, table)
        assert path is not None, "the package's store cannot be written"
        read, refused = shipped.load_shipped(rules, params, round_.game)
        assert read is not None, f"the package's reader refuses the copy ({refused})"
        gap = float(np.abs(read["policy"].astype(np.float64) - stored["policy"]).max())
        assert gap < 1.0 / QUANTUM, gap
        os.chmod(path, 0o644)
        written.add(path)
        print(f"{label}: {path.relative_to(ROOT)} ({path.stat().st_size / 1024:.0f} KB, largest change {gap:.4f})",
              flush=True)
    for old in (package.root / "bluff" / "multi-shipped").glob("*.podds"):
        if old not in written:
            old.unlink()     # a solve of an older plan or version: the reader would never serve it
    total = sum(path.stat().st_size for path in written)
    print(f"{len(written)} solves shipped, {total / 1e6:.2f} MB; not in the user's store: "
          f"{', '.join(missing) or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
