"""Round values against an independent sequence-form LP, and game values chained the same way."""

from __future__ import annotations

import pytest

from analysis.bluff.exact.game_value import game_value
from analysis.bluff.rules import preset
from analysis.bluff.exact.solve import solve_round
from tests.bluff_strategy.reference import TinyRound, sequence_form_value
from tests.bluff_strategy.test_solve import TINY


@pytest.mark.parametrize("label", TINY)
def test_round_value_equals_the_sequence_form_lp(label):
    rules, dice, faces, reference = TINY[label]
    solution = solve_round(rules, dice, faces=faces, target=1e-6, store=False)
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
    value = game_value(preset("bluff"), (2, 1), target=1e-6, faces=3, store=False)
    assert value.p_win_opening == pytest.approx(reference[(2, 1)], abs=2e-4)
    assert value.p_win_responding == pytest.approx(1 - reference[(1, 2)], abs=2e-4)


def test_liars_dice_game_value_with_spot_on():
    # The loser opens the next round; spot on makes the bidder lose.
    reference = _reference_game_values(
        lambda s: TinyRound((1, 2, 3), s, exact="spot_on"),
        lambda lost, caller: 0 if lost[0] > 0 else 1, totals=(2, 3))
    value = game_value(preset("liars_dice"), (1, 2), target=1e-6, faces=3, store=False)
    assert value.p_win_opening == pytest.approx(reference[(1, 2)], abs=2e-4)
    assert value.p_win_responding == pytest.approx(1 - reference[(2, 1)], abs=2e-4)


def test_one_die_each_bluff_is_decided_by_one_round():
    # With one die each the first lost die ends the game, so P(win) = (1 + round value in dice) / 2.
    value = game_value(preset("bluff"), (1, 1), target=1e-5, store=False)
    assert value.p_win_opening == pytest.approx((1 - 7 / 258) / 2, abs=2e-5)


@pytest.mark.slow
def test_perudo_game_value_with_calza_cycles():
    # Calza moves a die from the bidder to the caller: (2, 1) and (1, 2) lead to each other.
    reference = _reference_game_values(
        lambda s: TinyRound((1, 2, 3), s, joker=1, joker_track="even", exact="calza", opening_on_joker=False),
        lambda lost, caller: 0 if lost[0] > 0 else 1, totals=(2, 3), sweeps=8)
    value = game_value(preset("perudo").with_fields(palifico=False), (2, 1), target=1e-5, faces=3,
                       store=False)
    assert value.p_win_opening == pytest.approx(reference[(2, 1)], abs=1e-3)
    assert value.p_win_responding == pytest.approx(1 - reference[(1, 2)], abs=1e-3)


def test_round_solution_of_a_game_value_comes_back_with_its_value():
    value = game_value(preset("bluff"), (2, 1), target=1e-4, faces=3, store=False)
    round21 = value.round_solution(2, 1)
    assert round21.payoff_name == "game"
    assert round21.value == pytest.approx(value.p_win_opening, abs=1e-12)



def test_next_state_follows_the_next_opener_field():
    from analysis.bluff.exact.game_value import State, next_state

    # From 2 v 2 the opener challenges and is right: the other player loses a die. Bluff's challenger
    # (here the opener) opens the next round, also in a renamed house-rule Bluff; in Liar's Dice the
    # loser does.
    for rules in (preset("bluff"), preset("bluff").with_fields(name="house_bluff")):
        assert next_state(rules, State(2, 2), (0, 1), 0) == (None, State(2, 1), True)
    assert next_state(preset("liars_dice"), State(2, 2), (0, 1), 0) == (None, State(1, 2), False)


