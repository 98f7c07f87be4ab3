"""The sampled round solves shipped inside the package, compact, read by the package's one reader of shipped tables.

The plan's solves (``plan.PLAN``) take minutes to hours to build, so the package carries them
(``analysis/bluff/solved/``, the store's own file layout, written by ``scripts/bluff_ship_solves.py``
from the solves in the user's store). A shipped solve holds the policy quantised to whole 255ths:
in each information set the probabilities are rounded by the largest remainder, so they still sum
to exactly 1 and each is within 1/255 of the solve's (``quantise``); the bytes are compressed with
zlib (lzma packs them a sixth smaller but takes five times as long to unpack: a tenth of a second at
5v5, when a question at the table has half a second). The trajectory and the summary (value,
exploitability, iterations, seconds) are the solve's own.

A shipped table is keyed as the user's store keys a solve (:mod:`analysis.shipped`): by its kind's
version, rules and parameters. A file that is refused (damaged, or of another version) is said so by
whoever answers from another solve instead (``SampledSolution.passed_over``).
"""

from __future__ import annotations

import zlib
from pathlib import Path

import numpy as np

from analysis.shipped import shipped_table
from analysis.store import Array, Store, TableKind

SHIPPED_ROOT = Path(__file__).resolve().parent.parent / "solved"   # analysis/bluff/solved/
#: Levels of a shipped probability: whole 255ths (one byte).
QUANTUM = 255
SHIPPED = TableKind(
    "bluff/sampled-shipped", {"packed": Array("uint8", (None,), nonzero=True),
                              "trajectory": Array("float64", (None, 3)), "summary": Array("float64", (6,))},
    version=1)
#: A shipped full-width solve (``full_width``): the same arrays, a kind (and a version) of its own.
SHIPPED_FULL_WIDTH = TableKind(
    "bluff/full-width-shipped", SHIPPED.arrays,
    version=1)


def shipped_store() -> Store:
    return Store(SHIPPED_ROOT)


def shipped_params(params: dict) -> dict:
    """The key of a shipped solve: the stored solve's parameters and the quantum."""
    return {**params, "quantum": QUANTUM}


def information_sets(offset: np.ndarray, n_actions: np.ndarray, hands) -> np.ndarray:
    """[block, (first slot, hands, actions)]: each block of information sets sharing a window, seat by seat
    (an array: a full-recall 2v1 round has half a million)."""
    rows = []
    for s in (0, 1):
        windows = np.flatnonzero(offset[s] >= 0)
        rows.append(np.stack([offset[s, windows], np.full(windows.size, int(hands[s])), n_actions[windows]], axis=1))
    return np.concatenate(rows).astype(np.int64)


def quantise(policy: np.ndarray, blocks) -> np.ndarray:
    """The policy in whole 255ths, each information set summing to exactly 255 (largest remainder: each
    probability moves by less than 1/255)."""
    out = np.zeros(policy.size, dtype=np.uint8)
    for start, hands, size in blocks:
        scaled = policy[start:start + hands * size].astype(np.float64).reshape(hands, size)
        scaled = scaled / scaled.sum(axis=1, keepdims=True) * QUANTUM
        whole = np.floor(scaled)
        short = (QUANTUM - whole.sum(axis=1)).astype(np.int64)
        order = np.argsort(-(scaled - whole), axis=1, kind="stable")
        for h in np.flatnonzero(short):
            whole[h, order[h, :short[h]]] += 1
        out[start:start + hands * size] = whole.reshape(-1)
    return out


def pack_policy(policy: np.ndarray, blocks) -> np.ndarray:
    """A policy over the information sets ``blocks`` ((first slot, hands, actions) each) in whole 255ths, zlib: the
    ``packed`` array of a shipped solve (the heads-up ones here, the full table's in ``multi.shipped``)."""
    levels = quantise(np.asarray(policy), blocks)
    return np.frombuffer(zlib.compress(levels.tobytes(), 9), dtype=np.uint8)


def unpack_policy(packed: np.ndarray, slots: int, blocks) -> np.ndarray | None:
    """``pack_policy``'s policy (float32, as the user's store keeps a solve), or None when ``packed`` does not hold
    ``slots`` probabilities summing to 1 in every information set of ``blocks`` (a file for another layout)."""
    try:
        levels = np.frombuffer(zlib.decompress(packed.tobytes()), dtype=np.uint8)
    except zlib.error:
        return None
    if levels.size != slots or not _sets_sum_to_quantum(levels, blocks):
        return None
    return levels / np.float32(QUANTUM)


