"""One printable page per game family, to take to the table: ``reports/cheatsheet_<family>_<paper>.pdf|png``.

Each page is drawn from the same functions the articles use (the numbers are computed when the
page is built, never typed), on A4 and on US letter, as a PDF and as a PNG. The build is
deterministic: no dates or software names in the files, so a rebuild is byte-identical.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from math import ceil
from pathlib import Path

from analysis.brag.rules import preset

PAPERS = {"a4": (8.27, 11.69), "letter": (8.5, 11.0)}
FAMILIES = ("dice_bidding", "yacht", "brag", "backgammon")
TITLES = {"dice_bidding": "Bluff, Perudo and Liar's Dice", "yacht": "Korean Yacht",
          "brag": "Three Card Brag", "backgammon": "Backgammon"}
PNG_DPI = 150
DATA = Path(__file__).resolve().parents[1] / "reports" / "data"    # the articles' data files, built by scripts/


@dataclass(frozen=True)
class Column:
    """One game of a family's page, beside the others: its rules in a few lines, then its tables."""

    heading: str
    rules: list = field(default_factory=list)
    tables: list = field(default_factory=list)


@dataclass(frozen=True)
class Sheet:
    """A page: the game's rules in a line, the rules of thumb (lines), columns (one per game), full-width tables."""

    rules: list
    tables: list
    columns: list = field(default_factory=list)

    def __iter__(self):    # ``rules, tables = sheet(family)``: a page's columns are read by name
        return iter((self.rules, self.tables))


def _holds(condition: bool, rule: str) -> None:
    """A rule printed on a sheet must still follow from the numbers: otherwise the build stops."""
    if not condition:
        raise RuntimeError(f"The cheat sheet's rule no longer holds: {rule}")


def safe_count(rules, face: int, unknown: int) -> int:
    """The highest count of ``face`` true at least half the time, holding none of it (the article's 50% table)."""
    from analysis.bluff import Bid, bid_odds  # lazy: keeps numpy out of a table question's start-up

    best = 0
    for count in range(1, unknown + 1):
        if bid_odds(rules, (), unknown, Bid(count, face)).p_true >= 0.5:
            best = count
    return best


def share_of(unknown: int, share: int) -> int:
    """``unknown / share`` rounded to the nearest die, a half rounded down: the safe count's rule, in whole numbers."""
    return (2 * unknown + share - 1) // (2 * share)


def sheet(family: str) -> Sheet:
    """The page's content: rules of thumb (lines), columns and tables (title, header, rows), all computed."""
    return {"dice_bidding": _dice_bidding, "yacht": _yacht, "brag": _brag, "backgammon": _backgammon}[family]()


# The bids of each game whose safe count the page gives: (label, face, share of the unknown dice that count).
DICE_GAMES = {"Bluff": [("number", 3, 3), ("star", 6, 6)],
              "Perudo": [("number", 3, 3), ("paco", 1, 6)],
              "Liar's Dice": [("any bid", 3, 6)]}
DICE_RULES = {"Bluff": ["Dice 1-5 and a star; a star", "counts for every number. The", "loser of a challenge loses the",
                        "miss; an exact count costs", "everyone but the bidder a die."],
              "Perudo": ["Ones (pacos) are wild; a lost", "challenge costs one die; a right",
                         "exact call (calza) wins one back.", "A paco bid counts only ones."],
              "Liar's Dice": ["No wild faces: a bid counts its", "own face only. A lost challenge",
                              "costs one die; a right exact call", "(spot on) costs all others a die."]}


