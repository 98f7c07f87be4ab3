"""Yacht to win: the target table's build time, the win-seeking recursion by open boxes, the advisor's answer.

Run: ``.venv/bin/python benchmarks/bench_yacht_target.py`` (about four minutes on two cores).

What the user waits for: building the ``yacht_kr`` target table once (numba compile time printed
beside it), the recursion that plays to win against opponents (it visits 2**open cards, so its
time doubles with every open box; win.CARDS_PER_SECOND is set from this), and a fresh
``odds yacht advise --opponent`` process from a warm table store, and matches of the win-seeking
player (games a second, with and without the heads-up lead table). No open-source peer answers
these questions for this game; the exact P(reach T) from the opening is printed beside the
expected-score player's, which bounds it from below.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile

from _timing import best_of


def main() -> int:
    import numba
    import numpy as np

    from analysis.store import Store
    from analysis.yacht.rules import preset
    from analysis.yacht.solver import solve
    from analysis.yacht.target import compute_reach, reach_table
    from analysis.yacht.win import Position, remaining_table, win_values

    rules = preset("yacht_kr")
    print(f"machine: {os.cpu_count()} CPU cores, numba {numba.__version__} with {numba.get_num_threads()} threads")
    with tempfile.TemporaryDirectory() as folder:
        os.environ["ODDS_CACHE_DIR"] = folder
        store = Store(folder)
        first, _ = best_of(lambda: compute_reach(rules))
        warm, reach = best_of(lambda: compute_reach(rules))
        print(f"\nTarget table (4,096 cards x 317 points needed): {warm:.1f} s warm, {first:.1f} s with numba's "
              f"compile (first run on a fresh checkout)")
        store_seconds, _ = best_of(lambda: reach_table(rules, store))
        load_seconds, _ = best_of(lambda: reach_table(rules, store), repeat=5)
        print(f"  build + save through the store {store_seconds:.1f} s; load from the store {1000 * load_seconds:.1f} ms")
        survival = np.cumsum(solve(rules, store).distribution[::-1])[::-1]
        for target in (150, 175, 200, 225, 250):
            print(f"  P(final >= {target}) from the opening: played for it {reach[0, target]:.4%}, "
                  f"playing for the expected score {survival[target]:.4%}")

        remaining = remaining_table(rules, store)
        print("\nWin-seeking recursion (me against one opponent), by my open boxes:")
        names = [b.name for b in rules.boxes]
        opponent = (Position(150, ("Chase Off", "Choice", "Aces")),)
        for n_open in (3, 4, 6, 8, 10, 12):
            me = Position(0, tuple(names[:n_open]))
            seconds, _ = best_of(lambda: win_values(rules, me, opponent, remaining))
            print(f"  {n_open:2d} open boxes ({1 << n_open:5,} cards): {seconds:7.2f} s "
                  f"({(1 << n_open) / seconds:8.0f} cards/s)")

        command = [sys.executable, "-m", "analysis.cli.main", "yacht", "advise", "--preset", "yacht_kr", "--dice",
                   "6 6 6 2 1", "--rolls-left", "2"]
        for open_boxes, score in (("Chase Off,Straight,Six Beans", 140),
                                  ("Chase Off,Straight,Even Straight,Choice,Six Beans,Aces", 90)):
            full = command + ["--open", open_boxes, "--score", str(score), "--opponent", "190:Chase Off,Choice"]
            subprocess.run(full, capture_output=True, check=True)
            seconds, _ = best_of(lambda: subprocess.run(full, capture_output=True, check=True), repeat=3)
            print(f"\nFresh `odds yacht advise --opponent` process, {len(open_boxes.split(','))} open boxes, warm "
                  f"store: {seconds:.2f} s")

        matches(rules)
    return 0


def matches(rules, exact_from: int = 3, games: int = 2000) -> None:
    """Matches of a win-seeking player: games a second, heads-up with and without the lead table.

    The table is built once per process; its time is what a long heads-up run pays first
    (match.lead_table_pays weighs it against the games; its constants are set from these figures).
    """
    from analysis.yacht import heads_up
    from analysis.yacht.match import simulate_match

    simulate_match(rules, ("to-win", "optimal"), games=20, exact_from=exact_from, heads_up_table=False)  # compile
    print(f"\nMatches, the win-seeking player from {exact_from} open boxes, {games:,} games (seed 1):")
    for players in (2, 4):
        seconds, _ = best_of(lambda: simulate_match(rules, ("to-win", "optimal"), players=players, games=games,
                                                    seed=1, exact_from=exact_from, heads_up_table=False))
        print(f"  {players} players, recursion at every turn: {1000 * seconds / games:.2f} ms a game")
    build, table = best_of(lambda: heads_up.lead_table(rules, exact_from))
    cards = table.values.shape[0]
    print(f"  heads-up lead table ({cards:,} x {cards:,} cards x {table.values.shape[2]} leads, "
          f"{table.values.nbytes / 2 ** 20:,.0f} MB): built in {build:.1f} s "
          f"({build / cards ** 2 * 1000:.2f} ms a pair of cards)")
    seconds, _ = best_of(lambda: simulate_match(rules, ("to-win", "optimal"), games=games, seed=1,
                                                exact_from=exact_from, heads_up_table=True))
    print(f"  2 players, from the lead table: {1000 * seconds / games:.2f} ms a game")


if __name__ == "__main__":
    sys.exit(main())
