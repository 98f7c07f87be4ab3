"""Long questions (a match of bots, a simulation) as background jobs: progress, Cancel, a limit.

A job runs its work (a call into :mod:`analysis.questions`, as ``odds ARGV --json`` would) in a process of its own, so that
the work (numba kernels hold Python's lock for a whole chunk of games) never slows the server's
other answers. There it is followed by :func:`analysis.progress.followed`: the figures of the
command's own progress bar come back as the job's progress, and Cancel makes the bar's next step
raise :class:`~analysis.progress.Cancelled`, so the work stops within one step (a chunk of games);
a step that outlasts ``CANCEL_GRACE_S`` (a kernel compiling) has its process ended. At most
``MOST_RUNNING`` jobs run at once (each keeps a core busy); one more is refused with a sentence.
The last ``KEPT`` jobs stay listed, so a job's page can be reloaded after it ended.

>>> from functools import partial
>>> from analysis.questions.backgammon import shots
>>> job = start("a quick one", ["backgammon", "shots", "--distance", "6"], work=partial(shots, 6))
>>> job.wait(120).state, job.answer["rolls"], job.alive()
('done', 17, False)
"""

from __future__ import annotations

import importlib
import multiprocessing
import queue
import secrets
import threading
import time
from dataclasses import dataclass, field

from analysis import budget
from analysis.errors import InvalidArgument, OddsError
from analysis.progress import Cancelled, followed
from analysis.questions.plain import to_plain
from analysis.web.ask import answer, sentence_of
from analysis.web.forms import players_words

#: Jobs running at once (the machine's cores are the limit that matters: each job keeps one busy).
MOST_RUNNING = 2
#: Ended jobs remembered for their pages.
KEPT = 50
#: Seconds a cancelled job has to reach its next step before its process is ended.
CANCEL_GRACE_S = 10
#: Seconds between two progress reports of a job (the page asks a few times a second).
REPORT_S = 0.1
#: Memory a job's work may be estimated to need: more is refused before it starts (analysis.budget).
MEMORY_BYTES = 6 << 30
#: A fresh interpreter for each job: forking a server that runs threads is not safe.
_CONTEXT = multiprocessing.get_context("spawn")
STATES = ("running", "done", "cancelled", "failed")


class TooMany(InvalidArgument):
    """More jobs asked than may run at once."""


@dataclass
class Job:
    """One long question: its command line, where its progress bar is, and how it ended."""

    id: str
    title: str
    argv: list
    kind: str = ""              # GAME/NAME of the page's job ("backgammon/match"), for its page
    page: str = ""              # the address that fills the job's form again (its inputs in it)
    state: str = "running"
    label: str = "starting"
    done: int = 0
    total: int = 0
    answer: object = None
    error: str | None = None
    began: float = field(default_factory=time.monotonic)
    ended: float | None = None
    _cancel: threading.Event = field(default_factory=threading.Event, repr=False)
    _ended: threading.Event = field(default_factory=threading.Event, repr=False)
    _process: object = field(default=None, repr=False)
    _begun: threading.Event = field(default_factory=threading.Event, repr=False)
    #: A page's whole question too long for the page (its game and form values), or
    question: tuple | None = None
    #: the work (a picklable call into :mod:`analysis.questions`; ``argv`` is the command line it answers).
    work: object = None

    def cancel(self) -> None:
        """Ask the work to stop at its next step (nothing happens to a job that has ended)."""
        self._cancel.set()

    def wait(self, seconds: float) -> "Job":
        self._ended.wait(seconds)
        return self

    def wait_begun(self, seconds: float) -> "Job":
        """Wait until the work has begun (its first progress report: the command accepted its
        values) or the job has ended, at most ``seconds``."""
        deadline = time.monotonic() + seconds
        while not (self._begun.is_set() or self._ended.is_set()) and time.monotonic() < deadline:
            self._ended.wait(0.05)
        return self

    def alive(self) -> bool:
        """Is the job's process still running?"""
        return self._process is not None and self._process.is_alive()

    def _run(self) -> None:
        """In the server: start the job's process, take in its reports until it ends."""
        reports, cancel = _CONTEXT.Queue(), _CONTEXT.Event()
        try:
            self._process = _CONTEXT.Process(target=_work, args=(self.work, reports, cancel, self.question),
                                             daemon=True,
                                             name=f"odds-job-{self.id}")
            self._process.start()
            cancelled_at = None
            while True:
                if self._cancel.is_set() and cancelled_at is None:
                    cancel.set()
                    cancelled_at = time.monotonic()
                # Checked before each report, not only when none comes: a job still sending progress
                # after its grace is ended all the same.
                if cancelled_at is not None and time.monotonic() - cancelled_at > CANCEL_GRACE_S:
                    self._process.terminate()
                    self.state = "cancelled"
                    break
                try:
                    report = reports.get(timeout=0.1)
                except queue.Empty:
                    if not self._process.is_alive() and reports.empty():
                        self.state, self.error = "failed", "The computation stopped before it answered."
                        break
                    continue
                if report[0] == "progress":
                    self.label, self.done, self.total = report[1:]
                    self._begun.set()
                else:
                    self.answer, self.error = report[2:]
                    self.state = report[1]
                    break
        except Exception as error:       # never a job stuck "running"
            self.state, self.error = "failed", f"The question could not be answered ({type(error).__name__})."
        finally:
            if self._process is not None:
                self._process.join(5)
                if self._process.is_alive():     # ended or cancelled, it never outlives its job
                    self._process.kill()
                    self._process.join(5)
            self.ended = time.monotonic()
            self._ended.set()

    def to_dict(self) -> dict:
        fraction = self.done / self.total if self.total else 0.0
        return {"id": self.id, "kind": self.kind, "title": self.title, "state": self.state,
                "label": players_words(self.label.removeprefix("odds: ")),
                "done": self.done, "total": self.total, "fraction": fraction,
                "seconds": round((self.ended or time.monotonic()) - self.began, 1),
                "answer": self.answer, "error": self.error}


