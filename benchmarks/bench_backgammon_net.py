"""Backgammon evaluator benchmark: strength and speed against GNU Backgammon's evaluator.

Run:  .venv/bin/python benchmarks/bench_backgammon_net.py [--games 10000] [--games-ply1 300] [--judge 2000]
      [--workers 3] [--ply1-minutes 30] [--curve SNAPSHOTS] [--curve-earlier-below GAMES]
Peer: the PyPI package ``gnubg-nn`` (GNU Backgammon's 0-ply neural net with its bear-off
databases, and its built-in pubeval, Tesauro's public linear evaluator); ``pip install gnubg-nn``
(the ``bench`` extra). GNU Backgammon is only the judge here: nothing of it is used in training.

* Matches: whole cubeless money games (standard rules, single 1, gammon 2, backgammon 3), the
  opener alternating, the dice of game g seeded with (seed, g); our net at 0-ply against pubeval
  and against gnubg 0-ply, and at 1-ply against gnubg 0-ply (the 1-ply bot looks ahead at the plays
  GNU Backgammon's normal move filter keeps: the 0-ply best and at most 8 within 0.16). Win rate
  and points per game with 95% intervals (normal approximation).
* Equity lost per decision: on a fixed set of positions and rolls (our net's turns in the first
  games against gnubg, with at least two distinct plays), every candidate play is valued by
  gnubg at 0-ply; a bot's loss is gnubg's best equity minus the equity of the bot's play,
  and "agrees" counts how often the bot's play is gnubg's.
* Speed: positions evaluated per second, batched (our kernel over an array) and one at a
  time (one Python call per position, both sides), on the same distinct positions of random
  play, timed before any game (gnubg-nn caches evaluations: none of these is in its cache;
  it has no batch call).
* The training budget (games and seconds of self-play) of the net measured is printed beside.
* The matches' games are cut into chunks played by ``--workers`` processes: game g's dice come from
  (seed, g) alone, so the games are those one process plays; a 1-ply pairing cut short by
  ``--ply1-minutes`` counts its first games only.

Figures go into docs/benchmarks.md (``<!-- bench:bench_backgammon_net -->``) with the machine
and the date.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import platform
import sys
import time
from pathlib import Path

import numpy as np

import gnubg_nn as gnubg

from analysis.backgammon import _match, _net
from analysis.backgammon.net import load_net

sys.path.insert(0, os.path.dirname(__file__))
from _timing import record  # noqa: E402

RULES = np.array([0, 2, 3, 1], dtype=np.int64)      # standard rules: variant, gammon, backgammon, needs gammon


def gnubg_board(board):
    """Our layout (side on roll first, 26 slots each) as gnubg's [[side not on roll], [side on roll]]."""
    return [[int(v) for v in board[26:51]], [int(v) for v in board[:25]]]


def apply_steps(board, steps):
    """The board after moving (from, to) steps, 0-based points, 24 the bar, -1 off, with hits."""
    after = board.copy()
    for src, dst in steps:
        after[src] -= 1
        if dst >= 0:
            if after[26 + 23 - dst] == 1:
                after[26 + 23 - dst] = 0
                after[26 + 24] += 1
            after[dst] += 1
    return after


def peer_pick(kind, board, d1, d2, afters):
    """Index among our candidate plays of the play gnubg (``gnubg0``) or pubeval (``pubeval``) makes."""
    if afters.shape[0] == 1:
        return 0
    if kind == "gnubg0":
        moves = gnubg.best_move(gnubg_board(board), d1, d2)
        steps = [(src - 1, dst - 1) for src, dst in moves]
    else:
        flat = gnubg.pub_best_move(gnubg_board(board), d1, d2)
        steps = [(flat[i], flat[i + 1]) for i in range(0, len(flat), 2)]
    after = apply_steps(board, steps)
    for i in range(afters.shape[0]):
        if np.array_equal(afters[i], after):
            return i
    raise AssertionError(f"{kind}'s play {steps} is not among the move generator's plays")


def gnubg_equities(afters):
    """gnubg 0-ply cubeless equity of the mover after each play (the opponent on roll, so negated)."""
    values = np.empty(afters.shape[0])
    for i, after in enumerate(afters):
        if not after[:26].any():
            values[i] = _match.game_points(after, RULES)
            continue
        p = gnubg.probabilities([[int(v) for v in after[:25]], [int(v) for v in after[26:51]]], 0)
        values[i] = -(2 * p[0] - 1 + p[1] - p[3] + p[2] - p[4])
    return values


