"""Multi-player solves (analysis/bluff/multi): a seed gives the same solve, another seed another, a checkpoint
resumes to the same solve; the local best response gains against a uniform strategy; ``decide`` with several
opponents answers every legal history from a stored solve (off-path bids named and read with the tremble, a bid
above the dice challenged, a challenge's value a separate count over the others' hands) and refuses in one
sentence naming the build command where none is stored."""

import itertools

import numpy as np
import pytest

from analysis.bluff.bids import all_bids, format_bid, is_raise, parse_bid
from analysis.bluff.multi import solve as multi_solve
from analysis.bluff.multi.measure import local_best_response
from analysis.bluff.multi.round import table_round
from analysis.bluff.multi.solve import solve_table
from analysis.bluff.play.decision import decide
from analysis.bluff.rules import preset
from analysis.bluff.sampled.solution import TREMBLE
from analysis.cfr.multi_player import average_policy
from analysis.errors import InvalidArgument
from analysis.store import Store

SMALL = {"k": 2, "iterations": 3000, "lbr_rounds": 200}


def test_same_seed_same_solve_another_seed_another(tmp_path):
    rules = preset("perudo")
    a, b = (solve_table(rules, (1, 1, 1), 2, 2000, seed=4, lbr_rounds=50, faces=4, store=False, progress=False)
            for _ in range(2))
    c = solve_table(rules, (1, 1, 1), 2, 2000, seed=5, lbr_rounds=50, faces=4, store=False, progress=False)
    assert np.array_equal(a.policy, b.policy) and [g.gain for g in a.gains] == [g.gain for g in b.gains]
    assert not np.array_equal(a.policy, c.policy)
    path = str(tmp_path / "round.npz")
    solve_table(rules, (1, 1, 1), 2, 700, seed=4, lbr_rounds=50, faces=4, store=False, progress=False, checkpoint=path)
    resumed = solve_table(rules, (1, 1, 1), 2, 2000, seed=4, lbr_rounds=50, faces=4, store=False, progress=False,
                          checkpoint=path)
    assert resumed.iterations == 2000 and np.array_equal(resumed.policy, a.policy)


def test_local_best_response_gains_against_uniform_play():
    round_ = table_round(preset("liars_dice", wild=1, exact_call=None), (1, 1, 1), 1)
    uniform = average_policy(round_.game, np.zeros(round_.game.slots))
    for gain in local_best_response(round_, uniform, 400, 0):
        assert gain.gain - gain.half > 0.05


@pytest.fixture(scope="module")
def stored(tmp_path_factory):
    """A small planned 1-1-1 solve of Liar's Dice as played in a store of its own."""
    store = Store(tmp_path_factory.mktemp("multi-store"))
    rules = preset("liars_dice")
    saved = dict(multi_solve.TABLE_PLAN)
    multi_solve.TABLE_PLAN[(1, 1, 1)] = SMALL
    solution = solve_table(rules, (1, 1, 1), SMALL["k"], SMALL["iterations"], 0, SMALL["lbr_rounds"], store=store,
                           progress=False)
    yield rules, store, solution
    multi_solve.TABLE_PLAN.clear()
    multi_solve.TABLE_PLAN.update(saved)


def _ask(stored, monkeypatch, dice, history):
    rules, store, _ = stored
    monkeypatch.setattr(multi_solve, "TABLE_PLAN", {(1, 1, 1): SMALL})
    real = multi_solve.find_table_solve
    monkeypatch.setattr("analysis.bluff.multi.decision.find_table_solve",
                        lambda r, dice_: real(r, dice_, store=store))
    return decide(rules, dice, [1, 1], history)


def _legal(rules, history_bids):
    last = history_bids[-1] if history_bids else None
    raises = [format_bid(rules, b) for b in all_bids(rules, 3) if is_raise(rules, last, b)]
    return raises + (["challenge", "exact"] if history_bids else [])


@pytest.mark.parametrize("history", ["", "2:1x2", "1:1x2 2:3x6", "1:1x1 2:1x2", "2:2x6", "1:1x3 2:2x2"])
def test_every_legal_history_is_answered(stored, monkeypatch, history):
    rules = stored[0]
    answer = _ask(stored, monkeypatch, "4", history)
    bids = [parse_bid(rules, item.split(":")[1]) for item in history.split()]
    assert sorted(answer.policy) == sorted(_legal(rules, bids)) == sorted(answer.values)
    assert abs(sum(answer.policy.values()) - 1) < 1e-5 and min(answer.policy.values()) >= 0
    assert answer.action == max(answer.policy, key=answer.policy.get)


def test_off_path_bids_are_named_and_a_bid_above_the_dice_is_challenged(stored, monkeypatch):
    rules, _, solution = stored
    answer = _ask(stored, monkeypatch, "4", "1:1x1 2:9x6")
    assert answer.policy == {"challenge": 1.0} and answer.values["challenge"] == 0.0   # 9 sixes cannot be true
    assert any(item["reason"].startswith("above the 3 dice") for item in answer.off_path)
    # A bid the strategy gives no chance in any hand is named as such.
    round_ = solution.round_
    first = int(round_.game.child_start[0])
    never = [int(round_.node_bid[first + i]) for i in range(int(round_.game.n_actions[0]))
             if max(solution.chances(0, h)[i] for h in range(len(round_.hands[0]))) < 1e-3]
    assert never      # the seeded solve leaves some openings unplayed
    text = format_bid(rules, round_.bids[never[0]])
    answer = _ask(stored, monkeypatch, "4", f"2:{text}")
    # The seeded solve never sampled the state after it: the bid reader answers, and the note says why.
    assert answer.player.startswith("bayes") and "never reached this state" in answer.note
    # A bid made with a chance below the off-path threshold, whose state was sampled, is named as such.
    rare = [(i, h) for i in range(int(round_.game.n_actions[0])) for h in range(len(round_.hands[0]))
            if 0 < solution.chances(0, h)[i] < 1e-3 and int(round_.node_bid[first + i]) not in never]
    for i, _ in rare:
        text = format_bid(rules, round_.bids[int(round_.node_bid[first + i])])
        answer = _ask(stored, monkeypatch, "4", f"2:{text}")
        if answer.player == "strategy":
            assert [item["bid"] for item in answer.off_path] == [text]
            assert sorted(answer.policy) == sorted(_legal(rules, [round_.bids[int(round_.node_bid[first + i])]]))
            break
    else:
        raise AssertionError("no rarely made opening whose state the solve reached")


