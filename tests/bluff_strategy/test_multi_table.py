"""At the full table, asked as heads-up: every legal history of a three-player round at the shipped sizes (1 1 1 and
2 2 2 dice) of every game is answered from the package's solve (the tests' store is fresh); the opening advisor and
the call advisor's strategy line answer from it, and where no solve covers the table (the commands of the issue at
five dice each) the odds and the model answer with one line saying for which tables the strategy is solved.
The examples are drawn the same way in every run (``derandomize``)."""

from __future__ import annotations

import re

import numpy as np

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from analysis.bluff.bids import all_bids, format_bid, is_raise, parse_bid, parse_dice
from analysis.bluff.odds.advice import advise_call
from analysis.bluff.play.decision import decide, table_opening_bids
from analysis.bluff.play.strategy_bot import SCRIPT_GAMES
from analysis.bluff.multi.solve import TABLE_PLAN

GAMES = {name: make() for name, make in SCRIPT_GAMES.items()}
FEW = settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
#: The one refusal left of a legal history, as heads-up: a bid above the dice in play followed by one within them
#: with no bid within the dice between the bids around it.
UNREAD = r"is above the \d+ dice in play and no bid within them lies between the bids around it, so the solved strategy"


@st.composite
def table_rounds(draw, rules):
    """(my dice, the opponents' counts, history text, the bids): a three-player round of a shipped size at my turn,
    opened by any seat, its bids any legal raises within the dice in play (now and then one above them)."""
    each = draw(st.sampled_from(sorted({d[0] for d in TABLE_PLAN if len(set(d)) == 1})))
    dice = tuple(draw(st.lists(st.integers(1, 6), min_size=each, max_size=each)))
    n = 3 * each
    opener = draw(st.integers(0, 2))
    length = (-opener) % 3 + 3 * draw(st.integers(0, 2))     # the turn after the last is mine
    bids, turns = [], []
    for i in range(length):
        previous = bids[-1] if bids else None
        legal = [b for b in all_bids(rules, n + 2) if is_raise(rules, previous, b)]
        if not legal:
            return dice, (each, each), "", [], n
        within = [b for b in legal if b.count <= n]
        bid = draw(st.sampled_from(within if within and draw(st.integers(0, 9)) else legal))
        bids.append(bid)
        who = (opener + i) % 3
        turns.append(f"{'me' if who == 0 else who}:{format_bid(rules, bid)}")
    return dice, (each, each), " ".join(turns), bids, n


def _legal(rules, bids, n) -> set:
    previous = bids[-1] if bids else None
    raises = {format_bid(rules, b) for b in all_bids(rules, n) if is_raise(rules, previous, b)}
    return raises | (({"challenge"} | ({"exact"} if rules.exact_call else set())) if bids else set())


@pytest.mark.parametrize("name", list(GAMES))
def test_the_table_strategy_answers_every_legal_history(name):
    rules = GAMES[name]

    @FEW
    @given(table_rounds(rules))
    def check(round_):
        dice, opponents, history, bids, n = round_
        decision = decide(rules, dice, opponents, history)
        if decision.note:       # a state the solve never reached, or cannot read: the bid reader answers, and says why
            assert decision.player.startswith("bayes")
            assert "never reached this state" in decision.note or re.search(UNREAD, decision.note), decision.note
            assert decision.policy[decision.action] == 1.0
            return
        assert decision.player == "strategy" and "3-player solve of" in decision.source
        assert sum(decision.policy.values()) == pytest.approx(1.0, abs=1e-5)
        assert min(decision.policy.values()) >= 0 and decision.policy[decision.action] > 0
        if bids and bids[-1].count > n:
            assert decision.policy == {"challenge": 1.0}
        else:
            assert set(decision.policy) == set(decision.values) == _legal(rules, bids, n)
            # A value is minus the dice I lose: a round costs at most every die of a Bluff exact call's table.
            assert all(-n <= v <= 1 for v in decision.values.values())
    check()


