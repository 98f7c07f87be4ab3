"""``odds serve`` in a real browser: headless Chromium (Debian's ``chromium`` and ``chromium-driver``)
through Selenium, at a phone's 360 px. Each test fills one game's form by tapping, reads the answer
from the page and compares it with the library's own answer, checks that nothing scrolls sideways,
that the answer shows without scrolling and that every control is at least 44 px on a side, and
saves a screenshot.

Without Chromium, its driver or Selenium these tests skip with one line saying why, except where
the environment variable CI is set: there they must run (``bash scripts/test.sh`` installs the
browser where it can). The screenshots go to ``$ODDS_SCREENSHOTS`` if set, else a temporary folder.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from pathlib import Path

import pytest

from tests.conftest import browser_missing, headless_chromium, require_browser

WIDTH = 360
#: The smallest side of anything to tap, in CSS pixels.
TOUCH = 44
#: The visible controls smaller than TOUCH on a side (a checkbox counts by its label).
TOO_SMALL = f"""
return Array.from(document.querySelectorAll(
    "button, select, input:not([type=checkbox]), label.check, a, summary"))
  .filter(function (e) {{ return e.offsetParent !== null; }})
  .map(function (e) {{ var r = e.getBoundingClientRect();
                      return [e.tagName + ' ' + (e.textContent || e.name || '').trim().slice(0, 20), r.width, r.height]; }})
  .filter(function (x) {{ return x[1] < {TOUCH} - 0.5 || x[2] < {TOUCH} - 0.5; }});
"""


def _missing() -> str | None:
    problem = browser_missing()
    if problem is not None:
        return problem
    try:
        import uvicorn  # noqa: F401
        import starlette  # noqa: F401
    except ImportError:
        return "the serve extra is not installed (pip install -e \".[serve]\")"
    return None


def _browser_or_skip():
    require_browser(_missing())


@pytest.fixture(scope="module")
def server():
    _browser_or_skip()
    import uvicorn

    from analysis.web.app import create_app

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning")
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not running.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    running.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def browser(server):
    driver = headless_chromium(WIDTH, 800)
    # A phone's viewport, exactly: 360 CSS pixels wide, touch, the page's own viewport meta tag.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": WIDTH, "height": 760, "deviceScaleFactor": 2, "mobile": True})
    driver.set_page_load_timeout(120)
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def screenshots(tmp_path_factory):
    folder = Path(os.environ.get("ODDS_SCREENSHOTS") or tmp_path_factory.mktemp("screens"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _tap(driver, field: str, *labels: str) -> None:
    """Tap the pad buttons of ``field`` with these labels, in order."""
    from selenium.webdriver.common.by import By

    pad = driver.find_element(By.CSS_SELECTOR, f'.field[data-field="{field}"]')
    for label in labels:
        button = next(b for b in pad.find_elements(By.TAG_NAME, "button") if b.text == label and b.is_displayed())
        button.click()


def _type(driver, field: str, text: str) -> None:
    from selenium.webdriver.common.by import By

    box = driver.find_element(By.NAME, field)
    box.clear()
    box.send_keys(text)


def _submit_and_check(driver, screenshots: Path, name: str, answer_id: str):
    """Submit, then: the answer's element, no sideways scroll at 360 px, the answer above the fold."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as shown
    from selenium.webdriver.support.ui import WebDriverWait

    driver.find_element(By.CSS_SELECTOR, "button.go").click()
    element = WebDriverWait(driver, 120).until(shown.presence_of_element_located((By.ID, answer_id)))
    assert driver.execute_script("return document.documentElement.scrollWidth") <= WIDTH
    top = driver.execute_script("return arguments[0].getBoundingClientRect().top", element)
    assert 0 <= top < driver.execute_script("return window.innerHeight"), "the answer is below the fold"
    small = driver.execute_script(TOO_SMALL)
    assert not small, f"touch targets under {TOUCH} px: {small}"
    driver.save_screenshot(str(screenshots / f"{name}.png"))
    return element