def _work(work, reports, cancel, question: tuple | None = None) -> None:
    """In the job's process: run ``work`` (or ``question``: a page's questions for its values),
    report its progress (a few times a second, and its last figures) and how it ended; stop at the
    next step once ``cancel`` is set."""
    last = [0.0, None]

    def follow(label: str, done: int, total: int) -> None:
        now = time.monotonic()
        last[1] = ("progress", label, done, total)
        if now - last[0] >= REPORT_S or done >= total:
            last[0] = now
            reports.put(last[1])
        if cancel.is_set():
            raise Cancelled("cancelled from the page")

    try:
        with followed(follow), budget.limited(memory_bytes=MEMORY_BYTES):
            if question is None:
                try:
                    ending = ("end", "done", to_plain(work()), None)
                except OddsError as error:
                    ending = ("end", "failed", None, sentence_of(error))
            else:
                game, values = question
                result = answer(importlib.import_module(f"analysis.web.{game}"), values)
                errors = list(result["errors"].values())
                ending = ("end", "failed" if errors else "done", result, errors[0] if errors else None)
    except Cancelled:
        ending = ("end", "cancelled", None, None)
    except Exception as error:
        ending = ("end", "failed", None, f"The question could not be answered ({type(error).__name__}).")
    if last[1] is not None:
        reports.put(last[1])
    reports.put(ending)


_jobs: dict[str, Job] = {}
_lock = threading.Lock()


def running() -> list[Job]:
    with _lock:
        return [job for job in _jobs.values() if job.state == "running"]


def start(title: str, argv: list[str], kind: str = "", page: str = "", question: tuple | None = None,
          work=None) -> Job:
    """Start ``work`` (the answer of ``odds ARGV --json``), or a page's ``question``, as a job (:class:`TooMany`
    when ``MOST_RUNNING`` already run)."""
    with _lock:
        if sum(job.state == "running" for job in _jobs.values()) >= MOST_RUNNING:
            raise TooMany(f"{MOST_RUNNING} long questions are running already; wait for one to end or cancel it.")
        job = Job(secrets.token_urlsafe(8), title, list(argv), kind, page, question=question, work=work)
        _jobs[job.id] = job
        ended = [key for key, old in _jobs.items() if old.state != "running"]
        for key in ended[:max(0, len(ended) - KEPT)]:
            del _jobs[key]
    threading.Thread(target=job._run, name=f"odds-job-{job.id}", daemon=True).start()
    return job


def get(job_id: str) -> Job | None:
    with _lock:
        return _jobs.get(job_id)


def cancel_all() -> None:
    """Stop every running job now (the server is shutting down): each is cancelled and its process
    ended at once, without the grace a Cancel from the page gives it."""
    for job in running():
        job.cancel()
        process = job._process
        if process is not None and process.is_alive():
            process.kill()
