"""Brag charts in the house style: class frequencies, equity curves, opponents, thresholds."""

from __future__ import annotations

import numpy as np
from matplotlib.ticker import FuncFormatter

from analysis.brag.showdown.cards import format_hands, parse_hand
from analysis.brag.showdown.equity import equity, heads_up_columns, two_opponent_columns
from analysis.brag.showdown.hands import hand_class
from analysis.brag.rules import CLASS_TITLES, CLASSES, preset
from analysis.brag.showdown.tables import class_codes, hand_table
from analysis.charts.columns import Columns
from analysis.charts.style import COLOURS, dodge, finish, house_style, series_styles, subplots


#: The games' own names for the presets, for titles and legends.
GAME_NAMES = {"brag3": "Three Card Brag", "brag4": "Four Card Brag", "teen_patti": "Teen Patti"}


def game_name(rules) -> str:
    """``Teen Patti`` for ``teen_patti``; a preset made by hand keeps its own name."""
    return GAME_NAMES.get(getattr(rules, "name", rules), getattr(rules, "name", rules))


def _columns(frame) -> Columns:
    """A DataFrame's columns (its index first when it is named, as ``reset_index`` puts it), as Columns."""
    if isinstance(frame, Columns):
        return frame
    index = {frame.index.name: frame.index.tolist()} if frame.index.name else {}
    return Columns(index, **{name: frame[name].tolist() for name in frame.columns})


def class_frequencies(rules) -> Columns:
    """``frequencies(rules).reset_index()`` as Columns, counted the same way from the stored hand
    strengths (the library's table is a DataFrame; the chart draws without pandas)."""
    rules = preset(rules)
    strengths = hand_table(rules).strengths
    codes = class_codes(strengths, rules)
    total, counts = len(strengths), np.bincount(codes, minlength=len(CLASSES))

    def row(code: int) -> dict:
        members = strengths[codes == code]
        return {"class": CLASSES[code], "title": CLASS_TITLES[CLASSES[code]], "hands": int(counts[code]),
                "probability": counts[code] / total, "one_in": total / counts[code],
                "distinct_strengths": int(np.unique(members).size),
                "weaker_than_class": float(np.count_nonzero(strengths < members.min()) / total)}

    return Columns.from_rows([row(code) for code in reversed(range(len(CLASSES)))])    # best class first


def class_frequency_chart(tables: dict, title: str = "How often each class is dealt"):
    """Bars of each class's probability (log scale) for several presets: ``{name: frequencies()}``
    (or ``class_frequencies()``)."""
    tables = {name: _columns(table) for name, table in tables.items()}
    with house_style():
        fig, ax = subplots()
        names = list(tables)
        first = tables[names[0]]
        classes = list(first["class"])
        width = 0.8 / len(names)
        hatches = ("", "//", "..", "xx")
        for i, name in enumerate(names):
            probability = dict(zip(tables[name]["class"], tables[name]["probability"]))
            positions = np.arange(len(classes)) + (i - (len(names) - 1) / 2) * width
            ax.bar(positions, [100 * probability[c] for c in classes], width, label=name,
                   color=COLOURS[i], hatch=hatches[i % len(hatches)], edgecolor="white")
        ax.set_yscale("log")
        ax.set_ylim(bottom=0.1)      # the rarest class is over 0.1%: the axis shows its 0.1 tick
        ax.yaxis.set_major_formatter(FuncFormatter(lambda share, _: f"{share:g}"))   # 0.1, 1, 10, not 10^-1
        # Two-word classes on two lines, level: tilted names ran into each other and into the legend below.
        ax.set_xticks(np.arange(len(classes)), [title.replace(" ", "\n") for title in first["title"]])
        finish(ax, title, "hand class (best first)", "probability (%, log scale)")
        if len(names) > 1:
            # Upper left, above the rare classes' short bars: clear of the data and of the axis text.
            ax.legend(loc="upper left")
        return fig


def equity_curve_chart(tables: dict, bins: int = 200):
    """Heads-up pot share against hand percentile, one line per preset: ``{name: equity_table()}``.

    Hands are grouped into ``bins`` percentile bins (mean pot share per bin), so a
    270,725-hand table draws as quickly as a 22,100-hand one.
    """
    with house_style():
        fig, ax = subplots()
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
               "pot share against one random hand (%)", legend="below")
        return fig


