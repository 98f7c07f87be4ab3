"""The exact optimal solitaire strategy: expected score, what each box contributes, the score distribution.

:func:`state_values` solves the dynamic program backwards over the score cards (which
boxes are filled, the upper total capped at the bonus threshold, the yacht-bonus flag)
and caches the table; :func:`solve` then follows the optimal policy forwards from the
empty card to get each box's expected points and zero rate and the exact distribution
of the final score.

>>> solution = solve("yacht_kr")
>>> round(solution.expected_score, 4)
174.5586
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analysis.progress import Progress
from analysis.store import Store, prepares, stored_table
from analysis.yacht._stored import STATE_VALUES, SUMMARY
from analysis.yacht.game import game_arrays
from analysis.yacht.kernel_tables import outcomes
from analysis.yacht.rules import PRESETS, Rules, preset

_BLOCK = 4096


def compute_values(rules: Rules) -> np.ndarray:
    """Expected points still to come from every state under optimal play (no cache)."""
    from analysis.yacht import _kernels as K   # lazy: numba starts only when a table is built

    g = game_arrays(rules)
    values = np.zeros(rules.n_states)
    # The bar counts score cards (masks): the middle layers hold most of them and most of the work.
    with Progress(f"odds: solving {rules.name} ({rules.n_states:,} card states)", total=g.masks.shape[0]) as bar:
        for layer in range(len(rules.boxes) - 1, -1, -1):
            K.solve_layer(values, layer, g.scoring, g.reachable, g.masks, g.layer_start, g.dice)
            bar.advance(int(g.layer_start[layer + 1] - g.layer_start[layer]))
    return values


def state_values(rules: Rules | str, store: Store | None = None) -> np.ndarray:
    """The solved value table for ``rules``, from the cache when it is there and intact."""
    rules = preset(rules)
    table = stored_table(store, STATE_VALUES, rules, {"states": rules.n_states},
                         lambda: {"values": compute_values(rules)})
    return table["values"]


def follow_policy(rules: Rules, values: np.ndarray, with_distribution: bool = True,
                  use_values: bool = True) -> dict[str, np.ndarray]:
    """Play the policy forwards from the empty card, exactly.

    Returns each box's expected points and zero rate, the bonuses' expected points and
    hit rates, and (``with_distribution``) the chance of every final score. With
    ``use_values=False`` the policy is the best single turn (a heuristic), else optimal.
    """
    from analysis.yacht import _kernels as K  # lazy: keeps numba out of a table question's start-up

    g = game_arrays(rules)
    n_boxes = len(rules.boxes)
    mass = np.zeros(values.shape[0])
    mass[g.start] = 1.0
    box_points = np.zeros(n_boxes)
    box_zero = np.zeros(n_boxes)
    bonus_points = np.zeros(2)   # upper bonus, yacht bonus
    bonus_rate = np.zeros(2)     # chance the upper bonus is earned; expected number of yacht bonuses
    # After n turns the score is at most the n best box maxima plus the bonuses that could be paid.
    best_boxes = np.concatenate([[0], np.cumsum(np.sort(np.maximum(g.scores, g.joker_scores).max(axis=1))[::-1])])
    widths = [int(min(g.max_final_score, best_boxes[n] + rules.upper_bonus + rules.yacht_bonus * max(n - 1, 0))) + 1
              for n in range(n_boxes + 1)]
    position = np.full(values.shape[0], -1, dtype=np.int64)
    current = np.array([g.start], dtype=np.int64)
    position[g.start] = 0
    scores = np.ones((1, 1)) if with_distribution else None
    top = np.zeros(1, dtype=np.int64)
    chunks = 8 * max(1, K.numba_threads())
    with Progress(f"odds: following the policy through {rules.name}, turn by turn", total=n_boxes) as bar:
        for layer in range(n_boxes):
            following = K.layer_states(layer + 1, g.params, g.box_face, g.reachable, g.masks, g.layer_start)
            position[following] = np.arange(following.shape[0])
            target = np.zeros((following.shape[0], widths[layer + 1])) if with_distribution else None
            target_top = np.zeros(following.shape[0], dtype=np.int64)
            live = current[mass[current] > 0.0]
            for start in range(0, live.shape[0], _BLOCK):
                block = live[start:start + _BLOCK]
                ends = outcomes(block.shape[0])
                K.turn_outcomes(block, values, use_values, g.scoring, g.dice, ends)
                out_box, out_points, out_upper, out_yacht, out_next, out_prob, n_out = ends
                used = np.arange(252)[None, :] < n_out[:, None]
                weight = (mass[block][:, None] * out_prob)[used]
                boxes, points = out_box[used], out_points[used]
                np.add.at(mass, out_next[used], weight)
                np.add.at(box_points, boxes, weight * points)
                np.add.at(box_zero, boxes, weight * (points == 0))
                bonus_points += [(weight * out_upper[used]).sum(), (weight * out_yacht[used]).sum()]
                bonus_rate += [(weight * (out_upper[used] > 0)).sum(),
                               (weight * out_yacht[used]).sum() / max(rules.yacht_bonus, 1)]
                if with_distribution:
                    K.push_scores(scores, target, position, ends, block, top, target_top, chunks)
            scores, current, top = target, following, target_top
            bar.advance()
    result = {"box_points": box_points, "box_zero": box_zero, "bonus_points": bonus_points,
              "bonus_rate": bonus_rate, "mean": np.array(box_points.sum() + bonus_points.sum())}
    if with_distribution:
        result["distribution"] = scores.sum(axis=0)
    return result


@dataclass(frozen=True)
class Solution:
    """The optimal strategy's results for one preset (see :func:`solve`)."""

    rules: Rules
    expected_score: float
    boxes: pd.DataFrame          # box, expected points, zero rate
    distribution: np.ndarray     # distribution[s] = P(final score == s)
    #: Expected number of Yacht bonuses a game. The exact solve gives the bonus's points and this
    #: count, not the chance of no bonus at all, so that row's zero rate is left empty ("—").
    yacht_bonuses: float = 0.0

    @property
    def scores(self) -> np.ndarray:
        return np.arange(self.distribution.shape[0])

    @property
    def std(self) -> float:
        mean = (self.scores * self.distribution).sum()
        return float(np.sqrt(((self.scores - mean) ** 2 * self.distribution).sum()))

    def quantile(self, q: float) -> int:
        """The smallest score s with P(final score <= s) >= q."""
        return int(np.searchsorted(np.cumsum(self.distribution), q - 1e-12))

    @property
    def median(self) -> int:
        return self.quantile(0.5)

    def summary(self) -> dict:
        return {"preset": self.rules.name, "joker": self.rules.joker,
                "expected_score": self.expected_score, "std": self.std, "median": self.median,
                "p05": self.quantile(0.05), "p95": self.quantile(0.95),
                "max_score": int(np.nonzero(self.distribution)[0].max())}

    def to_dict(self, distribution: bool = False) -> dict:
        import pandas as pd  # lazy: keeps pandas out of a table question's start-up

        boxes = []
        for row in self.boxes.to_dict("records"):
            if pd.isna(row["zero_rate"]):
                del row["zero_rate"]
                row["bonuses_per_game"] = self.yacht_bonuses
            boxes.append(row)
        result = self.summary() | {"boxes": boxes}
        if distribution:
            scores = np.nonzero(self.distribution)[0]
            result["distribution"] = [[int(s), float(self.distribution[s])] for s in scores]
        return result

    def __str__(self) -> str:
        s = self.summary()
        lines = [f"{self.rules.name} (joker: {self.rules.joker}): optimal expected score {s['expected_score']:.4f}",
                 f"standard deviation {s['std']:.4f}, median {s['median']}, 5%-95% range {s['p05']}-{s['p95']}",
                 "",
                 self.boxes.to_string(index=False, na_rep="—", formatters={
                     "expected_points": "{:8.4f}".format, "zero_rate": "{:7.2%}".format})]
        if self.boxes["zero_rate"].isna().any():
            lines.append(f"— the Yacht bonus is paid {self.yacht_bonuses:.4f} times a game on average; the exact "
                         "solve does not give the chance of no bonus at all (odds yacht simulate counts it).")
        return "\n".join(lines)


