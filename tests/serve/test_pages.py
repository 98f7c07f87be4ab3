"""Every page of ``odds serve`` over HTTP (Starlette's test client): its answers are the CLI's
``--json`` for the same inputs, and bad input is the CLI's sentence beside the wrong field."""

from __future__ import annotations

import html
import re
import threading

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402

from analysis.web import app as web  # noqa: E402
from analysis.web.forms import players_words  # noqa: E402


@pytest.fixture(scope="module")
def client():
    with TestClient(web.create_app()) as test_client:
        yield test_client


def _value(page: str, element_id: str) -> str:
    """The full-precision ``data-value`` of the element with ``id`` in a rendered page."""
    match = re.search(rf'id="{element_id}"[^>]*data-value="([^"]*)"', page)
    assert match, f"no #{element_id} in the page"
    return html.unescape(match.group(1))


def _error(page: str, field: str) -> str:
    match = re.search(rf'<p class="error" role="alert" id="e-{field}">(.*?)</p>', page, re.DOTALL)
    assert match, f"no sentence beside {field}"
    return html.unescape(match.group(1))


def _sentence(result) -> str:
    """The CLI's sentence without its ``odds ...: error:`` prefix (and an argument's name)."""
    line = result.err.strip().splitlines()[-1]
    text = re.sub(r"^Argument [-\w/]+: ", "", line.split(": error: ", 1)[1])
    return text[:1].upper() + text[1:]          # the page starts each sentence with a capital


# ------------------------------------------------------------------- the answers are the CLI's
BLUFF_CALL = {"preset": "bluff", "dice": "3 3 * 5 1", "opponents": "6 7", "bid": "7x3",
              "history": "1:4x3 2:5x3 me:6x3 1:6x5"}


def test_dice_bidding_call_with_and_without_the_bids_read(client, odds):
    reply = client.get("/api/bluff", params=BLUFF_CALL)
    assert reply.status_code == 200
    cli = odds("bluff", "call", "--preset", "bluff", "--dice", "3 3 * 5 1", "--opponents", "6", "7",
               "--bid", "7x3", "--history", "1:4x3 2:5x3 me:6x3 1:6x5", "--json").json()
    assert reply.json()["answers"]["call"] == cli
    page = client.get("/bluff", params=BLUFF_CALL).text
    assert float(_value(page, "p-true")) == cli["p_true"]
    assert float(_value(page, "p-true-history")) == cli["with_history"]["p_true"]
    assert _value(page, "verdict") == cli["recommendation"]
    assert _value(page, "verdict-history") == cli["with_history"]["recommendation"]
    # The expected dice lost by each choice, to the last digit.
    shown = re.findall(r'<tr data-choice="([^"]+)"><td>[^<]*</td><td>[^<]*</td><td data-value="([^"]+)"', page)
    expected = [("challenge", cli["challenge"]["expected_dice_lost"][0])] + [
        (row["bid"], row["my_expected_loss_if_challenged"]) for row in cli["raises"]]
    assert [(html.unescape(choice), float(value)) for choice, value in shown] == expected


def test_perudo_call_with_the_exact_call_and_a_bidder(client, odds):
    query = {"preset": "perudo", "dice": "3 3 1 5 1", "opponents": "5 4", "bid": "4x3", "bidder": "1", "next": "2"}
    cli = odds("bluff", "call", "--preset", "perudo", "--dice", "3 3 1 5 1", "--opponents", "5", "4",
               "--bid", "4x3", "--bidder", "1", "--next", "2", "--json").json()
    assert client.get("/api/bluff", params=query).json()["answers"]["call"] == cli
    assert cli["exact_call"] is not None and 'data-choice="exact"' in client.get("/bluff", params=query).text


def test_no_bid_yet_lists_the_openings(client, odds):
    reply = client.get("/api/bluff", params={"preset": "perudo", "dice": "1 2 3", "bid": ""}).json()
    assert reply["answers"]["openings"] == odds("bluff", "raises", "--preset", "perudo", "--json").json()


def test_yacht_best_keep_and_box_odds(client, odds):
    query = {"preset": "yacht_kr", "dice": "6 6 6 2 1", "rolls": "1", "open": ["Chase Off", "Choice", "Six Beans"],
             "score": "40"}
    reply = client.get("/api/yacht", params=query)
    assert reply.status_code == 200
    advise = odds("yacht", "advise", "--preset", "yacht_kr", "--dice", "6 6 6 2 1", "--rolls-left", "1",
                  "--open", "Chase Off,Choice,Six Beans", "--score", "40", "--json").json()
    box_odds = odds("yacht", "odds", "--preset", "yacht_kr", "--json").json()
    assert reply.json()["answers"] == {"advise": advise, "odds": box_odds}
    page = client.get("/yacht", params=query).text
    assert html.unescape(_value(page, "verdict")) == advise["best"]
    assert float(_value(page, "expected")) == advise["options"][0]["expected_final"]
    # The ticked boxes stay ticked, so the link reproduces the card.
    assert re.search(r'value="Six Beans" checked', page) and not re.search(r'value="Aces" checked', page)


