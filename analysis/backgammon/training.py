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


def train(rules: BackgammonRules | str, games: int, seed: int, out, hidden: int = 128, alpha: float = 0.1,
          halflife: int = 200_000, lam: float = 0.0, chunk: int = 500, checkpoint_seconds: float = 180.0,
          log=None, command: str = "", snapshots=None, resume: bool = True) -> dict:
    """Train (or continue training) the net in ``out`` up to ``games`` games; returns the record."""
    rules = preset(rules)
    for name, value, low in (("games", games, 0), ("seed", seed, 0), ("hidden", hidden, 1), ("chunk", chunk, 1)):
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise InvalidArgument(f"{name}={value!r} is not allowed; use a whole number of at least {low}.")
    if not 0 < alpha <= 10 or not 0 <= lam < 1 or halflife < 1:
        raise InvalidArgument("alpha must lie in (0, 10], lambda in [0, 1) and the half-life be at least 1 game.")
    out = Path(out)
    settings = {"preset": rules.name, "seed": seed, "hidden": hidden, "alpha": alpha, "halflife": halflife,
                "lam": lam, "chunk": chunk}
    if resume and out.exists():
        net, record = load_weights(out, rules.name)
        changed = [k for k in SETTINGS if record.get(k) != settings[k]]
        if changed:
            raise InvalidArgument(f"{out} was trained with other settings ({', '.join(changed)}); resume it with "
                                  "the same ones or write to a new file.")
        done, seconds = int(record["games"]), float(record["seconds"])
    else:
        net, done, seconds = new_net(hidden, seed), 0, 0.0
    db_win, ways = database(rules)
    code = rules.variant_code
    args = (code, float(rules.gammon_value), float(rules.backgammon_value), rules.backgammon_needs_gammon)
    logfile = open(log, "a") if log else None
    commit = _commit()      # the code this run started from (later commits do not change a running process)

    def record_now():
        return {**settings, "games": done, "seconds": round(seconds, 1), "command": command,
                "commit": commit, "inputs": _net.INPUTS, "outputs": _net.OUTPUTS}

    def say(text):
        if logfile:
            logfile.write(time.strftime("%Y-%m-%d %H:%M:%S ") + text + "\n")
            logfile.flush()

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
                if snapshots and boundary and _milestone(done):
                    Path(snapshots).mkdir(parents=True, exist_ok=True)
                    save_weights(Path(snapshots) / f"{rules.name}-{done}.podds", rules.name, net, record_now())
    finally:
        if logfile:
            logfile.close()
    return record_now()


def _milestone(games: int) -> bool:
    """1, 2 and 5 times a power of ten, from 1,000 games: the points of a learning curve."""
    if games < 1000:
        return False
    while games % 10 == 0:
        games //= 10
    return games in (1, 2, 5)
