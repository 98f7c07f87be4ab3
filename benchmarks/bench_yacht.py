"""Yacht benchmark: solve time per preset and the advisor's answer time, beside the strongest peer.

Run: ``.venv/bin/python benchmarks/bench_yacht.py`` (add ``--distribution`` to also time the exact
forward pass with the full score distribution of Yahtzee, about half a minute and 2 GB).

Peer that runs here: ``yatzy-solver`` 1.0.0 from PyPI (Rust, f64, all cores), if installed
(``pip install yatzy-solver``). Its variants map to ours: ``american`` = ``yahtzee --joker free``
(Verhoeff's rules), ``american+forced-joker`` = ``yahtzee``, ``yatzy-scandinavian`` = ``yatzy``.
Published times of other open-source solvers are printed beside ours (they ran on other hardware).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile

import numpy as np

from _timing import best_of, markdown_table, record

PUBLISHED = [
    # (solver, game, seconds, hardware, source)
    ("dlangk/yatzy (Delta Yatzy, Rust, f32)", "yatzy", 2.3, "Apple M1 Max, 8 performance cores",
     "theory/lab-reports/hardware-and-hot-path.md"),
    ("yatzy-solver 1.0 (Rust, f64)", "yatzy", "a couple of seconds", "'all cores' (machine not named)",
     "README"),
    ("teemukoukkari/yatzysolver (C++)", "yatzy", 4 * 3600, "a 6-core desktop processor", "README"),
]

PRESETS = [("yacht_kr", {}), ("clubhouse", {}), ("yahtzee", {}), ("yahtzee", {"joker": "free"}), ("yatzy", {})]
PEER_VARIANT = {("yahtzee", "forced"): "american+forced-joker", ("yahtzee", "free"): "american",
                ("yatzy", "none"): "yatzy-scandinavian"}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--distribution", action="store_true", help="also time Yahtzee's exact score distribution")
    args = parser.parse_args()

    import numba

    from analysis.store import Store
    from analysis.yacht.advice import advise
    from analysis.yacht.game import game_arrays
    from analysis.yacht.rules import preset
    from analysis.yacht.solver import compute_values, follow_policy, state_values

    try:
        import yatzy_solver as peer
    except ImportError:
        peer = None
    print(f"machine: {os.cpu_count()} CPU cores, numba {numba.__version__} with {numba.get_num_threads()} threads")
    # Compile once (numba caches to disk), so the timings are solve times; the compile is reported beside them.
    compile_seconds, _ = best_of(lambda: compute_values(preset("yacht_kr")))

    print("\nSolve time (optimal expected score of every card state), best of 1 run each:")
    print(f"{'preset':<22}{'states':>10}{'ours (s)':>10}{'expected':>12}{'peer (s)':>10}{'peer value':>12}{'ratio':>8}")
    values_of, rows = {}, []
    for name, fields in PRESETS:
        rules = preset(name, **fields)
        seconds, values = best_of(lambda: compute_values(rules))
        values_of[(name, rules.joker)] = values
        ours = float(values[game_arrays(rules).start])
        line = f"{name + (' (' + rules.joker + ' joker)' if rules.joker != 'none' else ''):<22}" \
               f"{rules.n_states:>10,}{seconds:>10.2f}{ours:>12.4f}"
        variant = PEER_VARIANT.get((name, rules.joker))
        row = [line[:22].strip(), f"{rules.n_states:,}", f"{seconds:.2f} s", "", "", f"{ours:.4f}"]
        if peer is not None and variant:
            peer_seconds, solver = best_of(lambda: peer.Solver.build(peer.Variant(variant)))
            peer_value = solver.state_value("upper 0 | filled -")
            line += f"{peer_seconds:>10.2f}{peer_value:>12.4f}{seconds / peer_seconds:>8.2f}"
            assert abs(peer_value - ours) < 1e-6, (variant, peer_value, ours)
            row[3:5] = [f"{peer_seconds:.2f} s", f"{seconds / peer_seconds:.2f}"]
        rows.append(row)
        print(line)
    if peer is None:
        print("(peer yatzy-solver not installed: pip install yatzy-solver to time it side by side)")

    print("\nPublished solve times of other open-source solvers (their hardware, not this machine):")
    for solver, game, seconds, hardware, source in PUBLISHED:
        print(f"  {solver:<40} {game:<7} {_published_time(seconds):<22} {hardware} ({source})")

    notes = []
    print("\nAdvisor answer from a warm cache (yahtzee, opening roll, all boxes open):")
    with tempfile.TemporaryDirectory() as folder:
        store = Store(folder)
        rules = preset("yahtzee")
        store.save(*_values_table(rules, values_of[("yahtzee", "forced")]))
        os.environ["ODDS_CACHE_DIR"] = folder
        load_seconds, _ = best_of(lambda: state_values(rules, store), repeat=5)
        answer_seconds, advice = best_of(lambda: advise(rules, "6 6 6 2 1", 2), repeat=20)
        print(f"  load the verified table: {1000 * load_seconds:.1f} ms; whole answer (load + turn solve): "
              f"{1000 * answer_seconds:.1f} ms -> {advice.best}")
        notes.append(f"The advisor from a warm store (Yahtzee, opening roll 6 6 6 2 1, all boxes open): the checked "
                     f"table loaded in {1000 * load_seconds:.1f} ms, the whole answer in process "
                     f"{1000 * answer_seconds:.1f} ms")
        command = [sys.executable, "-m", "analysis.cli.main", "yacht", "advise", "--preset", "yahtzee",
                   "--dice", "6 6 6 2 1", "--rolls-left", "2", "--open", "all"]
        subprocess.run(command, capture_output=True, check=True)
        cli_seconds, _ = best_of(lambda: subprocess.run(command, capture_output=True, check=True), repeat=3)
        print(f"  the same as a fresh `odds yacht advise` process, start-up included: {cli_seconds:.2f} s")
        notes[-1] += f", a fresh `odds yacht advise` process {cli_seconds:.2f} s"
        if peer is not None:
            solver = peer.Solver.build(peer.Variant("american+forced-joker"))
            situation = "dice 1 2 6 6 6 | rolls 2 | upper 0 | filled -"
            peer_seconds, options = best_of(lambda: solver.option_values(situation), repeat=20)
            print(f"  peer option_values for the same situation (table in memory): {1000 * peer_seconds:.2f} ms")
            peer_best = max(options, key=lambda o: o[1])
            ours = advice.options.iloc[0]["expected_final"]
            print(f"  peer best: {peer_best[0]} {peer_best[1]:.6f}; ours: {advice.best} {ours:.6f}")
            notes[-1] += f"; the peer answers from its table in memory in {1000 * peer_seconds:.2f} ms"
        notes[-1] += "."

    if args.distribution:
        rules = preset("yahtzee", joker="free")
        seconds, table = best_of(lambda: follow_policy(rules, values_of[("yahtzee", "free")]))
        p = table["distribution"]
        scores = np.arange(p.size)
        mean = (scores * p).sum()
        std = np.sqrt(((scores - mean) ** 2 * p).sum())
        median = int(np.searchsorted(np.cumsum(p), 0.5))
        print(f"\nYahtzee (Verhoeff rules) exact score distribution: {seconds:.1f} s; mean {mean:.4f}, "
              f"standard deviation {std:.4f}, median {median} (Verhoeff: 254.5896, 59.6117, 248)")
        notes.append(f"Yahtzee's exact score distribution (free joker, forward pass): {seconds:.1f} s; "
                     f"mean {mean:.4f}, standard deviation {std:.4f}, median {median} "
                     "(Verhoeff: 254.5896, 59.6117, 248).")
    published = "; ".join(f"{solver} {game} {_published_time(seconds)} on {hardware}"
                          for solver, game, seconds, hardware, _ in PUBLISHED)
    peer_name = "yatzy-solver 1.0 (Rust, f64, all cores)" if peer is not None else "yatzy-solver (not installed)"
    record("bench_yacht", "## Yacht solitaire: every card state solved, beside yatzy-solver (bench_yacht.py)\n\n"
           "The optimal solitaire strategy, every card state solved, one run each, beside the "
           "strongest peer that runs here (both must give the same expected score); numba's compile (or cache "
           f"load) before the first solve, not in the times: {compile_seconds:.1f} s.\n\n"
           + markdown_table(["preset", "states", "this toolkit", peer_name, "ratio (ours / peer)", "expected score"],
                            rows)
           + "\n\n" + " ".join(notes) + f"\n\nPublished solve times on other hardware: {published}.")
    return 0


def _published_time(seconds) -> str:
    """A published time as its source gives it: seconds (a float), hours (whole seconds) or words."""
    if isinstance(seconds, float):
        return f"{seconds:.1f} s"
    return f"{seconds / 3600:.0f} h" if isinstance(seconds, int) else seconds


def _values_table(rules, values):
    from analysis.yacht.solver import STATE_VALUES

    return STATE_VALUES, rules, {"states": rules.n_states}, {"values": values}


if __name__ == "__main__":
    sys.exit(main())