def test_challenge_value_is_a_count_over_the_others_hands(stored, monkeypatch):
    """After player 2 (seat 0, the opener) bids, I (seat 2) am not next; after 1 then 2: player 1 opened (seat 0),
    player 2 raised (seat 1) and I answer as seat 2. The challenge's value: over every pair of the others' dice,
    weighed by their chance and the strategy's chance of each bid mixed with the tremble, the dice I lose."""
    rules, _, solution = stored
    round_ = solution.round_
    answer = _ask(stored, monkeypatch, "4", "1:1x3 2:2x3")
    opening, second = (round_.bids.index(parse_bid(rules, t)) for t in ("1x3", "2x3"))
    first = int(round_.game.child_start[0])
    total, weight = 0.0, 0.0
    for d1, d2 in itertools.product(range(1, 7), repeat=2):
        h1, h2 = round_.hands[0].index((d1,)), round_.hands[1].index((d2,))
        p1 = solution.chances(0, h1)[opening - int(round_.node_bid[first])]
        node = round_.state([opening], 0)
        raise_node = int(round_.game.child_start[node]) + len(round_.calls)
        n_legal = len(round_.calls) + int(round_.game.n_actions[raise_node])
        inner = solution.chances(raise_node, h2)
        p2 = solution.chances(node, h2)[len(round_.calls)] * inner[second - opening - 1]
        w = ((1 - TREMBLE) * p1 + TREMBLE / round_.game.n_actions[0]) * ((1 - TREMBLE) * p2 + TREMBLE / n_legal) / 36
        actual = sum(1 for d in (4, d1, d2) if d == 3)
        total += w * -(1.0 if actual >= 2 else 0.0)       # a true bid costs the challenger one die
        weight += w
    assert answer.values["challenge"] == pytest.approx(total / weight, abs=1e-9)


def test_a_table_without_a_stored_solve_is_answered_by_the_model_with_a_note(monkeypatch):
    """Where no solve of the table's dice is at hand, the bayes bot (the bid reader) answers (the odds and a model of
    the others), with one line saying which tables the strategy is solved for and naming the build command where the
    plan has the table."""
    monkeypatch.setattr("analysis.bluff.multi.decision.find_table_solve", lambda r, dice_: (None, None))
    answer = decide(preset("perudo"), "4 4", [2, 2], "")
    assert answer.player.startswith("bayes") and answer.policy[answer.action] > 0 and not answer.values
    assert "bluff_table_solves.py --only perudo:2:2:2" in answer.note and "\n" not in answer.note
    assert answer.note.endswith("as evidence of the bidder's dice).") and answer.to_dict()["note"] == answer.note
    answer = decide(preset("perudo"), "4 4 4 4 4", [5, 5, 5], "1:3x4 2:4x4 3:5x4")
    assert answer.note.startswith("The full-table strategy of Perudo is solved for three players with 1 1 1 or 2 2 2 "
                                  "dice, not for four players with 5 5 5 5 dice (counted from the opener): this answer is from the odds")
    # The bot's own decision, as asked of it directly.
    bot = decide(preset("perudo"), "4 4 4 4 4", [5, 5, 5], "1:3x4 2:4x4 3:5x4", player="bayes")
    assert (answer.policy, answer.action) == (bot.policy, bot.action)
    monkeypatch.setattr("analysis.bluff.multi.decision.find_table_solve", lambda r, dice_: (None, "it is damaged"))
    refused = decide(preset("perudo"), "4 4", [2, 2]).note
    assert "the package's solve of 2 2 2 dice is refused (it is damaged)" in refused
    with pytest.raises(InvalidArgument, match="without search"):
        decide(preset("perudo"), "4 4", [2, 2], "", player="search")


def test_odds_bluff_play_answers_with_two_opponents(odds, monkeypatch):
    """The command reads the planned solve from the user's store (here the tests' own)."""
    monkeypatch.setattr(multi_solve, "TABLE_PLAN", {(1, 1, 1): SMALL})
    solve_table(preset("perudo"), (1, 1, 1), SMALL["k"], SMALL["iterations"], 0, SMALL["lbr_rounds"], progress=False)
    result = odds("bluff", "play", "--preset", "perudo", "--dice", "4", "--opponents", "1", "1", "--history",
                  "1:1x3 2:1x4", "--json")
    assert result.code == 0, result.err
    payload = result.json()
    assert payload["player"] == "strategy" and "3-player solve" in payload["source"]
    assert sorted(payload["values"]) == sorted(_legal(preset("perudo"), [parse_bid(preset("perudo"), "1x4")]))
    assert abs(sum(payload["policy"].values()) - 1) < 1e-3
    beyond = odds("bluff", "play", "--preset", "perudo", "--dice", "1 4 4 6 2", "--opponents", "5", "5", "5",
                  "--history", "1:3x4 2:4x4 3:5x4", "--json")
    assert beyond.code == 0, beyond.err
    assert "not for four players with 5 5 5 5 dice" in beyond.json()["note"] and beyond.json()["player"].startswith("bayes")
