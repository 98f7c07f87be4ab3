"""One printable page per game family, to take to the table: ``reports/cheatsheet_<family>_<paper>.pdf|png``.

Each page is drawn from the same functions the articles use (the numbers are computed when the
page is built, never typed), on A4 and on US letter, as a PDF and as a PNG. The build is
deterministic: no dates or software names in the files, so a rebuild is byte-identical.
"""

from __future__ import annotations

from math import ceil
from pathlib import Path

PAPERS = {"a4": (8.27, 11.69), "letter": (8.5, 11.0)}
FAMILIES = ("dice_bidding", "yacht", "brag", "backgammon")
TITLES = {"dice_bidding": "Bluff, Perudo and Liar's Dice", "yacht": "Korean Yacht",
          "brag": "Three Card Brag", "backgammon": "Backgammon"}
PNG_DPI = 150


def _holds(condition: bool, rule: str) -> None:
    """A rule printed on a sheet must still follow from the numbers: otherwise the build stops."""
    if not condition:
        raise RuntimeError(f"The cheat sheet's rule no longer holds: {rule}")


def safe_count(rules, face: int, unknown: int) -> int:
    """The highest count of ``face`` true at least half the time, holding none of it (the article's 50% table)."""
    from analysis.bluff import Bid, bid_odds

    best = 0
    for count in range(1, unknown + 1):
        if bid_odds(rules, (), unknown, Bid(count, face)).p_true >= 0.5:
            best = count
    return best


def sheet(family: str) -> tuple[list[str], list[tuple[str, list[str], list[list[str]]]]]:
    """The page's content: rules of thumb (lines) and tables (title, header, rows), all computed."""
    return {"dice_bidding": _dice_bidding, "yacht": _yacht, "brag": _brag, "backgammon": _backgammon}[family]()


def _dice_bidding():
    from analysis.bluff import BLUFF

    unknown = list(range(5, 31, 5))
    counts = [(u, safe_count(BLUFF, 3, u), safe_count(BLUFF, 6, u)) for u in unknown]
    _holds(all(abs(n - round(u / 3)) <= 1 and abs(s - round(u / 6)) <= 1 for u, n, s in counts),
           "the safe count is a third (a sixth for stars) of the unknown dice")
    rows = [[str(u), str(n), str(s)] for u, n, s in counts]
    rules = ["Safe count = the matching dice you hold + a third of the dice you cannot see",
             "(a sixth for a star bid), rounded. Add one for each matching die you hold.",
             "Bid past the safe count only with a reason: the bid is then more likely false.",
             "In Bluff a wrong challenge costs the size of the miss: do not challenge a likely bid.",
             "Call an unlikely bid rather than raise over it.",
             "Listen to the bids: a number bid twice is a number held."]
    return rules, [("Bluff: highest count true at least half the time, holding none",
                    ["unknown dice", "number bid", "star bid"], rows)]


def _yacht():
    from analysis.yacht import solve
    from analysis.yacht.advice import opening_keeps
    from analysis.yacht.odds import box_odds

    keeps = opening_keeps("yacht_kr").set_index("roll")
    shown = ["5 4 3 2 1", "6 4 3 2 1", "6 5 3 2 2", "6 6 5 5 1", "6 6 5 4 1", "6 6 6 2 1", "6 3 1 1 1"]
    best = {roll: keeps.loc[roll, "best_keep"] for roll in shown}
    _holds(best["5 4 3 2 1"] == "keep all" and best["6 4 3 2 1"] == "4 3 2 1" and best["6 6 5 5 1"] == "6 6 5 5"
           and best["6 6 5 4 1"] == "6 6" and best["6 6 6 2 1"] == "6 6 6" and keeps.loc["6 3 1 1 1", "margin"] < 0.005,
           "the keeps of the opening roll")
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
    rules = ["Keep a made straight and stop; keep four to the 1-2-3-4-5 straight.",
             "Keep two pairs together; with one high pair and junk keep just the pair.",
             "Keep three sixes or fives; three aces beside a six are a toss-up.",
             "Keep the straights and Chase Off open as long as they can still be made;",
             "spend the low boxes on what the dice refuse. Late and behind, play for the win.",
             f"Nothing fits: the zero goes in Chase Off ({zeros.iloc[0]:.0%} of best games), then a straight;",
             f"Two to Six Beans are written as zero in under {ceil(100 * beans.max()):.0f}% of games (last table)."]
    return rules, [("Opening roll: the best keep (margin: points over the next keep)",
                    ["roll", "keep", "margin"], keep_rows),
                   ("Each box chased for a whole turn", ["box", "made in the turn", "points of the turn"], box_rows),
                   ("Which box when: each box over a game of best play", ["box", "average points", "written as zero"],
                    play_rows)]


