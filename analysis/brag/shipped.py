"""The multi-player solves shipped inside the package, read through the store's checks.

A solve of three or four players takes twenty minutes or more, so the package carries the
solved tables (``analysis/brag/solved/``, the store's own file layout, built by ``odds brag solve
--preset brag3 --players N`` and copied in with ``scripts/brag_ship_solves.py``). They are served
only as the store serves any table: built for the same rules and parameters by code whose source
hashes to the same fingerprint, with an intact checksum; a changed solver or deal engine makes
them stale, and then the user's store, or the command that builds it, answers instead.
"""

from __future__ import annotations

from pathlib import Path

from analysis.brag._stored import MULTI_BETTING, multi_params
from analysis.brag.rules import BragRules
from analysis.errors import InvalidArgument
from analysis.store import Store, chosen_store

SHIPPED_ROOT = Path(__file__).resolve().parent / "solved"
#: Minutes the stored solve took to build on a two-core machine under load (said before building).
BUILD_MINUTES = {3: 21, 4: 28}


def shipped_store() -> Store:
    return Store(SHIPPED_ROOT)


def find_solve(rules: BragRules, players: int, store: Store | None | bool = None) -> dict | None:
    """The solve of ``players`` from the user's store (``store=``, as :func:`analysis.store.chosen_store`
    reads it), else from the package; None when neither holds a sound one."""
    params = multi_params(rules, players)
    user = chosen_store(store)
    for where in ([] if user is None else [user]) + [shipped_store()]:
        table = where.load(MULTI_BETTING, rules, params)
        if table is not None:
            return table
    return None


def stored_solve(rules: BragRules, players: int, store: Store | None = None) -> dict:
    """As :func:`find_solve`, and one sentence naming the command that builds it when there is none."""
    table = find_solve(rules, players, store)
    if table is None:
        raise InvalidArgument(f"No stored {players}-player solve of {rules.name} is at hand; build it once with "
                              f"`odds brag solve --preset {rules.name} --players {players}` (about "
                              f"{BUILD_MINUTES[players]} minutes).")
    return table
