"""The solver's stored tables.

The solver (``solver.py``) builds them; ``odds yacht advise`` reads the state values. Each kind's ``version`` is
bumped when a change to the solver, a kernel, the dice or the score tables alters its numbers (docs/store.md), so a
changed solver is never answered from an old file.
"""

from __future__ import annotations

from analysis.store import Array, TableKind

#: Expected points still to come from every card state under optimal play: the bounds and the finite
#: check are the declared invariants.
STATE_VALUES = TableKind(
    "yacht/state-values", {"values": Array("float64", ("states",), within=(0, float("inf")), nonzero=True)},
    version=1)
#: What the optimal policy scores, box by box, and the exact distribution of the final score.
SUMMARY = TableKind("yacht/summary", {
    "box_points": Array("float64", ("boxes",)), "box_zero": Array("float64", ("boxes",), within=(0, 1)),
    "bonus_points": Array("float64", (2,)), "bonus_rate": Array("float64", (2,)), "mean": Array("float64", ()),
    "distribution": Array("float64", (None,), within=(0, 1), sums_to_one=0)}, version=1)
#: Each box's odds within one turn (``odds.box_odds``): chance on the first roll and within the turn, a
#: turn's best expected points on the box alone, and its most points. Kept so that a chart or a table of
#: them is read, not recomputed by the kernels (starting numba costs a second).
BOX_ODDS = TableKind("yacht/box-odds", {
    "first_roll_chance": Array("float64", ("boxes",), within=(0, 1)),
    "turn_chance": Array("float64", ("boxes",), within=(0, 1)),
    "turn_expected_points": Array("float64", ("boxes",), within=(0, float("inf"))),
    "max_points": Array("int64", ("boxes",), within=(0, float("inf")))},
    version=1)
