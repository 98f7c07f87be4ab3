"""``odds serve`` itself: it starts, answers, says who can reach it, and stops cleanly on Ctrl-C."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

from tests.conftest import assert_one_sentence_error

pytest.importorskip("uvicorn")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _start(*argv):
    script = f"import sys; sys.argv = ['odds', 'serve', *{list(argv)!r}]; from analysis.cli.main import run; run()"
    return subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def _get(url: str, deadline: float) -> str:
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as reply:
                return reply.read().decode()
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


@pytest.mark.parametrize("host, warned", [("127.0.0.1", False), ("0.0.0.0", True)])
def test_serve_answers_and_stops_cleanly_on_ctrl_c(host, warned):
    port = _free_port()
    server = _start("--host", host, "--port", str(port))
    try:
        page = _get(f"http://127.0.0.1:{port}/api/backgammon?distance=6", time.monotonic() + 60)
        assert '"rolls":17' in page
    finally:
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=30)
    assert server.returncode == 0, err
    assert "Traceback" not in err and "Traceback" not in out
    lines = out.splitlines()
    assert lines[0] == f"odds serve: http://{host}:{port}/ (Ctrl-C stops it)"
    assert lines[-1] == "odds serve: stopped."
    warning = [line for line in lines if "anyone who can reach it" in line]
    assert len(warning) == (1 if warned else 0)


def test_a_port_already_taken_is_one_sentence(odds):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        result = odds("serve", "--port", str(taken.getsockname()[1]))
    assert_one_sentence_error(result)
    assert "choose another --port" in result.err


@pytest.mark.parametrize("argv", [["--port", "70000"], ["--port", "x"], ["--port", "0"], ["--host", ""],
                                  ["--host", "10.255.255.1", "--port", "8000"]])
def test_bad_addresses_are_one_sentence(odds, argv):
    assert_one_sentence_error(odds("serve", *argv))


def test_without_the_serve_extra_it_says_how_to_install_it(odds, monkeypatch):
    monkeypatch.setitem(sys.modules, "uvicorn", None)        # None in sys.modules: ImportError on import
    result = odds("serve", "--port", str(_free_port()))
    assert_one_sentence_error(result)
    assert 'pip install -e ".[serve]"' in result.err


def _children(pid: int) -> list[int]:
    found = []
    for stat in __import__("pathlib").Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def _gone(pid: int) -> bool:
    try:
        state = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return True
    return state == "Z"


def test_ctrl_c_during_a_build_stops_the_server_and_its_work_within_two_seconds(tmp_path):
    """A table being built for the first time (Yatzy's solve, in a long question's process), then Ctrl-C."""
    import json
    import os

    port = _free_port()
    env = {**os.environ, "ODDS_CACHE_DIR": str(tmp_path / "store")}
    script = (f"import sys; sys.argv = ['odds', 'serve', '--port', '{port}']; "
              "from analysis.cli.main import run; run()")
    server = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, env=env)
    try:
        _get(f"http://127.0.0.1:{port}/", time.monotonic() + 60)
        body = b"preset=yatzy&strategy=optimal&games=1000&seed=0"
        request = urllib.request.Request(f"http://127.0.0.1:{port}/api/jobs/yacht/simulate", data=body)
        with urllib.request.urlopen(request, timeout=60) as reply:
            job = json.loads(reply.read())
        deadline = time.monotonic() + 120
        while job["label"] == "starting" and job["state"] == "running":     # its work has begun
            assert time.monotonic() < deadline
            time.sleep(0.2)
            job = json.loads(_get(f"http://127.0.0.1:{port}/api/jobs/{job['id']}", deadline))
        assert job["state"] == "running", job
        working = _children(server.pid)
        assert working, "the job runs in a process of its own"
    finally:
        began = time.monotonic()
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=30)
    assert time.monotonic() - began < 2.0, err
    assert server.returncode == 0 and "Traceback" not in err, err
    assert out.splitlines()[-1] == "odds serve: stopped."
    time.sleep(0.5)
    assert all(_gone(pid) for pid in working)


@pytest.mark.parametrize("size", [5_000, 100_000, 1_000_000])
def test_an_address_too_long_is_the_pages_own_414_at_every_size(size):
    import urllib.error

    port = _free_port()
    server = _start("--port", str(port))
    try:
        _get(f"http://127.0.0.1:{port}/", time.monotonic() + 60)
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/bluff?dice=" + "1" * size, timeout=30)
        assert refused.value.code == 414
        assert "The address is too long; a question takes at most 4,096 characters" in refused.value.read().decode()
    finally:
        server.send_signal(signal.SIGINT)
        server.communicate(timeout=30)
