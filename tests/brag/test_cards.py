"""Card and hand parsing: round trips over random hands and one clear error for each kind of bad input."""

import pytest
from hypothesis import given, settings, strategies as st

from analysis.brag import format_hand, parse_cards, parse_hand, parse_hands
from analysis.brag.showdown.cards import format_card, parse_card
from analysis.errors import InvalidCards

RANK_SPELLINGS = {8: ["T", "t", "10"]}
SUIT_SPELLINGS = [["c", "C", "♣", "♧"], ["d", "D", "♦", "♢"], ["h", "H", "♥", "♡"],
                  ["s", "S", "♠", "♤"]]
RANKS = "23456789TJQKA"


@st.composite
def spelled_hand(draw, size=None):
    """Distinct cards, each spelled in a random accepted way, joined by random separators."""
    n = size if size is not None else draw(st.integers(1, 8))
    cards = draw(st.lists(st.integers(0, 51), min_size=n, max_size=n, unique=True))
    words = []
    for card in cards:
        rank, suit = divmod(card, 4)
        rank_text = draw(st.sampled_from(RANK_SPELLINGS.get(rank, [RANKS[rank], RANKS[rank].lower()])))
        words.append(rank_text + draw(st.sampled_from(SUIT_SPELLINGS[suit])))
    separators = [draw(st.sampled_from([" ", ", ", "  ", ";", "\t"])) for _ in words[1:]]
    text = words[0] + "".join(sep + word for sep, word in zip(separators, words[1:]))
    return cards, text


@given(spelled_hand())
def test_any_spelling_parses_to_the_same_cards(case):
    cards, text = case
    assert parse_cards(text) == tuple(cards)


@given(st.lists(st.integers(0, 51), min_size=1, max_size=10, unique=True), st.booleans())
def test_formatting_round_trips(cards, ascii_only):
    assert parse_cards(format_hand(cards, ascii_only)) == tuple(cards)


@settings(max_examples=60)
@given(spelled_hand(), st.data())
def test_a_repeated_card_is_refused(case, data):
    cards, text = case
    again = data.draw(st.sampled_from(cards))
    with pytest.raises(InvalidCards, match="appears twice"):
        parse_cards(f"{text} {format_card(again, ascii_only=True).lower()}")


@given(st.text(alphabet="XYZ01!?bBeE", min_size=1, max_size=4))
def test_garbage_is_refused_with_one_sentence(token):
    with pytest.raises(InvalidCards) as error:
        parse_card(token)
    message = str(error.value)
    assert message.endswith(".") and "\n" not in message and repr(token)[1:-1] in message


def test_examples_from_the_issue():
    assert parse_hand("AS KH 7D") == parse_hand("A♠ K♥ 7♦") == parse_hand("as kh 7d")
    assert parse_card("10c") == parse_card("Tc") == 8 * 4 + 0
    assert format_card(parse_card("10♥")) == "T♥"


@pytest.mark.parametrize("text,size,message", [
    ("KS KH", 3, "has 2 cards"),
    ("KS KH 7D 2C", 3, "has 4 cards"),
    ("KS KH 7D", 4, "has 3 cards"),
    ("KS KX 7D", 3, "not a card"),
    ("KS 1H 7D", 3, "not a card"),
    ("", 3, "holds no cards"),
    ("KS KS 7D", 3, "appears twice"),
])
def test_bad_hands(text, size, message):
    with pytest.raises(InvalidCards, match=message):
        parse_hand(text, size)


def test_a_card_held_by_two_players_is_refused():
    assert len(parse_hands(["AS KH 7D", "AD KD 7C"])) == 2
    with pytest.raises(InvalidCards, match="both hand 1 and hand 3"):
        parse_hands(["AS KH 7D", "2C 3C 4C", "QS QD AS"])


def test_format_hands_names_every_row_like_format_hand():
    from analysis.brag.showdown.cards import format_hands
    from analysis.brag.showdown.tables import colex_hands

    hands = colex_hands(4)[::97]
    assert format_hands(hands) == [format_hand(h) for h in hands]
