"""A multi-player round solved by the CFR core's sampler (``cfr.multi_player.solve``), kept in the store under an
explicit table version, and the look-up of a stored solve, which never solves.

The plan (``TABLE_PLAN``): the rounds this room solves and the settings each is solved with; ``decide`` and
``odds bluff play`` with several opponents read the planned solve of the round's dice, and refuse in one sentence
naming ``build_command`` where none is stored."""

from __future__ import annotations

import functools
import time
from dataclasses import dataclass
from typing import Optional

import numpy as np

from analysis.bluff.multi import shipped
from analysis.bluff.multi.measure import SeatGain, local_best_response, seat_values
from analysis.bluff.multi.round import TableRound, table_round
from analysis.bluff.play.strategy_bot import SCRIPT_GAMES
from analysis.bluff.rules import BiddingRules
from analysis.errors import InvalidArgument
from analysis.seeds import check_seed
from analysis.store import Array, Store, TableKind, chosen_store

#: A stored multi-player solve: the average policy (float32, one slot per action of each information set), each
#: seat's (value, local-best-response gain, half-width of its 95% interval, rounds) and the summary (iterations,
#: seconds).
MULTI = TableKind(
    "bluff/multi", {"policy": Array("float32", (None,), within=(0, 1)), "gains": Array("float64", (None, 4)),
                    "summary": Array("float64", (2,))},
    version=1)

#: The planned solves, by the seats' dice: remembered bids, iterations, rounds a seat of the local best response.
TABLE_PLAN = {(1, 1, 1): {"k": 2, "iterations": 200_000, "lbr_rounds": 4000},
              (2, 2, 2): {"k": 2, "iterations": 200_000, "lbr_rounds": 1000}}
#: The solver's schedule (the core's ``schedule.VARIANTS``) and the seed of the local best response's rounds.
VARIANT = "lcfr"
LBR_SEED = 1


@dataclass(frozen=True, eq=False)
class TableSolution:
    """A solved multi-player round: the average ``policy`` over ``round_.game``'s slots and each seat's gain."""

    round_: TableRound
    policy: np.ndarray
    gains: tuple
    iterations: int
    seed: int
    seconds: float
    from_store: bool
    #: Read from the package's shipped copy (``multi.shipped``: the policy in 255ths).
    shipped: bool = False

    def chances(self, node: int, hand: int) -> np.ndarray:
        """The strategy's chance of each action at ``node`` for its actor holding hand ``hand``."""
        game = self.round_.game
        k = int(game.n_actions[node])
        base = int(game.offset[node]) + hand * k
        return np.asarray(self.policy[base:base + k], np.float64)

    def summary(self) -> str:
        lines = [f"{self.round_.describe()}: {self.iterations:,} iterations of external-sampling CFR, seed "
                 f"{self.seed}, {self.seconds:.0f} s" + (" (read from the store)" if self.from_store else "")]
        lines += [f"  {gain}" for gain in self.gains]
        return "\n".join(lines)


def _params(round_: TableRound, iterations: int, seed: int, lbr_rounds: int) -> dict:
    return {"dice": list(round_.dice), "faces": len(round_.faces), "k": round_.k, "iterations": iterations,
            "seed": seed, "variant": VARIANT, "lbr_rounds": lbr_rounds, "lbr_seed": LBR_SEED}


def solve_table(rules: BiddingRules, dice, k: int = 2, iterations: int = 200_000, seed: int = 0,
                lbr_rounds: int = 2000, faces: Optional[int] = None, checkpoint: Optional[str] = None,
                store: Store | None | bool = None, progress: bool = True) -> TableSolution:
    """The round of ``dice`` (seat 0 opening) solved, measured and stored (read back where already stored).
    ``checkpoint``: a file the core saves the solve to every few minutes; a stopped solve resumes from it with the
    same result."""
    from analysis.cfr.multi_player import solve   # lazy: numba starts only where a solve runs

    seed = check_seed(seed)
    if not 1 <= iterations <= 10 ** 9 or not 2 <= lbr_rounds <= 10 ** 7:
        raise InvalidArgument("Give 1 to 10**9 iterations and 2 to 10**7 rounds of the local best response.")
    round_ = table_round(rules, dice, k, faces)
    found = _load(round_, iterations, seed, lbr_rounds, store)
    if found is not None:
        return found
    began = time.perf_counter()
    measured = {}

    def measure(policy):
        values = seat_values(round_, policy)
        gains = local_best_response(round_, policy, lbr_rounds, LBR_SEED, values)
        measured["gains"] = gains
        return values, tuple(g.gain for g in gains)

    solved = solve(round_.game, VARIANT, iterations=iterations, seed=seed, check_every=iterations,
                   checkpoint=checkpoint, label=f"solving {round_.describe()}", progress=progress, measure=measure)
    seconds = time.perf_counter() - began
    gains = measured["gains"]
    arrays = {"policy": solved.policy.astype(np.float32),
              "gains": np.array([[g.value, g.gain, g.half, g.rounds] for g in gains], np.float64),
              "summary": np.array([solved.run.iterations, seconds], np.float64)}
    chosen = chosen_store(store)
    if chosen is not None:
        chosen.save(MULTI, rules, _params(round_, iterations, seed, lbr_rounds), arrays)
    return TableSolution(round_, solved.policy, gains, solved.run.iterations, seed, seconds, False)


