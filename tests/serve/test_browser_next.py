"""``odds serve`` made for the next question, in headless Chromium at a phone's 360 px (as
test_browser.py, whose server, browser and helpers these tests share): after an answer, the next
bid or roll is one step under the verdict, within the same screen; "Change the question" leads
up to the whole form, filled as asked; rows at 0.0% are folded away until "Show all" is ticked;
charts read in dark mode; a game's page hides the fields that game refuses; and a question whose
tables the store does not hold says how long it would take before anything starts, and offers
to work it out in the background (with its progress and Cancel).
"""

from __future__ import annotations

import pytest

from tests.serve.test_browser import (TOO_SMALL, TOUCH, WIDTH, _tap, _type, browser,  # noqa: F401 (fixtures)
                                      screenshots, server)


def _wait(driver, condition, seconds: float = 120):
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, seconds, ignored_exceptions=(StaleElementReferenceException,)).until(condition)


def _loaded_with(element_id: str):
    """A wait until a new page has loaded with the element ``element_id`` on it."""
    def ready(driver):
        return (driver.execute_script("return document.readyState") == "complete"
                and driver.find_elements("id", element_id))
    return ready


def _ask(driver) -> None:
    """Submit the whole form (not the step under an answer)."""
    driver.find_element("css selector", "#ask button.go").click()


def _step_fits_under(driver, verdict_id: str) -> None:
    """The verdict and the whole step under it (its Answer button included) fit in one screen, and
    nothing on the page is too small to tap or scrolls sideways."""
    top = driver.execute_script("return document.getElementById(arguments[0]).getBoundingClientRect().top",
                                verdict_id)
    bottom = driver.execute_script("return document.querySelector('#step button.go').getBoundingClientRect().bottom")
    assert bottom - top <= driver.execute_script("return window.innerHeight"), (top, bottom)
    assert 0 <= top < driver.execute_script("return window.innerHeight")
    assert driver.execute_script("return document.documentElement.scrollWidth") <= WIDTH
    small = driver.execute_script(TOO_SMALL)
    assert not small, f"touch targets under {TOUCH} px: {small}"


def _edit_leads_to_the_form(driver) -> None:
    """"Change the question" brings the whole form into view."""
    driver.find_element("id", "edit").click()
    # -1: the scroll may stop a fraction of a pixel past the form's top edge.
    _wait(driver, lambda d: -1 <= d.execute_script(
        "return document.getElementById('ask').getBoundingClientRect().top") < d.execute_script(
        "return window.innerHeight"), 10)


def test_dice_bidding_next_bid_edit_and_folded_rows(browser, server, screenshots):
    from analysis.questions import bluff as ask

    browser.get(server + "/bluff")
    _tap(browser, "dice", "3", "3", "*", "5", "1")
    _type(browser, "opponents", "2")
    _type(browser, "bid", "2x3")
    _ask(browser)
    _wait(browser, _loaded_with("verdict"))
    rules = ask.rules("bluff")
    first = ask.call(rules, "3 3 * 5 1", ["2"], "2x3").to_dict()
    assert first["recommendation"] == "raise"
    mine = first["best_raise"]          # the round goes on: the page offers the next bid
    _step_fits_under(browser, "verdict")
    browser.save_screenshot(str(screenshots / "bluff-next.png"))

    # Rows at 0.0%: folded away, counted in the box that shows them, shown when it is ticked. The solved
    # strategy's actions here: every one it values, and every one it plays at 0.05% or more.
    from analysis.questions.plain import to_plain

    decision = to_plain(ask.play(rules, "3 3 * 5 1", ["2"], "1:2x3", None, False, False))
    policy, values = decision["policy"], decision["values"] or {}
    listed = [a for a in {**policy, **values} if a in values or policy.get(a, 0) >= 0.0005]
    zero = [a for a in listed if f"{100 * policy.get(a, 0):.1f}" == "0.0"]
    assert zero, "this question has actions at 0.0%"
    fold = browser.find_element("id", "fold-actions")
    assert fold.text == f"Show all ({len(zero)} more at 0.0%)"
    rows = [browser.find_element("css selector", f'#actions tr[data-action="{action}"]') for action in zero]
    assert not any(row.is_displayed() for row in rows)
    every = browser.find_elements("css selector", "#actions tbody tr")
    assert len(every) == len(listed)
    assert sum(row.is_displayed() for row in every) == len(listed) - len(zero)
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", fold)
    fold.click()
    assert all(row.is_displayed() for row in rows)

    # "Change the question": the whole form, as asked.
    _edit_leads_to_the_form(browser)
    assert browser.find_element("css selector", "#ask [name=dice]").get_attribute("value") == "3 3 * 5 1"
    assert browser.find_element("css selector", "#ask [name=bid]").get_attribute("value") == "2x3"

    # The next bid: the round so far is kept (with your raise), only the bid now is typed.
    history = browser.find_element("css selector", "#step [name=history]")
    assert history.get_attribute("value") == f"1:2x3 me:{mine}"
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", history)
    browser.find_element("css selector", "#step [name=bid]").send_keys("3x5")
    browser.find_element("css selector", "#step button.go").click()
    _wait(browser, lambda d: "3x5" in d.current_url and _loaded_with("p-true")(d))
    second = ask.call(rules, "3 3 * 5 1", ["2"], "3x5", bidder="1", history=f"1:2x3 me:{mine}").to_dict()
    shown = browser.find_element("id", "p-true-history")
    assert float(shown.get_attribute("data-value")) == pytest.approx(second["with_history"]["p_true"], abs=1e-12)
    assert browser.find_element("css selector", "#ask [name=dice]").get_attribute("value") == "3 3 * 5 1"
    assert browser.find_element("css selector", "#ask [name=history]").get_attribute("value") == \
        f"1:2x3 me:{mine}"


