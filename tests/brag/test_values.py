"""The values of playing blind, a kept blind hand and a pot cover, against hand-computed cases."""

import math

import pytest

from analysis.brag.table.values import blind_value, cover_value, first_moves, kept_hand_value, option_value
from tests.conftest import assert_one_sentence_error


def test_option_value_of_a_second_hand_by_hand():
    # Hands worth 3, -1 and 0.5 after looking (chances 1/4, 1/4, 1/2), blind play worth 1: with two
    # hands you keep the 3 and otherwise play the other blind, 3/4 + 1/4 + 1/2 = 1.5; with one hand the
    # better of looking (3/4 - 1/4 + 1/4 = 0.75) and blind (1) is 1, so the second hand adds 0.5.
    assert option_value([0.25, 0.25, 0.5], [3.0, -1.0, 0.5], 1.0) == pytest.approx(0.5)
    # When looking beats playing blind with every hand, a second hand adds nothing.
    assert option_value([0.5, 0.5], [2.0, 1.5], 1.0) == pytest.approx(0.0)


def test_cover_with_the_top_prial_takes_the_pot():
    data = cover_value("brag3", "3S 3D 3C", pot=40, chips=3)
    assert data["win"] == 1 and data["values"]["cover"] == pytest.approx(40.0) and data["best"] == "cover"


def test_cover_with_aces_loses_only_to_the_four_prials_of_threes():
    # A-A-A is beaten only by 3-3-3: the four hands of three threes among the 49 cards left
    # (C(49, 3) = 18,424 hands); against two others, at most one of them can hold it.
    hands = math.comb(49, 3)
    one = cover_value("brag3", "AS AD AC", pot=40, chips=3)
    assert one["win"] == pytest.approx(1 - 4 / hands, abs=1e-12)
    assert one["values"]["cover"] == pytest.approx((1 - 4 / hands) * 43 - 3, abs=1e-9)
    two = cover_value("brag3", "AS AD AC", pot=40, chips=3, others=2)
    assert two["exact"] and two["win"] == pytest.approx(1 - 8 / hands, abs=1e-12)


def test_cover_with_the_weakest_hand_loses_the_chips():
    data = cover_value("brag3", "5S 3H 2D", pot=40, chips=3)
    assert data["win"] == 0 and data["values"]["cover"] == pytest.approx(-3.0) and data["best"] == "fold"
    assert data["break_even_win"] == pytest.approx(3 / 43)


@pytest.mark.slow
def test_playing_blind_heads_up_against_the_equilibrium():
    from analysis.brag.headsup.solve import solve

    for name in ("brag3", "teen_patti"):
        solution = solve(name)
        data = blind_value(name, 2)
        moves = data["first_moves"]
        # The best first move against the equilibrium is worth the game's value, up to how far the
        # solve is from equilibrium.
        assert abs(max(moves.values()) - solution.value) <= 2 * solution.exploitability
        assert data["value_of_playing_blind"] == pytest.approx(moves[data["best_blind_move"]] - moves["look"])
    # Brag's blind bet cannot take an uncontested pot (it carries over): looking is better; in Teen Patti
    # the blind player left alone takes the pot, and playing blind is better.
    assert (blind_value("brag3", 2)["value_of_playing_blind"] < 0
            < blind_value("teen_patti", 2)["value_of_playing_blind"])


def test_kept_hand_heads_up_is_the_option_on_the_looked_at_hands():
    moves, chances, by_hand = first_moves("brag3", 2)
    assert chances.sum() == pytest.approx(1.0)
    assert chances @ by_hand == pytest.approx(moves["look"])   # looking, hand by hand, sums to looking
    data = kept_hand_value("brag3", 2)
    blind = max(v for k, v in moves.items() if k not in ("look", "fold"))
    assert data["value_of_the_kept_hand"] == pytest.approx(option_value(chances, by_hand, blind))
    assert data["value_of_the_kept_hand"] >= 0


@pytest.mark.parametrize("argv", [("value", "kept", "--preset", "teen_patti"), ("value", "blind", "--players", "9"),
                                  ("value", "cover", "--hand", "QS QD 4C"),
                                  ("value", "cover", "--hand", "QS QD 4C", "--pot", "10", "--chips", "-1"),
                                  ("value", "blind", "--preset", "brag4")])
def test_bad_input_is_one_sentence(odds, argv):
    assert_one_sentence_error(odds("brag", *argv))


@pytest.mark.slow
def test_value_commands(odds):
    cover = odds("brag", "value", "cover", "--hand", "AS AD AC", "--pot", "40", "--chips", "3", "--json").json()
    assert cover["values"]["cover"] == pytest.approx((1 - 4 / math.comb(49, 3)) * 43 - 3)
    text = odds("brag", "value", "blind", "--preset", "teen_patti").out
    assert "Playing blind (blind) is worth +0.0" in text


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
def test_multi_player_first_moves_agree_with_the_solves_own_best_response(players):
    """The best first move for seat 1 (each valued by the solve's best-response kernel on a root left
    with that move alone) is worth what the solve recorded as seat 1's value plus its best-response
    gain; looking, bucket by bucket, adds up to looking."""
    from analysis.brag.rules import preset
    from analysis.brag.multi.shipped import find_solve

    table = find_solve(preset("brag3"), players)
    assert table is not None, f"the package's {players}-player solve is missing (scripts/brag_ship_solves.py)"
    summary = table["summary"].tolist()
    value, gain = summary[2], summary[2 + players]
    moves, chances, by_hand = first_moves("brag3", players)
    assert max(moves.values()) == pytest.approx(value + gain, abs=1e-6)
    assert chances @ by_hand == pytest.approx(moves["look"], abs=1e-9)
    assert kept_hand_value("brag3", players)["value_of_the_kept_hand"] >= 0
