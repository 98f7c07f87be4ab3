"""Nothing can freeze ``odds serve``: a chart or question too long for a page is refused before it starts (in
one sentence saying how long) and offered as a long question; charts never hold a question's place."""

from __future__ import annotations

import os
import re
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402

from analysis.web import app as web  # noqa: E402

BLUFF = {"dice": "3 3 * 5 1", "opponents": "6 7", "bid": "7x3"}
YATZY_REACH = {"preset": "yatzy", "dice": "6 6 6 2 1", "rolls": "2"}


@pytest.fixture()
def client(tmp_path, monkeypatch):
    """A server on an empty store, its Bluff question asked once (a fresh process's first question
    imports and loads its kernels)."""
    monkeypatch.setenv("ODDS_CACHE_DIR", str(tmp_path / "store"))
    with TestClient(web.create_app()) as test_client:
        assert test_client.get("/api/bluff", params=BLUFF).status_code == 200
        yield test_client


def test_yatzys_reach_chart_on_an_empty_store_is_refused_and_holds_up_nothing(client):
    chart = {}
    worker = threading.Thread(target=lambda: chart.update(
        reply=client.get("/chart/yacht/reach.svg", params=YATZY_REACH)))
    worker.start()
    began = time.monotonic()
    reply = client.get("/api/bluff", params=BLUFF)
    assert reply.status_code == 200 and time.monotonic() - began < 1.0
    worker.join(60)
    assert not worker.is_alive()
    picture = chart["reply"]
    # In the page's place of the chart: one sentence, how long it would take, in a player's words.
    assert picture.status_code == 503 and picture.headers["content-type"].startswith("image/svg+xml")
    said = re.search(r'aria-label="([^"]+)"', picture.text).group(1)
    assert re.fullmatch(r"Solving Yatzy the first time takes about \d+ seconds here, longer than a page waits\.", said)


def test_charts_never_hold_a_questions_place(client, monkeypatch):
    release, drawing = threading.Event(), threading.Semaphore(0)
    real = web.draw_chart

    def slow(kind, make, extension):
        drawing.release()
        assert release.wait(60)
        return real(kind, make, extension)

    monkeypatch.setattr(web, "draw_chart", slow)
    charts = [threading.Thread(target=client.get, args=("/chart/bluff/heatmap.svg",), kwargs={"params": BLUFF})
              for _ in range(web.CONCURRENT_QUESTIONS + 2)]
    for thread in charts:
        thread.start()
    try:
        assert drawing.acquire(timeout=30)          # a chart is being drawn, the others wait their turn
        began = time.monotonic()
        reply = client.get("/api/bluff", params=BLUFF)
        assert reply.status_code == 200 and time.monotonic() - began < 1.0
    finally:
        release.set()
        for thread in charts:
            thread.join(120)


@pytest.mark.slow
def test_a_question_too_long_for_the_page_is_refused_and_offered_as_a_long_question(client, odds):
    query = {"preset": "yacht_kr", "dice": "6 6 6 2 1", "rolls": "2", "target": "200"}
    page = client.get("/yacht", params=query)
    assert page.status_code == 400
    sentence = re.search(r'<p class="error" role="alert" id="e-form">(.*?)</p>', page.text).group(1)
    # (On an empty store the first solve comes first: one sentence says the whole wait.)
    assert re.fullmatch(r"(Solving Korean Yacht the first time, then playing it|Playing Korean Yacht) for a target "
                        r"from the opening,? takes about \d+ seconds here, longer than a page waits\.", sentence)
    assert 'formaction="/jobs/yacht/answer"' in page.text
    started = client.post("/api/jobs/yacht/answer", data=query)
    assert started.status_code == 202, started.text
    job_id = started.json()["id"]
    deadline = time.monotonic() + 600
    while (job := client.get(f"/api/jobs/{job_id}").json())["state"] == "running":
        assert time.monotonic() < deadline
        time.sleep(0.5)
    assert job["state"] == "done", job
    cli = odds("yacht", "advise", "--preset", "yacht_kr", "--dice", "6 6 6 2 1", "--rolls-left", "2",
               "--target", "200", "--json").json()
    assert job["answer"]["answers"]["advise"] == cli
    # The job's page shows the answer as the game's page does; the page itself now reads the kept table.
    shown = client.get(f"/jobs/{job_id}")
    assert shown.status_code == 200 and 'id="e-form"' not in shown.text
    assert client.get("/api/yacht", params=query).json()["answers"]["advise"] == cli


@pytest.mark.parametrize("preset, name", [("yatzy", "Yatzy"), ("yahtzee", "Yahtzee"), ("clubhouse", "Clubhouse Yacht")])
def test_a_target_on_an_empty_store_says_the_whole_wait_before_it_starts(client, preset, name):
    """The first solve and the play for the target, in one sentence (not the solve's alone), before any
    table is built; offered in the background where a background question may take its memory."""
    from analysis.budget import TooBig, TooLong, limited
    from analysis.web import jobs
    from analysis.yacht.cost import check_advice
    from analysis.yacht.game import game_arrays
    from analysis.yacht.rules import preset as yacht_preset

    query = {"preset": preset, "dice": "6 6 6 2 1", "rolls": "2", "target": "200"}
    began = time.monotonic()
    page = client.get("/yacht", params=query)
    assert page.status_code == 400 and time.monotonic() - began < 5
    sentence = re.search(r'<p class="error" role="alert" id="e-form">(.*?)</p>', page.text).group(1)
    assert sentence.startswith(f"Solving {name} the first time, then playing it for a target from the opening, ")
    assert re.search(r"takes about \d+ (seconds|minutes|hours)", sentence), sentence
    # The estimate behind the sentence: offered as a long question exactly when a job may take its memory.
    with pytest.raises(TooLong) as refused, limited(2.0, web.ANSWER_MEMORY):
        check_advice(preset, game_arrays(yacht_preset(preset)).start, True)
    fits = refused.value.memory_bytes <= jobs.MEMORY_BYTES
    assert ('formaction="/jobs/yacht/answer"' in page.text) == fits
    assert fits or ("more than a question in the background may take" in sentence and isinstance(refused.value, TooBig))
    assert not list((Path(os.environ["ODDS_CACHE_DIR"]) / "yacht").rglob("*.podds"))      # nothing built


def test_the_first_look_ahead_on_an_empty_store_says_how_long_before_it_starts(client):
    page = client.get("/backgammon", params={"roll": "31", "ply": "1"})
    assert page.status_code == 400
    sentence = re.search(r'<p class="error" role="alert" id="e-form">(.*?)</p>', page.text).group(1)
    assert re.fullmatch(r"Looking a roll ahead the first time \(the bear-off database is built once( and the "
                        r"evaluator is prepared once)?\) takes about \d+ (seconds|minutes?) here, longer than a "
                        r"page waits\.", sentence), sentence
    assert 'formaction="/jobs/backgammon/answer"' in page.text
    # The same question at 0-ply reads no database in the middle game: answered at once.
    assert client.get("/api/backgammon", params={"roll": "31"}).status_code == 200