def _dice_bidding():
    # lazy: keeps numpy out of a table question's start-up
    from analysis.bluff import BLUFF, LIARS_DICE, PERUDO, Bid, bid_odds, challenge_outcome

    games = {"Bluff": BLUFF, "Perudo": PERUDO, "Liar's Dice": LIARS_DICE}
    unknown = list(range(2, 31, 2))
    columns = []
    for title, bids in DICE_GAMES.items():
        counts = {label: [safe_count(games[title], face, u) for u in unknown] for label, face, _ in bids}
        _holds(all(count == share_of(u, share) for label, _, share in bids for u, count in zip(unknown, counts[label])),
               f"{title}: the safe count is its share of the unknown dice, a half rounded down")
        rows = [[str(u)] + [str(counts[label][i]) for label, _, _ in bids] for i, u in enumerate(unknown)]
        columns.append(Column(title, DICE_RULES[title],
                              [("Safe count, holding none", ["unknown"] + [label for label, _, _ in bids], rows)]))
    # What a challenge costs at a table of five players of five dice, 20 dice unseen (the article's section 4).
    cost_rows, costs = [], {}
    for title, rules in games.items():
        for count in (5, 7, 9):
            odds = bid_odds(rules, (), 20, Bid(count, 3))
            loss = challenge_outcome(rules, odds, (5, 5, 5, 5, 5), caller=0, bidder=4, start=5).expected_loss
            costs[title, count] = loss[0]
            chance = f"{100 * odds.p_true:.0f}%" if odds.p_true >= 0.005 else "< 1%"
            cost_rows.append([title, f"{count} threes", chance, f"{loss[0]:.2f}", f"{loss[4]:.2f}"])
    _holds(costs["Bluff", 5] > 2 * costs["Perudo", 5] and max(costs["Perudo", c] for c in (5, 7, 9)) <= 1,
           "in Bluff a wrong challenge of a likely bid costs far more than Perudo's one die")
    rules = ["Safe count (the highest bid more likely true than not) = the matching dice you hold + a share of",
             "the dice you cannot see: a third for a Bluff or Perudo number bid, a sixth for a Bluff star bid,",
             "a Perudo paco bid and every Liar's Dice bid; round to the nearest die, a half down.",
             "Bid past the safe count only with a reason: the bid is then more likely false.",
             "In Bluff a wrong challenge costs the size of the miss: do not challenge a likely bid.",
             "Call an unlikely bid rather than raise over it. Listen to the bids: a number bid twice is a number held."]
    tables = [("A challenge at five players of five dice, 20 unseen: dice lost",
               ["game", "bid", "true", "challenger loses", "bidder loses"], cost_rows)]
    return Sheet(rules, tables, columns)


def pair_keep(dice) -> str | None:
    """Korean Yacht's pair rule for an opening roll, as the table of best keeps says it (None: a roll it does not
    speak of). A pair of sixes: alone, or with a second pair of fives or fours; a pair of fives: with a single six,
    broken for 4 3 2 (one five kept with them, four to both straights), otherwise alone, even beside a second pair
    or four to one straight."""
    dice = list(dice)
    if max(dice.count(face) for face in dice) != 2 or (dice.count(6) != 2 and dice.count(5) != 2):
        return None
    if dice.count(6) == 2:
        return "6 6" + "".join(f" {face} {face}" for face in (5, 4) if dice.count(face) == 2)
    if 6 in dice:
        return "6 5 5"
    return "5 4 3 2" if {2, 3, 4} <= set(dice) else "5 5"


def _yacht():
    from analysis.yacht import solve  # lazy: keeps numpy out of a table question's start-up
    from analysis.yacht.advice import opening_keeps  # lazy: keeps numpy out of a table question's start-up
    from analysis.yacht.odds import box_odds  # lazy: keeps numpy out of a table question's start-up

    keeps = opening_keeps("yacht_kr").set_index("roll")
    shown = ["5 4 3 2 1", "6 4 3 2 1", "6 5 3 2 2", "6 6 5 5 1", "6 6 5 4 1", "6 5 5 3 1", "5 5 4 4 2", "5 5 4 3 1",
             "5 5 4 3 2", "6 6 6 2 1", "5 5 5 2 1", "6 3 1 1 1"]
    best = {roll: keeps.loc[roll, "best_keep"] for roll in shown}
    _holds(best["5 4 3 2 1"] == "keep all" and best["6 4 3 2 1"] == "4 3 2 1" and best["6 6 5 5 1"] == "6 6 5 5"
           and best["6 6 5 4 1"] == "6 6" and best["6 6 6 2 1"] == "6 6 6" and keeps.loc["6 3 1 1 1", "margin"] < 0.005,
           "the keeps of the opening roll")
    # The pair rule, on every opening roll it speaks of (the article's short answer checks the same).
    for roll in keeps.index:
        rule = pair_keep([int(d) for d in roll.split()])
        _holds(rule is None or keeps.loc[roll, "best_keep"] == rule, f"a pair of sixes or fives: {roll} keeps {rule}")
    keep_rows = [[roll, best[roll], f"{keeps.loc[roll, 'margin']:.2f}"] for roll in shown]
    odds = box_odds("yacht_kr")
    box_rows = [[row.box, f"{100 * row.turn_chance:.0f}%", f"{row.turn_expected_points:.1f}"]
                for row in odds.itertuples()]
    # Which box when: what optimal play scores in each box over a game, and how often it writes a zero there.
    played = solve("yacht_kr").boxes.set_index("box")
    zeros = played.zero_rate.sort_values(ascending=False)
    beans = played.loc[["Six Beans", "Five Beans", "Four Beans", "Three Beans", "Two Beans"], "zero_rate"]
    _holds(zeros.index[0] == "Chase Off" and set(zeros.index[1:3]) == {"Even Straight", "Straight"}
           and beans.max() < 0.05,
           "the zeros go in Chase Off, then the straights; the Beans are almost never zero")
    play_rows = [[box, f"{row.expected_points:.1f}", f"{100 * row.zero_rate:.1f}%"] for box, row in played.iterrows()]
    rules = ["Korean Yacht: five dice, up to three rolls a turn keeping any dice, twelve boxes each filled once.",
             "Keep a made straight and stop; keep four to the 1-2-3-4-5 straight (not beside a pair of fives).",
             "A pair of sixes: keep it alone, or with a second pair of fives or fours (6 6 5 5). A pair of fives:",
             "keep it with a single six (6 5 5), break it for 4 3 2 (5 4 3 2), otherwise alone, even beside a second pair.",
             "Keep three sixes or fives; three aces beside a six are a toss-up.",
             "Keep the straights and Chase Off open as long as they can still be made;",
             "spend the low boxes on what the dice refuse. Play for the win, ahead or behind, not for points.",
             f"Nothing fits: the zero goes in Chase Off ({zeros.iloc[0]:.0%} of best games), then a straight;",
             f"Two to Six Beans are written as zero in under {ceil(100 * beans.max()):.0f}% of games (last table)."]
    return Sheet(rules, [("Opening roll: the best keep (margin: points over the next keep)",
                    ["roll", "keep", "margin"], keep_rows),
                   ("Each box chased for a whole turn", ["box", "made in the turn", "points of the turn"], box_rows),
                   ("Which box when: each box over a game of best play", ["box", "average points", "written as zero"],
                    play_rows)])