def test_a_yacht_field_the_game_has_no_use_for_is_hidden(client):
    from analysis.yacht.rules import preset

    for name in ("yacht_kr", "clubhouse", "yahtzee", "yatzy"):
        rules = preset(name)
        page = client.get("/yacht", params={"preset": name}).text
        hidden = set(re.findall(r'data-field="(\w+)" hidden', page))
        assert hidden == {field for field, used in (("upper", rules.has_upper_bonus),
                                                    ("bonus", rules.has_yacht_bonus)) if not used}, name
    # Given all the same (an address typed by hand), its sentence shows beside it.
    page = client.get("/yacht", params={"preset": "yacht_kr", "dice": "6 6 6 2 1", "upper": "10"}).text
    assert 'data-field="upper" hidden' not in page and 'id="e-upper"' in page


@pytest.mark.slow
def test_yacht_with_a_target(client, odds):
    query = {"dice": "6 6 6 2 1", "rolls": "2", "open": ["Chase Off", "Choice"], "score": "150", "target": "200"}
    cli = odds("yacht", "advise", "--preset", "yacht_kr", "--dice", "6 6 6 2 1", "--rolls-left", "2",
               "--open", "Chase Off,Choice", "--score", "150", "--target", "200", "--json").json()
    assert client.get("/api/yacht", params=query).json()["answers"]["advise"] == cli
    assert float(_value(client.get("/yacht", params=query).text, "goal")) == cli["options"][0]["goal_chance"]


def test_brag_rank_equity_and_see(client, odds):
    query = {"preset": "brag3", "hand": "KS KH 7D", "opponents": "1", "pot": "10", "stake": "2"}
    answers = client.get("/api/brag", params=query).json()["answers"]
    assert answers["hand"] == odds("brag", "hand", "KS KH 7D", "--json").json()
    assert answers["equity"] == odds("brag", "equity", "KS KH 7D", "--opponents", "1", "--json").json()
    see = odds("brag", "see", "KS KH 7D", "--pot", "10", "--stake", "2", "--json").json()
    assert answers["decision"] == see
    page = client.get("/brag", params=query).text
    assert _value(page, "verdict") == see["best"]
    assert float(_value(page, "equity")) == answers["equity"]["equity"]


def test_brag_stay_against_two_opponents(client, odds):
    query = {"preset": "brag3", "hand": "KS KH 7D", "opponents": "2", "pot": "10", "stake": "2"}
    answers = client.get("/api/brag", params=query).json()["answers"]
    assert answers["equity"] == odds("brag", "equity", "KS KH 7D", "--opponents", "2", "--json").json()
    assert answers["decision"] == odds("brag", "stay", "KS KH 7D", "--pot", "10", "--stake", "2", "--opponents", "2",
                                       "--json").json()


def test_brag_blind(client, odds):
    query = {"preset": "teen_patti", "blind": "1", "pot": "6", "stake": "1", "rounds": "2"}
    cli = odds("brag", "blind", "--preset", "teen_patti", "--pot", "6", "--stake", "1", "--rounds", "2",
               "--json").json()
    assert client.get("/api/brag", params=query).json()["answers"] == {"blind": cli}


RACE = "1:3 2:3 3:3 4:2 5:2 6:2 / 1:2 2:2 3:2 4:3 5:3 6:3"


def test_backgammon_plays_race_cube_shots_and_entry(client, odds):
    query = {"position": RACE, "roll": "64", "distance": "8", "blocks": "4", "closed": "4", "on_bar": "2"}
    answers = client.get("/api/backgammon", params=query).json()["answers"]
    assert answers["moves"] == odds("backgammon", "moves", "--position", RACE, "--roll", "64", "--json").json()
    assert answers["race"] == odds("backgammon", "race", "--position", RACE, "--json").json()
    assert answers["bearoff"] == odds("backgammon", "bearoff", "--position", RACE, "--json").json()
    assert answers["shots"] == odds("backgammon", "shots", "--distance", "8", "--blocks", "4", "--json").json()
    assert answers["entry"] == odds("backgammon", "entry", "--closed", "4", "--on-bar", "2", "--json").json()
    page = client.get("/backgammon", params=query).text
    assert int(_value(page, "plays")) == answers["moves"]["count"]
    # The board drawn: every checker of both sides on its point (none on the bar, none off yet).
    assert page.count('class="me"') == 15 and page.count('class="them"') == 15
    assert float(_value(page, "win-chance")) == answers["bearoff"]["win_chance"]


def test_backgammon_opening_position_by_id_is_not_a_race(client, odds):
    query = {"id": "4HPwATDgc/ABMA", "roll": "31"}
    reply = client.get("/api/backgammon", params=query).json()
    assert reply["answers"]["moves"] == odds("backgammon", "moves", "--id", "4HPwATDgc/ABMA", "--roll", "31",
                                             "--json").json()
    race = odds("backgammon", "race", "--id", "4HPwATDgc/ABMA", "--json")
    assert reply["notes"]["race"] == _sentence(race)        # a note beside the answer, not an error
    assert reply["errors"] == {}


def _shown(page: str, attribute: str, value: str) -> list[str]:
    """The ``data-value``s of the cells in the row with ``attribute="value"``, in order."""
    row = re.search(rf'<tr [^>]*\b{attribute}="{re.escape(value)}"[^>]*>(.*?)</tr>', page, re.DOTALL)
    assert row, f"no row {attribute}={value}"
    return [html.unescape(v) for v in re.findall(r'data-value="([^"]*)"', row.group(1))]


