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
