"""The `odds backgammon` commands from docs/backgammon.md, as written."""

import pytest

from tests.conftest import assert_one_sentence_error


@pytest.mark.slow
def test_opening_31_json(odds):
    result = odds("backgammon", "moves", "--id", "4HPwATDgc/ABMA", "--roll", "31", "--json")
    assert result.code == 0, result.err
    data = result.json()
    assert data["count"] == 16 and len(data["plays"]) == 16
    assert {"8/5 6/5", "24/23 13/10", "13/10 6/5", "24/20", "6/2"} <= {p["play"] for p in data["plays"]}


def test_one_sided_bearoff_json(odds):
    data = odds("backgammon", "bearoff", "3 3 3 2 2 2", "--json").json()
    assert data["mean_rolls"] == pytest.approx(7.555, abs=6e-4)      # gnubg 1.07: 7.555
    assert data["rolls"]["8"] == pytest.approx(0.44874, abs=3e-5)    # gnubg 1.07: 44.874%
    assert sum(data["rolls"].values()) == pytest.approx(1.0)


def test_two_sided_bearoff_by_id(odds):
    data = odds("backgammon", "bearoff", "--id", "YAAAGAQAAAAAAA", "--json").json()
    assert data["exact"] and data["decision"] == "double, pass"
    assert data["win_chance"] == pytest.approx((1 + 0.7196) / 2, abs=1e-4)   # gnubg cubeless +0.7196
    owned = odds("backgammon", "bearoff", "--id", "YAAAGAQAAAAAAA", "--cube", "2", "--owner", "opponent",
                 "--json").json()
    assert owned["decision"].startswith("no double")


def test_shots_and_entry_json(odds):
    assert odds("backgammon", "shots", "--distance", "8", "--blocks", "4,6", "--json").json()["rolls"] == 4
    data = odds("backgammon", "entry", "--closed", "4", "--on-bar", "2", "--json").json()
    assert data["all_enter"] == 4 and data["fanned"] == 16


def _row(text: str, first: str) -> list[str]:
    """The words of the printed table row that starts with ``first``."""
    return next(line.split() for line in text.splitlines() if line.split()[:1] == [first])


@pytest.mark.slow
def test_tables_and_variants_print_the_known_figures(odds):
    shots = odds("backgammon", "shots").out
    assert _row(shots, "6")[1] == "17" and _row(shots, "7")[1] == "6"      # 6 away: 11 direct + 6 combined
    entry = odds("backgammon", "entry").out
    assert [words[2] for words in (line.split() for line in entry.splitlines()[1:])
            if words[:2] == ["3", "1"]] == ["27"]                        # 36 - 3 x 3 rolls enter one checker
    take = odds("backgammon", "takepoint").out
    assert _row(take, "0%")[1] == "25.0%" and _row(take, "0%")[-1] == "20.0%"   # dead and fully live cube
    from analysis.backgammon.variants import variant_table

    open_board = variant_table().iloc[0]
    assert _row(odds("backgammon", "variants").out, "0")[1:] == [f"{open_board.dutch_rolls:.2f}",
                                                                 f"{open_board.acey_deucey_turns:.2f}"]
    # 1:2 6:1 against 6:2: 2 + 6 = 8 pips against 12.
    assert odds("backgammon", "race", "--id", "YAAAGAQAAAAAAA").out.startswith("pips 8 vs 12;")
    # Dutch from the start: a 2-1 can only enter two checkers.
    dutch = odds("backgammon", "moves", "--roll", "21", "--rules", "dutch").out
    assert dutch.startswith("1 distinct plays of 21 (dutch)") and "start/23 start/24" in dutch


@pytest.mark.parametrize("argv", [
    ["moves", "--id", "4HPwATDgc/ABMA", "--roll", "71"],
    ["moves", "--id", "4HPwATDgc/ABM", "--roll", "31"],
    ["moves", "--position", "6:16 / 6:1", "--roll", "31"],
    ["moves", "--id", "4HPwATDgc/ABMA", "--roll", "31", "--rules", "hypergammon"],
    ["bearoff", "3 3 3"],
    ["bearoff", "3 3 3 2 2 2", "--cube", "2", "--owner", "on_roll"],
    ["bearoff", "--id", "4HPwATDgc/ABMA"],
    ["bearoff", "--id", "YAAAGAQAAAAAAA", "--cube", "3", "--owner", "opponent"],
    ["bearoff", "--id", "YAAAGAQAAAAAAA", "--cube", "1", "--owner", "on_roll"],
    ["opening", "--rule", "opening_double_cap=3"],
    ["opening", "--rule", "cube_max"],
    ["moves", "--roll", "31", "--rule", "no_such_field=1"],
    ["entry", "--closed", "²"],
    ["shots", "--distance", "٣"],
    ["bearoff", "--id", "YAAAGAQAAAAAAA", "--turn", "0"],
    ["shots", "--distance", "30"],
    ["entry", "--closed", "9"],
    ["race", "--id", "4HPwATDgc/ABMA"],
    ["takepoint", "--efficiency", "3"],
    ["moves", "--position", "", "--roll", "31"],
    ["moves", "--id", "", "--roll", "31"],
    ["moves", "--roll", "31", "--cube", "0"],
    ["entry", "--on-bar", "99999"],
    ["race", "--position", "off:15 / 1:1"],
    ["race", "--position", "1:1 / off:15"],
])
def test_bad_input_is_one_sentence(odds, argv):
    assert_one_sentence_error(odds("backgammon", *argv))


