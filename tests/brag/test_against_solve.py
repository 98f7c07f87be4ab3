"""``odds brag stay`` against the solved strategy: heads-up exactly as the equilibrium's own values,
your chips scaling with your pot and stake, and a table size without a stored solve in one sentence."""

import pytest

from analysis.brag.table.against_solve import stay_against_solve
from tests.conftest import assert_one_sentence_error


@pytest.mark.slow
@pytest.mark.parametrize("hand", ["AS AD AC", "AS KS QS", "9H 9D 9C"])
def test_heads_up_values_are_the_equilibrium_strategy_values(hand):
    """In the solved game's own chips (pot 2 antes, stake 1), staying, raising and folding are worth
    what the solver's best-response values say after looking, plus the ante already in (the solver
    counts the whole hand). These hands' strengths are held only by suit-permuted copies, so the
    solver's per-strength values are exactly this hand's."""
    from analysis.brag.headsup.solve import solve
    from analysis.brag.headsup.strategy import strategy

    advice = strategy(solve("brag3"), hand, ["look"])
    ours = stay_against_solve("brag3", hand, pot=2, stake=1, opponents=1)
    assert ours.values["stay"] - 1 == pytest.approx(advice.values["bet"], abs=1e-9)
    assert ours.values["raise to 2"] - 1 == pytest.approx(advice.values["raise 2"], abs=1e-9)
    assert ours.values["fold"] - 1 == pytest.approx(advice.values["fold"], abs=1e-9)


@pytest.mark.slow
def test_values_scale_with_the_pot_and_stake():
    small = stay_against_solve("brag3", "QS QD 4C", pot=8, stake=1, opponents=1, history="blind")
    large = stay_against_solve("brag3", "QS QD 4C", pot=40, stake=5, opponents=1, history="blind")
    assert list(large.values) == ["fold", "stay", "raise to 10"]
    for name, value in small.values.items():
        large_name = name.replace("raise to 2", "raise to 10")
        assert large.values[large_name] == pytest.approx(5 * value)
    assert large.details["seat"] == 2 and large.details["history"] == ["blind", "look"]


@pytest.mark.slow
def test_a_folded_pot_to_a_blind_player_carries(odds):
    # Acting first, the opponent still blind: folding leaves the pot to a blind player, so it carries
    # over and each player's share is half of it (the solve's own reading of a carried pot).
    answer = odds("brag", "stay", "--hand", "5S 3H 2D", "--pot", "40", "--stake", "5", "--json").json()
    assert answer["values"]["fold"] == pytest.approx(20.0)
    assert answer["details"]["opponent_model"] == "solved" and "heads-up equilibrium" in answer["assumptions"][0]


def test_the_threshold_model_says_it_is_one(odds):
    answer = odds("brag", "stay", "--hand", "QS QD 4C", "--pot", "40", "--stake", "5", "--opponents", "5",
                  "--model", "threshold", "--samples", "20000", "--json").json()
    assert answer["details"]["opponent_model"] == "threshold" and "fixed threshold" in answer["assumptions"][0]


def test_no_stored_solve_is_one_sentence_naming_the_command(odds, monkeypatch, tmp_path):
    from analysis.brag.multi import shipped

    monkeypatch.setattr(shipped, "SHIPPED_ROOT", tmp_path / "none")
    result = odds("brag", "stay", "--hand", "QS QD 4C", "--pot", "40", "--stake", "5", "--opponents", "3",
                  "--preset", "teen_patti")
    assert_one_sentence_error(result)
    assert "odds brag solve --preset teen_patti --players 4" in result.err


@pytest.mark.parametrize("argv", [("--opponents", "1", "--history", "bet,see,see"),
                                  ("--opponents", "1", "--history", "look,fold"),
                                  ("--opponents", "8", "--model", "solved"),
                                  ("--opponents", "1", "--preset", "brag4", "--model", "solved")])
def test_bad_input_is_one_sentence(odds, argv):
    hand = "QS QD 4C 7H" if "brag4" in argv else "QS QD 4C"
    assert_one_sentence_error(odds("brag", "stay", "--hand", hand, "--pot", "40", "--stake", "5", *argv))


def _shipped(players: int) -> bool:
    from analysis.brag._stored import MULTI_BETTING, multi_params
    from analysis.brag.rules import preset
    from analysis.brag.multi.shipped import shipped_store

    rules = preset("brag3")
    return shipped_store().load(MULTI_BETTING, rules, multi_params(rules, players)) is not None


def test_a_fresh_store_answers_three_players_from_the_package(odds):
    """The test store starts empty: the three-player answers come from the solve shipped in the
    package, read through the store's checks, with no solve run."""
    assert _shipped(3)
    stay = odds("brag", "stay", "--hand", "QS QD 4C", "--pot", "40", "--stake", "5", "--opponents", "2", "--json")
    assert stay.code == 0 and "solving" not in stay.err, stay.err
    answer = stay.json()
    assert answer["details"]["players"] == 3 and "three-player solve" in answer["assumptions"][0]
    assert set(answer["values"]) == {"fold", "stay", "raise to 10"} and answer["best"] in answer["values"]
    strategy = odds("brag", "strategy", "--preset", "brag3", "--players", "3", "--hand", "QS QD 4C",
                    "--history", "blind,look,bet", "--json")
    assert strategy.code == 0 and "solving" not in strategy.err and strategy.json()["seat"] == 3


def test_the_four_player_commands_as_written_from_the_package(odds):
    assert _shipped(4), "the package's four-player solve is missing or refused (scripts/brag_ship_solves.py)"
    stay = odds("brag", "stay", "--hand", "QS QD 4C", "--pot", "40", "--stake", "5", "--opponents", "3", "--json")
    assert stay.code == 0 and "solving" not in stay.err, stay.err
    answer = stay.json()
    assert answer["details"]["players"] == 4 and "four-player solve" in answer["assumptions"][0]
    strategy = odds("brag", "strategy", "--preset", "brag3", "--players", "4", "--hand", "QS QD 4C",
                    "--history", "blind,look,bet,fold", "--json")
    assert strategy.code == 0 and "solving" not in strategy.err and strategy.json()["seat"] == 4
