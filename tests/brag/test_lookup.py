"""``odds brag equity`` and ``odds brag strategy`` answered by reading stored rows.

The stored answer must be the library's answer to the last digit (the same text and JSON), and
the command must start neither numba nor pandas once the store is warm; on a cold or damaged
store it falls back to the library, which answers and stores the tables for next time.
"""

from __future__ import annotations

import inspect
import json
import os
import random
import subprocess
import sys
from math import comb

import pytest

from analysis.brag.showdown import lookup
from analysis.brag._stored import DECISION_POINTS, SOLVE_DEFAULTS, TWO_OPPONENTS, VERSUS, decision_params
from analysis.brag.showdown.cards import format_hand
from analysis.brag.showdown.equity import _versus, equity
from analysis.brag.rules import CLASSES, preset
from analysis.brag.showdown.tables import class_codes, hand_table
from analysis.cli.common import to_plain
from analysis.store import Store
from tests.conftest import ROOT

def _shown(answer) -> tuple[str, str]:
    """What the command prints for an answer: its text and its JSON."""
    return str(answer), json.dumps(to_plain(answer), sort_keys=True)


def _hands_of_every_class(rules, per_class: int, seed: int) -> list[tuple[int, ...]]:
    """``per_class`` hands of each class (the strongest and weakest among them), in the order written."""
    table = hand_table(rules)
    chooser = random.Random(seed)
    codes = class_codes(table.strengths, rules)
    hands = []
    for code in range(len(CLASSES)):
        rows = [int(row) for row in (codes == code).nonzero()[0]]
        rows.sort(key=lambda row: int(table.strengths[row]))
        for row in [rows[0], rows[-1]] + chooser.sample(rows, per_class - 2):
            cards = [int(c) for c in table.hands[row]]
            chooser.shuffle(cards)      # a hand may be written in any order
            hands.append(tuple(cards))
    return hands


# ------------------------------------------------------------------------------------- equity

@pytest.mark.parametrize("name,against", [("brag3", "any"), ("brag3", "pair+"), ("teen_patti", "top 20%"),
                                          ("brag4", "any")])
def test_stored_equity_is_the_librarys(name, against):
    rules = preset(name)
    hands = comb(52, rules.hand_size)
    # Saved here (not only by the cached builder), so the table is surely in this session's store.
    Store().save(VERSUS, rules, {"against": against, "hands": hands}, _versus(rules, against))
    checked = 0
    for cards in _hands_of_every_class(rules, 12, seed=len(name)):
        text = format_hand(cards, ascii_only=True)
        try:
            expected = equity(rules, text, 1, against=against)
        except ValueError:            # no hand of the range avoids this one: the library says so
            assert lookup.stored_equity(rules, text, 1, against) is None
            continue
        assert _shown(lookup.stored_equity(rules, text, 1, against)) == _shown(expected)
        checked += 1
    assert checked >= 60


def test_stored_two_opponent_equity_reads_the_row_and_checks_it(monkeypatch, tmp_path):
    from analysis.brag.showdown._kernels import two_opponents

    import numpy as np

    monkeypatch.setenv("ODDS_CACHE_DIR", str(tmp_path))
    rules = preset("brag3")
    table = hand_table(rules)
    hands = _hands_of_every_class(rules, 3, seed=2)
    # The stored table as the library builds it, for these hands' rows only (the whole takes ~10 s).
    counts = np.zeros((len(table.hands), 4), dtype=np.int64)
    for cards in hands:
        row = table.row_of(cards)
        counts[row] = two_opponents(table.masks[row], table.strengths[row], table.hands, table.masks,
                                    table.strengths)
    Store().save(TWO_OPPONENTS, rules, {"hands": len(table.hands)}, {"counts": counts})
    for cards in hands:
        text = format_hand(cards)
        assert _shown(lookup.stored_equity(rules, text, 2)) == _shown(equity(rules, text, 2))
    # A row whose outcomes do not add up to every deal is not served.
    untouched = next(c for c in table.hands.tolist() if not counts[table.row_of(c)].any())
    assert lookup.stored_equity(rules, format_hand(untouched), 2) is None
    assert lookup.stored_equity(preset("brag4"), "KS KH 7D 2C", 2) is None    # four cards: the library


# ------------------------------------------------------------------------------------- strategy

