"""Progress speaks to a terminal, to a log or a pipe, and never to a notebook's page."""

import io

import pytest

from analysis.progress import Progress


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_a_pipe_gets_plain_lines_and_a_closing_line():
    log = io.StringIO()
    with Progress("solve", total=4, stream=log, interval=0.0) as bar:
        bar.advance(2)
        bar.advance(2)
    lines = log.getvalue().splitlines()
    assert lines[0].startswith("solve: 50% (2 of 4), ")
    assert lines[1].startswith("solve: 100% (4 of 4), ")
    assert lines[2].startswith("solve: done (")
    assert "\r" not in log.getvalue()


def test_quick_work_in_a_pipe_says_nothing():
    log = io.StringIO()
    with Progress("solve", total=4, stream=log, interval=60.0) as bar:
        bar.advance(4)
    assert log.getvalue() == ""


def test_a_terminal_bar_that_ends_early_ends_at_100_percent():
    screen = Terminal()
    with Progress("solve", total=10, stream=screen) as bar:
        bar.advance(3)  # converged after 3 of at most 10 iterations
    last = screen.getvalue().split("\r")[-1]
    assert "100.0%" in last and last.rstrip().endswith("done")


def test_an_error_marks_the_bar_stopped():
    screen = Terminal()
    with pytest.raises(ValueError):
        with Progress("solve", total=10, stream=screen) as bar:
            bar.advance(3)
            raise ValueError
    last = screen.getvalue().split("\r")[-1]
    assert " 30.0%" in last and last.rstrip().endswith("stopped")


def test_a_long_step_in_a_pipe_still_gets_lines():
    import time

    log = io.StringIO()
    with Progress("solve", total=2, stream=log, interval=0.1):
        time.sleep(0.45)  # one step that outlasts the interval several times, no advance
    lines = log.getvalue().splitlines()
    assert len(lines) >= 3 and lines[0].startswith("solve: 0% (0 of 2), ")
    assert lines[-1].startswith("solve: done (")
