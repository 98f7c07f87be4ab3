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


def check_solve(rules: Rules | str, distribution: bool = False, store=None) -> None:
    """Refuse (inside a limit) solving ``rules`` when its state values (and, with ``distribution``, the
    final score's distribution) are not in the store and would take longer than allowed."""
    rules, store = preset(rules), chosen_store(store)
    seconds = 0.0
    if not _stored(store, STATE_VALUES, rules, {"states": rules.n_states}):
        seconds += rules.n_states / STATES_PER_SECOND
    if distribution and not _stored(store, SUMMARY, rules, {"boxes": len(rules.boxes)}):
        seconds += rules.n_states / STATES_PER_SECOND
    budget.check(f"solving {game_name(rules)} the first time", seconds, rules.n_states * 8 * 4)


def check_target(rules: Rules | str, state: int | None = None, store=None) -> None:
    """Refuse (inside a limit) playing ``rules`` for a target from ``state`` (None: the opening) when
    that would take longer, or more memory, than allowed: the same choice as ``goal_rows`` makes."""
    rules = preset(rules)
    start = game_arrays(rules).start
    state = start if state is None else state
    where = "from the opening" if state == start else "from this position"
    what = f"playing {game_name(rules)} for a target {where}"
    whole_bytes = whole_table_bytes(rules)
    if whole_bytes > STORED_BYTES:
        alone = goal_size(rules, state)
        budget.check(what, alone.seconds, alone.bytes)
        return
    store = chosen_store(store)
    kept = _stored(store, REACH, rules, {"states": rules.n_states})
    read = whole_bytes / 2**30 * READ_SECONDS_PER_GB
    build = goal_size(rules).seconds
    whole = read if kept else build
    if build > QUICK_SECONDS:
        alone = goal_size(rules, state)
        if alone.seconds + START_SECONDS < whole:
            budget.check(what, alone.seconds + START_SECONDS, alone.bytes)
            return
    # The whole table, read (the store reads and checks the whole file: twice its size) or built.
    budget.check(what, whole, 2 * whole_bytes)
