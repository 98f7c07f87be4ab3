"""What common habits cost heads-up: the best response to a leaky opponent, against the equilibrium.

A habit changes the equilibrium strategy of one player at the decisions it is about
and leaves the rest as it was:

- ``always_blind``: bets blind whenever it may, and sees blind when it must end the hand;
- ``never_blind``: looks at the cards at once;
- ``never_bluffs``: an open player never bets or raises with a high-card hand (folds instead);
- ``sees_with_pair``: an open player who may see always sees with a pair or better;
- ``never_folds``: an open player never folds (bets instead, or sees at the cap).

For each habit and seat the table gives, in chips per ante for the *other* player:
the equilibrium value, the value of simply playing the equilibrium against the habit,
and the value of the best response to it (exact, on the whole tree). The best
response's gain over the equilibrium value is what the leak costs against a player
who spots it.

>>> table = habit_costs(solve("brag3"))   # doctest: +SKIP
"""

from __future__ import annotations

import numpy as np

from analysis.brag.headsup.betting import DECISION
from analysis.brag.rules import CLASSES
from analysis.brag.headsup.solve import _Passes, betting_game
from analysis.brag.showdown.tables import class_codes
from analysis.errors import InvalidArgument

HABITS = {
    "always_blind": "bets blind whenever it may",
    "never_blind": "always looks at once",
    "never_bluffs": "never bets or raises with a high card",
    "sees_with_pair": "always sees with a pair or better",
    "never_folds": "never folds an open hand",
}


def habit_policy(solution, game, habit: str, seat: int) -> np.ndarray:
    """The equilibrium policy with ``seat``'s decisions changed by ``habit``."""
    if habit not in HABITS:
        raise InvalidArgument(f"'{habit}' is not a habit; choose from {', '.join(HABITS)}.")
    tree = game.tree
    policy = solution.policy.copy()
    classes = np.array([class_codes(int(s), solution.rules) for s in game.strengths])
    pair_or_better = classes >= CLASSES.index("pair")
    for node in np.flatnonzero((tree.kind == DECISION) & (tree.actor == seat)):
        names = tree.actions(node)
        size = len(names)
        blind = bool(tree.blind[node])
        rows = 1 if blind else game.classes
        block = policy[game.offset[node]:game.offset[node] + rows * size].reshape(rows, size)
        if habit in ("always_blind", "never_blind") and blind:
            wanted = "look" if habit == "never_blind" else ("blind" if "blind" in names else
                                                            "see" if "see" in names else "look")
            block[:] = np.eye(size)[names.index(wanted)]
        elif habit == "never_bluffs" and not blind:
            aggressive = [k for k, name in enumerate(names) if name == "bet" or name.startswith("raise")]
            weak = ~pair_or_better
            moved = block[weak][:, aggressive].sum(axis=1)
            block[np.ix_(weak, aggressive)] = 0.0
            block[weak, names.index("fold")] += moved
        elif habit == "sees_with_pair" and not blind and "see" in names:
            block[pair_or_better] = np.eye(size)[names.index("see")]
        elif habit == "never_folds" and not blind:
            moved = block[:, names.index("fold")].copy()
            block[:, names.index("fold")] = 0.0
            block[:, names.index("bet" if "bet" in names else "see")] += moved
    return policy


def habit_costs(solution, habits=tuple(HABITS)):
    """For each habit and seat of the habitual player: the other player's values (a DataFrame)."""
    import pandas as pd  # lazy: keeps pandas out of a table question's start-up

    game = betting_game(solution.rules, solution.deck)
    passes = _Passes(game)
    rows = []
    for habit in habits:
        for seat in (0, 1):
            leaky = habit_policy(solution, game, habit, seat)
            hero = 1 - seat
            # The hero's decisions keep the equilibrium; the habitual player's follow the habit.
            mixed = np.where(_slots_of(game, hero), solution.policy, leaky)
            empty = np.empty(0)
            passes.forward(mixed, empty, False, -1, 0.0, empty)
            against = passes.backward(passes.core.EVALUATE, hero, mixed)
            best = passes.backward(passes.core.BEST_RESPONSE, hero, mixed)
            equilibrium = solution.value if hero == 0 else -solution.value
            rows.append({"habit": habit, "description": HABITS[habit],
                         "habitual_player": "first" if seat == 0 else "second",
                         "equilibrium_value": equilibrium, "equilibrium_against_habit": against,
                         "best_response_value": best, "leak_cost": best - equilibrium})
    return pd.DataFrame(rows)


def _slots_of(game, seat: int) -> np.ndarray:
    """A mask of the policy slots that belong to ``seat``'s decisions."""
    tree = game.tree
    mask = np.zeros(game.slots, dtype=bool)
    for node in np.flatnonzero((tree.kind == DECISION) & (tree.actor == seat)):
        rows = 1 if tree.blind[node] else game.classes
        mask[game.offset[node]:game.offset[node] + rows * tree.n_actions[node]] = True
    return mask


__all__ = ["HABITS", "habit_policy", "habit_costs"]
