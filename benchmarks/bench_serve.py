"""``odds serve``: the time until the page answers, and a question's latency once it is warm.

Ready: ``odds serve`` started in a fresh process until its first page comes back (best of
``--starts``; target under 3 s from a warm store). Latency: the same questions over HTTP from the
running server, the first (which imports the game's modules and reads its stored tables) and the
best and median of ``--repeat`` more (target under 0.1 s warm). The peer is the same question asked
of ``odds ... --json`` in a fresh process, what a player at a terminal waits for; the ratio is
fresh command / warm page. The last row asks the first question again while a long match runs
as a background job (the server keeps answering). No numba kernel is compiled on these paths: the
table questions answer in plain Python from stored tables, and the evaluator's and the bots'
kernels load from numba's on-disk cache (compiled once, at the first run after install).

    python benchmarks/bench_serve.py [--repeat 20] [--starts 3]
"""

from __future__ import annotations

import argparse
import json
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

from _timing import markdown_table, record

ROOT = Path(__file__).resolve().parents[1]
#: (name, page query, the same question at the command line)
QUESTIONS = [
    ("bluff call", "/api/bluff?" + urllib.parse.urlencode({"dice": "3 3 * 5 1", "opponents": "5 5", "bid": "4x3"}),
     ["bluff", "call", "--dice", "3 3 * 5 1", "--opponents", "5", "5", "--bid", "4x3"]),
    ("bluff call history", "/api/bluff?" + urllib.parse.urlencode(
        {"dice": "3 3 * 5 1", "opponents": "6 7", "bid": "7x3", "history": "1:4x3 2:5x3 me:6x3 1:6x5"}),
     ["bluff", "call", "--dice", "3 3 * 5 1", "--opponents", "6", "7", "--bid", "7x3",
      "--history", "1:4x3 2:5x3 me:6x3 1:6x5"]),
    ("yacht advise", "/api/yacht?" + urllib.parse.urlencode({"dice": "6 6 6 2 1", "rolls": "2"}),
     ["yacht", "advise", "--dice", "6 6 6 2 1", "--rolls-left", "2"]),
    ("brag see", "/api/brag?" + urllib.parse.urlencode({"hand": "KS KH 7D", "pot": "10", "stake": "2"}),
     ["brag", "see", "KS KH 7D", "--pot", "10", "--stake", "2"]),
    ("bluff call, a bot's decision", "/api/bluff?" + urllib.parse.urlencode(
        {"dice": "3 3 * 5 1", "opponents": "5", "bid": "4x3", "bot": "bayes"}),
     ["bluff", "play", "--dice", "3 3 * 5 1", "--opponents", "5", "--history", "1:4x3", "--bot", "bayes"]),
    ("bluff call, the solved 5v5 strategy's decision", "/api/bluff?" + urllib.parse.urlencode(
        {"dice": "3 3 * 5 1", "opponents": "5", "bid": "4x3"}),
     ["bluff", "play", "--dice", "3 3 * 5 1", "--opponents", "5", "--history", "1:4x3"]),
    ("bluff call, the same with search", "/api/bluff?" + urllib.parse.urlencode(
        {"dice": "3 3 * 5 1", "opponents": "5", "bid": "4x3", "bot": "search"}),
     ["bluff", "play", "--dice", "3 3 * 5 1", "--opponents", "5", "--history", "1:4x3", "--search"]),
    # The page asks moves, hint, eval, cube, race and bear-off at once; the peer is the hint alone.
    ("backgammon plays ranked, 0-ply",
     "/api/backgammon?" + urllib.parse.urlencode({"id": "4HPwATDgc/ABMA", "roll": "31"}),
     ["backgammon", "hint", "--id", "4HPwATDgc/ABMA", "--roll", "31"]),
    ("backgammon plays ranked, 1-ply", "/api/backgammon?" + urllib.parse.urlencode(
        {"id": "4HPwATDgc/ABMA", "roll": "31", "ply": "1"}),
     ["backgammon", "hint", "--id", "4HPwATDgc/ABMA", "--roll", "31", "--ply", "1"]),
    ("bluff page (HTML)", "/bluff?" + urllib.parse.urlencode({"dice": "3 3 * 5 1", "opponents": "5 5", "bid": "4x3"}),
     None),
]
READY_TARGET_S, WARM_TARGET_S = 3.0, 0.1


def _odds() -> list[str]:
    script = Path(sys.executable).with_name("odds")
    return [str(script)] if script.exists() else [sys.executable, "-m", "analysis.cli.main"]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _get(url: str) -> float:
    began = time.perf_counter()
    with urllib.request.urlopen(url, timeout=600) as reply:
        reply.read()
    return time.perf_counter() - began


