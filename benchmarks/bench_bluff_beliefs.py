"""Beliefs from the bids and the round played out: what a player waits for at the table.

Timed, each in a fresh process from a warm cache (the count tables in the store, the numba
kernels compiled once beforehand):

- ``odds bluff call`` with a history at 28 dice in play (4 players x 7 dice; the beliefs are
  exact: 792 hands per opponent, every bid of the history weighed for each);
- the same with ``--rollouts 10000`` (every raise within 3 counts played out 10,000 times);
- the README's played-out question (3 3 * 5 1 against 6 and 7 dice, 7x3 after five bids) with
  ``--rollouts 10000``: the target is under 2 s.

Wall and processor time are both printed, with the load average: on a shared machine the wall
time carries everyone's load. Beside them, the processor time of a game with the ``bayes`` bot
(``BAYES_GAMES``). Measured on the project's 2-core machine (load about 2), milliseconds of
processor time a game with the heads-up rule and its pruning; in brackets, before the heads-up rule
(the first two as this benchmark measured them, the others the strength table's wall time a game):

    Bluff, bayes + 3 threshold (7 dice each)    2.5   (3.4)
    Perudo, bayes + 3 threshold (5 dice each)   1.1   (1.5)
    Bluff, bayes + 3 honest (7 dice each)       2.9   (28)
    Bluff, bayes + threshold (15 dice each)    25.0   (95)
    Bluff, bayes + honest (15 dice each)       22.7   (92)

The bracketed figures are of other games (the heads-up rule changes the play, and so the games'
lengths), and the wall times carried the machine's load. The rule's own
cost is a pass over the opponent's hands for each believable raise (0.19 ms at 15 dice: 15,504
hands); the pruning (``_call_bound``) skips the raises that cannot be best without that pass: two-player
Bluff takes 25.0 and 22.7 ms a game with it, 42.4 and 38.7 without, with the same winner in every
game compared (10,000 games over nine tables).

Beside them, the in-process time of the beliefs alone and a plain-Python enumeration of
every deal for the same question on a small table (3 players x 2 dice), which must agree to
1e-12 before any time is printed. The peer: no published tool reads a round's bids as
evidence, so the baseline is the brute-force enumeration the method replaces.

Run: ``python benchmarks/bench_bluff_beliefs.py``
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time

from _timing import markdown_table, record

CALL = ["bluff", "call", "--preset", "bluff", "--dice", "3 3 * 5 1 2 2", "--opponents", "7", "7", "7",
        "--bid", "9x3", "--history", "1:4x3 2:5x3 3:6x3 me:7x3 1:7x5 2:8x3 3:9x3"]
#: The bayes bot's games timed: the headline table, Perudo, and the dearest tables (two players of Bluff hold 15
#: dice each: 15,504 hands per posterior).
BAYES_GAMES = (("bluff", "bayes,threshold,threshold,threshold", 300),
               ("perudo", "bayes,threshold,threshold,threshold", 300),
               ("bluff", "bayes,honest,honest,honest", 300), ("bluff", "bayes,threshold", 100),
               ("bluff", "bayes,honest", 100))
#: The played-out ranking as the README asks it: 18 dice in play, 24 raises within reach, 10,000 rollouts each.
PLAYED_OUT = ["bluff", "call", "--preset", "bluff", "--dice", "3 3 * 5 1", "--opponents", "6", "7", "--bid", "7x3",
              "--history", "1:4x3 2:5x3 me:6x3 1:6x5 2:7x3", "--rollouts", "10000"]


def fresh(arguments, repeat=3) -> tuple[float, float]:
    """Best wall time and best processor time (user + system, every thread) of ``odds ARGUMENTS`` in a fresh
    interpreter: on a shared machine the wall time carries the other jobs' load, the processor time does not."""
    walls, cpus = [], []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "analysis.cli.main", *arguments], capture_output=True, text=True)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        if done.returncode != 0:
            raise SystemExit(done.stderr)
    return min(walls), min(cpus)


