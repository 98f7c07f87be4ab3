"""Best responses to habitual players: exact on the whole tree, checked against the exhaustive walk."""

import dataclasses

import pytest

from analysis.brag.headsup.habits import HABITS, habit_costs, habit_policy
from analysis.brag.headsup.solve import betting_game, run_solver
from analysis.errors import InvalidArgument
from tests.brag import reference
from tests.brag.test_betting import structure_of
from tests.brag.test_solve import DECK_PRIALS as DECK, SMALL, reference_strategy


@pytest.fixture(scope="module")
def small_solution():
    game = betting_game(SMALL, DECK)
    return game, run_solver(game, target=1e-4, progress=False)


def test_habits_change_only_their_decisions(small_solution):
    game, solution = small_solution
    tree = game.tree
    policy = habit_policy(solution, game, "always_blind", 1)
    node = tree.node_of(["blind"])                       # player 1, blind, may bet blind
    names = tree.actions(node)
    assert policy[game.offset[node] + names.index("blind")] == 1.0
    root = slice(game.offset[0], game.offset[0] + tree.n_actions[0])
    assert (policy[root] == solution.policy[root]).all()   # player 0's choices untouched
    policy = habit_policy(solution, game, "never_folds", 0)
    node = tree.node_of(["look"])
    block = policy[game.offset[node]:game.offset[node] + game.classes * tree.n_actions[node]]
    assert (block.reshape(game.classes, -1)[:, tree.actions(node).index("fold")] == 0).all()
    with pytest.raises(InvalidArgument, match="not a habit"):
        habit_policy(solution, game, "tilts", 0)


def test_best_response_to_each_habit_matches_the_exhaustive_walk(small_solution):
    game, solution = small_solution
    table = habit_costs(solution)
    text_deck = [reference.to_text(c) for c in DECK]
    for row in table.itertuples():
        seat = 0 if row.habitual_player == "first" else 1
        leaky = dataclasses.replace(solution, policy=habit_policy(solution, game, row.habit, seat))
        strategy = reference_strategy(leaky, game, DECK)
        expected = reference.best_response_value(structure_of(SMALL), text_deck, strategy, 1 - seat)
        assert row.best_response_value == pytest.approx(expected, abs=1e-12)
    # A best response never does worse than the equilibrium play against the same habit,
    # nor (up to the solve's accuracy) worse than the game's value.
    assert (table.best_response_value >= table.equilibrium_against_habit - 1e-12).all()
    assert (table.leak_cost >= -2 * solution.exploitability).all()
    assert set(table.habit) == set(HABITS)
