"""``odds yacht advise`` without numpy: the plain-Python advisor gives the numpy advisor's answer, to the last bit.

The numpy advisor (``advice.advise``) is itself checked against the reference in test_advice.py;
here the plain one (``_plain_advice.plain_advice``, reading the values from the store) must list
the same options in the same order with the same floats, over many positions of the yacht_kr
preset and of reduced Clubhouse, Yahtzee (every joker rule) and Yatzy cards, where the upper
bonus and the yacht bonus are in play. Then the command: no numpy, numba or pandas in a fresh
process from a warm store, and the numpy path when the store lacks the values.
"""

import dataclasses
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from analysis.errors import InvalidArgument, InvalidDice
from analysis.store import Store
from analysis.yacht import _plain_advice
from analysis.yacht._plain_advice import best_keep_values, keep_values, plain_advice, plain_turn
from analysis.yacht._stored import STATE_VALUES
from analysis.yacht.advice import ScoreCard, advise
from analysis.yacht.dice import FIRST_FULL_KEEP, KEEPS, ROLLS, TABLES, ways
from analysis.yacht.game import game_arrays
from analysis.yacht.rules import preset
from analysis.yacht.solver import state_values
from analysis.yacht.turn import solve_turn

ROOT = Path(__file__).resolve().parents[2]


def reduced(name, boxes, threshold, **fields):
    """A preset cut down to ``boxes``, with a lower bonus threshold so the upper bonus is in play."""
    rules = preset(name)
    return dataclasses.replace(rules, boxes=tuple(b for b in rules.boxes if b.name in boxes),
                               upper_threshold=threshold, **fields)


RULE_SETS = {
    "yacht_kr": lambda: preset("yacht_kr"),
    "yacht_kr, five alike no full house": lambda: reduced(
        "yacht_kr", {"Chase Off", "Four Dice", "Full House", "Choice", "Six Beans", "Aces", "Straight"}, 63,
        five_alike_is_full_house=False),
    "clubhouse": lambda: reduced("clubhouse", {"Fours", "Fives", "Sixes", "Choice", "Full House", "Small Straight",
                                               "Yacht"}, 30),
    **{f"yahtzee, joker {joker}": (lambda joker=joker: reduced(
        "yahtzee", {"Fours", "Fives", "Sixes", "Full House", "Large Straight", "Yahtzee", "Chance"}, 30, joker=joker))
       for joker in ("forced", "free", "none")},
    "yatzy": lambda: reduced("yatzy", {"Fives", "Sixes", "One Pair", "Two Pairs", "Full House", "Large Straight",
                                       "Yatzy"}, 20),
}


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    return Store(tmp_path_factory.mktemp("plain-advice-store"))


def random_position(rules, rng):
    """(card, dice, rolls left, box asked or None): a position the rules allow, drawn at random.

    The upper total is made from counts in the filled upper boxes (so it is one the card can hold);
    five alike come up often, so the joker and yacht-bonus rules are met.
    """
    names = [box.name for box in rules.boxes]
    open_boxes = tuple(rng.sample(names, rng.randint(1, len(names))))
    filled = [box for box in rules.boxes if box.name not in open_boxes]
    upper = sum(box.face * rng.randint(0, 5) for box in filled if box.is_upper) if rules.has_upper_bonus else 0
    yacht_box = rules.yacht_box
    bonus_flag = (rules.has_yacht_bonus and yacht_box is not None
                  and rules.boxes[yacht_box].name not in open_boxes and rng.random() < 0.7)
    card = ScoreCard(open_boxes, upper, bonus_flag, rng.randint(0, 150))
    dice = [rng.randint(1, 6)] * 5 if rng.random() < 0.25 else [rng.randint(1, 6) for _ in range(5)]
    rolls_left = rng.randint(0, 2)
    box = rng.choice(open_boxes) if rolls_left == 0 and rng.random() < 0.5 else None
    return card, " ".join(map(str, dice)), rolls_left, box


def answer(function, *args, **kwargs):
    """The advice, or the error it raises (type and sentence), so that refusals are compared too."""
    try:
        return function(*args, **kwargs)
    except (InvalidArgument, InvalidDice) as error:
        return type(error).__name__, str(error)


