"""The multi-player solves shipped inside the package, read by the package's one reader of shipped tables.

A solve of three to eight players takes minutes to half an hour, so the package carries the
solved tables (``analysis/brag/solved/``, the store's own file layout, built by ``odds brag solve
--preset brag3 --players N`` and copied in with ``scripts/brag_ship_solves.py``). They are served
as the store serves any table (:mod:`analysis.shipped`): built for the same rules, parameters and
version of ``MULTI_BETTING``, with an intact checksum. A file the reader refuses is never passed
over in silence: the question is refused in one sentence saying why and how to build the solve.
"""

from __future__ import annotations

from pathlib import Path

from analysis.brag._stored import FULL_TABLE_BETTING, betting_kind, multi_params
from analysis.brag.multi.compact import unpack
from analysis.brag.rules import BragRules
from analysis.errors import InvalidArgument
from analysis.shipped import shipped_table
from analysis.store import Store, chosen_store

SHIPPED_ROOT = Path(__file__).resolve().parent.parent / "solved"   # analysis/brag/solved/
#: Minutes the stored solve took to build on a two-core machine under load (said before building).
BUILD_MINUTES = {3: 21, 4: 28, 5: 2, 6: 6, 7: 12, 8: 16}


def shipped_store() -> Store:
    return Store(SHIPPED_ROOT)


def _build_command(rules: BragRules, players: int) -> str:
    return (f"`odds brag solve --preset {rules.name} --players {players}` (about "
            f"{BUILD_MINUTES.get(players, 30)} minutes)")


def find_solve(rules: BragRules, players: int, store: Store | None | bool = None) -> dict | None:
    """The solve of ``players`` from the user's store (``store=``, as :func:`analysis.store.chosen_store`
    reads it), else from the package; None when neither holds one. A package file that is refused (damaged, or
    of another version of the solve) is one sentence, not None: nothing weaker answers in its place unsaid."""
    params, kind = multi_params(rules, players), betting_kind(players)
    user = chosen_store(store)
    if user is not None:
        table = user.load(kind, rules, params)
        if table is not None:
            return readable(kind, table)
    table, refused = shipped_table(SHIPPED_ROOT, kind, rules, params)
    if refused is not None:
        raise InvalidArgument(f"The package's {players}-player solve of {rules.name} is refused ({refused}); "
                              f"build it once with {_build_command(rules, players)}.")
    return table if table is None else readable(kind, table)


def readable(kind, table: dict) -> dict:
    """A stored solve as every reader reads it (the ``MULTI_BETTING`` layout)."""
    return unpack(table) if kind is FULL_TABLE_BETTING else table


def stored_solve(rules: BragRules, players: int, store: Store | None = None) -> dict:
    """As :func:`find_solve`, and one sentence naming the command that builds it when there is none."""
    table = find_solve(rules, players, store)
    if table is None:
        raise InvalidArgument(f"No stored {players}-player solve of {rules.name} is at hand; build it once with "
                              f"{_build_command(rules, players)}.")
    return table
