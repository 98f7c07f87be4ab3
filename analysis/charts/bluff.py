"""Charts for the dice-bidding games, in the house style.

Each builder returns a matplotlib Figure; nothing is shown or saved here.
"""

from __future__ import annotations

import matplotlib
import numpy as np

from analysis.bluff.odds.advice import seat_players
from analysis.bluff.bids import Bid, all_bids, format_bid, format_dice, parse_dice
from analysis.bluff.odds.bid_odds import bid_odds, check_unknown
from analysis.bluff.odds.outcomes import challenge_outcome
from analysis.bluff.rules import BLUFF, BiddingRules
from analysis.charts.columns import Columns
from analysis.charts.style import HEATMAP, finish, house_style, points, series_styles, subplots, whole_number_ticks
from analysis.errors import InvalidArgument, about


def _face_order(rules: BiddingRules) -> list[int]:
    """The faces as a player lists them: the numbers upwards, the joker (star, paco) last."""
    return sorted(range(1, 7), key=lambda face: (face == rules.joker, face))


def _face_label(rules: BiddingRules, face: int) -> str:
    return f"{rules.face_words(face)} ({rules.face_name(face)})"


def bid_chances(rules: BiddingRules, my_dice, unknown: int, palifico_round: bool = False,
                max_count: int | None = None) -> Columns:
    """P(true) and P(exactly) of every bid, for my dice and ``unknown`` dice I cannot see.

    The rows of ``odds_table`` for this many unknown dice (the same columns, in track order),
    kept to the counts where some face is neither certain nor hopeless (under 99.5% and at
    least 0.5%), so the chart shows the counts a player actually weighs. Each row is
    ``bid_odds``'s answer, a lookup in the stored tables, so the chart needs no pandas.
    """
    check_unknown(unknown)
    rows = []
    for bid in all_bids(rules, len(my_dice) + unknown if max_count is None else max_count):
        if bid.count < 1:
            continue
        odds = bid_odds(rules, my_dice, unknown, bid, palifico_round)
        rows.append({"bid": format_bid(rules, bid), "count": bid.count, "face": rules.face_name(bid.face),
                     "unknown": unknown, "my_count": odds.my_count, "p_true": odds.p_true,
                     "p_exact": odds.p_exact})
    table = Columns.from_rows(rows, ("bid", "count", "face", "unknown", "my_count", "p_true", "p_exact"))
    open_question = [row["count"] for row in rows if 0.005 <= row["p_true"] < 0.995]
    if max_count is not None or not open_question:
        return table
    low, high = min(open_question), max(open_question)
    return table.where(low <= count <= high for count in table["count"])


def bid_chance_chart(table, rules: BiddingRules, dice_text: str, unknown: int):
    """The table-side chart: P(true) and P(exactly) of every bid, a face per row, a count per column."""

    faces = [face for face in _face_order(rules) if rules.face_name(face) in set(table["face"])]
    counts = np.arange(min(table["count"]), max(table["count"]) + 1)
    with house_style():
        fig, axes = subplots(2, 1, figsize=(max(6.0, 0.42 * counts.size + 2.2), 6.4), sharex=True)
        for ax, column, what in zip(axes, ("p_true", "p_exact"), ("at least", "exactly")):
            grid = np.full((len(faces), counts.size), np.nan)
            row_of = {rules.face_name(face): row for row, face in enumerate(faces)}
            for face, count, value in zip(table["face"], table["count"], table[column]):
                grid[row_of[face], count - counts[0]] = value
            ax.imshow(grid, aspect="auto", cmap=HEATMAP, vmin=0, vmax=1, origin="upper")
            for (row, col), value in np.ndenumerate(grid):
                if np.isnan(value):
                    continue
                text = "<1" if 0 < value < 0.005 else ">99" if 0.995 <= value < 1 else f"{100 * value:.0f}"
                # cividis is dark below about 0.55: white text there, black above.
                # Inside its cell: the layout need not measure it (a few hundred texts: a tenth of a second).
                ax.text(col, row, text, ha="center", va="center", fontsize=9,
                        color="white" if value < 0.55 else "black", in_layout=False)
            ax.set_yticks(range(len(faces)), [_face_label(rules, face) for face in faces])
            ax.set_xticks(range(counts.size), [str(c) for c in counts])
            ax.grid(False)
            finish(ax, f"chance (%) that {what} N dice show the face", "", "bid face")
        axes[1].set_xlabel("bid count N (dice)")
        mine = f"holding {dice_text}" if dice_text else "holding no dice"
        fig.suptitle(f"{rules.title}: is the bid true? ({mine}, {unknown} unknown dice)", fontweight="bold")
    return fig


