"""Brag at a table: the figures of the Brag article's table sections, computed once.

Writes ``reports/data/brag_table.json``, a part at a time (parts already in it are kept, so an
interrupted run resumes; ``--only PART`` recomputes one):

- ``five``: a table of five bots (strategy, threshold, blind, never-bluff, strategy; ``brag3``,
  bankroll 200, seed 1, 100,000 deals), as played and with one rule changed at a time (no kept
  blind hand, no pot cover, a fresh shuffle every deal, no blind play): chips per deal by seat
  with 95% intervals, and how the deals ended.
- ``deck``: what the unshuffled pack is worth at that table of five (seat 1 an observer among
  fresh-deck players, 20,000 deals, seed 1).
- ``solves``: the stored three- and four-player solves: each seat's value and best-response gain,
  the first player's mix at its first turn and, after looking, by bucket; the value of playing
  blind and of a kept blind hand (and heads-up).
- ``full_table``: the stored solves of five to eight players: each seat's value and best-response gain,
  the first player's mix at its first turn and after looking (a high card, a pair, a pair of queens),
  and the second player after an open bet and after a blind one; and seat 1's ``strategy`` bot playing the solve against the same
  bot playing its fixed rule (seed 1, 1,000,000 deals a session, as ``benchmarks/bench_brag_full_table.py``),
  against ``threshold`` bots and against a mixed field.
- ``three``: a table of three, a strategy bot playing the three-player solve against a threshold
  and a blind bot (100,000 deals, seed 1, as sittings of 20,000 through Dask).

Run: ``nice -n 10 .venv/bin/python scripts/brag_table_data.py`` (minutes; needs the stored solves,
``odds brag solve --preset brag3 --players 3`` and ``--players 4``, or the package's).
"""

from __future__ import annotations

import argparse
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from analysis.brag.rules import preset  # noqa: E402

PATH = os.path.join(ROOT, "reports", "data", "brag_table.json")
FIVE = ["strategy", "threshold", "blind", "never-bluff", "strategy"]
THREE = ["strategy", "threshold", "blind"]
CHANGES = {"as played": {}, "no kept blind hand": {"keep_blind": False}, "no pot cover": {"pot_cover": False},
           "a fresh shuffle every deal": {"gather": "shuffle"}, "no blind play": {"blind_play": False}}


def _seats(result) -> list:
    return [{"seat": i + 1, "bot": bot, "chips_per_deal": m, "half_interval_95": h}
            for i, (bot, m, h) in enumerate(zip(result.bots, result.chips_per_deal, result.interval))]


def five() -> dict:
    from analysis.brag.table.session import session

    out = {"bots": FIVE, "deals": 100_000, "seed": 1, "bankroll": 200.0, "rules": {}}
    for name, fields in CHANGES.items():
        result = session(preset("brag3", **fields), 5, FIVE, 100_000, 1, 200.0)
        out["rules"][name] = {"fields": fields, "seats": _seats(result), "ends": result.counts}
        print(f"five, {name}: {[round(x, 3) for x in result.chips_per_deal]}", file=sys.stderr, flush=True)
    return out


def deck() -> dict:
    from analysis.brag.table.deck import deck_memory

    return deck_memory(preset("brag3"), players=5, deals=20_000, seed=1).to_dict()


def solves() -> dict:
    import numpy as np

    from analysis.brag.multi.strategy import multi_strategy, solve_summary
    from analysis.brag.table.values import blind_value, kept_hand_value

    from analysis.brag.multi.shipped import find_solve

    out = {}
    for players in (2, 3, 4):
        if players > 2 and find_solve(preset("brag3"), players) is None:
            print(f"solves: no stored {players}-player solve yet; left out", file=sys.stderr, flush=True)
            continue
        entry = {"blind": blind_value("brag3", players), "kept": kept_hand_value("brag3", players)}
        if players > 2:
            entry["summary"] = solve_summary("brag3", players)
            hands = {"high card": "9S 6D 2C", "pair": "7S 7D 4C", "top pair or better": "QS QD 4C"}
            entry["first_turn"] = multi_strategy("brag3", players, "9S 6D 2C", "")["mix"]
            entry["after_looking"] = {name: multi_strategy("brag3", players, hand, "look")
                                      for name, hand in hands.items()}
        out[str(players)] = entry
        print(f"solves, {players} players done", file=sys.stderr, flush=True)
    return json.loads(json.dumps(out, default=lambda x: x.tolist() if isinstance(x, np.ndarray) else float(x)))


FULL_FIELDS = {"threshold": ("threshold",), "mixed": ("threshold", "blind", "never-bluff", "fresh-deck")}
HANDS = {"high card": "9S 6D 2C", "pair": "7S 7D 4C", "top pair or better": "QS QD 4C"}


def full_table() -> dict:
    out = {}
    for players in (5, 6, 7, 8):
        out[str(players)] = full_table_entry(players)
        print(f"full table, {players} players done", file=sys.stderr, flush=True)
    return out


def full_table_entry(players: int) -> dict:
    """The ``full_table`` part's figures at a table of ``players``."""
    from analysis.brag.multi.strategy import multi_strategy, solve_summary
    from analysis.brag.table.session import solve_gain

    entry = {"summary": solve_summary("brag3", players),
             "first_turn": multi_strategy("brag3", players, "9S 6D 2C", "")["mix"],
             "after_looking": {name: multi_strategy("brag3", players, hand, "look")["mix"]
                               for name, hand in HANDS.items()},
             "second_seat": {opening: {name: multi_strategy("brag3", players, hand, opening)
                                       for name, hand in HANDS.items()} for opening in ("look,bet", "bet")},
             "sessions": {name: solve_gain("brag3", players, field, 1_000_000, 1)
                          for name, field in FULL_FIELDS.items()}}
    return json.loads(json.dumps(entry))


def three() -> dict:
    from analysis.brag.table.session import long_session

    result = long_session(preset("brag3"), 3, THREE, 100_000, 1, 200.0, scheduler="processes")
    return {"bots": THREE, "deals": 100_000, "seed": 1, "bankroll": 200.0, "seats": _seats(result),
            "ends": result.counts, "words": result.words}


PARTS = {"five": five, "deck": deck, "solves": solves, "full_table": full_table, "three": three}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=sorted(PARTS), help="recompute this part only")
    args = parser.parse_args()
    data = json.load(open(PATH)) if os.path.exists(PATH) else {}
    for name, build in PARTS.items():
        if (args.only and name != args.only) or (not args.only and name in data):
            continue
        data[name] = build()
        with open(PATH, "w") as out:
            json.dump(data, out, indent=1)


if __name__ == "__main__":
    main()
