"""A player's words only: every page (each game's answered, and with its sentences for bad input, the front
page, the articles' page, a missing page's, a long question's), read as a player sees them (the text and the
alt texts; the command lines under "The same at the command line" aside) hold none of the toolkit's internal
words: preset ids, rule field names, command-line flags, module names, bot code names, the solver's and the
evaluator's own terms; the game's words that stay (equity, exploit) are explained on the page."""

from __future__ import annotations

import html
import re

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402

from analysis.web import app as web  # noqa: E402

#: An example question of each page, with a bid, a target, an opponent, a race: the answers' own words.
EXAMPLES = [
    ("bluff", {"dice": "3 3 * 5 1", "opponents": "6 7", "bid": "7x3", "history": "1:4x3 2:5x3 me:6x3 1:6x5"}),
    ("bluff", {"preset": "liars_dice", "dice": "3 3 1 5 1", "opponents": "5", "bid": ""}),
    ("bluff", {"preset": "perudo", "dice": "3 3 1", "opponents": "4", "bid": "3x3", "palifico": "1"}),
    ("bluff", {"preset": "liars_dice", "dice": "3 3 1 5 1", "opponents": "5", "bid": "6x3", "bot": "bayes"}),
    ("bluff", {"preset": "liars_dice", "dice": "3 3 1 5 1", "opponents": "5", "bid": "6x3", "bot": "model"}),
    ("yacht", {"dice": "6 6 6 2 1", "rolls": "2"}),
    ("yacht", {"dice": "6 6 6 2 1", "rolls": "0", "open": ["Choice", "Aces"], "score": "150"}),
    ("brag", {"hand": "KS KH 7D", "opponents": "1", "pot": "10", "stake": "2"}),
    ("brag", {"preset": "teen_patti", "blind": "1", "pot": "6", "stake": "1", "rounds": "2"}),
    ("backgammon", {"roll": "31", "distance": "6", "closed": "2"}),
    ("backgammon", {"position": "1:3 2:3 3:3 4:2 5:2 6:2 / 1:2 2:2 3:2 4:3 5:3 6:3", "roll": "64"}),
    # a solved heads-up round (the strategy's source), looking ahead, an opening; Brag's other questions; a match
    ("bluff", {"dice": "3 3", "opponents": "2", "bid": "2x3"}),
    ("bluff", {"dice": "3 3", "opponents": "2", "bid": "2x3", "bot": "search"}),
    ("bluff", {"dice": "3 3 1", "opponents": "3", "bid": ""}),
    ("brag", {"hand": "KS KH 7D", "opponents": "3", "pot": "10", "stake": "2"}),
    ("brag", {"preset": "brag4", "hand": "KS KH 7D 2C", "opponents": "2", "pot": "10", "stake": "2"}),
    ("backgammon", {"roll": "31", "match": "5", "score": "2-1"}),
    ("backgammon", {"xgid": "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:2:1:0:5:10"}),
]
#: Bad input: each sentence a player reads beside a field.
MISTAKES = [
    ("bluff", {"dice": "3 3 * 5 1", "opponents": "6 7", "bid": "7x3", "rule": "exact_call=maybe"}),
    ("bluff", {"dice": "3 3 * 5 1", "opponents": "6 7", "bid": "7x3", "rule": "nosuch=1"}),
    ("bluff", {"dice": "3 3 * 5 1", "opponents": "6 7", "bid": "7x3", "palifico": "1"}),
    ("bluff", {"dice": "3 3 * 5 1", "opponents": "6 7", "bid": "7x3", "wild": "3"}),
    ("yacht", {"dice": "6 6 6 2 1", "upper": "10"}),
    ("yacht", {"dice": "6 6 6 2 1", "open": "Nope"}),
    ("brag", {"preset": "poker", "hand": "KS KH 7D"}),
    ("backgammon", {"preset": "poker"}),
    ("brag", {"hand": "KS KH KH"}),
    ("brag", {"hand": "KS KH 7D", "opponents": "3", "pot": "-1"}),
    ("backgammon", {"owner": "on_roll"}),
    ("backgammon", {"xgid": "XGID=zz"}),
    ("backgammon", {"match": "5"}),
    ("yacht", {"preset": "yahtzee", "dice": "6 6 6 2 1", "bonus": "1"}),
]
#: The pages beside the games': the front page, the articles, a page that is not there.
OTHER_PAGES = ["/", "/reports", "/nowhere"]

