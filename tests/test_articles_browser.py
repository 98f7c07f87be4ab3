"""The built articles on a phone, on a desktop and on paper, in headless Chromium.

Each committed ``reports/<article>.html`` is opened from disk in headless Chromium (Debian's
``chromium`` and ``chromium-driver``, through Selenium) and measured as a reader sees it:

* at 390 CSS px (a phone) nothing scrolls sideways: neither the page nor any table or block of
  text inside it (a table that only fits by scrolling counts as unreadable);
* at 360 px (the narrowest phone) and at 1280 px (a desktop) every chart's PNG has at least two
  pixels for each CSS pixel it is shown at, so it stays sharp on a phone's screen;
* printed (print media, the width of A4 less the page's 8 mm margins) every chart is shown at least at
  its own size, read from the PNG's resolution, so type set at 9 pt or more prints at 9 pt or
  more.

Without Chromium, its driver or Selenium these tests skip with one line saying why, except where
the environment variable CI is set: there they must run. How the articles are checked is
described in ``docs/development.md``.
"""

from __future__ import annotations

import base64
import struct
from pathlib import Path

import pytest

from tests.conftest import browser_missing, headless_chromium, require_browser

ROOT = Path(__file__).resolve().parents[1]
REPORTS = ROOT / "reports"
ARTICLES = sorted(p.stem for p in (ROOT / "notebooks").glob("*.ipynb"))

PHONE, NARROWEST, DESKTOP = 390, 360, 1280
#: A4's width less the page's two 8 mm margins (``@page`` in the articles' style), in CSS pixels.
PRINT_WIDTH = round((210 - 16) / 25.4 * 96)

#: Charts that fall short today, by article and pixel size (stable when charts are added before
#: them), each with why. Strict: a chart that is fixed must leave its list, any other one fails.
PRINTS_SMALL: dict = {}
COARSE: dict = {}

#: Every element that could make a reader scroll sideways, with its overflow.
OVERFLOWING = """
return Array.from(document.querySelectorAll("table, pre, p, li, h1, h2, h3, img"))
  .filter(function (e) { return e.scrollWidth > e.clientWidth + 1
                                || e.getBoundingClientRect().right > window.innerWidth + 1; })
  .map(function (e) { return e.tagName + ": " + (e.textContent || e.getAttribute("src") || "").trim().slice(0, 50); });
"""
#: Every chart: its address (the page embeds it), the pixels it has and the CSS pixels it is shown at.
CHARTS = """
return Array.from(document.images).map(function (e) {
  return [e.getAttribute("src"), e.naturalWidth, e.getBoundingClientRect().width, e.complete]; });
"""


@pytest.fixture(scope="module")
def browser():
    require_browser(browser_missing())
    driver = headless_chromium(DESKTOP, 900, "--allow-file-access-from-files")
    driver.set_page_load_timeout(60)
    yield driver
    driver.quit()


def _open(driver, name: str, width: int, media: str = "screen") -> None:
    """The article at ``width`` CSS pixels (a phone's viewport below 600), for the screen or for print."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": 800, "deviceScaleFactor": 1, "mobile": width < 600})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": media})
    driver.get((REPORTS / f"{name}.html").as_uri())
    charts = driver.execute_script(CHARTS)
    assert all(complete for *_, complete in charts), f"{name}.html: a chart did not load"


def _charts(driver, name: str) -> list[tuple[str, tuple, bytes, int, float]]:
    """The page's charts in order: a name for each ("chart 2 of bluff.html"), its key in the lists above
    (article, pixel size), its PNG, its width in pixels and its CSS width."""
    found = []
    for number, (src, natural, shown, _) in enumerate(driver.execute_script(CHARTS), 1):
        data = base64.b64decode(src.split(",", 1)[1]) if src.startswith("data:") else (REPORTS / src).read_bytes()
        width, height = struct.unpack(">II", data[16:24])
        found.append((f"chart {number} of {name}.html", (name, f"{width}×{height}"), data, natural, shown))
    return found


def _png_dpi(data: bytes) -> float:
    """The resolution a PNG was drawn at, from its pHYs chunk (pixels per metre)."""
    at = 8
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        if kind == b"pHYs":
            per_metre, _, unit = struct.unpack(">IIB", data[at + 8:at + 17])
            assert unit == 1, "a chart's resolution is not given in pixels per metre"
            return per_metre * 0.0254
        if kind == b"IDAT":
            break
        at += 12 + length
    raise AssertionError("a chart does not say its resolution")


@pytest.mark.parametrize("name", ARTICLES)
def test_nothing_scrolls_sideways_on_a_phone(browser, name):
    _open(browser, name, PHONE)
    page = browser.execute_script("return document.documentElement.scrollWidth")
    wide = browser.execute_script(OVERFLOWING)
    assert page <= PHONE and not wide, f"{name}.html at {PHONE} px: page {page} px wide; scrolls: {wide}"


@pytest.mark.parametrize("name", ARTICLES)
def test_charts_have_two_pixels_to_each_shown(browser, name):
    coarse, known = [], set()
    for width in (NARROWEST, DESKTOP):
        _open(browser, name, width)
        for chart, key, _, natural, shown in _charts(browser, name):
            if natural < 2 * shown - 1:
                if key in COARSE:
                    known.add(key)
                else:
                    coarse.append(f"{chart} at {width} px: {natural} px shown at {shown:.0f}")
    fixed = [key for key in COARSE if key[0] == name and key not in known]
    assert not coarse and not fixed, (f"{name}.html: charts coarser than twice the screen's resolution: {coarse}; "
                                      f"now sharp, to remove from COARSE: {fixed}")


@pytest.mark.parametrize("name", ARTICLES)
def test_charts_print_at_their_own_size(browser, name):
    _open(browser, name, PRINT_WIDTH, media="print")
    small, seen = [], set()
    for chart, key, data, natural, shown in _charts(browser, name):
        seen.add(key)
        inches = natural / _png_dpi(data)
        scale = shown / 96 / inches
        if scale < 0.99 and key not in PRINTS_SMALL:
            small.append(f"{chart} prints at {scale:.0%} of its size ({inches:.1f} in wide)")
        elif scale >= 0.99 and key in PRINTS_SMALL:
            small.append(f"{chart} now prints at its size: remove {key} from PRINTS_SMALL")
    small += [f"{key} is no longer drawn: remove it from PRINTS_SMALL" for key in PRINTS_SMALL
              if key[0] == name and key not in seen]
    assert not small, f"{name}.html printed: {small}"