def play(net, ours, theirs, games, seed, keep=0, first=0):
    """Cubeless games ``first .. first + games - 1`` of our bot (kind, ply) against a peer; (our points
    per game, the first ``keep`` decisions with two or more plays). Game g's dice come from (seed, g)."""
    layers = net.layers()
    points = np.zeros(games)
    kept = []
    for i, g in enumerate(range(first, first + games)):
        rng = np.random.default_rng([seed, g])
        board = np.zeros(52, dtype=np.int8)
        for side in (0, 26):
            board[side + 5], board[side + 7], board[side + 12], board[side + 23] = 5, 3, 5, 2
        mover = g % 2          # 0: our bot opens
        opening = True
        while True:
            d1, d2 = (int(v) for v in rng.integers(1, 7, 2))
            while opening and d1 == d2:
                d1, d2 = (int(v) for v in rng.integers(1, 7, 2))
            opening = False
            if mover == 0:
                afters, extra, pick = _match.bot_choice(board, d1, d2, ours[0], ours[1], *layers, RULES, net.db_win,
                                                        net.ways)
                if len(kept) < keep and afters.shape[0] > 1:
                    kept.append((board.copy(), d1, d2))
            else:
                afters, extra = _net.candidates(board, d1, d2, 0)
                pick = peer_pick(theirs, board, d1, d2, afters)
            after = afters[pick]
            if not after[:26].any():
                won = _match.game_points(after, RULES)
                points[i] = won if mover == 0 else -won
                break
            board = np.concatenate([after[26:], after[:26]])
            mover = 1 - mover
    return points, kept


def interval(points):
    n = points.size
    wins = float((points > 0).mean())
    ppg = float(points.mean())
    half_w = 1.96 * math.sqrt(wins * (1 - wins) / n)
    half_p = 1.96 * float(points.std(ddof=1)) / math.sqrt(n)
    return wins, half_w, ppg, half_p


def judge(net, decisions):
    """Mean equity lost (gnubg 0-ply's judgement) and agreement with gnubg, per bot, on ``decisions``."""
    layers = net.layers()
    bots = {"net 0-ply": ("net", 0), "net 1-ply": ("net", 1), "pubeval": ("pubeval", None),
            "pips": ("pips", None)}
    loss = {name: [] for name in bots}
    same = {name: 0 for name in bots}
    for board, d1, d2 in decisions:
        afters, extra = _net.candidates(board, d1, d2, 0)
        values = gnubg_equities(afters)
        best = int(np.argmax(values))
        for name, (kind, ply) in bots.items():
            if kind == "net":
                pick = _match.bot_choice(board, d1, d2, _match.NET, ply, *layers, RULES, net.db_win, net.ways)[2]
            elif kind == "pips":
                pick = _match.bot_choice(board, d1, d2, _match.PIPS, 0, *layers, RULES, net.db_win, net.ways)[2]
            else:
                pick = peer_pick("pubeval", board, d1, d2, afters)
            loss[name].append(values[best] - values[pick])
            same[name] += values[pick] >= values[best] - 1e-9
    return {name: (float(np.mean(loss[name])), same[name] / len(decisions)) for name in bots}


def variant_matches(games, seed):
    """The Dutch and Acey-Deucey nets against pips and random (there is no published evaluator for them)."""
    from analysis.backgammon.match import match

    rows = []
    for rules in ("dutch", "acey_deucey"):
        net = load_net(rules)
        for other in ("pips", "random"):
            s = match(rules, "net", other, games, seed).summary()
            lo, hi = s["a_win_rate_95"]
            plo, phi = s["a_points_per_game_95"]
            rows.append({"rules": rules, "opponent": other, "net_games": net.record["games"],
                         "net_seconds": net.record["seconds"], "games": s["games"], "win_rate": s["a_win_rate"],
                         "win_rate_half_width": (hi - lo) / 2, "points_per_game": s["a_points_per_game"],
                         "points_per_game_half_width": (phi - plo) / 2})
            print(f"{rules}: net vs {other}: {100 * s['a_win_rate']:.1f}% wins, {s['a_points_per_game']:+.3f} a game",
                  flush=True)
    return rows


