"""Long questions as jobs over HTTP: they start, their progress moves, Cancel stops the work in the
server, other questions are answered meanwhile, and at most a few run at once."""

from __future__ import annotations

import re
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402

from analysis.web import app as web  # noqa: E402
from analysis.web import jobs  # noqa: E402
from analysis.web.forms import players_words  # noqa: E402

#: Games between two bots without the net (no table to build first): about a second each 200.
LONG = {"bots": "pips,random", "games": "1000000", "seed": "5"}


@pytest.fixture(scope="module")
def client():
    with TestClient(web.create_app()) as test_client:
        yield test_client


def _until(client, job_id: str, test, seconds: float = 120) -> dict:
    deadline = time.monotonic() + seconds
    while True:
        job = client.get(f"/api/jobs/{job_id}").json()
        if test(job):
            return job
        assert job["state"] == "running", job
        assert time.monotonic() < deadline, f"gave up waiting: {job}"
        time.sleep(0.2)


@pytest.mark.slow
def test_progress_moves_others_are_answered_and_cancel_stops_the_work(client):
    started = client.post("/api/jobs/backgammon/match", data=LONG)
    assert started.status_code == 202, started.text
    job_id = started.json()["id"]
    first = _until(client, job_id, lambda job: job["done"] > 0)
    assert first["total"] == 1_000_000 and first["label"].startswith("pips vs random")
    later = _until(client, job_id, lambda job: job["done"] > first["done"])
    assert later["fraction"] > first["fraction"]
    # Meanwhile a table question is answered, the job still running.
    fast = client.get("/api/backgammon", params={"distance": "6"})
    assert fast.status_code == 200 and fast.json()["answers"]["shots"]["rolls"] == 17
    assert client.get(f"/api/jobs/{job_id}").json()["state"] == "running"
    stopped = client.post(f"/api/jobs/{job_id}/cancel").json()
    assert stopped["state"] == "cancelled" and stopped["answer"] is None
    assert stopped["done"] < 1_000_000
    # Stopped in the server: its process has ended and its figures move no more.
    assert not jobs.get(job_id).alive() and jobs.get(job_id).wait(0).state == "cancelled"
    time.sleep(1.5)
    assert client.get(f"/api/jobs/{job_id}").json()["done"] == stopped["done"]


def test_a_finished_match_is_the_commands_answer(client, odds):
    query = {"bots": "pips,random", "games": "40", "seed": "3"}
    job_id = client.post("/api/jobs/backgammon/match", data=query).json()["id"]
    job = _until(client, job_id, lambda job: job["state"] != "running")
    assert job["state"] == "done" and job["done"] == job["total"] == 40
    cli = odds("backgammon", "match", "--preset", "backgammon", "--bots", "pips,random", "--games", "40",
               "--seed", "3", "--json").json()
    assert job["answer"] == cli
    page = client.get(f"/jobs/{job_id}").text
    shown = re.search(r'<tr data-pair="pips,random"><td>[^<]*</td>\s*<td data-value="([^"]+)"', page)
    assert shown and float(shown.group(1)) == cli[0]["a_win_rate"]
    assert 'id="job-cancel"' not in page          # nothing to cancel once it has ended


@pytest.mark.slow
def test_a_yacht_simulation_is_the_commands_answer(client, odds):
    query = {"preset": "yacht_kr", "strategy": "greedy", "games": "300", "seed": "2"}
    job_id = client.post("/api/jobs/yacht/simulate", data=query).json()["id"]
    job = _until(client, job_id, lambda job: job["state"] != "running", seconds=300)
    cli = odds("yacht", "simulate", "--preset", "yacht_kr", "--strategy", "greedy", "--games", "300",
               "--seed", "2", "--json").json()
    assert job["state"] == "done" and job["answer"] == cli
    assert float(re.search(r'id="job-mean" data-value="([^"]+)"', client.get(f"/jobs/{job_id}").text).group(1)) \
        == cli["mean"]


def test_the_page_starts_a_job_and_its_cancel_button_stops_it(client):
    form = client.get("/backgammon").text
    assert 'action="/jobs/backgammon/match"' in form and 'name="bots"' in form
    started = client.post("/jobs/backgammon/match", data=LONG, follow_redirects=False)
    assert started.status_code == 303 and started.headers["location"].startswith("/jobs/")
    page = client.get(started.headers["location"])
    assert page.status_code == 200 and 'id="job-progress"' in page.text and 'id="job-cancel"' in page.text
    job_id = started.headers["location"].rsplit("/", 1)[1]
    cancelled = client.post(f"/jobs/{job_id}/cancel", follow_redirects=False)
    assert cancelled.status_code == 303
    jobs.get(job_id).wait(30)
    page = client.get(f"/jobs/{job_id}").text
    assert 'data-value="cancelled"' in page and 'id="job-cancel"' not in page
    # Its link fills the form again with the same inputs.
    again = re.search(r'href="([^"]+)" id="job-again"', page).group(1).replace("&amp;", "&")
    assert set(re.findall(r'name="bots" value="([^"]+)" checked', client.get(again).text)) == {"pips", "random"}


