"""Full games against published optimal expectations (each solve takes seconds: marked slow)."""

import pytest

from analysis.yacht.rules import preset
from analysis.yacht.solver import compute_values
from analysis.yacht.game import game_arrays


@pytest.mark.slow
def test_yahtzee_verhoeff():
    # Tom Verhoeff, "How to Maximize Your Score in Solitaire Yahtzee" (1999) and his Optimal Solitaire
    # Yahtzee Player: 254.5896 under his rules, where a further Yahtzee may be written in any open box
    # and counts as a full house or straight once the matching upper box is used (our joker="free").
    rules = preset("yahtzee", joker="free")
    assert compute_values(rules)[game_arrays(rules).start] == pytest.approx(254.5896, abs=5e-5)


@pytest.mark.slow
def test_yatzy_larsson_sjoberg():
    # Larsson and Sjoberg, "Optimal Yatzy Strategy" (KTH bachelor's thesis, 2012): 248.63. Their code
    # scored a single pair in Two Pairs (see Rules.one_pair_scores_two_pairs); with the rules as
    # stated the optimum is 248.44 (248.4399894 in the open-source yatzy-solver, 248.4394 in Castux/yahtzee).
    bugged = preset("yatzy", one_pair_scores_two_pairs=True)
    assert compute_values(bugged)[game_arrays(bugged).start] == pytest.approx(248.63, abs=5e-3)


@pytest.mark.slow
def test_yahtzee_without_bonus_and_joker():
    # Verhoeff's and Glenn's figure for Yahtzee without the Yahtzee bonus and joker rule: 245.87
    # (245.8707745 in the open-source yatzy-solver).
    rules = preset("yahtzee", yacht_bonus=0, joker="none")
    assert compute_values(rules)[game_arrays(rules).start] == pytest.approx(245.8707745, abs=1e-6)
