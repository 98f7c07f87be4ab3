"""Three-player betting: the tree from the deal's rules, the chance layer, exact CFR+ and sampled CFR
on a reduced deck (the twelve queens, kings and aces), and the game played out with real cards; the CFR
core's solve of the table against the numbers the Brag loop gave before the solve moved onto the core."""

import hashlib

import numpy as np
import pytest

from analysis.brag.multi import _kernels as M
from analysis.brag.showdown.cards import parse_cards
from analysis.brag.multi.solve import DECISION, SEEN, _arrays, chance_layer, multi_tree, solve_multi
from analysis.brag.rules import preset
from analysis.errors import InvalidArgument

SMALL = preset("brag3", stakes=(1.0, 2.0), raises=1, bets=3)
DECK = parse_cards("QS QH QD QC KS KH KD KC AS AH AD AC")


@pytest.fixture(scope="module")
def exact():
    return solve_multi(SMALL, 3, iterations=1500, buckets=3, deck=DECK, exact=True, check_every=300, target=0.0,
                       progress=False)


@pytest.fixture(scope="module")
def sampled():
    return solve_multi(SMALL, 3, iterations=120_000, buckets=3, deck=DECK, check_every=20_000, target=0.0,
                       progress=False)


def test_tree_follows_the_deal_rules():
    tree = multi_tree(SMALL, 3)
    assert tree.actions(0) == ["look", "fold", "bet", "raise 2"]
    # With three still in, nobody may see; with two left (one folded), a blind player may see.
    assert "see" not in tree.actions(tree.node_of("bet,bet"))
    assert "see" in tree.actions(tree.node_of("bet,look,fold"))
    # An open player facing a blind one may not see.
    assert "see" not in tree.actions(tree.node_of("bet,fold,look"))
    seen = np.flatnonzero(tree.kind == SEEN)
    # Each see costs the seer twice its stake: blind seers at the half stake.
    node = tree.node_of("bet,look,fold,see")
    assert tree.kind[node] == SEEN and tree.paid[node].tolist() == [1 + 0.5, 1, 1 + 2 * 0.5]
    assert seen.size > 0 and (tree.kind == DECISION).sum() > 100


def test_a_history_that_breaks_a_rule_is_one_sentence():
    tree = multi_tree(SMALL, 3)
    with pytest.raises(InvalidArgument, match="the moves there are"):
        tree.node_of("bet,see")
    with pytest.raises(InvalidArgument, match="3 to 8 players"):
        multi_tree(SMALL, 9)


def test_exact_chance_layer_counts_every_deal():
    layer = chance_layer(SMALL, 3, 3, DECK)
    assert layer.deals == 220 * 84 * 20 and np.isclose(layer.chance.sum(), 1)
    # Seat i beats seat j, j beats i, or they tie: the two chances never add to more than 1.
    both = layer.beats + layer.beats.transpose(0, 2, 1)
    assert np.all(both <= 1 + 1e-12) and np.all(layer.beats >= 0)


@pytest.mark.slow
def test_exact_cfr_gains_fall_to_near_zero(exact):
    first, last = exact.history[0][1], exact.history[-1][1]
    assert max(last) < 1e-3 < max(first) and max(last) < max(first) / 5
    assert abs(sum(exact.values)) < 1e-9          # chips only change hands (the carried pot is shared)


@pytest.mark.slow
def test_sampled_cfr_approaches_the_exact_solve(exact, sampled):
    gains = [max(g) for _, g in sampled.history]
    assert gains[-1] < gains[0] / 2 and gains[-1] < 0.06
    # Values within the distance from equilibrium of the two solves.
    tolerance = 3 * max(sampled.gains) + 3 * max(exact.gains)
    assert np.all(np.abs(np.array(sampled.values) - exact.values) < tolerance)


