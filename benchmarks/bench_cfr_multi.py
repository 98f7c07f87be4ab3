"""The multi-player sampled solver (``analysis.cfr.multi_player``) against OpenSpiel's external-sampling
MCCFR on three-player Kuhn poker: iterations per second, NashConv against time, peak memory.

Both NashConvs are OpenSpiel's own (``exploitability.nash_conv``) on each policy, ours converted to
its tabular format; ours is also measured by our exact best response (the two agree).

Each side runs in a process of its own, so each peak memory is that solver's.

Run: ``python benchmarks/bench_cfr_multi.py --seconds 10`` (needs ``pip install open_spiel``).
"""

from __future__ import annotations

import argparse
import sys
import time
from importlib.metadata import version
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from analysis.cfr.kuhn import kuhn_game  # noqa: E402
from analysis.cfr.multi_player import solve  # noqa: E402
from _openspiel import apart, openspiel, report, versions  # noqa: E402
from _timing import markdown_table, record  # noqa: E402


def to_openspiel(policy_module, their, solved):
    """Our average strategy as an OpenSpiel tabular policy (states by their card and betting history)."""
    game, n = solved.game, solved.game.players
    deal_of = {}
    for t in range(game.deals):
        for p in range(n):
            deal_of.setdefault((p, int(game.observation[t, p, 0])), t)
    table = policy_module.TabularPolicy(their)
    for state in table.states:
        history, player = state.history(), state.current_player()
        node = 0
        for action in history[n:]:
            node = int(game.child_start[node]) + action
        table.policy_for_key(state.information_state_string())[:] = solved.strategy(node, deal_of[(player,
                                                                                                   history[player])])
    return table


def ours(their, policy_module, exploitability, seconds: float) -> list:
    """Our solve run to growing iteration counts (a seed gives one solve, so each is a prefix of the next)."""
    game = kuhn_game(3)
    solve(game, iterations=10, progress=False)   # compile outside every timing
    rows, iterations = [], 10_000
    while True:
        started = time.perf_counter()
        solved = solve(game, "lcfr", iterations=iterations, seed=0, progress=False, check_every=iterations)
        seconds_taken = solved.run.seconds
        theirs = exploitability.nash_conv(their, to_openspiel(policy_module, their, solved))
        rows.append(["this toolkit, linear CFR (numba)", f"{iterations:,}", f"{seconds_taken:.2f}",
                     f"{iterations / seconds_taken:,.0f}", f"{theirs:.4f}", f"{solved.nash_conv:.4f}"])
        print(rows[-1], flush=True)
        if time.perf_counter() - started > seconds / 4 or iterations >= 3_200_000:
            return rows
        iterations *= 4


def openspiels(their, es, exploitability, seconds: float) -> list:
    """OpenSpiel's solver measured at doubling times (the measurement is not counted as the solver's time)."""
    solver = es.ExternalSamplingSolver(their, es.AverageType.SIMPLE)
    rows, done, started, mark = [], 0, time.perf_counter(), seconds / 8
    while True:
        solver.iteration()
        done += 1
        spent = time.perf_counter() - started
        if spent >= mark:
            nash = exploitability.nash_conv(their, solver.average_policy())
            rows.append(["OpenSpiel `external_sampling_mccfr` (Python over pyspiel), simple averaging", f"{done:,}",
                         f"{spent:.2f}", f"{done / spent:,.0f}", f"{nash:.4f}", ""])
            print(rows[-1], flush=True)
            started += time.perf_counter() - started - spent
            if mark >= seconds:
                return rows
            mark *= 2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="time given to each solver (default 10)")
    parser.add_argument("--side", choices=("ours", "openspiel"), help="run one side only (each runs apart)")
    args = parser.parse_args()
    pyspiel = openspiel()
    their = pyspiel.load_game("kuhn_poker(players=3)")
    if args.side:
        from open_spiel.python import policy as policy_module
        from open_spiel.python.algorithms import exploitability, external_sampling_mccfr as es

        report(ours(their, policy_module, exploitability, args.seconds) if args.side == "ours"
               else openspiels(their, es, exploitability, args.seconds))
        return
    print(versions(their))
    rows, ours_peak = apart("ours", "--seconds", str(args.seconds))
    their_rows, their_peak = apart("openspiel", "--seconds", str(args.seconds))
    table = markdown_table(["solver", "iterations", "seconds", "iterations/s", "NashConv (OpenSpiel's)",
                            "NashConv (ours, exact)"], rows + their_rows)
    record("bench_cfr_multi", f"## bench_cfr_multi\n\nThree-player Kuhn poker (OpenSpiel's `kuhn_poker(players=3)`): "
           f"external-sampling MCCFR, ours against OpenSpiel {version('open_spiel')}'s, each in a process of its own. "
           f"Peak memory of each process (Python, numpy, OpenSpiel and, for ours, numba included): ours "
           f"{ours_peak:.0f} MB, OpenSpiel's {their_peak:.0f} MB.\n\n{table}")


if __name__ == "__main__":
    main()