def _post(url: str, data: dict | None = None) -> dict:
    body = urllib.parse.urlencode(data or {}).encode()
    with urllib.request.urlopen(urllib.request.Request(url, body, method="POST"), timeout=60) as reply:
        return json.loads(reply.read())


def during_a_job(base: str, path: str, repeat: int) -> tuple[float, float, int]:
    """A table question asked ``repeat`` times while a long match runs as a job (best, median, and
    the games the job had played by the end: it was working all along), then the job cancelled."""
    job = _post(base + "/api/jobs/backgammon/match", {"bots": "pips,random", "games": "1000000"})
    try:
        while json.loads(urllib.request.urlopen(f"{base}/api/jobs/{job['id']}", timeout=60).read())["done"] == 0:
            time.sleep(0.1)
        times = [_get(base + path) for _ in range(repeat)]
    finally:
        stopped = _post(f"{base}/api/jobs/{job['id']}/cancel")
    return min(times), statistics.median(times), stopped["done"]


def start(port: int) -> tuple[subprocess.Popen, float]:
    """A fresh ``odds serve`` and the seconds until its front page answers."""
    began = time.perf_counter()
    server = subprocess.Popen([*_odds(), "serve", "--port", str(port)], cwd=ROOT,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    while True:
        try:
            _get(f"http://127.0.0.1:{port}/")
            return server, time.perf_counter() - began
        except OSError:
            if server.poll() is not None:
                raise SystemExit(f"odds serve stopped: {server.stderr.read().decode()[-400:]}")
            time.sleep(0.01)


def stop(server: subprocess.Popen) -> None:
    server.send_signal(signal.SIGINT)
    server.wait(30)


def fresh_command(argv: list[str], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        began = time.perf_counter()
        subprocess.run([*_odds(), *argv, "--json"], cwd=ROOT, capture_output=True, check=True)
        best = min(best, time.perf_counter() - began)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20, help="warm requests per question (default 20)")
    parser.add_argument("--starts", type=int, default=3, help="fresh starts of the server (default 3)")
    args = parser.parse_args()

    for _, _, argv in QUESTIONS:      # warm the store (a first run may build tables) and the disk cache
        if argv:
            subprocess.run([*_odds(), *argv, "--json"], cwd=ROOT, capture_output=True, check=True)
    ready = []
    for _ in range(args.starts):
        server, seconds = start(_free_port())
        ready.append(seconds)
        stop(server)
    port = _free_port()
    server, _ = start(port)
    rows = []
    try:
        for name, path, argv in QUESTIONS:
            url = f"http://127.0.0.1:{port}{path}"
            first = _get(url)
            warm = [_get(url) for _ in range(args.repeat)]
            peer = fresh_command(argv, 3) if argv else None
            best, median = min(warm), statistics.median(warm)
            rows.append([name, f"{first * 1000:.0f} ms", f"{best * 1000:.1f} ms", f"{median * 1000:.1f} ms",
                         f"{peer:.2f} s" if peer else "-", f"{peer / median:.0f}x" if peer else "-",
                         "yes" if median < WARM_TARGET_S else "no"])
            print(*rows[-1], sep="  ")
        best, median, played = during_a_job(f"http://127.0.0.1:{port}", QUESTIONS[0][1], args.repeat)
        rows.append([f"{QUESTIONS[0][0]}, while a match runs as a job ({played:,} games played meanwhile)", "-",
                     f"{best * 1000:.1f} ms", f"{median * 1000:.1f} ms", "-", "-",
                     "yes" if median < WARM_TARGET_S else "no"])
        print(*rows[-1], sep="  ")
    finally:
        stop(server)
    print(f"ready: best {min(ready):.2f} s of {len(ready)} starts")
    table = markdown_table(["question", "first request", "warm best", "warm median",
                            "peer: odds --json, fresh process (best of 3)", "ratio (peer / warm median)",
                            f"under {WARM_TARGET_S * 1000:.0f} ms"], rows)
    record("bench_serve", f"`odds serve` ready (fresh process until the front page answers, warm store): best "
                          f"{min(ready):.2f} s, median {statistics.median(ready):.2f} s of {len(ready)} starts "
                          f"(target under {READY_TARGET_S:.0f} s).\n\nA question over HTTP from the running server "
                          f"(first request, then {args.repeat} more):\n\n{table}")


if __name__ == "__main__":
    main()
