import pytest
from hypothesis import given, strategies as st

from analysis.bluff import (BLUFF, LIARS_DICE, PERUDO, Bid, check_raise, format_bid, is_raise, legal_raises, parse_bid,
                            parse_dice, preset)
from analysis.bluff.bids import all_bids
from analysis.errors import InvalidArgument, InvalidBid, InvalidDice, InvalidRules

ALL = [BLUFF, PERUDO, LIARS_DICE, preset("liars_dice", wild=6)]


# ------------------------------------------------------------------ docs/rules.md examples (Bluff's track)
def test_bluff_track_order_as_in_the_rules():
    # "1, *1, 2, 3, *2, 4, 5, *3, 6, 7, *4": the star bid of k between 2k-1 and 2k.
    fields = []
    for bid in all_bids(BLUFF, 7):
        name = format_bid(BLUFF, bid)
        field = name if name.startswith("*") else name.split("x")[0]
        if not fields or fields[-1] != field:
            fields.append(field)
    assert fields == ["1", "*1", "2", "3", "*2", "4", "5", "*3", "6", "7", "*4", "*5", "*6", "*7"][:len(fields)]
    assert fields[:11] == ["1", "*1", "2", "3", "*2", "4", "5", "*3", "6", "7", "*4"]


@pytest.mark.parametrize("face", [1, 2, 3, 4, 5])
def test_star_two_raises_any_bid_of_three(face):
    assert is_raise(BLUFF, Bid(3, face), Bid(2, 6))


def test_from_star_two_any_four_is_legal_and_no_three():
    for face in range(1, 6):
        assert is_raise(BLUFF, Bid(2, 6), Bid(4, face))
        assert not is_raise(BLUFF, Bid(2, 6), Bid(3, face))


def test_same_count_needs_a_higher_face_and_more_dice_allow_any():
    assert is_raise(BLUFF, parse_bid(BLUFF, "6x4"), parse_bid(BLUFF, "6x5"))
    assert not is_raise(BLUFF, parse_bid(BLUFF, "6x4"), parse_bid(BLUFF, "6x2"))
    assert is_raise(BLUFF, parse_bid(BLUFF, "6x4"), parse_bid(BLUFF, "7x1"))
    # "6 x 3 -> *2 -> 6 x 4" from the rules' worked example: three sixes... raised by two stars
    assert is_raise(LIARS_DICE, parse_bid(LIARS_DICE, "3x6"), parse_bid(LIARS_DICE, "4x1"))


def test_star_bid_after_three_of_a_number_then_four():
    # Three sixes (here any face of count 3) -> two stars -> four sixes
    assert is_raise(BLUFF, Bid(3, 5), Bid(2, 6)) and is_raise(BLUFF, Bid(2, 6), Bid(4, 5))


