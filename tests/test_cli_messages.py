"""A bad value is quoted on one line, whatever it holds: newlines, terminal escapes, separators."""

import pytest

from tests.conftest import assert_one_sentence_error

#: A newline, a terminal colour escape and a Unicode line separator inside one value.
HOSTILE = "7x3\nfoo\x1b[31m\u2028z"
SHOWN = r"'7x3\nfoo\x1b[31m\u2028z'"


@pytest.mark.parametrize("argv", [
    ["bluff", "odds", "--unknown", "5", "--bid", HOSTILE],                  # the game's own sentence
    ["bluff", "odds", "--bid", "3x3", "--unknown", HOSTILE],                # argparse's type check
    ["backgammon", "moves", "--roll", "31", "--position", HOSTILE],
    ["yacht", "odds", "--rule", f"upper_bonus={HOSTILE}"],                  # a rule value
    ["brag", "equity", "KS KH 7D", "--against", HOSTILE],
])
def test_a_value_with_control_characters_is_quoted_on_one_line(odds, argv):
    result = odds(*argv)
    assert_one_sentence_error(result)
    assert SHOWN in result.err, result.err
    assert "\x1b" not in result.err and "\u2028" not in result.err


def test_a_foreign_digit_beside_a_newline_stays_on_one_line(odds):
    result = odds("bluff", "odds", "--unknown", "²\n", "--bid", "3x3")
    assert_one_sentence_error(result)
    assert r"'²\n'" in result.err


def test_the_api_sentence_is_one_line_too():
    from analysis.bluff import parse_bid, preset
    from analysis.errors import InvalidBid

    with pytest.raises(InvalidBid) as raised:
        parse_bid(preset("bluff"), "7x3\n8x4")
    assert str(raised.value).count("\n") == 0 and r"'7x3\n8x4'" in str(raised.value)
