"""The round solver against an exhaustive plain-Python game tree and against published game values."""

from __future__ import annotations

import numpy as np
import pytest

from analysis.bluff.bids import Bid, format_bid
from analysis.bluff.rules import preset
from analysis.bluff.exact.solve import round_game, solve_round
from analysis.errors import InvalidArgument
from tests.bluff_strategy.reference import TinyRound

LIARS = preset("liars_dice").with_fields(exact_call=None)
JOKER_LOW = preset("liars_dice", wild=1).with_fields(exact_call=None)

# name -> (rules, dice, faces, the same game written independently)
TINY = {
    "liars_dice 1v1 3 faces": (LIARS, (1, 1), 3, TinyRound((1, 2, 3), (1, 1))),
    "liars_dice spot on 1v2 3 faces": (preset("liars_dice"), (1, 2), 3,
                                       TinyRound((1, 2, 3), (1, 2), exact="spot_on")),
    "bluff 2v1 3 faces": (preset("bluff"), (2, 1), 3,
                          TinyRound((1, 2, 6), (2, 1), joker=6, joker_track="odd", loss="difference")),
    "perudo calza 1v1 3 faces": (preset("perudo"), (1, 1), 3,
                                 TinyRound((1, 2, 3), (1, 1), joker=1, joker_track="even", exact="calza",
                                           opening_on_joker=False)),
    "liars_dice sixes wild 1v1 4 faces": (preset("liars_dice", wild=6).with_fields(exact_call=None), (1, 1), 4,
                                          TinyRound((1, 2, 3, 6), (1, 1), joker=6)),
}



@pytest.mark.parametrize("label", TINY)
def test_actions_follow_the_track(label):
    rules, dice, faces, reference = TINY[label]
    game = round_game(rules, dice, faces)

    def walk(history):
        node = game.node_of([Bid(*b) for b in history])
        expected = [format_bid(rules, Bid(*b)) for b in reference.raises(history)] + reference.calls(history)
        assert game.actions_at(node) == expected, history
        for bid in reference.raises(history):
            walk(history + (bid,))

    walk(())


@pytest.mark.parametrize("label", TINY)
def test_exploitability_equals_exhaustive_best_response(label):
    rules, dice, faces, reference = TINY[label]
    # A short solve leaves a strategy well away from equilibrium: a real test of the best response.
    solution = solve_round(rules, dice, faces=faces, iterations=40, check_every=40, target=0.0, store=False)

    def strategy(player, hand, history):
        table = solution.strategy([Bid(*b) for b in history], hand, player)
        return {a: table[a if isinstance(a, str) else format_bid(rules, Bid(*a))]
                for a in reference.raises(history) + reference.calls(history)}

    best0 = reference.best_response(strategy, 0)
    best1 = reference.best_response(strategy, 1)
    assert solution.value == pytest.approx(reference.expected_value(strategy), abs=1e-10)
    assert solution.exploitability == pytest.approx((best0 + best1) / 2, abs=1e-10)
    assert solution.exploitability > 1e-4  # not yet converged, so the comparison means something


def test_best_response_to_a_converged_solve_gains_nothing():
    rules, dice, faces, reference = TINY["bluff 2v1 3 faces"]
    solution = solve_round(rules, dice, faces=faces, target=1e-6, store=False)

    def strategy(player, hand, history):
        table = solution.strategy([Bid(*b) for b in history], hand, player)
        return {a: table[a if isinstance(a, str) else format_bid(rules, Bid(*a))]
                for a in reference.raises(history) + reference.calls(history)}

    value = reference.expected_value(strategy)
    assert reference.best_response(strategy, 0) - value < 1e-5
    assert reference.best_response(strategy, 1) + value < 1e-5


# Published exact values of one round, scored +1 / -1, first bidder's view: the README of
# github.com/thomasahle/snyd ("Normal" and "Joker" tables, dice with 2-6 sides; Joker: the
# one is wild and is the lowest face).
PUBLISHED = [
    (LIARS, (1, 1), 3, -1 / 9), (LIARS, (1, 1), 4, -1 / 8), (LIARS, (1, 1), 5, -3 / 25),
    (LIARS, (2, 1), 2, 1 / 4), (LIARS, (2, 1), 3, 1 / 9),
    (JOKER_LOW, (1, 1), 2, 1.0), (JOKER_LOW, (1, 1), 3, 1 / 3), (JOKER_LOW, (1, 1), 4, 0.0),
    (JOKER_LOW, (2, 1), 3, 1 / 3),
]