def _brag():
    from analysis.brag import equity_table, frequencies  # lazy: keeps numpy out of a table question's start-up
    # lazy: keeps numpy out of a table question's start-up
    from analysis.brag.advice import blind_or_look, see_thresholds, stay_thresholds

    table = frequencies("brag3")
    heads_up = equity_table("brag3")
    even = heads_up.loc[(heads_up["equity"] - 0.5).abs().idxmin(), "hand"]    # the article's break-even hand
    even = "-".join(card[:-1] for card in even.split())
    hand_rows = [[row.title, f"{row.hands:,}", f"{100 * row.probability:.1f}%", f"1 in {row.one_in:,.1f}"]
                 for row in table.itertuples()]
    ratios = [1, 2, 5, 10, 20, 50]
    see, guarded = see_thresholds("brag3", ratios), see_thresholds("brag3", ratios, against="pair+")
    stay = stay_thresholds("brag3", ratios, 1)
    price_rows = [[f"{r:g}", a, b, c] for r, a, b, c in zip(ratios, see.weakest_hand, guarded.weakest_hand,
                                                              stay.weakest_hand)]
    # Blind or look, heads-up, one blind round before the see, against an open opponent who never folds
    # (the article's one-round model): the better choice and its margin in stakes, by pot ÷ stake.
    blind_rows, blind_ratios = [], [1, 1.5, 2, 2.5, 3, 5, 10, 20]
    for ratio in blind_ratios:
        row = [f"{ratio:g}"]
        for against in ("any", "pair+"):
            decision = blind_or_look("brag3", pot=ratio, stake=1, rounds=1, against=against)
            margin = abs(decision.values["blind"] - decision.values["look"])
            row.append(f"{decision.best} (by {margin:.2f})")
        blind_rows.append(row)
    blind_random = [row[1].startswith("blind") for row in blind_rows]
    _holds(not any(row[2].startswith("blind") for row in blind_rows) and blind_random[-1] and not blind_random[0],
           "blind pays only against a random hand that never folds, and only in a big enough pot")
    from_ratio = blind_ratios[blind_random.index(True)]
    _holds(all(blind_random[blind_ratios.index(from_ratio):]), "blind beats looking from that pot on")
    # Blind or look by table size, against good players (the article's section 8: chips a deal, ante 1).
    solves = json.loads((DATA / "brag_table.json").read_text(encoding="utf-8"))
    gain = {int(n): entry["blind"]["value_of_playing_blind"] for n, entry in solves["solves"].items()}
    five = solves["five"]["rules"]["as played"]["seats"][solves["five"]["bots"].index("blind")]
    _holds(gain[2] < 0 and gain[3] < 0 and gain[4] > 0 and five["chips_per_deal"] > 3 * five["half_interval_95"],
           "look at two and three players, bet blind at four and more")

    stakes = preset("brag3")
    rules = [f"Three Card Brag: three cards, no draw; ante {stakes.ante:g}, open stake {stakes.stakes[0]:g} or "
             f"{stakes.stakes[1]:g}, a blind player bets half;",
             f"seeing costs twice the stake. A hand better than {even} is the heads-up favourite against a random hand.",
             "Price the see: a big pot lets a weak hand see a random opponent, but an opponent",
             "who keeps betting usually has a pair or better: then see only with the column below.",
             f"Blind or look, against good players: two players, look (a blind bet costs {-gain[2]:.2f} chip a deal);",
             f"three, look (a blind bet costs {-gain[3]:.2f}); four, bet blind (it gains {gain[4]:.2f}); five to eight, blind",
             f"against players who fold to you (at a table of five, the blind player won {five['chips_per_deal']:+.2f} a deal).",
             f"Heads-up against a player who never folds, blind beats looking from a pot {from_ratio:g} times the stake",
             "(table below), never against a pair or better. Fold your weak open hands."]
    return Sheet(rules, [("Hands and their odds", ["hand", "hands", "chance", "dealt"], hand_rows),
                    ("Weakest hand worth it, by pot ÷ stake", ["pot ÷ stake", "see (random)", "see (pair+)",
                                                               "stay (1 opponent)"], price_rows),
                    ("Blind or look, heads-up, one blind round: the better, by stakes (opponent never folds)",
                     ["pot ÷ stake", "opponent holds any hand", "opponent holds pair+"], blind_rows)])


