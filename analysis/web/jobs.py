"""Long questions (a match of bots, a simulation) as background jobs: progress, Cancel, a limit.

A job runs ``odds ARGV --json`` (:func:`analysis.web.ask.ask`) in a thread of its own, followed by
:func:`analysis.progress.followed`: the figures of the command's own progress bar are the job's
progress, and Cancel makes the bar's next step raise :class:`~analysis.progress.Cancelled`, so the
work stops in the server within one step (a chunk of games), not only in the page. At most
``MOST_RUNNING`` jobs run at once (each keeps a core busy); one more is refused with a sentence.
The last ``KEPT`` jobs stay listed, so a job's page can be reloaded after it ended.

>>> job = start("a quick one", ["backgammon", "shots", "--distance", "6"])
>>> job.wait(30).state, job.answer["rolls"]
('done', 17)
"""

from __future__ import annotations

import secrets
import threading
import time
from dataclasses import dataclass, field

from analysis.errors import InvalidArgument
from analysis.progress import Cancelled, followed
from analysis.web.ask import ask

#: Jobs running at once (the machine's cores are the limit that matters: each job keeps one busy).
MOST_RUNNING = 2
#: Ended jobs remembered for their pages.
KEPT = 50
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

    def cancel(self) -> None:
        """Ask the work to stop at its next step (nothing happens to a job that has ended)."""
        self._cancel.set()

    def wait(self, seconds: float) -> "Job":
        self._ended.wait(seconds)
        return self

    def _follow(self, label: str, done: int, total: int) -> None:
        self.label, self.done, self.total = label, done, total
        if self._cancel.is_set():
            raise Cancelled("cancelled from the page")

    def _run(self) -> None:
        try:
            with followed(self._follow):
                reply = ask(self.argv)
            self.answer, self.error = reply.data, reply.error
            self.state = "done" if reply.ok else "failed"
        except Cancelled:
            self.state = "cancelled"
        except Exception as error:       # never a dead thread with a job stuck "running"
            self.state, self.error = "failed", f"The question could not be answered ({type(error).__name__})."
        finally:
            self.ended = time.monotonic()
            self._ended.set()

    def to_dict(self) -> dict:
        fraction = self.done / self.total if self.total else 0.0
        return {"id": self.id, "kind": self.kind, "title": self.title, "state": self.state, "label": self.label,
                "done": self.done, "total": self.total, "fraction": fraction,
                "seconds": round((self.ended or time.monotonic()) - self.began, 1),
                "answer": self.answer, "error": self.error}


_jobs: dict[str, Job] = {}
_lock = threading.Lock()


def running() -> list[Job]:
    with _lock:
        return [job for job in _jobs.values() if job.state == "running"]


def start(title: str, argv: list[str], kind: str = "", page: str = "") -> Job:
    """Start ``odds ARGV --json`` as a job (:class:`TooMany` when ``MOST_RUNNING`` already run)."""
    with _lock:
        if sum(job.state == "running" for job in _jobs.values()) >= MOST_RUNNING:
            raise TooMany(f"{MOST_RUNNING} long questions are running already; wait for one to end or cancel it.")
        job = Job(secrets.token_urlsafe(8), title, list(argv), kind, page)
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
    """Stop every running job (the server is shutting down)."""
    for job in running():
        job.cancel()
