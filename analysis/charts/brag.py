"""Brag charts in the house style: class frequencies, equity curves, opponents, thresholds."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np

from analysis.charts.style import COLOURS, finish, house_style, series_styles


def class_frequency_chart(tables: dict):
    """Bars of each class's probability (log scale) for several presets: ``{name: frequencies()}``."""
    with house_style():
        fig, ax = plt.subplots()
        names = list(tables)
        classes = list(next(iter(tables.values())).index)
        width = 0.8 / len(names)
        hatches = ("", "//", "..", "xx")
        for i, name in enumerate(names):
            table = tables[name]
            positions = np.arange(len(classes)) + (i - (len(names) - 1) / 2) * width
            ax.bar(positions, 100 * table.loc[classes, "probability"], width, label=name,
                   color=COLOURS[i], hatch=hatches[i % len(hatches)], edgecolor="white")
        ax.set_yscale("log")
        ax.set_xticks(np.arange(len(classes)), [tables[names[0]].loc[c, "title"] for c in classes])
        finish(ax, "How often each class is dealt", "hand class (best first)",
               "probability (%, log scale)", legend=True)
        return fig


def equity_curve_chart(tables: dict, bins: int = 200):
    """Heads-up pot share against hand percentile, one line per preset: ``{name: equity_table()}``.

    Hands are grouped into ``bins`` percentile bins (mean pot share per bin), so a
    270,725-hand table draws as quickly as a 22,100-hand one.
    """
    with house_style():
        fig, ax = plt.subplots()
        for (name, table), (colour, marker, dash) in zip(tables.items(), series_styles()):
            edges = np.linspace(0, 100, bins + 1)
            which = np.clip(np.digitize(table["percentile"], edges) - 1, 0, bins - 1)
            share = np.bincount(which, weights=table["equity"], minlength=bins)
            count = np.bincount(which, minlength=bins)
            keep = count > 0
            centres = (edges[:-1] + edges[1:]) / 2
            ax.plot(centres[keep], 100 * share[keep] / count[keep], color=colour, linestyle=dash,
                    marker=marker, markevery=max(1, bins // 10), label=name)
        ax.plot([0, 100], [0, 100], color="grey", linewidth=0.8, linestyle=":", label="pot share = percentile")
        finish(ax, "Heads-up pot share by hand strength", "hand percentile (% of hands it beats)",
               "pot share against one random hand (%)", legend=True)
        return fig


def opponents_chart(frame):
    """Pot share against 1..7 opponents for landmark hands.

    ``frame`` has columns hand, opponents, equity, standard_error (0 where exact);
    error bars show 2 standard errors.
    """
    with house_style():
        fig, ax = plt.subplots()
        for (hand, rows), (colour, marker, dash) in zip(frame.groupby("hand", sort=False), series_styles()):
            ax.errorbar(rows["opponents"], 100 * rows["equity"], yerr=200 * rows["standard_error"],
                        color=colour, marker=marker, linestyle=dash, capsize=3, label=hand)
        ax.set_xticks(sorted(frame["opponents"].unique()))
        finish(ax, "Pot share at a showdown against more players", "opponents still in (players)",
               "pot share (%)")
        ax.legend(fontsize=8, ncols=2)     # seven landmark hands: a smaller legend in two columns
        return fig


def threshold_chart(series: dict):
    """Weakest hand worth playing, as a percentile, against the pot-to-stake ratio.

    ``series`` maps a label to a DataFrame with columns pot_to_stake and percentile.
    """
    with house_style():
        fig, ax = plt.subplots()
        for (label, frame), (colour, marker, dash) in zip(series.items(), series_styles()):
            ax.plot(frame["pot_to_stake"], frame["percentile"], color=colour, marker=marker,
                    linestyle=dash, markevery=3, label=label)
        ax.set_xscale("log")
        finish(ax, "How good a hand must be to see or stay", "pot ÷ stake (ratio, log scale)",
               "weakest hand worth it (percentile, %)", legend=True)
        return fig