def _bid_kinds(rules: BiddingRules, palifico_round: bool = False) -> list[tuple[str, int]]:
    """(title, a face of that kind) for each chance a die has of counting: 1/3 (face or joker), 1/6."""
    kinds = {}
    for face in _face_order(rules):
        chance = rules.success_chance(face, palifico_round)
        if chance in kinds:
            continue
        if chance > 0.2:
            joker = rules.joker_name or f"wild {rules.face_name(rules.joker)}"
            kinds[chance] = (f"Number bid (1/3 per die: face or {joker})", face)
        elif rules.joker is not None and face == rules.joker and not palifico_round:
            kinds[chance] = (f"{(rules.joker_name or 'wild face').capitalize()} bid (1/6 per die)", face)
        else:
            kinds[chance] = ("Any bid (1/6 per die)", face)
    return list(kinds.values())


def p_true_grid(rules: BiddingRules, max_unknown: int = 30, max_need: int = 15, palifico_round: bool = False):
    """P(bid true) for 0..``max_unknown`` unknown dice and 1..``max_need`` dice needed from them.

    One block of rows per kind of bid (each chance a die has of counting), from ``bid_odds``
    with no dice of my own: columns ``bid_kind``, ``chance``, ``unknown``, ``need``, ``p_true``.
    ``bid_odds``'s answers, lookups in the stored tables.
    """
    rows = []
    for title, face in _bid_kinds(rules, palifico_round):
        for need in range(1, max_need + 1):
            for unknown in range(max_unknown + 1):
                odds = bid_odds(rules, (), unknown, Bid(need, face), palifico_round)
                rows.append({"bid_kind": title, "chance": odds.chance, "unknown": unknown, "need": need,
                             "p_true": odds.p_true})
    return Columns.from_rows(rows, ("bid_kind", "chance", "unknown", "need", "p_true"))


def p_true_heatmap_chart(grid, rules: BiddingRules):
    """Heat maps of ``p_true_grid``: unknown dice across, dice needed up, dashed at 50%."""

    grid = grid if isinstance(grid, Columns) else Columns({name: list(grid[name]) for name in grid})
    blocks = grid.groups("bid_kind")
    max_unknown, max_need = int(max(grid["unknown"])), int(max(grid["need"]))
    with house_style():
        fig, axes = subplots(1, len(blocks), figsize=(5.5 * len(blocks), 4.6), sharey=True, squeeze=False,
                             layout="constrained")
        axes = axes[0]
        for ax, (kind, block) in zip(axes, blocks.items()):
            table = np.full((max_need, max_unknown + 1), np.nan)     # need up, unknown dice across
            for need, unknown, p_true in zip(block["need"], block["unknown"], block["p_true"]):
                table[need - 1, unknown] = p_true
            image = ax.imshow(table, origin="lower", aspect="auto", cmap=HEATMAP, vmin=0, vmax=1,
                              extent=(-0.5, max_unknown + 0.5, 0.5, max_need + 0.5))
            ax.contour(np.arange(max_unknown + 1), np.arange(1, max_need + 1), table, levels=[0.5],
                       colors="white", linewidths=1.5, linestyles="--")
            finish(ax, kind, "", "dice needed from the unknown ones" if ax is axes[0] else "")
            ax.grid(False)
        fig.supxlabel("unknown dice (dice I cannot see)", fontsize=matplotlib.rcParams["axes.labelsize"])
        fig.colorbar(image, ax=list(axes), label="chance the bid is true", shrink=0.9)
        fig.suptitle(f"{rules.title}: chance that a bid is true (dashed: 50%)", fontweight="bold")
    return fig


def p_true_heatmaps(max_unknown: int = 30, max_need: int = 15, rules: BiddingRules | None = None):
    """P(at least k of n unknown dice count), one heat map per kind of bid (Bluff by default)."""
    rules = rules or BLUFF
    return p_true_heatmap_chart(p_true_grid(rules, max_unknown, max_need), rules)


def call_costs(rules: BiddingRules, my_dice, opponents, face: int, bidder: int | None = None,
               start: int | None = None, palifico_round: bool = False):
    """Expected dice each player loses if I call a bid of ``face``, for every count up to the dice in play.

    The players are seated as ``advise_call`` seats them (me first, then ``opponents`` in
    turn order; the bidder is the last unless ``bidder``). Columns: ``bid``, ``count``,
    ``p_true``, ``call`` (challenge, and exact where the preset has it), ``player``,
    ``role``, ``expected_loss``.
    """
    held, start = seat_players(rules, my_dice, opponents, start)
    bidder = len(held) - 1 if bidder is None else bidder
    if not 1 <= bidder < len(held):
        raise InvalidArgument(f"The bidder must be an opponent, 1-{len(held) - 1}, not {bidder}.")
    calls = ("challenge", "exact") if rules.exact_call else ("challenge",)
    unknown = sum(held) - len(my_dice)
    rows = []
    for count in range(1, sum(held) + 1):
        bid = Bid(count, face)
        odds = bid_odds(rules, my_dice, unknown, bid, palifico_round)
        for call in calls:
            outcome = challenge_outcome(rules, odds, held, caller=0, bidder=bidder, call=call, start=start)
            for player, loss in enumerate(outcome.expected_loss):
                role = "you" if player == 0 else f"player {player}" + (" (bidder)" if player == bidder else "")
                rows.append({"bid": format_bid(rules, bid), "count": count, "p_true": odds.p_true, "call": call,
                             "player": player, "role": role, "expected_loss": float(loss)})
        if odds.p_true < 1e-4:      # every later count is as good as false: the curves are flat from here
            break
    return Columns.from_rows(rows, ("bid", "count", "p_true", "call", "player", "role", "expected_loss"))


