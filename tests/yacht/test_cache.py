"""Solved tables come back from the store intact, and a damaged or stale file is rebuilt, never trusted."""

import numpy as np

from analysis.store import Store
from analysis.yacht import solver
from analysis.yacht.rules import preset


def test_values_are_cached_and_damage_is_rebuilt(tmp_path, capsys, monkeypatch):
    store = Store(tmp_path)
    rules = preset("yacht_kr")
    first = solver.state_values(rules, store)
    path = store.path(solver.STATE_VALUES, rules, {"states": rules.n_states})
    assert path.exists()

    calls = []
    real = solver.compute_values
    monkeypatch.setattr(solver, "compute_values", lambda r: calls.append(r) or real(r))
    assert np.array_equal(solver.state_values(rules, store), first)
    assert calls == []  # served from the file

    blob = bytearray(path.read_bytes())
    blob[-100] ^= 0xFF  # flip a bit inside the payload
    path.write_bytes(bytes(blob))
    rebuilt = solver.state_values(rules, store)
    assert len(calls) == 1 and np.array_equal(rebuilt, first)
    assert "the cached file is damaged" in capsys.readouterr().err

    path.write_bytes(path.read_bytes()[:50])  # truncated
    assert np.array_equal(solver.state_values(rules, store), first)
    assert len(calls) == 2


def test_a_bumped_version_is_never_answered_from_the_old_table(tmp_path, monkeypatch):
    import dataclasses

    import analysis.store
    from analysis.yacht._stored import STATE_VALUES

    store = Store(tmp_path)
    rules = preset("yacht_kr")
    solver.state_values(rules, store)
    calls = []
    real = solver.compute_values
    monkeypatch.setattr(solver, "compute_values", lambda r: calls.append(r) or real(r))
    solver.state_values(rules, store)
    assert calls == []                       # the same version: answered from the store
    # A change that alters the numbers bumps the kind's version (the golden builds say when): the old table is
    # then never served.
    monkeypatch.setitem(analysis.store.KINDS, STATE_VALUES.name, STATE_VALUES)
    monkeypatch.setattr(solver, "STATE_VALUES", dataclasses.replace(STATE_VALUES, version=STATE_VALUES.version + 1))
    solver.state_values(rules, store)
    assert len(calls) == 1


def test_house_rules_get_their_own_table(tmp_path):
    store = Store(tmp_path)
    plain = solver.state_values(preset("yacht_kr"), store)
    strict = solver.state_values(preset("yacht_kr", five_alike_is_full_house=False), store)
    assert strict[0] < plain[0]
    assert len(list(tmp_path.rglob("*.podds"))) == 2
