"""``odds brag``: the commands of docs/brag.md, exactly as written, and one-sentence errors."""

import pytest

from tests.brag.test_equity import brute_heads_up
from tests.conftest import assert_one_sentence_error


def test_freq_brag3_json(odds):
    result = odds("brag", "freq", "--preset", "brag3", "--json")
    assert result.code == 0, result.err
    report = result.json()
    assert report["total_hands"] == 22100 and report["distinct_strengths"] == 741
    counts = {row["class"]: row["hands"] for row in report["classes"]}
    assert counts == {"prial": 52, "running_flush": 48, "run": 720, "flush": 1096, "pair": 3744,
                      "high_card": 16440}


def test_freq_brag4_json(odds):
    report = odds("brag", "freq", "--preset", "brag4", "--json").json()
    assert report["total_hands"] == 270725
    assert sum(row["hands"] for row in report["classes"]) == 270725


def test_equity_one_opponent_json(odds):
    report = odds("brag", "equity", "KS KH 7D", "--opponents", "1", "--json").json()
    assert report["exact"] is True
    assert report["win"] + report["tie"] + report["lose"] == pytest.approx(1)
    # Against the brute-force showdown over the reference ranking, not the API under test.
    beats, ties, total = brute_heads_up("KS KH 7D")
    assert (report["win"], report["tie"], report["deals"]) == (beats / total, ties / total, total)


def test_equity_four_opponents_seeded_json(odds):
    first = odds("brag", "equity", "KS KH 7D", "--opponents", "4", "--seed", "7", "--json")
    again = odds("brag", "equity", "KS KH 7D", "--opponents", "4", "--seed", "7", "--json")
    assert first.out == again.out
    report = first.json()
    assert report["exact"] is False and report["seed"] == 7 and 0 < report["standard_error"] < 0.001
    assert 0.5 < report["equity"] < 0.8


def test_see_json(odds):
    report = odds("brag", "see", "--hand", "QS QD 4C", "--pot", "40", "--stake", "5", "--json").json()
    assert set(report["values"]) == {"fold", "see", "bet"}
    assert report["best"] in report["values"] and report["assumptions"]
    # Seeing pays 2 x 5 to win the pot of 40 + 2 x 5 and loses ties (docs/rules.md).
    beats, _, total = brute_heads_up("QS QD 4C")
    assert report["values"]["see"] == pytest.approx(beats / total * 50 - 10)


def test_duplicate_card_is_one_sentence(odds):
    result = odds("brag", "equity", "KS KS 7D", "--opponents", "1")
    assert_one_sentence_error(result)
    assert "K♠" in result.err


@pytest.mark.parametrize("argv", [
    ("brag", "freq", "--preset", "poker"),
    ("brag", "equity", "KS KH", "--opponents", "1"),
    ("brag", "equity", "KS KH 7X"),
    ("brag", "equity", "KS KH 7D", "--opponents", "0"),
    ("brag", "equity", "KS KH 7D", "--opponents", "three"),
    ("brag", "equity", "KS KH 7D", "--opponents", "3", "--against", "pair+"),
    ("brag", "equity", "KS KH 7D", "--against", "nonsense"),
    ("brag", "equity", "KS KH 7D", "--against", "pair+", "--simulate"),
    ("brag", "see", "--hand", "QS QD 4C", "--pot", "40", "--stake", "-5"),
    ("brag", "see", "--hand", "QS QD 4C", "--pot", "forty", "--stake", "5"),
    ("brag", "see", "--pot", "40", "--stake", "5"),
    ("brag", "hand", "AS KS QS", "AS 2D 3C"),
    ("brag", "blind", "--pot", "10", "--stake", "2", "--rounds", "-1"),
    ("brag", "equity", "AS KS QS JS", "--preset", "brag3"),
    ("brag", "table", "--out", "/no/such/folder/table.csv"),
])
def test_bad_input_is_one_sentence(odds, argv):
    assert_one_sentence_error(odds(*argv))


def test_text_outputs(odds):
    text = odds("brag", "freq", "--preset", "teen_patti").out
    assert "Running flush" in text and "22,100 hands" in text
    text = odds("brag", "hand", "AS 2D 3C", "KH KD 7S").out
    assert "Run, A-2-3" in text and "Hand 1 wins." in text
    text = odds("brag", "stay", "--hand", "QS QD 4C", "--pot", "40", "--stake", "5", "--opponents", "1").out
    assert "Assumptions:" in text and "exactly" in text
    text = odds("brag", "blind", "--pot", "20", "--stake", "2", "--against", "pair+").out
    assert "blind" in text and "look" in text
    text = odds("brag", "equity", "AS KS QS JD", "--preset", "brag4").out
    assert "one opponent" in text and "194,580" in text


