"""The house table format: numbers as a reader expects them, never NaN."""

import numpy as np
import pandas as pd

from analysis.tables import format_number, markdown_table, percent_interval


def test_whole_numbers_print_without_decimals_and_with_thousands_separators():
    assert format_number(470606.0) == "470,606"
    assert format_number(np.int64(22100)) == "22,100"
    assert format_number(-3.0, signed=True) == "-3"


def test_chances_print_as_percentages_that_never_round_to_certain_or_impossible():
    assert format_number(0.5, percent=True) == "50.0%"
    assert format_number(8.2857e-05, percent=True, digits=3) == "0.008%"
    assert format_number(8.2857e-05, percent=True) == "< 0.1%"
    assert format_number(0.99997, percent=True) == "> 99.9%"
    assert format_number(1.0, percent=True) == "100.0%"
    assert format_number(0.0, percent=True) == "0.0%"
    assert percent_interval(0.2412, 0.2634) == "24.1–26.3%"


def test_a_missing_value_is_a_dash():
    assert format_number(float("nan")) == "—"
    assert format_number(None) == "—"


def test_a_frame_becomes_a_markdown_table_with_words_for_headers():
    frame = pd.DataFrame({"first_roll_chance": [0.046, np.nan], "hands": [52.0, 3744.0]},
                         index=pd.Index(["Chase Off", "Choice"], name="box"))
    lines = markdown_table(frame, percent=["first_roll_chance"]).splitlines()
    assert lines[0] == "| box       | first roll chance | hands |"
    assert lines[1] == "|:----------|------------------:|------:|"
    assert lines[2] == "| Chase Off |              4.6% |    52 |"
    assert lines[3] == "| Choice    |                 — | 3,744 |"
    assert markdown_table(frame, rename={"hands": "deals"}).splitlines()[0].endswith("| deals |")
