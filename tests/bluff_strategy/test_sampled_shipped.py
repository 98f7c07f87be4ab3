"""The sampled solves shipped in the package: the policy in 255ths equals the solve within the quantum, is read
through the store's checks where the user's store has none, and covers the plan's rounds of the three presets."""

from __future__ import annotations

import json

import numpy as np
import pytest

from analysis.bluff.sampled import shipped as sampled_shipped
from analysis.bluff.rules import preset
from analysis.bluff.sampled.game import sampled_game
from analysis.bluff.sampled.plan import planned, stored_plan
from analysis.bluff.sampled.solver import solve_sampled
from analysis.bluff.sampled.stored import SAMPLED, _params, stored_solve
from analysis.bluff.sampled.shipped import QUANTUM, SHIPPED, pack, quantise, shipped_params, unpack
from analysis.store import Store

LIARS = preset("liars_dice", wild=6, exact_call=None)
PRESETS = [preset("liars_dice", wild=1, exact_call=None), preset("perudo"), preset("bluff")]


def test_quantised_sets_sum_to_255_and_move_each_probability_by_less_than_a_255th():
    rng = np.random.default_rng(5)
    blocks = [(0, 3, 4), (12, 2, 7), (26, 5, 1)]
    policy = np.concatenate([rng.dirichlet(np.full(size, 0.3), hands).reshape(-1) for _, hands, size in blocks])
    levels = quantise(policy.astype(np.float32), blocks)
    for start, hands, size in blocks:
        block = levels[start:start + hands * size].reshape(hands, size).astype(np.int64)
        assert (block.sum(axis=1) == QUANTUM).all()
    assert np.abs(levels / QUANTUM - policy).max() < 1.0 / QUANTUM
    # A probability that is a whole number of 255ths is kept exactly (no remainder to hand out).
    exact = np.array([51, 204, 0, 255], dtype=np.float64) / QUANTUM
    assert quantise(exact, [(0, 2, 2)]).tolist() == [51, 204, 0, 255]


def test_a_shipped_solve_is_read_where_the_users_store_has_none(tmp_path, monkeypatch):
    monkeypatch.setattr(sampled_shipped, "SHIPPED_ROOT", tmp_path / "package")
    built = Store(tmp_path / "built")
    solve = solve_sampled(LIARS, (1, 1), k=2, faces=4, iterations=3000, store=built, lbr_games=200)
    game = solve.game
    params = _params(game, 3000, 0, 1.0)
    stored = built.load(SAMPLED, LIARS, params)
    sampled_shipped.shipped_store().save(SHIPPED, LIARS, shipped_params(params), pack(stored, game.blocks()))
    fresh = Store(tmp_path / "fresh")
    read = stored_solve(LIARS, (1, 1), k=2, faces=4, iterations=3000, store=fresh)
    assert read is not None and read.shipped and read.from_store
    assert np.abs(read.policy.astype(np.float64) - solve.policy).max() < 1.0 / QUANTUM
    assert read.value == solve.value and read.exploitability.value == solve.exploitability.value
    assert np.array_equal(read.trajectory, solve.trajectory)
    # Another solve's key (other iterations) is not served by it, and without any store it is not read.
    assert stored_solve(LIARS, (1, 1), k=2, faces=4, iterations=3001, store=fresh) is None
    assert not solve_sampled(LIARS, (1, 1), k=2, faces=4, iterations=30, store=False, checks=1,
                             lbr_games=50).shipped
    # The user's own solve comes first.
    assert not stored_solve(LIARS, (1, 1), k=2, faces=4, iterations=3000, store=built).shipped


def test_a_shipped_solve_is_read_and_checked_once_a_process(tmp_path, monkeypatch):
    # (The tests' store is fresh, so the 5v5 solve below is the package's.)
    # A running web page asks the same round again and again: the second answer must not read the file again.
    from analysis.bluff.sampled import game as sampled_game_module
    from analysis.bluff.play.decision import decide

    reads = []
    monkeypatch.setattr(sampled_shipped, "_READ", {})   # as in a fresh process
    real = sampled_shipped.unpack
    monkeypatch.setattr(sampled_shipped, "unpack", lambda *args: reads.append(1) or real(*args))
    rules = preset("bluff")
    first = decide(rules, "3 3 * 5 1", [5], "1:9x3")
    built = sampled_game_module._sampled_game.cache_info().misses
    again = decide(rules, "3 3 * 5 1", [5], "1:9x3")
    assert first == again and "5v5" in first.source
    assert len(reads) == 1 and sampled_game_module._sampled_game.cache_info().misses == built
    # Another package folder is another package: its files are read.
    monkeypatch.setattr(sampled_shipped, "SHIPPED_ROOT", tmp_path / "none")
    assert stored_plan(rules, (5, 5)) is None


# The sets are checked a block at a time where there are few blocks, else at once: both ways here.
BOTH_CHECKS = pytest.mark.parametrize("block_by_block", [True, False], ids=["by block", "at once"])


