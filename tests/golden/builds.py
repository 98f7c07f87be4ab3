"""A small seeded build of every kind of stored table, by the builders the package itself calls.

Each entry of :data:`BUILDS` builds, in seconds, tables of one kind with small parameters (a 1v1
dice-bidding round, a Brag betting game of one raise, a net of 4 hidden units trained for 200 games,
Yacht with five boxes) through the same path as the command that stores them: a public function is
given a :class:`Recorder` store, which keeps a copy of every table it is asked to save. So a golden
build holds exactly the arrays its kind stores, and a change to a builder, a kernel or anything they
import that alters those arrays alters the golden values (``test_golden.py``).

What no two runs share (a solve's seconds, a training record's timing and commit) is set aside by
:func:`steady` before the values are summarised.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import os
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Callable
from unittest import mock

import numpy as np

from analysis.store import Store, _canonical


class Recorder(Store):
    """A store that keeps a copy of every table saved in it, in order (and saves it as usual)."""

    def __init__(self, root):
        super().__init__(root)
        self.saved: list[tuple[str, dict, dict]] = []

    def save(self, kind, rules, params, arrays):
        copies = {name: np.array(values) for name, values in arrays.items()}
        self.saved.append((kind.name, _canonical(params or {}), copies))
        return super().save(kind, rules, params, arrays)


# ----------------------------------------------------------------------------------- dice bidding

def _bluff_rules():
    from analysis.bluff.rules import preset

    return preset("perudo")     # aces wild and palifico rounds: the most rules in play


def _bluff_solve(store, full_width: bool):
    from analysis.bluff.sampled.solver import solve_sampled

    if full_width:
        return solve_sampled(_bluff_rules(), (1, 1), k=2, iterations=40, seed=3, store=store, checks=2,
                             lbr_games=500, full_width=True)
    return solve_sampled(_bluff_rules(), (1, 1), k=2, iterations=3000, seed=3, store=store, checks=2, lbr_games=500)


def _bluff_shipped(store, full_width: bool):
    """The package's copy of a solve, as ``scripts/bluff_ship_solves.py`` makes it (``pack``)."""
    from analysis.bluff.sampled.stored import solve_key
    from analysis.bluff.sampled.shipped import pack, shipped_params

    solution = _bluff_solve(store, full_width)
    kind, params = solve_key(solution.game, solution.iterations, solution.seed, full_width=full_width)
    stored = store.load(kind, _bluff_rules(), params)
    return [(_canonical(shipped_params(params)), pack(stored, solution.game.blocks()))]


def _count_tables(store):
    from analysis.bluff.odds._count_tables import count_tables

    count_tables.cache_clear()
    count_tables(store)


def _rounds(store):
    from analysis.bluff.exact.solve import solve_round

    solve_round(_bluff_rules(), (1, 2), iterations=300, target=0.0, faces=4, store=store)


def _game_values(store):
    from analysis.bluff.exact.game_value import game_value

    game_value(_bluff_rules(), (1, 2), target=1e-3, iterations=200, store=store, faces=3)


# ----------------------------------------------------------------------------------------- Brag

def _brag_rules():
    from analysis.brag.rules import preset

    return preset("brag3", stakes=(1.0, 2.0), raises=1, bets=3)


def _strengths(store):
    from analysis.brag.showdown.tables import hand_table

    hand_table(_brag_rules(), store)


def _versus(store):
    from analysis.brag.showdown.equity import versus_counts

    versus_counts(_brag_rules(), "any", store)


def _two_opponents(store):
    from analysis.brag.showdown.equity import two_opponent_columns

    two_opponent_columns(_brag_rules(), store)


def _strength_pairs(store):
    from analysis.brag.headsup.solve import strength_pairs

    strength_pairs(_brag_rules(), store=store)


def _heads_up(store):
    from analysis.brag.headsup.solve import solve

    return solve(_brag_rules(), iterations=60, target=0.0, store=store, progress=False)


def _decision_points(store):
    from analysis.brag.headsup.strategy import store_decision_points

    store_decision_points(_heads_up(store), target=0.0, iterations=60, store=store)


#: The three-player solve at these settings: a few seconds instead of the shipped solve's hours.
_SMALL_MULTI = {"iterations": 3000, "target": 0.0, "check_every": 1500, "seed": 7}
_SMALL_SAMPLES = 20_000


def _module(name: str):
    """A module by its dotted name (``analysis.brag`` exports functions named like some of its modules)."""
    return importlib.import_module(name)


