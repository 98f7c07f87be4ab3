"""The built package, installed the way a user who never clones the repository installs it.

The wheel is built from a copy of what it is built from (``pyproject.toml``, ``README.md``, ``analysis/``), installed
(not editable) into a new virtual environment outside the checkout, and asked one question per game from a folder
outside the checkout with an empty table store: everything the answers read must be inside the wheel. The new
environment gets its dependencies (numpy, numba, the web framework, ...) from the test environment's site-packages
through a path file; that folder's own path files (the checkout's editable install) are not read from there, so
``analysis`` can only come from the wheel (checked).
"""

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import sysconfig
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow


def _run(command, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(command, capture_output=True, text=True, timeout=600, **kwargs)


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(the new environment's python, its odds, the environment for a command: an empty store, no PYTHONPATH)."""
    work = tmp_path_factory.mktemp("wheel")
    source = work / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    shutil.copytree(ROOT / "analysis", source / "analysis",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.nbi", "*.nbc", "*.tmp"))
    built = _run([sys.executable, "-m", "pip", "wheel", str(source), "--no-deps", "-q", "-w", str(work / "dist")])
    assert built.returncode == 0, built.stderr[-2000:]
    [wheel] = (work / "dist").glob("parlour_odds-*.whl")
    venv = work / "venv"
    made = _run([sys.executable, "-m", "venv", "--without-pip", str(venv)])
    assert made.returncode == 0, made.stderr
    python = venv / "bin" / "python"
    done = _run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps", str(wheel)])
    assert done.returncode == 0, done.stderr[-2000:]
    purelib = Path(_run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]).stdout.strip())
    (purelib / "_test_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    env = {name: value for name, value in os.environ.items() if name not in ("PYTHONPATH", "ODDS_CACHE_DIR")}
    store = work / "store"
    store.mkdir()
    env["ODDS_CACHE_DIR"] = str(store)
    env["ODDS_KERNEL_CACHE"] = str(work / "kernels")    # a new user's: nothing compiled yet
    where = _run([str(python), "-c", "import analysis; print(analysis.__file__)"], cwd=work, env=env)
    assert Path(where.stdout.strip()).is_relative_to(venv), where.stdout + where.stderr
    return python, venv / "bin" / "odds", env, work, store


def _ask(installed, *argv) -> dict:
    _, odds, env, work, _ = installed
    result = _run([str(odds), *argv, "--json"], cwd=work, env=env)
    assert result.returncode == 0, result.stderr[-2000:]
    return json.loads(result.stdout), result.stderr


def test_the_wheel_holds_every_file_the_package_reads(installed):
    python, _, _, _, _ = installed
    site = Path(python).parent.parent
    [package] = site.glob("lib/python*/site-packages/analysis")
    wanted = {path.relative_to(ROOT / "analysis") for path in (ROOT / "analysis").rglob("*")
              if path.is_file() and "__pycache__" not in path.parts and path.suffix not in (".pyc", ".nbi", ".nbc")}
    held = {path.relative_to(package) for path in package.rglob("*") if path.is_file()}
    assert wanted - held == set()


def test_dice_bidding_answers_5v5_from_the_shipped_full_width_solve(installed):
    answer, err = _ask(installed, "bluff", "play", "--preset", "liars_dice", "--wild", "1", "--rule",
                       "exact_call=none", "--dice", "3 3 1 6 2", "--opponents", "5", "--history", "1:3x3")
    assert answer["player"] == "strategy" and "refused" not in answer["source"]
    assert "5v5 solve remembering the last 2 bids, 300 iterations" in answer["source"], answer["source"]
    assert abs(sum(answer["policy"].values()) - 1) < 1e-3 and "solving" not in err


def test_dice_bidding_answers_three_players_from_the_shipped_table_solve(installed):
    answer, err = _ask(installed, "bluff", "play", "--preset", "perudo", "--dice", "4 6", "--opponents", "2", "2",
                       "--history", "1:1x4 2:2x4")
    assert answer["player"] == "strategy" and "3-player solve of 2 2 2 dice" in answer["source"], answer["source"]
    assert abs(sum(answer["policy"].values()) - 1) < 1e-3 and "solving" not in err


def test_brag_answers_three_players_from_the_shipped_solve(installed):
    answer, err = _ask(installed, "brag", "stay", "--hand", "QS QD 4C", "--pot", "40", "--stake", "5",
                       "--opponents", "2")
    assert answer["details"]["players"] == 3 and "three-player solve" in answer["assumptions"][0]
    assert answer["best"] in answer["values"] and "solving" not in err


def test_backgammon_ranks_plays_with_the_shipped_net(installed):
    answer, _ = _ask(installed, "backgammon", "hint", "--id", "4HPwATDgc/ABMA", "--roll", "31")
    assert answer["count"] == 16 and answer["plays"][0]["play"] == "8/5 6/5"


def test_yacht_advises_from_a_table_built_in_the_empty_store(installed):
    answer, _ = _ask(installed, "yacht", "advise", "--preset", "yacht_kr", "--dice", "6 6 6 2 1",
                     "--rolls-left", "2", "--open", "all", "--top", "3")
    assert answer["best"] == "keep 6 6 6" and answer["options"][0]["option"] == "keep 6 6 6"
    assert any(installed[4].rglob("*.podds"))     # kept in the user's store, not beside the package


def test_the_page_serves_its_front_page(installed):
    _, odds, env, work, _ = installed
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([str(odds), "serve", "--port", str(port)], cwd=work, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline, page = time.monotonic() + 60, None
        while page is None and time.monotonic() < deadline and server.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as response:
                    page = (response.status, response.read().decode())
            except OSError:
                time.sleep(0.2)
        assert page is not None, server.stderr.read() if server.poll() is not None else "no answer in 60 s"
        assert page[0] == 200 and "Bluff" in page[1] and "Backgammon" in page[1]
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