def opening_choices(net):
    """For each of the 15 opening rolls: our 0-ply best play and equity, and gnubg 0-ply's play."""
    from analysis.backgammon.moves import legal_plays
    from analysis.backgammon.net import hint
    from analysis.backgammon.position import Position

    start = Position.opening()
    rows = []
    for high in range(2, 7):
        for low in range(1, high):
            ours = hint("backgammon", start, (high, low), net=net).plays[0]
            afters, _ = _net.candidates(start.board_array(), high, low, 0)
            chosen = tuple(int(v) for v in afters[peer_pick("gnubg0", start.board_array(), high, low, afters)])
            theirs = next(p.notation for p in legal_plays("backgammon", start, (high, low)).plays
                          if p.result.swapped().on_roll + p.result.swapped().opponent == chosen)
            rows.append({"roll": f"{high}{low}", "net": ours.play, "net_equity": ours.equity, "gnubg": theirs})
    return rows


def sample_positions(count, seed):
    """Positions of random play (side on roll first), for timing: distinct, never seen by gnubg's cache."""
    rng = np.random.default_rng(seed)
    start = np.zeros(52, dtype=np.int8)
    for side in (0, 26):
        start[side + 5], start[side + 7], start[side + 12], start[side + 23] = 5, 3, 5, 2
    board, found = start, []
    while len(found) < count:
        d1, d2 = (int(v) for v in rng.integers(1, 7, 2))
        afters, _ = _net.candidates(board, d1, d2, 0)
        after = afters[int(rng.integers(afters.shape[0]))]
        board = start if not after[:26].any() else np.concatenate([after[26:], after[:26]])
        found.append(board)
    return np.unique(np.array(found, dtype=np.int8), axis=0)


def speed(net, boards, repeat=3):
    layers = net.layers()
    _net.evaluate_batch(*layers, boards[:2], net.db_win, net.ways)        # compiled or loaded before timing
    ours_batch = min(_timed(lambda: _net.evaluate_batch(*layers, boards, net.db_win, net.ways)) for _ in range(repeat))
    single = [boards[i:i + 1] for i in range(boards.shape[0])]
    ours_single = min(_timed(lambda: [_net.evaluate_batch(*layers, b, net.db_win, net.ways) for b in single])
                      for _ in range(repeat))
    theirs = [gnubg_board(b) for b in boards]
    theirs_single = _timed(lambda: [gnubg.probabilities(b, 0) for b in theirs])   # once: later runs hit its cache
    n = boards.shape[0]
    return n / ours_batch, n / ours_single, n / theirs_single


def _timed(function):
    started = time.perf_counter()
    function()
    return time.perf_counter() - started


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per 0-ply pairing")
    parser.add_argument("--games-ply1", type=int, default=300, help="games of the 1-ply net against gnubg 0-ply")
    parser.add_argument("--judge", type=int, default=2000, help="positions in the equity-loss set")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--weights", default=None, help="a weights file instead of the shipped net")
    parser.add_argument("--curve", default=None, help="folder of training snapshots (backgammon-GAMES.podds): "
                        "each plays --curve-games against pubeval, for the learning curve")
    parser.add_argument("--curve-games", type=int, default=2000)
    parser.add_argument("--curve-earlier-below", type=int, default=0,
                        help="keep the last run's learning-curve rows below this many training games (snapshots "
                             "of the same training run that are no longer on disk)")
    parser.add_argument("--workers", type=int, default=1, help="processes playing the matches' chunks")
    parser.add_argument("--ply1-minutes", type=float, default=1e9,
                        help="start no 1-ply chunk later than this many minutes after the start (the pairing then "
                             "counts its first games, as many as were played)")
    parser.add_argument("--variant-games", type=int, default=2000,
                        help="games of the Dutch and Acey-Deucey nets against pips and random (no outside peer)")
    parser.add_argument("--variants-only", action="store_true",
                        help="measure only the Dutch and Acey-Deucey nets; keep the other figures of the last run")
    parser.add_argument("--ply1-only", action="store_true",
                        help="play only the 1-ply pairing (--games-ply1 games, the same net) and replace its row "
                             "of the last run; keep the other figures")
    parser.add_argument("--no-record", action="store_true", help="print only; leave docs/benchmarks.md alone")
    args = parser.parse_args(argv)
    command = "benchmarks/bench_backgammon_net.py " + " ".join(argv if argv is not None else sys.argv[1:])
    if args.variants_only:
        data = json.loads(DATA.read_text())
        data["variants"] = variant_matches(args.variant_games, args.seed)
        data["variants_command"] = command
    elif args.ply1_only:
        data = ply1_again(args, command)
    else:
        data = measure(args, command)
        if args.variant_games <= 0 and DATA.exists():       # the Dutch and Acey-Deucey figures of their last run
            last = json.loads(DATA.read_text())
            data["variants"], data["variants_command"] = last.get("variants", []), last.get("variants_command")
    if args.no_record:
        print(render(data))
    else:
        DATA.write_text(json.dumps(data, indent=1) + "\n")
        record("bench_backgammon_net", render(data))
    return 0


