"""The kinds of table Brag keeps in the store that a question at the table reads.

``odds brag equity`` and ``odds brag strategy`` read one row of them (``analysis.brag.showdown.lookup``)
before deciding whether the library's solvers are needed at all. Each kind's ``version`` is
bumped when its builder's numbers change (docs/store.md), so a changed builder is never answered
from an old table. The reader checks the one row it uses (``lookup``).
"""

from __future__ import annotations

import dataclasses

from analysis.store import Array, TableKind

#: Heads-up: for every hand, the opponent hands in a range that it beats, ties, and that avoid its cards.
VERSUS = TableKind("brag/versus", {name: Array("int64", ("hands",)) for name in ("beats", "ties", "available")},
                   version=1)
#: Against two opponents: every hand's (win, two-way tie, three-way tie, lose) counts over all ordered deals.
TWO_OPPONENTS = TableKind("brag/two-opponents", {"counts": Array("int64", ("hands", 4))}, version=1)

#: One decision of a solved heads-up game, everything ``odds brag strategy`` prints for any hand there:
#: ``point`` (the seat to act, 1 if blind), ``actions`` (their names, one per line, UTF-8),
#: ``strengths`` (the distinct hand strengths, ascending: row i of the arrays below is strength i),
#: ``mix`` (the equilibrium mix, one row if blind, else one per strength), ``values`` (the seat's
#: best-response value after each action, per strength) and ``mass`` (per strength, the chance of the
#: deal times the opponent's reach here: an action's value is ``values / mass``), ``reach`` (the
#: seat's own reach), and for a blind seat that may look, the mix after looking.
DECISION_POINTS = TableKind("brag/decision-points", {
    "point": Array("int64", (2,)), "actions": Array("uint8", (None,)), "strengths": Array("int32", (None,)),
    "mix": Array("float64", (None, None), within=(0, 1)), "values": Array("float64", (None, None)),
    "mass": Array("float64", (None,)), "reach": Array("float64", (None,), within=(0, 1)),
    "after_actions": Array("uint8", (None,), optional=True),
    "after_mix": Array("float64", (None, None), within=(0, 1), optional=True)},
    version=1)

#: The solve ``odds brag strategy`` reads: ``solve()``'s defaults (a test holds them equal).
SOLVE_DEFAULTS = {"variant": "dcfr", "target": 1e-3, "iterations": 20_000}


def decision_params(rules, history, variant: str = SOLVE_DEFAULTS["variant"],
                    target: float = SOLVE_DEFAULTS["target"],
                    iterations: int = SOLVE_DEFAULTS["iterations"]) -> dict:
    """The store parameters of the decision reached by ``history`` (action names) in a solve of ``rules``."""
    return {"betting": rules.betting_key(), "variant": variant, "target": float(target),
            "iterations": iterations, "history": list(history)}


def parse_history(text) -> list[str]:
    """``"blind,look,bet"`` (or a list) as a list of action names."""
    if text is None:
        return []
    if isinstance(text, str):
        return [" ".join(step.split()).lower() for step in text.split(",") if step.strip()]
    return [str(step) for step in text]


#: A solved table of three to eight (``analysis.brag.multi.solve``): the public tree's arrays (labels as
#: codes into ``MULTI_LABELS``), the bucket floors, the average strategy ``policy[node, bucket, action]``,
#: ``summary`` (iterations, seconds, then each player's value, then each one's best-response gain)
#: and ``history`` (iterations and gains at each check).
MULTI_BETTING = TableKind("brag/multi-betting", {
    "kind": Array("int64", (None,)), "actor": Array("int64", (None,)), "blind": Array("int64", (None,)),
    "child_start": Array("int64", (None,)), "n_actions": Array("int64", (None,)),
    "labels": Array("int64", (None,)), "edges": Array("int64", (None,)),
    "policy": Array("float64", (None, None, None), within=(0, 1)), "summary": Array("float64", (None,)),
    "history": Array("float64", (None, None))},
    version=1)

