"""Charts for backgammon, in the house style. Each builder returns a matplotlib Figure."""

from __future__ import annotations

import numpy as np
from matplotlib.ticker import FuncFormatter

from analysis.backgammon.bearoff import TWO_SIDED_CHECKERS, home_positions, parse_counts, rolls_needed, two_sided_piece
from analysis.backgammon.dice import entry, entry_rows, parse_blocks, shot_rows, shots
from analysis.backgammon.race import exact_take_points
from analysis.charts.columns import Columns
from analysis.charts.style import COLOURS, finish, house_style, points, series_styles, subplots, whole_number_ticks
from analysis.errors import InvalidArgument


def shot_chart(block_sets=((), (4,), (4, 6)), title: str = "Shots at a blot by distance"):
    """Rolls (of 36) that hit a blot at each distance, open and with blocking points."""
    with house_style():
        fig, ax = subplots()
        for index, (blocks, style) in enumerate(zip(block_sets, series_styles())):
            distances = [d for d in range(1, 25) if d not in blocks]
            counts = [shots(d, blocks) for d in distances]
            label = "nothing in the way" if not blocks else "blocked at " + ", ".join(map(str, blocks))
            points(ax, distances, counts, style, index, len(block_sets), label=label)
        ax.set_xticks(range(0, 25, 3))      # every third pip: 24 labels do not fit a phone's width
        whole_number_ticks(ax.yaxis)
        finish(ax, title, "distance from the hitter to the blot (pips)",
               "hitting rolls (out of 36)", legend=True)
    return fig


def entry_chart(max_on_bar: int = 3, title: str = "Entering from the bar"):
    """Chance that every bar checker enters, against 0-6 closed points."""
    with house_style():
        fig, ax = subplots()
        closed = np.arange(7)
        for bar, style in zip(range(1, max_on_bar + 1), series_styles()):
            chance = [100 * entry(int(k), bar).all_enter / 36 for k in closed]
            points(ax, closed, chance, style, bar - 1, max_on_bar,
                   label=f"{bar} checker{'s' if bar > 1 else ''} on the bar")
        whole_number_ticks(ax.xaxis)
        finish(ax, title, "closed points in the opponent's home board",
               "chance that all bar checkers enter (%)", legend=True)
    return fig


def bearoff_distribution_chart(positions, labels=None, title: str = "Rolls needed to bear off (optimal play)"):
    """P(exactly n rolls) to bear off, one line per home-board position (counts or ``BearoffOdds``)."""
    with house_style():
        fig, ax = subplots()
        for i, (position, style) in enumerate(zip(positions, series_styles())):
            counts = position.counts if hasattr(position, "counts") else position
            fewest, chances, expected = rolls_needed(counts)
            label = labels[i] if labels else " ".join(map(str, counts))
            rolls = np.arange(fewest, fewest + chances.size)
            shown = chances > 5e-4
            points(ax, rolls[shown], 100 * chances[shown], style, i, len(positions),
                   label=f"{label}: {expected:.2f} rolls")
        whole_number_ticks(ax.xaxis)
        finish(ax, title, "rolls", "probability (%)", legend=True)
    return fig


def race_columns(store=None) -> dict:
    """:func:`race_by_pips` as a dict of numpy columns (no pandas: the ``chart`` command draws from it)."""
    rows = home_positions(TWO_SIDED_CHECKERS)
    pips = rows @ np.arange(1, 7)
    win = two_sided_piece("win", store)["win"]
    playing = pips > 0                       # a side with nothing left has already won
    pips, win = pips[playing], win[np.ix_(playing, playing)]
    top = int(pips.max())
    by_pips = np.zeros((pips.size, top + 1))
    by_pips[np.arange(pips.size), pips] = 1.0
    total = by_pips.T @ win @ by_pips                  # [my pips, their pips] summed over the pairs
    pairs = np.outer(by_pips.sum(axis=0), by_pips.sum(axis=0))
    mine, theirs = np.nonzero(pairs)
    return {"my_pips": mine, "their_pips": theirs, "lead": theirs - mine,
            "pairs": pairs[mine, theirs].astype(np.int64),
            "win_chance": total[mine, theirs] / pairs[mine, theirs]}


def race_by_pips(store=None):
    """The exact cubeless winning chance of the side on roll, averaged over every bear-off with given pip counts.

    From the two-sided database (every pair of home boards of up to 6 checkers a side, as
    ``cube_advice`` reads it), each pair counted once. Columns: ``my_pips`` (side on roll),
    ``their_pips``, ``lead`` (their pips minus mine), ``pairs``, ``win_chance``.
    """
    import pandas as pd  # lazy: keeps pandas out of start-up until a chart is drawn

    return pd.DataFrame(race_columns(store))