def pack(stored: dict, blocks) -> dict:
    """A user-store solve (``stored.SAMPLED``'s arrays) as a shipped table."""
    return {"packed": pack_policy(stored["policy"], blocks), "trajectory": stored["trajectory"],
            "summary": stored["summary"]}


def unpack(table: dict, slots: int, blocks) -> dict | None:
    """The shipped table as ``stored.SAMPLED``'s arrays (the policy in 255ths, float32 as the user's store keeps
    it), or None when it does not hold ``slots`` probabilities summing to 1 in every information set (a file for
    another layout)."""
    policy = unpack_policy(table["packed"], slots, blocks)
    if policy is None:
        return None
    return {"policy": policy, "trajectory": table["trajectory"], "summary": table["summary"]}


#: Up to this many blocks the sets are checked a block at a time (a 5v5 round has a few thousand, each a window's
#: sets of one seat: three times quicker than the whole-array check, a fifth of a second at 5v5 over every raise).
BLOCK_BY_BLOCK = 20000


def _sets_sum_to_quantum(levels: np.ndarray, blocks) -> bool:
    """Whether the information sets of ``blocks``, in their order, tile ``levels`` (as every layout of the solver's
    does) and each sums to ``QUANTUM``: a block at a time where there are few, else at once, since a full-recall
    2v1 round has half a million blocks."""
    table = np.asarray(blocks, dtype=np.int64).reshape(-1, 3)
    if len(table) <= BLOCK_BY_BLOCK:
        position = 0
        for start, hands, size in table:
            end = start + hands * size
            if start != position or end > levels.size or not (
                    levels[start:end].reshape(hands, size).sum(axis=1, dtype=np.int32) == QUANTUM).all():
                return False
            position = end
        return 0 < position == levels.size
    hands, sizes = table[:, 1], table[:, 2]
    first_set = np.cumsum(hands) - hands
    within = np.arange(int(hands.sum())) - np.repeat(first_set, hands)
    starts = np.repeat(table[:, 0], hands) + within * np.repeat(sizes, hands)
    ends = starts + np.repeat(sizes, hands)
    if not (starts.size and starts[0] == 0 and ends[-1] == levels.size and np.array_equal(ends[:-1], starts[1:])):
        return False
    # The running total at the end of set i must be 255 (i + 1). It is kept in int32 and may wrap past 2**31
    # (tens of millions of sets), but a set's own total (at most 255 a slot) is far below 2**32, so the totals
    # agreeing modulo 2**32 still means each set sums to exactly 255. (This is several times quicker than
    # ``np.add.reduceat`` in int64, which casts all nine million levels of a 5v5 round first.)
    total = np.cumsum(levels, dtype=np.int32)[ends - 1]
    return bool((total == (QUANTUM * np.arange(1, ends.size + 1, dtype=np.int64)).astype(np.int32)).all())


#: The shipped solves already read in this process, the last few (a 5v5 one takes a tenth of a second to read and
#: check, which a running web page answers in); the package's files do not change under a running process.
#: Nothing writes into a solve's policy.
_READ: dict = {}
_KEEP = 4


def shipped_kind(full_width: bool = False) -> TableKind:
    """The table kind of a shipped solve: sampled or full-width."""
    return SHIPPED_FULL_WIDTH if full_width else SHIPPED


def load_shipped(rules, params: dict, slots: int, blocks, full_width: bool = False) -> tuple[dict | None, str | None]:
    """(the shipped solve for ``rules`` and ``params`` (``stored._params``), None); (None, None) where the package
    holds none; (None, why) where its file is refused."""
    key = (rules, repr(sorted(params.items())), slots, str(SHIPPED_ROOT), full_width)
    if key in _READ:
        return _READ[key], None
    table, refused = shipped_table(SHIPPED_ROOT, shipped_kind(full_width), rules, shipped_params(params))
    solve = None if table is None else unpack(table, slots, blocks)
    if table is not None and solve is None:
        refused = "its policy does not fit the round's layout"
    if solve is not None:
        while len(_READ) >= _KEEP:
            _READ.pop(next(iter(_READ)))
        _READ[key] = solve
    return solve, refused
