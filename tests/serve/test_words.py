"""A player's words only: every page, answered, and its sentences for bad input, read as a player sees
them (the text and the alt texts; the command lines under "The same at the command line" aside) hold none
of the toolkit's internal words: preset ids, rule field names, command-line flags, module names."""

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
]

#: The toolkit's own words: preset ids, names with an underscore (rule fields, modules), flags, files.
PRESET_IDS = ("yacht_kr", "brag3", "brag4", "teen_patti", "liars_dice", "acey_deucey")
#: ... and the tournament bots' code names, the chart kinds' names in alt texts.
CODE_NAMES = ("bayes", "threshold bot", "model bot", "freq chart", "bids chart", "reach chart")
INTERNAL = re.compile(r"(?<![\w-])--?[a-z][\w-]*|\b[a-z]+_[a-z_]+\b|\b(?:%s)\b|analysis\.|\.py\b"
                      % "|".join(PRESET_IDS + CODE_NAMES), re.IGNORECASE)


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
    words = sorted(set(INTERNAL.findall(seen(reply.text))))
    assert not words, f"internal words on /{game}: {words}"