def _brag():
    from analysis.brag import equity_table, frequencies
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
    blind_rows = []
    for ratio in ratios:
        row = [f"{ratio:g}"]
        for against in ("any", "pair+"):
            decision = blind_or_look("brag3", pot=ratio, stake=1, rounds=1, against=against)
            margin = abs(decision.values["blind"] - decision.values["look"])
            row.append(f"{decision.best} (by {margin:.2f})")
        blind_rows.append(row)
    blind_random = [row[1].startswith("blind") for row in blind_rows]
    _holds(not any(row[2].startswith("blind") for row in blind_rows) and blind_random[-1] and not blind_random[0],
           "blind pays only against a random hand that never folds, and only in a big enough pot")
    from_ratio = ratios[blind_random.index(True)]
    rules = [f"Heads-up, a hand better than {even} is the favourite against a random hand.",
             "Price the see: a big pot lets a weak hand see a random opponent, but an opponent",
             "who keeps betting usually has a pair or better: then see only with the column below.",
             "Heads-up in Three Card Brag, look at your cards: against a good opponent blind play",
             f"is worth nothing. Blind pays only against a player who never folds, from a pot {from_ratio:g} times",
             "the stake, and never against a pair or better. Fold your weak open hands."]
    return rules, [("Hands and their odds", ["hand", "hands", "chance", "dealt"], hand_rows),
                    ("Weakest hand worth it, by pot ÷ stake", ["pot ÷ stake", "see (random)", "see (pair+)",
                                                               "stay (1 opponent)"], price_rows),
                    ("Blind or look, one blind round: the better, by stakes (opponent never folds)",
                     ["pot ÷ stake", "opponent holds any hand", "opponent holds pair+"], blind_rows)]


def _backgammon():
    from analysis.backgammon import dice, race

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
             f"Dead cube, no gammons: take with {100 * race.take_point():.0f}% or more."]
    efficiency = [f"cube eff. {c[2:]}" for c in takes.columns[1:]]
    openings = opening_plays()
    _holds(len(openings) == 15, "every opening roll has its best play")
    opening_rows = [sum(([roll, play] for roll, play in openings[row::5]), []) for row in range(5)]
    rules.insert(0, "Opening rolls: the evaluator's best play of each (table below), with the weights shipped.")
    return rules, [("The opening rolls: best play", ["roll", "play"] * 3, opening_rows),
                   ("Shots at a blot (open board)", ["pips away", "rolls of 36", "chance"], shot_rows),
                   ("One checker on the bar", ["closed points", "rolls that enter", "chance"], entry_rows),
                   ("Take points", ["gammons"] + efficiency, take_rows)]


def opening_plays() -> list[tuple[str, str]]:
    """The best play of each of the 15 opening rolls, by the shipped evaluator (so it follows new weights)."""
    from analysis.backgammon import Position
    from analysis.backgammon.net import hint, load_net

    net, start = load_net("backgammon"), Position.opening()
    return [(f"{high}-{low}", hint("backgammon", start, (high, low), net=net).plays[0].play)
            for high in range(2, 7) for low in range(1, high)]


def draw(family: str, paper: str):
    """The page as a matplotlib figure of the paper's size."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from analysis.charts.style import house_style

    rules, tables = sheet(family)
    width, height = PAPERS[paper]
    with house_style():
        fig = plt.figure(figsize=(width, height))
        fig.text(0.07, 0.955, f"{TITLES[family]}: the cheat sheet", fontsize=18, weight="bold", color="#1b3a5c")
        y = 0.925
        for line in rules:
            fig.text(0.07, y, line, fontsize=10)
            y -= 0.02
        y -= 0.015
        lines = sum(len(rows) + 1 for _, _, rows in tables)
        row_height = min(0.022, (y - 0.05 - 0.04 * len(tables)) / lines)
        for title, header, rows in tables:
            space = 0.04 + row_height * (len(rows) + 1)
            fig.text(0.07, y, title, fontsize=12, weight="bold", color="#1b3a5c")
            ax = fig.add_axes((0.07, y - 0.01 - row_height * (len(rows) + 1), 0.86, row_height * (len(rows) + 1)))
            ax.axis("off")
            table = ax.table(cellText=rows, colLabels=header, loc="upper left", cellLoc="center",
                             bbox=(0, 0, 1, 1))
            table.auto_set_font_size(False)
            table.set_fontsize(9.5)
            y -= space
        fig.text(0.07, 0.025, "Computed by parlour-odds; the articles in reports/ explain every number.",
                 fontsize=8, color="#555555")
    return fig


def build_cheat_sheets(out_dir="reports", families=FAMILIES) -> list[Path]:
    """Write every family's page, A4 and letter, PDF and PNG, into ``out_dir``; return the files."""
    import matplotlib
    import matplotlib.pyplot as plt

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