@pytest.mark.parametrize("query, argv", [
    ({"roll": "31"}, []),
    ({"id": "4HPwATDgc/ABMA", "roll": "64", "ply": "1"}, ["--id", "4HPwATDgc/ABMA", "--ply", "1"]),
    ({"position": "6:4 8:3 13:4 24:2 7:2 / 6:5 8:3 13:5 24:1 20:1", "roll": "53", "cube": "2", "owner": "on_roll"},
     ["--position", "6:4 8:3 13:4 24:2 7:2 / 6:5 8:3 13:5 24:1 20:1", "--cube", "2", "--owner", "on_roll"]),
])
def test_backgammon_plays_ranked_by_the_evaluator_with_its_chances_and_cube(client, odds, query, argv):
    # The command first: a look-ahead's first run builds the bear-off database, which a page only reads.
    hint = odds("backgammon", "hint", *argv, "--roll", query["roll"], "--json").json()
    evaluation = odds("backgammon", "eval", *argv, "--json").json()
    cube = odds("backgammon", "cube", *argv, "--json").json()
    reply = client.get("/api/backgammon", params=query)
    assert reply.status_code == 200, reply.json()
    answers = reply.json()["answers"]
    assert answers["hint"] == hint and answers["eval"] == evaluation and answers["cube_net"] == cube
    assert hint["ply"] == int(query.get("ply", "0")) and hint["count"] == answers["moves"]["count"]
    page = client.get("/backgammon", params=query).text
    assert _value(page, "best-play") == hint["plays"][0]["play"]
    for play in hint["plays"]:
        assert [float(v) for v in _shown(page, "data-rank", str(play["rank"]))] == [play["equity"], play["loss"]]
        chances = _shown(page, "data-chances", str(play["rank"]))
        assert [float(v) for v in chances] == [play[name] for name in ("win", "win_gammon", "win_backgammon",
                                                                       "lose_gammon", "lose_backgammon")]
    assert float(_value(page, "eval-win")) == evaluation["win"]
    assert float(_value(page, "eval-equity")) == evaluation["equity"]
    assert _value(page, "net-cube") == cube["decision"]


def test_acey_deucey_has_the_evaluator_but_no_cube(client, odds):
    answers = client.get("/api/backgammon", params={"preset": "acey_deucey", "roll": "31"}).json()["answers"]
    assert answers["hint"] == odds("backgammon", "hint", "--preset", "acey_deucey", "--roll", "31", "--json").json()
    assert "cube_net" not in answers


def test_dice_bidding_asks_a_bot_what_it_would_do(client, odds):
    query = {"dice": "3 3 * 5 1", "opponents": "5", "bid": "4 threes", "bot": "bayes"}
    answers = client.get("/api/bluff", params=query).json()["answers"]
    cli = odds("bluff", "play", "--preset", "bluff", "--dice", "3 3 * 5 1", "--opponents", "5", "--history", "1:4x3",
               "--bot", "bayes", "--json").json()
    assert answers["decision"] == cli
    page = client.get("/bluff", params=query).text
    assert _value(page, "decision") == cli["action"]
    assert [float(v) for v in _shown(page, "data-action", cli["action"])] == [cli["policy"][cli["action"]]]


def test_dice_bidding_without_a_stored_strategy_says_so_beside_the_answer(client, odds, monkeypatch, tmp_path):
    from analysis.bluff.sampled import shipped as sampled_shipped

    monkeypatch.setattr(sampled_shipped, "SHIPPED_ROOT", tmp_path / "none")   # as without the package's solves
    reply = client.get("/api/bluff", params={"dice": "3 3 * 5 1", "opponents": "5"}).json()
    cli = odds("bluff", "open", "--preset", "bluff", "--dice", "3 3 * 5 1", "--opponents", "5", "--json")
    assert cli.code == 2 and reply["notes"]["open"] == _sentence(cli)
    assert reply["errors"] == {} and "openings" in reply["answers"]
    # A bad die is the form's fault, open advisor or not: beside the dice.
    bad = client.get("/api/bluff", params={"dice": "3 3 7", "opponents": "5"})
    assert bad.status_code == 400 and list(bad.json()["errors"]) == ["dice"]


