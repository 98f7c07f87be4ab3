"""``odds bluff call``'s plain path: the library's answers, computed without numpy.

The plain path (``advise_call(..., plain=True)``: ``odds.count_row`` and ``_plain_beliefs``)
must print what the numpy path prints, digit for digit, text and JSON, for every preset,
with and without a history; and the command must answer without importing numpy, numba
or pandas.
"""

import json
import os
import random
import subprocess
import sys

import numpy as np
import pytest

from analysis.bluff import BiddingModel, Turn, legal_raises, parse_bid, preset
from analysis.bluff._count_tables import count_tables
from analysis.bluff._plain_beliefs import convolve, pairwise_sum
from analysis.bluff.advice import advise_call
from analysis.bluff.odds import count_row
from analysis.cli.common import to_plain
from tests.conftest import ROOT

RULES = {
    "bluff": preset("bluff"),
    "perudo": preset("perudo"),
    "perudo-no-calza": preset("perudo", exact_call=None),
    "liars_dice": preset("liars_dice"),
    "liars_dice-sixes-wild": preset("liars_dice", wild=6),
    "bluff-one-die-a-miss": preset("bluff", challenge_loss="one", exact_call="spot_on"),
}


def test_count_rows_are_the_stored_tables_to_the_last_bit():
    pmf, sf = count_tables()
    for kind in (0, 1):
        for unknown in range(pmf.shape[1]):
            plain_pmf, plain_sf = count_row(kind, unknown)
            assert list(plain_pmf) == pmf[kind, unknown, :unknown + 2].tolist()
            assert list(plain_sf) == sf[kind, unknown, :unknown + 2].tolist()
            assert not pmf[kind, unknown, unknown + 2:].any() and not sf[kind, unknown, unknown + 2:].any()