@pytest.mark.parametrize("name", RULE_SETS)
def test_plain_advice_is_the_numpy_advice(name, store):
    rules = RULE_SETS[name]()
    values = state_values(rules, store)
    rng = random.Random(name)
    answered = bonus_options = 0
    for _ in range(60):
        card, dice, rolls_left, box = random_position(rules, rng)
        expected = answer(advise, rules, dice, rolls_left, card, box=box, values=values)
        got = answer(plain_advice, rules, dice, rolls_left, card, box=box, store=store)
        if isinstance(expected, tuple):   # e.g. a box the joker rule forbids for five alike
            assert got == expected
            continue
        answered += 1
        bonus_options += sum("bonus)" in row["option"] for row in got.rows)
        # Same options, same order, the same floats (not approximately: the same additions in the same order).
        assert got.rows == expected.rows, (card, dice, rolls_left)
        assert (got.asked, got.to_dict(), str(got)) == (expected.asked, expected.to_dict(), str(expected))
    assert answered >= 40
    assert bonus_options > 0 or not (rules.has_upper_bonus or rules.has_yacht_bonus)   # the bonuses were met


def test_every_keep_and_box_of_a_turn(store):
    # Whole turns against turn.solve_turn: every keep's value with one and two rolls left, and every
    # roll in every box (the empty yacht_kr card, a Yahtzee card with both bonuses in play).
    yahtzee = RULE_SETS["yahtzee, joker forced"]()
    for rules, state in ((preset("yacht_kr"), (0, 0, 0)), (yahtzee, (0b0100101, 12, 1))):
        values = state_values(rules, store)
        turn = solve_turn(game_arrays(rules), *state, values)
        plain_values = store.load_plain(STATE_VALUES, rules, {"states": rules.n_states})["values"].flat
        box_value, k1 = plain_turn(rules, state, plain_values, 1)
        assert k1 == turn.k1.tolist() and plain_turn(rules, state, plain_values, 2)[1] == turn.k2.tolist()
        assert [[box_value(b, r) for r in range(len(ROLLS))] for b in range(len(rules.boxes))] == \
            turn.box_values.tolist()


def test_keep_passes_against_direct_sums():
    # A keep's value one die at a time equals the plain average over every roll it can become,
    # and a roll's best keep is the largest over its sub-keeps (written out here without the passes).
    rng = random.Random(3)
    roll_vals = [rng.uniform(0, 100) for _ in ROLLS]
    kept = keep_values(roll_vals)
    for k, keep in enumerate(KEEPS):
        start, end = TABLES.keep_start[k], TABLES.keep_start[k + 1]
        direct = sum(TABLES.keep_prob[i] * roll_vals[TABLES.keep_roll[i]] for i in range(start, end))
        assert kept[k] == pytest.approx(direct, rel=1e-12)
    best = best_keep_values(kept)
    for r, roll in enumerate(ROLLS):
        subs = {tuple(sorted(roll[i] for i in range(5) if m >> i & 1)) for m in range(32)}
        assert best[r] == max(kept[KEEPS.index(sub)] for sub in subs)
    assert kept[0] == pytest.approx(sum(ways(roll) / 6 ** 5 * value for roll, value in zip(ROLLS, roll_vals)))
    assert len(kept) == FIRST_FULL_KEEP + len(ROLLS)


@pytest.mark.parametrize("args, message", [
    (("6 6 7 2 1", 2, ScoreCard(("Aces",))), "'7' is not a die face"),
    (("6 6 6 2 1", 3, ScoreCard(("Aces",))), "Rolls left must be 0, 1 or 2"),
    (("6 6 6 2 1", 1, ScoreCard(("Aces", "Aces"))), "listed twice"),
    (("6 6 6 2 1", 1, ScoreCard(())), "No box is open"),
    (("6 6 6 2 1", 1, ScoreCard(("Aces",), score=10 ** 30)), "more than a whole yacht_kr game"),
    (("6 6 6 2 1", 1, ScoreCard(("Aces",), upper_total=3)), "no upper bonus"),
    (("6 6 6 2 1", 0, ScoreCard(("Aces",)), "Choice"), "'Choice' is already used"),
    (("6 6 6 2 1", 1, ScoreCard(("Aces",)), "Aces"), "only with 0 rolls left"),
])
def test_bad_input_is_refused_before_the_store_is_read(tmp_path, args, message):
    # An empty store: the sentence comes from the position's checks, the same ones advise() makes.
    rules = preset("yacht_kr")
    with pytest.raises((InvalidArgument, InvalidDice), match=message):
        plain_advice(rules, *args[:3], box=args[3] if len(args) > 3 else None, store=Store(tmp_path))
    assert not any(tmp_path.iterdir())


