"""Legal move generation against hand-checked positions and a plain-Python brute force."""

import random

import numpy as np
import pytest

from tests.backgammon import reference as ref

from analysis.backgammon import _kernels, move_rules
from analysis.backgammon.moves import legal_plays, parse_roll, pips_played
from analysis.backgammon.position import Position, pip_count
from analysis.errors import InvalidDice

VARIANT = {"backgammon": 0, "dutch": 1, "acey_deucey": 2}


def kernel_set(position, d1, d2, rules):
    boards, _, used = _kernels.legal_plays(position.board_array(), d1, d2, VARIANT[rules])
    return {(tuple(int(x) for x in b[:26]), tuple(int(x) for x in b[26:])) for b in boards}, used


def test_opening_31_has_16_plays_including_the_point():
    plays = legal_plays("backgammon", Position.opening(), "31")
    assert len(plays) == 16
    table = plays.table
    # gnubg 1.07.001 shows sGfwATDgc/ABMA after 8/5 6/5.
    assert table.loc[table.play == "8/5 6/5", "position_id"].item() == "sGfwATDgc/ABMA"
    assert (table.dice_used == 2).all()


@pytest.mark.parametrize("d1", range(1, 7))
@pytest.mark.parametrize("d2", range(1, 7))
def test_every_opening_roll_matches_brute_force(d1, d2):
    start = Position.opening()
    expected, most = ref.all_plays(list(start.on_roll), list(start.opponent), d1, d2)
    got, used = kernel_set(start, d1, d2, "backgammon")
    assert got == expected and used == most


def _random_position(rng, variant):
    """A position reached by random legal play from the variant's start (plain-Python reference)."""
    position = Position.opening(variant)
    me, them = list(position.on_roll), list(position.opponent)
    for _ in range(rng.randrange(0, 60)):
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        plays, _ = ref.all_plays(me, them, d1, d2, variant)
        me, them = sorted(plays)[rng.randrange(len(plays))]
        if sum(me) == 0:
            break
        me, them = list(them), list(me)
    return me, them


