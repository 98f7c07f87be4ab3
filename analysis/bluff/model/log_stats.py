"""What a log of played rounds says about the game: dice lost by cause, how often star bids hold,
and whether the early leader wins.

Every function reads the JSON lines of ``rounds_log.py`` (the ``actual`` and ``lost`` fields are
needed here) and returns a small DataFrame with named columns.
"""

from __future__ import annotations

import json

import numpy as np


def _rounds(path):
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            item = json.loads(line)
            if "log" not in item:
                yield item


def _count(bid: str) -> int:
    return int(bid[1:]) if bid.startswith("*") else int(bid.split("x")[0])


def losses_by_cause(path):
    """Dice lost over the log by cause: a challenger whose bid was true (``caller``), a bidder whose
    bid fell short (``bidder``), the other players when the count was exact (``exact count``), and
    exact calls that missed (``exact call missed``). Columns: cause, dice, share."""
    import pandas as pd  # lazy: keeps pandas out of a table question's start-up

    totals = {"caller": 0, "bidder": 0, "exact count": 0, "exact call missed": 0}
    for item in _rounds(path):
        caller, call = item["call"]["player"], item["call"]["call"]
        bidder = item["bids"][-1]["player"]
        exact_count = item["actual"] == _count(item["bids"][-1]["bid"])
        for seat, lost in enumerate(item["lost"]):
            if lost <= 0:
                continue
            if call == "exact":
                cause = "exact call missed" if seat == caller and not exact_count else "exact count"
            elif seat == bidder:
                cause = "bidder"
            elif exact_count and item["preset"] == "bluff":  # Bluff: everyone but the bidder loses one
                cause = "exact count"
            else:
                cause = "caller"
            totals[cause] += lost
    frame = pd.DataFrame({"cause": list(totals), "dice": list(totals.values())})
    frame["share"] = frame.dice / max(frame.dice.sum(), 1)
    return frame


def challenged_bids(path):
    """How often the challenged bid was true, star (joker) bids against number bids.
    Columns: bid kind, challenged, true, share true."""
    import pandas as pd  # lazy: keeps pandas out of a table question's start-up

    counts = {"star bids": [0, 0], "number bids": [0, 0]}
    for item in _rounds(path):
        if item["call"]["call"] != "challenge":
            continue
        last = item["bids"][-1]["bid"]
        kind = "star bids" if last.startswith("*") else "number bids"
        count = _count(last)
        counts[kind][0] += 1
        counts[kind][1] += int(item["actual"] >= count)
    frame = pd.DataFrame([{"bid kind": kind, "challenged": n, "true": t} for kind, (n, t) in counts.items()])
    frame["share true"] = frame["true"] / frame.challenged.clip(lower=1)
    return frame


def leader_wins(path, after_rounds=(1, 2, 3, 5, 8)):
    """The chance that the player holding the most dice after ``r`` rounds (ties: none counted) goes
    on to win, with the dice still in play then. Columns: after rounds, games, leader wins, dice in play."""
    import pandas as pd  # lazy: keeps pandas out of a table question's start-up

    games: dict[int, list] = {}
    for item in _rounds(path):
        held = [len(d.split()) for d in item["dice"]]
        after = [h - x for h, x in zip(held, item["lost"])]
        games.setdefault(item["game"], []).append(after)
    rows = []
    for r in after_rounds:
        decided, wins, dice = 0, 0, []
        for history in games.values():
            if len(history) <= r:
                continue
            standing = np.array(history[r - 1])
            final = np.array(history[-1])
            if (final > 0).sum() != 1 or (standing == standing.max()).sum() != 1:
                continue
            decided += 1
            wins += int(np.argmax(standing) == np.argmax(final))
            dice.append(standing.sum())
        rows.append({"after rounds": r, "games": decided, "leader wins": wins / max(decided, 1),
                     "dice in play": float(np.mean(dice)) if dice else float("nan")})
    return pd.DataFrame(rows)
