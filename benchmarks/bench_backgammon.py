"""Backgammon benchmark: move generation speed and bear-off database builds vs GNU Backgammon.

Run:  .venv/bin/python benchmarks/bench_backgammon.py
Peer: GNU Backgammon's own database generator ``makebearoff`` (Debian package
``gnubg``; ``apt-get install gnubg``), timed on the same machine building the same
databases: the one-sided 15-checker / 6-point database with gammon distributions
(``makebearoff -o 6``) and the two-sided 6-checker / 6-point database with cubeful
equities (``makebearoff -t 6x6``). Ratios > 1 mean we are faster. Each timed build does
the whole work a user waits for: enumerating the positions, the successor tables and
the databases (every cache emptied before each run). The first call's time (numba
compiling the kernels, or loading them from its on-disk cache) is printed beside each
warm figure. Best of ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import tempfile
import time

import numpy as np

from analysis.backgammon import _kernels, bearoff
from analysis.backgammon.moves import legal_plays
from analysis.backgammon.position import Position
from _timing import markdown_table, record

MAKEBEAROFF = shutil.which("makebearoff") or ("/usr/games/makebearoff" if os.path.exists("/usr/games/makebearoff")
                                             else None)


BEAROFFDUMP = os.path.join(os.path.dirname(MAKEBEAROFF), "bearoffdump") if MAKEBEAROFF else None
# 1:2 6:1 (on roll) against 6:2: a position in both databases.
CHECK_ID = "YAAAGAQAAAAAAA"


def check_peer(one_sided_file: str, two_sided_file: str) -> None:
    """Stop unless gnubg's databases hold our numbers for CHECK_ID (to the 3-4 decimals it prints)."""
    position = Position.from_id(CHECK_ID)
    mine, theirs = bearoff.home_counts(position)

    def dump(path):
        return subprocess.run([BEAROFFDUMP, path, "-p", CHECK_ID], check=True, capture_output=True,
                              text=True).stdout

    means = re.search(r"^Mean\s+(\S+)\s+(\S+)", dump(one_sided_file), re.M)
    peer = {"one-sided mean (on roll)": float(means.group(1)), "one-sided mean (opponent)": float(means.group(2))}
    ours = {"one-sided mean (on roll)": bearoff.bearoff_odds(mine).expected_rolls,
            "one-sided mean (opponent)": bearoff.bearoff_odds(theirs).expected_rolls}
    text = dump(two_sided_file)
    endless = bearoff.two_sided_endless()
    pair = bearoff.rank(mine, 6), bearoff.rank(theirs, 6)
    for label, key in (("Cubeless equity", None), ("Owned cube", "no_double_owned"),
                       ("Centered cube", "no_double_centre"), ("Opponent owns cube", "no_double_theirs")):
        peer[label] = float(re.search(rf"^{label}\s*:\s*(\S+)", text, re.M).group(1))
        ours[label] = 2 * endless["win"][pair] - 1 if key is None else endless[key][pair]
    for label, value in peer.items():
        # gnubg stores 16-bit figures and prints 3-4 decimals: agree within 6e-4 / 2e-4.
        if abs(value - ours[label]) > (6e-4 if "mean" in label else 2e-4):
            raise SystemExit(f"gnubg and ours differ on {CHECK_ID}, {label}: {value} vs {ours[label]:.5f}")
    print(f"peer check: gnubg's databases agree with ours on {CHECK_ID} "
          f"({', '.join(f'{k} {v:+.4f}' for k, v in peer.items())})")


def fresh_build(build):
    """``build`` from nothing: the cached position lists and successor tables are emptied first."""
    def run():
        for cached in (bearoff.home_positions, bearoff._ways, bearoff._two_sided_inputs):
            cached.cache_clear()
        return build()
    return run


def best_of(repeat, func):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return min(times)


def sample_positions(count: int, seed: int = 4):
    """Positions from random self-play (standard rules), each with a random roll."""
    rng = random.Random(seed)
    boards, rolls = [], []
    position = Position.opening()
    while len(boards) < count:
        roll = (rng.randint(1, 6), rng.randint(1, 6))
        boards.append(position.board_array())
        rolls.append(roll)
        plays = legal_plays("backgammon", position, roll)
        position = plays.plays[rng.randrange(len(plays))].result
        if min(sum(position.on_roll), sum(position.opponent)) == 0:
            position = Position.opening()
    return np.array(boards, dtype=np.int8), np.array(rolls, dtype=np.int64)


