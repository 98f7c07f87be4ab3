"""Round values against an independent sequence-form LP, and game values chained the same way."""

from __future__ import annotations

import pytest

from analysis.bluff.game_value import game_value
from analysis.bluff.rules import preset
from analysis.bluff.solve import solve_round
from tests.bluff_strategy.reference import TinyRound, sequence_form_value
from tests.bluff_strategy.test_solve import TINY


@pytest.mark.parametrize("label", TINY)
def test_round_value_equals_the_sequence_form_lp(label):
    rules, dice, faces, reference = TINY[label]
    solution = solve_round(rules, dice, faces=faces, target=1e-6, use_store=False)
    assert solution.value == pytest.approx(sequence_form_value(reference), abs=1e-5)


def _reference_game_values(make_round, opener_rule, totals, sweeps=1):
    """P(opener wins) for every (opener, other) state, each round solved by the LP, fewest dice first
    (states of one total swept ``sweeps`` times: Perudo's calza can lead back to them)."""
    values = {(a, t - a): 0.5 for t in totals for a in range(1, t)}
    for total in totals:
        for first in [f for _ in range(sweeps) for f in range(1, total)]:
            state = (first, total - first)
            game = make_round(state)

            def win_value(call, bid, rolls, caller, state=state, game=game):
                lost = game.losses(call, bid, rolls, caller)
                left = (state[0] - lost[0], state[1] - lost[1])
                if left[0] <= 0:
                    return 0.0
                if left[1] <= 0:
                    return 1.0
                opens = opener_rule(lost, caller)
                return values[left] if opens == 0 else 1.0 - values[(left[1], left[0])]

            values[state] = sequence_form_value(game, win_value)
    return values


def test_bluff_game_value_chains_rounds_like_the_lp():
    # Bluff with dice of three faces (1, 2, star): losing several dice at once matters from (2, 1).
    reference = _reference_game_values(
        lambda s: TinyRound((1, 2, 6), s, joker=6, joker_track="odd", loss="difference"),
        lambda lost, caller: caller, totals=(2, 3))
    value = game_value(preset("bluff"), (2, 1), target=1e-6, faces=3, use_store=False)
    assert value.p_win_opening == pytest.approx(reference[(2, 1)], abs=2e-4)
    assert value.p_win_responding == pytest.approx(1 - reference[(1, 2)], abs=2e-4)


def test_liars_dice_game_value_with_spot_on():
    # The loser opens the next round; spot on makes the bidder lose.
    reference = _reference_game_values(
        lambda s: TinyRound((1, 2, 3), s, exact="spot_on"),
        lambda lost, caller: 0 if lost[0] > 0 else 1, totals=(2, 3))
    value = game_value(preset("liars_dice"), (1, 2), target=1e-6, faces=3, use_store=False)
    assert value.p_win_opening == pytest.approx(reference[(1, 2)], abs=2e-4)
    assert value.p_win_responding == pytest.approx(1 - reference[(2, 1)], abs=2e-4)


def test_one_die_each_bluff_is_decided_by_one_round():
    # With one die each the first lost die ends the game, so P(win) = (1 + round value in dice) / 2.
    value = game_value(preset("bluff"), (1, 1), target=1e-5, use_store=False)
    assert value.p_win_opening == pytest.approx((1 - 7 / 258) / 2, abs=2e-5)
    assert value.p_win_opening + value.p_win_responding == pytest.approx(1.0, abs=1e-12)


def test_perudo_game_value_with_calza_cycles():
    # Calza moves a die from the bidder to the caller: (2, 1) and (1, 2) lead to each other.
    reference = _reference_game_values(
        lambda s: TinyRound((1, 2, 3), s, joker=1, joker_track="even", exact="calza", opening_on_joker=False),
        lambda lost, caller: 0 if lost[0] > 0 else 1, totals=(2, 3), sweeps=8)
    value = game_value(preset("perudo").with_fields(palifico=False), (2, 1), target=1e-5, faces=3,
                       use_store=False)
    assert value.p_win_opening == pytest.approx(reference[(2, 1)], abs=1e-3)
    assert value.p_win_responding == pytest.approx(1 - reference[(1, 2)], abs=1e-3)


def test_round_solution_of_a_game_value_comes_back_with_its_value():
    value = game_value(preset("bluff"), (2, 1), target=1e-4, faces=3, use_store=False)
    round21 = value.round_solution(2, 1)
    assert round21.payoff_name == "game"
    assert round21.value == pytest.approx(value.p_win_opening, abs=1e-12)



def test_next_state_follows_the_next_opener_field():
    from analysis.bluff.game_value import State, next_state

    # From 2 v 2 the opener challenges and is right: the other player loses a die. Bluff's challenger
    # (here the opener) opens the next round, also in a renamed house-rule Bluff; in Liar's Dice the
    # loser does.
    for rules in (preset("bluff"), preset("bluff").with_fields(name="house_bluff")):
        assert next_state(rules, State(2, 2), (0, 1), 0) == (None, State(2, 1), True)
    assert next_state(preset("liars_dice"), State(2, 2), (0, 1), 0) == (None, State(1, 2), False)
