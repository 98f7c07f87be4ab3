"""TD(lambda) self-play training of the evaluator (the loop around ``_net.train_games``).

Games run in chunks of ``chunk`` games; the step size of a chunk is
``alpha * halflife / (halflife + first game of the chunk)``. Game g's dice come from a
generator seeded with (seed, g), and checkpoints are written only between chunks, so a
run stopped and resumed from its file continues bit for bit as the unbroken run would.
"""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import numpy as np

from analysis.errors import InvalidArgument
from analysis.progress import Progress
from analysis.backgammon import _net
from analysis.backgammon.net import database
from analysis.backgammon.rules import BackgammonRules, preset
from analysis.backgammon.weights import load_weights, new_net, save_weights

#: The settings a run is defined by: a resumed run must use the same ones.
SETTINGS = ("preset", "seed", "hidden", "alpha", "halflife", "lam", "chunk")


def _commit() -> str:
    root = Path(__file__).resolve().parents[2]
    try:
        head = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True, text=True,
                              timeout=10).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(root), "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return (head or "unknown") + ("+changes" if dirty else "")


def _log_line(logfile, text: str) -> None:
    """One time-stamped line of a run's log (none without a log file)."""
    if logfile:
        logfile.write(time.strftime("%Y-%m-%d %H:%M:%S ") + text + "\n")
        logfile.flush()


