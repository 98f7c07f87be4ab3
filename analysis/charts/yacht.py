"""Charts for Yacht: score distributions, per-box contributions, per-box odds, strategy comparison.

Every builder takes results from ``analysis.yacht`` and returns a matplotlib Figure in the
house style (titled, labelled axes with units, readable in grey).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analysis.charts.columns import Columns
from analysis.charts.style import COLOURS, finish, house_style, series_styles, subplots
from analysis.store import chosen_store
from analysis.yacht._stored import SUMMARY
from analysis.yacht.advice import advise
from analysis.yacht.cost import check_solve, check_target
from analysis.yacht.dice import show
from analysis.yacht.game import game_arrays
from analysis.yacht.names import game_name
from analysis.yacht.odds import box_odds_rows
from analysis.yacht.solver import solve, state_values
from analysis.yacht.target import reach_curve


@dataclass(frozen=True)
class OptimalPlay:
    """What a chart needs of ``solve``'s answer: the rules, the final score's distribution, its mean."""

    rules: object
    distribution: np.ndarray
    expected_score: float


def optimal_play(rules, store=None) -> OptimalPlay:
    """The distribution of the final score under optimal play and its expected score, as ``solve``
    gives them, read from the tables ``solve`` stores in ``store`` (None: the default store; ``solve``
    itself also builds its per-box DataFrame, which needs pandas); solved and stored by ``solve``
    when they are not there yet."""
    store = chosen_store(store)
    summary = None if store is None else store.load(SUMMARY, rules, {"boxes": len(rules.boxes)})
    if summary is None:
        solution = solve(rules, False if store is None else store)
        return OptimalPlay(rules, solution.distribution, solution.expected_score)
    values = state_values(rules, False if store is None else store)
    return OptimalPlay(rules, summary["distribution"], float(values[game_arrays(rules).start]))


def box_turn_odds(rules) -> "Columns":
    """``box_odds(rules)`` as Columns, without its DataFrame."""
    return Columns.from_rows(box_odds_rows(rules))


BIN = 5      # points per bar of the final-score chart


def score_distribution(solutions, title: str = "Final score under optimal play"):
    """Chance of a final score in each ``BIN``-point bin: a histogram's outline per solved preset
    (``Solution`` objects)."""
    with house_style():
        fig, ax = subplots()
        for solution, (colour, _, dash) in zip(solutions, series_styles()):
            probabilities = solution.distribution
            # Scores step by one point but many are rare: the chance of each 5-point bin, drawn as the steps of a
            # histogram (the scores are discrete, so no curve is drawn between them).
            last = int(np.nonzero(probabilities.cumsum() < 0.9995)[0].max()) + 1
            edges = np.arange(0, last + BIN, BIN)
            padded = np.pad(probabilities, (0, max(0, edges[-1] - probabilities.size)))
            chances = np.add.reduceat(padded[:edges[-1]], edges[:-1])
            ax.stairs(100 * chances, edges, color=colour, linestyle=dash, linewidth=1.8,
                      label=f"{game_name(solution.rules)} (mean {solution.expected_score:.1f})")
        finish(ax, title, "final score (points)", f"chance of a score in each {BIN}-point bin (%)", legend="below")
        return fig


def box_contributions(solution, title: str | None = None):
    """Expected points each box adds under optimal play, with its zero rate written beside the bar."""
    table = solution.boxes
    with house_style():
        fig, ax = subplots(figsize=(7.5, 0.35 * len(table) + 1.2))
        ax.barh(table["box"][::-1], table["expected_points"][::-1], color=COLOURS[0], hatch="//", edgecolor="white")
        for y, (points, zero) in enumerate(zip(table["expected_points"][::-1], table["zero_rate"][::-1])):
            label = f"{points:.1f}" + ("" if np.isnan(zero) else f"  (zero {zero:.0%})")
            ax.text(points + 0.3, y, label, va="center", fontsize=9)
        ax.set_xlim(0, table["expected_points"].max() * 1.35)
        finish(ax, title or f"{game_name(solution.rules)}: where the {solution.expected_score:.1f} points come from",
               "expected points in the box (points)", "box")
        return fig


def _draw_box_chances(ax, table) -> None:
    y = np.arange(len(table))[::-1]
    ax.barh(y + 0.2, 100 * np.asarray(table["turn_chance"]), height=0.4, color=COLOURS[0],
            label="within the turn (best keeps)")
    ax.barh(y - 0.2, 100 * np.asarray(table["first_roll_chance"]), height=0.4, color=COLOURS[1], hatch="..",
            edgecolor="white", label="on the first roll")
    ax.set_yticks(y, table["box"])


def box_odds(table, preset_name: str):
    """Each box's chance of being made in one turn, first roll vs best keeps over three rolls."""
    with house_style():
        fig, ax = subplots(figsize=(7.5, 0.35 * len(table) + 1.2))
        _draw_box_chances(ax, table)
        finish(ax, f"{preset_name}: chance of making each box in one turn", "chance (%)", "box")
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.12), ncol=2)
        return fig


def box_turn_chart(table, preset_name: str):
    """``box_odds``'s table in two panels: each box's chance in one turn, and a turn's expected points."""
    with house_style():
        fig, (chance, points) = subplots(1, 2, figsize=(9, 0.38 * len(table) + 1.8), sharey=True)
        _draw_box_chances(chance, table)
        finish(chance, "chance of making the box", "chance (%)", "box")
        chance.legend(loc="upper center", bbox_to_anchor=(0.5, -0.14), ncol=1)
        y = np.arange(len(table))[::-1]
        points.barh(y, table["turn_expected_points"], height=0.6, color=COLOURS[2], hatch="//",
                    edgecolor="white")
        for row, value in zip(y, table["turn_expected_points"]):
            points.text(value, row, f" {value:.1f}", va="center", fontsize=9)
        points.set_xlim(0, max(table["turn_expected_points"]) * 1.25)
        finish(points, "expected points in one turn", "points", "")
        fig.suptitle(f"{preset_name}: each box in one turn", fontweight="bold")
        return fig


