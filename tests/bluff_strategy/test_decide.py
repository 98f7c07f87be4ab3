"""Asking a decision: the bots answer as the tournament kernel played, the strategy from its stored solve,
and the commands ``odds bluff play | open | solve`` beyond three dice."""

from __future__ import annotations

import json

import numpy as np
import pytest

from analysis.bluff.bids import Bid, format_bid, format_dice, is_raise
from analysis.bluff.play.decision import decide
from analysis.bluff.rules import preset
from analysis.bluff.sampled.plan import planned
from analysis.bluff.sampled.solution import TREMBLE
from analysis.bluff.sampled.solver import solve_sampled
from analysis.bluff.sampled.stored import stored_solve
from analysis.bluff.play.tournament import run_tournament
from analysis.errors import InvalidArgument
from tests.conftest import assert_one_sentence_error

LIARS = preset("liars_dice", wild=1, exact_call=None)


def _logged_decisions(path):
    """(rules, seat, dice, opponents, history, start, palifico, logged action) of every decision in a tournament's
    log."""
    lines = [json.loads(line) for line in open(path, encoding="utf-8")]
    header, rounds = lines[0], lines[1:]
    for entry in rounds:
        rules = preset(entry["preset"])
        seats = len(entry["dice"])
        alive = [s for s in range(seats) if entry["dice"][s]]
        actions = [(b["player"], b["bid"]) for b in entry["bids"]] + [(entry["call"]["player"], entry["call"]["call"])]
        for i, (seat, action) in enumerate(actions):
            order = alive[alive.index(seat):] + alive[:alive.index(seat)]   # me first, then in turn order
            name = {s: ("me" if s == seat else str(order.index(s))) for s in alive}
            history = " ".join(f"{name[p]}:{bid}" for p, bid in actions[:i])
            dice = entry["dice"][seat]
            opponents = [len(entry["dice"][s].split()) for s in order[1:]]
            yield (rules, header["bots"][seat], dice, opponents, history, header["starting_dice"][seat],
                   bool(entry.get("palifico")), action)


@pytest.mark.parametrize("name, bots", [("bluff", "bayes,threshold:0.4"), ("perudo", "bayes,honest,threshold"),
                                        ("perudo", "bayes,equilibrium"),
                                        ("liars_dice", "threshold,bayes:0.6,honest")])
@pytest.mark.slow
def test_bots_decide_as_the_tournament_kernel_played(tmp_path, name, bots):
    log = tmp_path / "rounds.jsonl"
    run_tournament(preset(name), bots, games=12, seed=4, scheduler="sync", log=str(log), start=3)
    checked = palifico = 0
    for rules, bot, dice, opponents, history, start, in_palifico, action in _logged_decisions(log):
        decision = decide(rules, dice, opponents, history, player=bot, start=start, palifico=in_palifico)
        assert decision.action == action, (bot, dice, opponents, history, in_palifico)
        assert decision.policy[action] == 1.0
        checked += 1
        palifico += in_palifico
    assert checked > 100
    # Perudo's palifico rounds (a player down to one die) are among them.
    assert palifico > 10 or name != "perudo"


def test_stochastic_bots_give_their_chances():
    rules = preset("bluff")
    for bot in ("random", "model"):
        decision = decide(rules, "3 3 * 5 1", [5], "1:4x3", player=bot)
        assert sum(decision.policy.values()) == pytest.approx(1.0)
        assert "challenge" in decision.policy and "4x3" not in decision.policy and "*3" in decision.policy


def test_out_of_turn_and_unreadable_histories_are_one_sentence():
    rules = preset("bluff")
    with pytest.raises(InvalidArgument, match=r"^After you bid 2x3 it is player 1's turn, not yours\.$"):
        decide(rules, "3 3 * 5 1", [5], "me:2x3")
    with pytest.raises(Exception, match="not a legal raise"):
        decide(rules, "3 3 * 5 1", [5], "1:3x3 me:2x3")
    # A table the full-table strategy is not solved for is answered by the bid reader, the note saying so.
    answer = decide(rules, "3 3 * 5 1", [5, 4], "")
    assert answer.player.startswith("bayes") and "not for three players with 5 5 4 dice (counted from the opener)" in answer.note