def test_dice_bidding_at_a_table_answers_from_the_table_solve_or_says_why_not(client, odds):
    """Three players with two dice each: the opening and the decision from the package's three-player solve, as the
    command answers them. Five dice each, which no solve covers: the odds and the bid reader answer, and the page
    says for which tables the strategy is solved, beside each answer."""
    small = {"preset": "perudo", "dice": "3 4", "opponents": "2 2"}
    argv = ["--preset", "perudo", "--dice", "3 4", "--opponents", "2", "2"]
    reply = client.get("/api/bluff", params=small).json()
    opened = odds("bluff", "open", *argv, "--json").json()
    assert reply["errors"] == {} and reply["answers"]["open"] == opened and "note" not in opened
    page = client.get("/bluff", params=small).text
    assert _value(page, "open-best") == opened["recommended"] and "three players with 2 2 2 dice" in page
    for row in opened["openings"]:
        assert [float(v) for v in _shown(page, "data-opening", row["bid"])] == [
            row["p_strategy"], row["value"], row["p_true"], row["p_challenged"]]
    query = {**small, "history": "1:2x4", "bid": "3x4"}     # a state the solve reached (else the bid reader answers)
    reply = client.get("/api/bluff", params=query).json()
    played = odds("bluff", "play", *argv, "--history", "1:2x4 2:3x4", "--json").json()
    assert reply["errors"] == {} and reply["answers"]["decision"] == played
    assert played["player"] == "strategy" and "3-player solve of 2 2 2 dice" in played["source"]
    page = client.get("/bluff", params=query).text
    assert _value(page, "decision") == played["action"] and 'id="decision-note"' not in page
    for action, value in played["values"].items():
        assert float(_shown(page, "data-action", action)[1]) == value

    big = {"preset": "bluff", "dice": "3 3 * 5 1", "opponents": "5 5 5 5"}
    reply = client.get("/api/bluff", params=big).json()
    opened = odds("bluff", "open", "--preset", "bluff", "--dice", "3 3 * 5 1", "--opponents", "5", "5", "5", "5",
                  "--json").json()
    assert reply["errors"] == {} and reply["answers"]["open"] == opened and "not for five players with 5 5 5 5 5 dice" in opened["note"]
    page = client.get("/bluff", params=big).text
    assert _value(page, "open-best") == opened["recommended"]
    assert "not for five players with 5 5 5 5 5 dice" in html.unescape(re.search(r'id="open-note">(.*?)</p>', page).group(1))
    reply = client.get("/api/bluff", params={**big, "bid": "9x3"}).json()
    assert reply["errors"] == {} and "not for five players with 5 5 5 5 5 dice" in reply["answers"]["decision"]["note"]
    page = client.get("/bluff", params={**big, "bid": "9x3"}).text
    assert "not for five players with 5 5 5 5 5 dice" in html.unescape(re.search(r'id="decision-note">(.*?)</p>', page).group(1))


