"""Charts for the dice-bidding games, in the house style.

Each builder returns a matplotlib Figure; nothing is shown or saved here.
"""

from __future__ import annotations

import numpy as np

from analysis.bluff.bids import Bid
from analysis.bluff.odds import bid_odds, count_tables
from analysis.bluff.outcomes import challenge_outcome
from analysis.bluff.rules import BiddingRules
from analysis.charts.style import HEATMAP, finish, house_style, series_styles


def p_true_heatmaps(max_unknown: int = 30, max_need: int = 15):
    """P(at least k of n unknown dice count), for 1/3 (number bid) and 1/6 (star bid) side by side."""
    import matplotlib.pyplot as plt

    _, sf = count_tables()
    with house_style():
        fig, axes = plt.subplots(1, 2, figsize=(11, 4.6), sharey=True)
        for ax, kind, title in zip(axes, (0, 1), ("Number bid (1/3 per die: face or star)",
                                                   "Star bid (1/6 per die)")):
            grid = sf[kind, :max_unknown + 1, :max_need + 1].T  # rows: needed count, cols: unknown dice
            image = ax.imshow(grid, origin="lower", aspect="auto", cmap=HEATMAP, vmin=0, vmax=1,
                              extent=(-0.5, max_unknown + 0.5, -0.5, max_need + 0.5))
            ax.contour(np.arange(max_unknown + 1), np.arange(max_need + 1), grid, levels=[0.5],
                       colors="white", linewidths=1.5, linestyles="--")
            finish(ax, title, "unknown dice (dice I cannot see)", "dice needed from the unknown ones")
            ax.grid(False)
        fig.colorbar(image, ax=axes, label="P(bid true)", shrink=0.9)
        fig.suptitle("Bluff: chance that a bid is true (dashed: 50%)", fontweight="bold")
    return fig


def challenge_cost_by_margin(rules: BiddingRules, dice_in_play=(10, 20, 30), max_margin: float = 6.0):
    """Expected dice lost by the challenger and by the bidder against the bid's margin.

    Two players share the dice in play equally and the chart looks from outside
    (no die seen). The margin is the bid count minus the expected actual count; a
    challenge of a bid far above expectation costs the bidder, one far below costs
    the challenger. Losses are capped by the dice each player holds.
    """
    import matplotlib.pyplot as plt

    with house_style():
        fig, ax = plt.subplots()
        styles = series_styles()
        for unknown in dice_in_play:
            colour, marker, dash = next(styles)
            seats = (unknown // 2, unknown - unknown // 2)
            margins, challenger, bidder = [], [], []
            for count in range(1, unknown + 1):
                odds = bid_odds(rules, (), unknown, Bid(count, 3))
                if abs(count - odds.expected_count) > max_margin:
                    continue
                outcome = challenge_outcome(rules, odds, seats, caller=0, bidder=1, start=max(seats))
                margins.append(count - odds.expected_count)
                challenger.append(outcome.expected_loss[0])
                bidder.append(outcome.expected_loss[1])
            ax.plot(margins, challenger, color=colour, marker=marker, linestyle=dash, markersize=4,
                    label=f"challenger, {unknown} dice in play")
            ax.plot(margins, bidder, color=colour, marker=marker, linestyle=dash, markersize=4, alpha=0.45,
                    label=f"bidder, {unknown} dice in play")
        ax.axvline(0, color="grey", linewidth=0.8)
        finish(ax, f"{rules.title}: expected dice lost when a number bid is challenged",
               "bid count minus expected count (dice)", "expected dice lost", legend=True)
    return fig


def preset_comparison(presets, unknown: int = 20):
    """P(true) of a number bid on face 3 (no own dice) against the count, one line per preset."""
    import matplotlib.pyplot as plt

    with house_style():
        fig, ax = plt.subplots()
        for rules, (colour, marker, dash) in zip(presets, series_styles()):
            counts = np.arange(1, unknown + 1)
            p = [bid_odds(rules, (), unknown, Bid(int(c), 3)).p_true for c in counts]
            chance = "1/3" if rules.success_chance(3) > 0.2 else "1/6"
            ax.plot(counts, p, color=colour, marker=marker, linestyle=dash, markersize=4,
                    label=f"{rules.title} ({chance} per die)")
        ax.xaxis.get_major_locator().set_params(integer=True)
        finish(ax, f"P(bid true) for 'N threes' with {unknown} unknown dice", "bid count N (dice)",
               "P(bid true)", legend=True)
    return fig
