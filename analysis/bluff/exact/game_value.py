"""The chance to win a two-player endgame, chaining equilibrium rounds by each preset's loss rule.

A state is (opener's dice, other player's dice). Each round is solved by CFR
(``solve.py``) with the payoff "the first bidder's chance to win the game from
the position this round leaves", so the round is played for the game, not for
dice: Bluff's loss of several dice at once, Perudo's calza (a die back) and
Liar's Dice's spot on all feed through. After a round:

- the next round's opener is the preset's ``next_opener``: Bluff's challenger
  (docs/rules.md), or for Perudo and Liar's Dice the player who lost a die (the
  usual table rule);
- Perudo with palifico: the round after a player first drops to one die is a
  palifico round. A player who already holds one die when the endgame starts has
  had it.

States are solved from the fewest dice up. Perudo's calza moves a die from the
bidder to the caller, keeping the total, so states of one total can lead to each
other; they are solved by repeated sweeps until no value moves by more than
``SWEEP_TOLERANCE`` or a tenth of the rounds' target exploitability.

>>> from analysis.bluff.rules import preset
>>> value = game_value(preset("bluff"), (1, 1), store=False)
>>> round(value.p_win_opening, 3)   # the first bidder's chance in a 1 v 1 Bluff endgame
0.486
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from analysis.bluff.odds.outcomes import dice_lost
from analysis.bluff.rules import BiddingRules
from analysis.bluff.exact.solve import solve_round
from analysis.errors import InvalidArgument
from analysis.progress import Progress
from analysis.store import Array, Store, TableKind, chosen_store
from analysis.tables import counted

#: The chance that the opener wins from each state (dice of each side, palifico flags) of an endgame.
GAME_VALUES = TableKind(
    "bluff/game-values", {"states": Array("int64", (None, 5)), "values": Array("float64", (None,), within=(0, 1)),
                          "exploitability": Array("float64", (None,))},
    version=1,
    check=lambda arrays, params: None if len(arrays["states"]) == len(arrays["values"]) > 0 else "it has no states")
SWEEP_TOLERANCE = 1e-6
MAX_SWEEPS = 40


@dataclass(frozen=True)
class State:
    opener: int      # dice of the player who opens the round
    other: int       # dice of the other player
    palifico: bool = False      # this round is a palifico round (Perudo)
    opener_had: bool = False    # the opener has had their palifico round
    other_had: bool = False


def next_state(rules: BiddingRules, state: State, loss, caller: int) -> tuple[float | None, State | None, bool]:
    """Where a round leaves the game: (result for the opener if the game is over, next state, opener opens).

    ``loss`` is the dice lost by (opener, other) from ``outcomes.dice_lost``; ``caller`` 0 or 1.
    """
    dice = [state.opener - int(loss[0]), state.other - int(loss[1])]
    if dice[0] <= 0:
        return 0.0, None, False
    if dice[1] <= 0:
        return 1.0, None, False
    if rules.next_opener == "challenger":
        opens = caller
    else:  # the loser; after a spot on (only the bidder loses between two players), the bidder
        opens = 0 if loss[0] > 0 else 1
    had = [state.opener_had, state.other_had]
    palifico = False
    if rules.palifico:
        for p in (0, 1):
            held_before = (state.opener, state.other)[p]
            if dice[p] == 1 and held_before > 1 and not had[p]:
                palifico, had[p] = True, True
    order = (opens, 1 - opens)
    return None, State(dice[order[0]], dice[order[1]], palifico, had[order[0]], had[order[1]]), opens == 0


def _reachable(rules: BiddingRules, start: State) -> list[State]:
    """Every state the game can pass through from ``start`` (the losses of each call, at every count)."""
    seen, frontier = {start}, [start]
    while frontier:
        state = frontier.pop()
        held = (state.opener, state.other)
        calls = ("challenge",) + (("exact",) if rules.exact_call else ())
        for call in calls:
            for caller in (0, 1):
                for count in range(1, sum(held) + 1):
                    for actual in range(sum(held) + 1):
                        loss, _ = dice_lost(rules, call, actual, count, held, caller, 1 - caller, _start(rules, held))
                        _, following, _ = next_state(rules, state, loss, caller)
                        if following is not None and following not in seen:
                            seen.add(following)
                            frontier.append(following)
    return sorted(seen, key=lambda s: (s.opener + s.other, s.opener, s.palifico, s.opener_had, s.other_had))


def _start(rules: BiddingRules, held) -> int:
    return max(rules.starting_dice(2), *held)


@dataclass(frozen=True)
class GameValue:
    """P(win the game) from ``dice`` = (my dice, your dice), when I open and when you open."""

    rules: BiddingRules
    dice: tuple[int, int]
    p_win_opening: float
    p_win_responding: float
    table: object = field(repr=False)  # DataFrame: one row per state solved
    max_exploitability: float = 0.0
    values: dict = field(default_factory=dict, repr=False)  # State -> P(opener wins)
    target: float = 1e-3
    iterations: int = 4000
    faces: int | None = None

    def round_solution(self, opener: int, other: int, palifico: bool = False):
        """The equilibrium of the round played for the game from (opener's dice, other's dice).

        The solve comes back from the table store (the same payoff as when the value was
        built); with Perudo's calza sweeps the last sweep's payoff may differ in the last
        digits, and the round is then solved again.
        """
        matches = [s for s in self.values if (s.opener, s.other, s.palifico) == (opener, other, palifico)]
        if not matches:
            raise InvalidArgument(f"({opener}, {other}) is not a state of this endgame; the states are "
                                  f"{sorted({(s.opener, s.other) for s in self.values})}.")
        state = matches[0]
        return solve_round(self.rules, (opener, other), target=self.target, iterations=self.iterations,
                           palifico_round=palifico, terminal_value=_win_payoff(self.rules, state, self.values),
                           payoff_name="game", faces=self.faces)

    def to_dict(self) -> dict:
        return {
            "preset": self.rules.name, "my_dice": self.dice[0], "your_dice": self.dice[1],
            "p_win_if_i_open": self.p_win_opening, "p_win_if_you_open": self.p_win_responding,
            "opening_advantage": self.p_win_opening - self.p_win_responding,
            "max_round_exploitability": self.max_exploitability,
            "states": self.table.to_dict(orient="records"),
        }

    def __str__(self) -> str:
        r = self.rules
        return "\n".join([
            f"{r.title}, two players, me {counted(self.dice[0], 'die', 'dice')} v you {self.dice[1]}: "
            "chance that I win the game",
            f"  if I open the round:   {self.p_win_opening:.4f}",
            f"  if you open the round: {self.p_win_responding:.4f}",
            f"  every round solved to within {self.max_exploitability:.1e} of equilibrium "
            f"(exploitability, in win probability)",
            "",
            self.table.to_string(index=False, float_format=lambda x: f"{x:.4f}"),
        ])


def _win_payoff(rules: BiddingRules, state: State, values: dict):
    """The round's payoff: the opener's chance to win the game from where the round leaves it."""
    def value(loss, caller):
        result, following, opener_opens = next_state(rules, state, loss, caller)
        if result is not None:
            return result
        return values[following] if opener_opens else 1.0 - values[following]
    return value


def _solve_states(rules: BiddingRules, states: list[State], target: float, iterations: int, store: Store | None,
                  faces: int | None, bar=None):
    values: dict[State, float] = {s: 0.5 for s in states}
    exploitability: dict[State, float] = {}
    totals = sorted({s.opener + s.other for s in states})
    for total in totals:
        level = [s for s in states if s.opener + s.other == total]
        for sweep in range(MAX_SWEEPS):
            moved = 0.0
            for state in level:
                solution = solve_round(
                    rules, (state.opener, state.other), target=target, iterations=iterations,
                    palifico_round=state.palifico, terminal_value=_win_payoff(rules, state, values),
                    payoff_name="game", store=store or False, faces=faces)
                moved = max(moved, abs(solution.value - values[state]))
                values[state] = solution.value
                exploitability[state] = solution.exploitability
                if bar is not None and sweep == 0:
                    bar.advance()
            # Sweeping further than the rounds' own accuracy cannot sharpen the values.
            if moved < max(SWEEP_TOLERANCE, target / 10) or rules.exact_call != "calza":
                break  # without calza a round only leads to fewer dice: one sweep is exact
        else:
            raise InvalidArgument(f"The {rules.title} endgame values did not settle after {MAX_SWEEPS} sweeps.")
    return values, exploitability


def game_value(rules: BiddingRules, dice=(1, 1), target: float = 1e-3, iterations: int = 4000,
               store: Store | None | bool = None, faces: int | None = None) -> GameValue:
    """The chance to win from (my dice, your dice), every round at equilibrium; cached in ``store`` with
    its rounds (None: the default store; False: solve afresh and keep nothing).

    ``faces`` shrinks the dice (``solve.die_faces``) for small test games.
    """
    import pandas as pd  # lazy: keeps pandas out of a table question's start-up

    store = chosen_store(store)
    dice = tuple(int(d) for d in dice)
    if len(dice) != 2 or min(dice) < 1:
        raise InvalidArgument(f"Give two dice counts of at least 1 (mine and yours), not {dice}.")
    if sum(dice) > 3:
        raise InvalidArgument(f"Game values are solved up to 3 dice in play (a 2v2 round does not fit in "
                              f"memory), not {dice[0]} + {dice[1]}.")
    if not target >= 0:
        raise InvalidArgument(f"The target exploitability must be a non-negative number, not {target}.")
    if iterations < 1:
        raise InvalidArgument(f"The number of iterations must be at least 1, not {iterations}.")
    # Flags matter only with palifico rounds; elsewhere they stay False so equal states merge.
    had = tuple(rules.palifico and d == 1 for d in dice)
    roots = [State(dice[0], dice[1], False, had[0], had[1]), State(dice[1], dice[0], False, had[1], had[0])]
    states = sorted({s for root in roots for s in _reachable(rules, root)},
                    key=lambda s: (s.opener + s.other, s.opener, s.palifico, s.opener_had, s.other_had))

    def build():
        # The first round's kernels compile before its own progress starts: this line covers that wait.
        with Progress(f"odds: {rules.title} endgame rounds", total=len(states)) as bar:
            values, exploitability = _solve_states(rules, states, target, iterations, store, faces, bar)
        return {"states": np.array([[s.opener, s.other, s.palifico, s.opener_had, s.other_had] for s in states]),
                "values": np.array([values[s] for s in states]),
                "exploitability": np.array([exploitability[s] for s in states])}

    # Values built to another target (the notebook's, the CLI's) are separate tables.
    params = {"dice": list(dice), "target": target, "iterations": iterations, "faces": faces}
    arrays = store.table(GAME_VALUES, rules, params, build) if store is not None else build()
    rows = [State(int(a), int(b), bool(p), bool(x), bool(y)) for a, b, p, x, y in arrays["states"]]
    value_of = dict(zip(rows, arrays["values"]))
    table = pd.DataFrame({
        "opener_dice": [s.opener for s in rows], "other_dice": [s.other for s in rows],
        **({"palifico_round": [s.palifico for s in rows],
            "opener_had_palifico": [s.opener_had for s in rows],
            "other_had_palifico": [s.other_had for s in rows]} if rules.palifico else {}),
        "p_opener_wins": arrays["values"], "round_exploitability": arrays["exploitability"]})
    return GameValue(rules, dice, float(value_of[roots[0]]), float(1.0 - value_of[roots[1]]), table,
                     float(arrays["exploitability"].max()), {s: float(v) for s, v in value_of.items()},
                     target, iterations, faces)