class PalificoRound(TinyRound):
    """A tiny palifico round, written from docs/rules.md: the paco is not wild, any face may open
    (pacos too), and after the opening the face stays: only the count rises."""

    def __init__(self, faces, dice, **rules):
        super().__init__(faces, dice, **rules)
        self.openings = [(count, face) for face in self.faces for count in range(1, sum(self.dice) + 1)]

    def raises(self, history):
        if not history:
            return list(self.openings)
        count, face = history[-1]
        return [(higher, face) for higher in range(count + 1, sum(self.dice) + 1)]

    def actual(self, bid, rolls):
        return sum(1 for roll in rolls for die in roll if die == bid[1])


def _perudo_palifico_reference(roots, sweeps=8):
    """P(opener wins) of every state a Perudo endgame with palifico rounds reaches from ``roots``, each
    round solved by the sequence-form LP. A state is (opener's dice, other's dice, this round is
    palifico, the opener has had theirs, the other has had theirs); the player who lost a die opens
    the next round; the round after a player first drops to one die is palifico."""
    def after(state, lost):
        held = state[:2]
        left = (held[0] - lost[0], held[1] - lost[1])
        if min(left) <= 0:
            return (1.0 if left[1] <= 0 else 0.0), None
        had, palifico = list(state[3:]), False
        for player in (0, 1):
            if left[player] == 1 and held[player] > 1 and not had[player]:
                had[player], palifico = True, True
        opener = 0 if lost[0] > 0 else 1
        return None, ((left[opener], left[1 - opener], palifico, had[opener], had[1 - opener]), opener == 0)

    # Every loss a round can bring: a challenge or a missed calza costs one die; a calza that hits
    # costs the bidder one and gives the caller one back (below the five a player starts with).
    losses = ((1, 0), (0, 1), (-1, 1), (1, -1))
    states, frontier = set(roots), list(roots)
    while frontier:
        state = frontier.pop()
        for lost in losses:
            _, following = after(state, lost)
            if following is not None and following[0] not in states:
                states.add(following[0])
                frontier.append(following[0])
    values = {state: 0.5 for state in states}
    for total in sorted({s[0] + s[1] for s in states}):
        level = sorted(s for s in states if s[0] + s[1] == total)
        for _ in range(sweeps):
            before = dict(values)
            for state in level:
                kind = PalificoRound if state[2] else TinyRound
                game = kind((1, 2, 3), state[:2], joker=1, joker_track="even", exact="calza", opening_on_joker=False)

                def win_value(call, bid, rolls, caller, state=state, game=game):
                    result, following = after(state, game.losses(call, bid, rolls, caller))
                    if result is not None:
                        return result
                    return values[following[0]] if following[1] else 1.0 - values[following[0]]

                values[state] = sequence_form_value(game, win_value)
            if max(abs(values[state] - before[state]) for state in level) < 1e-9:
                break       # calza's cycle has settled (without it one sweep is exact)
    return values


@pytest.mark.slow
def test_perudo_game_value_with_palifico_rounds():
    # From 2 v 1 the first drop to one die brings a palifico round (pacos not wild, the face fixed);
    # the player who starts with one die has had theirs. Calza can move a die back and forth.
    reference = _perudo_palifico_reference([(2, 1, False, False, True), (1, 2, False, True, False)])
    assert any(state[2] for state in reference)          # palifico rounds are reached
    value = game_value(preset("perudo"), (2, 1), target=1e-5, faces=3, store=False)
    assert value.p_win_opening == pytest.approx(reference[(2, 1, False, False, True)], abs=5e-5)
    assert value.p_win_responding == pytest.approx(1 - reference[(1, 2, False, True, False)], abs=5e-5)
    # Every state the code solved, palifico ones included, against the reference's value, closer than
    # the palifico round moves it (1 v 2: about 7e-4 above the same dice in a plain round).
    assert reference[(1, 2, True, True, True)] - reference[(1, 2, False, True, True)] > 5e-4
    assert {(s.opener, s.other, s.palifico, s.opener_had, s.other_had) for s in value.values} == set(reference)
    for state, solved in value.values.items():
        key = (state.opener, state.other, state.palifico, state.opener_had, state.other_had)
        assert solved == pytest.approx(reference[key], abs=5e-5), key