DATA = Path(__file__).resolve().parents[1] / "reports" / "data" / "backgammon_net.json"


def _chunk(task):
    """One worker's task: games ``first .. first + games - 1`` of a pairing, with the weights of ``path``."""
    key, path, ours, peer, first, games, seed, keep = task
    net = load_net("backgammon", path=path)
    points, kept = play(net, ours, peer, games, seed, keep=keep, first=first)
    return key, first, points, kept


def _pairings(args, net_path):
    """(key, label, ours, peer, games, games a chunk) of every match: the three pairings, then the snapshots."""
    rows = [("net 0-ply vs pubeval", "net 0-ply vs pubeval", (_match.NET, 0), "pubeval", args.games, 500, net_path),
            ("net 0-ply vs gnubg 0-ply", "net 0-ply vs gnubg 0-ply", (_match.NET, 0), "gnubg0", args.games, 500,
             net_path),
            ("net 1-ply vs gnubg 0-ply", "net 1-ply vs gnubg 0-ply", (_match.NET, 1), "gnubg0", args.games_ply1, 25,
             net_path)]
    if args.curve:
        for path in sorted(Path(args.curve).glob("backgammon-*.podds"), key=lambda p: int(p.stem.split("-")[1])):
            rows.append((str(path), path.name, (_match.NET, 0), "pubeval", args.curve_games, 500, path))
    return [row for row in rows if row[4] > 0]


def play_all(args, net_path, started, on_decisions):
    """Every match, its games cut into chunks played by ``--workers`` processes (game g's dice come from
    (seed, g), so the chunks give the games one process would). The 1-ply pairing's chunks not started
    ``--ply1-minutes`` after the benchmark began are dropped: it counts its first games, as many as ran.
    ``on_decisions(decisions)`` runs here, while the workers play, once the judge's positions are in.
    Returns ({key: our points in game order}, its result)."""
    from concurrent.futures import ProcessPoolExecutor
    import multiprocessing

    tasks = []
    for key, _, ours, peer, games, size, path in _pairings(args, net_path):
        for first in range(0, games, size):
            keep = args.judge if key == "net 0-ply vs gnubg 0-ply" and first == 0 else 0
            tasks.append((key, str(path) if path else None, ours, peer, first, min(size, games - first), args.seed,
                          keep))
    late = "net 1-ply vs gnubg 0-ply"
    results, judged = {}, None
    with ProcessPoolExecutor(args.workers, mp_context=multiprocessing.get_context("fork")) as pool:
        futures = [pool.submit(_chunk, task) for task in tasks]
        keeper = next((f for f, task in zip(futures, tasks) if task[-1]), None)
        cut = started + 60 * args.ply1_minutes
        shown = time.perf_counter()
        while not all(f.done() for f in futures):
            if time.perf_counter() - shown >= 30:      # long work shows its progress
                done = sum(f.done() for f in futures)
                print(f"bench_backgammon_net: {done} of {len(futures)} chunks of games played, "
                      f"{(time.perf_counter() - started) / 60:.1f} min", file=sys.stderr, flush=True)
                shown = time.perf_counter()
            if time.perf_counter() > cut:
                for f, task in zip(futures, tasks):
                    if task[0] == late:
                        f.cancel()
            if judged is None and keeper is not None and keeper.done():
                judged = on_decisions(keeper.result()[3])
            time.sleep(5)
        for f in futures:
            if not f.cancelled():
                key, first, points, _ = f.result()
                results.setdefault(key, {})[first] = points
        if judged is None:
            judged = on_decisions(keeper.result()[3] if keeper is not None else [])
    ordered = {}
    for key, chunks in results.items():
        parts, expected = [], 0
        for first in sorted(chunks):
            if first != expected:
                break           # a later chunk ran while an earlier one was dropped: count only the first games
            parts.append(chunks[first])
            expected += chunks[first].size
        ordered[key] = np.concatenate(parts)
    return ordered, judged