@pytest.mark.slow
def test_the_chance_layer_is_the_game_with_real_cards(sampled):
    tree, layer = sampled.tree, sampled.layer
    means, errors = M.playout(np.array(DECK, np.int64), 3, layer.edges, True, 0, _arrays(tree, layer), sampled.policy,
                              400_000, 9)
    assert np.all(np.abs(means - sampled.values) < 4 * errors + 1e-9)


# The Brag loop's own numbers for these two solves, recorded from it before the solve moved onto the CFR core.
_LOOP_GAINS = {3: [0.1516593859880016, 0.12606361559691143, 0.19659820397277494],
               4: [0.07360172560682221, 0.45838425568360164, 0.3015185073445207, 0.30756149280457945]}
_LOOP_VALUES = {3: [-0.14923723120521684, -0.3108240020821386, 0.4600612332873535],
                4: [-0.6758340872851744, -0.14980873971754669, 0.09866595517084749, 0.726976871831866]}
_LOOP_POLICY_SHA = {3: "d6ac26764631f075", 4: "887dd766fd311987"}


@pytest.mark.parametrize("players, buckets, iterations", [(3, 3, 4000), (4, 2, 2000)])
def test_the_core_solve_repeats_the_brag_loop(players, buckets, iterations):
    solved = solve_multi(SMALL, players, iterations=iterations, buckets=buckets, deck=DECK,
                         check_every=iterations // 2, target=0.0, seed=5, progress=False)
    assert solved.gains == _LOOP_GAINS[players] and solved.values == _LOOP_VALUES[players]
    assert hashlib.sha256(np.ascontiguousarray(solved.policy).tobytes()).hexdigest()[:16] == _LOOP_POLICY_SHA[players]
    assert [i for i, _ in solved.history] == [iterations // 2, iterations]


def test_a_stopped_solve_resumes_from_its_checkpoint(tmp_path):
    whole = solve_multi(SMALL, 3, iterations=2000, buckets=3, deck=DECK, check_every=1000, target=0.0, seed=2,
                        progress=False)
    path = str(tmp_path / "brag.npz")
    solve_multi(SMALL, 3, iterations=1000, buckets=3, deck=DECK, check_every=1000, target=0.0, seed=2,
                progress=False, checkpoint=path)
    resumed = solve_multi(SMALL, 3, iterations=2000, buckets=3, deck=DECK, check_every=1000, target=0.0, seed=2,
                          progress=False, checkpoint=path)
    assert np.array_equal(resumed.policy, whole.policy) and resumed.gains == whole.gains
    assert resumed.history == whole.history


def test_the_stored_build_keeps_its_checkpoint_only_while_it_runs(tmp_path, monkeypatch):
    from analysis.brag.multi.solve import _checkpoint_path, multi_table
    from tests.golden.builds import _small_multi

    monkeypatch.setenv("ODDS_CACHE_DIR", str(tmp_path))
    with _small_multi():
        path = _checkpoint_path(preset("brag3"), 3)
        assert path.parent == tmp_path / "checkpoints" and path != _checkpoint_path(preset("brag3"), 4)
        table = multi_table("brag3", 3, progress=False)
    assert not path.exists() and int(table["summary"][0]) == 3000 and table["history"].shape == (2, 4)


def test_the_stored_layout_and_the_cores_hold_the_same_strategy():
    from analysis.brag.multi.game import flat_policy, padded_policy, table_game

    tree = multi_tree(SMALL, 3)
    game = table_game(tree, chance_layer(SMALL, 3, 3, DECK))
    flat = np.random.default_rng(1).random(game.slots)
    padded = padded_policy(game, flat, 3)
    assert np.array_equal(flat_policy(game, padded), flat)
    blind = np.flatnonzero((tree.kind == DECISION) & tree.blind)
    # A blind seat's one row is row 0; its other rows are never read, and uniform as an unreached row is.
    assert np.allclose(padded[blind, 1:, :].sum(axis=2), 1.0)
    assert game.information_sets == sum(1 if tree.blind[n] else 3 for n in np.flatnonzero(tree.kind == DECISION))