#: The toolkit's own words: preset ids, names with an underscore (rule fields, modules), flags, files.
PRESET_IDS = ("yacht_kr", "brag3", "brag4", "teen_patti", "liars_dice", "acey_deucey")
#: ... and the tournament bots' code names, the chart kinds' names in alt texts.
CODE_NAMES = ("bayes", "threshold bot", "model bot", "freq chart", "bids chart", "reach chart", "net:ply1")
#: ... and the toolkit's own terms: its solver's, its evaluator's, its notation's.
TERMS = ("Janowski", "P(true)", "local best response", "kernel", "the net", "exploitability", "iterations")
#: A flag starts a word (an XGID's "=-b----E" is none).
INTERNAL = re.compile(r"(?<![\w=-])--?[a-z][\w-]*|\b[a-z]+_[a-z_]+\b|\b(?:%s)\b|(?<!\w)(?:%s)(?!\w)"
                      r"|analysis\.|\.py\b" % ("|".join(PRESET_IDS + CODE_NAMES), "|".join(map(re.escape, TERMS))),
                      re.IGNORECASE)
#: The game's words that stay, and must then be explained on the page ("Words used here").
EXPLAINED = ("equity", "exploit", "equilibrium", "ply")


@pytest.fixture(scope="module")
def client():
    with TestClient(web.create_app()) as test_client:
        yield test_client


def seen(page: str) -> str:
    """What a player reads on a page: its text and alt texts, without the command lines it shows."""
    page = re.sub(r"<details>\s*<summary>The same at the command line.*?</details>", " ", page, flags=re.S)
    page = re.sub(r"<(script|style|code)\b.*?</\1>", " ", page, flags=re.S)
    alts = " ".join(re.findall(r'(?:alt|aria-label|title)="([^"]*)"', page))
    text = re.sub(r"<[^>]+>", " ", page)
    return html.unescape(f"{text} {alts}")


@pytest.mark.parametrize("game, query", EXAMPLES + MISTAKES, ids=[f"{g}-{i}" for i, (g, _) in
                                                                   enumerate(EXAMPLES + MISTAKES)])
def test_a_page_speaks_a_players_words(client, game, query):
    reply = client.get(f"/{game}", params=query)
    assert reply.status_code in (200, 400)
    _check(reply.text, f"/{game}")


def _check(page: str, where: str) -> None:
    """No internal word on the page; each of the game's own words it uses, explained on it."""
    text = seen(page)
    words = sorted(set(INTERNAL.findall(text)))
    assert not words, f"internal words on {where}: {words}"
    for word in EXPLAINED:
        if re.search(rf"\b{word}", text, re.IGNORECASE):
            assert re.search(rf'<details class="glossary">.*<dt>{word}', page, re.IGNORECASE | re.S), \
                f"'{word}' on {where} is not explained"


@pytest.mark.parametrize("path", OTHER_PAGES)
def test_every_other_page_speaks_a_players_words(client, path):
    _check(client.get(path).text, path)


def test_a_long_questions_page_speaks_a_players_words(client):
    """A match between bots, done: its page names each bot as the form does."""
    import time

    started = client.post("/api/jobs/backgammon/match", data={"bots": ["pips", "random"], "games": "20", "seed": "1"})
    assert started.status_code == 202, started.text
    job = started.json()["id"]
    deadline = time.monotonic() + 120
    while client.get(f"/api/jobs/{job}").json()["state"] == "running":
        assert time.monotonic() < deadline, "the match did not finish"
        time.sleep(0.2)
    page = client.get(f"/jobs/{job}")
    assert 'id="job-state" data-value="done"' in page.text
    assert "a beginner against a random player" in page.text
    _check(page.text, "the match's page")