@pytest.mark.parametrize("variant", ["backgammon", "dutch", "acey_deucey"])
def test_random_positions_match_brute_force(variant):
    rng = random.Random(20261130 + VARIANT[variant])
    checked = 0
    while checked < 40:
        me, them = _random_position(rng, variant)
        if sum(me) == 0 or sum(them) == 0:
            continue
        position = Position(tuple(me), tuple(them))
        for d1, d2 in [(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(3)]:
            expected, most = ref.all_plays(me, them, d1, d2, variant)
            got, used = kernel_set(position, d1, d2, variant)
            assert got == expected, (position.notation(), d1, d2)
            assert used == most
        checked += 1


@pytest.mark.slow
def test_acey_deucey_roll_matches_brute_force():
    # The reference tries every dice order of the 1-2 and of each double: slow, so few positions.
    rng = random.Random(12)
    checked = 0
    while checked < 3:
        me, them = _random_position(rng, "acey_deucey")
        if sum(me) == 0 or sum(them) == 0:
            continue
        plays = legal_plays("acey_deucey", Position(tuple(me), tuple(them)), "12").plays
        got = {(p.result.opponent, p.result.on_roll, p.extra_roll) for p in plays}
        assert got == ref.acey_deucey_plays(me, them)
        assert len(got) == len(plays)
        checked += 1
    # Their 4-, 5- and 6-points closed: some doubles cannot be played in full (no extra roll).
    me, them = list(_side(start=15)), list(_side(p4=2, p5=2, p6=2, start=9))
    plays = legal_plays("acey_deucey", Position(tuple(me), tuple(them)), "21").plays
    got = {(p.result.opponent, p.result.on_roll, p.extra_roll) for p in plays}
    assert got == ref.acey_deucey_plays(me, them) and not all(extra for *_, extra in got)


def _side(**points):
    side = [0] * 26
    for name, count in points.items():
        side[{"bar": 24, "start": 25}.get(name, None) if name in ("bar", "start") else int(name[1:]) - 1] = count
    return tuple(side)


def test_larger_die_must_be_played_when_only_one_can():
    # My lone checker on 13; the opponent's point on my 2-point stops 13/7/2 and 13/8/2.
    position = Position(_side(p13=1), _side(p23=2, p1=13))
    plays = legal_plays("backgammon", position, "65")
    assert [p.notation for p in plays.plays] == ["13/7"]
    # Block my 7-point as well: now only the 5 can be played.
    position = Position(_side(p13=1), _side(p23=2, p18=2, p1=11))
    assert [p.notation for p in legal_plays("backgammon", position, "65").plays] == ["13/8"]


def test_bar_checker_enters_first_and_closed_board_means_no_move():
    # The opponent holds its 1- to 5-points: I can enter only on its 6-point (my 19-point) with a 6.
    them = _side(p1=3, p2=3, p3=3, p4=2, p5=2, p24=2)
    me = _side(bar=1, p13=14)
    assert [p.notation for p in legal_plays("backgammon", Position(me, them), "55").plays] == ["no legal move"]
    # 6-4 by hand: the 4 cannot enter (their 4-point is closed), so the 6 enters on my
    # 19-point first; the 4 then moves that checker on (19/15) or one from 13 (13/9).
    notations = [p.notation for p in legal_plays("backgammon", Position(me, them), "64").plays]
    assert notations == ["bar/15", "bar/19 13/9"]


def test_bear_off_uses_higher_die_from_lower_point():
    me = _side(p4=1, p2=1)
    plays = legal_plays("backgammon", Position(me, _side(p1=15)), "65")
    assert [p.notation for p in plays.plays] == ["4/off 2/off"]
    # A checker still on the 6-point forbids bearing off from the 2-point with a 5.
    # 5-1: the 5 cannot bear off the 2-point checker while the 6-point is occupied.
    plays = legal_plays("backgammon", Position(_side(p6=1, p2=1), _side(p1=15)), "51")
    assert sorted(p.notation for p in plays.plays) == ["6/1 2/1", "6/off"]


def test_dutch_forbids_hitting_before_a_checker_is_home():
    me = _side(p20=2, start=13)
    them = _side(p8=1, p13=14)   # their 8-point is my 17-point
    position = Position(me, them)
    # Dutch: all 15 must enter first, so the 3 cannot move 20/17 at all.
    assert all(n.startswith("start/") for n in (p.notation for p in legal_plays("dutch", position, "33").plays))
    everyone_in = Position(_side(p20=15), them)
    dutch = {p.notation for p in legal_plays("dutch", everyone_in, "31").plays}
    standard = {p.notation for p in legal_plays("backgammon", everyone_in, "31").plays}
    assert not any("*" in n for n in dutch)
    assert any("20/17*" in n for n in standard)


def test_acey_deucey_roll_plays_a_chosen_double_and_earns_a_roll():
    plays = legal_plays("acey_deucey", Position.opening("acey_deucey"), "12")
    assert {p.chosen_double for p in plays.plays} == {1, 2, 3, 4, 5, 6}
    assert all(p.extra_roll and p.dice_used == 6 for p in plays.plays)
    # Against a closed board the 1 and 2 cannot both enter: the turn just ends.
    blocked = Position(_side(start=15), _side(p1=2, p2=2, p3=2, p4=2, p5=2, p6=2, start=3))
    plays = legal_plays("acey_deucey", blocked, "21")
    assert [p.notation for p in plays.plays] == ["no legal move"]
    assert not plays.plays[0].extra_roll


def test_rules_the_kernels_cannot_play_are_refused():
    from dataclasses import replace

    from analysis.backgammon.rules import DUTCH
    from analysis.errors import InvalidRules

    # Refused when the rules are made, before any play is asked for.
    with pytest.raises(InvalidRules, match="half_dutch"):
        replace(DUTCH, name="half_dutch", hit_needs_home_checker=False)


@pytest.mark.parametrize("bad", ["71", "3", "x1", "123", "00"])
def test_bad_rolls(bad):
    with pytest.raises(InvalidDice):
        parse_roll(bad)


@pytest.mark.parametrize("variant, games", [("backgammon", 6), ("dutch", 6), ("acey_deucey", 1)])
def test_self_play_keeps_every_invariant(variant, games):
    rng = random.Random(4 + VARIANT[variant])
    for _ in range(games):
        position = Position.opening(variant)
        for _ in range(300 if variant != "acey_deucey" else 100):
            roll = (rng.randint(1, 6), rng.randint(1, 6))
            plays = legal_plays(variant, position, roll)
            play = plays.plays[rng.randrange(len(plays))]
            after = play.result          # Position() re-validates: 15 each, one colour a point
            mover, other = after.opponent, after.on_roll
            if play.chosen_double:       # acey-deucey: 1 + 2, then the chosen double
                dice = 3 + play.chosen_double * (play.dice_used - 2)
            elif roll[0] == roll[1]:
                dice = roll[0] * play.dice_used
            elif play.dice_used == 2:
                dice = sum(roll)
            elif play.dice_used == 0:
                dice = 0
            else:
                dice = None              # one die of two: either may be the one that could be played
            fell = pips_played(position, play)
            borne = sum(position.on_roll) - sum(mover)
            if borne == 0:               # no pips wasted: the count falls by exactly the dice played
                assert (fell in roll) if dice is None else fell == dice, (position.notation(), roll, play.notation)
            else:                        # bearing off with a larger die wastes pips
                assert 0 < fell <= (max(roll) if dice is None else dice)
            gained = pip_count(other) - pip_count(position.opponent)
            assert gained >= 0 and (gained > 0) == (play.hits > 0)
            if sum(mover) == 0:
                break
            position = after


def _pips(side):
    side = [int(x) for x in side]       # int8 arithmetic would overflow
    return sum((i + 1) * side[i] for i in range(24)) + 25 * (side[24] + side[25])


@pytest.mark.slow
@pytest.mark.parametrize("variant, games", [("backgammon", 150), ("dutch", 150), ("acey_deucey", 10)])
def test_many_kernel_self_play_games_keep_invariants(variant, games):
    """Many fast games straight on the kernels: every recorded step moves one checker by one
    die (or bears off with at most that die), the mover's pips fall by exactly the steps'
    distances, a hit sends exactly one enemy checker to the bar, and no point ever holds
    both colours."""
    code = VARIANT[variant]
    rng = np.random.default_rng(1000 + code)
    for _ in range(games):
        board = Position.opening(variant).board_array()
        for _ in range(400):
            d1, d2 = (int(x) for x in rng.integers(1, 7, size=2))
            if code == 2 and {d1, d2} == {1, 2}:
                boards, steps, _, doubles, _ = _kernels.acey_deucey_plays(board)
            else:
                boards, steps, _ = _kernels.legal_plays(board, d1, d2, code)
                doubles = np.zeros(len(boards), dtype=np.int64)
            pick = int(rng.integers(len(boards)))
            after, played = boards[pick], steps[pick]
            dice_left = [d1, d2] if d1 != d2 else [d1] * 4
            if doubles[pick]:
                dice_left = [1, 2] + [int(doubles[pick])] * 4
            travelled, hits = 0, 0
            for src, dst, hit in played:
                if src == _kernels.NO_STEP:
                    continue
                start = 25 if src >= 24 else src + 1
                distance = start - (0 if dst < 0 else dst + 1)
                die = distance if distance in dice_left else min(d for d in dice_left if d > distance)
                assert dst < 0 or distance == die
                dice_left.remove(die)
                travelled += distance
                hits += hit
            assert _pips(board[:26]) - _pips(after[:26]) == travelled
            assert int(after[26 + 24]) - int(board[26 + 24]) == hits
            assert (after >= 0).all() and int(after[:26].sum()) <= 15 and int(after[26:].sum()) <= 15
            assert not any(after[p] and after[26 + 23 - p] for p in range(24))
            if after[:26].sum() == 0:
                break
            board = np.concatenate([after[26:], after[:26]])


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["backgammon", "dutch", "acey_deucey"])
def test_the_generator_run_as_python_equals_its_compiled_copy(variant):
    """One question runs ``move_rules`` as plain Python, bulk work its numba copy: the same text, but
    numba's integer types are not Python's, so on 300 positions of random play and every roll both must
    give the same boards, in the same order, with the same steps and dice (the 1-2 of Acey-Deucey too)."""
    rng = random.Random(7 + VARIANT[variant])
    board = Position.opening(variant).board_array()
    for _ in range(300):
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        boards, steps, used = _kernels.legal_plays(board, d1, d2, VARIANT[variant])
        plain = move_rules.legal_plays(board, d1, d2, VARIANT[variant])
        assert plain[2] == used
        assert np.array_equal(plain[0], boards) and np.array_equal(plain[1], steps)
        if variant == "acey_deucey" and {d1, d2} == {1, 2}:
            for mine, compiled in zip(move_rules.acey_deucey_plays(board), _kernels.acey_deucey_plays(board)):
                assert np.array_equal(mine, compiled)
        chosen = boards[rng.randrange(boards.shape[0])]
        board = np.concatenate([chosen[26:], chosen[:26]])          # the opponent to roll
        if chosen[:26].sum() == 0:
            board = Position.opening(variant).board_array()


def test_one_question_starts_no_numba():
    """The moves command answers without importing numba, and prints what the kernel path gives."""
    import json
    import subprocess
    import sys

    code = ("import sys; from analysis.cli.main import main; main(['backgammon', 'moves', '--id', "
            "'4HPwATDgc/ABMA', '--roll', '31', '--json']); print('numba' in sys.modules, file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stderr.split()[-1] == "False"
    assert "analysis.backgammon._kernels" in sys.modules          # so legal_plays below uses the kernel
    kernel = legal_plays("backgammon", Position.from_id("4HPwATDgc/ABMA"), "31").to_dict()
    answer = json.loads(done.stdout)
    ids = {name: answer.pop(name) for name in ("xgid", "position_id", "match_id")}   # the command writes the ids too
    assert answer == kernel and kernel["count"] == 16
    assert ids["position_id"] == "4HPwATDgc/ABMA" and ids["xgid"].startswith("XGID=-b----E-C---eE---c-e----B-:")
