"""The multi-player sampled solver (``analysis.cfr.multi_player``) against OpenSpiel's external-sampling
MCCFR on three-player Kuhn poker: iterations per second, NashConv against time, peak memory.

Both NashConvs are OpenSpiel's own (``exploitability.nash_conv``) on each policy, ours converted to
its tabular format; ours is also measured by our exact best response (the two agree).

Run: ``python benchmarks/bench_cfr_multi.py --seconds 10`` (needs ``pip install open_spiel``).
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from analysis.cfr.kuhn import kuhn_game  # noqa: E402
from analysis.cfr.multi_player import solve  # noqa: E402
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="time given to each solver (default 10)")
    args = parser.parse_args()
    try:
        import pyspiel
        from open_spiel.python import policy as policy_module
        from open_spiel.python.algorithms import exploitability, external_sampling_mccfr as es
    except ImportError:
        sys.exit("OpenSpiel is not installed: pip install open_spiel")
    their = pyspiel.load_game("kuhn_poker(players=3)")
    game = kuhn_game(3)
    solve(game, iterations=10, progress=False)   # compile outside every timing
    rows = []
    # Ours: the same solve run to growing iteration counts (a seed gives one solve, so each is a prefix).
    iterations = 10_000
    while True:
        started = time.perf_counter()
        solved = solve(game, "lcfr", iterations=iterations, seed=0, progress=False, check_every=iterations)
        seconds = solved.run.seconds
        theirs = exploitability.nash_conv(their, to_openspiel(policy_module, their, solved))
        rows.append(["this toolkit, linear CFR (numba)", f"{iterations:,}", f"{seconds:.2f}",
                     f"{iterations / seconds:,.0f}", f"{theirs:.4f}", f"{solved.nash_conv:.4f}"])
        print(rows[-1], flush=True)
        if time.perf_counter() - started > args.seconds / 4 or iterations >= 3_200_000:
            break
        iterations *= 4
    ours_peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    solver = es.ExternalSamplingSolver(their, es.AverageType.SIMPLE)
    done, started, mark = 0, time.perf_counter(), args.seconds / 8
    while True:
        solver.iteration()
        done += 1
        spent = time.perf_counter() - started
        if spent >= mark:
            nash = exploitability.nash_conv(their, solver.average_policy())
            rows.append(["OpenSpiel `external_sampling_mccfr` (Python over pyspiel), simple averaging", f"{done:,}",
                         f"{spent:.2f}", f"{done / spent:,.0f}", f"{nash:.4f}", ""])
            print(rows[-1], flush=True)
            started += time.perf_counter() - started - spent   # the measurement is not the solver's time
            if mark >= args.seconds:
                break
            mark *= 2
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    table = markdown_table(["solver", "iterations", "seconds", "iterations/s", "NashConv (OpenSpiel's)",
                            "NashConv (ours, exact)"], rows)
    record("bench_cfr_multi", f"## bench_cfr_multi\n\nThree-player Kuhn poker (OpenSpiel's `kuhn_poker(players=3)`): "
           f"external-sampling MCCFR, ours against OpenSpiel's. Peak memory of the process: {ours_peak:.0f} MB "
           f"after our solves, {peak:.0f} MB after OpenSpiel's.\n\n{table}")


if __name__ == "__main__":
    main()
