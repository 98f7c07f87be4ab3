"""The heads-up betting tree against hand-written sequences, and the joint deal against brute force."""

from collections import Counter
from itertools import combinations

import numpy as np
import pytest

from analysis.brag.headsup.betting import CARRY, FOLD, SHOWDOWN, betting_tree
from analysis.brag.rules import preset
from analysis.brag.headsup.solve import deck_cards, showdowns, strength_pairs
from analysis.brag.showdown.tables import hand_table
from analysis.errors import InvalidArgument, InvalidRules
from tests.brag import reference


def structure_of(rules):
    return {"ante": rules.ante, "stakes": rules.stakes, "raises": rules.raises, "bets": rules.bets,
            "see_cost": rules.see_cost, "open_sees_blind": rules.open_sees_blind,
            "blind_alone": rules.blind_alone}


def terminal_payoffs(tree, node):
    return tuple(tree.payoff[node])   # (player 0 better, worse, equal), chips per ante


@pytest.mark.parametrize("rules", [preset("brag3"), preset("teen_patti", stakes=(1, 2, 4), raises=3),
                                   preset("brag3", stakes=(1, 3), raises=2, bets=3, open_sees_blind=True)])
def test_tree_holds_every_history_of_the_reference_rules(rules):
    tree = betting_tree(rules)
    structure = structure_of(rules)
    histories = reference.all_histories(structure)
    assert len(histories) == tree.nodes
    for history in histories:
        node = tree.node_of(list(history))
        reference_node = reference.betting_actions(structure, history)
        if reference_node is None:
            assert tree.kind[node] in (FOLD, SHOWDOWN, CARRY)
            expected = tuple(reference.end_payoff(structure, history, c) / rules.ante for c in (1, -1, 0))
            assert terminal_payoffs(tree, node) == pytest.approx(expected)
        else:
            actor, blind, actions = reference_node
            assert (tree.actor[node], bool(tree.blind[node]), tree.actions(node)) == (actor, blind, actions)


def test_who_may_see_and_what_it_costs():
    tree = betting_tree("brag3")
    # Nobody has bet yet: no see. A blind player never folds (looking is free).
    assert tree.actions(0) == ["look", "blind", "blind raise 2"]
    # Both blind: the second may see for twice the blind stake (half of 1, doubled).
    assert tree.cost_of_see(tree.node_of(["blind"])) == 1.0
    # An open player may not see a blind one ...
    assert "see" not in tree.actions(tree.node_of(["blind", "look"]))
    # ... but a blind player may see an open one, for twice the blind stake.
    assert tree.cost_of_see(tree.node_of(["look", "bet"])) == 1.0
    # Two open players: twice the stake, at the current rung.
    assert tree.cost_of_see(tree.node_of(["look", "bet", "look"])) == 2.0
    assert tree.cost_of_see(tree.node_of(["look", "raise 2", "look"])) == 4.0
    # Teen Patti's show costs one stake.
    assert betting_tree("teen_patti").cost_of_see(betting_tree("teen_patti").node_of(["look", "bet", "look"])) == 1.0


def test_the_seer_loses_a_tie_and_a_blind_player_left_alone_carries_the_pot():
    tree = betting_tree("brag3")
    # Player 0 opens for 1, player 1 looks and sees for 2: pots 2 + 1 (p0) and 1 + 2 (p1).
    see = tree.node_of(["look", "bet", "look", "see"])
    assert terminal_payoffs(tree, see) == (3.0, -2.0, 3.0)     # player 1 saw, so loses the tie
    see_by_first = tree.node_of(["look", "bet", "look", "bet", "see"])
    assert terminal_payoffs(tree, see_by_first)[2] == -4.0     # player 0 saw and tied: loses 1 + 1 + 2
    # Player 0 bets blind (0.5), player 1 looks and folds: the pot of 2.5 carries over.
    carry = tree.node_of(["blind", "look", "fold"])
    assert tree.kind[carry] == CARRY and terminal_payoffs(tree, carry) == (-0.25,) * 3
    # In Teen Patti the blind player takes it.
    teen = betting_tree("teen_patti")
    assert terminal_payoffs(teen, teen.node_of(["blind", "look", "fold"])) == (1.0,) * 3


def test_the_bet_cap_ends_the_hand():
    tree = betting_tree(preset("brag3", bets=2))
    node = tree.node_of(["look", "bet", "look", "bet"])          # two bets made, both open
    assert tree.actions(node) == ["fold", "see"]
    node = tree.node_of(["blind", "look", "bet"])                # open may not see the blind: may still bet
    assert tree.actions(node) == ["look", "see"]                 # (it is player 0's turn, blind)
    node = tree.node_of(["blind", "blind", "look"])              # player 0 looked, player 1 blind
    assert tree.actions(node) == ["fold", "bet"]