def test_only_a_few_jobs_run_at_once(client, monkeypatch):
    monkeypatch.setattr(jobs, "MOST_RUNNING", 1)
    first = client.post("/api/jobs/backgammon/match", data=LONG).json()["id"]
    try:
        refused = client.post("/api/jobs/yacht/simulate", data={"games": "100"})
        assert refused.status_code == 429
        assert refused.json()["errors"]["form"] == ("1 long questions are running already; wait for one to end "
                                                    "or cancel it.")
        page = client.post("/jobs/backgammon/match", data=LONG)
        assert page.status_code == 429 and "running already" in page.text
    finally:
        client.post(f"/api/jobs/{first}/cancel")
    jobs.get(first).wait(60)
    again = client.post("/api/jobs/backgammon/match", data={**LONG, "games": "5"})
    assert again.status_code == 202
    assert jobs.get(again.json()["id"]).wait(120).state == "done"


@pytest.mark.parametrize("query, field, argv", [
    ({"bots": "pips,random", "games": "0"}, "games", ["--bots", "pips,random", "--games", "0"]),
    ({"bots": "pips,random", "games": "2000000"}, "games", ["--bots", "pips,random", "--games", "2000000"]),
    ({"bots": "pips,chess", "games": "10"}, "bots", ["--bots", "pips,chess", "--games", "10"]),
    ({"bots": "pips", "games": "10"}, "bots", ["--bots", "pips", "--games", "10"]),
    ({"bots": "pips,random", "seed": "-3"}, "seed", ["--bots", "pips,random", "--seed", "-3"]),
    ({"preset": "acey_deucey", "bots": "pips,random", "with_cube": "1"}, "preset",
     ["--preset", "acey_deucey", "--bots", "pips,random", "--cube"]),
])
def test_bad_values_are_the_commands_sentence_beside_the_field(client, odds, query, field, argv):
    cli = odds("backgammon", "match", *argv, "--json")
    assert cli.code == 2
    sentence = re.sub(r"^Argument [-\w/]+: ", "", cli.err.strip().splitlines()[-1].split(": error: ", 1)[1])
    before = len(jobs.running())
    reply = client.post("/api/jobs/backgammon/match", data=query)
    assert reply.status_code == 400 and reply.json()["errors"] == {field: sentence}
    page = client.post("/jobs/backgammon/match", data=query)
    assert page.status_code == 400 and "Traceback" not in page.text
    shown = re.search(rf'id="job-match-e-{field}">([^<]*)</p>', page.text).group(1).replace("&#39;", "'")
    assert shown == players_words(sentence)          # a game by its name (Acey-Deucey, not acey_deucey)
    assert len(jobs.running()) == before


def test_oversized_and_unknown_requests_are_refused(client):
    before = len(jobs.running())
    huge = client.post("/api/jobs/backgammon/match", content=b"bots=" + b"x" * 10_000,
                       headers={"content-type": "application/x-www-form-urlencoded"})
    assert huge.status_code == 413 and huge.json()["error"].endswith(".")
    assert len(jobs.running()) == before
    assert client.post("/api/jobs/backgammon/rollout").status_code == 404
    assert client.post("/api/jobs/poker/match").status_code == 404
    assert client.get("/api/jobs/no-such-job").status_code == 404
    assert client.post("/jobs/no-such-job/cancel").status_code == 404
    asked = client.get("/jobs/backgammon/match")
    assert asked.status_code == 405 and "button" in asked.text and "Traceback" not in asked.text


def test_a_step_that_outlasts_the_grace_has_its_process_ended(client, monkeypatch):
    import signal

    job_id = client.post("/api/jobs/backgammon/match", data=LONG).json()["id"]
    _until(client, job_id, lambda job: job["done"] > 0)
    monkeypatch.setattr(jobs, "CANCEL_GRACE_S", 0)      # no step is that quick: the process is ended
    stopped = client.post(f"/api/jobs/{job_id}/cancel").json()
    job = jobs.get(job_id)
    assert stopped["state"] == "cancelled" and not job.alive()
    assert job._process.exitcode == -signal.SIGTERM
