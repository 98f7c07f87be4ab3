"""The multi-player round (analysis/bluff/multi): its payoffs and the layout of remembered states against a plain
enumeration of every bid history of tiny rounds, written here from the rules as docs/rules.md states them (not
from ``outcomes.dice_lost``); the graph's settings refused in one sentence."""

import itertools

import numpy as np
import pytest

from analysis.bluff.bids import is_raise
from analysis.bluff.multi.measure import seat_values
from analysis.bluff.multi.round import ANSWER, CALL, RAISE, table_round
from analysis.bluff.rules import preset
from analysis.errors import InvalidArgument


def rule_losses(rules, call, actual, count, held, caller, bidder, start):
    """Each player's dice lost, from the rules' words (a die regained is -1)."""
    n = len(held)
    loss = [0] * n
    if call == "challenge":
        if rules.name == "bluff":          # the loser loses the miss; an exact count costs all but the bidder one
            if actual > count:
                loss[caller] = min(actual - count, held[caller])
            elif actual < count:
                loss[bidder] = min(count - actual, held[bidder])
            else:
                loss = [0 if p == bidder else 1 for p in range(n)]
        elif actual >= count:
            loss[caller] = 1
        else:
            loss[bidder] = 1
    elif actual != count:
        loss[caller] = 1
    elif rules.exact_call == "calza":      # right: the bidder loses one, the caller gets one back below the start
        loss[bidder] = 1
        loss[caller] = -1 if held[caller] < start else 0
    else:                                  # a right spot on: everyone but the caller loses one
        loss = [0 if p == caller else 1 for p in range(n)]
    return loss


def enumerate_values(round_, policy, rng_policy=None):
    """Each seat's value by walking every bid history of every roll (ordered dice), reading the strategy at the
    state each history leaves a player remembering."""
    rules, dice, n = round_.rules, round_.dice, round_.players
    game = round_.game
    faces = round_.faces
    start = max(rules.starting_dice(n), *dice)
    bids = round_.bids
    totals = np.zeros(n)

    def chance_of(node, seat, hand, a):
        h = round_.hands[seat].index(tuple(sorted(hand)))
        k = int(game.n_actions[node])
        return policy[int(game.offset[node]) + h * k + a]

    def walk(history, rolls, weight):
        seat = len(history) % n
        if not history:
            node = 0
            options = [b for b in range(len(bids)) if is_raise(rules, None, bids[b])]
            children = {int(round_.node_bid[c]): c for c in range(game.child_start[0],
                                                                  game.child_start[0] + game.n_actions[0])}
            assert sorted(children) == options
            for b in options:
                p = chance_of(node, seat, rolls[seat], list(children).index(b))
                if p:
                    walk((b,), rolls, weight * p)
            return
        bidder = (len(history) - 1) % n
        node = round_.state(list(history), bidder)
        assert round_.node_kind[node] == ANSWER and round_.node_bid[node] == history[-1]
        assert game.actor[node] == seat
        last = bids[history[-1]]
        actual = sum(sum(1 for d in roll if d in rules.counts_for(last.face)) for roll in rolls)
        first = int(game.child_start[node])
        for c, call in enumerate(round_.calls):
            assert round_.node_kind[first + c] == CALL
            p = chance_of(node, seat, rolls[seat], c)
            loss = rule_losses(rules, call, actual, last.count, dice, seat, bidder, start)
            totals[:] += weight * p * -np.array(loss, float)
            t = round_.deal([round_.hands[s].index(tuple(sorted(rolls[s]))) for s in range(n)])
            assert np.array_equal(game.share[game.group[first + c], t], -np.array(loss, float))
        raises = [b for b in range(len(bids)) if is_raise(rules, last, bids[b])]
        if not raises:
            assert game.n_actions[node] == len(round_.calls)
            return
        r = first + len(round_.calls)
        assert round_.node_kind[r] == RAISE and game.actor[r] == seat
        p_raise = chance_of(node, seat, rolls[seat], len(round_.calls))
        children = [int(round_.node_bid[c]) for c in range(game.child_start[r], game.child_start[r] + game.n_actions[r])]
        assert children == raises
        for i, b in enumerate(raises):
            p = p_raise * chance_of(r, seat, rolls[seat], i)
            if p:
                walk(history + (b,), rolls, weight * p)

    for rolls in itertools.product(*(list(itertools.product(faces, repeat=d)) for d in dice)):
        walk((), rolls, 1.0 / len(faces) ** sum(dice))
    return totals


@pytest.mark.parametrize("name, dice, k, faces", [
    ("liars_dice", (1, 1, 1), 1, 3), ("liars_dice", (1, 1, 1), 2, 3), ("perudo", (1, 1, 1), 2, 3),
    ("bluff", (2, 1, 1), 2, 2), ("perudo", (1, 2, 1), 1, 2), ("bluff", (1, 1, 1), 1, 3), ("liars_dice", (1, 1, 1, 1), 3, 2),
])
def test_payoffs_and_states_match_an_enumeration_of_every_history(name, dice, k, faces):
    rules = preset(name) if name != "liars_dice" else preset("liars_dice")
    round_ = table_round(rules, dice, k, faces)
    rng = np.random.default_rng(3)
    game = round_.game
    policy = np.zeros(game.slots)
    for node in np.flatnonzero(game.actor >= 0):       # a random strategy, every action with some chance
        k_node = int(game.n_actions[node])
        rows = int(game.rows[game.actor[node], 0])
        block = rng.dirichlet(np.ones(k_node), size=rows)
        policy[game.offset[node]:game.offset[node] + rows * k_node] = block.ravel()
    expected = enumerate_values(round_, policy)
    assert np.allclose(seat_values(round_, policy), expected, atol=1e-12)


def test_liars_dice_with_ones_wild_counts_the_ones():
    round_ = table_round(preset("liars_dice", wild=1), (1, 1, 1), 1, 3)
    rng = np.random.default_rng(5)
    policy = rng.random(round_.game.slots)
    expected = enumerate_values(round_, policy)
    assert np.allclose(seat_values(round_, policy), expected, atol=1e-12)


def test_settings_beyond_the_room_are_one_sentence():
    with pytest.raises(InvalidArgument, match="3-6 players"):
        table_round(preset("perudo"), (1, 1), 1)
    with pytest.raises(InvalidArgument, match="remember 1-3 bids"):
        table_round(preset("perudo"), (1, 1, 1), 4)
    with pytest.raises(InvalidArgument, match="deals"):
        table_round(preset("perudo"), (5, 5, 5), 1)


def test_the_core_measures_a_graph_only_with_the_games_measure():
    from analysis.cfr.multi_player import evaluate, solve

    game = table_round(preset("perudo"), (1, 1, 1), 1, 3).game
    with pytest.raises(InvalidArgument, match="graph of remembered states"):
        evaluate(game, np.full(game.slots, 0.5))
    with pytest.raises(InvalidArgument, match="give the solve its measure"):
        solve(game, iterations=10, progress=False)