@pytest.fixture(scope="module")
def small_solve():
    """A stored 1v2 Liar's Dice round (wild ones, no exact call), solved as the advisor plans it, shortened."""
    from analysis.bluff.rules import preset
    from analysis.bluff.sampled.plan import planned
    from analysis.bluff.sampled.solver import solve_sampled

    plan = planned((1, 2))
    return solve_sampled(preset("liars_dice", wild=1, exact_call=None), (1, 2),
                         **{**plan, "iterations": plan["iterations"] // 10}, lbr_games=500)


LIARS = {"preset": "liars_dice", "wild": "1", "rule": "exact_call=none", "dice": "4", "opponents": "2"}
LIARS_ARGV = ["--preset", "liars_dice", "--rule", "exact_call=none", "--wild", "1", "--dice", "4", "--opponents", "2"]


def test_dice_bidding_what_to_open_with_and_what_the_strategy_would_do(client, odds, small_solve, monkeypatch):
    from analysis.bluff.sampled import plan as sampled_plan

    monkeypatch.setitem(sampled_plan.PLAN, 1, ((None, small_solve.iterations, 1.0),))
    monkeypatch.setitem(sampled_plan.PLAN, 2, ((None, small_solve.iterations, 1.0),))
    reply = client.get("/api/bluff", params=LIARS).json()
    opened = odds("bluff", "open", *LIARS_ARGV, "--json").json()
    assert reply["errors"] == {} and reply["answers"]["open"] == opened
    page = client.get("/bluff", params=LIARS).text
    assert _value(page, "open-best") == opened["recommended"]
    for row in opened["openings"]:
        assert [float(v) for v in _shown(page, "data-opening", row["bid"])] == [
            row["p_strategy"], row["value"], row["p_true"], row["p_challenged"]]
    # I opened one four; the other raised to two fours: what the strategy does now, and each action's value.
    query = {**LIARS, "history": "me:1x4", "bid": "2x4", "bidder": "1"}
    reply = client.get("/api/bluff", params=query).json()
    played = odds("bluff", "play", *LIARS_ARGV, "--history", "me:1x4 1:2x4", "--json").json()
    assert reply["errors"] == {} and reply["answers"]["decision"] == played
    page = client.get("/bluff", params=query).text
    assert _value(page, "decision") == played["action"]
    for action, value in played["values"].items():
        assert float(_shown(page, "data-action", action)[1]) == value


def test_front_page_and_assets(client):
    front = client.get("/")
    assert front.status_code == 200 and all(f'href="/{game}"' in front.text for game in web.GAMES)
    for asset in ("style.css", "app.js"):
        assert client.get(f"/static/{asset}").status_code == 200
    # Nothing is fetched from elsewhere: every address in every page is this server's.
    for game in web.GAMES:
        page = client.get(f"/{game}").text
        assert client.get(f"/{game}").status_code == 200
        assert not re.search(r'(src|href)="(https?:)?//', page)


# ------------------------------------------------------------------------------- bad input
BAD = [
    ("bluff", {"dice": "3 3 7", "opponents": "6 7", "bid": "7x3"}, "dice",
     ["bluff", "call", "--dice", "3 3 7", "--opponents", "6", "7", "--bid", "7x3"]),
    ("bluff", {"dice": "3 3", "opponents": "6 1000000000", "bid": "7x3"}, "opponents",
     ["bluff", "call", "--dice", "3 3", "--opponents", "6", "1000000000", "--bid", "7x3"]),
    ("bluff", {"dice": "3 3", "opponents": "6", "bid": "7x9"}, "bid",
     ["bluff", "call", "--dice", "3 3", "--opponents", "6", "--bid", "7x9"]),
    # a sentence about the round's bids also says "bid": it belongs beside the bids, not the bid to answer
    ("bluff", {"dice": "3 3", "opponents": "6 7", "bid": "6x3", "history": "1:5x3 2:4x3"}, "history",
     ["bluff", "call", "--dice", "3 3", "--opponents", "6", "7", "--bid", "6x3", "--history", "1:5x3 2:4x3"]),
    ("bluff", {"dice": "3 3", "opponents": "6 7", "bid": "6x3", "history": "1:5x3 2:4x3 me:7x1"}, "history",
     ["bluff", "call", "--dice", "3 3", "--opponents", "6", "7", "--bid", "6x3", "--history", "1:5x3 2:4x3 me:7x1"]),
    ("yacht", {"dice": "6 6 6 2", "rolls": "2"}, "dice", ["yacht", "advise", "--dice", "6 6 6 2", "--rolls-left", "2"]),
    ("brag", {"hand": "KS KH KH", "opponents": "1", "pot": "10", "stake": "2"}, "hand",
     ["brag", "hand", "KS KH KH"]),
    ("brag", {"hand": "KS KH 7D", "opponents": "100", "pot": "10", "stake": "2"}, "opponents",
     ["brag", "equity", "KS KH 7D", "--opponents", "100"]),
    ("brag", {"hand": "KS KH 7D", "opponents": "1", "pot": "-5", "stake": "2"}, "pot",
     ["brag", "see", "KS KH 7D", "--pot", "-5", "--stake", "2"]),
    ("backgammon", {"id": "not-an-id", "roll": "31"}, "id",
     ["backgammon", "moves", "--id", "not-an-id", "--roll", "31"]),
    ("backgammon", {"roll": "71"}, "roll", ["backgammon", "moves", "--roll", "71"]),
    ("backgammon", {"distance": "25"}, "distance", ["backgammon", "shots", "--distance", "25"]),
    ("backgammon", {"position": "6:16 / 6:15", "roll": "31"}, "position",
     ["backgammon", "moves", "--position", "6:16 / 6:15", "--roll", "31"]),
    # The library's error names its input: beside that field, whatever words the sentence uses
    # ("'7' in bid '7x7' is not a Bluff face" once went beside the others' dice, a house rule beside palifico).
    ("bluff", {"dice": "3 3 * 5 1", "opponents": "6 7", "bid": "7x7"}, "bid",
     ["bluff", "call", "--dice", "3 3 * 5 1", "--opponents", "6", "7", "--bid", "7x7"]),
    ("bluff", {"dice": "3 3 * 5 1", "opponents": "6 7", "bid": "7x3", "bidder": "3"}, "bidder",
     ["bluff", "call", "--dice", "3 3 * 5 1", "--opponents", "6", "7", "--bid", "7x3", "--bidder", "3"]),
    ("bluff", {"dice": "3 3 * 5 1", "opponents": "6 7", "bid": "7x3", "next": "3"}, "next",
     ["bluff", "call", "--dice", "3 3 * 5 1", "--opponents", "6", "7", "--bid", "7x3", "--next", "3"]),
    ("bluff", {"dice": "3 3 * 5 1", "opponents": "6 7", "bid": "7x3", "rule": "exact_call=maybe"}, "rule",
     ["bluff", "call", "--dice", "3 3 * 5 1", "--opponents", "6", "7", "--bid", "7x3", "--rule", "exact_call=maybe"]),
    ("bluff", {"dice": "3 3 * 5 1", "opponents": "6 7", "bid": "7x3", "rule": "nosuch=1"}, "rule",
     ["bluff", "call", "--dice", "3 3 * 5 1", "--opponents", "6", "7", "--bid", "7x3", "--rule", "nosuch=1"]),
    ("bluff", {"dice": "3 3 * 5 1", "opponents": "6 7", "bid": "7x3", "rule": "dice_per_player=0"}, "rule",
     ["bluff", "call", "--dice", "3 3 * 5 1", "--opponents", "6", "7", "--bid", "7x3", "--rule",
      "dice_per_player=0"]),
    ("bluff", {"dice": "3 3 * 5 1", "opponents": "6 7", "bid": "7x3", "wild": "3"}, "wild",
     ["bluff", "call", "--dice", "3 3 * 5 1", "--opponents", "6", "7", "--bid", "7x3", "--wild", "3"]),
    ("bluff", {"dice": "3 3 * 5 1", "opponents": "6 7", "bid": "7x3", "palifico": "1"}, "palifico",
     ["bluff", "call", "--dice", "3 3 * 5 1", "--opponents", "6", "7", "--bid", "7x3", "--palifico"]),
    ("yacht", {"dice": "6 6 6 2 1", "open": "Nope"}, "open", ["yacht", "advise", "--dice", "6 6 6 2 1", "--rolls-left", "2", "--open", "Nope"]),
    ("yacht", {"dice": "6 6 6 2 1", "score": "-5"}, "score",
     ["yacht", "advise", "--dice", "6 6 6 2 1", "--rolls-left", "2", "--score", "-5"]),
    ("yacht", {"dice": "6 6 6 2 1", "upper": "10"}, "upper",
     ["yacht", "advise", "--dice", "6 6 6 2 1", "--rolls-left", "2", "--upper", "10"]),
    ("yacht", {"dice": "6 6 6 2 1", "bonus": "1"}, "bonus",
     ["yacht", "advise", "--dice", "6 6 6 2 1", "--rolls-left", "2", "--yacht-bonus"]),
    ("yacht", {"dice": "6 6 6 2 1", "opponent": "190:Nope"}, "opponent",
     ["yacht", "advise", "--dice", "6 6 6 2 1", "--rolls-left", "2", "--opponent", "190:Nope"]),
    ("yacht", {"dice": "6 6 6 2 1", "target": "200", "opponent": "190:Choice"}, "opponent",
     ["yacht", "advise", "--dice", "6 6 6 2 1", "--rolls-left", "2", "--target", "200", "--opponent", "190:Choice"]),
    ("brag", {"hand": "KS KH 7D", "opponents": "1", "pot": "10", "stake": "-2"}, "stake",
     ["brag", "see", "KS KH 7D", "--pot", "10", "--stake", "-2"]),
    ("backgammon", {"cube": "3"}, "cube", ["backgammon", "eval", "--cube", "3"]),
    ("backgammon", {"closed": "9"}, "closed", ["backgammon", "entry", "--closed", "9"]),
    # The XGID, the match score and the cube's owner: the library's error names each (its words alone would not).
    ("backgammon", {"xgid": "XGID=zz"}, "xgid", ["backgammon", "eval", "--xgid", "XGID=zz"]),
    ("backgammon", {"match": "5", "score": "9-1"}, "score", ["backgammon", "eval", "--match", "5", "--score", "9-1"]),
    ("backgammon", {"match": "5"}, "score", ["backgammon", "eval", "--match", "5"]),
    ("backgammon", {"score": "2-1"}, "match", ["backgammon", "eval", "--score", "2-1"]),
    ("backgammon", {"owner": "on_roll"}, "owner", ["backgammon", "eval", "--owner", "on_roll"]),
    ("brag", {"hand": "KS KH 7D", "blind": "1", "pot": "10", "stake": "2", "rounds": "1000"}, "rounds",
     ["brag", "blind", "--pot", "10", "--stake", "2", "--rounds", "1000"]),
    ("brag", {"hand": "KS KH 7D", "opponents": "3", "pot": "10", "stake": "0"}, "stake",
     ["brag", "stay", "--hand", "KS KH 7D", "--opponents", "3", "--pot", "10", "--stake", "0"]),
]


@pytest.mark.parametrize("game, query, field, argv", BAD, ids=[f"{b[0]}-{b[2]}" for b in BAD])
def test_bad_input_is_the_commands_sentence_beside_its_field(client, odds, game, query, field, argv):
    cli = odds(*argv, "--json")
    assert cli.code == 2
    reply = client.get(f"/api/{game}", params=query)
    assert reply.status_code == 400 and reply.json()["answers"] == {}
    assert reply.json()["errors"] == {field: _sentence(cli)}
    page = client.get(f"/{game}", params=query)
    assert page.status_code == 400 and "Traceback" not in page.text
    # The page names a game by its name, not the command's ("Korean Yacht", not yacht_kr).
    assert _error(page.text, field) == players_words(_sentence(cli))


#: A value that the form's list never offers (an address typed by hand): refused before any work, by the
#: list's own words.
NOT_OFFERED = [
    ("bluff", {"preset": "poker", "dice": "3 3", "opponents": "6", "bid": "7x3"}, "preset",
     "'poker' is not a choice for game; choose Bluff, Perudo or Liar's Dice."),
    ("yacht", {"dice": "6 6 6 2 1", "rolls": "7"}, "rolls",
     "'7' is not a choice for rolls left; choose 2 (after the first roll), 1 or 0 (choose a box)."),
    ("yacht", {"preset": "poker", "dice": "6 6 6 2 1"}, "preset",
     "'poker' is not a choice for game; choose Korean Yacht, Clubhouse Yacht, Yahtzee or Yatzy."),
    ("brag", {"preset": "poker", "hand": "KS KH 7D"}, "preset",
     "'poker' is not a choice for game; choose Three-card Brag, Four-card Brag or Teen Patti."),
    ("backgammon", {"roll": "31", "owner": "x"}, "owner", None),
    ("backgammon", {"roll": "31", "ply": "5"}, "ply", None),
    ("backgammon", {"preset": "poker"}, "preset", None),
]


@pytest.mark.parametrize("game, query, field, sentence", NOT_OFFERED, ids=[f"{n[0]}-{n[2]}" for n in NOT_OFFERED])
def test_a_value_the_form_never_offers_is_refused_by_its_choices(client, game, query, field, sentence):
    module = web.GAMES[game]
    offered = next(f for f in module.FIELDS if f.name == field)
    labels = [label for _, label in offered.choices]
    expected = sentence or (f"'{query[field]}' is not a choice for {offered.label.lower()}; choose "
                            f"{', '.join(labels[:-1])} or {labels[-1]}.")
    reply = client.get(f"/api/{game}", params=query)
    assert reply.status_code == 400 and reply.json()["errors"] == {field: expected}
    assert _error(client.get(f"/{game}", params=query).text, field) == expected


def test_an_oversized_field_is_refused_before_any_work(client, monkeypatch):
    monkeypatch.setattr(web.GAMES["bluff"], "questions", lambda values: pytest.fail("asked the question"))
    reply = client.get("/api/bluff", params={"dice": "3 3", "opponents": "5", "bid": "4x3", "history": "1:4x3 " * 80})
    assert reply.status_code == 400
    assert reply.json()["errors"] == {"history": "The bids so far is 479 characters long; the most this field "
                                                 "takes is 400."}


@pytest.mark.parametrize("path", ["/bluff", "/api/bluff", "/", "/static/style.css"])
def test_an_oversized_query_string_is_refused(client, path):
    reply = client.get(path + "?dice=" + "1" * 5000)
    assert reply.status_code == 414 and "too long" in reply.text and "Traceback" not in reply.text


def test_unknown_pages_are_one_sentence(client):
    page = client.get("/poker")
    assert page.status_code == 404 and "There is no page here" in page.text
    api = client.get("/api/poker")
    assert api.status_code == 404 and api.json()["error"].endswith(".")
    assert client.get("/static/nothing.css").status_code == 404
    posted = client.post("/bluff", data={"dice": "3"})
    assert posted.status_code == 405 and "only read (GET)" in posted.text
    assert client.post("/api/bluff").json()["error"].endswith(".")


GOOD = {"bluff": {"dice": "3 3 * 5 1", "opponents": "6 7", "bid": "7x3"},
        "yacht": {"dice": "6 6 6 2 1", "rolls": "2"},
        "brag": {"hand": "KS KH 7D", "opponents": "1", "pot": "10", "stake": "2"},
        "backgammon": {"roll": "31", "distance": "6", "closed": "2"}}
WORST = ["", "x", "²", "1" + "0" * 30, "-1", "1e309", "'\"<script>", "--help", "6 -h", "--json"]


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(GOOD))
def test_no_value_in_any_field_is_a_server_error(client, game):
    module = web.GAMES[game]
    for field in module.FIELDS:
        for value in WORST:
            query = {**GOOD[game], field.name: value}
            reply = client.get(f"/{game}", params=query)
            assert reply.status_code in (200, 400), (field.name, value, reply.status_code)
            assert "Traceback" not in reply.text and "<script>" not in reply.text.replace(
                '<script src="/static/app.js">', "")
            if reply.status_code == 400:       # the sentence is somewhere on the page, one sentence
                errors = re.findall(r'<p class="error" role="alert"[^>]*>(.*?)</p>', reply.text, re.DOTALL)
                assert len(errors) == 1 and errors[0].rstrip().endswith((".", "?")), (field.name, value, errors)


# --------------------------------------------------------------------- a slow question
def test_the_server_answers_others_while_a_question_is_slow(client, monkeypatch):
    from analysis.questions import bluff as questions

    real_call, release, started = questions.call, threading.Event(), threading.Event()

    def call(*args, **kwargs):      # the slow one: waits until the fast one has been answered
        started.set()
        assert release.wait(30), "the fast question was not answered while the slow one ran"
        return real_call(*args, **kwargs)

    monkeypatch.setattr(questions, "call", call)
    slow = {}
    worker = threading.Thread(target=lambda: slow.update(reply=client.get("/api/bluff", params=GOOD["bluff"])))
    worker.start()
    assert started.wait(30)
    fast = client.get("/api/backgammon", params={"distance": "6"})
    assert fast.status_code == 200 and fast.json()["answers"]["shots"]["rolls"] == 17
    release.set()
    worker.join(30)
    assert slow["reply"].status_code == 200


# --------------------------------------------------------------------------------- charts
CHARTS = [
    ("bluff", "bids", {"dice": "3 3 * 5 1", "opponents": "6 7", "bid": "7x3"},
     ["bluff", "chart", "bids", "--preset", "bluff", "--dice", "3 3 * 5 1", "--unknown", "13"]),
    ("yacht", "keeps", {"dice": "6 6 6 2 1", "rolls": "2"}, ["yacht", "chart", "keeps", "--dice", "6 6 6 2 1"]),
    ("brag", "threshold", {"hand": "KS KH 7D", "pot": "10", "stake": "2"}, ["brag", "chart", "threshold"]),
    ("backgammon", "shots", {"distance": "6", "blocks": "4"}, ["backgammon", "chart", "shots", "--blocks", "4"]),
    ("bluff", "heatmap", {"preset": "perudo", "dice": "3 3 1", "opponents": "4", "bid": ""},
     ["bluff", "chart", "heatmap", "--preset", "perudo"]),
    ("bluff", "cost", {"dice": "3 3 * 5 1", "opponents": "6 7", "bid": "7 threes", "bidder": "1"},
     ["bluff", "chart", "cost", "--dice", "3 3 * 5 1", "--opponents", "6", "7", "--face", "3", "--bidder", "1"]),
    ("yacht", "boxes", {"preset": "yatzy", "dice": "6 6 6 2 1"}, ["yacht", "chart", "boxes", "--preset", "yatzy"]),
    ("yacht", "distribution", {"dice": "6 6 6 2 1"}, ["yacht", "chart", "distribution"]),
    ("yacht", "reach", {"dice": "6 6 6 2 1"}, ["yacht", "chart", "reach"]),
    ("brag", "freq", {"preset": "teen_patti", "hand": "KS KH 7D"}, ["brag", "chart", "freq", "--preset", "teen_patti"]),
    ("brag", "equity", {"hand": "KS KH 7D", "opponents": "2"},
     ["brag", "chart", "equity", "--hand", "KS KH 7D", "--opponents", "2"]),
    ("backgammon", "entry", {"closed": "3"}, ["backgammon", "chart", "entry"]),
    ("backgammon", "race", {"position": RACE}, ["backgammon", "chart", "race"]),
    # Both sides borne in: each home board, ace point first (theirs counted from their own ace point).
    ("backgammon", "bearoff", {"position": RACE}, ["backgammon", "chart", "bearoff", "3 3 3 2 2 2", "2 2 2 3 3 3"]),
]


def test_every_chart_kind_of_the_command_is_drawn_for_some_situation(client):
    from analysis.charts.kinds import KINDS

    shown = {game: set() for game in web.GAMES}
    for game, _, query, _ in CHARTS:
        shown[game] |= set(re.findall(r'data-chart="(\w+)"', client.get(f"/{game}", params=query).text))
    assert shown == {game: {kind.name for kind in KINDS[game]} for game in web.GAMES}


@pytest.mark.slow
@pytest.mark.parametrize("game, kind, query, argv", CHARTS, ids=[c[1] for c in CHARTS])
def test_each_page_draws_its_chart_with_the_commands_numbers(client, odds, tmp_path, game, kind, query, argv):
    # The command first: a table it builds the first time (Korean Yacht's targets, 3 s) is kept, and a
    # page reads it (a page refuses to build one that takes longer than it waits: test_freeze.py).
    done = odds(*argv, "--out", str(tmp_path / "c.svg"), "--data", str(tmp_path / "c.csv"))
    assert done.code == 0, done.err
    if game == "yacht" and query.get("preset", "yacht_kr") != "yacht_kr":
        from analysis.yacht.solver import state_values

        state_values(query["preset"])       # the page's own question reads the preset's solve, kept
    page = client.get(f"/{game}", params=query).text
    assert f'data-chart="{kind}"' in page and f'src="/chart/{game}/{kind}.svg?' in page
    svg = client.get(f"/chart/{game}/{kind}.svg", params=query)
    assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg+xml")
    assert b"<svg" in svg.content[:1000]
    numbers = client.get(f"/chart/{game}/{kind}.csv", params=query)
    assert numbers.status_code == 200 and numbers.content == (tmp_path / "c.csv").read_bytes()
    assert "attachment" in numbers.headers["content-disposition"]


def test_charts_download_as_png_and_pdf_and_refuse_bad_input(client, odds):
    query = CHARTS[0][2]
    assert client.get("/chart/bluff/bids.png", params=query).content[:8] == b"\x89PNG\r\n\x1a\n"
    assert client.get("/chart/bluff/bids.pdf", params=query).content[:5] == b"%PDF-"
    bad = client.get("/chart/bluff/bids.svg", params={**query, "dice": "3 3 7"})
    cli = odds("bluff", "chart", "bids", "--dice", "3 3 7", "--unknown", "13", "--out", "x.svg")
    assert bad.status_code == 400 and bad.text == _sentence(cli)
    assert client.get("/chart/bluff/nothing.svg", params=query).status_code == 400
    assert client.get("/chart/bluff/bids.exe", params=query).status_code == 404
    assert client.get("/chart/poker/bids.svg").status_code == 404


# ----------------------------------------------------------------- the articles and the gallery
def test_the_articles_and_the_gallery_are_served(client):
    from analysis.web.articles import CHARTS, REPORTS

    page = client.get("/reports").text
    built = sorted(path.name for path in REPORTS.glob("*.html"))
    assert built and re.findall(r'href="/reports/([\w.-]+\.html)"', page) == built
    for name in built:
        article = client.get(f"/reports/{name}")
        assert article.status_code == 200 and "<title>" in article.text
    pictures = re.findall(r'src="/gallery/([\w.-]+)"', client.get("/gallery").text)
    assert set(pictures) == {path.name for path in CHARTS.glob("*.png")}
    assert client.get(f"/gallery/{pictures[0]}").content[:4] == b"\x89PNG"
    assert client.get("/reports/../pyproject.toml").status_code == 404
    assert client.get("/reports/no-such-article.html").status_code == 404


def test_dice_bidding_asks_the_strategy_with_search(client, odds, small_solve, monkeypatch):
    from analysis.bluff.sampled import plan as sampled_plan

    monkeypatch.setitem(sampled_plan.PLAN, 1, ((None, small_solve.iterations, 1.0),))
    monkeypatch.setitem(sampled_plan.PLAN, 2, ((None, small_solve.iterations, 1.0),))
    # The opening too: with search the strategy is asked before any bid.
    for extra, history in (({}, ""), ({"history": "me:1x4", "bid": "2x4", "bidder": "1"}, "me:1x4 1:2x4")):
        query = {**LIARS, "bot": "search", **extra}
        reply = client.get("/api/bluff", params=query).json()
        searched = odds("bluff", "play", *LIARS_ARGV, "--history", history, "--search", "--json").json()
        assert reply["errors"] == {} and reply["answers"]["decision"] == searched
        assert searched["player"] == "search" and searched["policy"][searched["action"]] == 1.0
        page = client.get("/bluff", params=query).text
        assert _value(page, "decision") == searched["action"]
        for action, value in searched["values"].items():
            assert float(_shown(page, "data-action", action)[1]) == value
    # Heads-up only, as the strategy: with two others nothing is asked of it.
    reply = client.get("/api/bluff", params={**LIARS, "opponents": "2 2", "bot": "search"}).json()
    assert "decision" not in reply["answers"]