def ply1_again(args, command) -> dict:
    """The last run's figures with the 1-ply pairing played again (more games, the same net and seed)."""
    data = json.loads(DATA.read_text())
    net = load_net("backgammon", path=args.weights)
    if net.record["games"] != data["net"]["games"] or net.record["seed"] != data["net"]["seed"]:
        raise SystemExit(f"the last run measured the net of {data['net']['games']:,} games, not this one "
                         f"({net.record['games']:,}); run the whole benchmark")
    _match.bot_choice(_net._opening_board(0), 3, 1, _match.NET, 1, *net.layers(), RULES, net.db_win,
                      net.ways)        # compiled before forking
    args.games, args.curve = 0, None
    played, _ = play_all(args, net.path, time.perf_counter(), lambda kept: None)
    points = played["net 1-ply vs gnubg 0-ply"]
    w, hw, p, hp = interval(points)
    row = {"pairing": "net 1-ply vs gnubg 0-ply", "games": points.size, "win_rate": w, "win_rate_half_width": hw,
           "points_per_game": p, "points_per_game_half_width": hp}
    data["matches"] = [m for m in data["matches"] if m["pairing"] != row["pairing"]] + [row]
    data["ply1_command"] = command
    print(f"{row['pairing']}: {points.size:,} games, wins {100 * w:.1f}% +- {100 * hw:.1f}, {p:+.3f} +- {hp:.3f} "
          "points a game", flush=True)
    return data


def _earlier_curve(below: int) -> list:
    """The last recorded run's curve rows under ``below`` training games, marked with that run's date."""
    if below <= 0 or not DATA.exists():
        return []
    last = json.loads(DATA.read_text())
    return [{**row, "measured": row.get("measured", last["date"])} for row in last.get("learning_curve", [])
            if row["games"] < below]


def measure(args, command) -> dict:
    """Every figure but the variants' (and those too unless --variant-games 0), as a dict."""
    started = time.perf_counter()
    net = load_net("backgammon", path=args.weights)
    print(f"net: {net.path.name}, {net.record['games']:,} games, hidden {net.record['hidden']}")
    timed = sample_positions(20_000, args.seed)     # before any game: gnubg's cache has seen none of them
    batch, single, peer_single = speed(net, timed)
    print(f"positions/s: ours batched {batch:,.0f}, ours one at a time {single:,.0f}; gnubg-nn one at a time "
          f"{peer_single:,.0f} (ratio batched/gnubg {batch / peer_single:.2f}, single {single / peer_single:.2f})")
    _match.bot_choice(timed[0], 3, 1, _match.NET, 1, *net.layers(), RULES, net.db_win, net.ways)  # compiled before forking
    played, (decisions, judged, openings) = play_all(args, net.path, started,
                                                     lambda kept: (kept, judge(net, kept) if kept else {}, opening_choices(net)))
    matches, curve = [], _earlier_curve(args.curve_earlier_below)
    curve_run = None
    for key, label, _, _, _, _, path in _pairings(args, net.path):
        points = played.get(key)
        if points is None or points.size == 0:
            continue
        w, hw, p, hp = interval(points)
        row = {"games": points.size, "win_rate": w, "win_rate_half_width": hw, "points_per_game": p,
               "points_per_game_half_width": hp}
        if path == net.path:
            matches.append({"pairing": label, **row})
            print(f"{label}: {points.size:,} games, wins {100 * w:.1f}% +- {100 * hw:.1f}, {p:+.3f} +- {hp:.3f} "
                  "points a game", flush=True)
        else:
            snapshot = load_net("backgammon", path=path)
            record_ = snapshot.record
            curve_run = f"{record_['hidden']} hidden units, seed {record_['seed']}"
            curve.append({"games": record_["games"], "minutes": record_["seconds"] / 60, "played": row.pop("games"),
                          **row, "features": snapshot.features})
            print(f"after {record_['games']:,} games: {100 * w:.1f}% wins, {p:+.3f} a game against pubeval", flush=True)
    curve += [{"games": net.record["games"], "minutes": net.record["seconds"] / 60, "played": m["games"],
               **{k: m[k] for k in ("win_rate", "win_rate_half_width", "points_per_game", "points_per_game_half_width")},
               "shipped": True, "features": net.features}
              for m in matches if m["pairing"] == "net 0-ply vs pubeval"]
    curve.sort(key=lambda row: row["games"])
    for name, (loss, agree) in judged.items():
        print(f"{name}: loses {loss:.4f} equity a decision by gnubg 0-ply's judgement, plays gnubg's play "
              f"{100 * agree:.1f}% of the time ({len(decisions):,} positions)")
    print("opening rolls, ours / gnubg 0-ply: " + ", ".join(f"{r['roll']} {r['net']} / {r['gnubg']}" for r in openings))
    variants = variant_matches(args.variant_games, args.seed) if args.variant_games > 0 else []
    machine = f"{platform.machine()}, {os.cpu_count()} cores shared with other work, Python {platform.python_version()}"
    return {"command": command, "date": datetime.date.today().isoformat(), "machine": machine,
            "minutes": (time.perf_counter() - started) / 60,
            "net": {**{k: net.record[k] for k in ("games", "seconds", "hidden", "seed", "commit")},
                    "features": net.features,
                    **({"file": str(args.weights)} if args.weights else {}),
                    **({"members": [{k: m.get(k) for k in ("games", "seconds", "hidden", "seed")}
                                    for m in net.record["combined"]]} if "combined" in net.record else {}),
                    **({"averaged": [{k: m.get(k) for k in ("games", "seed", "command")}
                                     for m in net.record["averaged"]]} if "averaged" in net.record else {})},
            "speed": {"positions": int(timed.shape[0]), "ours_batched": batch, "ours_single": single,
                      "gnubg_single": peer_single},
            "matches": matches, "judged_positions": len(decisions),
            "equity_lost": [{"player": name, "per_decision": loss, "agrees_with_gnubg": agree}
                            for name, (loss, agree) in judged.items()],
            "openings": openings, "learning_curve": curve, "variants": variants,
            **({"curve_run": curve_run} if curve_run else {})}


