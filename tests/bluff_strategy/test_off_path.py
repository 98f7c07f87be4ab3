"""Every legal history is answered: the solved strategy (with and without search) and every bot answer any round
of legal bids, jumps, bids the strategy never makes and switches to the wild face included, at every stored size
of every preset and in Perudo's palifico rounds; only the rules' own refusals remain. The one legal round the
strategy cannot read (``UNREAD``) is answered by the bid reader, with a note saying why.
The bots that bid off the strategy's path bid as ``bots.py`` says, and the tournament kernel and ``decide`` agree
on their games. The examples are drawn the same way in every run (``derandomize``)."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from analysis.bluff.bids import all_bids, format_bid, is_raise
from analysis.bluff.play.decision import decide
from analysis.bluff.rules import preset
from analysis.bluff.sampled.plan import stored_plan
from analysis.bluff.sampled.solution import TREMBLE
from analysis.bluff.play.tournament import run_tournament
from analysis.errors import InvalidArgument

GAMES = {"liars_dice_wild": preset("liars_dice", wild=1, exact_call=None), "perudo": preset("perudo"),
         "bluff": preset("bluff"), "liars_dice": preset("liars_dice")}
#: The bots of ``--bot`` (the strategy bot aside: it is asked as ``strategy``).
BOTS = ("random", "honest", "threshold", "equilibrium", "model", "bayes", "overbid", "jumper", "switcher")
FEW = settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def rounds(draw, rules, palifico=False, most=5):
    """(my dice, the other's dice count, history text, the bids): a heads-up round of 1-``most`` dice a player at
    my turn, its bids any legal raises within the dice in play (now and then one above them), drawn uniformly."""
    if palifico:   # the player just down to one die opens a palifico round
        theirs = draw(st.integers(1, most))
        mine, i_open = (1, True) if draw(st.booleans()) else (theirs, False)
        theirs = theirs if i_open else 1
    else:
        mine, theirs = draw(st.integers(1, most)), draw(st.integers(1, most))
        i_open = draw(st.booleans())
    faces = [f for f in range(1, 7)]
    dice = tuple(draw(st.lists(st.sampled_from(faces), min_size=mine, max_size=mine)))
    n = mine + theirs
    length = draw(st.integers(0, 4)) * 2 + (0 if i_open else 1)
    bids, turns = [], []
    for i in range(length):
        previous = bids[-1] if bids else None
        legal = [b for b in all_bids(rules, n + 2) if is_raise(rules, previous, b, palifico)]
        within = [b for b in legal if b.count <= n]
        if not legal:
            break
        bid = draw(st.sampled_from(within if within and draw(st.integers(0, 9)) else legal))
        bids.append(bid)
        mover = "me" if (i % 2 == 0) == i_open else "1"
        turns.append(f"{mover}:{format_bid(rules, bid)}")
    if turns and turns[-1].startswith("me:"):      # my turn only after the other's bid
        bids.pop()
        turns.pop()
    return dice, theirs, " ".join(turns), bids, n


#: The one legal round the strategy cannot read (docs/bluff_strategy.md): an opening, a bid above the dice in play,
#: and the lowest raise over the opening within the dice that may not open a round itself (Perudo's aces).
UNREAD = r"is above the \d+ dice in play and no bid within them lies between the bids around it, so the solved strategy"


def _decide(rules, dice, theirs, history, bids, n, **options):
    """``decide``'s answer; where it comes from the bid reader in place of the strategy, it is checked to be that one
    unreadable round, with the note saying so."""
    decision = decide(rules, dice, [theirs], history, **options)
    if options.get("player", "strategy") in ("strategy", "search") and decision.player.startswith("bayes"):
        assert re.search(UNREAD, decision.note) and "bid reader" in decision.note, decision.note
        assert bids[1].count > n and not is_raise(rules, None, bids[2]), history
        assert not any(is_raise(rules, bids[0], b) and is_raise(rules, b, bids[2]) for b in all_bids(rules, n))
    return decision


def _legal_actions(rules, bids, n, palifico=False) -> set:
    previous = bids[-1] if bids else None
    raises = {format_bid(rules, b) for b in all_bids(rules, n) if is_raise(rules, previous, b, palifico)}
    calls = {"challenge"} | ({"exact"} if rules.exact_call else set()) if bids else set()
    return raises | calls


def _check(decision, rules, bids, n, palifico=False, values=True):
    legal = _legal_actions(rules, bids, n, palifico)
    assert set(decision.policy) <= legal or bids[-1].count > n, (set(decision.policy) - legal)
    assert sum(decision.policy.values()) == pytest.approx(1.0, abs=1e-5)
    assert all(p >= 0 for p in decision.policy.values())
    assert decision.action in decision.policy and decision.policy[decision.action] > 0
    if values and bids and bids[-1].count <= n:
        # Every legal action is valued (the strategy's own and every other raise).
        assert set(decision.values) == legal


@pytest.mark.parametrize("name", ["liars_dice_wild", "perudo", "bluff"])
def test_the_strategy_answers_every_legal_history(name):
    rules = GAMES[name]

    @FEW
    @given(rounds(rules))
    def check(round_):
        dice, theirs, history, bids, n = round_
        decision = _decide(rules, dice, theirs, history, bids, n)
        _check(decision, rules, bids, n, values=decision.player == "strategy")
        # Every bid the strategy would not make is told; a jump of four counts or more it never makes at two dice.
        told = {(b["player"], b["bid"]) for b in decision.off_path}
        assert all(b["chance"] >= 0 for b in decision.off_path) and len(told) <= len(bids)
    check()


@pytest.mark.slow
@pytest.mark.parametrize("name", ["liars_dice_wild", "perudo", "bluff"])
def test_the_search_answers_every_legal_history(name):
    rules = GAMES[name]

    @settings(max_examples=12, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
    @given(rounds(rules, most=4))
    def check(round_):
        dice, theirs, history, bids, n = round_
        decision = _decide(rules, dice, theirs, history, bids, n, player="search")
        _check(decision, rules, bids, n, values=False)
        assert decision.policy[decision.action] == max(decision.policy.values())
    check()


@pytest.mark.slow
def test_palifico_rounds_answer_every_legal_history():
    rules = GAMES["perudo"]

    @FEW
    @given(rounds(rules, palifico=True), st.sampled_from(BOTS))
    def check(round_, bot):
        dice, theirs, history, bids, n = round_
        for player in ("strategy", "search", bot):
            decision = _decide(rules, dice, theirs, history, bids, n, player=player, palifico=True, start=5)
            _check(decision, rules, bids, n, palifico=True, values=decision.player == "strategy")
    check()


@pytest.mark.slow
@pytest.mark.parametrize("name", list(GAMES))
def test_every_bot_answers_every_legal_history(name):
    rules = GAMES[name]

    @settings(max_examples=10, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
    @given(rounds(rules), st.sampled_from(BOTS))
    def check(round_, bot):
        dice, theirs, history, bids, n = round_
        decision = decide(rules, dice, [theirs], history, player=bot, start=5)
        _check(decision, rules, bids, n, values=False)
    check()


def test_liars_dice_without_a_wild_face_is_refused_only_for_want_of_a_stored_solve():
    # Liar's Dice as played (spot on, nothing wild) is shipped up to four dice a player: a jump bid is answered.
    decision = decide(GAMES["liars_dice"], "3 3", [2], "1:3x6")
    assert {"challenge", "exact"} <= set(decision.policy) and decision.off_path
    assert sum(decision.policy.values()) == pytest.approx(1.0, abs=1e-5)
    # Its 5v5 round is not solved: the answer names the command that builds one.
    with pytest.raises(InvalidArgument, match=r"^No solved 5v5 round of Liar's Dice is stored; build it with "):
        decide(GAMES["liars_dice"], "3 3 1 6 2", [5], "1:3x6")


@pytest.mark.parametrize("name, dice, theirs, history, search", [
    ("liars_dice_wild", "3 3", 2, "1:3x6", False),
    ("liars_dice_wild", "3 3 1 6 2", 5, "1:7x6", False),
    ("perudo", "1 4 4 6 2", 5, "1:2x4 me:3x4 1:6x5", False),
    ("bluff", "3 3 * 5 1", 5, "1:*4", True)])
def test_the_commands_of_the_off_path_model_are_answered(odds, name, dice, theirs, history, search):
    rules = GAMES[name]
    argv = ["bluff", "play", "--preset", rules.name, *(["--wild", "1", "--rule", "exact_call=none"]
                                                        if name == "liars_dice_wild" else []),
            "--dice", dice, "--opponents", str(theirs), "--history", history, *(["--search"] if search else []),
            "--json"]
    result = odds(*argv)
    assert result.code == 0, result.err
    answer = result.json()
    assert answer["off_path"], answer             # each history holds a bid the strategy would not make
    assert sum(answer["policy"].values()) == pytest.approx(1.0, abs=1e-4)
    text = odds(*argv[:-1])
    assert "reading player 1's" in text.out


def test_a_bid_the_strategy_never_makes_says_nothing_about_the_hand():
    # At 2v2 Liar's Dice the strategy never opens 3x6: the belief after it is the roll's chances (the tremble is
    # the same for every hand), so challenging it is valued over the other's rolls alone.
    rules = GAMES["liars_dice_wild"]
    solution = stored_plan(rules, (2, 2))
    game = solution.game
    bid = next(b for b in game.bids if format_bid(rules, b) == "3x6")
    weights, chances = solution.read_bids(1, [bid])
    assert chances[0] < 1e-3
    prior = game.chance[0, :len(game.hands[0])]
    np.testing.assert_allclose(weights / weights.sum(), prior / prior.sum(), rtol=1e-9)
    # A bid it makes is read by its chances, the tremble aside: the weights are each hand's chance of it.
    made = max(game.bids[:12], key=lambda b: solution.read_bids(1, [b])[1][0])
    weights, chances = solution.read_bids(1, [made])
    strict = solution.read_bids(1, [made], tremble=0.0)[0]
    legal = int(game.all_n_raises[len(game.bids)])
    np.testing.assert_allclose(weights, (1 - TREMBLE) * strict + TREMBLE / legal * prior, rtol=1e-9)


def test_a_bid_above_the_dice_in_play_is_challenged():
    # Twelve fours with ten dice in play cannot be true; in Bluff the bidder loses the difference, at most their
    # five dice: with my one four (the star) there are at most six, so they lose all five.
    decision = decide(GAMES["bluff"], "3 3 * 5 1", [5], "1:12x4")
    assert decision.policy == {"challenge": 1.0}
    assert decision.values["challenge"] == pytest.approx(5.0)
    # With ten fours and a four in my hand they lose the difference: 12 - 10 = 2 when all their dice count.
    close = decide(GAMES["bluff"], "4 4 4 4 4", [5], "1:12x4")
    assert 2.0 < close.values["challenge"] < 5.0
    assert decision.off_path[0]["reason"] == "above the 10 dice in play"
    # In Perudo a bid above the dice may be followed by one on aces within them: it is read as the highest bid
    # within the dice that the aces may follow.
    read = decide(GAMES["perudo"], "1 4 4 6 2", [5], "me:11x5 1:6x1")
    assert read.off_path[0]["bid"] == "11x5" and read.off_path[0]["read_as"] == "10x6"


def test_a_bid_above_the_dice_with_nothing_between_is_read_with_the_bid_before_it_as_not_made():
    # Perudo at three dice: 3x6, then 4x6 (above the dice), then 2x1, the lowest raise over 3x6 (aces count
    # double): no bid within the dice lies between, so 3x6 and 4x6 are read as not made and 2x1 raises 2x6.
    perudo = GAMES["perudo"]
    decision = decide(perudo, "2 5", [1], "me:2x6 1:3x6 me:4x6 1:2x1")
    dropped = [b for b in decision.off_path if b["bid"] == "4x6"]
    assert dropped and dropped[0]["player"] == "me" and "read with the bid before it as not made" in dropped[0]["reason"]
    # Read so, the answer is the one to 2x6 then 2x1 (the same policy), its values the actual bid's own.
    same = decide(perudo, "2 5", [1], "me:2x6 1:2x1")
    assert decision.policy == same.policy and decision.values == same.values
    # Every bot reads the slip as telling nothing: the same answer as without the pair.
    for bot in ("bayes", "threshold", "model"):
        assert (decide(perudo, "2 5", [1], "me:2x6 1:3x6 me:4x6 1:2x1", player=bot, start=5).policy
                == decide(perudo, "2 5", [1], "me:2x6 1:2x1", player=bot, start=5).policy)
    # Only where 2x1 would then open the round (Perudo opens on aces in no round but palifico) can the strategy not
    # read it: the bid reader answers, as at that history when asked itself, and the note says why.
    unread = decide(perudo, "2 5", [1], "1:3x6 me:4x6 1:2x1")
    asked = decide(perudo, "2 5", [1], "1:3x6 me:4x6 1:2x1", player="bayes")
    assert unread.player == asked.player and unread.policy == asked.policy and unread.action == "challenge"
    assert re.search(UNREAD, unread.note) and unread.note.endswith("as evidence of the bidder's dice).")
    assert decide(perudo, "2 5", [1], "1:3x6 me:4x6 1:2x1", player="search").policy == asked.policy


def _bot_bids(rules, bot, dice, theirs, history):
    return decide(rules, dice, [theirs], history, player=bot, start=5).action


def test_the_off_path_bots_bid_as_documented():
    bluff, perudo, liars = GAMES["bluff"], GAMES["perudo"], GAMES["liars_dice_wild"]
    # overbid: fours are its best face holding 4 4 * (three with the star), plus five unknown dice at a third
    # (1.7): 4.7 rounds to 5, plus two.
    assert _bot_bids(bluff, "overbid", "1 4 4 * 2", 5, "") == "7x4"
    # jumper: threshold raises 2x3 to 3x4 (its fours are believable at three), the jumper two counts higher.
    threshold = _bot_bids(bluff, "threshold", "1 4 4 * 2", 5, "1:2x3")
    assert _bot_bids(bluff, "jumper", "1 4 4 * 2", 5, "1:2x3") == f"{int(threshold.split('x')[0]) + 2}x4"
    # switcher: to the lowest legal bid on the wild face: stars in Bluff, pacos in Perudo (half the count, rounded
    # up), wild ones in Liar's Dice.
    assert _bot_bids(bluff, "switcher", "1 4 4 * 2", 5, "1:2x3") == "*2"
    assert _bot_bids(perudo, "switcher", "1 4 4 6 2", 5, "1:2x4") == "1x1"
    assert _bot_bids(liars, "switcher", "1 4 4 3 2", 5, "1:2x3") == "3x1"
    # Each calls as threshold: a bid it does not believe is challenged.
    for bot in ("overbid", "jumper", "switcher"):
        assert _bot_bids(bluff, bot, "1 2 3 5 5", 5, "1:9x4") == "challenge"


def _logged(path):
    lines = [json.loads(line) for line in open(path, encoding="utf-8")]
    return lines[0], lines[1:]


@pytest.mark.parametrize("name, bots", [("perudo", "overbid,jumper,switcher"), ("bluff", "switcher,overbid"),
                                        ("liars_dice", "jumper,random,overbid")])
def test_the_off_path_bots_decide_as_the_tournament_kernel_played(tmp_path, name, bots):
    from tests.bluff_strategy.test_decide import _logged_decisions

    log = tmp_path / "rounds.jsonl"
    run_tournament(preset(name), bots, games=12, seed=5, scheduler="sync", log=str(log), start=3)
    checked = 0
    for rules, bot, dice, opponents, history, start, in_palifico, action in _logged_decisions(log):
        decision = decide(rules, dice, opponents, history, player=bot, start=start, palifico=in_palifico)
        assert decision.policy.get(action, 0.0) > 0, (bot, dice, opponents, history)
        if bot != "random":
            assert decision.action == action
        checked += 1
    assert checked > 40


@pytest.mark.parametrize("name", ["liars_dice_wild", "perudo"])
def test_the_strategy_kernel_and_decide_agree_on_games_with_off_path_bids(tmp_path, name):
    # Heads-up games of two dice each against bots bidding off the strategy's path: every action the strategy
    # bot drew is one decide gives a chance, off-path histories included; those histories are among them.
    rules = GAMES[name]
    log = tmp_path / "rounds.jsonl"
    run_tournament(rules, "strategy,jumper", games=40, seed=2, scheduler="sync", log=str(log), start=2)
    header, entries = _logged(log)
    checked = told = 0
    for entry in entries:
        if entry.get("palifico") or sum(1 for d in entry["dice"] if d) != 2:
            continue
        seats = [s for s in range(len(entry["dice"])) if entry["dice"][s]]
        actions = [(b["player"], b["bid"]) for b in entry["bids"]] + [(entry["call"]["player"],
                                                                       entry["call"]["call"])]
        for i, (seat, action) in enumerate(actions):
            if not header["bots"][seat].startswith("strategy"):
                continue
            other = seats[1] if seats[0] == seat else seats[0]
            history = " ".join(f"{'me' if p == seat else '1'}:{bid}" for p, bid in actions[:i])
            decision = decide(rules, entry["dice"][seat], [len(entry["dice"][other].split())], history)
            assert decision.policy.get(action, 0.0) > 0, (entry["dice"], history, action)
            checked += 1
            told += bool(decision.off_path)
    assert checked > 40 and told > 5