def train(rules: BackgammonRules | str, games: int, seed: int, out, hidden: int = 128, alpha: float = 0.1,
          halflife: int = 200_000, lam: float = 0.0, chunk: int = 500, checkpoint_seconds: float = 180.0,
          log=None, command: str = "", snapshots=None, resume: bool = True, features: bool = False, start_from=None,
          snapshot_every: int = 0) -> dict:
    """Train (or continue training) the net in ``out`` up to ``games`` games; returns the record.
    ``features``: the raw encoding and the hand-made features (a net of ``_net.INPUTS`` inputs);
    otherwise the raw encoding alone (``_net.RAW_INPUTS``; the shipped Dutch and Acey-Deucey nets). ``start_from``: a
    trained net's file to go on from (its weights and games; these settings from here on), when
    ``out`` does not exist yet; a raw net started with ``features`` gains the features' inputs with
    zero weights, and a net of fewer than ``hidden`` hidden units gains the others with zero output weights.
    ``snapshots``: a folder for copies at the learning curve's milestones and, with ``snapshot_every``, at every
    multiple of that many games (the members of an :func:`average`)."""
    rules = preset(rules)
    for name, value, low in (("games", games, 0), ("seed", seed, 0), ("hidden", hidden, 1), ("chunk", chunk, 1),
                             ("snapshot_every", snapshot_every, 0)):
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise InvalidArgument(f"{name}={value!r} is not allowed; use a whole number of at least {low}.")
    if not 0 < alpha <= 10 or not 0 <= lam < 1 or halflife < 1:
        raise InvalidArgument("alpha must lie in (0, 10], lambda in [0, 1) and the half-life be at least 1 game.")
    out = Path(out)
    inputs = _net.INPUTS if features else _net.RAW_INPUTS
    settings = {"preset": rules.name, "seed": seed, "hidden": hidden, "alpha": alpha, "halflife": halflife,
                "lam": lam, "chunk": chunk}
    if resume and out.exists():
        net, record = load_weights(out, rules.name)
        changed = [k for k in SETTINGS if record.get(k) != settings[k]]
        if net["w1"].shape[0] != inputs:
            changed.append("features")
        if changed:
            raise InvalidArgument(f"{out} was trained with other settings ({', '.join(changed)}); resume it with "
                                  "the same ones or write to a new file.")
        done, seconds = int(record["games"]), float(record["seconds"])
        if "start_from" in record:
            settings["start_from"] = record["start_from"]
    elif start_from is not None:
        net, base = load_weights(start_from, rules.name)
        grown = features and net["w1"].shape[0] == _net.RAW_INPUTS
        if grown:
            # The features enter with zero weights: the grown net plays exactly as the raw one did, and
            # training from there learns what the features add (a net of them trained from nothing
            # learned more slowly than the raw one).
            net["w1"] = np.vstack([net["w1"], np.zeros((inputs - _net.RAW_INPUTS, net["w1"].shape[1]))])
        added = hidden - net["w1"].shape[1]
        if added > 0 and net["w1"].shape[0] == inputs:
            # New hidden units see the inputs through small random weights (as a new net's do, from the seed) and
            # reach the outputs through zero ones: the grown net first plays exactly as the trained one did.
            fresh = new_net(added, seed, inputs)
            net["w1"] = np.hstack([net["w1"], fresh["w1"]])
            net["b1"] = np.concatenate([net["b1"], fresh["b1"]])
            net["w2"] = np.hstack([net["w2"], np.zeros((net["w2"].shape[0], added))])
        if net["w1"].shape != (inputs, hidden):
            raise InvalidArgument(f"{start_from} holds a net of {net['w1'].shape[0]} inputs and {net['w1'].shape[1]} "
                                  f"hidden units, not {inputs} and {hidden}.")
        done, seconds = int(base["games"]), float(base["seconds"])
        settings["start_from"] = {"file": str(start_from), "games": done, "command": base.get("command"),
                                  "commit": base.get("commit"), "seconds": seconds, "alpha": base.get("alpha"),
                                  "halflife": base.get("halflife"), "features_added": grown,
                                  "hidden_added": max(added, 0)}
    else:
        net, done, seconds = new_net(hidden, seed, inputs), 0, 0.0
    db_win, ways = database(rules)
    code = rules.variant_code
    args = (code, float(rules.gammon_value), float(rules.backgammon_value), rules.backgammon_needs_gammon)
    logfile = open(log, "a") if log else None
    commit = _commit()      # the code this run started from (later commits do not change a running process)

    def record_now():
        return {**settings, "games": done, "seconds": round(seconds, 1), "command": command,
                "commit": commit, "inputs": inputs, "outputs": _net.OUTPUTS}

    def say(text):
        _log_line(logfile, text)

    say(f"start: {rules.name}, games {done} -> {games}, seed {seed}, hidden {hidden}, alpha {alpha}, "
        f"half-life {halflife}, lambda {lam}")
    last_save = time.perf_counter()
    stats = np.zeros(2, dtype=np.int64)
    try:
        with Progress(f"training the {rules.name} net ({done} of {games} games done)", total=max(games - done, 1)) as bar:
            while done < games:
                size = min(chunk - done % chunk, games - done)
                step = alpha * halflife / (halflife + (done - done % chunk))
                stats[:] = 0
                began = time.perf_counter()
                _net.train_games(net["w1"], net["b1"], net["w2"], net["b2"], done, size, seed, *args, step, lam,
                                 db_win, ways, stats)
                spent = time.perf_counter() - began
                seconds += spent
                done += size
                bar.advance(size)
                say(f"games {done}: {size / spent:.1f} games/s, {stats[0] / size:.1f} plies a game, "
                    f"first mover won {100 * stats[1] / size:.1f}%, step {step:.4f}, {seconds:.0f} s in all")
                boundary = done % chunk == 0 or done == games
                if boundary and (time.perf_counter() - last_save >= checkpoint_seconds or done == games):
                    save_weights(out, rules.name, net, record_now())
                    last_save = time.perf_counter()
                    say(f"checkpoint: {out} at {done} games")
                if snapshots and boundary and (_milestone(done) or snapshot_every and done % snapshot_every == 0):
                    Path(snapshots).mkdir(parents=True, exist_ok=True)
                    save_weights(Path(snapshots) / f"{rules.name}-{done}.podds", rules.name, net, record_now())
        if not out.exists():        # nothing left to play: the started (or grown) net is the file
            save_weights(out, rules.name, net, record_now())
    finally:
        if logfile:
            logfile.close()
    return record_now()