def test_the_opening_advisor_answers_from_the_table_solve():
    rules = GAMES["perudo"]
    decision, rows = table_opening_bids(rules, "3 4", (2, 2))
    assert decision.player == "strategy" and not decision.note and "2 2 2 dice" in decision.source
    assert decision.action in {row["bid"] for row in rows} and len(rows) >= 8
    for row in rows:
        assert row["value"] == decision.values[row["bid"]] and row["p_strategy"] == decision.policy[row["bid"]]
        assert 0 <= row["p_true"] <= 1 and 0 <= row["p_challenged"] <= 1
    # Two sixes among the others' four dice (aces wild: each a third): 1 - (2/3)^4 - 4 (1/3) (2/3)^3, by hand.
    two_sixes = next(row for row in rows if row["bid"] == "2x6")
    assert two_sixes["p_true"] == pytest.approx(1 - 16 / 81 - 32 / 81)


def test_the_commands_at_five_dice_each_answer_from_the_odds_with_a_note(odds):
    opened = odds("bluff", "open", "--preset", "bluff", "--dice", "3 3 * 5 1", "--opponents", "5", "5", "5", "5",
                  "--json")
    assert opened.code == 0, opened.err
    payload = opened.json()
    assert payload["note"].startswith("The full-table strategy of Bluff is solved for three players with 1 1 1 or "
                                      "2 2 2 dice, not for five players with 5 5 5 5 5 dice (counted from the opener): this answer is from the "
                                      "odds")
    assert payload["recommended"] in {row["bid"] for row in payload["openings"]}
    rules = GAMES["bluff"]
    for row in payload["openings"]:
        bid = parse_bid(rules, row["bid"])
        assert is_raise(rules, None, bid) and row["value"] is None and 0 <= row["p_true"] <= 1
    text = odds("bluff", "open", "--preset", "bluff", "--dice", "3 3 * 5 1", "--opponents", "5", "5", "5", "5")
    assert text.code == 0 and "not for five players with 5 5 5 5 5 dice" in text.out and "against 5 5 5 5 dice" in text.out
    played = odds("bluff", "play", "--preset", "perudo", "--dice", "1 4 4 6 2", "--opponents", "5", "5", "5",
                  "--history", "1:3x4 2:4x4 3:5x4", "--json")
    assert played.code == 0, played.err
    assert "not for four players with 5 5 5 5 dice" in played.json()["note"] and played.json()["action"] in played.json()["policy"]


def test_the_call_advisor_gives_the_table_strategys_line():
    rules = GAMES["perudo"]
    dice = parse_dice(rules, "4 6")
    advice = advise_call(rules, dice, (2, 2), parse_bid(rules, "2x4"))
    asked = decide(rules, dice, (2, 2), "2:2x4")
    assert advice.strategy == asked and asked.player == "strategy" and advice.strategy_note is None
    assert "What the solved 3-player strategy does here" in str(advice)
    big = advise_call(rules, parse_dice(rules, "1 4 4 6 2"), (5, 5, 5), parse_bid(rules, "5x4"))
    assert big.strategy is None and "not for four players with 5 5 5 5 dice" in big.strategy_note
    assert big.strategy_note in str(big) and big.to_dict()["strategy_note"] == big.strategy_note


def test_a_state_the_solve_never_reached_is_answered_by_the_bid_reader_with_a_note():
    """After two bids the 2-2-2 Perudo solve never makes, its state holds even chances (never sampled): the bid
    reader answers instead, as asked directly, and the note says why; a state on its path is the strategy's."""
    rules = GAMES["perudo"]
    from analysis.bluff.multi.decision import find_table_solve, _reached

    solution = find_table_solve(rules, (2, 2, 2))[0]
    round_ = solution.round_
    history = [round_.bids.index(parse_bid(rules, b)) for b in ("3x4", "4x4")]
    node = round_.state(history, 1)
    mine = round_.hands[2].index((4, 6))
    assert not _reached(solution, node, mine) and np.ptp(solution.chances(node, mine)) < 1e-6
    answer = decide(rules, "4 6", (2, 2), "1:3x4 2:4x4")
    bot = decide(rules, "4 6", (2, 2), "1:3x4 2:4x4", player="bayes")
    assert (answer.policy, answer.action) == (bot.policy, bot.action)
    assert answer.note.startswith("The 3-player solve of 2 2 2 dice never reached this state of the round")
    on_path = decide(rules, "4 6", (2, 2), "1:1x4 2:2x4")
    assert on_path.player == "strategy" and not on_path.note