@BOTH_CHECKS
def test_a_packed_policy_for_another_layout_is_refused(block_by_block, monkeypatch):
    if not block_by_block:
        monkeypatch.setattr(sampled_shipped, "BLOCK_BY_BLOCK", 0)
    game = sampled_game(LIARS, (1, 1), k=1, faces=4)
    other = sampled_game(LIARS, (1, 1), k=2, faces=4)
    policy = np.concatenate([np.full(hands * size, 1.0 / size) for _, hands, size in game.blocks()])
    table = pack({"policy": policy.astype(np.float32), "trajectory": np.zeros((0, 3)), "summary": np.zeros(6)},
                 game.blocks())
    assert unpack(table, game.slots, game.blocks()) is not None
    assert unpack(table, other.slots, other.blocks()) is None
    assert unpack({**table, "packed": table["packed"][:-3]}, game.slots, game.blocks()) is None


@BOTH_CHECKS
def test_a_packed_policy_whose_set_does_not_sum_to_one_is_refused(block_by_block, monkeypatch):
    import zlib
    if not block_by_block:
        monkeypatch.setattr(sampled_shipped, "BLOCK_BY_BLOCK", 0)
    game = sampled_game(LIARS, (1, 1), k=1, faces=4)
    blocks = game.blocks()
    policy = np.concatenate([np.full(hands * size, 1.0 / size) for _, hands, size in blocks])
    levels = quantise(policy, blocks)
    table = {"packed": np.frombuffer(zlib.compress(levels.tobytes()), dtype=np.uint8),
             "trajectory": np.zeros((0, 3)), "summary": np.zeros(6)}
    assert unpack(table, game.slots, blocks) is not None
    # One level moved from a set to the next: the total still matches, both sets are off by 1/255.
    start, hands, size = blocks[1]
    moved = levels.copy()
    moved[start + size - 1] -= 1
    moved[start + size] += 1
    table["packed"] = np.frombuffer(zlib.compress(moved.tobytes()), dtype=np.uint8)
    assert unpack(table, game.slots, blocks) is None


@pytest.mark.slow
@pytest.mark.parametrize("rules", PRESETS, ids=lambda r: r.name)
def test_the_package_ships_the_plans_rounds_of_each_preset(rules):
    # Every pair the strategy bot needs up to five dice each. The test store is fresh: every answer here comes from
    # the package, built by the current training kernel.
    for dice in ((a, b) for a in range(1, 6) for b in range(1, 6)):
        solution = stored_plan(rules, dice)
        assert solution is not None and solution.shipped, (rules.name, dice)
        if dice[0] == dice[1]:     # the plan's first solve (Perudo's own at 2v2), the one to build, is shipped
            first = planned(dice, rules)
            k = None if solution.game.full_recall else solution.game.k
            assert (k, solution.iterations) == (first["k"], first["iterations"]), (rules.name, dice)
            assert solution.full_width == bool(first.get("full_width")), (rules.name, dice)
        policy = solution.policy.astype(np.float64)
        blocks = solution.game.blocks()
        if len(blocks) > 20000:   # a full-recall 2v1 round has half a million: a seeded sample of them
            blocks = blocks[np.random.default_rng(0).choice(len(blocks), 20000, replace=False)]
        for start, hands, size in blocks:
            assert np.allclose(policy[start:start + hands * size].reshape(hands, size).sum(axis=1), 1.0, atol=1e-5)
        # A sampled local best response is a noisy lower bound, and a local response (one raise ahead) may play
        # worse than the strategy itself, so near equilibrium it falls below 0; never by much.
        e = solution.exploitability
        assert -max(3 * e.half_width, 0.03) <= e.value < 1.0 and (e.exact or e.half_width < 0.06)


def test_the_package_ships_perudos_palifico_rounds_and_the_endgames_played_for_the_game():
    # A palifico round is opened by the player just down to one die, against 1-5.
    from analysis.bluff.sampled.plan import GAME_ROUNDS, PALIFICO_ROUNDS

    perudo = PRESETS[1]
    assert PALIFICO_ROUNDS == ((1, 1), (1, 2), (1, 3), (1, 4), (1, 5))
    for pair in PALIFICO_ROUNDS:
        solution = stored_plan(perudo, pair, palifico_round=True)
        assert solution is not None and solution.shipped and solution.game.palifico_round, pair
    # Played for the game up to three dice in play: read from the files' headers, since serving one first solves
    # the game values of the endgame (minutes on a fresh store); the current version, the plan's parameters.
    from analysis.bluff.sampled.plan import plans
    from analysis.store import _rules_key, read_header

    headers = [read_header(path) for path in (sampled_shipped.SHIPPED_ROOT / "bluff" / "sampled-shipped").iterdir()]
    shipped = {(json.dumps(h["rules"], sort_keys=True), tuple(h["params"]["dice"]), h["params"]["palifico_round"],
                h["params"]["iterations"]) for h in headers
               if h["params"]["payoff"] == "game" and h["version"] == SHIPPED.version}
    wanted = {(json.dumps(_rules_key(rules), sort_keys=True), dice, palifico, plans(dice)[0]["iterations"])
              for rules in PRESETS for dice in GAME_ROUNDS
              for palifico in ((False, True) if rules.palifico and dice in PALIFICO_ROUNDS else (False,))}
    assert wanted <= shipped and len(wanted) == 11