def test_yacht_next_roll_and_next_turn(browser, server, screenshots):
    from analysis.yacht.advice import advise
    from analysis.yacht.card import ScoreCard, open_boxes_from
    from analysis.yacht.rules import preset

    rules = preset("yacht_kr")
    browser.get(server + "/yacht")
    _tap(browser, "dice", "6", "6", "6", "2", "1")
    _ask(browser)
    _wait(browser, _loaded_with("verdict"))
    _step_fits_under(browser, "verdict")
    browser.save_screenshot(str(screenshots / "yacht-next.png"))
    best = advise(rules, (6, 6, 6, 2, 1), 2, ScoreCard(open_boxes_from(rules, "all"))).best
    assert best == "keep 6 6 6"
    # The next roll: the dice kept are there; tap the two rolled beside them.
    assert browser.find_element("css selector", "#step [name=dice]").get_attribute("value") == "6 6 6"
    assert browser.find_element("css selector", "#step [name=rolls]").get_attribute("value") == "1"
    pad = browser.find_element("css selector", '#step .field[data-field="dice"]')
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", pad)
    for face in ("4", "5"):
        next(b for b in pad.find_elements("tag name", "button") if b.text == face).click()
    browser.find_element("css selector", "#step button.go").click()
    _wait(browser, lambda d: "rolls=1" in d.current_url and _loaded_with("verdict")(d))
    again = advise(rules, (6, 6, 6, 4, 5), 1, ScoreCard(open_boxes_from(rules, "all")))
    assert browser.find_element("id", "verdict").get_attribute("data-value") == again.best
    expected = float(browser.find_element("id", "expected").get_attribute("data-value"))
    assert expected == pytest.approx(again.rows[0]["expected_final"], abs=1e-9)

    # No rolls left: the next turn writes the box chosen, adds its points, and asks for a new roll.
    browser.get(server + "/yacht?dice=6+6+6+6+1&rolls=0")
    written = advise(rules, (6, 6, 6, 6, 1), 0, ScoreCard(open_boxes_from(rules, "all")))
    assert browser.find_element("id", "verdict").get_attribute("data-value") == written.best
    _step_fits_under(browser, "verdict")
    box, points = written.best.rsplit(" for ", 1)
    pad = browser.find_element("css selector", '#step .field[data-field="dice"]')
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", pad)
    for face in ("1", "1", "2", "3", "4"):
        next(b for b in pad.find_elements("tag name", "button") if b.text == face).click()
    browser.find_element("css selector", "#step button.go").click()
    _wait(browser, lambda d: "score=" in d.current_url and _loaded_with("verdict")(d))
    left = [name.name for name in rules.boxes if name.name != box]
    card = ScoreCard(tuple(left), score=int(points))
    turn = advise(rules, (1, 1, 2, 3, 4), 2, card)
    assert browser.find_element("id", "verdict").get_attribute("data-value") == turn.best
    expected = float(browser.find_element("id", "expected").get_attribute("data-value"))
    assert expected == pytest.approx(turn.rows[0]["expected_final"], abs=1e-9)
    assert browser.find_element("css selector", "#ask [name=score]").get_attribute("value") == points


def test_backgammon_next_roll_plays_the_best_and_asks_from_the_other_seat(browser, server, screenshots):
    from analysis.backgammon.moves import legal_plays
    from analysis.backgammon.net import hint
    from analysis.backgammon.position import Position
    from analysis.backgammon.rules import preset

    rules = preset("backgammon")
    browser.get(server + "/backgammon")
    _tap(browser, "roll", "3", "1")
    _ask(browser)
    _wait(browser, _loaded_with("plays"))
    _step_fits_under(browser, "plays")
    browser.save_screenshot(str(screenshots / "backgammon-next.png"))
    best = hint(rules, Position.opening(rules), "31").plays[0].play
    after = next(p.result for p in legal_plays(rules, Position.opening(rules), "31").plays if p.notation == best)
    chosen = browser.find_element("css selector", "#step select[name=position]")
    assert chosen.get_attribute("value") == after.notation()
    pad = browser.find_element("css selector", '#step .field[data-field="step-roll"]')
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", pad)
    for face in ("6", "4"):
        next(b for b in pad.find_elements("tag name", "button") if b.text == face).click()
    browser.find_element("css selector", "#step button.go").click()
    _wait(browser, lambda d: "roll=64" in d.current_url and _loaded_with("plays")(d))
    assert browser.find_element("css selector", "#ask [name=position]").get_attribute("value") == after.notation()
    plays = legal_plays(rules, after, "64")
    assert int(browser.find_element("id", "plays").get_attribute("data-value")) == len(plays.plays)
    assert browser.find_element("id", "best-play").get_attribute("data-value") == hint(rules, after, "64").plays[0].play


