"""A solve in the store: its table kinds, its key (the round and the solver's settings), the checks of those
settings, and the look-up of a stored solve (``stored_solve``: the user's store, else the package's copy), which
never solves (``solver.solve_sampled`` solves what it does not find)."""

from __future__ import annotations

from typing import Optional

import numpy as np

from analysis.bluff.rules import BiddingRules
from analysis.bluff.sampled.exploitability import Exploitability
from analysis.bluff.sampled.game import SampledGame, sampled_game
from analysis.bluff.sampled.shipped import load_shipped
from analysis.bluff.sampled.solution import SampledSolution
from analysis.errors import InvalidArgument
from analysis.seeds import check_seed
from analysis.shipped import Refused
from analysis.store import Array, Store, TableKind, chosen_store

#: Stored solve: the average policy (float32), the exploitability trajectory (iterations, exploitability,
#: half-width of its 95% interval; 0 when exact), the summary (value, exploitability, half-width, exact or
#: local, iterations, seconds).
SAMPLED = TableKind(
    "bluff/sampled", {"policy": Array("float32", (None,), within=(0, 1)),
                      "trajectory": Array("float64", (None, 3)), "summary": Array("float64", (6,))},
    version=1)
#: A full-width solve of the same abstraction (``full_width``): the same arrays, a kind (and a version) of its own.
FULL_WIDTH = TableKind(
    "bluff/full-width", SAMPLED.arrays,
    version=1)


#: The keywords of ``solve_sampled`` that name the solve a warm start begins from (``solver.warm_start``), as its
#: key records them.
WARM_FIELDS = ("k", "iterations", "explore", "steps", "width")


def _params(game: SampledGame, iterations: int, seed: int, explore: float, width: float = 0.0,
            warm: Optional[dict] = None) -> dict:
    params = {"dice": list(game.dice), "faces": list(game.faces), "k": game.k, "palifico_round": game.palifico_round,
              "iterations": iterations, "seed": seed, "period": default_period(iterations), "explore": explore,
              "bonus": BONUS, "payoff": game.payoff_name, "payoff_sha": game.payoff_sha()}
    if game.steps is not None:
        params["steps"] = game.steps
    if width > 0:
        params["width"] = width
    if warm is not None:
        params["warm"] = " ".join(f"{name}={warm.get(name)}" for name in WARM_FIELDS)
    return params


def solve_key(game: SampledGame, iterations: int, seed: int, explore: float = 1.0, width: float = 0.0,
              warm: Optional[dict] = None, full_width: bool = False) -> tuple[TableKind, dict]:
    """(table kind, parameters) of a solve in the store: a full-width one has no sampling parameters."""
    params = _params(game, iterations, seed, explore, width, warm)
    if not full_width:
        return SAMPLED, params
    return FULL_WIDTH, {name: value for name, value in params.items() if name not in ("period", "explore", "bonus")}


