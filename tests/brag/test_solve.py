"""The betting solver against an exhaustive best response and a sequence-form LP on reduced decks."""

from functools import lru_cache
from itertools import combinations

import numpy as np
import pytest

from analysis.brag.rules import preset
from analysis.brag.headsup.solve import betting_game, run_solver, solve, strength_pairs
from analysis.brag.showdown.tables import hand_table
from analysis.errors import InvalidArgument
from tests.brag import reference
from tests.brag.test_betting import structure_of

SMALL = preset("brag3", stakes=(1.0, 2.0), raises=1, bets=2)
DECK = [32, 33, 36, 37, 40, 41, 44, 45]          # J, Q, K, A in two suits: 8 cards, 560 deals
DECK_PRIALS = [40, 41, 42, 44, 45, 48, 49]   # three queens, two kings, two aces: 140 deals, a prial


def reference_strategy(solution, game, deck):
    """The solver's average strategy as the reference's ``strategy(history, key)``."""
    table = hand_table(solution.rules)
    class_of_key = {}
    for hand in combinations(deck, 3):
        strength = table.strengths[table.row_of(hand)]
        class_of_key[reference.key3([reference.to_text(c) for c in hand])] = \
            int(np.searchsorted(game.strengths, strength))
    tree = game.tree

    @lru_cache(maxsize=None)
    def strategy(history, key):
        node = tree.node_of(list(history))
        size = tree.n_actions[node]
        row = 0 if key is None else class_of_key[key]
        base = game.offset[node] + row * size
        return dict(zip(tree.actions(node), solution.policy[base:base + size]))
    return strategy


@pytest.mark.parametrize("rules,deck", [(SMALL, DECK), (preset("teen_patti", bets=2, raises=1), DECK_PRIALS)])
def test_best_response_matches_an_exhaustive_walk_of_every_deal(rules, deck):
    game = betting_game(rules, deck)
    solution = run_solver(game, iterations=30, check_every=30, progress=False, stop_at_target=False)
    strategy = reference_strategy(solution, game, deck)
    text_deck = [reference.to_text(c) for c in deck]
    structure = structure_of(rules)
    for seat in (0, 1):
        expected = reference.best_response_value(structure, text_deck, strategy, seat)
        assert solution.best_response[seat] == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize("variant,target", [("dcfr", 1e-5), ("cfr+", 1e-4), ("lcfr", 1e-4), ("cfr", 1e-3)])
def test_solver_value_matches_the_sequence_form_lp(variant, target):
    text_deck = [reference.to_text(c) for c in DECK]
    lp_value = reference.sequence_form_value(structure_of(SMALL), text_deck)
    solution = solve(SMALL, deck=DECK, variant=variant, target=target, iterations=20_000, progress=False)
    assert solution.exploitability <= target
    # The game's value lies between the two best responses (2e apart), and so does the pair's value.
    assert abs(solution.value - lp_value) <= 2 * solution.exploitability + 1e-9
    assert solution.best_response[0] >= lp_value - 1e-9 and -solution.best_response[1] <= lp_value + 1e-9


def test_exploitability_falls_as_iterations_grow():
    game = betting_game(preset("brag3"), "JQKA")
    solution = run_solver(game, iterations=400, check_every=25, progress=False, stop_at_target=False)
    figures = dict(solution.history)
    assert figures[25] > figures[100] > figures[400]
    assert figures[400] < figures[25] / 10


def test_bad_solver_settings_are_refused():
    with pytest.raises(InvalidArgument, match="Solver 'fast'"):
        solve(SMALL, deck=DECK, variant="fast")
    with pytest.raises(InvalidArgument, match="iterations"):
        solve(SMALL, deck=DECK, iterations=0)
    # Four Card Brag is solved through the card-subset sums; only the dense matrix is refused.
    with pytest.raises(InvalidArgument, match="5,222 distinct hand strengths"):
        strength_pairs("brag4")


def test_strategy_tables_read_the_same_from_the_card_subset_sums(monkeypatch):
    # Four Card Brag's tables are read through the card-subset sums (its pair matrix is not
    # built); forcing that path on a three-card game must give the dense matrix's numbers.
    from importlib import import_module

    from analysis.brag.headsup.strategy import bluff_table, blind_play, decision_table, strategy

    solution = solve(SMALL, deck=DECK, iterations=200, progress=False)
    dense = (decision_table(solution, ["look"]), bluff_table(solution), blind_play(solution),
             strategy(solution, [40, 44, 45], ["blind", "look"]))
    # the solver's limit, and the reader's copy
    for module in ("analysis.brag.headsup.solve", "analysis.brag.headsup.strategy"):
        monkeypatch.setattr(import_module(module), "MAX_CLASSES", 0)
    subsets = (decision_table(solution, ["look"]), bluff_table(solution), blind_play(solution),
               strategy(solution, [40, 44, 45], ["blind", "look"]))
    for before, after in zip(dense[:2], subsets[:2]):
        np.testing.assert_allclose(after.select_dtypes("number"), before.select_dtypes("number"), rtol=1e-12,
                                   atol=1e-15)
    assert subsets[2]["first_player_values"] == pytest.approx(dense[2]["first_player_values"], rel=1e-12)
    assert subsets[3].values == pytest.approx(dense[3].values, rel=1e-12)


def test_action_shares_carry_every_deal_down_the_tree():
    # Every deal reaches the first decision, so its actions' shares sum to 1; a decision the other player
    # reaches by one action carries exactly that action's share onwards.
    from analysis.brag import action_share

    solution = solve(SMALL, deck=DECK, iterations=200, progress=False)
    tree = solution.tree
    assert sum(action_share(solution, [], a) for a in tree.actions(0)) == pytest.approx(1.0, rel=1e-12)
    checked = 0
    for node in range(tree.nodes):
        if tree.kind[node] != 0:
            continue
        history = list(tree.history(node))
        for k, action in enumerate(tree.actions(node)):
            child = tree.child_start[node] + k
            if tree.kind[child] == 0:
                onwards = sum(action_share(solution, history + [action], a) for a in tree.actions(child))
                assert onwards == pytest.approx(action_share(solution, history, action), rel=1e-9, abs=1e-15)
                checked += 1
        if checked > 12:
            break
    assert checked > 12
    with pytest.raises(InvalidArgument):
        action_share(solution, [], "fly")