def combine(rules: BackgammonRules | str, paths, out, command: str = "") -> dict:
    """One net from several trained nets of ``rules`` (an ensemble written as one network); returns its record.

    The combined net's hidden layer is the members' hidden units side by side; its output layer
    weighs each member's units by 1/k and averages the members' output biases, so every output's sum
    before the sigmoid is the mean of the members' sums: the members' chances are averaged on the
    log-odds scale. It is read, evaluated and trained like any net (the forward pass takes any
    number of hidden units); the members must share the encoding. Whether the average of independent
    runs plays better than each is measured in docs/backgammon.md (for the standard net it did not)."""
    rules = preset(rules)
    paths = [Path(p) for p in paths]
    if len(paths) < 2:
        raise InvalidArgument("Combine at least two trained nets.")
    members = [load_weights(p, rules.name) for p in paths]
    inputs = {net["w1"].shape[0] for net, _ in members}
    if len(inputs) > 1:
        raise InvalidArgument("The nets to combine read different encodings (with and without the hand-made "
                              "features); combine nets of one encoding.")
    k = len(members)
    net = {"w1": np.concatenate([m["w1"] for m, _ in members], axis=1),
           "b1": np.concatenate([m["b1"] for m, _ in members]),
           "w2": np.concatenate([m["w2"] for m, _ in members], axis=1) / k,
           "b2": sum(m["b2"] for m, _ in members) / k}
    parts = [{"file": str(p), "games": int(r["games"]), "seconds": float(r["seconds"]), "hidden": int(m["b1"].size),
              "seed": r.get("seed"), "command": r.get("command"), "commit": r.get("commit"),
              **({"combined": r["combined"]} if "combined" in r else {})} for p, (m, r) in zip(paths, members)]
    record = {"preset": rules.name, "combined": parts, "games": sum(p["games"] for p in parts),
              "seconds": round(sum(p["seconds"] for p in parts), 1), "hidden": int(net["b1"].size),
              "seed": members[0][1].get("seed"), "command": command, "commit": _commit(),
              "inputs": inputs.pop(), "outputs": _net.OUTPUTS}
    save_weights(out, rules.name, net, record)
    return record


def average(rules: BackgammonRules | str, paths, out, command: str = "") -> dict:
    """One net whose every weight is the mean of that weight in several snapshots of training; returns its record.

    Snapshots of one self-play run (or of runs gone on from one trained net) keep their hidden units in
    step, so their weights can be averaged unit by unit (as stochastic weight averaging does along a
    run); independent runs cannot (their units are in no common order: :func:`combine` those). The
    record lists every member's; its games and seconds are the budget of the runs the members come from:
    each run's games beyond the net it started from, once, plus that start's."""
    rules = preset(rules)
    paths = [Path(p) for p in paths]
    if len(paths) < 2:
        raise InvalidArgument("Average at least two trained nets.")
    members = [load_weights(p, rules.name) for p in paths]
    if len({m["w1"].shape for m, _ in members}) > 1:
        raise InvalidArgument("The nets to average have different shapes (inputs or hidden units); average "
                              "snapshots of one training run.")
    net = {name: np.mean([m[name] for m, _ in members], axis=0) for name in ("w1", "b1", "w2", "b2")}
    parts = [{"file": str(p), "games": int(r["games"]), "seconds": float(r["seconds"]), "seed": r.get("seed"),
              "command": r.get("command"), "commit": r.get("commit"),
              "start_games": int(r.get("start_from", {}).get("games", 0)),
              "start_seconds": float(r.get("start_from", {}).get("seconds", 0.0))} for p, (m, r) in zip(paths, members)]
    runs = {}
    for part, (_, r) in zip(parts, members):        # the latest snapshot of each run holds its budget
        run = (part["command"], part["start_games"], *(r.get(k) for k in SETTINGS))
        if run not in runs or part["games"] > runs[run]["games"]:
            runs[run] = part
    start = max(run["start_games"] for run in runs.values())
    # A start's seconds are in the records of runs begun since they were kept; for older ones the start's time
    # is counted with each run (an over-count, never an under-count).
    shared = min(run["start_seconds"] for run in runs.values())
    record = {"preset": rules.name, "averaged": parts,
              "games": start + sum(run["games"] - run["start_games"] for run in runs.values()),
              "seconds": round(sum(run["seconds"] for run in runs.values()) - (len(runs) - 1) * shared, 1),
              "hidden": int(net["b1"].size), "seed": members[0][1].get("seed"), "command": command,
              "commit": _commit(), "inputs": int(net["w1"].shape[0]), "outputs": _net.OUTPUTS}
    save_weights(out, rules.name, net, record)
    return record


def _milestone(games: int) -> bool:
    """1, 2 and 5 times a power of ten, from 1,000 games: the points of a learning curve."""
    if games < 1000:
        return False
    while games % 10 == 0:
        games //= 10
    return games in (1, 2, 5)


#: The settings a refinement is defined by: a resumed one must use the same ones.
REFINE_SETTINGS = ("games", "keep_one_in", "epochs", "alpha", "seed")
#: Room for the positions a round keeps: games last about 55 plies (Acey-Deucey's longer); a round
#: that fills it stops there.
MOST_PLIES_A_GAME = 150


