import subprocess
import sys

import pytest
from scipy.stats import binom

from tests.conftest import assert_one_sentence_error

ISSUE_COMMANDS = [
    ["bluff", "call", "--preset", "bluff", "--dice", "3 3 * 5 1", "--opponents", "6", "7", "--bid", "7x3"],
    ["bluff", "call", "--preset", "bluff", "--dice", "3 3 * 5 1", "--opponents", "6", "7", "--bid", "7x3", "--json"],
    ["bluff", "odds", "--preset", "perudo", "--dice", "1 4 4 6 2", "--unknown", "20", "--bid", "6x4", "--json"],
    ["bluff", "odds", "--preset", "bluff", "--dice", "3 3 * 5 1", "--unknown", "13", "--bid", "*3", "--json"],
]


def test_call_prints_a_readable_answer(odds):
    result = odds(*ISSUE_COMMANDS[0])
    assert result.code == 0
    assert "P(bid true)  0.6776" in result.out
    assert "Recommendation:" in result.out and "Assumes" in result.out


def test_call_json(odds):
    result = odds(*ISSUE_COMMANDS[1])
    data = result.json()
    assert data["p_true"] == pytest.approx(binom.sf(3, 13, 1 / 3), rel=1e-12)
    assert data["dice_held"] == [5, 6, 7]
    assert data["recommendation"] in ("challenge", "raise")
    assert data["raises"] and "assumption" in data


def test_perudo_odds_json(odds):
    data = odds(*ISSUE_COMMANDS[2]).json()
    # I hold a paco and two fours: need 3 of 20 at 1/3.
    assert data["my_count"] == 3
    assert data["p_true"] == pytest.approx(binom.sf(2, 20, 1 / 3), rel=1e-12)
    assert data["p_exact"] == pytest.approx(binom.pmf(3, 20, 1 / 3), rel=1e-12)


def test_star_bid_odds_json(odds):
    data = odds(*ISSUE_COMMANDS[3]).json()
    assert data["my_count"] == 1 and data["chance_per_unknown_die"] == pytest.approx(1 / 6)
    assert data["p_true"] == pytest.approx(binom.sf(1, 13, 1 / 6), rel=1e-12)
    assert sum(data["distribution"].values()) == pytest.approx(1.0)


def test_odds_with_simulation(odds):
    result = odds("bluff", "odds", "--dice", "3 3 * 5 1", "--unknown", "13", "--bid", "7x3",
                  "--simulate", "200000", "--seed", "5", "--json")
    mc = result.json()["monte_carlo"]
    assert abs(mc["p_true"] - mc["exact_p_true"]) < 5 * mc["p_true_se"]


def test_table_csv(odds, tmp_path):
    target = tmp_path / "table.csv"
    result = odds("bluff", "table", "--preset", "liars_dice", "--max-unknown", "10", "--out", str(target))
    assert result.code == 0
    import pandas as pd
    table = pd.read_csv(target)
    assert set(table.columns) >= {"bid", "unknown", "p_true", "p_exact"}
    assert len(table) == 10 * 6 * 11


def test_raises_list(odds):
    assert odds("bluff", "raises", "--bid", "3x5", "--max-count", "4").out.split() == \
        ["*2", "4x1", "4x2", "4x3", "4x4", "4x5", "*3", "*4"]