def test_pairwise_sum_and_convolve_are_numpys():
    rng = random.Random(7)
    for length in (*range(1, 40), 127, 128, 129, 255, 256, 257, 462, 792, 1287, 3003, 9000):
        values = [rng.random() * 10.0 ** rng.randint(-9, 0) for _ in range(length)]
        assert pairwise_sum(values) == float(np.sum(np.array(values)))
        assert pairwise_sum(values, length // 3) == float(np.sum(np.array(values[length // 3:])))
    for _ in range(300):   # overlaps under 16 values: the size of every hand up to 14 dice
        first = [rng.random() for _ in range(rng.randint(1, 60))]
        second = [rng.random() for _ in range(rng.randint(1, 15))]
        assert convolve(first, second) == np.convolve(first, second).tolist()
        assert convolve(second, first) == np.convolve(second, first).tolist()


def _random_round(rng: random.Random, rules, players: int):
    """A table (my dice, the opponents' dice counts) and a history of legal raises ending with an opponent's."""
    held = [rng.randint(1, 7) for _ in range(players)]
    if players == 2 and sum(held) <= 3:       # a solved endgame: the numpy path's (tested apart)
        held[1] += 2
    palifico = rules.palifico and rng.random() < 0.3
    my_dice = tuple(rng.randint(1, 6) for _ in range(held[0]))
    turns, previous, player = [], None, rng.randrange(players)
    for _ in range(rng.randint(1, 8)):
        reach = min(sum(held) + 1, (previous.count if previous else 1) + 2)   # now and then a bid above the dice
        options = legal_raises(rules, previous, reach, palifico)
        if not options:
            break
        previous = rng.choice(options[:10])
        turns.append(Turn(player, previous))
        player = (player + 1) % players
    while turns and turns[-1].player == 0:
        turns.pop()
    return my_dice, held, palifico, tuple(turns)


def _random_models(rng: random.Random, opponents: int):
    if rng.random() < 0.3:
        return None
    return tuple(BiddingModel(rationality=rng.choice([0.0, 2.0, 8.0, 12.0]), bluff_rate=rng.choice([0.005, 0.1, 0.5]),
                              call_bias=rng.choice([-0.5, 0.0, 0.05, 1.0]), jump_cost=rng.choice([0.0, 0.1, 0.35]))
                 for _ in range(opponents))


@pytest.mark.parametrize("name", RULES)
def test_plain_answers_are_the_librarys_digit_for_digit(name):
    """Text and JSON alike, with and without the history read, over random rounds of 2-6 players."""
    rules, rng = RULES[name], random.Random(name)
    asked = with_history = 0
    while asked < 60:
        my_dice, held, palifico, turns = _random_round(rng, rules, rng.randint(2, 6))
        if not turns:
            continue
        read = rng.random() < 0.8
        question = dict(bidder=turns[-1].player, palifico_round=palifico, start=9,
                        history=tuple(t.bid for t in turns[:-1]), turns=turns if read else None,
                        models=_random_models(rng, len(held) - 1) if read else None)
        plain = advise_call(rules, my_dice, held[1:], turns[-1].bid, plain=True, **question)
        library = advise_call(rules, my_dice, held[1:], turns[-1].bid, **question)
        assert str(plain) == str(library)
        assert json.dumps(to_plain(plain)) == json.dumps(to_plain(library))
        asked += 1
        with_history += read
    assert with_history >= 30


def test_hands_beyond_fourteen_dice_take_the_numpy_path():
    """Up to 14 dice a hand, the plain beliefs are the library's to the last bit; beyond, numpy would sum
    the count convolution in BLAS's own order, so the plain path leaves the question to it."""
    rules = preset("bluff")
    my_dice = (3, 3, 6, 5, 1, 2, 4, 4, 6, 1, 2, 2, 5, 3)
    turns = (Turn(1, parse_bid(rules, "8x3")), Turn(0, parse_bid(rules, "9x3")), Turn(1, parse_bid(rules, "10x5")))
    question = dict(history=tuple(t.bid for t in turns[:-1]), turns=turns, start=15)
    plain = advise_call(rules, my_dice, (14,), turns[-1].bid, plain=True, **question)
    library = advise_call(rules, my_dice, (14,), turns[-1].bid, **question)
    assert json.dumps(to_plain(plain)) == json.dumps(to_plain(library)) and str(plain) == str(library)
    assert advise_call(rules, my_dice, (15,), turns[-1].bid, plain=True, **question) is None
    assert advise_call(rules, my_dice, (15,), turns[-1].bid, plain=True, start=15) is not None   # no history


def test_the_plain_path_leaves_rollouts_and_unsolved_or_large_endgames_to_numpy(tmp_path, monkeypatch):
    monkeypatch.setenv("ODDS_CACHE_DIR", str(tmp_path))
    rules = preset("bluff")
    bid = parse_bid(rules, "1x3")
    assert advise_call(rules, (3,), (1,), bid, plain=True) is None               # a 1v1 endgame not solved yet
    assert advise_call(rules, (3, 4), (1,), bid, plain=True) is None             # 3 dice in play
    assert advise_call(rules, (3, 4), (6,), bid, turns=(Turn(1, bid),), rollouts=10, plain=True) is None
    assert advise_call(rules, (3, 4), (6,), bid, plain=True) is not None
    assert advise_call(rules, (3, 4), (6,), parse_bid(rules, "9x3"), plain=True) is not None   # above the dice


@pytest.fixture(scope="module")
def store_folder(tmp_path_factory):
    """One private store for this module's questions: the one-die Bluff round is solved once."""
    return tmp_path_factory.mktemp("store")


def test_a_stored_endgame_is_read_plain_as_the_solver_answers(store_folder, monkeypatch):
    """Once the one-die round is solved and stored, every hand after every history of bids gets the
    numpy path's equilibrium answer (text and JSON) from the plain read of the store."""
    monkeypatch.setenv("ODDS_CACHE_DIR", str(store_folder))
    rules = preset("bluff")
    histories = [("1x4",), ("1x2", "1x4"), ("*1",), ("1x1", "1x5", "*1"), ("1x3", "2x1"), ("1x3", "3x1")]
    assert advise_call(rules, (3,), (1,), parse_bid(rules, "1x4")).equilibrium is not None  # solves, stores
    for history in histories:
        bids = tuple(parse_bid(rules, text) for text in history)
        for die in range(1, 7):
            question = dict(history=bids[:-1])
            plain = advise_call(rules, (die,), (1,), bids[-1], plain=True, **question)
            library = advise_call(rules, (die,), (1,), bids[-1], **question)
            assert plain is not None and (plain.equilibrium is None) == ("3x1" in history)
            assert str(plain) == str(library)
            assert json.dumps(to_plain(plain)) == json.dumps(to_plain(library))


CALLS = {
    "no history": ["bluff", "call", "--dice", "3 3 * 5 1", "--opponents", "5", "5", "--bid", "4x3"],
    "28 dice": ["bluff", "call", "--preset", "bluff", "--dice", "3 3 * 5 1 2 4", "--opponents", "7", "7", "7",
                "--bid", "10x3", "--history", "1:5x3 2:6x3 3:7x3 me:8x3 1:8x5 2:9x3 3:10x3"],
    "perudo model": ["bluff", "call", "--preset", "perudo", "--dice", "1 4 4 6 2", "--opponents", "5", "5", "5",
                     "--bid", "5x4", "--history", "1:3x4 2:4x4 3:5x4", "--model", "bluff_rate=0.3", "--json"],
    "palifico": ["bluff", "call", "--preset", "perudo", "--palifico", "--dice", "1 4", "--opponents", "3", "2",
                 "--bid", "3x4", "--history", "1:2x4 2:3x4", "--json"],
    "spot on": ["bluff", "call", "--preset", "liars_dice", "--dice", "6 6 2", "--opponents", "4", "5",
                "--bid", "4x6", "--json"],
    "endgame": ["bluff", "call", "--preset", "bluff", "--dice", "3", "--opponents", "1", "--bid", "1x4", "--json"],
}


@pytest.mark.parametrize("name", CALLS)
def test_the_command_imports_no_numpy_numba_or_pandas(name, store_folder, odds, monkeypatch):
    """In a fresh process with a warmed private store: the library's printed answer, and none of the
    three imported (nor the table store, but for the solved endgame it reads: so nothing is written)."""
    script = ("import sys; from analysis.cli.main import main; code = main(sys.argv[1:]); "
              "print(sorted(m for m in ('numpy', 'numba', 'pandas', 'analysis.store') if m in sys.modules), "
              "file=sys.stderr); sys.exit(code)")
    environment = {**os.environ, "ODDS_CACHE_DIR": str(store_folder)}
    runs = [subprocess.run([sys.executable, "-c", script, *CALLS[name]], capture_output=True, text=True,
                           env=environment, cwd=ROOT) for _ in range(2)]   # the first warms the store
    assert runs[0].returncode == runs[1].returncode == 0, runs[0].stderr
    reads = "['analysis.store']" if name == "endgame" else "[]"
    assert runs[1].stderr.strip() == reads, runs[1].stderr
    monkeypatch.setenv("ODDS_CACHE_DIR", str(store_folder))
    # What the command printed before it had a plain path: the numpy path, run in-process.
    from analysis.bluff import advice

    library_path = advice.advise_call
    monkeypatch.setattr(advice, "advise_call", lambda *args, plain=False, **keywords: library_path(*args, **keywords))
    library = odds(*CALLS[name])
    assert library.code == 0 and runs[1].stdout == library.out
