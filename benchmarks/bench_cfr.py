"""Round solver against OpenSpiel's C++ CFR on Liar's Dice, one die each, sixes wild, side by side.

OpenSpiel's ``liars_dice`` (default parameters: 2 players, 1 die each, 6 sides,
the six wild and bid like any face, no spot on) is this toolkit's
``preset("liars_dice", wild=6).with_fields(exact_call=None)``. The script

1. checks that the two are the same game: our converged strategy, converted to an
   OpenSpiel tabular policy, has the same exploitability by OpenSpiel's own
   best response as by ours;
2. times vanilla CFR against ``pyspiel.CFRSolver`` and CFR+ against
   ``pyspiel.CFRPlusSolver`` (iterations per second, full-tree iterations);
3. gives both the same wall-clock time (``--seconds``, default 10) and compares the
   exploitability reached: our discounted CFR against OpenSpiel's CFR+;
4. reports how long our solver takes to reach exploitability 1e-4.

Run: ``python benchmarks/bench_cfr.py`` (needs ``pip install open_spiel``).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from analysis.bluff.rules import preset  # noqa: E402
from analysis.bluff.exact.solve import round_game  # noqa: E402
from analysis.cfr.schedule import VARIANTS  # noqa: E402
from analysis.cfr.two_player import average_policy, exploitability  # noqa: E402
from _openspiel import openspiel, rate, versions  # noqa: E402
from _timing import markdown_table, record  # noqa: E402


class OurSolver:
    def __init__(self, game, variant):
        self.game, self.schedule = game, VARIANTS[variant].array
        self.regret, self.strategy_sum = np.zeros(game.slots), np.zeros(game.slots)
        self.done = 0

    def run(self, iterations):
        self.game.iterate(self.done + 1, iterations, self.schedule, self.regret, self.strategy_sum)
        self.done += iterations

    def average(self):
        return average_policy(self.game, self.strategy_sum)

    def exploitability(self):
        _, best0, best1 = self.game.evaluate(self.average())
        return exploitability(best0, best1)


def to_openspiel_policy(pyspiel, game, policy):
    """Our average strategy as an OpenSpiel tabular policy (info states "die q-f q-f ...")."""
    table = {}

    def walk(node, history):
        actor = int(game.actor[node])
        size = int(game.n_actions[node])
        raises = [game.bids[game.last[game.child_start[node] + r]] for r in range(game.n_raises[node])]
        for h, hand in enumerate(game.hands[actor]):
            key = " ".join([str(hand[0])] + [f"{b.count}-{b.face}" for b in history])
            base = int(game.offset[node]) + h * size
            actions = [(b.count - 1) * 6 + (b.face - 1) for b in raises] + ([12] if history else [])
            table[key] = list(zip(actions, (float(x) for x in policy[base:base + size])))
        for r, bid in enumerate(raises):
            walk(int(game.child_start[node] + r), history + [bid])

    walk(0, [])
    return pyspiel.TabularPolicy(table)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="equal time given to each solver (default 10)")
    parser.add_argument("--rate-seconds", type=float, default=3.0, help="time per iteration-rate measurement")
    args = parser.parse_args()
    pyspiel = openspiel()
    from importlib.metadata import version

    their_game = pyspiel.load_game("liars_dice")
    rules = preset("liars_dice", wild=6).with_fields(exact_call=None)
    game = round_game(rules, (1, 1))
    print(f"Liar's Dice, 1 die each, sixes wild: {len(game.bids)} bids, {game.nodes:,} bid histories, "
          f"{game.information_sets:,} information sets")
    print(versions(their_game))

    warm = OurSolver(game, "dcfr")  # compile outside every timing
    warm.run(2)
    warm.exploitability()

    # 1. Same game: a converged strategy judged by both best responses.
    check = OurSolver(game, "dcfr")
    check.run(2000)
    ours = check.exploitability()
    theirs = pyspiel.exploitability(their_game, to_openspiel_policy(pyspiel, game, check.average()))
    print(f"\nsame game: exploitability of our strategy after 2000 DCFR iterations: ours {ours:.3e}, "
          f"OpenSpiel's best response {theirs:.3e} (difference {abs(ours - theirs):.1e})")

    # 2. Iteration rates, same algorithm on both sides.
    print(f"\n{'iterations per second':<34}{'ours':>12}{'OpenSpiel C++':>16}{'ratio':>9}")
    ratios, rows = {}, []
    for name, variant, their_class in (("vanilla CFR", "cfr", pyspiel.CFRSolver),
                                       ("CFR+", "cfr+", pyspiel.CFRPlusSolver)):
        solver = OurSolver(game, variant)
        ours_rate = rate(lambda: solver.run(1), args.rate_seconds)
        their_solver = their_class(their_game)
        their_rate = rate(their_solver.evaluate_and_update_policy, args.rate_seconds)
        ratios[name] = ours_rate / their_rate
        print(f"{name:<34}{ours_rate:>12,.0f}{their_rate:>16,.1f}{ratios[name]:>8.0f}x")
        rows.append([f"{name}, iterations per second", f"{ours_rate:,.0f}", f"{their_rate:,.1f}",
                     f"{ratios[name]:,.0f}x"])

    # 3. Equal time: our best (DCFR) against OpenSpiel's best full-tree solver (CFR+).
    solver = OurSolver(game, "dcfr")
    started = time.perf_counter()
    while time.perf_counter() - started < args.seconds:
        solver.run(64)
    ours_expl = solver.exploitability()
    their_solver = pyspiel.CFRPlusSolver(their_game)
    their_iterations = 0
    started = time.perf_counter()
    while time.perf_counter() - started < args.seconds:
        their_solver.evaluate_and_update_policy()
        their_iterations += 1
    their_expl = pyspiel.exploitability(their_game, their_solver.average_policy())
    print(f"\nafter {args.seconds:g} s each: ours (DCFR, {solver.done:,} iterations) exploitability {ours_expl:.2e}; "
          f"OpenSpiel CFR+ ({their_iterations:,} iterations) {their_expl:.2e}; "
          f"ratio {their_expl / max(ours_expl, 1e-300):,.0f}x lower")

    # 4. Time to 1e-4.
    solver = OurSolver(game, "dcfr")
    started = time.perf_counter()
    while solver.exploitability() > 1e-4:
        solver.run(64)
    to_target = time.perf_counter() - started
    print(f"ours reaches exploitability 1e-4 in {to_target:.2f} s ({solver.done:,} DCFR "
          f"iterations, checks included)")
    value = game.evaluate(solver.average())[0]
    rows += [[f"exploitability after {args.seconds:g} s each (ours DCFR, OpenSpiel CFR+)",
              f"{ours_expl:.2e} ({solver.done:,} iterations)", f"{their_expl:.2e} ({their_iterations:,} iterations)",
              f"{their_expl / max(ours_expl, 1e-300):,.0f}x lower"],
             ["time to exploitability 1e-4 (DCFR, checks included)", f"{to_target:.2f} s", "", ""]]
    record("bench_cfr", f"The round solver against OpenSpiel {version('open_spiel')}'s C++ `CFRSolver` and "
           f"`CFRPlusSolver` on Liar's Dice, one die each, sixes wild ({game.information_sets:,} information sets), "
           f"in the same process. The same game: OpenSpiel's best response gives our strategy the exploitability "
           f"ours gives it (difference {abs(ours - theirs):.1e}). Targets: 20x OpenSpiel's iteration rate, 1e-4 in "
           f"under 10 s.\n\n" + markdown_table(["task", "this toolkit", "OpenSpiel (C++)", "ratio"], rows))
    print(f"value for the first bidder {value:+.5f} (-7/258 = {-7 / 258:+.5f})")
    met = "met" if ratios["vanilla CFR"] >= 20 else "NOT met"
    print(f"\ntargets: >= 20x OpenSpiel's C++ CFR iteration rate: {met} "
          f"({ratios['vanilla CFR']:.0f}x); 1e-4 in under 10 s: "
          f"{'met' if to_target < 10 else 'NOT met'} ({to_target:.2f} s)")


if __name__ == "__main__":
    main()
