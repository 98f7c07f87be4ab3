"""The binomial count tables in the table store: the library's source of the odds (``odds.py``).

``pmf[kind, n, k]`` = P(k of n unknown dice count), ``sf[kind, n, k]`` = P(at least k), for
0-200 unknown dice and both chances a die counts with (kind 0: 1/3, kind 1: 1/6). Built once
by the numba kernel and kept in the store, so a question loads them in milliseconds
without starting numba.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from analysis.store import Array, Store, TableKind, prepares, stored_table

#: Largest number of unknown dice any question may ask about (a Bluff box holds 30).
MAX_UNKNOWN = 200
#: The chances a die counts with: 1/3 (the face or the joker), 1/6 (one face).
_CHANCES = (1.0 / 3.0, 1.0 / 6.0)

_COUNT_SHAPE = (len(_CHANCES), MAX_UNKNOWN + 1, MAX_UNKNOWN + 2)
#: pmf[kind, n, k] = P(k of n unknown dice count), sf[kind, n, k] = P(at least k): each n's row a distribution.
COUNT_TABLES = TableKind(
    "bluff/count-tables", {"pmf": Array("float64", _COUNT_SHAPE, within=(0, 1), sums_to_one=2),
                           "sf": Array("float64", _COUNT_SHAPE, within=(0, 1))},
    version=1,
    check=lambda tables, params: None if np.allclose(tables["sf"][:, :, 0], 1.0) else "P(at least 0) is not 1")


@prepares("bluff", "count tables of 0-200 unknown dice")
@lru_cache(maxsize=1)
def count_tables(store: Store | None | bool = None) -> tuple[np.ndarray, np.ndarray]:
    """Stacked pmf/sf tables ``[kind, n, k]`` for 0..MAX_UNKNOWN unknown dice; kind 0 is 1/3, kind 1 is 1/6.

    Built once by the numba kernel and kept in ``store`` (None: the default store), so a
    question asked at the table loads them in milliseconds without starting numba.
    """
    def build():
        from analysis.bluff.odds import _kernels  # lazy: keeps numba out of a table question's start-up
        pairs = [_kernels.count_tables(MAX_UNKNOWN, chance) for chance in _CHANCES]
        return {"pmf": np.stack([p for p, _ in pairs]), "sf": np.stack([s for _, s in pairs])}

    tables = stored_table(store, COUNT_TABLES, None, {"max_unknown": MAX_UNKNOWN, "chances": list(_CHANCES)}, build)
    return tables["pmf"], tables["sf"]