@contextmanager
def _small_multi():
    """The stored three-player solve's settings made small (the builder reads them from these constants)."""
    _stored, multi, values = (_module(f"analysis.brag.{name}") for name in ("_stored", "multi.solve", "table.values"))
    chance_layer = multi.chance_layer

    def layer(*args, **kwargs):
        return chance_layer(*args, **{**kwargs, "samples": _SMALL_SAMPLES})

    with mock.patch.dict(_stored.MULTI_STORED, _SMALL_MULTI), mock.patch.object(multi, "chance_layer", layer), \
            mock.patch.object(_stored, "TABLE_SAMPLES", _SMALL_SAMPLES), \
            mock.patch.object(values, "TABLE_SAMPLES", _SMALL_SAMPLES):
        yield


def _stored_multi(store):
    """``stored_solve`` answering from the small three-player solve, solved and kept in ``store`` by the
    store's own call (the package's shipped solve, of other settings, is not looked for)."""
    def stored_solve(rules, players):
        multi_strategy = _module("analysis.brag.multi.strategy")

        with _small_multi(), mock.patch.object(multi_strategy, "find_solve", lambda *args: None):
            return multi_strategy.stored(rules, players, store, progress=False)
    return stored_solve


def _bluff_multi(store):
    solve = _module("analysis.bluff.multi.solve")
    return solve.solve_table(_module("analysis.bluff.rules").preset("perudo"), (1, 1, 1), 1, 500, seed=0,
                             lbr_rounds=20, faces=3, store=store, progress=False)


def _bluff_multi_shipped(store):
    """The package's copy of a full-table solve, as ``scripts/bluff_ship_table_solves.py`` makes it (``pack``)."""
    solve, shipped = _module("analysis.bluff.multi.solve"), _module("analysis.bluff.multi.shipped")
    solution = _bluff_multi(store)
    params = solve._params(solution.round_, solution.iterations, solution.seed, 20)
    stored = store.load(solve.MULTI, solution.round_.rules, params)
    return [(_canonical(shipped.shipped_params(params)), shipped.pack(stored, solution.round_.game))]


def _multi_betting(store):
    _stored_multi(store)(_brag_rules(), 3)


def _full_table_betting(store):
    """The compact layout of the five-to-eight-player solves: a small five-player solve, kept by the store's call."""
    _stored = _module("analysis.brag._stored")
    small = {k: _SMALL_MULTI[k] for k in ("iterations", "target", "check_every")}
    with mock.patch.dict(_stored.FULL_TABLE_STORED, {5: small}):
        _stored_multi(store)(_brag_rules(), 5)


def _multi_tree(store):
    against_solve = _module("analysis.brag.table.against_solve")

    with mock.patch.object(against_solve, "stored_solve", _stored_multi(store)):
        against_solve.multi_game(_brag_rules(), 3, store)


def _multi_chance(store):
    values = _module("analysis.brag.table.values")

    with _small_multi(), mock.patch.object(values, "stored_solve", _stored_multi(store)):
        values._first_moves_multi(_brag_rules(), 3, store)


# ------------------------------------------------------------------------------------ backgammon

def _one_sided(store):
    from analysis.backgammon.bearoff import one_sided_database

    one_sided_database(store)


def _two_sided(store):
    from analysis.backgammon.bearoff import two_sided_piece

    two_sided_piece("win", store)


def _net_weights(store):
    """A net of 4 hidden units trained for 200 games of Dutch backgammon, as ``odds backgammon train`` writes it."""
    from analysis.backgammon.training import train
    from analysis.backgammon.weights import NET_WEIGHTS
    from analysis.shipped import read_table_file

    out = Path(store.root) / "net.podds"
    train("dutch", 200, 11, out, hidden=4, chunk=50, checkpoint_seconds=0.0)
    header, arrays = read_table_file(out, NET_WEIGHTS, "weights file")
    return [(header["params"], arrays)]


# ----------------------------------------------------------------------------------------- Yacht

def _yacht_rules(plain: bool = False):
    """Five boxes of Yahtzee (its bonuses and joker in play, the upper bonus at 6), or of Korean Yacht."""
    from analysis.yacht.rules import preset

    if plain:
        rules = preset("yacht_kr")
        names = ("Chase Off", "Full House", "Choice", "Aces", "Six Beans")
        return dataclasses.replace(rules, boxes=tuple(b for b in rules.boxes if b.name in names))
    rules = preset("yahtzee")
    names = ("Aces", "Twos", "Full House", "Yahtzee", "Chance")
    return dataclasses.replace(rules, boxes=tuple(b for b in rules.boxes if b.name in names), upper_threshold=6)


def _state_values(store):
    from analysis.yacht.solver import state_values

    state_values(_yacht_rules(), store)


def _summary(store):
    from analysis.yacht.solver import solve

    solve(_yacht_rules(), store)


def _box_odds(store):
    from analysis.yacht.odds import box_odds_rows

    box_odds_rows(_yacht_rules(), store)


