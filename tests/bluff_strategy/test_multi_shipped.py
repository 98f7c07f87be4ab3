"""The full table's solves shipped in the package: every planned round of every game is there and sound (a missing
or stale file fails here), read through the store's checks where the user's store has none, its policy within the
quantum of the solve; a damaged copy is refused with its reason."""

from __future__ import annotations

import numpy as np
import pytest

from analysis.bluff.multi import shipped as multi_shipped
from analysis.bluff.multi import solve as multi_solve
from analysis.bluff.multi.solve import MULTI, TABLE_PLAN, _params, find_table_solve, planned_rounds, solve_table
from analysis.bluff.play.strategy_bot import SCRIPT_GAMES
from analysis.bluff.rules import preset
from analysis.bluff.sampled.shipped import QUANTUM
from analysis.store import Store


@pytest.mark.parametrize("name,dice", planned_rounds(), ids=lambda v: v if isinstance(v, str) else
                         "-".join(map(str, v)))
def test_the_package_ships_every_planned_round(name, dice):
    # No user store at all: the answer can only be the package's file, at the kind's current version.
    solution, refused = find_table_solve(SCRIPT_GAMES[name](), dice, store=False)
    assert refused is None, refused
    assert solution is not None and solution.shipped, f"{name} {dice}: not shipped; see docs/store.md"
    plan = TABLE_PLAN[dice]
    assert solution.iterations == plan["iterations"] and solution.round_.k == plan["k"]
    game = solution.round_.game
    for start, hands, size in multi_shipped.blocks(game):
        rows = solution.policy[start:start + hands * size].reshape(hands, size).astype(np.float64)
        assert np.allclose(rows.sum(axis=1), 1.0, atol=1e-5)
    assert len(solution.gains) == 3
    for gain in solution.gains:
        # A sampled local best response is a noisy lower bound on a seat's gain; each is measured to a few hundredths.
        assert gain.rounds == plan["lbr_rounds"] and -0.1 < gain.gain < 0.2 and 0 < gain.half < 0.05
        assert -1.0 <= gain.value <= 0.0


def test_a_shipped_solve_is_read_where_the_users_store_has_none(tmp_path, monkeypatch):
    small = {"k": 1, "iterations": 500, "lbr_rounds": 20}
    rules = preset("perudo")
    monkeypatch.setattr(multi_shipped, "SHIPPED_ROOT", tmp_path / "package")
    monkeypatch.setattr(multi_solve, "TABLE_PLAN", {(1, 1, 1): small})
    monkeypatch.setattr(multi_solve, "_SHIPPED_READ", {})
    built = Store(tmp_path / "built")
    solution = solve_table(rules, (1, 1, 1), 1, 500, lbr_rounds=20, store=built, progress=False)
    params = _params(solution.round_, 500, 0, 20)
    table = multi_shipped.pack(built.load(MULTI, rules, params), solution.round_.game)
    path = multi_shipped.shipped_store().save(multi_shipped.MULTI_SHIPPED, rules,
                                              multi_shipped.shipped_params(params), table)
    fresh = Store(tmp_path / "fresh")
    read, refused = find_table_solve(rules, (1, 1, 1), store=fresh)
    assert refused is None and read.shipped and read.from_store
    assert np.abs(read.policy.astype(np.float64) - solution.policy).max() < 1.0 / QUANTUM
    assert read.gains == solution.gains and read.iterations == 500
    # The user's own solve comes first.
    assert not find_table_solve(rules, (1, 1, 1), store=built)[0].shipped
    # Another game's round is not served by it.
    assert find_table_solve(preset("bluff"), (1, 1, 1), store=fresh) == (None, None)
    # A flipped byte: refused with its reason, never read.
    monkeypatch.setattr(multi_solve, "_SHIPPED_READ", {})
    blob = bytearray(path.read_bytes())
    blob[-10] ^= 0xFF
    path.write_bytes(bytes(blob))
    found, refused = find_table_solve(rules, (1, 1, 1), store=fresh)
    assert found is None and "checksum" in refused


def test_a_packed_policy_for_another_round_is_refused():
    rules = preset("perudo")
    one = solve_table(rules, (1, 1, 1), 1, 300, lbr_rounds=20, faces=3, store=False, progress=False)
    other = multi_solve.table_round(rules, (1, 1, 1), 2, faces=3)
    table = multi_shipped.pack({"policy": one.policy, "gains": np.zeros((3, 4)), "summary": np.zeros(2)},
                               one.round_.game)
    assert multi_shipped.unpack_policy(table["packed"], one.round_.game.slots,
                                       multi_shipped.blocks(one.round_.game)) is not None
    assert multi_shipped.unpack_policy(table["packed"], other.game.slots, multi_shipped.blocks(other.game)) is None