# ------------------------------------------------------------------ Perudo's switching
@pytest.mark.parametrize("count", range(1, 15))
def test_perudo_switch_to_pacos_needs_half_rounded_up(count):
    need = -(-count // 2)
    assert is_raise(PERUDO, Bid(count, 4), Bid(need, 1))
    if need > 1:
        assert not is_raise(PERUDO, Bid(count, 4), Bid(need - 1, 1))


@pytest.mark.parametrize("pacos", range(1, 8))
def test_perudo_switch_back_needs_twice_plus_one(pacos):
    assert is_raise(PERUDO, Bid(pacos, 1), Bid(2 * pacos + 1, 2))
    assert not is_raise(PERUDO, Bid(pacos, 1), Bid(2 * pacos, 6))


def test_perudo_may_not_open_on_pacos_but_bluff_may_open_on_stars():
    assert not is_raise(PERUDO, None, Bid(2, 1))
    with pytest.raises(InvalidBid, match="opening"):
        check_raise(PERUDO, None, Bid(2, 1))
    assert is_raise(BLUFF, None, Bid(1, 6))
    assert is_raise(PERUDO.with_fields(opening_on_joker=True), None, Bid(2, 1))


def test_palifico_keeps_the_face_and_raises_the_count():
    assert is_raise(PERUDO, Bid(2, 3), Bid(3, 3), palifico_round=True)
    assert not is_raise(PERUDO, Bid(2, 3), Bid(3, 4), palifico_round=True)
    assert is_raise(PERUDO, None, Bid(1, 1), palifico_round=True)
    assert [b.count for b in legal_raises(PERUDO, Bid(2, 5), 5, palifico_round=True)] == [3, 4, 5]


# ------------------------------------------------------------------ properties
bids = st.builds(Bid, st.integers(1, 40), st.integers(1, 6))


@pytest.mark.parametrize("rules", ALL, ids=lambda r: r.name + str(r.joker))
@given(a=bids, b=bids, c=bids)
def test_raise_is_a_strict_total_order(rules, a, b, c):
    assert not is_raise(rules, a, a)
    if a != b:
        assert is_raise(rules, a, b) != is_raise(rules, b, a)
    if is_raise(rules, a, b) and is_raise(rules, b, c):
        assert is_raise(rules, a, c)


@pytest.mark.parametrize("rules", ALL, ids=lambda r: r.name + str(r.joker))
@given(previous=bids, reach=st.integers(0, 6))
def test_legal_raises_are_exactly_the_later_bids_in_order(rules, previous, reach):
    limit = previous.count + reach
    raises = legal_raises(rules, previous, limit)
    everything = [Bid(n, f) for n in range(1, limit + 1) for f in range(1, 7)]
    assert set(raises) == {b for b in everything if is_raise(rules, previous, b)}
    assert all(is_raise(rules, x, y) for x, y in zip(raises, raises[1:]))


@pytest.mark.parametrize("rules", ALL, ids=lambda r: r.name + str(r.joker))
@given(bid=bids)
def test_bid_text_round_trips(rules, bid):
    assert parse_bid(rules, format_bid(rules, bid)) == bid


@given(dice=st.lists(st.sampled_from("12345*★S"), min_size=1, max_size=12), sep=st.sampled_from([" ", ", ", "  "]))
def test_bluff_dice_parse_any_spelling_of_the_star(dice, sep):
    parsed = parse_dice(BLUFF, sep.join(dice))
    assert parsed == tuple(6 if d in "*★S" else int(d) for d in dice)


@given(text=st.text(min_size=1, max_size=12))
def test_parsers_raise_only_our_errors(text):
    for rules in ALL:
        for parse, error in ((parse_dice, InvalidDice), (parse_bid, InvalidBid)):
            try:
                parse(rules, text)
            except error as problem:
                assert str(problem).endswith(".") and "\n" not in str(problem)


# ------------------------------------------------------------------ spellings and errors
@pytest.mark.parametrize("text,expected", [
    ("7x4", Bid(7, 4)), ("7 x 4", Bid(7, 4)), ("7×4", Bid(7, 4)), ("7 fours", Bid(7, 4)),
    ("1 four", Bid(1, 4)), ("*3", Bid(3, 6)), ("★3", Bid(3, 6)), ("3 stars", Bid(3, 6)), ("3x*", Bid(3, 6)),
])
def test_bluff_bid_spellings(text, expected):
    assert parse_bid(BLUFF, text) == expected


def test_perudo_paco_spellings():
    assert parse_bid(PERUDO, "2 pacos") == Bid(2, 1) == parse_bid(PERUDO, "2x1")
    assert parse_bid(PERUDO, "3 sixes") == Bid(3, 6)


@pytest.mark.parametrize("text", ["7x6", "7 sixes", "0x3", "seven fours", "7x", "x4", ""])
def test_bad_bluff_bids(text):
    with pytest.raises(InvalidBid):
        parse_bid(BLUFF, text)


@pytest.mark.parametrize("text", ["3 3 7", "0", "3 3 x", "", "6 6"])
def test_bad_bluff_dice(text):
    with pytest.raises(InvalidDice):
        parse_dice(BLUFF, text)


def test_check_raise_explains():
    with pytest.raises(InvalidBid, match="not a legal raise of 6x4"):
        check_raise(BLUFF, Bid(6, 4), Bid(6, 2))


def test_unknown_preset_and_wild_misuse():
    with pytest.raises(InvalidRules, match="choose from"):
        preset("yahtzee")
    with pytest.raises(InvalidRules):
        preset("bluff", wild=6)
    with pytest.raises(InvalidRules):
        preset("liars_dice", wild=7)
    with pytest.raises(InvalidRules, match="not a dice-bidding rule field"):
        BLUFF.with_fields(stars=False)


def test_house_rule_copy_keeps_the_star_die():
    five_each = BLUFF.with_fields(name="bluff_five_each", box_dice=None, dice_per_player=5)
    assert parse_dice(five_each, "3 * 5") == (3, 6, 5)
    assert format_bid(five_each, parse_bid(five_each, "3 stars")) == "*3"
    assert five_each.starting_dice(4) == 5


@pytest.mark.parametrize("field,value", [("next_opener", "challanger"), ("challenge_loss", "two"),
                                         ("exact_call", "spot-on"), ("joker", 7), ("joker_place_after", 3)])
def test_house_rule_values_are_checked(field, value):
    with pytest.raises(InvalidRules, match=field):
        BLUFF.with_fields(**{field: value})


def test_bids_read_and_raise_under_the_rules_given_first():
    bid = parse_bid(PERUDO, "3x4")
    assert bid == Bid(3, 4)
    assert Bid(2, 1) in legal_raises(PERUDO, bid, 4)
    assert is_raise(PERUDO, bid, Bid(2, 1))
    assert not is_raise(PERUDO, bid, Bid(1, 1))
    assert format_bid(BLUFF, Bid(3, 6)) == "*3"


def test_preset_takes_a_name_or_rules_and_checks_fields_when_made():
    import dataclasses

    assert preset(PERUDO) is PERUDO and preset("Liar's Dice") is LIARS_DICE
    house = preset(PERUDO, exact_call=None, palifico=False)
    assert (house.exact_call, house.palifico, house.joker) == (None, False, 1)
    assert preset(house, exact_call="calza").exact_call == "calza"
    assert preset("liars_dice", wild=6, exact_call=None) == preset("liars_dice", joker=6, joker_name=None,
                                                                    exact_call=None)
    for bad in ({"dice_per_player": 0}, {"dice_per_player": 31}, {"max_players": 7}, {"palifico": "yes"},
                {"min_players": 4, "max_players": 3}, {"box_dice": 1}, {"joker": True}, {"title": ""}):
        field = next(iter(bad))
        with pytest.raises(InvalidRules, match=field):
            preset("perudo", **bad)
        # A copy made any other way is checked just the same.
        with pytest.raises(InvalidRules, match=field):
            dataclasses.replace(PERUDO, **bad)


def test_bid_counts_and_listed_counts_are_bounded_before_building():
    assert parse_bid(BLUFF, "1000x3") == Bid(1000, 3)
    for text in ("1001x3", "1000000 threes", "*99999999999999999999"):
        with pytest.raises(InvalidBid, match="1-1,000"):
            parse_bid(BLUFF, text)
    with pytest.raises(InvalidArgument, match="cannot be listed"):
        legal_raises(BLUFF, Bid(3, 4), 10 ** 8)
    assert len(all_bids(BLUFF, 2000)) == 12000
