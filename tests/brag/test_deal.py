"""The whole deal, move by move: hand-written deals for every betting rule (docs/rules.md, Brag)."""

import numpy as np
import pytest

from analysis.brag.showdown.cards import parse_cards
from analysis.brag.table.deal import Deal
from analysis.errors import InvalidArgument

QUEENS, ACE_HIGH, NINES = "QS QD 4C", "AS 7H 2D", "9C 9H KD"


def played(history, hands=(QUEENS, ACE_HIGH, NINES), **options):
    deal = Deal(options.pop("rules", "brag3"), hands=list(hands), **options)
    deal.play(history)
    return deal


def refused(history, words, **options):
    with pytest.raises(InvalidArgument) as error:
        played(history, **options)
    message = str(error.value)
    assert words in message and message.count(". ") == 0 and message.endswith(".")
    return message


# Who may see --------------------------------------------------------------------------------

def test_see_only_when_two_remain():
    refused("look,bet,look,bet,look,see", "only when two players remain")


def test_see_needs_a_bet_first():
    refused("see", "nobody has bet yet", hands=(QUEENS, ACE_HIGH))


def test_open_player_cannot_see_a_blind_one():
    refused("bet,look,see", "an open player cannot see a blind one", hands=(QUEENS, ACE_HIGH))


def test_open_sees_blind_when_the_rules_allow_it():
    from analysis.brag.rules import preset

    deal = played("bet,look,see", hands=(QUEENS, ACE_HIGH), rules=preset("brag3", open_sees_blind=True))
    # Seat 2 (open, A-7-2) pays twice its open stake to see seat 1's blind queens and loses.
    assert deal.summary()["pots_won"] == {1: 2 + 0.5 + 2.0}


# What each see costs ------------------------------------------------------------------------

def test_open_sees_open_at_twice_the_stake():
    deal = played("look,bet,look,bet,fold,see")
    s = deal.summary()
    # Antes 3, two open bets of 1, and the see at twice the stake, 2.
    assert s["pots_won"] == {1: 3 + 1 + 1 + 2} and s["end"] == "seen"
    assert s["banks"][1] - 1e6 == 7 - 1 - 1 - 2


def test_blind_sees_open_at_twice_the_blind_stake():
    deal = played("bet,look,bet,fold,see")
    # Seat 1 bets blind (0.5), seat 2 open (1); the blind see costs 2 x 0.5.
    assert deal.summary()["pots_won"] == {1: 3 + 0.5 + 1 + 1}


def test_both_blind_see_at_twice_the_blind_stake():
    deal = played("bet,bet,fold,see", hands=(ACE_HIGH, QUEENS, NINES))
    # Seat 1 pays 0.5, seat 2 0.5, seat 1 sees for 1 and loses to the queens.
    s = deal.summary()
    assert s["pots_won"] == {2: 3 + 0.5 + 0.5 + 1} and s["winner"] == 2


def test_see_after_a_raise_costs_twice_the_raised_stake():
    deal = played("look,raise,look,bet,fold,see")
    # A raise to the stake 2; the other stays at 2; seeing costs 4.
    assert deal.summary()["pots_won"] == {1: 3 + 2 + 2 + 4}


def test_blind_stakes_are_half_and_a_blind_raise_is_half_the_raised_stake():
    deal = played("raise,look,bet")
    s = deal.summary()
    assert s["pot"] == 3 + 1 + 2 and s["stake"] == 2 and s["turn"] == 3


# Who loses a tie ----------------------------------------------------------------------------

def test_the_seer_loses_a_tie():
    same = ("AS KH 7D", "AH KD 7C")
    first = played("look,bet,look,bet,see", hands=same)
    assert first.summary()["winner"] == 2          # seat 1 saw, and the tie goes against it
    second = played("look,bet,look,bet,bet,see", hands=same)
    assert second.summary()["winner"] == 1         # seat 2 saw this time


# Stakes, raises and bad moves ---------------------------------------------------------------