def race_chart(frame, leads=(-4, 0, 4, 8), title: str = "Winning a bear-off race: pip counts"):
    """``race_by_pips`` (or ``race_columns``): the roller's winning chance against its own pip count,
    one line per lead."""
    lead_of = np.asarray(frame["lead"])
    my_pips, win_chance = np.asarray(frame["my_pips"]), np.asarray(frame["win_chance"])
    with house_style():
        fig, ax = subplots()
        for index, (lead, style) in enumerate(zip(leads, series_styles())):
            rows = np.nonzero(lead_of == lead)[0]
            rows = rows[np.argsort(my_pips[rows], kind="stable")]
            if lead > 0:
                label = f"opponent {lead} pips behind"
            elif lead < 0:
                label = f"opponent {-lead} pips ahead"
            else:
                label = "level pip counts"
            points(ax, my_pips[rows], 100 * win_chance[rows], style, index, len(leads), markersize=4, label=label)
        ax.axhline(50, color="grey", linewidth=0.8)
        ax.set_ylim(0, 100)
        whole_number_ticks(ax.xaxis)
        finish(ax, title, "pip count of the side on roll (pips)", "side on roll wins (%, cubeless, exact)")
        ax.legend(title="every bear-off of up to 6 checkers a side", title_fontsize=9, loc="lower right")
    return fig


def exact_take_chart(bins: int = 60):
    """Exact 6-checker bear-offs: the taker's cubeless chance at correct takes and passes."""
    frame = exact_take_points()
    frame = frame[(frame.taker_win > 0.05) & (frame.taker_win < 0.45)]
    with house_style():
        fig, ax = subplots()
        edges = np.linspace(0.05, 0.45, bins + 1)
        ax.hist(100 * frame.taker_win[frame.correct_take], bins=100 * edges, color=COLOURS[0], alpha=0.75,
                label="correct take")
        ax.hist(100 * frame.taker_win[~frame.correct_take], bins=100 * edges, color=COLOURS[1], alpha=0.55,
                hatch="//", label="correct pass")
        ax.axvline(25, color="black", linestyle="--", linewidth=1, label="dead-cube take point 25%")
        ax.yaxis.set_major_formatter(FuncFormatter(lambda count, _: f"{count:,.0f}"))   # 12,000, not 12000
        # The legend below the axes: inside, it sat on the dashed take point.
        finish(ax, "Take or pass in exact bear-offs (up to 6 checkers each)",
               "taker's cubeless winning chance (%)", "pairs of positions", legend="below")
    return fig


def variant_chart():
    """Dutch rolls and Acey-Deucey turns to enter all 15, by blocked entry points."""
    from analysis.backgammon.variants import variant_table  # lazy: keeps pandas out of start-up until a chart is drawn

    table = variant_table()
    with house_style():
        fig, ax = subplots()
        series = (("dutch_rolls", "Dutch: rolls"), ("acey_deucey_turns", "Acey-Deucey: turns"))
        for index, ((column, label), style) in enumerate(zip(series, series_styles())):
            points(ax, table.blocked_points, table[column], style, index, len(series), label=label)
        whole_number_ticks(ax.xaxis)
        finish(ax, "Entering all 15 checkers", "blocked entry points", "expected rolls / turns", legend=True)
    return fig


# --------------------------------------------------------------------------- ``odds backgammon chart KIND``
def draw_bearoff(rules, *, counts):
    positions = [parse_counts(text) for text in counts]
    data = Columns(position=[], rolls=[], chance=[])
    for counts in positions:
        fewest, chances, _ = rolls_needed(counts)
        for rolls, chance in enumerate(chances.tolist(), start=fewest):
            data["position"].append(" ".join(map(str, counts)))
            data["rolls"].append(rolls)
            data["chance"].append(chance)
    return bearoff_distribution_chart(positions), data


def draw_shots(rules, *, blocks=()):
    block_sets = [()] + [tuple(sorted(parse_blocks(text))) for text in blocks]
    data = Columns.from_rows([{**row, "blocks": ",".join(map(str, blocks))}
                              for blocks in block_sets for row in shot_rows(blocks)])
    return shot_chart(block_sets), data


def draw_entry(rules, *, on_bar=3):
    return entry_chart(on_bar), Columns.from_rows(entry_rows(on_bar))


def draw_race(rules, *, leads="-4,0,4,8"):
    text = leads
    try:
        leads = tuple(int(word) for word in text.replace(",", " ").split())
    except ValueError:
        leads = ()
    if not leads or len(leads) > 7 or any(abs(lead) > 35 for lead in leads):
        raise InvalidArgument(f"'{text}' is not a list of leads; give up to 7 whole numbers of pips "
                              "from -35 to 35, e.g. -4,0,4,8.")
    columns = race_columns()
    shown = [row for row, lead in enumerate(columns["lead"].tolist()) if lead in leads]
    return race_chart(columns, leads), Columns({name: values[shown] for name, values in columns.items()})