def test_hand_json_and_table(odds, tmp_path):
    report = odds("brag", "hand", "AS 2D 3C", "AH KH QH", "--json").json()
    assert report["winners"] == [2] and report["hands"][0]["class"] == "run"
    out = tmp_path / "table.csv"
    result = odds("brag", "table", "--out", str(out))
    assert result.code == 0 and "22,100" in result.out
    lines = out.read_text().splitlines()
    assert len(lines) == 22101 and lines[0].startswith("hand,strength,class")


def test_a_one_hand_question_does_not_import_pandas():
    # pandas takes about half a second to import; a table question needs it, a single hand does not.
    import subprocess
    import sys

    code = ("import sys; from analysis.brag import equity, see_or_bet; equity('brag3', 'KS KH 7D'); "
            "see_or_bet('brag3', 'QS QD 4C', 40, 5); print('pandas' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"


def test_every_hand_command_takes_the_hand_first_or_as_hand_option(odds):
    for command in ("equity", "see", "stay"):
        extra = () if command == "equity" else ("--pot", "40", "--stake", "5")
        first = odds("brag", command, "QS QD 4C", *extra)
        option = odds("brag", command, "--hand", "QS QD 4C", *extra)
        assert first.code == option.code == 0 and first.out == option.out
    missing = odds("brag", "see", "--pot", "40", "--stake", "5")
    assert missing.code == 2 and "Give your hand" in missing.err
    both = odds("brag", "stay", "QS QD 4C", "--hand", "QS QD 5C", "--pot", "40", "--stake", "5")
    assert both.code == 2 and "Two hands given" in both.err


def test_solve_brag3_reaches_the_target(odds):
    report = odds("brag", "solve", "--preset", "brag3", "--json").json()
    assert report["exploitability"] <= 0.001
    assert report["first_player_value"] == pytest.approx(-report["second_player_value"])
    assert report["units"] == "chips per ante" and report["seconds"] > 0


@pytest.mark.slow
def test_solve_teen_patti_with_a_longer_ladder(odds):
    result = odds("brag", "solve", "--preset", "teen_patti", "--ante", "1", "--stakes", "1,2,4", "--raises", "3",
                  "--json")
    assert result.code == 0, result.err
    report = result.json()
    assert report["exploitability"] <= 0.001 and "1, 2, 4" in report["betting"]


def test_strategy_reads_the_solved_game(odds):
    report = odds("brag", "strategy", "--preset", "brag3", "--hand", "QS QD 4C", "--history", "blind,look,bet",
                  "--json").json()
    # Player 1 looked and bet; player 0 is still blind: a mix that cannot depend on the cards.
    assert report["player"] == 0 and report["blind"] is True
    assert set(report["mix"]) == {"look", "blind", "blind raise 2", "see"}
    assert sum(report["mix"].values()) == pytest.approx(1.0)
    assert sum(report["after_looking"].values()) == pytest.approx(1.0)
    text = odds("brag", "strategy", "--hand", "QS QD 4C", "--history", "look").out
    assert "first player to act after look" in text          # a look keeps the turn
    # At an equilibrium the action the mix plays most is (to the solve's accuracy) the best reply.
    looked = odds("brag", "strategy", "--hand", "QS QD 4C", "--history", "look", "--json").json()
    most = max(looked["mix"], key=looked["mix"].get)
    assert looked["values"][most] >= max(looked["values"].values()) - 0.01


def test_bad_betting_structures_are_one_sentence(odds):
    for arguments in (["--raises", "-1"], ["--stakes", "2,1"], ["--rule", "blind_stake=0.4"]):
        result = odds("brag", "solve", "--preset", "brag3", *arguments)
        assert_one_sentence_error(result)
    result = odds("brag", "strategy", "--hand", "QS QD 4C", "--history", "look,fold,bet")
    assert_one_sentence_error(result)


def test_strategy_from_the_store_loads_neither_numba_nor_pandas(odds):
    # The table question must answer fast in a fresh process: the solved game comes from the store.
    import subprocess
    import sys

    assert odds("brag", "strategy", "--hand", "QS QD 4C", "--history", "look").code == 0   # warms the store
    code = ("import sys; from analysis.cli.main import main; sys.argv = ['odds', 'brag', 'strategy', '--hand', "
            "'QS QD 4C', '--history', 'look']; main(); print('numba' in sys.modules, 'pandas' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip().splitlines()[-1] == "False False"