def call_cost_chart(costs, rules: BiddingRules, face: int):
    """Expected dice lost by every player against the count of the bid I call, a panel per call."""

    calls = costs.groups("call")
    with house_style():
        fig, axes = subplots(1, len(calls), figsize=(5.5 * len(calls), 4.5), sharey=True, squeeze=False,
                             layout="constrained")
        for ax, (call, block) in zip(axes[0], calls.items()):
            players = block.groups("player")
            for index, (player, style) in enumerate(zip(sorted(players), series_styles())):
                rows = players[player]
                points(ax, rows["count"], rows["expected_loss"], style, index, len(players), markersize=5,
                       label=rows["role"][0])
            whole_number_ticks(ax.xaxis)
            what = "if you challenge" if call == "challenge" else "if you call it exact"
            finish(ax, what, f"bid count N ('N {rules.face_words(face)}')",
                   "expected dice lost" if ax is axes[0][0] else "")
        # One legend for the panels, under them, so it covers no curve.
        fig.legend(*axes[0][0].get_legend_handles_labels(), loc="outside lower center", ncols=3)
        fig.suptitle(f"{rules.title}: what calling a bid of {rules.face_words(face)} costs each player",
                     fontweight="bold")
    return fig


def challenge_cost_by_margin(rules: BiddingRules, dice_in_play=(10, 20, 30), max_margin: float = 6.0):
    """Expected dice lost by the challenger and by the bidder against the bid's margin.

    Two players share the dice in play equally and the chart looks from outside
    (no die seen). The margin is the bid count minus the expected actual count; a
    challenge of a bid far above expectation costs the bidder, one far below costs
    the challenger. Losses are capped by the dice each player holds.
    """

    with house_style():
        fig, ax = subplots()
        for unknown, style in zip(dice_in_play, series_styles()):
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
            # A bid's count is a whole number: its margins lie a die apart, nothing between them.
            points(ax, margins, challenger, style, markersize=5, label=f"challenger, {unknown} dice in play")
            points(ax, margins, bidder, style, markersize=5, alpha=0.45, label=f"bidder, {unknown} dice in play")
        ax.axvline(0, color="grey", linewidth=0.8)
        finish(ax, f"{rules.title}: expected dice lost when a number bid is challenged",
               "bid count minus expected count (dice)", "expected dice lost", legend="below")
    return fig


def preset_comparison(presets, unknown: int = 20):
    """P(true) of a number bid on face 3 (no own dice) against the count, one line per preset."""

    with house_style():
        fig, ax = subplots()
        for index, (rules, style) in enumerate(zip(presets, series_styles())):
            counts = np.arange(1, unknown + 1)
            p = [bid_odds(rules, (), unknown, Bid(int(c), 3)).p_true for c in counts]
            chance = "1/3" if rules.success_chance(3) > 0.2 else "1/6"
            points(ax, counts, p, style, index, len(presets), markersize=5, label=f"{rules.title} ({chance} per die)")
        ax.xaxis.get_major_locator().set_params(integer=True)
        finish(ax, f"Chance that 'N threes' is true, {unknown} unknown dice", "bid count N (dice)",
               "chance the bid is true", legend=True)
    return fig


# --------------------------------------------------------------------------- ``odds bluff chart KIND``
def _read_dice(rules, text: str):
    with about("dice"):
        dice = parse_dice(rules, text) if text.strip() else ()
    return dice, format_dice(rules, dice) if dice else ""


def draw_bids(rules, *, unknown, dice="", palifico=False):
    dice, shown = _read_dice(rules, dice)
    table = bid_chances(rules, dice, unknown, palifico)
    return bid_chance_chart(table, rules, shown, unknown), table


def draw_heatmap(rules, *, max_unknown=30, max_need=15, palifico=False):
    grid = p_true_grid(rules, max_unknown, max_need, palifico)
    return p_true_heatmap_chart(grid, rules), grid


def draw_cost(rules, *, dice, opponents, face, bidder=None, start=None, palifico=False):
    dice, _ = _read_dice(rules, dice)
    with about("face"):
        faces = parse_dice(rules, face)
        if len(faces) != 1:
            raise InvalidArgument(f"'{face}' is not one face; give a single face such as 3.")
    costs = call_costs(rules, dice, opponents, faces[0], bidder, start, palifico)
    return call_cost_chart(costs, rules, faces[0]), costs