def solve(rules: Rules | str = "yacht_kr", store: Store | None = None) -> Solution:
    """Solve ``rules`` (a preset name or :class:`Rules`) exactly; cached after the first call."""
    # lazy: keeps pandas out of a table question's start-up (the advisor reads the values without it)
    import pandas as pd

    rules = preset(rules)
    values = state_values(rules, store)
    table = stored_table(store, SUMMARY, rules, {"boxes": len(rules.boxes)},
                        lambda: follow_policy(rules, values, with_distribution=True))
    g = game_arrays(rules)
    rows = [{"box": b.name, "expected_points": p, "zero_rate": z}
            for b, p, z in zip(rules.boxes, table["box_points"], table["box_zero"])]
    if rules.has_upper_bonus:
        rows.append({"box": "Upper bonus", "expected_points": table["bonus_points"][0],
                     "zero_rate": 1.0 - table["bonus_rate"][0]})
    if rules.has_yacht_bonus:
        rows.append({"box": "Yacht bonus", "expected_points": table["bonus_points"][1],
                     "zero_rate": float("nan")})
    boxes = pd.DataFrame(rows, columns=["box", "expected_points", "zero_rate"])
    return Solution(rules, float(values[g.start]), boxes, table["distribution"],
                    yacht_bonuses=float(table["bonus_rate"][1]))


@prepares("yacht", "the optimal strategy of every preset (up to a minute each)")
def _prepare_solutions() -> None:
    for rules in PRESETS.values():
        solve(rules)
