"""The solves whose arrays guard the move of both solvers onto ``analysis/cfr`` (see ``test_guard.py``).

Each case runs a fixed number of iterations of one variant (no stop at a target) on a small game
of either solver and returns every array the solve produces: the average policy, the values and
exploitabilities, and the check history. ``python -m tests.cfr.guard_cases`` writes them to
``data/guard.npz``; it was run once, on the code before the move (commit d0108fb).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

GUARD = Path(__file__).with_name("data") / "guard.npz"
VARIANTS = ("cfr", "cfr+", "dcfr")
ITERATIONS = 150


def _bluff_cases():
    from analysis.bluff.rules import preset

    liars = preset("liars_dice").with_fields(exact_call=None)
    return {"bluff liars_dice 1v1 4 faces": (liars, (1, 1), 4),
            "bluff liars_dice 2v1 3 faces": (liars, (2, 1), 3),
            "bluff perudo calza 1v1 3 faces": (preset("perudo"), (1, 1), 3),
            "bluff liars_dice spot on 1v2 3 faces": (preset("liars_dice"), (1, 2), 3)}


def _brag_cases():
    from analysis.brag.rules import preset

    return {"brag brag3 reduced 8 cards": (preset("brag3", stakes=(1.0, 2.0), raises=1, bets=2),
                                           [32, 33, 36, 37, 40, 41, 44, 45], True),
            "brag teen_patti reduced prials": (preset("teen_patti", bets=2, raises=1),
                                               [40, 41, 42, 44, 45, 48, 49], True),
            # Larger: its values and reach are left out of the file (the policy fixes them).
            "brag brag3 JQKA": (preset("brag3"), "JQKA", False)}


def bluff_arrays(rules, dice, faces, variant) -> dict:
    from analysis.bluff.solve import solve_round

    solution = solve_round(rules, dice, faces=faces, variant=variant, iterations=ITERATIONS, target=0.0,
                           check_every=16, store=False)
    return {"policy": solution.policy, "trajectory": solution.trajectory,
            "summary": np.array([solution.value, solution.exploitability, solution.iterations])}


def brag_arrays(rules, deck, with_values, variant) -> dict:
    from analysis.brag.headsup.solve import betting_game, run_solver

    solution = run_solver(betting_game(rules, deck), variant, iterations=ITERATIONS, check_every=25,
                          progress=False, stop_at_target=False)
    arrays = {"policy": solution.policy, "history": np.array(solution.history),
              "summary": np.array([solution.value, solution.exploitability, *solution.best_response,
                                   solution.iterations])}
    if with_values:
        arrays.update(node_values=solution.node_values, reach=solution.reach)
    return arrays


def cases():
    """{case name: a function of the variant returning the solve's arrays}."""
    found = {label: (lambda variant, a=args: bluff_arrays(*a, variant)) for label, args in _bluff_cases().items()}
    found.update({label: (lambda variant, a=args: brag_arrays(*a, variant)) for label, args in _brag_cases().items()})
    return found


def record() -> dict:
    arrays = {}
    for label, run in cases().items():
        for variant in VARIANTS:
            for name, array in run(variant).items():
                arrays[f"{label}|{variant}|{name}"] = array
    return arrays


if __name__ == "__main__":
    GUARD.parent.mkdir(exist_ok=True)
    np.savez_compressed(GUARD, **record())
    print(f"wrote {GUARD} ({GUARD.stat().st_size:,} bytes)")