def _reach(store):
    from analysis.yacht.target import reach_values

    reach_values(_yacht_rules(), store)


def _remaining(store):
    from analysis.yacht.win import remaining_values

    remaining_values(_yacht_rules(plain=True), store)


#: Each kind's golden build: a function of a :class:`Recorder` that saves the kind's tables in it (whatever it
#: returns is ignored), or returns them itself as a list of (parameters, arrays) pairs (the shipped files and
#: the nets, which are written outside the store).
BUILDS: dict[str, Callable] = {
    "backgammon/bearoff-one-sided": _one_sided,
    "backgammon/bearoff-two-sided": _two_sided,
    "backgammon/net-weights": _net_weights,
    "bluff/count-tables": _count_tables,
    "bluff/full-width": lambda store: _bluff_solve(store, True),
    "bluff/full-width-shipped": lambda store: _bluff_shipped(store, True),
    "bluff/game-values": _game_values,
    "bluff/multi": _bluff_multi,
    "bluff/multi-shipped": _bluff_multi_shipped,
    "bluff/rounds": _rounds,
    "bluff/sampled": lambda store: _bluff_solve(store, False),
    "bluff/sampled-shipped": lambda store: _bluff_shipped(store, False),
    "brag/betting": _heads_up,
    "brag/decision-points": _decision_points,
    "brag/full-table-betting": _full_table_betting,
    "brag/multi-betting": _multi_betting,
    "brag/multi-chance": _multi_chance,
    "brag/multi-tree": _multi_tree,
    "brag/strength-pairs": _strength_pairs,
    "brag/strengths": _strengths,
    "brag/two-opponents": _two_opponents,
    "brag/versus": _versus,
    "yacht/box-odds": _box_odds,
    "yacht/reach": _reach,
    "yacht/remaining": _remaining,
    "yacht/state-values": _state_values,
    "yacht/summary": _summary,
}


def _zeroed(array, *where) -> np.ndarray:
    out = np.array(array)
    out[list(where)] = 0
    return out


def _record_without_timing(record: np.ndarray) -> np.ndarray:
    fields = json.loads(record.tobytes())
    kept = {name: value for name, value in fields.items() if name not in ("seconds", "commit", "command")}
    return np.frombuffer(json.dumps(kept, sort_keys=True).encode(), dtype=np.uint8)


#: What no two runs share, by kind: a solve's seconds in its summary, a net's training record's time and commit.
_TIMING: dict[str, Callable[[dict], dict]] = {
    "bluff/sampled": lambda a: {**a, "summary": _zeroed(a["summary"], 5)},
    "bluff/full-width": lambda a: {**a, "summary": _zeroed(a["summary"], 5)},
    "bluff/sampled-shipped": lambda a: {**a, "summary": _zeroed(a["summary"], 5)},
    "bluff/full-width-shipped": lambda a: {**a, "summary": _zeroed(a["summary"], 5)},
    "bluff/rounds": lambda a: {**a, "summary": _zeroed(a["summary"], 3)},
    "bluff/multi": lambda a: {**a, "summary": _zeroed(a["summary"], 1)},
    "bluff/multi-shipped": lambda a: {**a, "summary": _zeroed(a["summary"], 1)},
    "brag/betting": lambda a: {**a, "summary": _zeroed(a["summary"], 1, 2)},
    "brag/multi-betting": lambda a: {**a, "summary": _zeroed(a["summary"], 1)},
    "brag/full-table-betting": lambda a: {**a, "summary": _zeroed(a["summary"], 1)},
    "backgammon/net-weights": lambda a: {**a, "record": _record_without_timing(a["record"])},
}


def steady(kind: str, arrays: dict) -> dict:
    """``arrays`` with what no two runs share (timings) set to zero."""
    return _TIMING.get(kind, dict)(arrays)


def build(kind: str) -> list[tuple[dict, dict]]:
    """The golden build's tables of ``kind``: (parameters, steady arrays) pairs, in the order of their parameters.

    Built in a fresh temporary store (also ``ODDS_CACHE_DIR``, so nothing is read from or left in another)."""
    with tempfile.TemporaryDirectory(prefix="odds-golden-") as root, \
            mock.patch.dict(os.environ, {"ODDS_CACHE_DIR": str(Path(root) / "default")}):
        store = Recorder(Path(root) / "store")
        returned = BUILDS[kind](store)
        tables = returned if isinstance(returned, list) else [(params, arrays) for name, params, arrays
                                                              in store.saved if name == kind]
    if not tables:
        raise RuntimeError(f"the golden build of {kind!r} stored no table of its kind")
    tables = sorted(tables, key=lambda pair: json.dumps(pair[0], sort_keys=True))
    return [(params, steady(kind, arrays)) for params, arrays in tables]
