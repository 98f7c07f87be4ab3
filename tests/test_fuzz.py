"""Fuzz the ``odds`` command: every subcommand, malformed and extreme arguments.

Each invocation must end with exit code 0, or with exit code 2 and one line on
stderr; never a traceback, never past its time budget, never a memory blow-up.

Hypothesis draws the invocations (a fixed seed: the same ones every run; ``python
tests/test_fuzz.py --explore N`` draws new ones); each batch runs in one child process
(``python tests/test_fuzz.py BATCH.json``) that imports the CLI once and calls
``main(argv)`` for each, under an address-space limit, recording the exit code,
output and time of each. The parent kills the child when the batch's time runs
out and names the invocation that was running. The whole test stays within about
a minute.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: Seconds one invocation may take (they all fail or answer at once; a table build would be slow). A
#: tournament that starts Dask's process pool takes 5-10 s on two idle cores, twice that when busy.
INVOCATION_BUDGET_S = 30
#: Seconds for one batch (the child's start-up, imports and all its invocations).
BATCH_BUDGET_S = 45
#: Address space of the child: a blow-up raises MemoryError (a traceback) instead of eating the machine.
MEMORY_LIMIT = 6 * 2 ** 30
#: Commands left out: ``report`` runs every notebook, ``cache build`` fills the whole store, ``serve``
#: runs until stopped (tests/serve/test_command.py gives it bad arguments).
SKIP = {("report",), ("cache", "build"), ("serve",)}

#: Values that no argument should accept silently or choke on: empty, huge, negative, not numbers,
#: digits from other scripts, unwritable paths, malformed addresses, rules with absurd values.
BAD_VALUES = [
    "", " ", "-1", "-7", "1e309", "inf", "nan", "1" + "0" * 30, "100000000", "99999999999999999999",
    "²", "①", "٣", "１２", "3²", "x", "🎲", "None", "-", "--", "=",
    "/nonexistent/dir/t.csv", "/proc/t.csv", "/", "/dev/full",
    "tcp://", "tls://", "tcp://:99999999", "100000000x3", "0x0", "3x", "x3", "KS KS KS", "AS 2D",
    "6 6 6 6 6 6 6 6 6", "1,2,,3", "9" * 400, "upper_bonus=1180591620717411303424", "cube_max=3",
    "no_such_field=1", "a=b=c", "hand_size=-1", "palifico=maybe",
]


#: A sound value for arguments that have no default, so that the bad value in an invocation is the
#: one it meets (not a missing hand first).
GOOD = {"bid": "3x4", "dice": "1 2 3 4 5", "hand": "KS KH 7D", "hands": "KS KH 7D", "roll": "31",
        "id": "4HPwATDgc/ABMA", "counts": "3 3 3 2 2 2", "pot": "10", "stake": "1", "opponents": "1",
        "unknown": "10", "bots": "honest,random", "players": "2", "rolls_left": "2", "closed": "2",
        "distance": "6", "bidder": "1", "face": "4", "start": "5", "iterations": "100", "target": "0.01"}


def _subcommands():
    """(path, parser) for every leaf command of ``odds``."""
    import argparse

    from analysis.cli.main import build_parser

    def walk(parser, path):
        actions = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        if not actions:
            yield path, parser
            return
        for name, child in actions[0].choices.items():
            yield from walk(child, path + (name,))

    return [(path, parser) for path, parser in walk(build_parser(), ())
            if path[:2] not in SKIP and path[:1] not in SKIP]


def _arguments(parser):
    """(option string or None for a positional, takes a value, required, nargs, a sound value) of each."""
    out = []
    for action in parser._actions:
        if action.dest == "help":
            continue
        takes_value = action.nargs != 0
        option = action.option_strings[0] if action.option_strings else None
        sound = GOOD.get(action.dest)
        if sound is None and action.default not in (None, [], False, True):
            sound = str(action.default)
        if sound is None and action.choices:
            sound = str(next(iter(action.choices)))
        out.append((option, takes_value, bool(action.required) or option is None, action.nargs, sound))
    return out


def _invocations(commands=None):
    from hypothesis import strategies as st

    commands = commands or _subcommands()

    @st.composite
    def invocation(draw):
        path, parser = draw(st.sampled_from(commands))
        argv = list(path)
        arguments = _arguments(parser)
        # One argument that takes a value gets a bad one; the others are left out or sound.
        valued = [i for i, argument in enumerate(arguments) if argument[1]] or [None]
        bad_slot = draw(st.sampled_from(valued))
        for index, (option, takes_value, required, nargs, sound) in enumerate(arguments):
            bad = index == bad_slot
            if not (required or bad or (draw(st.integers(0, 3)) == 0 and (sound is not None or not takes_value))):
                continue
            if option is not None:
                argv.append(option)
            if takes_value:
                count = 2 if nargs in ("+", "*") and draw(st.booleans()) else 1
                for _ in range(count):
                    argv.append(draw(st.sampled_from(BAD_VALUES)) if bad or sound is None else sound)
        return argv

    return invocation()


def _run_batch(batch, budget: float = BATCH_BUDGET_S):
    """Run ``batch`` (a list of argv lists) in a child; returns its records and whether it finished."""
    with tempfile.TemporaryDirectory(prefix="odds-fuzz-") as work:
        spec = Path(work, "batch.json")
        records = Path(work, "records.jsonl")
        spec.write_text(json.dumps({"batch": batch, "records": str(records)}))
        env = dict(os.environ, PYTHONPATH=str(ROOT), NUMBA_NUM_THREADS="1")
        env.setdefault("ODDS_CACHE_DIR", str(Path(work, "store")))
        try:
            subprocess.run([sys.executable, str(Path(__file__).resolve()), str(spec)], cwd=work, env=env,
                           timeout=budget, capture_output=True)
            finished = True
        except subprocess.TimeoutExpired:
            finished = False
        lines = records.read_text().splitlines() if records.exists() else []
        return [json.loads(line) for line in lines], finished


def _check(batch, records, finished):
    done = {r["index"]: r for r in records if r["kind"] == "done"}
    started = [r["index"] for r in records if r["kind"] == "start"]
    if not finished:
        running = [i for i in started if i not in done]
        culprit = batch[running[-1]] if running else "(start-up)"
        pytest.fail(f"odds {culprit} did not finish within the batch's {BATCH_BUDGET_S} s")
    for index, argv in enumerate(batch):
        record = done.get(index)
        assert record is not None, f"odds {argv}: the child stopped before it (crash or memory kill)"
        shown = f"odds {' '.join(map(repr, argv))}"
        assert "Traceback" not in record["err"], f"{shown} raised:\n{record['err'][-3000:]}"
        assert record["seconds"] <= INVOCATION_BUDGET_S, f"{shown} took {record['seconds']:.1f} s"
        assert record["code"] in (0, 2), f"{shown} exited {record['code']}: {record['err'][-500:]}"
        if record["code"] == 2:
            lines = [line for line in record["err"].splitlines() if line.strip()]
            assert len(lines) == 1, f"{shown} printed {len(lines)} lines on stderr:\n{record['err'][-2000:]}"


def draw_invocations(count: int, seed: int | None = 0, commands=None) -> list:
    """``count`` invocations drawn by hypothesis (``seed=None``: a new draw each time), of ``commands``
    (``[(path, parser)]``; default every command)."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as fix_seed

    drawn = []

    @settings(max_examples=count, deadline=None, database=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(_invocations(commands))
    def gather(argv):
        drawn.append(argv)

    (fix_seed(seed)(gather) if seed is not None else gather)()
    return drawn


#: Invocations drawn for each command (hypothesis left to pick the command missed 18 of 49).
PER_COMMAND = 5


def fuzz_invocations() -> list:
    """``PER_COMMAND`` drawn invocations of every command, in rounds: the first of each command, then
    the second of each, ... so that the first batch already reaches every command."""
    drawn = [draw_invocations(PER_COMMAND, commands=[command]) for command in _subcommands()]
    return [argvs[i] for i in range(PER_COMMAND) for argvs in drawn if i < len(argvs)]


@pytest.mark.slow
def test_every_subcommand_survives_bad_arguments():
    deadline = time.monotonic() + 60       # the suite's time stays bounded whatever the machine's load
    invocations = fuzz_invocations()
    ran = 0
    for start in range(0, len(invocations), 80):
        if time.monotonic() > deadline:
            break
        batch = invocations[start:start + 80]
        records, finished = _run_batch(batch)
        _check(batch, records, finished)
        ran += len(batch)
    assert ran, "no batch ran"


def test_every_subcommand_is_reached():
    # The fuzz draws for every leaf command, and its first batch reaches each; a new command joins
    # it without a change here.
    paths = {path for path, _ in _subcommands()}
    assert {("bluff", "call"), ("yacht", "solve"), ("brag", "equity"), ("backgammon", "moves")} <= paths
    first_batch = fuzz_invocations()[:80]
    reached = {path for path in paths for argv in first_batch if tuple(argv[:len(path)]) == path}
    assert reached == paths, sorted(paths - reached)


def _dice_bidding_edges():
    """For every numeric argument of every ``odds bluff`` command: invocations with the value just
    outside its range and values no range holds, the other arguments sound."""
    edges = []
    for path, parser in _subcommands():
        if path[0] != "bluff":
            continue
        arguments = _arguments(parser)
        actions = [a for a in parser._actions if a.dest != "help"]      # as _arguments lists them
        for action, (option, _, _, nargs, _) in zip(actions, arguments):
            bounds = getattr(action.type, "bounds", None)
            if option is None or bounds is None:
                continue
            kind, low, high = bounds
            step = 1 if kind is int else high * 1e-6
            values = [str(low - step), str(high + step), "nan" if kind is float else "1.5", "1" + "0" * 30, "²"]
            for value in values:
                argv = list(path)
                for other, (other_option, other_takes, required, other_nargs, sound) in zip(actions, arguments):
                    if other is action or not required:
                        continue
                    if other_option is not None:
                        argv.append(other_option)
                    argv += [sound or "1"] * (2 if other_nargs == 2 else 1) if other_takes else []
                argv += [option] + [value] * (2 if nargs == 2 else 1)
                edges.append(argv)
    return edges


def test_every_dice_bidding_number_is_refused_outside_its_range():
    # Exit 2 and one sentence, before any work, for each numeric argument of every dice-bidding command.
    edges = _dice_bidding_edges()
    assert len({tuple(argv[:2]) for argv in edges}) >= 8, "the bounded arguments of most commands are driven"
    for start in range(0, len(edges), 120):
        batch = edges[start:start + 120]
        records, finished = _run_batch(batch)
        _check(batch, records, finished)
        refused = {r["index"] for r in records if r["kind"] == "done" and r["code"] == 2}
        assert refused == set(range(len(batch))), [batch[i] for i in range(len(batch)) if i not in refused][:3]


def _child(spec_path: str) -> None:
    """Run a batch in-process: one JSON record when each invocation starts and ends."""
    import contextlib
    import io
    import resource
    import traceback

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    spec = json.loads(Path(spec_path).read_text())
    from analysis.cli.main import main

    with open(spec["records"], "a", encoding="utf-8") as log:
        def record(**fields):
            log.write(json.dumps(fields) + "\n")
            log.flush()

        for index, argv in enumerate(spec["batch"]):
            record(kind="start", index=index)
            out, err = io.StringIO(), io.StringIO()
            began = time.monotonic()
            shared_store = os.environ.get("ODDS_CACHE_DIR")
            if list(argv[:2]) == ["cache", "clear"]:
                # Clearing the test session's shared store would make every other test rebuild its tables.
                os.environ["ODDS_CACHE_DIR"] = str(Path(spec_path).parent / "cleared-store")
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                try:
                    code = main(list(argv))
                except SystemExit as stop:
                    code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
                except BaseException:  # noqa: BLE001 - a traceback is what the fuzz looks for
                    err.write(traceback.format_exc())
                    code = 1
            if shared_store is not None:
                os.environ["ODDS_CACHE_DIR"] = shared_store
            record(kind="done", index=index, code=code, seconds=time.monotonic() - began,
                   out=out.getvalue()[-2000:], err=err.getvalue()[-4000:])


def _explore(count: int) -> None:
    """Draw ``count`` new invocations, run them and print every one that breaks the rules."""
    invocations = draw_invocations(count, seed=None)
    records, finished = _run_batch(invocations, budget=max(BATCH_BUDGET_S, count))
    done = {r["index"]: r for r in records if r["kind"] == "done"}
    print(f"{len(done)} of {len(invocations)} ran{'' if finished else ' (the batch timed out)'}")
    for index, argv in enumerate(invocations):
        try:
            _check([argv], [dict(done[index], index=0)] if index in done else [], True)
        except BaseException as failure:  # noqa: BLE001 - report and go on
            print(str(failure).splitlines()[0][:400])


if __name__ == "__main__":
    if sys.argv[1] == "--explore":
        sys.path.insert(0, str(ROOT))
        _explore(int(sys.argv[2]))
    else:
        _child(sys.argv[1])