def test_raise_limit_and_the_stake_ladder():
    refused("look,raise,look,raise", "a raise must go to a higher stake")
    from analysis.brag.rules import preset

    three_rungs = preset("brag3", stakes=(1.0, 2.0, 4.0), raises=1)
    refused("look,raise,look,raise", "the raise limit has been reached", rules=three_rungs)
    refused("look,raise 3", "not on the agreed stakes")
    deal = played("look,raise 4,look,bet", rules=three_rungs)
    assert deal.summary()["pot"] == 3 + 4 + 4


def test_a_history_that_breaks_a_rule_is_one_sentence():
    message = refused("look,look", "the player has already looked")
    assert "move 2" in message
    refused("look,bet,look,blind", "already looked")
    refused("look,dance", "is not a move")
    refused("look,bet,fold,fold,bet", "the deal is already over")


def test_blind_play_off_means_looking_before_betting():
    from analysis.brag.rules import preset

    refused("bet", "must look before betting", rules=preset("brag3", blind_play=False))


# Where the pot goes when a blind player is left alone ---------------------------------------

def test_a_blind_player_left_alone_does_not_win():
    deal = played("bet,look,fold,look,fold")
    s = deal.summary()
    assert s["end"].startswith("carried") and s["carry"] == 3.5 and s["pots_won"] == {}
    assert s["kept_blind"] == 1 and s["winner"] is None


def test_teen_patti_blind_player_left_alone_wins():
    deal = played("bet,look,fold,look,fold", rules="teen_patti")
    assert deal.summary()["pots_won"] == {1: 3.5}


def test_keep_blind_off_returns_the_hand():
    from analysis.brag.rules import preset

    deal = played("bet,look,fold,look,fold", rules=preset("brag3", keep_blind=False))
    assert deal.summary()["kept_blind"] is None and deal.summary()["carry"] == 3.5


# The kept blind hand's three options --------------------------------------------------------

KEPT = (1, "3S 3H 3D")


def test_kept_hand_look_at_the_old_one_and_keep_it():
    deal = played("look-old,keep,bet,look,bet,fold,see", kept=KEPT, carry=3.5)
    s = deal.summary()
    # The prial of threes plays open; the new hand (queens) is folded.
    assert s["winner"] == 1 and s["pots_won"] == {1: 3.5 + 3 + 1 + 1 + 2}
    assert s["shuffle_next"]                       # seen and won by a prial


def test_kept_hand_look_at_the_new_one_and_discard_it():
    deal = played("look,discard,bet,look,bet,fold,see", kept=KEPT, hands=(ACE_HIGH, QUEENS, NINES))
    # Seat 1 looked at A-7-2, gave it up and plays the old threes blind: a blind see at 1.
    assert deal.summary()["pots_won"] == {1: 3 + 0.5 + 1 + 1}


def test_kept_hand_both_blind_the_better_plays():
    deal = played("bet,look,bet,fold,see", kept=KEPT, hands=(ACE_HIGH, QUEENS, NINES))
    assert deal.summary()["winner"] == 1
    from analysis.brag.rules import preset

    new_only = played("bet,look,bet,fold,see", kept=KEPT, hands=(ACE_HIGH, QUEENS, NINES),
                      rules=preset("brag3", two_blind_hands="new"))
    assert new_only.summary()["winner"] == 2


def test_kept_hand_must_keep_or_discard_after_looking_and_never_three_hands():
    refused("look-old,bet", "must first keep it or discard it", kept=KEPT)
    refused("look-old", "no kept blind hand")
    refused("keep", "follow a look at one of two blind hands")
    deal = played("bet,look,fold,look,fold", kept=KEPT)
    s = deal.summary()
    # Left alone again with two blind hands: the old one is given up, the new one kept.
    assert s["kept_blind"] == 1
    assert set(parse_cards("3S 3H 3D")) <= set(deal.next_pack())
    assert deal.seat_cards(1) == "Q♠ Q♦ 4♣"