def gnubg_version() -> str:
    try:
        out = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "gnubg"], capture_output=True, text=True)
        return out.stdout.strip() or "unknown"
    except OSError:
        return "unknown"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--positions", type=int, default=3000)
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} CPUs visible; numba kernels single-threaded")

    # ---- move generation
    boards, rolls = sample_positions(args.positions)
    start = time.perf_counter()
    _kernels.count_plays(boards[:2], rolls[:2], 0)
    compile_moves = time.perf_counter() - start
    seconds = best_of(args.repeat, lambda: _kernels.count_plays(boards, rolls, 0))
    plays = int(_kernels.count_plays(boards, rolls, 0).sum())
    print(f"move generation: {len(boards)} positions, {plays} distinct plays in {seconds:.3f} s = "
          f"{len(boards) / seconds:,.0f} positions/s, {plays / seconds:,.0f} plays/s "
          f"(first-call compile or cache load {compile_moves:.1f} s)")

    # ---- bear-off databases
    first = {}
    for label, build in (("one", bearoff._build_one_sided), ("two", bearoff.two_sided_endless),
                         ("levels", bearoff._build_cube_levels)):
        start = time.perf_counter()
        fresh_build(build)()        # first call: compiles the kernels (or loads them from numba's cache)
        first[label] = time.perf_counter() - start
    ours_one = best_of(args.repeat, fresh_build(bearoff._build_one_sided))
    ours_two = best_of(args.repeat, fresh_build(bearoff.two_sided_endless))
    ours_levels = best_of(args.repeat, fresh_build(bearoff._build_cube_levels))
    print(f"ours, enumeration included: one-sided 15x6 (54,264 positions, with first-off distributions) "
          f"{ours_one:.2f} s (first call {first['one']:.1f} s); two-sided 6x6 (924 x 924, cubeless + cubeful, "
          f"endless cube as gnubg) {ours_two:.2f} s (first call {first['two']:.1f} s); all cube levels 1-64 "
          f"with the cap {ours_levels:.2f} s (first call {first['levels']:.1f} s)")
    rows = [[f"legal plays, {len(boards):,} self-play positions", f"{plays / seconds / 1e6:.2f} M plays/s "
             f"({len(boards) / seconds / 1e3:,.0f} k positions/s; first call {compile_moves:.1f} s)",
             "none (gnubg's Python API has no bare move generator)", ""],
            ["one-sided 15 checkers x 6 points, with first-off distributions, enumeration included",
             f"{ours_one:.2f} s (first call {first['one']:.1f} s)"],
            ["two-sided 6 x 6, cubeless + cubeful, endless cube (gnubg's model)",
             f"{ours_two:.2f} s (first call {first['two']:.1f} s)"],
            ["two-sided, every cube value 1-64 with the cap (what `odds` stores)",
             f"{ours_levels:.2f} s (first call {first['levels']:.1f} s)", "", ""]]
    about = (f"Move generation and the bear-off databases, best of {args.repeat}, each build from nothing; the "
             "peer is GNU Backgammon's `makebearoff` building the same databases (Debian's `gnubg` package), "
             "checked against ours with its `bearoffdump` first.")
    if MAKEBEAROFF is None:
        print("gnubg's makebearoff not found (apt-get install gnubg): no peer ratios printed")
        rows[1] += ["not installed here (`apt-get install gnubg`)", ""]
        rows[2] += ["not installed here", ""]
        record("bench_backgammon", about + "\n\n" + markdown_table(["task", "this toolkit", "peer", "ratio"], rows))
        return
    folder = tempfile.mkdtemp()
    try:
        peer_one = best_of(args.repeat, lambda: subprocess.run(
            [MAKEBEAROFF, "-o", "6", "-f", os.path.join(folder, "os6.bd")], check=True, capture_output=True))
        peer_two = best_of(args.repeat, lambda: subprocess.run(
            [MAKEBEAROFF, "-t", "6x6", "-f", os.path.join(folder, "ts66.bd")], check=True, capture_output=True))
        check_peer(os.path.join(folder, "os6.bd"), os.path.join(folder, "ts66.bd"))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print(f"gnubg {gnubg_version()} makebearoff: one-sided {peer_one:.2f} s; two-sided {peer_two:.2f} s")
    print(f"ratio (gnubg time / our time, warm): one-sided {peer_one / ours_one:.2f}x, two-sided "
          f"{peer_two / ours_two:.2f}x; counting our first call's compile: one-sided "
          f"{peer_one / (first['one']):.2f}x, two-sided {peer_two / first['two']:.2f}x")
    rows[1] += [f"gnubg {gnubg_version()} `makebearoff -o 6`: {peer_one:.2f} s",
                f"{peer_one / ours_one:.1f}x ({peer_one / first['one']:.1f}x with our first call)"]
    rows[2] += [f"`makebearoff -t 6x6`: {peer_two:.2f} s",
                f"{peer_two / ours_two:.1f}x ({peer_two / first['two']:.1f}x with our first call)"]
    record("bench_backgammon", about + "\n\n" + markdown_table(["task", "this toolkit", "peer", "ratio"], rows))


if __name__ == "__main__":
    main()
