"""Charts for Yacht: score distributions, per-box contributions, per-box odds, strategy comparison.

Every builder takes results from ``analysis.yacht`` and returns a matplotlib Figure in the
house style (titled, labelled axes with units, readable in grey).
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np

from analysis.charts.style import COLOURS, finish, house_style, series_styles


def score_distribution(solutions, title: str = "Final score under optimal play"):
    """Chance of each final score, one line per solved preset (``Solution`` objects)."""
    with house_style():
        fig, ax = plt.subplots()
        for solution, (colour, marker, dash) in zip(solutions, series_styles()):
            probabilities = solution.distribution
            scores = np.arange(probabilities.size)
            # Scores step by one point but many are rare; a 5-point window keeps the shape readable.
            smooth = np.convolve(probabilities, np.ones(5) / 5, mode="same")
            shown = probabilities.cumsum() < 0.9995
            ax.plot(scores[shown], 100 * smooth[shown], color=colour, linestyle=dash, marker=marker, markevery=25,
                    label=f"{solution.rules.name} (mean {solution.expected_score:.1f})")
        finish(ax, title, "final score (points)", "chance per point (%, 5-point average)", legend=True)
        return fig


def box_contributions(solution, title: str | None = None):
    """Expected points each box adds under optimal play, with its zero rate written beside the bar."""
    table = solution.boxes
    with house_style():
        fig, ax = plt.subplots(figsize=(7.5, 0.35 * len(table) + 1.2))
        ax.barh(table["box"][::-1], table["expected_points"][::-1], color=COLOURS[0], hatch="//", edgecolor="white")
        for y, (points, zero) in enumerate(zip(table["expected_points"][::-1], table["zero_rate"][::-1])):
            label = f"{points:.1f}" + ("" if np.isnan(zero) else f"  (zero {zero:.0%})")
            ax.text(points + 0.3, y, label, va="center", fontsize=8)
        ax.set_xlim(0, table["expected_points"].max() * 1.35)
        finish(ax, title or f"{solution.rules.name}: where the {solution.expected_score:.1f} points come from",
               "expected points in the box (points)", "box")
        return fig


def box_odds(table, preset_name: str):
    """Each box's chance of being made in one turn, first roll vs best keeps over three rolls."""
    with house_style():
        fig, ax = plt.subplots(figsize=(7.5, 0.35 * len(table) + 1.2))
        y = np.arange(len(table))[::-1]
        ax.barh(y + 0.2, 100 * table["turn_chance"], height=0.4, color=COLOURS[0],
                label="within the turn (best keeps)")
        ax.barh(y - 0.2, 100 * table["first_roll_chance"], height=0.4, color=COLOURS[1], hatch="..",
                edgecolor="white", label="on the first roll")
        ax.set_yticks(y, table["box"])
        finish(ax, f"{preset_name}: chance of making each box in one turn", "chance (%)", "box")
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.12), ncol=2)
        return fig


def strategy_comparison(simulations, exact_optimal: float | None = None):
    """Mean final score of each simulated strategy with its 95% interval (error bars)."""
    with house_style():
        fig, ax = plt.subplots()
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
        finish(ax, f"{sim.rules.name}: mean score by strategy ({sim.games:,} games each, seed {sim.seed})",
               "strategy", "mean final score (points)")
        return fig
