"""What remembering only the last k bids costs, where the exact equilibrium is known.

For one-die-each rounds of every preset (and with ``--three`` Liar's Dice 2v1 and 1v2) the sampled solver
(``solver.solve_sampled``, plain external sampling) is run with the players remembering the last 1, 2 or 3
bids or every bid, and each strategy's exploitability in the real game is measured exactly (the exact
solver's best response on the whole tree), beside the exact solver's own equilibrium (``solve.solve_round``,
discounted CFR to 1e-5 or 1e-3) and its value. Each round is solved for every iteration count given: a strategy
that stops improving as the iterations grow shows what the abstraction itself costs, beyond the time. A second
section does the same with full-width CFR over the remembered bids (``solve_sampled(..., full_width=True)``), its
exploitability at a quarter, half, three quarters and all of its iterations.

Run: ``python benchmarks/bench_bluff_abstraction.py [--iterations 100000 4000000] [--three] [--full-width 1000]
[--skip-sampled]``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _timing import record  # noqa: E402

from analysis.bluff.rules import preset  # noqa: E402
from analysis.bluff.sampled.solver import solve_sampled  # noqa: E402
from analysis.bluff.exact.solve import default_precision, solve_round  # noqa: E402

#: One die each: the rounds whose exact equilibrium solves in seconds here (a three-dice round's takes many
#: minutes on this shared machine; ``--three`` adds Liar's Dice 2v1 and 1v2).
ROUNDS = [("Liar's Dice, ones wild, no spot on", preset("liars_dice", wild=1, exact_call=None), (1, 1)),
          ("Liar's Dice, sixes wild, no spot on", preset("liars_dice", wild=6, exact_call=None), (1, 1)),
          ("Bluff", preset("bluff"), (1, 1)), ("Perudo", preset("perudo"), (1, 1)),
          ("Liar's Dice, spot on", preset("liars_dice"), (1, 1))]
THREE = [("Liar's Dice, sixes wild, no spot on", preset("liars_dice", wild=6, exact_call=None), (2, 1)),
         ("Liar's Dice, sixes wild, no spot on", preset("liars_dice", wild=6, exact_call=None), (1, 2))]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, nargs="+", default=[100000, 4000000])
    parser.add_argument("--three", action="store_true", help="also the three-dice rounds (slow)")
    parser.add_argument("--full-width", type=int, default=1000, help="iterations of the full-width solves (0: none)")
    parser.add_argument("--skip-sampled", action="store_true", help="only the full-width section")
    args = parser.parse_args(argv)
    if not args.skip_sampled:
        sampled_section(args)
    if args.full_width:
        full_width_section(args)
    return 0


def sampled_section(args) -> None:
    lines = ["## Dice bidding: the cost of remembering the last k bids (bench_bluff_abstraction.py)", "",
             "The sampled solver (plain external sampling, for "
             + " and ".join(f"{n:,}" for n in args.iterations) + " iterations) with the players "
             "remembering the last 1, 2 or 3 bids or every bid, each strategy's exploitability in dice measured "
             "exactly (best response on the whole tree). The peer is the exact solver's own equilibrium (discounted "
             "CFR on the whole tree, its value and exploitability in the second column): no outside solver plays "
             "these rounds here. A cell: exploitability (the strategy's value, information sets, seconds).", "",
             "| round | iterations | exact equilibrium: value, exploitability | last 1 bid | last 2 bids | "
             "last 3 bids | every bid |", "|---|---|---|---|---|---|---|"]
    for name, rules, dice in ROUNDS + (THREE if args.three else []):
        target, cap = default_precision(dice)
        exact = solve_round(rules, dice, target=target, iterations=cap)
        for iterations in args.iterations:
            cells = []
            for k in (1, 2, 3, None):
                started = time.perf_counter()
                solution = solve_sampled(rules, dice, k=k, iterations=iterations, store=False)
                cells.append(f"{solution.exploitability.value:.4f} (value {solution.value:+.4f}, "
                             f"{solution.game.information_sets:,} sets, {time.perf_counter() - started:.0f} s)")
            lines.append(f"| {name} {dice[0]}v{dice[1]} | {iterations:,} | {exact.value:+.4f}, "
                         f"{exact.exploitability:.1e} | " + " | ".join(cells) + " |")
            print(lines[-1], flush=True)
    text = "\n".join(lines)
    print(text)
    record("bench_bluff_abstraction", text)


def full_width_section(args) -> None:
    iterations = args.full_width
    lines = ["## Dice bidding: the cost of remembering the last k bids, solved full width (bench_bluff_abstraction.py)",
             "", f"Full-width CFR over the remembered bids (discounted, alternating updates, {iterations:,} "
             "iterations), the players remembering the last 1, 2 or 3 bids or every bid; each strategy's "
             "exploitability in dice measured exactly (best response on the whole tree) after a quarter, half, three "
             "quarters and all of the iterations. The exact equilibrium and the sampled solver's cells are in the "
             "section above. A cell: the four exploitabilities (the strategy's value at the end, seconds).", "",
             "| round | exact equilibrium: value | last 1 bid | last 2 bids | last 3 bids | every bid |",
             "|---|---|---|---|---|---|"]
    for name, rules, dice in ROUNDS + (THREE if args.three else []):
        target, cap = default_precision(dice)
        exact = solve_round(rules, dice, target=target, iterations=cap)
        cells = []
        for k in (1, 2, 3, None):
            started = time.perf_counter()
            solution = solve_sampled(rules, dice, k=k, iterations=iterations, store=False, full_width=True, checks=4)
            trail = ", ".join(f"{value:.4f}" for _, value, _ in solution.trajectory)
            cells.append(f"{trail} (value {solution.value:+.4f}, {time.perf_counter() - started:.0f} s)")
        lines.append(f"| {name} {dice[0]}v{dice[1]} | {exact.value:+.4f} | " + " | ".join(cells) + " |")
        print(lines[-1], flush=True)
    text = "\n".join(lines)
    print(text)
    record("bench_bluff_abstraction-full-width", text)


if __name__ == "__main__":
    sys.exit(main())