def refine(rules: BackgammonRules | str, base, out, rounds: int, games: int, seed: int, keep_one_in: int = 4,
           epochs: int = 3, alpha: float = 0.01, log=None, command: str = "", piece: int = 2000) -> dict:
    """Supervised refinement of the net in ``base`` by its own 1-ply look-ahead, written to ``out``.

    Each round plays ``games`` 0-ply self-play games with the current net (the dice of round r's game
    g from (seed + r, g)), keeps one position in ``keep_one_in``, values every kept position at
    1-ply by the current net, and fits the net to those values for ``epochs`` passes (step size
    ``alpha``, halved each pass, the order shuffled from (seed, r, pass)). The file is written after
    each round; run again with more ``rounds`` to go on from it (bit for bit as an unbroken run).
    """
    rules = preset(rules)
    for name, value, low in (("rounds", rounds, 1), ("games", games, 1), ("seed", seed, 0),
                             ("keep_one_in", keep_one_in, 1), ("epochs", epochs, 1)):
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise InvalidArgument(f"{name}={value!r} is not allowed; use a whole number of at least {low}.")
    if not 0 < alpha <= 10:
        raise InvalidArgument("the refinement's step size must lie in (0, 10].")
    out = Path(out)
    settings = {"games": games, "keep_one_in": keep_one_in, "epochs": epochs, "alpha": alpha, "seed": seed}
    if out.exists():
        net, record = load_weights(out, rules.name)
        done_before = record.get("refinement", {})
        changed = [k for k in REFINE_SETTINGS if done_before.get(k) != settings[k]]
        if changed:
            raise InvalidArgument(f"{out} was refined with other settings ({', '.join(changed)}); go on with "
                                  "the same ones or write to a new file.")
        done, seconds = int(done_before["rounds"]), float(done_before["seconds"])
        record = {k: v for k, v in record.items() if k != "refinement"}
    else:
        net, record = load_weights(base, rules.name)
        done, seconds = 0, 0.0
    db_win, ways = database(rules)
    args = (rules.variant_code, float(rules.gammon_value), float(rules.backgammon_value),
            rules.backgammon_needs_gammon)
    table_rules = np.array([rules.variant_code, rules.gammon_value, rules.backgammon_value,
                            int(rules.backgammon_needs_gammon)], dtype=np.int64)
    logfile = open(log, "a") if log else None
    commit = _commit()

    def say(text):
        _log_line(logfile, text)

    say(f"refine: {rules.name}, rounds {done} -> {rounds}, {games} games a round, one position in {keep_one_in}, "
        f"{epochs} passes, step {alpha}, seed {seed}")
    try:
        while done < rounds:
            began = time.perf_counter()
            layers = (net["w1"], net["b1"], net["w2"], net["b2"])
            boards = np.zeros((games * MOST_PLIES_A_GAME // keep_one_in + 1000, 52), dtype=np.int8)
            count = _net.selfplay_positions(*layers, 0, games, seed + done, *args, db_win, ways, keep_one_in, boards)
            boards = boards[:count]
            targets = np.empty((count, _net.OUTPUTS))
            with Progress(f"round {done + 1}: valuing {count:,} positions at 1-ply", total=count) as bar:
                for start in range(0, count, piece):
                    stop = min(count, start + piece)
                    targets[start:stop] = _net.positions_value(*layers, boards[start:stop], table_rules, db_win,
                                                               ways, 1)
                    bar.advance(stop - start)
            say(f"round {done + 1}: {count} positions valued at 1-ply, {time.perf_counter() - began:.0f} s")
            for epoch in range(epochs):
                order = np.random.default_rng([seed, done, epoch]).permutation(count)
                error = _net.fit_positions(*layers, boards, targets, order, alpha / 2 ** epoch, rules.variant_code)
                say(f"round {done + 1}, pass {epoch + 1}: mean squared error {error:.6f}")
            seconds += time.perf_counter() - began
            done += 1
            record_now = {**record, "refinement": {**settings, "rounds": done, "seconds": round(seconds, 1),
                                                   "positions_last_round": int(count), "command": command,
                                                   "commit": commit, "base": str(base)}}
            save_weights(out, rules.name, net, record_now)
            say(f"round {done}: written to {out}, {seconds:.0f} s in all")
    finally:
        if logfile:
            logfile.close()
    net, record = load_weights(out, rules.name) if out.exists() else (net, record)
    return record
