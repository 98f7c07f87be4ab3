"""Every input error of the question layer (:mod:`analysis.questions`, what ``odds`` and the page both ask) names
the input it is about (:attr:`analysis.errors.OddsError.field`), whatever words its sentence uses: one bad value
of each input of each question, and the field the error must name. The page puts the sentence beside that field;
the command prints it alone (exit code 2)."""

from __future__ import annotations

import pytest

from analysis.errors import OddsError
from analysis.questions import backgammon as bg, bluff, brag, yacht

XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10"


def _bluff():
    return bluff.rules("bluff")


def _brag():
    return brag.rules("brag3")


def _bg():
    return bg.rules("backgammon")


def _opening():
    return bg.setup(_bg())


#: (the question asked with one bad input, the field its error must name)
CASES = [
    # dice bidding
    (lambda: bluff.rules("poker"), "preset"),
    (lambda: bluff.rules("bluff", ["nosuch=1"]), "rule"),
    (lambda: bluff.rules("perudo", ["exact_call=maybe"]), "rule"),
    (lambda: bluff.rules("liars_dice", wild="9"), "wild"),
    (lambda: bluff.rules("bluff", palifico=True), "palifico"),
    (lambda: bluff.call(_bluff(), "3 3 7", "6 7", "7x3"), "dice"),
    (lambda: bluff.call(_bluff(), "3 3", "6 1000", "7x3"), "opponents"),
    (lambda: bluff.call(_bluff(), "3 3", "", "7x3"), "opponents"),
    (lambda: bluff.call(_bluff(), "3 3", "6 7", "7x9"), "bid"),
    (lambda: bluff.call(_bluff(), "3 3", "6 7", "7x3", bidder="3"), "bidder"),
    (lambda: bluff.call(_bluff(), "3 3", "6 7", "7x3", responder="9"), "responder"),
    (lambda: bluff.call(_bluff(), "3 3", "6 7", "6x3", history="1:5x3 2:4x3"), "history"),
    (lambda: bluff.call(_bluff(), "3 3", "6 7", "6x3", history="1:5x3 2:4x3 me:7x1"), "history"),
    (lambda: bluff.raises(_bluff(), "7x9"), "bid"),
    (lambda: bluff.raises(_bluff(), "7x3", max_count=10 ** 6), "max_count"),
    (lambda: bluff.opening(_bluff(), "3 3 7", "5"), "dice"),
    (lambda: bluff.opening(_bluff(), "3 3 1", "5 0"), "opponents"),
    (lambda: bluff.play(_bluff(), "3 3 1", "5", bot="random", search=True), "bot"),
    (lambda: bluff.play(_bluff(), "3 3 9", "5"), "dice"),
    (lambda: bluff.play(_bluff(), "3 3 1", "5", history="1:2x9"), "history"),
    (lambda: bluff.play(_bluff(), "3 3 1", "5", bot="psychic"), "bot"),
    (lambda: bluff.call(_bluff(), "3 3", "6 7", "7x3", model="zz"), "model"),
    (lambda: bluff.call(_bluff(), "3 3", "6 7", "7x3", rollouts=-1), "rollouts"),
    # Yacht
    (lambda: yacht.rules("poker"), "preset"),
    (lambda: yacht.advise(yacht.rules(), "6 6 6 2", "2"), "dice"),
    (lambda: yacht.advise(yacht.rules(), "6 6 6 2 1", "5"), "rolls"),
    (lambda: yacht.advise(yacht.rules(), "6 6 6 2 1", "2", "Nope"), "open"),
    (lambda: yacht.advise(yacht.rules(), "6 6 6 2 1", "2", score="-5"), "score"),
    (lambda: yacht.advise(yacht.rules(), "6 6 6 2 1", "2", upper="10"), "upper"),
    (lambda: yacht.advise(yacht.rules(), "6 6 6 2 1", "2", yacht_bonus=True), "yacht_bonus"),
    (lambda: yacht.advise(yacht.rules(), "6 6 6 2 1", "2", target="x"), "target"),
    (lambda: yacht.advise(yacht.rules(), "6 6 6 2 1", "2", opponents=["190:Nope"]), "opponents"),
    (lambda: yacht.simulate("yacht_kr", games="1"), "games"),
    (lambda: yacht.simulate("yacht_kr", games="2", seed="-1"), "seed"),
    # Brag: every question's hand, money, opponents, rounds, range and history
    (lambda: brag.rules("poker"), "preset"),
    (lambda: brag.rules("brag3", ["nosuch=1"]), "rule"),
    (lambda: brag.hand(_brag(), ["KS KH"]), "hand"),
    (lambda: brag.equity(_brag(), "KS KH KH", 1), "hand"),
    (lambda: brag.equity(_brag(), "KS KH 7D", "100"), "opponents"),
    (lambda: brag.equity(_brag(), "KS KH 7D", "x"), "opponents"),
    (lambda: brag.equity(_brag(), "KS KH 7D", 1, against="nothing"), "against"),
    (lambda: brag.see(_brag(), "KS KX 7D", "10", "2"), "hand"),
    (lambda: brag.see(_brag(), "KS KH 7D", "-5", "2"), "pot"),
    (lambda: brag.see(_brag(), "KS KH 7D", "abc", "2"), "pot"),
    (lambda: brag.see(_brag(), "KS KH 7D", "10", "0"), "stake"),
    (lambda: brag.see(_brag(), "KS KH 7D", "10", "2", against="nothing"), "against"),
    (lambda: brag.see(_brag(), "KS KH 7D", "10", "2", opponent_sees=2.0), "opponent_sees"),
    (lambda: brag.stay(_brag(), "KS KH", "10", "2", "2"), "hand"),
    (lambda: brag.stay(_brag(), "KS KH 7D", "10", "2", "9"), "opponents"),
    (lambda: brag.stay(_brag(), "KS KH 7D", "-1", "2", "2"), "pot"),
    (lambda: brag.stay(_brag(), "KS KH 7D", "10", "-2", "2"), "stake"),
    (lambda: brag.stay(_brag(), "KS KH 7D", "10", "2", "2", model="psychic"), "model"),
    (lambda: brag.stay(_brag(), "KS KH 7D", "10", "2", "2", history="shout"), "history"),
    (lambda: brag.stay(_brag(), "KS KH 7D", "10", "2", "4", opponent_stays=3), "opponent_stays"),
    (lambda: brag.blind(_brag(), "-1", "2", "1"), "pot"),
    (lambda: brag.blind(_brag(), "10", "-2", "1"), "stake"),
    (lambda: brag.blind(_brag(), "10", "2", "1000"), "rounds"),
    (lambda: brag.blind(_brag(), "10", "2", "1", against="nothing"), "against"),
    # Backgammon: the position (each way of giving it), the cube, the match score, the roll, each figure
    (lambda: bg.rules("poker"), "preset"),
    (lambda: bg.rules("backgammon", ["nosuch=1"]), "rule"),
    (lambda: bg.setup(_bg(), id="zz"), "id"),
    (lambda: bg.setup(_bg(), position="6:16 / 6:15"), "position"),
    (lambda: bg.setup(_bg(), xgid="XGID=zz"), "xgid"),
    (lambda: bg.setup(_bg(), id="4HPwATDgc/ABMA", match_id="zz"), "match_id"),
    (lambda: bg.setup(_bg(), match_id="cAmgABAAEAAA"), "match_id"),
    (lambda: bg.setup(_bg(), id="4HPwATDgc/ABMA", xgid=XGID), "xgid"),
    (lambda: bg.setup(_bg(), position="6:5 / 6:5", xgid=XGID), "xgid"),
    (lambda: bg.setup(_bg(), xgid=XGID, cube="2"), "cube"),
    (lambda: bg.setup(_bg(), xgid=XGID, owner="opponent"), "owner"),
    (lambda: bg.setup(_bg(), xgid=XGID, match="5"), "match"),
    (lambda: bg.setup(_bg(), xgid=XGID, score="2-1"), "score"),
    (lambda: bg.setup(_bg(), cube="3"), "cube"),
    (lambda: bg.setup(_bg(), cube="100"), "cube"),
    (lambda: bg.setup(_bg(), owner="nobody"), "owner"),
    (lambda: bg.setup(_bg(), cube="1", owner="on_roll"), "owner"),
    (lambda: bg.setup(_bg(), match="30", score="1-1"), "match"),
    (lambda: bg.setup(_bg(), match="5"), "score"),
    (lambda: bg.setup(_bg(), score="1-1"), "match"),
    (lambda: bg.setup(_bg(), match="5", score="7-1"), "score"),
    (lambda: bg.setup(_bg(), match="5", score="two-one"), "score"),
    (lambda: bg.setup(_bg(), match="5", score="1-1", crawford=True), "score"),
    (lambda: bg.setup(_bg(), crawford=True), "crawford"),
    (lambda: bg.moves(_bg(), _opening(), "71"), "roll"),
    (lambda: bg.hint(_bg(), _opening(), "71"), "roll"),
    (lambda: bg.hint(_bg(), _opening(), None), "roll"),
    (lambda: bg.hint(_bg(), _opening(), "31", "5"), "ply"),
    (lambda: bg.evaluation(_bg(), _opening(), "x"), "ply"),
    (lambda: bg.cube(_bg(), _opening(), "5"), "ply"),
    (lambda: bg.bearoff(_bg(), bg.setup(_bg(), match="5", score="1-1")), "score"),
    (lambda: bg.shots("25"), "distance"),
    (lambda: bg.shots("6", "4,x"), "blocks"),
    (lambda: bg.entry("9"), "closed"),
    (lambda: bg.entry("2", "20"), "on_bar"),
    (lambda: bg.match("backgammon", "psychic,pips"), "bots"),
    (lambda: bg.match("backgammon", "pips"), "bots"),
    (lambda: bg.match("backgammon", "pips,random", games="0"), "games"),
    (lambda: bg.match("backgammon", "pips,random", games="2", seed_="-1"), "seed"),
    (lambda: bg.match("backgammon", "pips,random", points="40"), "points"),
]


@pytest.mark.parametrize("ask, field", CASES, ids=[f"{i}-{field}" for i, (_, field) in enumerate(CASES)])
def test_each_bad_input_names_its_field(ask, field):
    with pytest.raises(OddsError) as raised:
        ask()
    assert raised.value.field == field, str(raised.value)
    sentence = str(raised.value)
    assert "\n" not in sentence and sentence.rstrip().endswith((".", "?")), sentence


#: What the answers of a race or a bear-off say of a position that is neither: a note on the question as a whole
#: (the page shows it beside the answer), not an error of one input.
NOT_THIS_QUESTION = [lambda: bg.race(_opening()), lambda: bg.bearoff(_bg(), _opening()),
                     # ... and so does the decision asked of a round where it is not my turn.
                     lambda: bluff.play(_bluff(), "3 3 1", "5", history="me:2x3")]


@pytest.mark.parametrize("ask", NOT_THIS_QUESTION)
def test_an_answer_the_question_has_not_names_no_field(ask):
    with pytest.raises(OddsError) as raised:
        ask()
    assert raised.value.field is None