@pytest.mark.parametrize("rules, dice, faces, published", PUBLISHED)
def test_published_round_values(rules, dice, faces, published):
    solution = solve_round(rules, dice, faces=faces, target=1e-6, store=False)
    assert solution.exploitability <= 1e-5
    assert solution.value == pytest.approx(published, abs=2e-5)


def test_exploitability_falls_as_iterations_grow():
    for variant in ("cfr", "cfr+", "dcfr", "lcfr"):
        solution = solve_round(LIARS, (1, 1), faces=4, variant=variant, iterations=1500, target=0.0,
                               store=False)
        curve = solution.trajectory[:, 1]
        assert curve[-1] < curve[0] / 10, variant
        # Each doubling of the iterations lowers the exploitability (checked between every other point).
        assert np.all(np.diff(curve[::2]) < 0), (variant, curve)


@pytest.mark.slow
def test_first_bidder_value_of_the_benchmark_game():
    # OpenSpiel's liars_dice with one die each and sixes wild: the first player's value is
    # -0.027131782945736 = -7/258, asserted by OpenSpiel's sequence-form LP test
    # (open_spiel/python/algorithms/sequence_form_lp_test.py, test_liars_dice; Neller and Lanctot 2013).
    solution = solve_round(preset("liars_dice", wild=6).with_fields(exact_call=None), (1, 1), target=2e-6,
                           store=False)
    assert solution.value == pytest.approx(-7 / 258, abs=1e-5)


def test_too_large_a_round_is_refused_in_one_sentence():
    with pytest.raises(InvalidArgument, match="bid histories"):
        round_game(preset("bluff"), (2, 2))


@pytest.mark.slow
def test_the_bid_tree_against_a_walk_of_every_history():
    """The tree as plain Python (small rounds) and compiled (large ones) against a walk of every bid
    history: a node per history, breadth first, each node's children the raises of its last bid in
    track order, players alternating."""
    from analysis.bluff.exact import _kernels as _solve_kernels
    from analysis.bluff.exact import bid_tree_rules

    for rules, dice in ((preset("bluff"), (1, 1)), (preset("perudo"), (2, 1)), (LIARS, (1, 2))):
        game = round_game(rules, dice, faces=4)
        plain = bid_tree_rules.build_tree(game.legal)
        for a, b in zip(_solve_kernels.build_tree(game.legal), plain):
            assert a.dtype == b.dtype and np.array_equal(a, b)
        opening = game.legal.shape[0] - 1
        histories, level = [], [()]
        while level:        # breadth first: every history of one length, then the next
            histories += level
            level = [h + (k,) for h in level for k in np.flatnonzero(game.legal[h[-1] if h else opening])]
        last, actor, child_start, n_raises = plain
        assert len(last) == len(histories)
        for n, history in enumerate(histories):
            assert last[n] == (history[-1] if history else -1) and actor[n] == len(history) % 2
            children = histories[child_start[n]:child_start[n] + n_raises[n]]
            assert children == [h for h in histories if h[:-1] == history and len(h) == len(history) + 1]


def test_a_solve_read_from_the_store_says_so_and_keeps_the_original_time():
    rules = preset("liars_dice")
    fresh = solve_round(rules, (1, 1), faces=3, iterations=64, target=0.0)
    stored = solve_round(rules, (1, 1), faces=3, iterations=64, target=0.0)
    assert not fresh.from_store and stored.from_store
    assert stored.seconds == fresh.seconds and stored.value == fresh.value
    assert fresh.timing_text == f"solved in {fresh.seconds:.2f} s"
    assert stored.timing_text == f"read from the store (solved in {fresh.seconds:.2f} s when first computed)"
    assert str(stored) == str(fresh)  # an article prints the same text from a warm store as from a fresh solve
    assert stored.to_dict()["from_store"] is True
