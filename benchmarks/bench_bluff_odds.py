"""Full dice-bidding odds table: this toolkit vs scipy.stats and icepool, side by side.

The table: P(true) and P(exact) of every Bluff bid (counts up to my dice + 60,
every face and star) for every number of unknown dice 0..60, given my dice
"3 3 * 5 1" — 23,790 cells of each. Three ways:

- this toolkit: the numeric core (count tables built by the numba kernel, kept in the
  store, then one vectorised look-up over the grid) and the whole ``odds_table`` call
  (bids in track order and the DataFrame included);
- scipy: ``binom.sf`` / ``binom.pmf`` evaluated over the same grid in one vectorised call;
- icepool: exact distributions ``U @ Die`` for each U, read off as fractions.

All three must agree to 1e-12 before any time is printed. Also timed: the
``odds bluff call`` command from a warm cache, in a fresh process each run.

Run: ``python benchmarks/bench_bluff_odds.py``
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

from _timing import markdown_table, record


def best_of(function, repeat=5):
    times = []
    result = None
    for _ in range(repeat):
        start = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - start)
    return min(times), result


def main() -> None:
    import os

    from analysis.bluff import BLUFF, parse_dice
    from analysis.bluff.odds.bid_odds import MAX_UNKNOWN, _CHANCES, _lookup, odds_table
    from analysis.bluff.odds import _kernels

    dice = parse_dice(BLUFF, "3 3 * 5 1")
    table = odds_table(BLUFF, dice, 60)  # warm: count tables built and cached, numba compiled
    ours, table = best_of(lambda: odds_table(BLUFF, dice, 60))
    faces = np.array([6 if f == "*" else int(f) for f in table.face])
    kernel_build, _ = best_of(lambda: [_kernels.count_tables(MAX_UNKNOWN, c) for c in _CHANCES])

    # scipy: the same cells in one vectorised call per quantity.
    from scipy.stats import binom
    need = table["count"].to_numpy() - table["my_count"].to_numpy()
    chance = np.where(faces == 6, 1 / 6, 1 / 3)
    unknown = table["unknown"].to_numpy()

    def scipy_table():
        return binom.sf(need - 1, unknown, chance), binom.pmf(need, unknown, chance)

    # The core works on one row per bid (its need and its chance) against every unknown count.
    first = unknown == 0
    bid_need, bid_kind = need[first], (faces[first] == 6).astype(np.int64)
    core, (core_true, _) = best_of(lambda: _lookup(bid_need, bid_kind, np.arange(61)))
    assert np.array_equal(core_true.ravel(), table.p_true.to_numpy())

    scipy_time, (scipy_true, scipy_exact) = best_of(scipy_table)

    # icepool: exact distributions for each number of unknown dice, then a look-up per cell.
    import icepool

    def icepool_table():
        dice_kinds = {1 / 3: icepool.Die([0, 0, 1]), 1 / 6: icepool.Die([0, 0, 0, 0, 0, 1])}
        sums = {(c, u): (u @ die) if u else icepool.Die([0]) for c, die in dice_kinds.items() for u in range(61)}
        p_true = np.empty(len(table))
        p_exact = np.empty(len(table))
        for i, (n, c, u) in enumerate(zip(need, chance, unknown)):
            distribution = sums[(1 / 3 if c > 0.2 else 1 / 6, int(u))]
            p_true[i] = float(distribution.probability(">=", int(n))) if n > 0 else 1.0
            p_exact[i] = float(distribution.probability(int(n))) if n >= 0 else 0.0
        return p_true, p_exact

    icepool_time, (ice_true, ice_exact) = best_of(icepool_table, repeat=1)

    for name, p_true, p_exact in (("scipy", scipy_true, scipy_exact), ("icepool", ice_true, ice_exact)):
        worst = max(np.max(np.abs(p_true - table.p_true.to_numpy())),
                    np.max(np.abs(p_exact - table.p_exact.to_numpy())))
        assert worst < 1e-12, f"{name} disagrees by {worst}"

    # The CLI from a warm cache: a fresh interpreter each time, as a player would run it.
    command = [os.path.join(os.path.dirname(sys.executable), "odds"), "bluff", "call", "--dice", "3 3 * 5 1",
               "--opponents", "6", "7", "--bid", "7x4"]
    subprocess.run(command, check=True, capture_output=True)
    cli_runs = []
    for _ in range(7):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        cli_runs.append(time.perf_counter() - start)

    import scipy
    print(f"peers: scipy {scipy.__version__}, icepool {icepool.__version__}; {os.cpu_count()} CPU cores")
    cells = len(table)
    print(f"Full Bluff odds table: {cells:,} cells (every bid x 0..60 unknown dice), P(true) and P(exact)")
    print(f"{'method':<44}{'time':>12}{'ratio to ours':>16}")
    print(f"{'this toolkit: numeric core (table look-up)':<44}{core * 1e3:>10.2f}ms{1.0:>15.1f}x")
    print(f"{'this toolkit: odds_table with the DataFrame':<44}{ours * 1e3:>10.2f}ms{ours / core:>15.1f}x")
    print(f"{'scipy.stats.binom sf+pmf, vectorised':<44}{scipy_time * 1e3:>10.2f}ms{scipy_time / core:>15.1f}x")
    print(f"{'icepool exact distributions':<44}{icepool_time * 1e3:>10.2f}ms{icepool_time / core:>15.1f}x")
    print(f"{'this toolkit: count tables (numba, 0..200)':<44}{kernel_build * 1e3:>10.2f}ms")
    print(f"All three agree to 1e-12 on every cell.")
    print(f"odds bluff call, fresh process, warm cache: median {statistics.median(cli_runs) * 1e3:.0f} ms "
          f"(min {min(cli_runs) * 1e3:.0f} ms over {len(cli_runs)} runs)")
    record("bench_bluff_odds", f"Full Bluff odds table, holding 3 3 * 5 1: {cells:,} cells (every bid x 0..60 unknown "
           "dice), P(true) and P(exact); all three agree to 1e-12 on every cell.\n\n" + markdown_table(
               ["method", "time", "ratio to ours (numeric core)"],
               [["this toolkit: numeric core (table look-up)", f"{core * 1e3:.2f} ms", "1x"],
                ["this toolkit: `odds_table` with the DataFrame", f"{ours * 1e3:.2f} ms", f"{ours / core:.1f}x"],
                [f"scipy {scipy.__version__} `binom.sf` + `binom.pmf`, vectorised", f"{scipy_time * 1e3:.2f} ms",
                 f"{scipy_time / core:,.1f}x"],
                [f"icepool {icepool.__version__} exact distributions", f"{icepool_time * 1e3:.0f} ms",
                 f"{icepool_time / core:,.0f}x"],
                ["this toolkit: count tables 0..200 unknown dice (numba)", f"{kernel_build * 1e3:.2f} ms", ""],
                ["`odds bluff call`, fresh process, warm store (median; best)",
                 f"{statistics.median(cli_runs) * 1e3:.0f} ms; {min(cli_runs) * 1e3:.0f} ms", ""]]))


if __name__ == "__main__":
    main()