FRESH_PLAYS = {
    "the 5v5 strategy": ["--preset", "liars_dice", "--wild", "1", "--rule", "exact_call=none", "--dice", "3 3 1 6 2",
                         "--opponents", "5", "--history", "1:3x3"],
    "a 5v5 search": ["--preset", "bluff", "--dice", "3 3 * 5 1", "--opponents", "5", "--history", "1:4x3",
                     "--search"],
    "a 3v3 search opening, one raise deeper": ["--preset", "liars_dice", "--wild", "1", "--rule",
                                               "exact_call=none", "--dice", "3 3 1", "--opponents", "3", "--search"],
    "a 3v3 Perudo search, with its exact call": ["--preset", "perudo", "--dice", "3 5 1", "--opponents", "3",
                                                 "--history", "1:2x3", "--search"],
}


@pytest.mark.slow
@pytest.mark.parametrize("name", FRESH_PLAYS)
def test_asking_the_stored_strategy_starts_no_compiler(name, odds):
    """``odds bluff play`` in a fresh process answers from the package's solve with numba not imported (the
    search runs as plain Python), and the same as in this process, where the search's compiled copies are loaded:
    so the plain text and the compiled copies agree on the package's real-size solves too."""
    import subprocess
    import sys

    from analysis.bluff.sampled import _eval_kernels  # noqa: F401  (the search in this process: the compiled copies)

    argv = ["bluff", "play", *FRESH_PLAYS[name], "--json"]
    script = ("import sys; from analysis.cli.main import main; code = main(sys.argv[1:]); "
              "print(sorted(m for m in ('numba', 'pandas') if m in sys.modules), file=sys.stderr); sys.exit(code)")
    fresh = subprocess.run([sys.executable, "-c", script, *argv], capture_output=True, text=True)
    assert fresh.returncode == 0, fresh.stderr
    assert fresh.stderr.strip() == "[]", fresh.stderr
    here = odds(*argv)
    assert here.code == 0 and json.loads(fresh.stdout) == here.json()