def opponents_chart(frame, title: str = "Pot share at a showdown against more players"):
    """Pot share against 1..7 opponents for landmark hands.

    ``frame`` has columns hand, opponents, equity, standard_error (0 where exact);
    error bars show 2 standard errors.
    """
    frame = _columns(frame)
    with house_style():
        fig, ax = subplots()
        hands = frame.groups("hand")
        for index, ((hand, rows), (colour, marker, _)) in enumerate(zip(hands.items(), series_styles())):
            # Whole numbers of opponents: points side by side, no line through the places between them.
            ax.errorbar(np.asarray(rows["opponents"], dtype=float) + dodge(index, len(hands)),
                        100 * np.asarray(rows["equity"]), yerr=200 * np.asarray(rows["standard_error"]),
                        color=colour, marker=marker, linestyle="none", capsize=3, label=hand)
        ax.set_xticks(sorted(set(frame["opponents"])))     # whole numbers of players
        # Seven landmark hands: their legend below the axes, where it covers none of the lines.
        finish(ax, title, "opponents still in (players)", "pot share (%)", legend="below")
        return fig


def threshold_chart(series: dict, title: str = "How good a hand must be to see or stay"):
    """Weakest hand worth playing, as a percentile, against the pot-to-stake ratio.

    ``series`` maps a label to a DataFrame with columns pot_to_stake and percentile.
    """
    with house_style():
        fig, ax = subplots()
        for (label, frame), (colour, marker, dash) in zip(series.items(), series_styles()):
            ax.plot(list(frame["pot_to_stake"]), list(frame["percentile"]), color=colour, marker=marker,
                    linestyle=dash, markevery=3, label=label)
        ax.set_xscale("log")
        ax.xaxis.set_major_formatter(FuncFormatter(lambda ratio, _: f"{ratio:g}"))   # 1, 10, not 10^0
        finish(ax, title, "pot ÷ stake (ratio, log scale)",
               "weakest hand worth it (percentile, %)", legend="below")
        return fig


def heads_up_shares(rules, against: str = "any") -> dict:
    """``equity_table``'s columns as numpy arrays (``hands``: card codes), without pandas."""
    return heads_up_columns(rules, against)


def two_opponent_shares(rules) -> dict:
    """``two_opponent_table``'s columns as numpy arrays (``hands``: card codes), without pandas."""
    return two_opponent_columns(rules)


def _weakest(shares: dict, column: str, needed: float) -> dict:
    """The weakest hand (lowest strength, the first in table order) whose ``column`` reaches ``needed``."""
    good = np.flatnonzero(shares[column] >= needed)
    if good.size == 0:
        return {"weakest_hand": None, "percentile": float("nan")}
    row = good[np.argmin(shares["strength"][good])]
    return {"weakest_hand": str(format_hands(shares["hands"][[row]][:, ::-1])[0]),
            "percentile": float(shares["percentile"][row])}


def _threshold_rows(shares: dict, column: str, pot_to_stake, needed_name: str, needed) -> Columns:
    """For each ratio, ``needed(ratio)`` (named ``needed_name``) and the weakest hand reaching it."""
    return Columns.from_rows([{"pot_to_stake": float(ratio), needed_name: needed(float(ratio)),
                               **_weakest(shares, column, needed(float(ratio)))} for ratio in pot_to_stake])


def see_threshold_rows(rules, pot_to_stake, against: str = "any") -> Columns:
    """``see_thresholds(rules, pot_to_stake, against)`` as Columns (the same numbers, without pandas)."""
    return _threshold_rows(heads_up_shares(rules, against), "win", pot_to_stake, "win_needed",
                           lambda ratio: 2 / (ratio + 2))


def stay_threshold_rows(rules, pot_to_stake, opponents: int = 1) -> Columns:
    """``stay_thresholds(rules, pot_to_stake, opponents)`` for 1 or 2 opponents, as Columns."""
    shares = heads_up_shares(rules) if opponents == 1 else two_opponent_shares(rules)
    return _threshold_rows(shares, "equity", pot_to_stake, "share_needed",
                           lambda ratio: 1 / (ratio + opponents + 1))