def render(data) -> str:
    """The docs/benchmarks.md section from the figures."""
    net, speed_ = data["net"], data["speed"]
    budget = f"{net['games']:,} self-play games ({net['seconds'] / 60:.0f} min on one core shared with other work)"
    if net.get("members"):      # a combined net (training.combine): its members' runs
        budget = (f"{len(net['members'])} self-trained nets combined into one ("
                  + "; ".join(f"{m['hidden']} hidden units, seed {m['seed']}, {m['games']:,} games" for m in net["members"])
                  + f"), {net['games']:,} self-play games in all ({net['seconds'] / 60:.0f} min on one core shared "
                  "with other work)")
    elif net.get("averaged"):   # training.average: snapshots of runs from one net, weight by weight
        runs = len({m["command"] for m in net["averaged"]})
        games = [m["games"] for m in net["averaged"]]
        budget = (f"the mean, weight by weight, of {len(games)} snapshots of {runs} training "
                  f"run{'s' if runs > 1 else ''} (at {min(games):,} to {max(games):,} games), {net['games']:,} self-play "
                  f"games in all ({net['seconds'] / 60:.0f} min on one core shared with other work), {net['hidden']} "
                  f"hidden units, seed {net['seed']}")
    else:
        budget += f", {net['hidden']} hidden units, seed {net['seed']}"
    if net.get("features"):
        budget += ", the raw board encoding and the hand-made features (shots, escapes, primes)"
    which = f"the net in {net['file']}" if net.get("file") else "the shipped standard net"
    lines = ["## Backgammon evaluator against GNU Backgammon (benchmarks/bench_backgammon_net.py)", "",
             f"Net: {which}, {budget}. "
             f"Peer: gnubg-nn (GNU Backgammon's 0-ply net, and pubeval). Machine: {data['machine']}; "
             f"{data['date']}; `{data['command']}` took {data['minutes']:.0f} min.", "",
             "Cubeless money games (single 1, gammon 2, backgammon 3), opener alternating, 95% intervals; the "
             "1-ply net looks ahead at the plays GNU Backgammon's normal move filter keeps (the 0-ply best and at "
             "most 8 within 0.16 equity)"
             + (f" (the 1-ply row: `{data['ply1_command']}`)" if data.get("ply1_command") else "") + ":", "",
             "| pairing | games | our win rate | our points a game |", "|---|---:|---:|---:|"]
    lines += [f"| {m['pairing']} | {m['games']:,} | {100 * m['win_rate']:.1f}% +- {100 * m['win_rate_half_width']:.1f} "
              f"| {m['points_per_game']:+.3f} +- {m['points_per_game_half_width']:.3f} |" for m in data["matches"]]
    lines += ["", f"Equity lost per decision, judged by gnubg 0-ply, on {data['judged_positions']:,} fixed positions "
              "(our turns in the first games against gnubg, two or more distinct plays):", "",
              "| player | equity lost a decision | plays gnubg's play |", "|---|---:|---:|"]
    lines += [f"| {e['player']} | {e['per_decision']:.4f} | {100 * e['agrees_with_gnubg']:.1f}% |"
              for e in data["equity_lost"]]
    same = sum(o["net"] == o["gnubg"] for o in data["openings"])
    lines += ["", f"Opening rolls: the net's 0-ply play is gnubg 0-ply's for {same} of the 15.", "",
              f"Positions evaluated per second on the same {speed_['positions']:,} distinct positions of random play: "
              f"ours batched {speed_['ours_batched']:,.0f}, ours one call each {speed_['ours_single']:,.0f}; gnubg-nn "
              f"one call each {speed_['gnubg_single']:,.0f} (it has no batch call): ratio "
              f"{speed_['ours_batched'] / speed_['gnubg_single']:.2f} batched, "
              f"{speed_['ours_single'] / speed_['gnubg_single']:.2f} single. Our kernels were loaded from numba's "
              "cache before timing (compiling them afresh takes about a minute, once after install).", "",
              f"Training rate of this net{' (its members together)' if net.get('members') else ''}: "
              f"{net['games'] / max(net['seconds'], 1e-9):,.0f} self-play games a second "
              "on one core shared with other work (the training log has each chunk's rate)."]
    if data.get("variants"):
        run = f" (`{data['variants_command']}`)" if data.get("variants_command") else ""
        lines += ["", "Dutch and Acey-Deucey (no outside evaluator exists): the 0-ply net against the pips and "
                  f"random bots, cubeless (Acey-Deucey pays per checker left){run}:", "",
                  "| game | opponent | net trained | games | net win rate | net points a game |",
                  "|---|---|---:|---:|---:|---:|"]
        for v in data["variants"]:
            lines.append(f"| {v['rules']} | {v['opponent']} | {v['net_games']:,} games, {v['net_seconds'] / 60:.0f} "
                         f"min | {v['games']:,} | {100 * v['win_rate']:.1f}% +- {100 * v['win_rate_half_width']:.1f} | "
                         f"{v['points_per_game']:+.2f} +- {v['points_per_game_half_width']:.2f} |")
    if data.get("learning_curve"):
        earlier = sorted({c["measured"] for c in data["learning_curve"] if c.get("measured")})
        note = (f"; rows marked * were measured on {', '.join(earlier)} from snapshots of the same run no longer "
                "kept" if earlier else "")
        run = ("the training run of one of its members" + (f", {data['curve_run']}" if data.get("curve_run") else "")
               if net.get("members") else "the one training run")
        shipped = ("the combined net above, at its members' games in all" if net.get("members") else "the net above")
        raw = [c["games"] for c in data["learning_curve"] if not c.get("features")]
        if raw and len(raw) < len(data["learning_curve"]):       # the run went on with the features added
            raw = max(raw)
            run += (f"; after {raw:,} games the hand-made features were added, the raw encoding's weights kept "
                    "and the features' starting at zero")
        lines += ["", f"Strength against training games (snapshots of {run}, 0-ply, against pubeval; "
                  f"the row marked shipped is {shipped}{note}):", "",
                  "| self-play games | minutes | games played | win rate | points a game |", "|---:|---:|---:|---:|---:|"]
        lines += [f"| {c['games']:,}{' (shipped)' if c.get('shipped') else ' *' if c.get('measured') else ''} | "
                  f"{c['minutes']:.0f} | {c['played']:,} | {100 * c['win_rate']:.1f}% +- "
                  f"{100 * c['win_rate_half_width']:.1f} | {c['points_per_game']:+.3f} +- "
                  f"{c['points_per_game_half_width']:.3f} |" for c in data["learning_curve"]]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