def test_an_empty_or_damaged_store_gives_no_plain_answer(tmp_path):
    rules = preset("yacht_kr")
    store = Store(tmp_path)
    card = ScoreCard(("Full House", "Choice"))
    assert plain_advice(rules, "6 6 6 2 1", 2, card, store=store) is None
    state_values(rules, store)
    assert plain_advice(rules, "6 6 6 2 1", 2, card, store=store) is not None
    path = store.path(STATE_VALUES, rules, {"states": rules.n_states})
    blob = bytearray(path.read_bytes())
    blob[-100] ^= 0xFF   # a flipped bit in the payload: the checksum no longer matches
    path.write_bytes(bytes(blob))
    assert plain_advice(rules, "6 6 6 2 1", 2, card, store=store) is None


ADVISE = ["yacht", "advise", "--preset", "yacht_kr", "--dice", "6 6 6 2 1", "--rolls-left", "2", "--open", "all"]
#: Runs ``odds`` in a fresh process, then says which heavy modules it imported (on stderr, after the answer).
PROBE = ("import sys; from analysis.cli.main import main; code = main(sys.argv[1:]); "
         "print('heavy:', sorted(m for m in ('numpy', 'numba', 'pandas') if m in sys.modules), file=sys.stderr); "
         "sys.exit(code)")


def fresh_odds(argv, cache):
    env = dict(os.environ, ODDS_CACHE_DIR=str(cache))
    return subprocess.run([sys.executable, "-c", PROBE, *argv], capture_output=True, text=True, cwd=ROOT, env=env,
                          timeout=120)


def test_the_command_from_a_warm_store_imports_no_numpy(tmp_path, odds, monkeypatch):
    cold = fresh_odds(ADVISE, tmp_path)              # the numpy path: solves, stores, answers
    assert cold.returncode == 0 and "'numpy'" in cold.stderr
    questions = [ADVISE, ADVISE + ["--json"],
                 ["yacht", "advise", "--dice", "66622", "--rolls-left", "0", "--open", "Full House,Choice,Aces",
                  "--box", "Choice", "--score", "120"],
                 ["yacht", "advise", "--dice", "1 2 3 4 6", "--rolls-left", "1", "--open", "Straight,Even Straight",
                  "--top", "3", "--json"]]
    monkeypatch.setenv("ODDS_CACHE_DIR", str(tmp_path))
    # In this process the command takes the numpy path (as if the store could not be read plain).
    monkeypatch.setattr(_plain_advice, "plain_advice", lambda *args, **kwargs: None)
    for argv in questions:
        warm = fresh_odds(argv, tmp_path)
        assert warm.returncode == 0 and warm.stderr == "heavy: []\n", (argv, warm.stderr)
        library = odds(*argv)
        assert library.code == 0 and warm.stdout == library.out
    assert cold.stdout == fresh_odds(ADVISE, tmp_path).stdout
    bad = fresh_odds(["yacht", "advise", "--dice", "6 6 6 2 1", "--rolls-left", "3"], tmp_path)
    assert bad.returncode == 2 and bad.stderr.startswith("odds: error: Rolls left must be 0, 1 or 2")
    assert "heavy: []" in bad.stderr


def test_a_goal_keeps_the_numpy_path(odds, monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("the plain advisor answers the expected score only")

    monkeypatch.setattr(_plain_advice, "plain_advice", refuse)
    # A target already reached needs no goal table: every choice keeps it.
    goal = odds(*ADVISE, "--target", "100", "--score", "120", "--top", "2")
    assert goal.code == 0 and "Best keep to reach 100: keep 6 6 6 (chance 100.0000%)" in goal.out