def class_landmarks(rules) -> list[str]:
    """One hand per class, best class first: the class's median hand by heads-up pot share."""
    shares = heads_up_shares(rules)
    rows = []
    for name in reversed(CLASSES):           # best class first, as ``frequencies`` lists them
        members = np.flatnonzero(shares["class"] == name)
        ranked = members[np.argsort(shares["equity"][members], kind="stable")]
        rows.append(ranked[len(ranked) // 2])
    return [str(hand) for hand in format_hands(shares["hands"][rows][:, ::-1])]


def equity_by_opponents(rules, hands, max_opponents: int, seed: int = 0,
                        samples: int = 200_000) -> Columns:
    """``equity`` of each hand against 1..``max_opponents`` players (exact for 1-2, seeded Monte Carlo beyond).

    Columns: hand, class, opponents, win, tie, equity, standard_error (0 where exact), exact.
    """
    rules = preset(rules)
    rows = []
    for hand in hands:
        title = CLASS_TITLES[hand_class(rules, parse_hand(hand, rules.hand_size))]
        for opponents in range(1, max_opponents + 1):
            # Two opponents are enumerated exactly for three-card hands only; four-card ones are simulated.
            exact = None if opponents == 1 or rules.hand_size == 3 else False
            result = equity(rules, hand, opponents, seed=seed, samples=samples, exact=exact)
            rows.append({"hand": result.hand, "class": title, "opponents": opponents, "win": result.win,
                         "tie": result.tie, "equity": result.equity,
                         "standard_error": result.standard_error or 0.0, "exact": result.exact})
    return Columns.from_rows(rows, ("hand", "class", "opponents", "win", "tie", "equity", "standard_error",
                                    "exact"))


def heads_up_chart(frame, title: str = "Pot share against one opponent"):
    """Bars of each hand's heads-up pot share (``equity_by_opponents`` with one opponent)."""
    frame = _columns(frame)
    with house_style():
        fig, ax = subplots(figsize=(7.5, 0.45 * len(frame) + 1.4))
        y = np.arange(len(frame))[::-1]
        labels = [f"{hand} ({title_})" for hand, title_ in zip(frame["hand"], frame["class"])]
        ax.barh(y, 100 * np.asarray(frame["equity"]), height=0.6, color=COLOURS[0], hatch="//", edgecolor="white")
        for row, share in zip(y, frame["equity"]):
            ax.text(100 * share, row, f" {100 * share:.1f}%", va="center", fontsize=9)
        ax.set_yticks(y, labels)
        ax.set_xlim(0, 115)
        finish(ax, title, "pot share (%)", "hand")
        ax.grid(axis="y", visible=False)
        return fig


# --------------------------------------------------------------------------- ``odds brag chart KIND``
def draw_freq(rules):
    table = class_frequencies(rules)
    chart = class_frequency_chart({game_name(rules): table}, f"{game_name(rules)}: how often each class is dealt")
    return chart, table


def draw_equity(rules, *, hand=(), opponents=1, seed=0, samples=200_000):
    hands = list(hand) or class_landmarks(rules)
    frame = equity_by_opponents(rules, hands, opponents, seed, samples)
    what = "each class's median hand" if not hand else "your hands"
    if opponents == 1:
        return heads_up_chart(frame, f"{game_name(rules)}: pot share of {what} against one opponent"), frame
    labelled = Columns(frame, hand=[f"{hand} ({title})" for hand, title in zip(frame["hand"], frame["class"])])
    chart = opponents_chart(labelled, f"{game_name(rules)}: pot share of {what} against 1-{opponents} "
                                      "opponents")
    return chart, frame


def draw_threshold(rules, *, against="pair+"):
    ratios = np.geomspace(0.5, 50, 25)
    series = {"see, opponent holds any hand": see_threshold_rows(rules, ratios)}
    if against.strip().lower() != "any":
        series[f"see, opponent holds {against}"] = see_threshold_rows(rules, ratios, against)
    series["stay, 1 opponent"] = stay_threshold_rows(rules, ratios, 1)
    if rules.hand_size == 3:       # two opponents are enumerated exactly for three-card hands only
        series["stay, 2 opponents"] = stay_threshold_rows(rules, ratios, 2)
    # One table, as pandas concatenates them: every series' columns and its decision, missing values empty.
    labelled = [Columns(frame, decision=[label] * len(frame)) for label, frame in series.items()]
    names = dict.fromkeys(name for frame in labelled for name in frame)
    data = Columns({name: [value for frame in labelled
                           for value in frame.get(name, [float("nan")] * len(frame))] for name in names})
    return threshold_chart(series, f"{game_name(rules)}: how good a hand must be to see or stay"), data