def main() -> None:
    sys.path.insert(0, ".")
    from analysis.bluff import beliefs, parse_dice, parse_history, preset
    from analysis.bluff.bids import Bid
    from tests.bluff import reference
    from analysis.bluff.bids import legal_raises

    rules = preset("bluff")
    # Agreement first: the exact beliefs against every deal of a 3 x 2 table.
    history = parse_history(rules, "1:1x3 2:2x5 me:*2 1:4x3 2:4x4", 3)
    mine = parse_dice(rules, "3 *")
    start = time.perf_counter()
    ours = beliefs(rules, mine, (2, 2), history).bid_odds(Bid(4, 4))
    ours_time = time.perf_counter() - start

    def raises_of(previous):
        before = None if previous is None else Bid(*previous)
        return [(b.count, b.face) for b in legal_raises(rules, before, 6)]

    start = time.perf_counter()
    p_true, _, _ = reference.posterior_by_enumeration(
        "bluff", mine, (2, 2, 2), [(t.player, (t.bid.count, t.bid.face)) for t in history], raises_of,
        (8.0, 0.1, 0.0, 0.0), False, (4, 4))
    brute_time = time.perf_counter() - start
    assert abs(p_true - ours.p_true) < 1e-12
    print(f"3 players x 2 dice, 5 bids: exact beliefs {ours_time * 1e3:.1f} ms, every deal enumerated "
          f"{brute_time * 1e3:.0f} ms ({brute_time / ours_time:.0f}x), agreeing to 1e-12")

    seen_time = time.perf_counter()
    big = parse_history(rules, CALL[-1], 4)
    beliefs(rules, parse_dice(rules, "3 3 * 5 1 2 2"), (7, 7, 7), big).bid_odds(Bid(9, 3))
    seen_time = time.perf_counter() - seen_time
    print(f"28 dice in play, 7 bids: beliefs in process {seen_time * 1e3:.0f} ms")
    rows = [["exact beliefs, 3 players x 2 dice, 5 bids (in process)", f"{ours_time * 1e3:.1f} ms",
             f"every deal enumerated in plain Python: {brute_time * 1e3:.0f} ms",
             f"{brute_time / ours_time:.1f}x"],
            ["exact beliefs, 28 dice in play, 7 bids (in process)", f"{seen_time * 1e3:.0f} ms", "", ""]]

    # The bayes bot's games (its beliefs updated after every bid): one core, in process, processor time.
    from analysis.bluff.play.tournament import seat_wins

    seat_wins(rules, "bayes,threshold,threshold,threshold", 0, 2)  # load the kernel
    for name, bots, games in BAYES_GAMES:
        start = time.process_time()
        seat_wins(preset(name), bots, 0, games, seed=1)
        per_game = (time.process_time() - start) / games * 1e3
        print(f"{preset(name).title}, {bots}: {per_game:.1f} ms of processor time a game ({games} games)")
        rows.append([f"a game of {preset(name).title}, {bots} ({games} games)", f"{per_game:.1f} ms processor", "", ""])

    fresh(CALL + ["--rollouts", "100"], repeat=1)  # compile the rollout kernel once
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; fresh processes, best of 3:")
    for label, arguments in (("odds bluff call --history, 28 dice", CALL),
                             ("odds bluff call --history, 28 dice, --rollouts 10000", CALL + ["--rollouts", "10000"]),
                             ("odds bluff call (3 3 * 5 1 against 6 and 7 dice) --rollouts 10000", PLAYED_OUT)):
        wall, cpu = fresh(arguments)
        print(f"{label}: {wall:.2f} s wall, {cpu:.2f} s processor")
        rows.append([f"fresh process, best of 3: `{label}`", f"{wall:.2f} s wall, {cpu:.2f} s processor",
                     "", ""])
    record("bench_bluff_beliefs", "Beliefs from a round's bids and the round played out. No published tool reads "
           "the bids as evidence, so the peer is the brute-force enumeration the method replaces (they agree to "
           "1e-12). Target for the played-out question: under 2 s.\n\n"
           + markdown_table(["task", "this toolkit", "peer", "ratio"], rows))


if __name__ == "__main__":
    main()