def keep_chart(options, dice_text: str, preset_name: str, rolls_left: int = 2):
    """Expected final score after each keep of a roll (``advise(...).options``), best at the top."""
    with house_style():
        fig, ax = subplots(figsize=(7.5, 0.32 * len(options) + 1.4))
        y = np.arange(len(options))[::-1]
        scores = np.asarray(options["expected_final"], dtype=float)
        bars = ax.barh(y, scores, height=0.65, color=COLOURS[0], edgecolor="white")
        bars[0].set_color(COLOURS[1])
        bars[0].set_hatch("//")
        ax.set_yticks(y, options["option"])
        low, high = scores.min(), scores.max()
        # The keeps differ by a few points out of ~200: start the axis near the worst shown.
        ax.set_xlim(low - 0.15 * (high - low + 1), high + 0.35 * (high - low + 1))
        for row, (score, gap) in enumerate(zip(scores, options["gives_up"])):
            label = f" {score:.2f}" + (f"  (-{gap:.2f})" if gap > 0 else "  best")
            ax.text(score, y[row], label, va="center", fontsize=9)
        finish(ax, f"{preset_name}: what to keep from {dice_text} "
                   f"({rolls_left} roll{'s' if rolls_left > 1 else ''} left)",
               "expected final score under optimal play (points)", "keep")
        ax.grid(axis="y", visible=False)
        return fig


def reach_chart(frame, preset_name: str):
    """P(final score >= T) against T: playing for the largest expected score, and playing for T itself."""
    with house_style():
        fig, ax = subplots()
        styles = series_styles()
        for column, label in (("expected_play", "playing for the largest expected score"),
                              ("target_play", "playing to reach T (a strategy for each T)")):
            colour, marker, dash = next(styles)
            ax.plot(frame["target"], 100 * np.asarray(frame[column]), color=colour, linestyle=dash, marker=marker,
                    markevery=20, label=label)
        ax.set_ylim(0, 100)
        finish(ax, f"{preset_name}: chance of scoring at least T", "target T (points)",
               "chance of a final score of T or more (%)", legend=True)
        return fig


def strategy_comparison(simulations, exact_optimal: float | None = None):
    """Mean final score of each simulated strategy with its 95% interval (error bars)."""
    with house_style():
        fig, ax = subplots()
        names = [s.strategy for s in simulations]
        means = [s.mean for s in simulations]
        errors = [1.96 * s.standard_error for s in simulations]
        bars = ax.bar(names, means, yerr=errors, capsize=6, color=COLOURS[:len(names)], edgecolor="black")
        for bar, hatch in zip(bars, ("", "//", "..", "xx")):
            bar.set_hatch(hatch)
        ax.set_ylim(0, 1.2 * max(means))
        if exact_optimal is not None:
            ax.axhline(exact_optimal, color="black", linestyle="--", label=f"exact optimum {exact_optimal:.2f}")
            ax.legend(loc="upper right")
        sim = simulations[0]
        finish(ax, f"{game_name(sim.rules)}: mean score by strategy ({sim.games:,} games each, seed {sim.seed})",
               "strategy", "mean final score (points)")
        return fig


# --------------------------------------------------------------------------- ``odds yacht chart KIND``
def _label(rules) -> str:
    return game_name(rules) + (f" ({rules.joker} joker)" if rules.joker != "none" else "")


def draw_boxes(rules):
    table = box_turn_odds(rules)
    return box_turn_chart(table, _label(rules)), table


def draw_distribution(rules):
    check_solve(rules, distribution=True)
    solution = optimal_play(rules)
    scores = np.nonzero(solution.distribution)[0]
    data = Columns(score=scores.tolist(), chance=solution.distribution[scores].tolist(),
                   at_most=np.cumsum(solution.distribution)[scores].tolist())
    title = f"{_label(rules)}: final score under optimal play"
    return score_distribution([solution], title), data


def draw_reach(rules):
    check_solve(rules, distribution=True)       # where work must stay short: said before it starts
    check_target(rules)
    curve = reach_curve(rules)       # one sentence where a preset's target table does not fit
    distribution = optimal_play(rules).distribution
    targets = np.arange(curve.chance.size)
    at_least = np.concatenate(([1.0], 1.0 - np.cumsum(distribution)))[:targets.size]
    at_least = np.pad(at_least, (0, targets.size - at_least.size))
    # Keep the targets where the two strategies can differ: from where either drops below 99.9%.
    shown = (at_least < 0.999) | (curve.chance < 0.999)
    first = int(np.argmax(shown))
    last = int(np.nonzero(curve.chance > 1e-4)[0].max()) + 1
    data = Columns(target=targets[first:last + 1].tolist(),
                   expected_play=np.clip(at_least, 0.0, 1.0)[first:last + 1].tolist(),
                   target_play=curve.chance[first:last + 1].tolist())
    return reach_chart(data, _label(rules)), data


def draw_keeps(rules, *, dice, rolls_left=2, top=10):
    advice = advise(rules, dice, rolls_left)
    options = Columns.from_rows(list(advice.rows[:top]))      # the advice's own rows: no DataFrame
    return keep_chart(options, show(advice.dice), _label(rules), rolls_left), options
