"""How long Yacht's slow work will take, said before it starts (:func:`analysis.budget.check`).

Two pieces of work can be long: solving a preset whose state values are not in the store (Yatzy's
2,097,152 states: about half a minute), and playing for a target (a kept preset's whole table built
the first time; a larger preset's position solved alone, which from Yatzy's opening is 1.4 million
states and about 4.3 GB). Each estimate follows the same choice the library then makes
(:func:`analysis.yacht.target.goal_rows`), from the same measured rates, so a page refuses before
any of the work starts and the command line goes ahead.

>>> from analysis.budget import limited
>>> with limited(seconds=1):
...     check_target("yatzy")
Traceback (most recent call last):
...
analysis.budget.TooLong: Playing Yatzy for a target from the opening takes about 24 minutes here, longer than a page waits.
"""

from __future__ import annotations

from analysis import budget
from analysis.store import chosen_store
from analysis.yacht._stored import STATE_VALUES, SUMMARY
from analysis.yacht.game import game_arrays
from analysis.yacht.names import game_name
from analysis.yacht.rules import Rules, preset
from analysis.yacht.target import (QUICK_SECONDS, READ_SECONDS_PER_GB, REACH, START_SECONDS, STORED_BYTES,
                                   goal_size, whole_table_bytes)

#: Card states the solver values per second here (docs/benchmarks.md, bench_yacht: Yatzy's 2,097,152
#: states in 27.5 s), and as many again for the forward pass that gives the final score's distribution.
STATES_PER_SECOND = 75_000


def _stored(store, kind, rules: Rules, params: dict) -> bool:
    return store is not None and store.path(kind, rules, params).is_file()


def _solve_cost(rules: Rules, distribution: bool, store) -> float:
    """Seconds to solve ``rules`` (and, with ``distribution``, its final score's distribution): 0 when stored."""
    seconds = 0.0
    if not _stored(store, STATE_VALUES, rules, {"states": rules.n_states}):
        seconds += rules.n_states / STATES_PER_SECOND
    if distribution and not _stored(store, SUMMARY, rules, {"boxes": len(rules.boxes)}):
        seconds += rules.n_states / STATES_PER_SECOND
    return seconds


def check_solve(rules: Rules | str, distribution: bool = False, store=None) -> None:
    """Refuse (inside a limit) solving ``rules`` when its state values (and, with ``distribution``, the
    final score's distribution) are not in the store and would take longer than allowed."""
    rules, store = preset(rules), chosen_store(store)
    budget.check(f"solving {game_name(rules)} the first time", _solve_cost(rules, distribution, store),
                 rules.n_states * 8 * 4)


def _target_cost(rules: Rules, state: int | None, store) -> tuple[str, float, int]:
    """(from where, seconds, bytes) of playing ``rules`` for a target from ``state`` (None: the opening):
    the same choice as ``goal_rows`` makes."""
    start = game_arrays(rules).start
    state = start if state is None else state
    where = "from the opening" if state == start else "from this position"
    whole_bytes = whole_table_bytes(rules)
    if whole_bytes > STORED_BYTES:
        alone = goal_size(rules, state)
        return where, alone.seconds, alone.bytes
    kept = _stored(store, REACH, rules, {"states": rules.n_states})
    read = whole_bytes / 2**30 * READ_SECONDS_PER_GB
    build = goal_size(rules).seconds
    whole = read if kept else build
    if build > QUICK_SECONDS:
        alone = goal_size(rules, state)
        if alone.seconds + START_SECONDS < whole:
            return where, alone.seconds + START_SECONDS, alone.bytes
    # The whole table, read (the store reads and checks the whole file: twice its size) or built.
    return where, whole, 2 * whole_bytes


def check_target(rules: Rules | str, state: int | None = None, store=None) -> None:
    """Refuse (inside a limit) playing ``rules`` for a target from ``state`` (None: the opening) when
    that would take longer, or more memory, than allowed."""
    rules = preset(rules)
    where, seconds, size = _target_cost(rules, state, chosen_store(store))
    budget.check(f"playing {game_name(rules)} for a target {where}", seconds, size)


def check_advice(rules: Rules | str, state: int, target: bool, store=None) -> None:
    """Refuse (inside a limit) the advice for ``state`` when its slow work, all of it together (a first
    solve, then with a ``target`` the play for it), would take longer, or more memory, than allowed:
    one sentence for the whole wait, not one for its first part.

    >>> from analysis.budget import limited
    >>> from analysis.store import Store
    >>> import tempfile
    >>> with limited(seconds=1):
    ...     check_advice("yatzy", game_arrays(preset("yatzy")).start, True, Store(tempfile.mkdtemp()))
    Traceback (most recent call last):
    ...
    analysis.budget.TooLong: Solving Yatzy the first time, then playing it for a target from the opening, takes about 25 minutes here, longer than a page waits.
    """
    rules, store = preset(rules), chosen_store(store)
    solve = _solve_cost(rules, False, store)
    if not target:
        budget.check(f"solving {game_name(rules)} the first time", solve, rules.n_states * 8 * 4)
        return
    where, seconds, size = _target_cost(rules, state, store)
    what = (f"solving {game_name(rules)} the first time, then playing it for a target {where}," if solve else
            f"playing {game_name(rules)} for a target {where}")
    budget.check(what, solve + seconds, max(size, rules.n_states * 8 * 4))