def test_bad_histories_and_structures_are_refused():
    tree = betting_tree("brag3")
    with pytest.raises(InvalidArgument, match="'fold' is not allowed"):
        tree.node_of(["fold"])
    with pytest.raises(InvalidArgument, match="hand is over"):
        tree.node_of(["look", "fold", "bet"])
    with pytest.raises(InvalidRules, match="raise cap of -1"):
        preset("brag3", raises=-1)
    with pytest.raises(InvalidRules, match="half the open stake"):
        preset("brag3", blind_stake=0.4)
    with pytest.raises(InvalidRules, match="higher than the one before"):
        preset("brag3", stakes=(2, 1))


def brute_force_pairs(rules, deck):
    table = hand_table(rules)
    strength = {tuple(h): int(s) for h, s in zip(table.hands.tolist(), table.strengths)}
    hands = [(set(h), strength[h]) for h in combinations(deck, rules.hand_size)]
    return Counter((s0, s1) for h0, s0 in hands for h1, s1 in hands if not h0 & h1)


@pytest.mark.parametrize("deck", ["QKA", "9TJQ", [0, 4, 5, 8, 12, 13, 16, 17, 20]])
def test_strength_pairs_count_every_deal(deck):
    rules = preset("brag3")
    pairs = strength_pairs(rules, deck, store=False)
    expected = brute_force_pairs(rules, deck_cards(deck))
    counted = {(int(pairs.strengths[i]), int(pairs.strengths[j])): int(pairs.counts[i, j])
               for i, j in zip(*np.nonzero(pairs.counts))}
    assert counted == dict(expected)


def test_full_deck_pairs_give_every_hand_its_disjoint_hands():
    pairs = strength_pairs("brag3")
    # Every hand leaves C(49, 3) = 18,424 hands for the opponent.
    assert pairs.deals == 22100 * 18424
    assert (pairs.counts.sum(axis=1) == pairs.hands * 18424).all()
    assert (pairs.counts == pairs.counts.T).all()
    assert pairs.hands.sum() == 22100 and pairs.strengths.size == 741


def pair_matrix(rules, deck):
    """The brute-force deal count as a dense matrix over the deck's strengths, ascending."""
    counted = brute_force_pairs(rules, deck_cards(deck))
    strengths = sorted({s for pair in counted for s in pair})
    index = {s: i for i, s in enumerate(strengths)}
    matrix = np.zeros((len(strengths), len(strengths)))
    for (s0, s1), deals in counted.items():
        matrix[index[s0], index[s1]] = deals
    return np.array(strengths), matrix


@pytest.mark.parametrize("name,deck", [("brag3", "9TJQ"), ("brag3", [0, 4, 5, 8, 12, 13, 16, 17, 20]),
                                       ("brag4", "JQK"), ("brag4", [0, 1, 4, 8, 9, 12, 16, 20, 21, 24, 48, 49])])
def test_showdown_sums_equal_brute_force_deal_counts(name, deck):
    rules = preset(name)
    strengths, matrix = pair_matrix(rules, deck)
    layout = showdowns(rules, deck)
    assert layout.strengths.tolist() == strengths.tolist()
    assert layout.deals == matrix.sum()
    reach = np.random.default_rng(7).random((3, strengths.size))
    every, weaker = np.split(layout.sums(reach) * layout.deals, 2, axis=1)
    np.testing.assert_allclose(every, reach @ matrix.T, rtol=1e-12, atol=1e-9)
    np.testing.assert_allclose(weaker, reach @ np.tril(matrix, -1).T, rtol=1e-12, atol=1e-9)
    below_or_equal = np.split(layout.sums(reach, inclusive=True) * layout.deals, 2, axis=1)[1]
    np.testing.assert_allclose(below_or_equal, reach @ np.tril(matrix).T, rtol=1e-12, atol=1e-9)


def test_four_card_showdown_sums_give_every_hand_its_disjoint_hands():
    layout = showdowns("brag4")
    assert layout.classes == 5222 and layout.hands.sum() == 270725
    every = np.split(layout.sums(np.ones((1, layout.classes)))[0] * layout.deals, 2)[0]
    # Every four-card hand leaves C(48, 4) = 194,580 hands for the opponent.
    np.testing.assert_allclose(every, layout.hands * 194580, rtol=1e-12)