@pytest.fixture(scope="module")
def small_solve():
    """A stored 1v2 Liar's Dice round, solved as the advisor plans it (seconds)."""
    plan = planned((1, 2))
    return solve_sampled(LIARS, (1, 2), k=plan["k"], iterations=plan["iterations"] // 10, lbr_games=500)


@pytest.mark.slow
def test_the_strategy_answers_from_its_stored_solve(small_solve, monkeypatch):
    from analysis.bluff.sampled import plan as sampled_plan
    monkeypatch.setitem(sampled_plan.PLAN, 1, ((None, small_solve.iterations, 1.0),))
    monkeypatch.setitem(sampled_plan.PLAN, 2, ((None, small_solve.iterations, 1.0),))
    game = small_solve.game
    # I hold two dice and answer an opening of "1x3" by the player with one die: I am the second bidder.
    decision = decide(LIARS, (3, 5), [1], "1:1x3")
    bid = next(b for b in game.bids if format_bid(LIARS, b) == "1x3")
    assert decision.policy == small_solve.strategy(1, (3, 5), [bid])
    assert decision.action == max(decision.policy, key=decision.policy.get)
    # Holding a three, "1x3" is true: challenging it loses the die for sure.
    assert decision.values["challenge"] == pytest.approx(-1.0)
    # The opening: I hold one die against two.
    opening = decide(LIARS, (4,), [2], "")
    assert opening.policy == small_solve.__class__.strategy(
        stored_solve(LIARS, (1, 2), k=None, iterations=small_solve.iterations), 0, (4,), [])
    assert set(opening.values) <= set(opening.policy)
    assert all(-2.0 <= v <= 2.0 for v in opening.values.values())


@pytest.mark.slow
def test_the_call_values_are_the_showdown_against_the_belief(small_solve, monkeypatch):
    from analysis.bluff.sampled import plan as sampled_plan
    monkeypatch.setitem(sampled_plan.PLAN, 1, ((None, small_solve.iterations, 1.0),))
    # I opened "1x2" holding a five; the other (two dice) raised to "2x6". Challenging wins a die when fewer
    # than two of their dice are sixes or ones (wild), and loses one otherwise; their hands are weighed by
    # their chance and by how often the strategy raises "1x2" to "2x6" with each, mixed with the tremble spread
    # over every legal answer to "1x2" (each raise within the three dice in play, and the challenge).
    decision = decide(LIARS, (5,), [2], "me:1x2 1:2x6")
    game = small_solve.game
    opening, answer = (next(b for b in game.bids if format_bid(LIARS, b) == text) for text in ("1x2", "2x6"))
    legal = sum(is_raise(LIARS, opening, Bid(count, face)) for count in range(1, 4) for face in range(1, 7)) + 1
    weights = np.array([game.chance[1, g] * ((1 - TREMBLE) * small_solve.strategy(1, hand, [opening])["2x6"]
                                             + TREMBLE / legal)
                        for g, hand in enumerate(game.hands[1])])
    wins = np.array([sum(die in (6, 1) for die in hand) < 2 for hand in game.hands[1]])
    expected = float((weights * np.where(wins, 1.0, -1.0)).sum() / weights.sum())
    assert decision.values["challenge"] == pytest.approx(expected, abs=1e-9)
    assert answer in game.bids


@pytest.mark.slow
def test_the_strategy_with_search_plays_its_best_valued_action(small_solve, monkeypatch, odds):
    from analysis.bluff.sampled import plan as sampled_plan
    monkeypatch.setitem(sampled_plan.PLAN, 1, ((None, small_solve.iterations, 1.0),))
    game = small_solve.game
    plain = decide(LIARS, (5,), [2], "me:1x2 1:2x6")
    searched = decide(LIARS, (5,), [2], "me:1x2 1:2x6", player="search")
    assert searched.player == "search" and searched.policy[searched.action] == 1.0
    assert sum(searched.policy.values()) == 1.0
    assert searched.action == max(searched.values, key=searched.values.get)
    # The calls are valued exactly against the same belief by both answers (two separate computations).
    for call in game.calls:
        assert searched.values[call] == pytest.approx(plain.values[call], abs=1e-9)
    # Only the strategy's own actions are searched.
    assert set(searched.values) <= set(plain.policy)
    result = odds("bluff", "play", "--preset", "liars_dice", "--wild", "1", "--rule", "exact_call=none",
                  "--dice", "5", "--opponents", "2", "--history", "me:1x2 1:2x6", "--search", "--json")
    assert result.code == 0, result.err
    assert result.json()["action"] == searched.action and result.json()["player"] == "search"
    assert_one_sentence_error(odds("bluff", "play", "--preset", "bluff", "--dice", "3 3 * 5 1", "--opponents", "5",
                                   "--search", "--bot", "bayes"))


def test_the_opening_advisor_always_shows_the_opening_it_recommends():
    # The recommended opening is shown whether or not its value ranks among the best shown: with a top of one, the
    # likeliest opening of a mixed strategy is often not the single best valued, and then it is added after it.
    from analysis.bluff.play.decision import opening_bids

    added = 0
    for rules, dice, top in ((preset("bluff"), "3 3 * 5 1", 8), (preset("bluff"), "3 3 * 5 1", 1),
                             (LIARS, "2 2 5", 1), (preset("perudo"), "1 4 4 6 2", 1), (preset("bluff"), "* 2", 1)):
        decision, rows = opening_bids(rules, dice, len(dice.split()), top=top)
        best = sorted(decision.values, key=lambda name: -decision.values[name])[:top]
        assert [row["bid"] for row in rows[:top]] == best
        assert decision.action in [row["bid"] for row in rows]
        assert len(rows) == top + (decision.action not in best)
        assert len({row["bid"] for row in rows}) == len(rows)
        assert max(decision.policy, key=decision.policy.get) == decision.action
        added += decision.action not in best
    assert added, "no case where the recommended opening lies outside the best valued: the test checks nothing new"


def test_the_search_in_perudos_2v2_round_plays_the_strategys_chances_over_its_near_best_actions():
    # There the best outright lost to the bayes bot (docs/bluff_strategy.md): the search keeps the strategy's own
    # chances, over the actions it values within its margin of the best. The shipped solve, opening and answering.
    from analysis.bluff.sampled.search import SEARCH_MIX, search_mix

    perudo = preset("perudo")
    assert search_mix(perudo, (2, 2)) == SEARCH_MIX and search_mix(perudo, (3, 3)) is None
    assert search_mix(LIARS, (2, 2)) is None and search_mix(perudo, (1, 1)) is None
    mixed = 0
    for dice, history in (((1, 4), ""), ((1, 4), "1:2x4"), ((3, 3), "1:1x3"), ((2, 6), "")):
        plain = decide(perudo, dice, [2], history)
        searched = decide(perudo, dice, [2], history, player="search")
        best = max(searched.values.values())
        near = {a: p for a, p in plain.policy.items()
                if p > 0 and searched.values.get(a, -np.inf) >= best - SEARCH_MIX}
        assert near, (dice, history)
        total = sum(near.values())
        assert searched.policy == pytest.approx({a: near.get(a, 0.0) / total for a in plain.policy}, abs=1e-6)
        assert searched.action == max(near, key=near.get) and "within 0.2 dice of the best" in searched.source
        mixed += len(near) > 1
    assert mixed >= 1        # at least one of these decisions is a true mix


def test_the_commands_answer_from_the_store_and_refuse_what_is_not_there(odds, small_solve, monkeypatch, tmp_path):
    from analysis.bluff.sampled import plan as sampled_plan
    monkeypatch.setitem(sampled_plan.PLAN, 1, ((None, small_solve.iterations, 1.0),))
    monkeypatch.setitem(sampled_plan.PLAN, 2, ((None, small_solve.iterations, 1.0),))
    result = odds("bluff", "play", "--preset", "liars_dice", "--wild", "1", "--rule", "exact_call=none",
                  "--dice", "3 5", "--opponents", "1", "--history", "1:1x3", "--json")
    assert result.code == 0, result.err
    payload = result.json()
    assert payload["player"] == "strategy" and abs(sum(payload["policy"].values()) - 1) < 1e-3
    opened = odds("bluff", "open", "--preset", "liars_dice", "--wild", "1", "--rule", "exact_call=none",
                  "--dice", "4", "--opponents", "2", "--json")
    assert opened.code == 0, opened.err
    rows = opened.json()["openings"]
    assert rows and all(0 <= r["p_true"] <= 1 and 0 <= r["p_challenged"] <= 1 for r in rows)
    assert opened.json()["recommended"] in [r["bid"] for r in rows]
    # A bid of one four holding the four is true for sure.
    assert all(r["p_true"] == 1.0 for r in rows if r["bid"] == "1x4")
    assert_one_sentence_error(odds("bluff", "play", "--preset", "bluff", "--dice", "3 3 * 5 1", "--opponents", "5",
                                   "--history", "me:2x3"))
    from analysis.bluff.sampled import shipped as sampled_shipped
    monkeypatch.setattr(sampled_shipped, "SHIPPED_ROOT", tmp_path / "none")   # as without the package's solves
    missing = odds("bluff", "play", "--preset", "perudo", "--dice", "3 3", "--opponents", "3")
    assert_one_sentence_error(missing)
    assert "odds bluff solve --preset perudo --dice 2 3" in missing.err
    bot = odds("bluff", "play", "--preset", "bluff", "--dice", "3 3 * 5 1", "--opponents", "5", "--history",
               "1:9x3", "--bot", "bayes", "--json")
    assert bot.code == 0 and bot.json()["action"] == "challenge"
    assert_one_sentence_error(odds("bluff", "solve", "--preset", "bluff", "--dice", "15", "15"))
    assert_one_sentence_error(odds("bluff", "solve", "--preset", "bluff", "--dice", "16", "15"))


@pytest.mark.slow
def test_solve_beyond_three_dice_reports_value_and_exploitability(odds, monkeypatch):
    from analysis.bluff.sampled import plan as sampled_plan
    monkeypatch.setitem(sampled_plan.PLAN, 2, ((1, 300, 1.0),))
    result = odds("bluff", "solve", "--preset", "liars_dice", "--wild", "1", "--no-exact-call", "--dice", "2", "2",
                  "--json")
    assert result.code == 0, result.err
    payload = result.json()
    assert payload["iterations"] == 300 and payload["remembered_bids"] == 1
    assert payload["exploitability"] > 0 and payload["exploitability_95"][0] < payload["exploitability"]
    assert "local best response" in payload["exploitability_measured_by"]
    assert format_dice(LIARS, (1, 2)) == "1 2"


def test_a_bid_off_the_abstraction_is_answered_and_read_as_the_nearest_abstract_raise(monkeypatch):
    from analysis.bluff.sampled import plan as sampled_plan
    # The openings of three dice in play keep one count a face: "1x4" is played, "2x4" is not.
    solution = solve_sampled(LIARS, (1, 2), k=1, iterations=2000, steps=1, width=1.5, lbr_games=200)
    monkeypatch.setitem(sampled_plan.PLAN, 1, ((1, 2000, 1.0, 1, 1.5),))
    game = solution.game
    assert "2x4" not in solution.strategy(0, (4,), []) and "1x4" in solution.strategy(0, (4,), [])
    decision = decide(LIARS, (4, 5), [1], "1:2x4")
    off_tree = next(b for b in game.bids if format_bid(LIARS, b) == "2x4")
    assert decision.policy == solution.strategy(1, (4, 5), [off_tree])
    # "2x4" is true when their die is a four or a one; their hand is weighed by how often the strategy opens "1x4"
    # with it, mixed with the tremble over every legal opening of three dice in play; the answer says so.
    assert decision.off_path == ({"player": "1", "bid": "2x4", "chance": decision.off_path[0]["chance"],
                                  "read_as": "1x4", "reason": "a raise the strategy does not model"},)
    legal = sum(is_raise(LIARS, None, Bid(count, face)) for count in range(1, 4) for face in range(1, 7))
    weights = np.array([game.chance[0, g] * ((1 - TREMBLE) * solution.strategy(0, hand, [])["1x4"] + TREMBLE / legal)
                        for g, hand in enumerate(game.hands[0])])
    wins = np.array([sum(die in (4, 1) for die in hand) < 2 - sum(d in (4, 1) for d in (4, 5))
                     for hand in game.hands[0]])
    expected = float((weights * np.where(wins, 1.0, -1.0)).sum() / weights.sum())
    assert decision.values["challenge"] == pytest.approx(expected, abs=1e-9)


@pytest.mark.slow
def test_the_call_advisor_says_what_the_strategy_does_heads_up(monkeypatch):
    from analysis.bluff.sampled import plan as sampled_plan
    from analysis.bluff.odds.advice import advise_call
    from analysis.bluff.bids import parse_bid
    solution = solve_sampled(LIARS, (2, 2), k=1, iterations=2000, steps=2, width=2.0, lbr_games=200)
    monkeypatch.setitem(sampled_plan.PLAN, 2, ((1, 2000, 1.0, 2, 2.0),))
    advice = advise_call(LIARS, (3, 5), [2], parse_bid(LIARS, "2x3"))
    asked = decide(LIARS, (3, 5), [2], "1:2x3")
    assert advice.strategy is not None and advice.strategy.policy == asked.policy
    assert advice.strategy.policy == solution.strategy(1, (3, 5), [parse_bid(LIARS, "2x3")])
    assert advice.to_dict()["strategy"]["action"] == asked.action
    assert "solved heads-up strategy" in str(advice)
    # Where no planned solve is stored the advisor answers as before.
    monkeypatch.setitem(sampled_plan.PLAN, 2, ((1, 2001, 1.0, 2, 2.0),))
    assert advise_call(LIARS, (3, 5), [2], parse_bid(LIARS, "2x3")).strategy is None


@pytest.mark.slow
def test_a_palifico_round_is_answered_from_its_own_solve_or_refused(odds, monkeypatch):
    from analysis.bluff.sampled import plan as sampled_plan
    perudo = preset("perudo")
    monkeypatch.setitem(sampled_plan.PLAN, 1, ((None, 2000, 1.0),))
    solution = solve_sampled(perudo, (2, 1), k=None, iterations=2000, palifico_round=True, lbr_games=200)
    game = solution.game
    # The other (two dice) opened the palifico round with "2x5"; I hold an ace, which is no five in a palifico
    # round: challenging wins unless both their dice are fives.
    decision = decide(perudo, (1,), [2], "1:2x5", palifico=True)
    opening = next(b for b in game.bids if format_bid(perudo, b) == "2x5")
    assert decision.policy == solution.strategy(1, (1,), [opening])
    # Their hands weighed by the strategy's chance of opening "2x5", mixed with the tremble over every legal opening.
    legal = sum(is_raise(perudo, None, Bid(count, face), True) for count in range(1, 4) for face in range(1, 7))
    weights = np.array([game.chance[0, g] * ((1 - TREMBLE) * solution.strategy(0, hand, [])["2x5"] + TREMBLE / legal)
                        for g, hand in enumerate(game.hands[0])])
    wins = np.array([hand != (5, 5) for hand in game.hands[0]])
    expected = float((weights * np.where(wins, 1.0, -1.0)).sum() / weights.sum())
    assert decision.values["challenge"] == pytest.approx(expected, abs=1e-9)
    assert "palifico" in decision.source
    # The face is kept: "3x6" is no raise of "2x5" in a palifico round.
    assert "3x5" in decision.values and "3x6" not in decision.values
    # The command answers it; a round whose palifico solve is not stored is refused in one sentence.
    result = odds("bluff", "play", "--preset", "perudo", "--palifico", "--dice", "1", "--opponents", "2",
                  "--history", "1:2x5", "--json")
    assert result.code == 0, result.err
    assert result.json()["values"]["challenge"] == pytest.approx(expected, abs=1e-9)
    # (The package ships the palifico rounds opened by the player with one die, not those the other opens.)
    missing = odds("bluff", "play", "--preset", "perudo", "--palifico", "--dice", "1", "--opponents", "3",
                   "--history", "1:2x5")
    assert_one_sentence_error(missing)
    assert "palifico round" in missing.err and "odds bluff solve --preset perudo --palifico --dice 3 1" in missing.err
    bot = odds("bluff", "play", "--preset", "perudo", "--palifico", "--dice", "1", "--opponents", "3", "--bot",
               "bayes", "--json")
    assert bot.code == 0 and bot.json()["player"].startswith("bayes")
    small = odds("bluff", "play", "--preset", "perudo", "--palifico", "--dice", "1", "--opponents", "1")
    assert_one_sentence_error(small)
    assert "palifico_round=True" in small.err
    assert_one_sentence_error(odds("bluff", "play", "--preset", "bluff", "--palifico", "--dice", "3", "--opponents",
                                   "2"))


def test_a_refused_package_solve_is_said_never_passed_over_in_silence(tmp_path, monkeypatch):
    """A damaged shipped file: the next solve of the plan answers and says which solve was refused and why; with
    every solve of the round refused, the question is one sentence, and the call advisor still answers its own
    odds, saying that the strategy cannot."""
    import shutil

    from analysis.bluff.bids import parse_bid
    from analysis.bluff.odds.advice import advise_call
    from analysis.bluff.sampled import shipped
    from analysis.shipped import Refused

    package = tmp_path / "solved"
    shutil.copytree(shipped.SHIPPED_ROOT, package)
    monkeypatch.setattr(shipped, "SHIPPED_ROOT", package)
    monkeypatch.setattr(shipped, "_READ", {})
    rules = preset("liars_dice", wild=1, exact_call=None)
    history = "1:3x3"

    def damage(path):
        blob = bytearray(path.read_bytes())
        blob[-100] ^= 1
        path.write_bytes(bytes(blob))

    for path in (package / "bluff" / "full-width-shipped").glob("liars_dice-*.podds"):
        damage(path)
    answer = decide(rules, "3 3 1 6 2", [5], history)
    assert answer.source.endswith("; the package's 5v5 full-width solve of Liar's Dice is refused (its checksum does "
                                  "not match), so this solve answers") and "16,000,000 iterations" in answer.source

    for path in (package / "bluff" / "sampled-shipped").glob("liars_dice-*.podds"):
        damage(path)
    monkeypatch.setattr(shipped, "_READ", {})   # a process keeps the solves it read: the files do not change under it
    with pytest.raises(Refused, match=r"^The package's 5v5 full-width solve of .* is refused \(its checksum"):
        decide(rules, "3 3 1 6 2", [5], history)
    advice = advise_call(rules, (3, 3, 1, 6, 2), [5], parse_bid(rules, "3x3"))
    assert advice.strategy is None and advice.strategy_refused.startswith("The package's 5v5 full-width solve")
    assert "cannot answer here: The package's 5v5" in str(advice) and advice.recommendation in ("challenge", "raise")


@pytest.mark.parametrize("start, words", [("five", "whole number, not 'five'"), (2, "cannot be fewer than")])
def test_a_bad_starting_count_is_refused_in_one_sentence_naming_its_field(start, words):
    from analysis.errors import InvalidArgument

    with pytest.raises(InvalidArgument, match=words) as refused:
        decide(preset("bluff"), "3 3 * 5 1", [5], "", player="bayes", start=start)
    assert refused.value.field == "start"
