"""Heads-up Brag betting: discounted CFR against CFR+ and vanilla CFR, and the time to 0.001 ante.

1. Builds the default ``brag3`` game (the hand table from the store and the card
   subsets of each strength, with numpy) and times the first iteration (numba
   compile, or loading its cache) apart from the warm ones.
2. Solves with discounted CFR until the exploitability is at most 0.001 chips per
   ante (checked every 50 iterations), printing wall and processor seconds.
3. Gives discounted CFR, CFR+ and vanilla CFR the same number of iterations
   (``--iterations``, default 200; independent of the machine's load) and then the
   same wall-clock budget (``--seconds``, default 20), and prints the iterations per
   second and the exact exploitability each reached, as ratios against vanilla CFR.
4. Prints the only public figure found for a solver of this family (heads-up Teen
   Patti by CFR+: exploitability about 6e-4 after 55 minutes) beside this solver's
   time to 6e-4 on ``teen_patti``. The games differ (that solver's bet sizes and
   abstraction are its own), so this is a comparison on paper only.

5. Times the table question a player asks afterwards, ``odds brag strategy --preset brag3
   --hand "QS QD 4C" --history "blind,look,bet" --json``, in fresh processes from a warm
   store (the first run warms it; best and median of ``--repeat`` more; target 0.3 s).

Run: ``python benchmarks/bench_brag_cfr.py [--seconds 20] [--preset brag3]`` (``--preset brag4``
works too: minutes rather than seconds).
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from analysis.brag.headsup.solve import _Passes, betting_game, run_solver  # noqa: E402
from analysis.cfr.schedule import VARIANTS  # noqa: E402
from analysis.cfr.two_player import average_policy, exploitability  # noqa: E402
from _timing import markdown_table, record  # noqa: E402

PUBLISHED_TEEN_PATTI = (6e-4, 55 * 60)   # exploitability, seconds (CFR+, as reported by its author)


def equal_time(game, variant: str, seconds: float, iterations: int | None = None) -> tuple[int, float, float]:
    """(iterations, seconds used, exploitability) for ``variant`` run for ``seconds`` of wall time
    (or exactly ``iterations`` iterations)."""
    passes = _Passes(game)
    regret, strategy_sum = np.zeros(game.slots), np.zeros(game.slots)
    schedule = VARIANTS[variant].array
    passes.iterate(1, 1, schedule, regret, strategy_sum)          # compiled before the clock starts
    regret[:], strategy_sum[:] = 0.0, 0.0
    started = time.perf_counter()
    t = 0
    while (t < iterations) if iterations else (time.perf_counter() - started < seconds):
        t += 1
        passes.iterate(t, 1, schedule, regret, strategy_sum)
    used = time.perf_counter() - started
    _, best0, best1 = passes.evaluate(average_policy(passes, strategy_sum))
    return t, used, exploitability(best0, best1)


LOOKUP = ["brag", "strategy", "--preset", "brag3", "--hand", "QS QD 4C", "--history", "blind,look,bet", "--json"]


def lookup_seconds(repeat: int) -> tuple[float, float, float]:
    """(first run, best, median) seconds of ``odds`` + LOOKUP, each in a fresh process."""
    import statistics
    import subprocess

    script = Path(sys.executable).with_name("odds")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "analysis.cli.main"]
    times = []
    for _ in range(repeat + 1):
        started = time.perf_counter()
        subprocess.run(command + LOOKUP, check=True, capture_output=True)
        times.append(time.perf_counter() - started)
    return times[0], min(times[1:]), statistics.median(times[1:])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="wall-clock budget per solver (default 20)")
    parser.add_argument("--iterations", type=int, default=200, help="iterations per solver (default 200)")
    parser.add_argument("--preset", default="brag3")
    parser.add_argument("--repeat", type=int, default=5, help="timed fresh-process lookups (default 5)")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, {platform.processor() or 'cpu'}")

    started = time.perf_counter()
    game = betting_game(args.preset)
    print(f"{args.preset}: {game.tree.nodes:,} betting sequences, {game.classes:,} hand strengths, "
          f"{game.slots:,} strategy slots; game built in {time.perf_counter() - started:.2f} s")

    started = time.perf_counter()
    run_solver(game, iterations=1, check_every=1, progress=False, stop_at_target=False)
    print(f"first iteration and check, numba compile included: {time.perf_counter() - started:.2f} s")

    solution = run_solver(game, target=1e-3, progress=False)
    print(f"discounted CFR to exploitability {solution.exploitability:.6f} ante: {solution.iterations} iterations, "
          f"{solution.seconds:.1f} s wall, {solution.cpu_seconds:.1f} s processor (target: under 60 s)")

    tables = []
    for title, seconds, iterations in ((f"Same number of iterations ({args.iterations} each):", None,
                                        args.iterations),
                                       (f"Same wall-clock budget ({args.seconds:g} s each):", args.seconds, None)):
        print(f"\n{title}")
        print(f"{'solver':<8}{'iterations':>12}{'it/s':>9}{'exploitability':>17}{'vs CFR':>9}")
        rows = {variant: equal_time(game, variant, seconds, iterations) for variant in ("dcfr", "cfr+", "cfr")}
        vanilla = rows["cfr"][2]
        for variant, (done, used, exploitability) in rows.items():
            print(f"{variant:<8}{done:>12,}{done / used:>9.1f}{exploitability:>17.6f}"
                  f"{vanilla / exploitability:>8.1f}x")
        tables.append(f"{title}\n\n" + markdown_table(
            ["solver", "iterations", "iterations/s", "exploitability (chips per ante)", "vanilla CFR's / this"],
            [[variant, f"{done:,}", f"{done / used:.1f}", f"{exploitability:.6f}", f"{vanilla / exploitability:.1f}x"]
             for variant, (done, used, exploitability) in rows.items()]))

    first, best, median = lookup_seconds(args.repeat)
    print(f"\nodds {' '.join(LOOKUP)}: fresh process from a warm store, best {best:.2f} s, median "
          f"{median:.2f} s of {args.repeat} (first run {first:.2f} s; target 0.3 s)")

    teen = run_solver(betting_game("teen_patti"), target=PUBLISHED_TEEN_PATTI[0], progress=False)
    print(f"\nOn paper: a public heads-up Teen Patti CFR+ solver reports about {PUBLISHED_TEEN_PATTI[0]:g} "
          f"after {PUBLISHED_TEEN_PATTI[1] / 60:.0f} minutes; here teen_patti reaches {teen.exploitability:.6f} "
          f"in {teen.seconds:.1f} s ({teen.iterations} iterations; a different game and abstraction).")
    record("bench_brag_cfr", f"Heads-up {args.preset} betting ({game.tree.nodes:,} betting sequences, {game.classes:,} "
           f"hand strengths): discounted CFR to exploitability 0.001 ante in {solution.iterations} iterations, "
           f"{solution.seconds:.1f} s wall, {solution.cpu_seconds:.1f} s processor (target: under 60 s), beside CFR+ "
           f"and vanilla CFR.\n\n" + "\n\n".join(tables) + f"\n\n`odds {' '.join(LOOKUP)}` in a fresh process "
           f"from a warm store: best {best:.2f} s, median {median:.2f} s of {args.repeat}.\n\nOn paper only (a "
           f"different game and abstraction): a public heads-up Teen Patti CFR+ solver reports about "
           f"{PUBLISHED_TEEN_PATTI[0]:g} after {PUBLISHED_TEEN_PATTI[1] / 60:.0f} minutes; here `teen_patti` reaches "
           f"{teen.exploitability:.6f} in {teen.seconds:.1f} s ({teen.iterations} iterations).")


if __name__ == "__main__":
    main()