def test_the_stored_tables_key_the_solve_the_command_reads():
    from analysis.brag.headsup.solve import solve

    defaults = {name: parameter.default for name, parameter in inspect.signature(solve).parameters.items()}
    assert {name: defaults[name] for name in SOLVE_DEFAULTS} == SOLVE_DEFAULTS


@pytest.fixture(scope="module")
def brag3_points():
    """The default brag3 solve (the one tests/brag/test_cli.py solves: one per session) and its decision
    tables in this session's store."""
    from analysis.brag.headsup.solve import solve
    from analysis.brag.headsup.strategy import store_decision_points

    solution = solve("brag3", progress=False)
    store_decision_points(solution)
    return solution


@pytest.mark.slow
def test_stored_strategy_is_the_librarys_at_every_decision(brag3_points):
    from analysis.brag.headsup.strategy import strategy

    solution = brag3_points
    rules, tree = solution.rules, solution.tree
    hands = _hands_of_every_class(rules, 4, seed=3)
    decisions = [node for node in range(tree.nodes) if tree.actions(node)]
    assert len(decisions) == 154
    for i, node in enumerate(decisions):
        history = ",".join(tree.history(node))
        for cards in (hands[i % len(hands)], hands[(7 * i + 3) % len(hands)]):
            text = format_hand(cards, ascii_only=True)
            stored = lookup.stored_advice(rules, text, history)
            assert stored is not None, (history, text)
            assert _shown(stored) == _shown(strategy(solution, text, history)), (history, text)


def test_the_raise_shorthand_and_finished_hands_are_left_to_the_library(brag3_points):
    rules = brag3_points.rules
    assert lookup.stored_advice(rules, "QS QD 4C", "look, raise") is None
    assert lookup.stored_advice(rules, "QS QD 4C", "look,fold") is None          # no decision there
    assert lookup.stored_advice(preset("brag3", raises=2), "QS QD 4C", "look") is None   # not solved


def _odds(*argv, cache: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "ODDS_CACHE_DIR": cache}
    code = ("import sys; from analysis.cli.main import main; sys.argv = ['odds', *sys.argv[1:]]\n"
            "try:\n    main()\nexcept SystemExit as stop:\n    assert not stop.code, stop.code\n"
            "print('loaded:', *sorted(m for m in ('numba', 'pandas') if m in sys.modules))")
    return subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True, env=env,
                          cwd=ROOT, check=True)


def _answer_and_modules(done: subprocess.CompletedProcess) -> tuple[str, str]:
    *answer, loaded = done.stdout.splitlines()
    return "\n".join(answer), loaded


@pytest.mark.parametrize("argv", [("brag", "equity", "KS KH 7D"),
                                  ("brag", "equity", "--hand", "7S 7H 2D", "--preset", "teen_patti", "--against",
                                   "pair+", "--json"),
                                  ("brag", "equity", "QS QD 4C 2H", "--preset", "brag4", "--json")])
def test_equity_from_a_warm_store_starts_no_numba_and_prints_what_the_library_printed(argv, tmp_path):
    cold, cold_modules = _answer_and_modules(_odds(*argv, cache=str(tmp_path)))   # the library; stores the table
    warm, warm_modules = _answer_and_modules(_odds(*argv, cache=str(tmp_path)))
    assert "numba" in cold_modules and warm_modules == "loaded:"
    assert warm == cold and warm.strip()


def test_strategy_from_a_warm_store_starts_no_numba_and_prints_what_the_library_printed(brag3_points):
    cache = os.environ["ODDS_CACHE_DIR"]     # the session's store, which holds the brag3 solve
    path = Store().path(DECISION_POINTS, brag3_points.rules, decision_params(brag3_points.rules,
                                                                              ["blind", "look", "bet"]))
    for json_flag in ((), ("--json",)):
        argv = ("brag", "strategy", "--preset", "brag3", "--hand", "QS QD 4C", "--history", "blind,look,bet",
                *json_flag)
        path.write_bytes(path.read_bytes()[:-1] + b"?")     # damaged: the library answers and rewrites it
        cold, _ = _answer_and_modules(_odds(*argv, cache=cache))
        assert not path.read_bytes().endswith(b"?")         # the library answered and stored it again
        warm, warm_modules = _answer_and_modules(_odds(*argv, cache=cache))
        assert warm_modules == "loaded:"
        assert warm == cold and "Q♠ Q♦ 4♣" in warm
