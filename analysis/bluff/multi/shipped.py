"""The full table's solves shipped inside the package, compact, read by the package's one reader of shipped tables.

A planned multi-player solve (``solve.TABLE_PLAN``) takes minutes to build, so the package carries them
(``analysis/bluff/solved/bluff/multi-shipped/``, the store's own file layout, written by
``scripts/bluff_ship_table_solves.py`` from the solves in the user's store), as the heads-up solves are shipped
(``sampled.shipped``): the policy in whole 255ths, each information set summing to exactly 1 and each chance within
1/255 of the solve's, compressed with zlib; each seat's value and local-best-response gain (measured on the solve
itself) and the summary are the solve's own. A file that is refused (damaged, of another version, or for another
layout of the round) is said so by whoever answers without it (``TableSolution.passed_over``).
"""

from __future__ import annotations

import numpy as np

from analysis.bluff.sampled.shipped import QUANTUM, SHIPPED_ROOT, pack_policy, unpack_policy
from analysis.shipped import shipped_table
from analysis.store import Array, Store, TableKind

#: A shipped multi-player solve: ``solve.MULTI``'s arrays with the policy packed (``sampled.shipped.pack_policy``).
MULTI_SHIPPED = TableKind(
    "bluff/multi-shipped", {"packed": Array("uint8", (None,), nonzero=True), "gains": Array("float64", (None, 4)),
                            "summary": Array("float64", (2,))},
    version=1)


def shipped_store() -> Store:
    return Store(SHIPPED_ROOT)


def shipped_params(params: dict) -> dict:
    """The key of a shipped solve: the stored solve's parameters (``solve._params``) and the quantum."""
    return {**params, "quantum": QUANTUM}


def blocks(game) -> np.ndarray:
    """[information-set block, (first slot, hands, actions)] of a ``TableGame``: one block a decision node, in slot
    order (they tile the policy)."""
    nodes = np.flatnonzero(game.actor >= 0)
    hands = game.rows[game.actor[nodes], game.rounds[nodes]]
    return np.stack([game.offset[nodes], hands, game.n_actions[nodes]], axis=1).astype(np.int64)


def pack(stored: dict, game) -> dict:
    """A user-store solve (``solve.MULTI``'s arrays) as a shipped table."""
    return {"packed": pack_policy(stored["policy"], blocks(game)), "gains": stored["gains"],
            "summary": stored["summary"]}


def load_shipped(rules, params: dict, game) -> tuple[dict | None, str | None]:
    """(``solve.MULTI``'s arrays of the package's solve for ``rules`` and ``params``, None); (None, None) where the
    package holds none; (None, why) where its file is refused."""
    table, refused = shipped_table(SHIPPED_ROOT, MULTI_SHIPPED, rules, shipped_params(params))
    if table is None:
        return None, refused
    policy = unpack_policy(table["packed"], game.slots, blocks(game))
    if policy is None or len(table["gains"]) != game.players:
        return None, "its policy does not fit the round's layout"
    return {"policy": policy, "gains": table["gains"], "summary": table["summary"]}, None