def _backgammon():
    from analysis.backgammon import dice, race  # lazy: keeps numpy out of a table question's start-up

    shots = dice.shot_table().set_index("distance").rolls
    shot_rows = [[str(d), str(shots[d]), f"{100 * shots[d] / 36:.0f}%"] for d in range(1, 13)]
    entry = dice.entry_table(1).set_index("closed").all_enter
    entry_rows = [[str(k), str(entry[k]), f"{100 * entry[k] / 36:.0f}%"] for k in range(0, 7)]
    takes = race.take_point_table()
    take_rows = [[f"{100 * row.iloc[0]:.0f}%"] + [f"{100 * v:.1f}%" for v in row.iloc[1:]]
                 for _, row in takes.iterrows()]
    rules = ["Keith count: pips + 2 per checker beyond one on the 1-point, + 1 per checker beyond one",
             "on the 2-point, + 1 per checker beyond three on the 3-point, + 1 per empty 4-, 5-, 6-point;",
             "the roller adds a seventh. Double if the roller's count exceeds the other's by at most 4,",
             "redouble by at most 3; take if it exceeds it by at least 2.",
             f"Dead cube, no gammons: take with {100 * race.take_point():.0f}% or more. Cube efficiency: how much",
             "of the cube's value the taker can still use (0: a dead cube, 1: fully live)."]
    efficiency = [f"cube eff. {c[2:]}" for c in takes.columns[1:]]
    openings = opening_table()
    _holds(len(openings) == 15 and all(gap < 0.05 for _, _, _, gap in openings),
           "every opening roll has its standard play, within a small equity of the evaluator's")
    opening_rows = [[roll, standard, "same" if ours == standard else f"{ours} (+{gap:.2f})"]
                    for roll, standard, ours, gap in openings]
    rules[:0] = ["Backgammon: fifteen checkers each, race them home and bear them off; the cube doubles the stake.",
                 "Open by the standard table (GNU Backgammon's plays); the evaluator's choice is beside it where",
                 "they differ, with the points a game it prefers it by: either play is sound."]
    return Sheet(rules, [("The opening rolls: the standard play", ["roll", "standard play", "the evaluator plays"],
                          opening_rows),
                   ("Shots at a blot (open board)", ["pips away", "rolls of 36", "chance"], shot_rows),
                   ("One checker on the bar", ["closed points", "rolls that enter", "chance"], entry_rows),
                   ("Take points", ["gammons"] + efficiency, take_rows)])


def opening_table() -> list[tuple[str, str, str, float]]:
    """Each opening roll: GNU Backgammon's play (the standard), the evaluator's, and the equity between them."""
    from analysis.backgammon import Position  # lazy: keeps numpy out of a table question's start-up
    from analysis.backgammon.net import hint, load_net  # lazy: keeps numpy out of a table question's start-up

    standard = json.loads((DATA / "backgammon_gnubg_choices.json").read_text(encoding="utf-8"))["openings"]
    net, start, rows = load_net("backgammon"), Position.opening(), []
    for high in range(2, 7):
        for low in range(1, high):
            plays = hint("backgammon", start, (high, low), net=net).plays
            theirs = next(p for p in plays if p.play == standard[f"{high}{low}"])
            rows.append((f"{high}-{low}", theirs.play, plays[0].play, plays[0].equity - theirs.equity))
    return rows