@pytest.mark.parametrize("argv", [
    ["bluff", "call", "--preset", "bluff", "--dice", "3 3 7", "--opponents", "5", "--bid", "2x3"],
    ["bluff", "call", "--preset", "bluff", "--dice", "3 3", "--opponents", "5", "--bid", "2x7"],
    ["bluff", "call", "--preset", "yatzy", "--dice", "3 3", "--opponents", "5", "--bid", "2x3"],
    ["bluff", "call", "--preset", "perudo", "--dice", "3 3", "--opponents", "6", "--bid", "2x3"],
    ["bluff", "call", "--dice", "3 3", "--opponents", "5", "--bid", "2x3", "--bidder", "4"],
    ["bluff", "odds", "--dice", "3", "--unknown", "-4", "--bid", "2x3"],
    ["bluff", "odds", "--dice", "3", "--unknown", "four", "--bid", "2x3"],
    ["bluff", "odds", "--dice", "3", "--unknown", "4"],
    ["bluff", "odds", "--preset", "bluff", "--palifico", "--unknown", "4", "--bid", "2x3"],
    ["bluff", "raises", "--preset", "liars_dice", "--wild", "9"],
    ["bluff", "frobnicate"],
    # every numeric argument outside its documented range, refused before any work
    ["bluff", "call", "--dice", "3 3", "--opponents", "0", "--bid", "2x3"],
    ["bluff", "call", "--dice", "3 3", "--opponents", "31", "--bid", "2x3"],
    ["bluff", "call", "--dice", "3 3", "--opponents", "5", "--bid", "2x3", "--next", "0"],
    ["bluff", "call", "--dice", "3 3", "--opponents", "5", "--bid", "2x3", "--start", "31"],
    ["bluff", "call", "--dice", "3 3", "--opponents", "5", "--bid", "2x3", "--rollouts", "1000001"],
    ["bluff", "call", "--dice", "3 3", "--opponents", "5", "--bid", "2x3", "--rollouts", "10", "--seed", "-1"],
    ["bluff", "odds", "--unknown", "201", "--bid", "2x3"],
    ["bluff", "odds", "--unknown", "4", "--bid", "2x3", "--simulate", "10000001"],
    ["bluff", "table", "--max-unknown", "201"],
    ["bluff", "table", "--max-count", "0"],
    ["bluff", "raises", "--bid", "3x5", "--max-count", "1001"],
    ["bluff", "raises", "--bid", "100000000x3"],
    ["bluff", "table", "--out", "tcp://"],           # an address, which pandas would try to send the file to
    ["bluff", "call", "--dice", "3 3", "--opponents", "5", "--bid", "1000000x3"],     # no list of a million counts
    ["bluff", "odds", "--unknown", "4", "--bid", "99999999999999999999 threes"],
    # rule fields checked when the rules are made
    ["bluff", "odds", "--unknown", "4", "--bid", "2x3", "--rule", "joker=9"],
    ["bluff", "odds", "--unknown", "4", "--bid", "2x3", "--rule", "palifico=maybe"],
    ["bluff", "odds", "--unknown", "4", "--bid", "2x3", "--rule", "challenge_loss=two"],
    ["bluff", "odds", "--unknown", "4", "--bid", "2x3", "--rule", "box_dice=1"],
])
def test_bad_input_is_one_sentence_and_exit_2(odds, argv):
    assert_one_sentence_error(odds(*argv))