#: A solved table of five to eight (``analysis.brag.multi.compact`` packs it and unpacks it as a
#: ``MULTI_BETTING`` table): the same solve in a smaller layout, as those trees hold 100,000 to 450,000
#: histories. The tree's arrays in the narrowest integers (``child_start`` follows from ``n_actions``: each
#: node's children are numbered after those of the nodes before it), and the strategy at decisions only:
#: ``mix``, node by node, a blind node's one row or an open node's row per bucket, in float32.
FULL_TABLE_BETTING = TableKind("brag/full-table-betting", {
    **{name: Array("int8", (None,)) for name in ("kind", "actor", "blind", "n_actions", "labels")},
    "edges": Array("int64", (None,)), "mix": Array("float32", (None,), within=(0, 1)),
    "summary": Array("float64", (None,)), "history": Array("float64", (None, None))},
    version=1)


def betting_kind(players: int) -> TableKind:
    """The kind the solve of ``players`` is stored as: the compact one from five players."""
    return FULL_TABLE_BETTING if players in FULL_TABLE_STORED else MULTI_BETTING


#: Buckets of hand strength by table size (the chance layer has buckets**players tuples, and the exact
#: best-response passes hold every history times every tuple, so larger tables get fewer buckets).
BUCKETS = {3: 8, 4: 5, 5: 3, 6: 2, 7: 2, 8: 2}
#: Deals sampled to estimate the full pack's chance layer.
TABLE_SAMPLES = 4_000_000
#: The multi-player solve the commands answer from: iterations at most, the best-response gain
#: (chips per deal) to stop at, how often it is checked, the chance layer's seed.
MULTI_STORED = {"iterations": 4_000_000, "target": 0.01, "check_every": 200_000, "seed": 0}
#: Five to eight players: each build's iteration cap, the gain it may stop at (chips per deal) and its
#: check cadence, sized so that one build runs in well under an hour of one core (the gain it reaches is
#: stored with it and printed with every answer).
FULL_TABLE_STORED = {5: {"iterations": 1_000_000, "target": 0.02, "check_every": 200_000},
                     6: {"iterations": 1_000_000, "target": 0.02, "check_every": 200_000},
                     7: {"iterations": 1_000_000, "target": 0.02, "check_every": 200_000},
                     8: {"iterations": 800_000, "target": 0.02, "check_every": 200_000}}
#: What the solve leaves out of the deal's betting at a table of seven or eight, so that its tree of
#: histories and the exact best-response passes fit in memory (the whole betting has 453,000 histories
#: at six, about two million at seven and eight million at eight): no raise (every bet at the lowest
#: stake), and at eight at most three bets. A deal that goes outside it is not answered from the solve.
LEFT_OUT = {7: {"raises": 0}, 8: {"raises": 0, "bets": 3}}


def multi_labels(rules) -> list:
    """Every move name a multi-player tree of ``rules`` can hold (the store keeps each node's label
    as an index into this list)."""
    return sorted({"", "look", "fold", "bet", "see"} | {f"raise {s:g}" for s in rules.stakes[1:]})


def multi_params(rules, players: int) -> dict:
    """The store parameters of the multi-player solve of ``rules`` for ``players``."""
    params = {"betting": rules.betting_key(), "players": players, "buckets": BUCKETS[players],
              "samples": TABLE_SAMPLES, **MULTI_STORED}
    if players in FULL_TABLE_STORED:   # three and four keep the parameters their shipped files were built with
        params.update(FULL_TABLE_STORED[players], left_out=LEFT_OUT.get(players, {}))
    return params


def solved_rules(rules, players: int):
    """The rules the solve of ``players`` plays: ``rules`` less what ``LEFT_OUT`` leaves out at that size."""
    left_out = LEFT_OUT.get(players)
    return dataclasses.replace(rules, **left_out) if left_out else rules