def _load(round_: TableRound, iterations: int, seed: int, lbr_rounds: int, store) -> Optional[TableSolution]:
    chosen = chosen_store(store)
    if chosen is None:
        return None
    stored = chosen.load(MULTI, round_.rules, _params(round_, iterations, seed, lbr_rounds))
    if stored is None or stored["policy"].size != round_.game.slots:
        return None
    return _solution(round_, stored, seed, shipped=False)


def _solution(round_: TableRound, arrays: dict, seed: int, shipped: bool) -> TableSolution:
    gains = tuple(SeatGain(s, float(v), float(g), float(h), int(r)) for s, (v, g, h, r) in enumerate(arrays["gains"]))
    done, seconds = arrays["summary"]
    return TableSolution(round_, np.asarray(arrays["policy"]), gains, int(done), seed, float(seconds), True, shipped)


def find_table_solve(rules: BiddingRules, dice, store: Store | None | bool = None) -> tuple:
    """(the planned solve of the round of ``dice`` (seat 0 opening), None): from the user's store (``store=``, as
    ``chosen_store`` reads it), else from the package (``multi.shipped``); (None, None) where neither holds it or the
    plan has no such round; (None, why) where the package's file is refused. It never solves."""
    dice = tuple(int(d) for d in dice)
    plan = TABLE_PLAN.get(dice)
    if plan is None:
        return None, None
    round_ = _planned_round(rules, dice, plan["k"])
    found = _load(round_, plan["iterations"], 0, plan["lbr_rounds"], store)
    if found is not None:
        return found, None
    key = (rules, dice, str(shipped.SHIPPED_ROOT))
    if key not in _SHIPPED_READ:
        arrays, refused = shipped.load_shipped(rules, _params(round_, plan["iterations"], 0, plan["lbr_rounds"]),
                                               round_.game)
        if arrays is None:
            return None, refused
        while len(_SHIPPED_READ) >= _KEEP:
            _SHIPPED_READ.pop(next(iter(_SHIPPED_READ)))
        _SHIPPED_READ[key] = _solution(round_, arrays, 0, shipped=True)
    return _SHIPPED_READ[key], None


@functools.lru_cache(maxsize=8)
def _planned_round(rules: BiddingRules, dice: tuple, k: int) -> TableRound:
    """The round of a planned solve, built once a process (half a second at 2-2-2, which a page's answer has not)."""
    return table_round(rules, dice, k)


#: The shipped solves already read in this process, the last few (a running web page asks the same round again and
#: again); the package's files do not change under a running process, and nothing writes into a solve's policy.
_SHIPPED_READ: dict = {}
_KEEP = 8


def stored_table_solve(rules: BiddingRules, dice, store: Store | None | bool = None) -> Optional[TableSolution]:
    """The planned solve of the round of ``dice`` (seat 0 opening) from the user's store or the package, or None.
    It never solves."""
    return find_table_solve(rules, dice, store)[0]


def is_planned(dice) -> bool:
    """Whether the plan solves the round of ``dice`` (from the opener), in some game."""
    return tuple(int(d) for d in dice) in TABLE_PLAN


def build_command(rules: BiddingRules, dice) -> Optional[str]:
    """The command that stores the planned solve of ``dice``, or None where the plan has none."""
    dice = tuple(int(d) for d in dice)
    name = next((n for n, make in SCRIPT_GAMES.items() if make() == rules), None)
    if dice not in TABLE_PLAN or name is None:
        return None
    return f"python scripts/bluff_table_solves.py --only {name}:{':'.join(map(str, dice))}"


def planned_text() -> str:
    """The planned tables in words (three players with 1 1 1 or 2 2 2 dice), for a note or a refusal."""
    by_players: dict = {}
    for dice in TABLE_PLAN:
        by_players.setdefault(len(dice), []).append(" ".join(map(str, dice)))
    return "; ".join(f"{player_count(n)} players with {' or '.join(sizes)} dice" for n, sizes in by_players.items())


def player_count(players: int) -> str:
    """A table's number of players in words (three to nine), else in figures."""
    return {3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine"}.get(players, str(players))


def planned_rounds() -> list:
    """(game name, dice) of every planned solve, the cheap ones first."""
    return [(name, dice) for dice in TABLE_PLAN for name in SCRIPT_GAMES]
