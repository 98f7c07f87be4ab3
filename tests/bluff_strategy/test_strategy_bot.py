"""The tournaments' ``strategy`` bot: the stored heads-up solves, played by the game kernel as they are stored."""

from __future__ import annotations

import json

import numpy as np
import pytest

from analysis.bluff.bids import format_bid
from analysis.bluff.rules import preset
from analysis.bluff.sampled.solver import solve_sampled
from analysis.bluff.play.tournament import _rule_tables, run_tournament
from analysis.errors import InvalidArgument
from tests.conftest import assert_one_sentence_error, load_script

LIARS = preset("liars_dice", wild=1, exact_call=None)
ITERATIONS = 3000


@pytest.fixture(scope="module")
def one_die_solve():
    """A stored 1v1 round of Liar's Dice (ones wild), full recall, a short solve (seconds)."""
    return solve_sampled(LIARS, (1, 1), k=None, iterations=ITERATIONS, lbr_games=200)


@pytest.fixture
def planned_small(one_die_solve, monkeypatch):
    from analysis.bluff.sampled import plan as sampled_plan
    monkeypatch.setitem(sampled_plan.PLAN, 1, ((None, ITERATIONS, 1.0),))
    return one_die_solve


def test_a_missing_solve_is_refused_with_the_command_that_builds_it(odds, monkeypatch, tmp_path):
    from analysis.bluff.sampled import shipped as sampled_shipped
    monkeypatch.setattr(sampled_shipped, "SHIPPED_ROOT", tmp_path / "none")   # as without the package's solves
    with pytest.raises(InvalidArgument, match=r"no 1v1 round of Bluff is stored: build it with python "
                                              r"scripts/bluff_sampled_solves\.py --only bluff:1:1\.$"):
        run_tournament(preset("bluff"), "strategy,bayes,bayes", games=10, seed=1, scheduler="sync", start=2)
    result = odds("bluff", "tournament", "--preset", "perudo", "--bots", "strategy,threshold,bayes", "--start", "2",
                  "--games", "10", "--scheduler", "sync")
    assert_one_sentence_error(result)
    assert "--only perudo:1:1" in result.err


def _kernel_draws_the_policy(solution, st, tables, dice, draws: int, seed: int) -> int:
    """Random legal histories (any legal raise, on the abstraction or off it), then the decision of the player
    to act: the kernel's draw for a random state is the stored policy's action at the same uniform number (inverse
    CDF). Returns how many histories held a pair of bids off the abstraction."""
    from analysis.bluff.play import _bot_kernels
    from analysis.random import next_state, uniform_float

    game = solution.game
    index = {(int(c), int(f)): k for k, (c, f) in enumerate(zip(tables.bid_count, tables.bid_face))}
    rng = np.random.default_rng(seed)
    mapped = np.zeros(tables.bid_count.size + 1, np.int64)
    off = 0
    for _ in range(draws):
        history, last = [], len(game.bids)
        for _ in range(int(rng.integers(0, 4))):
            row = game.all_raises[last, :game.all_n_raises[last]]
            if not row.size:
                break
            last = int(rng.choice(row))
            history.append(game.bids[last])
        seat = len(history) % 2
        hand = game.hands[seat][int(rng.integers(len(game.hands[seat])))]
        policy = solution.strategy(seat, hand, history)
        counts = np.bincount(np.asarray(hand, dtype=np.int64), minlength=7).astype(np.int64)
        bids = np.array([index[(b.count, b.face)] for b in history] + [0], dtype=np.int64)
        state = np.uint64(rng.integers(1, 2 ** 62))
        action, _ = _bot_kernels.strategy_choose(seat, *dice, counts, bids, len(history), mapped, state, st)
        u = uniform_float(next_state(state))
        names, chances = list(policy), np.cumsum(list(policy.values()))
        want = names[min(int(np.searchsorted(chances, u, side="right")), len(names) - 1)]
        got = {-1: "challenge", -2: "exact"}.get(int(action)) or format_bid(
            game.rules, next(b for b in game.bids if (b.count, b.face) == (tables.bid_count[action],
                                                                           tables.bid_face[action])))
        assert got == want, (seat, hand, history, u)
        ids = [game.bids.index(b) for b in history]
        off += any(game.action_of[a, b] < 0 for a, b in zip(ids, ids[1:]))
    return off


