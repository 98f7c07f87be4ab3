"""Charts for backgammon, in the house style. Each builder returns a matplotlib Figure."""

from __future__ import annotations

import numpy as np

from analysis.charts.style import COLOURS, finish, house_style, series_styles


def shot_chart(block_sets=((), (4,), (4, 6))):
    """Rolls (of 36) that hit a blot at each distance, open and with blocking points."""
    import matplotlib.pyplot as plt
    from analysis.backgammon.dice import shots

    with house_style():
        fig, ax = plt.subplots()
        styles = series_styles()
        for blocks in block_sets:
            colour, marker, dash = next(styles)
            distances = [d for d in range(1, 25) if d not in blocks]
            counts = [shots(d, blocks) for d in distances]
            label = "nothing in the way" if not blocks else "blocked at " + ", ".join(map(str, blocks))
            ax.plot(distances, counts, color=colour, marker=marker, linestyle=dash, label=label)
        ax.set_xticks(range(1, 25, 1))
        ax.tick_params(axis="x", labelsize=8)
        finish(ax, "Shots at a blot by distance", "distance from the hitter to the blot (pips)",
               "hitting rolls (out of 36)", legend=True)
    return fig


def entry_chart(max_on_bar: int = 3):
    """Chance that every bar checker enters, against 0-6 closed points."""
    import matplotlib.pyplot as plt
    from analysis.backgammon.dice import entry

    with house_style():
        fig, ax = plt.subplots()
        styles = series_styles()
        closed = np.arange(7)
        for bar in range(1, max_on_bar + 1):
            colour, marker, dash = next(styles)
            chance = [100 * entry(int(k), bar).all_enter / 36 for k in closed]
            ax.plot(closed, chance, color=colour, marker=marker, linestyle=dash,
                    label=f"{bar} checker{'s' if bar > 1 else ''} on the bar")
        finish(ax, "Entering from the bar", "closed points in the opponent's home board",
               "chance that all bar checkers enter (%)", legend=True)
    return fig


def bearoff_distribution_chart(positions, labels=None):
    """P(exactly n rolls) to bear off, one line per home-board position."""
    import matplotlib.pyplot as plt
    from analysis.backgammon.bearoff import bearoff_odds

    with house_style():
        fig, ax = plt.subplots()
        styles = series_styles()
        for i, counts in enumerate(positions):
            odds = bearoff_odds(counts)
            colour, marker, dash = next(styles)
            label = labels[i] if labels else " ".join(map(str, odds.counts))
            dist = odds.distribution[odds.distribution > 5e-4]
            ax.plot(dist.index, 100 * dist.values, color=colour, marker=marker, linestyle=dash,
                    label=f"{label}: {odds.expected_rolls:.2f} rolls")
        finish(ax, "Rolls needed to bear off (optimal play)", "rolls", "probability (%)", legend=True)
    return fig


def exact_take_chart(bins: int = 60):
    """Exact 6-checker bear-offs: the taker's cubeless chance at correct takes and passes."""
    import matplotlib.pyplot as plt
    from analysis.backgammon.race import exact_take_points

    frame = exact_take_points()
    frame = frame[(frame.taker_win > 0.05) & (frame.taker_win < 0.45)]
    with house_style():
        fig, ax = plt.subplots()
        edges = np.linspace(0.05, 0.45, bins + 1)
        ax.hist(100 * frame.taker_win[frame.correct_take], bins=100 * edges, color=COLOURS[0], alpha=0.75,
                label="correct take")
        ax.hist(100 * frame.taker_win[~frame.correct_take], bins=100 * edges, color=COLOURS[1], alpha=0.55,
                hatch="//", label="correct pass")
        ax.axvline(25, color="black", linestyle="--", linewidth=1, label="dead-cube take point 25%")
        finish(ax, "Take or pass in exact bear-offs (up to 6 checkers each)",
               "taker's cubeless winning chance (%)", "pairs of positions", legend=True)
    return fig


def variant_chart():
    """Dutch rolls and Acey-Deucey turns to enter all 15, by blocked entry points."""
    import matplotlib.pyplot as plt
    from analysis.backgammon.variants import variant_table

    table = variant_table()
    with house_style():
        fig, ax = plt.subplots()
        styles = series_styles()
        for column, label in (("dutch_rolls", "Dutch: rolls"), ("acey_deucey_turns", "Acey-Deucey: turns")):
            colour, marker, dash = next(styles)
            ax.plot(table.blocked_points, table[column], color=colour, marker=marker, linestyle=dash, label=label)
        finish(ax, "Entering all 15 checkers", "blocked entry points", "expected rolls / turns", legend=True)
    return fig
