"""Yacht to win: the target table's build time, the win-seeking recursion by open boxes, the advisor's answer.

Run: ``.venv/bin/python benchmarks/bench_yacht_target.py`` (about ten minutes on two cores;
``--bonus`` runs only the presets with bonuses, about five).

What the user waits for: building the ``yacht_kr`` target table once (numba compile time printed
beside it), the recursion that plays to win against opponents (it visits 2**open cards, so its
time doubles with every open box; win.CARDS_PER_SECOND is set from this), and a fresh
``odds yacht advise --opponent`` process from a warm table store, and matches of the win-seeking
player (games a second, with and without the heads-up lead table). No open-source peer answers
these questions for this game; the exact P(reach T) from the opening is printed beside the
expected-score player's, which bounds it from below.

With bonuses (the card also carries the upper total): Clubhouse's whole target table (built,
saved, loaded, and a fresh ``odds yacht advise --target`` process reading it), and Yatzy positions
solved for themselves, each beside ``goal_size``'s estimate (target.PAIRS_PER_SECOND is set from
these).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile

from _timing import best_of, markdown_table, record


def main() -> int:
    if "--bonus" in sys.argv[1:]:
        with tempfile.TemporaryDirectory() as folder:
            os.environ["ODDS_CACHE_DIR"] = folder
            bonus_targets(folder)
        return 0
    import numba
    import numpy as np

    from analysis.store import Store
    from analysis.yacht.rules import preset
    from analysis.yacht.solver import solve
    from analysis.yacht.target import compute_reach, reach_values
    from analysis.yacht.win import Position, remaining_values, win_values

    rules = preset("yacht_kr")
    print(f"machine: {os.cpu_count()} CPU cores, numba {numba.__version__} with {numba.get_num_threads()} threads")
    with tempfile.TemporaryDirectory() as folder:
        os.environ["ODDS_CACHE_DIR"] = folder
        store = Store(folder)
        first, _ = best_of(lambda: compute_reach(rules))
        warm, reach = best_of(lambda: compute_reach(rules))
        print(f"\nTarget table (4,096 cards x 317 points needed): {warm:.1f} s warm, {first:.1f} s with numba's "
              f"compile (first run on a fresh checkout)")
        store_seconds, _ = best_of(lambda: reach_values(rules, store))
        load_seconds, _ = best_of(lambda: reach_values(rules, store), repeat=5)
        print(f"  build + save through the store {store_seconds:.1f} s; "
              f"load from the store {1000 * load_seconds:.1f} ms")
        rows = [["`yacht_kr` target table (4,096 cards x 317 points needed)", f"{warm:.1f} s ({first:.1f} s with "
                 f"numba's compile); built and saved {store_seconds:.1f} s; loaded {1000 * load_seconds:.1f} ms"]]
        survival = np.cumsum(solve(rules, store).distribution[::-1])[::-1]
        for target in (150, 175, 200, 225, 250):
            print(f"  P(final >= {target}) from the opening: played for it {reach[0, target]:.4%}, "
                  f"playing for the expected score {survival[target]:.4%}")

        remaining = remaining_values(rules, store)
        print("\nWin-seeking recursion (me against one opponent), by my open boxes:")
        names = [b.name for b in rules.boxes]
        opponent = (Position(150, ("Chase Off", "Choice", "Aces")),)
        for n_open in (3, 4, 6, 8, 10, 12):
            me = Position(0, tuple(names[:n_open]))
            seconds, _ = best_of(lambda: win_values(rules, me, opponent, remaining))
            print(f"  {n_open:2d} open boxes ({1 << n_open:5,} cards): {seconds:7.2f} s "
                  f"({(1 << n_open) / seconds:8.0f} cards/s)")
            rows.append([f"win-seeking recursion against one opponent, {n_open} open boxes ({1 << n_open:,} cards)",
                         f"{seconds:.2f} s"])

        command = [sys.executable, "-m", "analysis.cli.main", "yacht", "advise", "--preset", "yacht_kr", "--dice",
                   "6 6 6 2 1", "--rolls-left", "2"]
        for open_boxes, score in (("Chase Off,Straight,Six Beans", 140),
                                  ("Chase Off,Straight,Even Straight,Choice,Six Beans,Aces", 90)):
            full = command + ["--open", open_boxes, "--score", str(score), "--opponent", "190:Chase Off,Choice"]
            subprocess.run(full, capture_output=True, check=True)
            seconds, _ = best_of(lambda: subprocess.run(full, capture_output=True, check=True), repeat=3)
            print(f"\nFresh `odds yacht advise --opponent` process, {len(open_boxes.split(','))} open boxes, warm "
                  f"store: {seconds:.2f} s")
            rows.append([f"fresh `odds yacht advise --opponent` process, {len(open_boxes.split(','))} open boxes, "
                         f"warm store", f"{seconds:.2f} s"])

        rows += matches(rules)
        record("bench_yacht_target", "## Yacht to win: the target table, the win-seeking recursion, matches "
               "(bench_yacht_target.py)\n\nPlaying Yacht to win (`yacht_kr`). No open-source peer answers these "
               "questions for this game.\n\n" + markdown_table(["task", "this toolkit"], rows))
        bonus_targets(folder)
    return 0


def bonus_targets(folder: str) -> None:
    """Targets with the upper bonus: Clubhouse's kept table, Yatzy's positions solved one by one."""
    from analysis.store import Store
    from analysis.yacht.rules import preset
    from analysis.yacht.target import card_position, goal_size, reach_chance, reach_values

    store = Store(folder)
    club = preset("clubhouse")
    size = goal_size(club)
    build, table = best_of(lambda: reach_values(club, store), repeat=1)
    print(f"\nClubhouse target table ({club.n_states:,} states x {table.shape[1]} points needed, "
          f"{table.nbytes / 2 ** 30:.2f} GB): built and saved in {build:.1f} s (estimate {size.seconds:.0f} s)")
    load, _ = best_of(lambda: reach_values(club, store), repeat=3)
    print(f"  load from the store {load:.2f} s")
    rows = [[f"Clubhouse target table ({club.n_states:,} states x {table.shape[1]} points needed, "
             f"{table.nbytes / 2 ** 30:.2f} GB), built and saved", f"{build:.1f} s (estimate {size.seconds:.0f} s)"],
            ["the same, loaded from the store", f"{load:.2f} s"]]
    command = [sys.executable, "-m", "analysis.cli.main", "yacht", "advise", "--preset", "clubhouse", "--dice",
               "5 5 5 4 3", "--rolls-left", "2", "--open", "Fours,Sixes,Yacht", "--upper", "40", "--score", "150",
               "--target", "240"]
    seconds, _ = best_of(lambda: subprocess.run(command, capture_output=True, check=True), repeat=3)
    print(f"  fresh `odds yacht advise --preset clubhouse --target` process, warm store: {seconds:.2f} s")
    rows.append(["fresh `odds yacht advise --preset clubhouse --target` process, warm store", f"{seconds:.2f} s"])
    yatzy = preset("yatzy")
    reach_chance(yatzy, 120, "Yatzy", score=100, upper_total=63)   # numba's kernels loaded once
    print("\nYatzy positions solved for themselves (not kept), by open boxes:")
    for open_boxes, upper in (("Sixes,Chance,Yatzy", 40), ("Fives,Sixes,Chance,Full House,Yatzy", 30),
                              ("Fours,Fives,Sixes,One Pair,Chance,Full House,Yatzy", 20)):
        _, state = card_position(yatzy, open_boxes, 100, upper)
        size = goal_size(yatzy, state)
        seconds, _ = best_of(lambda: reach_chance(yatzy, 200, open_boxes, score=100, upper_total=upper))
        print(f"  {len(open_boxes.split(',')):2d} open boxes ({size.states:7,} states): {seconds:6.2f} s "
              f"(estimate {size.seconds:6.2f} s)")
        rows.append([f"a Yatzy position solved for itself, {len(open_boxes.split(','))} open boxes "
                     f"({size.states:,} states)", f"{seconds:.2f} s (estimate {size.seconds:.2f} s)"])
    record("bench_yacht_target-bonus", "## Yacht targets with the upper bonus (bench_yacht_target.py --bonus)\n\n"
           "Targets with the upper bonus: Clubhouse's whole table, kept in the store, and "
           "Yatzy positions solved one by one (not kept). No open-source peer answers these questions.\n\n"
           + markdown_table(["task", "this toolkit"], rows))


def matches(rules, exact_from: int = 3, games: int = 2000) -> list[list[str]]:
    """Matches of a win-seeking player: games a second, heads-up with and without the lead table (as table rows).

    The table is built once per process; its time is what a long heads-up run pays first
    (match.lead_table_pays weighs it against the games; its constants are set from these figures).
    """
    from analysis.yacht import heads_up
    from analysis.yacht.match import simulate_match

    simulate_match(rules, ("to-win", "optimal"), games=20, exact_from=exact_from, heads_up_table=False)  # compile
    print(f"\nMatches, the win-seeking player from {exact_from} open boxes, {games:,} games (seed 1):")
    rows = []
    for players in (2, 4):
        seconds, _ = best_of(lambda: simulate_match(rules, ("to-win", "optimal"), players=players, games=games,
                                                    seed=1, exact_from=exact_from, heads_up_table=False))
        print(f"  {players} players, recursion at every turn: {1000 * seconds / games:.2f} ms a game")
        rows.append([f"a match game, {players} players, the win-seeking player from {exact_from} open boxes",
                     f"{1000 * seconds / games:.2f} ms"])
    build, table = best_of(lambda: heads_up.lead_table(rules, exact_from))
    cards = table.values.shape[0]
    print(f"  heads-up lead table ({cards:,} x {cards:,} cards x {table.values.shape[2]} leads, "
          f"{table.values.nbytes / 2 ** 20:,.0f} MB): built in {build:.1f} s "
          f"({build / cards ** 2 * 1000:.2f} ms a pair of cards)")
    rows.append([f"heads-up lead table ({cards:,} x {cards:,} cards)", f"{build:.1f} s"])
    seconds, _ = best_of(lambda: simulate_match(rules, ("to-win", "optimal"), games=games, seed=1,
                                                exact_from=exact_from, heads_up_table=True))
    print(f"  2 players, from the lead table: {1000 * seconds / games:.2f} ms a game")
    rows.append(["a match game, heads-up, from the lead table", f"{1000 * seconds / games:.2f} ms"])
    return rows


if __name__ == "__main__":
    sys.exit(main())