def test_the_kernel_draws_the_stored_policy(planned_small):
    # Every decision of the 1v1 round that the solve holds, for both seats and every hand.
    from analysis.bluff.play.bots import parse_bots
    from analysis.bluff.play.strategy_bot import strategy_tables

    tables = _rule_tables(LIARS, 2, 1)
    st = strategy_tables(LIARS, parse_bots("strategy"), 1, tables.bid_count, tables.bid_face)
    _kernel_draws_the_policy(planned_small, st, tables, (1, 1), 300, 5)


@pytest.mark.slow
def test_the_kernel_reads_an_off_abstraction_pair_through_its_stand_in():
    # Two bids remembered over the raises abstracted (one count a face): a raise the abstraction lacks is read as
    # the solve reads it (``SampledGame.window_of``), not from a window the solve never trained.
    from analysis.bluff.play.strategy_bot import _tables

    solution = solve_sampled(LIARS, (2, 2), k=2, steps=1, iterations=2000, lbr_games=100, store=False, checks=1)
    tables = _rule_tables(LIARS, 2, 2)
    index = {(int(c), int(f)): k for k, (c, f) in enumerate(zip(tables.bid_count, tables.bid_face))}
    # The kernel numbers pairs (first - 1) * most + second - 1; only 2v2 is asked, so every pair holds the solve.
    st = _tables(True, 2, [(solution, index)] * 4, tables.bid_count.size)
    assert _kernel_draws_the_policy(solution, st, tables, (2, 2), 400, 6) > 50


@pytest.mark.slow
def test_heads_up_games_play_only_the_stored_actions(planned_small, tmp_path):
    # Two players of one die: every round is the stored 1v1 round, so every action of the strategy bot is one
    # its stored policy gives a chance; the same seed plays the same games.
    solution = planned_small
    log = tmp_path / "rounds.jsonl"
    first = run_tournament(LIARS, "strategy,bayes", games=300, seed=3, scheduler="sync", start=1, log=str(log))
    again = run_tournament(LIARS, "strategy,bayes", games=300, seed=3, scheduler="sync", start=1)
    assert first.table.wins.tolist() == again.table.wins.tolist()
    lines = [json.loads(line) for line in open(log, encoding="utf-8")][1:]
    played = 0
    for entry in lines:
        actions = [(b["player"], b["bid"]) for b in entry["bids"]] + [(entry["call"]["player"], entry["call"]["call"])]
        opener = actions[0][0]
        history = []
        for player, action in actions:
            if player == 0:
                seat = 0 if opener == 0 else 1
                hand = tuple(int(d) for d in entry["dice"][0].split())
                assert solution.strategy(seat, hand, history)[action] > 0, (entry, action)
                played += 1
            if action not in solution.game.calls:
                history.append(next(b for b in solution.game.bids if format_bid(LIARS, b) == action))
    assert played > 300


def test_the_docs_table_is_the_stored_measurement():
    # docs/bluff_strategy.md shows the table scripts/bluff_strategy_bot.py prints from its data file.
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    script = load_script("bluff_strategy_bot")
    cells = json.loads((root / "reports" / "data" / "bluff_strategy_bot.json").read_text())["cells"]
    assert all(c["games"] == sum(sum(block) for block in c["block_wins"]) for c in cells if c["preset"] == "bluff")
    docs = (root / "docs" / "bluff_strategy.md").read_text()
    rows = script.table(cells).splitlines()
    assert len(rows) == 2 + len(cells) // 2   # a row for each pair of cells: the strategy bot's and the bayes bot's
    for row in rows:
        assert "  " + row in docs, row


def test_asking_the_strategy_bot_for_one_decision_points_to_the_strategy_or_bayes():
    from analysis.bluff.play.decision import decide

    with pytest.raises(InvalidArgument, match=r"^The strategy:0\.4 bot plays the solved strategy heads-up and bayes "
                                              r"otherwise: ask player 'strategy' or 'bayes'\.$"):
        decide(preset("bluff"), "3 3", [2], "", player="strategy:0.4")
