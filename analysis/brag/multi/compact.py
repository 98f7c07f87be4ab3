"""The stored layout of the solves of five to eight players (``_stored.FULL_TABLE_BETTING``), and back.

A solve keeps ``policy[node, bucket, action]`` padded to the widest node and every bucket, which at
five to eight players (100,000 to 450,000 histories) is tens of megabytes, mostly padding. ``pack``
keeps each decision's own rows only (a blind node's one row, an open node's row per bucket) in float32,
and the tree's arrays in int8; ``unpack`` gives back the arrays every reader of ``MULTI_BETTING`` reads,
the padded rows as the solve pads them (uniform where a blind node's other rows stand).

>>> import numpy as np
>>> table = {"kind": np.array([0, 1, 1]), "actor": np.array([0, -1, -1]), "blind": np.array([0, 0, 0]),
...          "child_start": np.array([1, 3, 3]), "n_actions": np.array([2, 0, 0]), "labels": np.array([0, 1, 2]),
...          "edges": np.array([0, 10]), "policy": np.array([[[0.25, 0.75], [1.0, 0.0]], [[0, 0], [0, 0]],
...                                                        [[0, 0], [0, 0]]]),
...          "summary": np.zeros(4), "history": np.zeros((0, 3))}
>>> back = unpack(pack(table))
>>> bool(np.array_equal(back["policy"], table["policy"]) and np.array_equal(back["child_start"], [1, 3, 3]))
True
"""

from __future__ import annotations

import numpy as np

DECISION = 0


def _rows(kind: np.ndarray, blind: np.ndarray, buckets: int) -> np.ndarray:
    """Each node's rows of strategy: none at a terminal, one at a blind decision, one per bucket otherwise."""
    return np.where(kind != DECISION, 0, np.where(blind != 0, 1, buckets))


def pack(table: dict) -> dict:
    """A ``MULTI_BETTING`` table's arrays in the ``FULL_TABLE_BETTING`` layout."""
    kind, blind, n_actions, policy = table["kind"], table["blind"], table["n_actions"], table["policy"]
    rows = _rows(kind, blind, table["edges"].size)
    mix = np.concatenate([policy[node, :rows[node], :n_actions[node]].ravel() for node in np.flatnonzero(rows)])
    out = {name: np.asarray(table[name]).astype(np.int8) for name in ("kind", "actor", "blind", "n_actions", "labels")}
    return {**out, "edges": table["edges"], "mix": mix.astype(np.float32), "summary": table["summary"],
            "history": table["history"]}


def unpack(stored: dict) -> dict:
    """The ``FULL_TABLE_BETTING`` arrays as the ``MULTI_BETTING`` table every reader reads."""
    kind, actor, blind, n_actions, labels = (stored[name].astype(np.int64)
                                             for name in ("kind", "actor", "blind", "n_actions", "labels"))
    buckets = stored["edges"].size
    child_start = 1 + np.concatenate(([0], np.cumsum(n_actions)[:-1]))
    rows = _rows(kind, blind, buckets)
    width = max(1, int(n_actions.max()))
    policy = np.zeros((kind.size, buckets, width))
    mix = stored["mix"].astype(np.float64)
    sizes = rows * n_actions
    starts = np.concatenate(([0], np.cumsum(sizes)[:-1]))
    for shape in np.unique(rows[rows > 0] * 256 + n_actions[rows > 0]):   # a few shapes: one gather each
        r, k = divmod(int(shape), 256)
        nodes = np.flatnonzero((rows == r) & (n_actions == k))
        policy[nodes, :r, :k] = mix[starts[nodes, None] + np.arange(r * k)].reshape(-1, r, k)
        policy[nodes, r:, :k] = 1.0 / k     # a blind node's rows past its one, as the solve pads them
    return {"kind": kind, "actor": actor, "blind": blind, "child_start": child_start, "n_actions": n_actions,
            "labels": labels, "edges": stored["edges"], "policy": policy, "summary": stored["summary"],
            "history": stored["history"]}