def opening_plays() -> list[tuple[str, str]]:
    """The evaluator's best play of each of the 15 opening rolls (so it follows new weights)."""
    return [(roll, ours) for roll, _, ours, _ in opening_table()]


def draw(family: str, paper: str):
    """The page as a matplotlib figure of the paper's size, its tables stretched to fill the page."""
    import matplotlib  # lazy: keeps matplotlib and numpy out of a table question's start-up

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # lazy: keeps matplotlib and numpy out of a table question's start-up

    from analysis.charts.style import house_style  # lazy: keeps matplotlib and numpy out of a table question's start-up

    page = sheet(family)
    width, height = PAPERS[paper]
    left, span, bottom, line = 0.07, 0.86, 0.05, 0.018
    with house_style():
        fig = plt.figure(figsize=(width, height))
        fig.text(left, 0.955, f"{TITLES[family]}: the cheat sheet", fontsize=18, weight="bold", color="#1b3a5c")
        y = 0.925
        for text in page.rules:
            fig.text(left, y, text, fontsize=9.5)
            y -= line
        y -= 0.012
        # The rows share what is left of the page: the columns' tallest stack and the full-width tables.
        column_lines = max((len(c.rules) for c in page.columns), default=0)
        column_rows = max((sum(len(rows) + 1 for _, _, rows in c.tables) for c in page.columns), default=0)
        column_titles = max((len(c.tables) for c in page.columns), default=0)
        rows_left = column_rows + sum(len(rows) + 1 for _, _, rows in page.tables)
        fixed = ((0.03 + line * column_lines) if page.columns else 0) + 0.035 * (column_titles + len(page.tables))
        row_height = min(0.03, (y - bottom - fixed) / max(rows_left, 1))

        def table_at(x, top, w, title, header, rows):
            fig.text(x, top, title, fontsize=11, weight="bold", color="#1b3a5c")
            h = row_height * (len(rows) + 1)
            ax = fig.add_axes((x, top - 0.008 - h, w, h))
            ax.axis("off")
            table = ax.table(cellText=rows, colLabels=header, loc="upper left", cellLoc="center", bbox=(0, 0, 1, 1))
            table.auto_set_font_size(False)
            table.set_fontsize(9.5)
            return top - 0.035 - h

        if page.columns:
            gap = 0.03
            w = (span - gap * (len(page.columns) - 1)) / len(page.columns)
            lowest = y
            for number, column in enumerate(page.columns):
                x, top = left + number * (w + gap), y
                fig.text(x, top, column.heading, fontsize=13, weight="bold", color="#1b3a5c")
                top -= 0.022
                for text in column.rules:
                    fig.text(x, top, text, fontsize=9)
                    top -= line
                top -= 0.012 + line * (column_lines - len(column.rules))
                for title, header, rows in column.tables:
                    top = table_at(x, top, w, title, header, rows)
                lowest = min(lowest, top)
            y = lowest
        for title, header, rows in page.tables:
            y = table_at(left, y, span, title, header, rows)
        fig.text(left, 0.025, "Computed by parlour-odds; the articles in reports/ explain every number.",
                 fontsize=8, color="#555555")
    return fig


def build_cheat_sheets(out_dir="reports", families=FAMILIES) -> list[Path]:
    """Write every family's page, A4 and letter, PDF and PNG, into ``out_dir``; return the files."""
    import matplotlib  # lazy: keeps matplotlib and numpy out of a table question's start-up
    import matplotlib.pyplot as plt  # lazy: keeps matplotlib and numpy out of a table question's start-up

    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for family in families:
        for paper in PAPERS:
            fig = draw(family, paper)
            for suffix, options in (("pdf", {"metadata": {"CreationDate": None, "Producer": None, "Creator": None}}),
                                    ("png", {"dpi": PNG_DPI, "metadata": {"Software": None}})):
                path = out_dir / f"cheatsheet_{family}_{paper}.{suffix}"
                with matplotlib.rc_context({"savefig.bbox": "standard"}):    # the page keeps the paper's size
                    fig.savefig(path, format=suffix, **options)
                written.append(path)
            plt.close(fig)
    return written


if __name__ == "__main__":
    for path in build_cheat_sheets():
        print(f"built {path}")