def test_errors_name_the_value_given(odds):
    # An empty position is not the opening; a cube of 0 is out of range before any work; the
    # entry table reports the count given, not where its loop stopped.
    assert "''" in odds("backgammon", "moves", "--position", "", "--roll", "31").err
    assert "0 is out of range for the cube" in odds("backgammon", "moves", "--roll", "31", "--cube", "0").err
    assert "99999 is out of range" in odds("backgammon", "entry", "--on-bar", "99999").err


def test_preset_and_rule_flags(odds):
    # --preset is the name in every game; --rules stays as the old spelling.
    dutch = odds("backgammon", "moves", "--preset", "dutch", "--id", "4HPwATDgc/ABMA", "--roll", "31", "--json")
    alias = odds("backgammon", "moves", "--rules", "dutch", "--id", "4HPwATDgc/ABMA", "--roll", "31", "--json")
    assert dutch.code == 0 and dutch.out == alias.out and dutch.json()["count"] == 16
    data = odds("backgammon", "opening", "--rule", "opening_double_cap=2", "--json").json()
    assert [(s["stake"], s["exact"]) for s in data["stakes"]] == [(1, "5/6"), (2, "1/6")]
    payouts = [line.split() for line in odds("backgammon", "variants", "--rule", "backgammon_value=4").out.splitlines()]
    assert ["1", "1", "2", "4"] in payouts  # cube 1: single, gammon, backgammon, as whole numbers
    first = odds("backgammon", "bearoff", "--id", "YAAAGAQAAAAAAA", "--turn", "1", "--json").json()
    assert first["decision"].startswith("no double") and not first["double"]
    early = odds("backgammon", "bearoff", "--id", "YAAAGAQAAAAAAA", "--turn", "1", "--rule", "first_double_turn=1",
                 "--json").json()
    assert early["decision"] == "double, pass"


def test_table_questions_do_not_load_numba():
    # shots / entry / variants / takepoint answer from enumeration and formulas alone.
    import subprocess
    import sys

    code = ("import sys; import analysis.cli.backgammon, analysis.backgammon.dice, analysis.backgammon.variants, "
            "analysis.backgammon.race; from analysis.backgammon import preset; "
            "sys.exit('numba' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


def test_table_commands_print_titled_tables_in_words(odds):
    take = odds("backgammon", "takepoint").out
    assert take.startswith("Money take points") and "25.0%" in take and "x=0" not in take
    variants = odds("backgammon", "variants").out
    assert "points blocked" in variants and "dutch_rolls" not in variants and ".0 " not in variants
    missing = odds("backgammon", "bearoff")
    assert missing.code == 2 and "six home-board counts" in missing.err and "--id" in missing.err \
        and "--position" in missing.err


def test_bearoff_answers_from_the_store_without_pandas_or_numba():
    """With the databases stored, a bear-off or cube question reads arrays: no pandas, no numba."""
    import subprocess
    import sys

    from analysis.backgammon import Position, bearoff_odds, cube_advice

    odds = bearoff_odds("3 3 3 2 2 2")                     # both databases into this session's store
    cube_advice("backgammon", Position.from_id("YAAAGAQAAAAAAA"))
    assert odds.rolls() == list(odds.distribution.items())  # the Series made on demand holds the same numbers
    for argv in (["bearoff", "3 3 3 2 2 2"], ["bearoff", "--id", "YAAAGAQAAAAAAA"]):
        code = ("import sys; from analysis.cli.main import main; "
                f"code = main(['backgammon', *{argv!r}]); "
                "print(code, sorted(m for m in ('pandas', 'numba') if m in sys.modules))")
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
        assert done.stdout.splitlines()[-1] == "0 []", (argv, done.stdout[-300:], done.stderr)


def test_acey_deucey_plays_with_checkers_still_to_enter(odds):
    # One checker waiting to enter, 14 on the 13-point, the opponent's 15 on my 12-point: the 1 of
    # a 31 cannot be played from 13, so the plays are entering (and moving on), or 13/10/9.
    argv = ("backgammon", "moves", "--preset", "acey_deucey", "--position", "start:1 13:14 / 13:15", "--roll", "31")
    shown = odds(*argv)
    assert shown.code == 0, shown.err
    assert shown.out.startswith("3 distinct plays of 31 (acey_deucey)")
    plays = odds(*argv, "--json").json()["plays"]
    assert {p["play"] for p in plays} == {"start/21", "start/24 13/10", "13/9"}
    # Every row in one column: the readable notation, as some results hold a checker to enter.
    assert all("position" in p and "position_id" not in p for p in plays)
    assert {p["position"] for p in plays} >= {"13:15 / 13:14 21:1"}


def test_bearoff_without_a_cube_answers_cubeless(odds):
    data = odds("backgammon", "bearoff", "--id", "YAAAGAQAAAAAAA", "--rule", "cube=false", "--json").json()
    assert data["win_chance"] == pytest.approx((1 + 0.7196) / 2, abs=1e-4)   # gnubg cubeless +0.7196
    assert data["decision"].startswith("none") and "double" not in data and "equity_no_double" not in data
    text = odds("backgammon", "bearoff", "--id", "YAAAGAQAAAAAAA", "--rule", "cube=false").out
    assert "cubeless" in text and "cubeful" not in text
    assert odds("backgammon", "bearoff", "--id", "YAAAGAQAAAAAAA", "--preset", "acey_deucey",
                "--json").json()["decision"].startswith("none")
    assert_one_sentence_error(odds("backgammon", "bearoff", "--id", "YAAAGAQAAAAAAA", "--rule", "cube=false",
                                   "--cube", "2", "--owner", "opponent"))
    assert_one_sentence_error(odds("backgammon", "bearoff", "--id", "YAAAGAQAAAAAAA", "--rule", "cube_max=16"))