def test_the_installed_command_answers_without_a_traceback():
    # The real entry point, in a fresh interpreter: exit code and stderr as a user sees them.
    bad = subprocess.run([sys.executable, "-m", "analysis.cli.main", "bluff", "call", "--preset", "bluff",
                          "--dice", "3 3 7", "--opponents", "5", "--bid", "2x3"], capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.strip() == "odds: error: '7' is not a face of a Bluff die; the faces are 1-5 and * (star)."
    good = subprocess.run([sys.executable, "-m", "analysis.cli.main", "bluff", "call", "--dice", "3 3 * 5 1",
                           "--opponents", "6", "7", "--bid", "7x4"], capture_output=True, text=True)
    assert good.returncode == 0 and "Recommendation" in good.stdout


def test_a_bid_above_the_dice_in_play_is_said_never_to_be_true(odds):
    above = odds("bluff", "odds", "--dice", "3 3", "--unknown", "1", "--bid", "9x3")
    assert above.code == 0
    assert "need 7 more from 1 die at" in above.out
    assert "The bid names 9 dice but only 3 dice are in play: it can never be true." in above.out
    call = odds("bluff", "call", "--dice", "3 3 * 5 1", "--opponents", "1", "--bid", "9x3")
    assert "only 6 dice are in play: it can never be true." in call.out
    within = odds("bluff", "odds", "--dice", "3 3", "--unknown", "7", "--bid", "9x3")
    assert "never be true" not in within.out
    assert '"can_be_true": false' in odds("bluff", "odds", "--dice", "3 3", "--unknown", "1", "--bid", "9x3",
                                          "--json").out


def test_a_rule_field_changes_the_answer_as_the_binomial_says(odds):
    # Liar's Dice with sixes made wild by --rule: a bid on threes counts threes and sixes (p = 1/3).
    ruled = odds("bluff", "odds", "--preset", "liars_dice", "--rule", "joker=6", "--unknown", "6", "--bid", "2x3",
                 "--json").json()
    assert ruled["p_true"] == pytest.approx(1 - binom.cdf(1, 6, 1 / 3), abs=1e-12)
    plain = odds("bluff", "odds", "--preset", "liars_dice", "--unknown", "6", "--bid", "2x3", "--json").json()
    assert plain["p_true"] == pytest.approx(1 - binom.cdf(1, 6, 1 / 6), abs=1e-12)
    # Perudo without the calza: the advisor offers no exact call.
    calza = odds("bluff", "call", "--preset", "perudo", "--dice", "3 3", "--opponents", "4", "--bid", "3x3",
                 "--json").json()
    none = odds("bluff", "call", "--preset", "perudo", "--rule", "exact_call=none", "--dice", "3 3",
                "--opponents", "4", "--bid", "3x3", "--json").json()
    assert calza["exact_call"] is not None and none["exact_call"] is None
    # Five dice each instead of Bluff's box of 30: seven dice are no longer a legal count at three players.
    seven = ["bluff", "call", "--dice", "3 3", "--opponents", "7", "5", "--bid", "4x3"]
    assert odds(*seven).code == 0
    five_each = odds(*seven, "--rule", "box_dice=none", "--rule", "dice_per_player=5")
    assert_one_sentence_error(five_each)
    assert "more than the 5 each player starts with" in five_each.err


FRESH_CALLS = {
    "no history": ["bluff", "call", "--dice", "3 3 * 5 1", "--opponents", "5", "5", "--bid", "4x3"],
    "28 dice": ["bluff", "call", "--preset", "bluff", "--dice", "3 3 * 5 1 2 4", "--opponents", "7", "7", "7",
                "--bid", "10x3", "--history", "1:5x3 2:6x3 3:7x3 me:8x3 1:8x5 2:9x3 3:10x3"],
    "perudo model": ["bluff", "call", "--preset", "perudo", "--dice", "1 4 4 6 2", "--opponents", "5", "5", "5",
                     "--bid", "5x4", "--history", "1:3x4 2:4x4 3:5x4", "--model", "bluff_rate=0.3", "--json"],
    "endgame": ["bluff", "call", "--preset", "bluff", "--dice", "3", "--opponents", "1", "--bid", "1x4", "--json"],
}


@pytest.mark.slow
@pytest.mark.parametrize("name", FRESH_CALLS)
def test_a_question_at_the_table_starts_no_compiler(name, odds):
    """In a fresh process from a warm store (the first run warms it): neither numba nor pandas imported,
    and the answer the library gives in this process."""
    script = ("import sys; from analysis.cli.main import main; code = main(sys.argv[1:]); "
              "print(sorted(m for m in ('numba', 'pandas') if m in sys.modules), file=sys.stderr); sys.exit(code)")
    runs = [subprocess.run([sys.executable, "-c", script, *FRESH_CALLS[name]], capture_output=True, text=True)
            for _ in range(2)]
    assert runs[0].returncode == runs[1].returncode == 0, runs[0].stderr
    assert runs[1].stderr.strip() == "[]", runs[1].stderr
    library = odds(*FRESH_CALLS[name])
    assert library.code == 0 and runs[1].stdout == library.out