def _brightness(driver, element) -> float:
    """The mean brightness (0-255) of ``element`` as drawn on the screen."""
    import io

    from PIL import Image

    image = Image.open(io.BytesIO(element.screenshot_as_png)).convert("L")
    counts = image.histogram()
    return sum(level * count for level, count in enumerate(counts)) / sum(counts)


def test_charts_read_in_dark_mode(browser, server, screenshots):
    browser.get(server + "/brag?hand=KS+KH+7D")
    chart = browser.find_element("css selector", 'figure[data-chart="freq"] img')
    browser.execute_script("arguments[0].scrollIntoView()", chart)
    _wait(browser, lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0",
                                              chart), 60)
    light = _brightness(browser, chart)
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia",
                            {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    try:
        body = browser.execute_script("return getComputedStyle(document.body).backgroundColor")
        dark = _brightness(browser, chart)
        browser.save_screenshot(str(screenshots / "chart-dark.png"))
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    assert body != "rgb(253, 252, 248)"          # the page itself is dark
    # A chart is drawn on white: in the light it is light, in the dark no white block but dark like the page.
    assert light > 180 and dark < 90, (light, dark)


@pytest.mark.parametrize("game, refused", [
    ("bluff", lambda name: __import__("analysis.web.bluff", fromlist=["x"]).rejects()[name]),
    ("backgammon", lambda name: __import__("analysis.web.backgammon", fromlist=["x"]).rejects()[name]),
    ("yacht", lambda name: __import__("analysis.web.yacht", fromlist=["x"]).rejects()[name]),
])
def test_no_field_a_game_refuses_is_shown(browser, server, game, refused):
    from selenium.webdriver.support.ui import Select

    browser.get(server + f"/{game}")
    choice = Select(browser.find_element("css selector", "#ask select[name=preset]"))
    names = [option.get_attribute("value") for option in choice.options]
    for name in names:
        choice.select_by_value(name)
        hidden = {field.get_attribute("data-field") for field in browser.find_elements(
            "css selector", "#ask .field[data-field]") if not field.is_displayed()}
        assert hidden == set(refused(name)), name


def test_a_long_first_build_says_how_long_and_runs_in_the_background(browser, server, screenshots, tmp_path,
                                                                   monkeypatch):
    """On an empty store: Yatzy's first solve and the evaluator's first look-ahead each say how long
    they would take, before anything starts; the Yatzy solve, started in the background, shows
    its progress and stops on Cancel."""
    import re

    from analysis.web import jobs

    monkeypatch.setenv("ODDS_CACHE_DIR", str(tmp_path / "store"))
    browser.get(server + "/backgammon?ply=1")
    said = browser.find_element("id", "e-form").text
    assert re.fullmatch(r"Looking a roll ahead the first time \(the bear-off database is built once( and the "
                        r"evaluator is prepared once)?\) takes about \d+ (seconds|minutes?) here, longer than a "
                        r"page waits\.", said), said
    assert browser.find_element("id", "answer-job").is_displayed()
    assert not (tmp_path / "store" / "backgammon").exists()         # nothing was built

    browser.get(server + "/yacht?preset=yatzy&dice=6+6+6+2+1")
    said = browser.find_element("id", "e-form")
    assert re.fullmatch(r"Solving Yatzy the first time takes about \d+ seconds here, longer than a page waits\.",
                        said.text), said.text
    assert 0 <= said.rect["y"] < browser.execute_script("return window.innerHeight")
    small = browser.execute_script(TOO_SMALL)
    assert not small, f"touch targets under {TOUCH} px: {small}"
    browser.save_screenshot(str(screenshots / "yatzy-first.png"))
    browser.find_element("id", "answer-job").click()
    _wait(browser, lambda d: "/jobs/" in d.current_url and d.find_elements("id", "job-cancel"), 60)
    job_id = browser.current_url.rsplit("/", 1)[1]
    assert browser.find_element("id", "job-state").get_attribute("data-value") == "running"
    browser.find_element("id", "job-cancel").click()
    _wait(browser, lambda d: d.find_element("id", "job-state").get_attribute("data-value") in ("cancelled", "done"),
          60)
    assert jobs.get(job_id).wait(30).state in ("cancelled", "done")
    assert not jobs.get(job_id).alive()