# Pot cover ----------------------------------------------------------------------------------

def test_pot_cover_with_a_side_pot():
    # Seat 3 has 1.5 chips: after the ante it cannot stay at the raised stake and covers.
    hands = (QUEENS, ACE_HIGH, "KS KH KC")
    deal = played("look,raise,look,bet,look,cover,bet,see", hands=hands, banks=[50, 50, 1.5])
    s = deal.summary()
    # Old pot: antes 3 + 2 + 2 + seat 3's 0.5; new pot: seat 1 bets 2 and sees for 4.
    assert s["winner"] == 1 and s["old_pot_winner"] == 3
    assert s["pots_won"] == {1: 2 + 4, 3: 3 + 2 + 2 + 0.5}
    assert s["banks"][3] == 7.5


def test_pot_cover_tie_goes_to_the_new_pots_winner():
    hands = ("AS KH 7D", "JC 8D 3H", "AH KD 7C")
    deal = played("look,raise,look,fold,look,cover", hands=hands, banks=[50, 50, 1.5])
    s = deal.summary()
    # Two left (seat 1 and the coverer): the hands are compared at once, and the coverer loses the tie.
    assert s["end"].startswith("compared") and s["winner"] == 1 and s["pots_won"] == {1: 3 + 2 + 0.5}


def test_pot_cover_needs_a_short_player_and_is_made_once():
    refused("look,cover", "only a player without enough chips")
    from analysis.brag.rules import preset

    refused("look,raise,look,bet,look,cover", "pot cover is off", banks=[50, 50, 1.5],
            rules=preset("brag3", pot_cover=False))
    refused("look,raise,look,bet,look,cover,look,cover", "already covered once",
            hands=(QUEENS, ACE_HIGH, NINES, "KS KH KC"), banks=[50, 50, 1.5, 1.5])


def test_covered_pot_when_the_others_fold():
    hands = (QUEENS, ACE_HIGH, "KS KH KC", NINES)
    deal = played("look,raise,look,bet,look,cover,look,fold,fold", hands=hands, banks=[50, 50, 1.5, 50])
    s = deal.summary()
    # Seat 2 takes the new pot unseen, but its hand still faces the covering kings for the old one.
    assert s["winner"] == 2 and s["old_pot_winner"] == 3 and s["pots_won"] == {3: 4 + 2 + 2 + 0.5}


# Four Card Brag --------------------------------------------------------------------------------

def test_four_card_brag_discards_on_looking_and_blind_keeps_four():
    hands = ("AS KS QS 2D", "9C 9H 8D 4C")
    deal = played("look,bet,bet,bet,see", hands=hands, rules="brag4")
    # Seat 1 looked and discarded the 2; seat 2 (blind, all four cards) sees and loses.
    assert deal.summary()["winner"] == 1
    pack = deal.next_pack()
    gathered = pack[-8:]
    assert gathered[0] == parse_cards("2D")[0]
    assert sorted(gathered) == sorted(parse_cards(" ".join(hands)))


def test_deal_cli(odds):
    from tests.conftest import assert_one_sentence_error

    hands = "QS QD 4C / AS 7H 2D / 9C 9H KD"
    done = odds("brag", "deal", "--hands", hands, "--history", "blind,look,bet,fold,see", "--json")
    assert done.code == 0 and done.json()["pots_won"] == {"1": 5.5}
    going = odds("brag", "deal", "--hands", hands, "--history", "blind,look,bet")
    assert going.code == 0 and "Seat 3 to act" in going.out
    for argv in (("--history", "blind,look,see"), ("--history", "look,raise 5"), ("--banks", "1,0.5,0"),
                 ("--banks", "lots"), ("--preset", "brag4")):
        assert_one_sentence_error(odds("brag", "deal", "--hands", hands, *argv))
    assert_one_sentence_error(odds("brag", "deal", "--hands", "QS QD 4C"))