def default_period(iterations: int) -> int:
    """Iterations between two discounts: 1/200 of the solve (at least 10)."""
    return max(10, iterations // 200)


#: Average strategy sampling's bonus (in visits): a raise is tried for sure until its information set
#: has been played about this many times.
BONUS = 1.0


def default_explore(game: SampledGame) -> float:
    """Plain external sampling (every raise tried): at 2v2 it reached a local-best-response exploitability of
    0.05 dice in 100,000 iterations where average strategy sampling stayed at 0.16-0.30 for the same time."""
    return 1.0



def checked_solve(rules: BiddingRules, dice, k: Optional[int], iterations: int, seed: int, faces: Optional[int],
                  palifico_round: bool, payoff: str, explore: Optional[float], steps: Optional[int], width: float,
                  warm: Optional[dict], full_width: bool) -> tuple[SampledGame, int, float, float, Optional[dict]]:
    """A solve's round and settings (``solve_sampled``'s keywords), each refused in one sentence where it is not
    one: (the game, the seed, the exploration (``default_explore`` where None), the sampling width, the warm
    start's keywords (``WARM_FIELDS``) or None)."""
    seed = check_seed(seed)
    if not 1 <= iterations <= 10 ** 10:
        raise InvalidArgument(f"The number of iterations must be 1 to 10**10, not {iterations}.")
    game = sampled_game(rules, dice, k, faces, palifico_round, payoff, steps)
    explore = default_explore(game) if explore is None else float(explore)
    if not 0.0 < explore <= 1.0:
        raise InvalidArgument(f"The exploration must be above 0 and at most 1, not {explore}.")
    width = float(width)
    if not 0.0 <= width <= 100.0:
        raise InvalidArgument(f"The sampling width must be 0 (off) to 100 raises a node, not {width}.")
    if full_width and (warm is not None or width > 0 or explore != 1.0):
        raise InvalidArgument("Full-width CFR tries every action of every information set: it takes no sampling "
                              "width, exploration or warm start.")
    if warm is not None:
        warm = {name: warm.get(name) for name in WARM_FIELDS}
        if warm["k"] != 1 or game.k < 2 or warm["steps"] != game.steps:
            raise InvalidArgument("A solve starts only from one of the same round and raises remembering the last "
                                  "bid, for players remembering more.")
    return game, seed, explore, width, warm


def stored_solve(rules: BiddingRules, dice=(1, 1), k: Optional[int] = 2, iterations: int = 100000, seed: int = 0,
                 faces: Optional[int] = None, palifico_round: bool = False, payoff: str = "dice",
                 store: Store | None | bool = None, explore: Optional[float] = None, steps: Optional[int] = None,
                 width: float = 0.0, warm: Optional[dict] = None,
                 full_width: bool = False) -> Optional[SampledSolution]:
    """The solve that ``solve_sampled`` builds with these keywords, read from ``store`` (None: the default store;
    False: none) or, where that holds none, from the package's copy; None where neither holds it. It never solves.

    Where the package's copy is refused (damaged, or of another version), that is the one sentence (``Refused``).
    """
    game, seed, explore, width, warm = checked_solve(rules, dice, k, iterations, seed, faces, palifico_round, payoff,
                                                     explore, steps, width, warm, full_width)
    store = chosen_store(store)
    if store is None:
        return None
    kind, params = solve_key(game, iterations, seed, explore, width, warm, full_width)
    stored, shipped = store.load(kind, rules, params), False
    if stored is None:
        # The package's copy (``shipped``: the policy in 255ths) where the user's store has none.
        stored, refused = load_shipped(rules, params, game.slots, game.blocks(), full_width)
        if refused is not None:
            raise Refused(f"The package's {game.dice[0]}v{game.dice[1]} {'full-width' if full_width else 'sampled'} "
                          f"solve of {rules.title} is refused ({refused}).")
        shipped = stored is not None
    if stored is None:
        return None
    return solution_of(game, stored, seed, explore, width, warm, full_width, from_store=True, shipped=shipped)


def solution_of(game: SampledGame, stored: dict, seed: int, explore: float, width: float, warm: Optional[dict],
                full_width: bool, from_store: bool, shipped: bool = False, lbr_games: int = 0) -> SampledSolution:
    """The solution a solve's arrays (``SAMPLED``'s) hold. ``lbr_games``: the rounds a seat over which this process
    measured its exploitability (0 where the solve was read, not measured here)."""
    value, exploit, half, exact, done, seconds = stored["summary"]
    measured = Exploitability(float(exploit), float(half), bool(exact), float(value), lbr_games)
    return SampledSolution(game, int(done), seed, float(seconds), float(value), measured,
                           np.asarray(stored["policy"]), np.asarray(stored["trajectory"]), from_store, explore, width,
                           shipped, warm, full_width)


def refusal_clause(refused: Refused) -> str:
    """A refusal's sentence as a clause ("the package's ... is refused (why)"), for a sentence that goes on."""
    said = str(refused)[:-1]
    return said[0].lower() + said[1:]