def test_dice_bidding_in_the_browser(browser, server, screenshots):
    from analysis.bluff.odds.advice import advise_call
    from analysis.bluff.bids import parse_bid, parse_dice
    from analysis.bluff.rules import preset

    browser.get(server + "/bluff")
    _tap(browser, "dice", "3", "3", "*", "5", "1")
    assert browser.find_element("name", "dice").get_attribute("value") == "3 3 * 5 1"
    _type(browser, "opponents", "6 7")
    _type(browser, "bid", "7x3")
    element = _submit_and_check(browser, screenshots, "bluff", "p-true")
    rules = preset("bluff")
    advice = advise_call(rules, parse_dice(rules, "3 3 * 5 1"), (6, 7), parse_bid(rules, "7x3"))
    assert float(element.get_attribute("data-value")) == pytest.approx(advice.odds.p_true, abs=1e-12)
    assert element.text == f"{100 * advice.odds.p_true:.2f}%"
    assert browser.find_element("id", "verdict").get_attribute("data-value") == advice.recommendation
    # The chart of the situation on screen, drawn as SVG in the page.
    from selenium.webdriver.support.ui import WebDriverWait

    chart = browser.find_element("css selector", 'figure[data-chart="bids"] img')
    browser.execute_script("arguments[0].scrollIntoView()", chart)
    WebDriverWait(browser, 60).until(lambda driver: driver.execute_script(
        "return arguments[0].complete && arguments[0].naturalWidth > 0", chart))
    assert browser.execute_script("return document.documentElement.scrollWidth") <= WIDTH
    # The same page in the dark, for the record.
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia",
                            {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    browser.save_screenshot(str(screenshots / "bluff-dark.png"))
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def test_yacht_in_the_browser(browser, server, screenshots):
    from analysis.yacht.advice import advise
    from analysis.yacht.card import ScoreCard, open_boxes_from
    from analysis.yacht.rules import preset

    browser.get(server + "/yacht")
    _tap(browser, "dice", "6", "6", "6", "2", "1")
    element = _submit_and_check(browser, screenshots, "yacht", "verdict")
    rules = preset("yacht_kr")
    advice = advise(rules, (6, 6, 6, 2, 1), 2, ScoreCard(open_boxes_from(rules, "all")))
    assert element.get_attribute("data-value") == advice.best
    expected = float(browser.find_element("id", "expected").get_attribute("data-value"))
    assert expected == pytest.approx(advice.rows[0]["expected_final"], abs=1e-9)


def test_brag_in_the_browser(browser, server, screenshots):
    from analysis.brag.advice import see_or_bet
    from analysis.brag.showdown.equity import equity

    browser.get(server + "/brag")
    _tap(browser, "hand", "K", "♠", "K", "♥", "7", "♦")
    assert browser.find_element("name", "hand").get_attribute("value") == "KS KH 7D"
    element = _submit_and_check(browser, screenshots, "brag", "verdict")
    decision = see_or_bet("brag3", "KS KH 7D", 10.0, 2.0)
    assert element.get_attribute("data-value") == decision.best
    shown = float(browser.find_element("id", "equity").get_attribute("data-value"))
    assert shown == pytest.approx(equity("brag3", "KS KH 7D", 1).equity, abs=1e-12)


def test_backgammon_in_the_browser(browser, server, screenshots):
    from analysis.backgammon.moves import legal_plays
    from analysis.backgammon.position import Position
    from analysis.backgammon.rules import preset

    browser.get(server + "/backgammon")
    _tap(browser, "roll", "3", "1")
    assert browser.find_element("name", "roll").get_attribute("value") == "31"
    element = _submit_and_check(browser, screenshots, "backgammon", "plays")
    rules = preset("backgammon")
    plays = legal_plays(rules, Position.opening(rules), "31")
    assert int(element.get_attribute("data-value")) == len(plays.plays)
    # The evaluator's ranking: its best play, and the best play's equity to the last digit.
    from analysis.backgammon.net import hint

    ranked = hint(rules, Position.opening(rules), "31")
    assert browser.find_element("id", "best-play").get_attribute("data-value") == ranked.plays[0].play
    equity = browser.find_element("css selector", 'tr[data-rank="1"] td[data-value]').get_attribute("data-value")
    assert float(equity) == ranked.plays[0].equity
    # Each point answers a tap over its whole half-column, at least TOUCH px tall: a tap beside a point's tip
    # (where the triangle has narrowed) still lands on that point.
    columns = browser.execute_script("""
        return Array.from(document.querySelectorAll("svg.board rect.hit")).map(function (r) {
          r.scrollIntoView({block: "center"});
          var box = r.getBoundingClientRect(), x = box.left + 2;
          var y = r.dataset.point > 12 ? box.bottom - 3 : box.top + 3;      // beside the tip, not on it
          var hit = document.elementFromPoint(x, y);
          return [Number(r.dataset.point), box.height, hit && hit.getAttribute("data-point")];
        });""")
    assert sorted(point for point, _, _ in columns) == list(range(1, 25))
    assert all(height >= TOUCH for _, height, _ in columns), columns
    assert all(hit == str(point) for point, _, hit in columns), columns
    # Edit the board by tapping: take one of your checkers off the 24-point; the page asks again.
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    browser.find_element("css selector", '[data-mode="remove"]').click()
    browser.find_element("css selector", 'svg.board circle.me[data-point="24"]').click()
    expected = "6:5 8:3 13:5 24:1 / 6:5 8:3 13:5 24:2"

    def asked_again(driver) -> bool:
        # The tap loads a new page: wait until it has loaded with the edited position (an element
        # read while the old page is being replaced goes stale, so such a read is tried again).
        try:
            return ("position=" in driver.current_url
                    and driver.execute_script("return document.readyState") == "complete"
                    and driver.find_element("css selector", "#ask [name=position]").get_attribute("value") == expected
                    and driver.find_element("id", "plays").get_attribute("data-value") is not None)
        except StaleElementReferenceException:
            return False

    WebDriverWait(browser, 60, ignored_exceptions=(StaleElementReferenceException,)).until(asked_again)
    assert len(browser.find_elements("css selector", "svg.board circle.me")) == 14
    fewer = legal_plays(rules, Position.from_notation(expected), "31")
    shown = browser.find_element("id", "plays")
    assert int(shown.get_attribute("data-value")) == len(fewer.plays)
    # The mode chosen is kept after the page asked again: a second tap removes one more.
    assert browser.find_element("css selector", '[data-mode="remove"]').get_attribute("aria-pressed") == "true"
    browser.execute_script("sessionStorage.removeItem('odds-board-mode')")       # the next test starts afresh


def test_a_slow_answer_says_so_and_the_player_can_stop_waiting(browser, server):
    from selenium.webdriver.support.ui import WebDriverWait

    # WebDriver waits out a pending page load before any command, so the page is watched while
    # no answer is on its way: the form's submit handler runs as for a real submission, and
    # "Stop waiting" calls window.stop(), which ends a pending load (a no-op here).
    browser.get(server + "/backgammon")
    browser.execute_script("document.querySelector('form.ask').dispatchEvent(new Event('submit'))")
    stop = WebDriverWait(browser, 10).until(lambda driver: driver.find_elements("css selector", "button.stop"))[0]
    answer = browser.find_element("css selector", "button.go:not(.stop)")
    assert answer.text == "Working…" and not answer.is_enabled()
    assert stop.size["height"] >= TOUCH
    stop.click()
    assert answer.text == "Answer" and answer.is_enabled()
    assert not browser.find_elements("css selector", "button.stop")


def test_a_long_question_shows_its_progress_and_cancel_stops_it(browser, server, screenshots):
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    from analysis.web import jobs

    browser.get(server + "/backgammon")
    for bot in ("net", "random"):          # the bots ticked: a beginner and a random player
        browser.find_element("css selector", f'form[data-job="match"] input[name="bots"][value="{bot}"]').click()
    _type(browser, "games", "1000000")
    browser.find_element("css selector", 'form[data-job="match"] button.go').click()
    WebDriverWait(browser, 60).until(lambda driver: "/jobs/" in driver.current_url
                                     and driver.find_elements("id", "job-progress"))
    job_id = browser.current_url.rsplit("/", 1)[1]

    def done(driver) -> int:
        try:
            return int(driver.find_element("id", "job-progress").get_attribute("value") or 0)
        except StaleElementReferenceException:
            return 0

    # The bar moves while the page stays (the script asks the server, the page is not reloaded).
    WebDriverWait(browser, 120, poll_frequency=0.2).until(lambda driver: done(driver) > 0)
    first = done(browser)
    marker = browser.execute_script("window.stillHere = true; return window.stillHere")
    WebDriverWait(browser, 120, poll_frequency=0.2).until(lambda driver: done(driver) > first)
    assert marker and browser.execute_script("return window.stillHere === true")
    assert browser.find_element("id", "job-progress").get_attribute("max") == "1000000"
    assert browser.execute_script("return document.documentElement.scrollWidth") <= WIDTH
    small = browser.execute_script(TOO_SMALL)
    assert not small, f"touch targets under {TOUCH} px: {small}"
    browser.save_screenshot(str(screenshots / "job.png"))
    # Cancel: the page says so, and the work has stopped in the server.
    browser.find_element("id", "job-cancel").click()
    WebDriverWait(browser, 60, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda driver: driver.find_element("id", "job-state").get_attribute("data-value") == "cancelled")
    job = jobs.get(job_id)
    assert job is not None and job.state == "cancelled" and job.done < 1_000_000
    stopped = job.done
    time.sleep(1.5)
    assert job.done == stopped and done(browser) == stopped


# ------------------------------------------------------------------- each field's sentence, beside it
#: Fill the game's form (not a long question's) with ``arguments[0]``: a value the form never offers (an
#: address typed by hand) is added to its list, a box the game lacks is added as a ticked box.
FILL = """
var form = document.querySelector("form.ask:not(.job)"), values = arguments[0];
form.querySelectorAll("[data-added]").forEach(function (e) { e.remove(); });
form.querySelectorAll("input, select").forEach(function (e) {
  var v = Object.prototype.hasOwnProperty.call(values, e.name) ? values[e.name] : "";
  e.disabled = false;
  if (e.type === "checkbox") { e.checked = e.name !== "open" && !!v; return; }
  if (e.tagName === "SELECT" && !Array.from(e.options).some(function (o) { return o.value === v; })) {
    var option = document.createElement("option"); option.value = v; option.dataset.added = "1"; e.appendChild(option);
  }
  e.value = v;
});
if (values.open) {
  var box = document.createElement("input");
  box.type = "checkbox"; box.name = "open"; box.value = values.open; box.checked = true; box.hidden = true;
  box.dataset.added = "1"; form.appendChild(box);
}
"""

#: For each page: its good question, then one bad value of each field (with what it needs beside it).
BAD_FIELDS = {
    "bluff": ({"dice": "3 3 * 5 1", "opponents": "6 7", "bid": "7x3"}, [
        ("preset", {"preset": "poker"}), ("dice", {"dice": "3 3 7"}), ("opponents", {"opponents": "6 1000"}),
        ("bid", {"bid": "7x9"}), ("history", {"bid": "6x3", "history": "1:5x3 2:4x3"}), ("bidder", {"bidder": "3"}),
        ("next", {"next": "3"}), ("wild", {"wild": "3"}), ("palifico", {"palifico": "1"}),
        ("rule", {"rule": "nosuch=1"}), ("bot", {"bot": "psychic"})]),
    "yacht": ({"dice": "6 6 6 2 1"}, [
        ("preset", {"preset": "poker"}), ("dice", {"dice": "6 6 6 2"}), ("rolls", {"rolls": "7"}),
        ("open", {"open": "Nope"}), ("score", {"score": "-5"}), ("upper", {"preset": "yahtzee", "upper": "200"}),
        ("bonus", {"preset": "yahtzee", "bonus": "1"}), ("target", {"target": "x"}),
        ("opponent", {"opponent": "190:Nope"})]),
    "brag": ({"hand": "KS KH 7D", "opponents": "1", "pot": "10", "stake": "2"}, [
        ("preset", {"preset": "poker"}), ("hand", {"hand": "KS KH KH"}), ("opponents", {"opponents": "100"}),
        ("pot", {"pot": "-5"}), ("stake", {"stake": "0"}), ("rounds", {"blind": "1", "rounds": "1000"})]),
    "backgammon": ({}, [
        ("preset", {"preset": "poker"}), ("id", {"id": "not-an-id"}), ("position", {"position": "6:16 / 6:15"}),
        ("xgid", {"xgid": "XGID=zz"}), ("roll", {"roll": "71"}), ("ply", {"ply": "5"}), ("cube", {"cube": "3"}),
        ("owner", {"owner": "on_roll"}), ("match", {"match": "40", "score": "1-1"}),
        ("score", {"match": "5", "score": "9-1"}), ("distance", {"distance": "25"}),
        ("blocks", {"distance": "6", "blocks": "x"}), ("closed", {"closed": "9"}),
        ("on_bar", {"closed": "2", "on_bar": "20"})]),
}


@pytest.mark.parametrize("game", list(BAD_FIELDS))
def test_each_fields_sentence_stands_beside_it_and_takes_the_focus(browser, server, game):
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.support.ui import WebDriverWait

    from analysis.web import app as web
    from analysis.web.ask import answer
    from analysis.web.forms import players_words, read_values

    module = web.GAMES[game]
    good, bad = BAD_FIELDS[game]
    # Every field of the form has its bad value here (a checkbox with no wrong state aside: Brag's "blind").
    assert {field for field, _ in bad} | {"blind"} >= {f.name for f in module.FIELDS}
    browser.get(f"{server}/{game}")
    for field, values in bad:
        query = {**{f.name: f.default for f in module.FIELDS if f.kind != "checkbox"}, **good, **values}
        read, problems = read_values(module.FIELDS, query)
        expected = problems or answer(module, read)["errors"]
        assert list(expected) == [field], (field, expected)
        browser.execute_script(FILL + "window.askedBefore = true;", query)
        browser.find_element("css selector", "form.ask:not(.job) button.go").click()
        # The answer's page, loaded (a script run while the old page goes may fail: it is tried again).
        WebDriverWait(browser, 120, ignored_exceptions=(WebDriverException,)).until(
            lambda driver: driver.execute_script("return !window.askedBefore && document.readyState === 'complete'"))
        errors = browser.find_elements("css selector", "p.error")
        assert len(errors) == 1, (field, [e.text for e in errors])
        beside = browser.find_element("css selector", f'form.ask:not(.job) .field[data-field="{field}"] p.error')
        assert beside.is_displayed() and beside.text == players_words(expected[field]), field
        focused = browser.execute_script(
            "var e = document.activeElement; return e && e.closest('.field') && e.closest('.field').dataset.field")
        assert focused == field
