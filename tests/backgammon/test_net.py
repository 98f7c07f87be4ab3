"""The trained evaluator: against the bear-off databases, symmetry, hint = the move generator's plays,
reproducible training, the cube, the weights file's checks and bad input."""

from __future__ import annotations

import contextlib
import hashlib
import io
import json

import numpy as np
import pytest

from analysis.errors import InvalidArgument
from analysis.backgammon import _kernels, _net, feature_rules, net_rules
from analysis.backgammon.bearoff import home_positions, one_sided_database, rank, two_sided_piece
from analysis.backgammon.cube import cube_advice
from analysis.backgammon.cubeful import cube_decision, janowski
from analysis.backgammon.match import make_bot, match
from analysis.backgammon.moves import legal_plays
from analysis.backgammon.net import evaluate, hint, load_net
from analysis.backgammon.position import Position
from analysis.backgammon.race import janowski_equity
from analysis.backgammon.training import average, combine, refine, train
from analysis.backgammon.weights import load_weights, new_net, save_weights, shipped_path
from tests.conftest import assert_one_sentence_error

PRESETS = ("backgammon", "dutch", "acey_deucey")
MIDDLE = "6:4 8:3 13:4 24:2 11:1 / 6:5 7:2 8:2 13:4 20:1 24:1"     # a middle game, both sides with blots
OPENING = "6:5 8:3 13:5 24:2 / 6:5 8:3 13:5 24:2"


def _random_positions(rules, count, seed):
    """Positions from games of random plays (the move generator), side on roll to move."""
    rng = np.random.default_rng(seed)
    position = Position.opening(rules)
    found = []
    while len(found) < count:
        roll = tuple(int(d) for d in rng.integers(1, 7, 2))
        plays = legal_plays(rules, position, roll).plays
        play = plays[int(rng.integers(len(plays)))]
        position = play.result.swapped() if play.extra_roll else play.result
        if sum(position.on_roll) == 0 or sum(position.opponent) == 0:
            position = Position.opening(rules)
            continue
        found.append(position)
    return found


# ------------------------------------------------------------------ against the exact databases
@pytest.mark.slow
def test_exact_database_replaces_the_net_where_both_sides_are_in_it():
    win = two_sided_piece("win")["win"]
    rows = home_positions(6)
    for a, b in ((5, 17), (300, 44), (923, 923), (1, 700)):
        position = Position(tuple(rows[a]) + (0,) * 20, tuple(rows[b]) + (0,) * 20)
        ev = evaluate("backgammon", position)
        assert ev.exact and ev.win == pytest.approx(win[a, b], abs=1e-12)
        assert ev.probabilities[1:] == (0.0, 0.0, 0.0, 0.0)
        assert ev.equity == pytest.approx(2 * win[a, b] - 1, abs=1e-12)


def test_net_against_the_one_sided_databases_in_long_bear_offs():
    """Bear-offs of 7-15 checkers a side (outside the two-sided table, so the net answers), against the
    race chance from the exact one-sided roll distributions (exact for independent bear-offs). The net
    learns races from self-play only: the bounds state how close it gets (shipped net: mean 0.030,
    96.8% of positions within 0.1; the 1,125,500-game net before it: 0.024 and 98.5%; the raw net: 0.038, 90%)."""
    net = load_net("backgammon")
    rows = home_positions(15)
    dist = one_sided_database()["distribution"]
    rng = np.random.default_rng(3)
    pool = np.nonzero(rows.sum(axis=1) >= 7)[0]
    a, b = rng.choice(pool, 2000), rng.choice(pool, 2000)
    boards = np.zeros((2000, 52), dtype=np.int8)
    boards[:, :6], boards[:, 26:32] = rows[a], rows[b]
    out, exact = _net.evaluate_batch(*net.layers(), boards, net.db_win, net.ways)
    assert not exact.any()
    reference = (dist[a] * np.cumsum(dist[b][:, ::-1], axis=1)[:, ::-1]).sum(axis=1)
    error = np.abs(out[:, 0] - reference)
    assert error.mean() < 0.05, error.mean()
    assert (error < 0.1).mean() > 0.85


def test_the_net_alone_against_the_exact_two_sided_database():
    """The net without the database's replacement, on 2,000 random pairs of the exact table (self-play
    never trains there: games stop when they reach it). Shipped net: mean error 0.034."""
    net = load_net("backgammon")
    rows = home_positions(6)
    win = two_sided_piece("win")["win"]
    rng = np.random.default_rng(4)
    a, b = rng.integers(1, rows.shape[0], 2000), rng.integers(1, rows.shape[0], 2000)
    boards = np.zeros((2000, 52), dtype=np.int8)
    boards[:, :6], boards[:, 26:32] = rows[a], rows[b]
    out, exact = _net.evaluate_batch(*net.layers(), boards, np.zeros((1, 1)), net.ways)
    assert not exact.any()
    assert np.abs(out[:, 0] - win[a, b]).mean() < 0.06


# ------------------------------------------------------------------ symmetry
@pytest.mark.slow
@pytest.mark.parametrize("rules", PRESETS)
def test_a_play_valued_from_either_side_gives_the_mirrored_probabilities(rules):
    """hint values a play from the mover's side; evaluating the position it leaves from the other side
    (now on roll) must give the same probabilities with win and loss exchanged."""
    for position in _random_positions(rules, 6, seed=7)[::2]:
        result = hint(rules, position, "53")
        for play in result.plays[:3]:
            if play.extra_roll:
                continue
            other = evaluate(rules, play.position)
            p = other.probabilities
            assert play.probabilities == pytest.approx((1 - p[0], p[3], p[4], p[1], p[2]), abs=1e-12)
            assert play.equity == pytest.approx(-other.equity, abs=1e-12)


def test_colours_do_not_matter_the_side_on_roll_does():
    """The encoding is the side on roll's: a position and its colour-swapped twin (written from the
    other colour's ID) are the same input, and the probabilities stay a distribution."""
    for position in _random_positions("backgammon", 20, seed=11):
        ev = evaluate("backgammon", position)
        w, wg, wbg, lg, lbg = ev.probabilities
        assert 0 <= wbg <= wg <= w <= 1 and 0 <= lbg <= lg <= 1 - w + 1e-12
        again = evaluate("backgammon", Position.from_notation(position.notation()))
        assert again.probabilities == ev.probabilities


# ------------------------------------------------------------------ hint
@pytest.mark.parametrize("rules,notation,roll", [
    ("backgammon", "6:5 8:3 13:5 24:2 / 6:5 8:3 13:5 24:2", "31"),
    ("backgammon", MIDDLE, "66"),
    ("backgammon", "3:2 4:3 bar:1 / 6:5 8:3 13:5 24:2", "64"),
    ("dutch", "start:15 / start:15", "64"),
    ("acey_deucey", "start:15 / start:15", "12"),
    ("acey_deucey", "start:12 24:3 / start:15", "55")])
def test_hint_ranks_exactly_the_legal_plays(rules, notation, roll):
    position = Position.from_notation(notation)
    plays = legal_plays(rules, position, roll)
    for ply in (0, 1):
        result = hint(rules, position, roll, ply=ply)
        assert sorted(p.play for p in result.plays) == sorted(p.notation for p in plays.plays)
        equities = [p.equity for p in result.plays]
        assert equities == sorted(equities, reverse=True)
        assert result.plays[0].loss == 0.0
        assert all(p.loss == pytest.approx(equities[0] - p.equity, abs=1e-12) for p in result.plays)


def test_hint_at_two_ply_agrees_with_one_ply_on_the_opening_31():
    assert hint("backgammon", Position.opening(), "31", ply=2).plays[0].play == "8/5 6/5"
    assert hint("backgammon", Position.opening(), "31", ply=1).plays[0].play == "8/5 6/5"


def test_one_ply_is_the_average_over_rolls_of_the_best_zero_ply_play():
    """Independent of the kernel's look-ahead: the 21 rolls' 0-ply best plays, averaged in Python."""
    position = Position.from_notation(MIDDLE)
    total = np.zeros(5)
    for a in range(1, 7):
        for b in range(a, 7):
            best = hint("backgammon", position, (a, b)).plays[0]
            total += (1 if a == b else 2) / 36 * np.array(best.probabilities)
    one_ply = evaluate("backgammon", position, ply=1)
    assert one_ply.probabilities == pytest.approx(tuple(total), abs=1e-12)



@pytest.mark.slow
@pytest.mark.parametrize("rules", PRESETS)
def test_the_forward_pass_run_as_python_equals_its_compiled_copy(rules):
    """One question runs ``net_rules`` as plain Python (int64 boards), bulk work its numba copy: the same
    text, but numpy's and numba's integer and float rules differ, so on the plays of 40 positions of random
    play (and bear-offs in the exact database) both must give the same outputs and exact flags."""
    net = load_net(rules)
    codes = net.rule_codes
    positions = _random_positions(rules, 40, seed=3)
    if rules != "acey_deucey":
        rows = home_positions(6)
        positions += [Position(tuple(rows[a]) + (0,) * 20, tuple(rows[b]) + (0,) * 20) for a, b in ((5, 17), (923, 1))]
    for number, position in enumerate(positions):
        board = position.board_array()
        afters, extra = _net.candidates(board, 1 + number % 6, 1 + number // 6 % 6, codes[0])
        compiled = _net.plays_value(*net.layers(), afters, extra, codes, net.db_win, net.ways, 0)
        plain = net_rules.plays_value0(*net.layers(), afters.astype(np.int64), extra, codes, net.db_win, net.ways)
        assert np.allclose(plain, compiled, rtol=0, atol=1e-13, equal_nan=True)
        out, exact = _net.evaluate_batch(*net.layers(), board[None, :], net.db_win, net.ways)
        out_plain, exact_plain = net_rules.evaluate_batch(*net.layers(), board[None, :].astype(np.int64), net.db_win,
                                                        net.ways)
        assert np.allclose(out_plain, out, rtol=0, atol=1e-13, equal_nan=True) and exact_plain[0] == exact[0]


def test_the_features_run_as_python_equal_their_compiled_copy():
    """A net with the hand-made features' rows (random weights): plain and compiled forward passes agree."""
    layers = tuple(new_net(16, 4, net_rules.INPUTS).values())
    assert layers[0].shape[0] == net_rules.INPUTS > net_rules.RAW_INPUTS
    net = load_net("backgammon")
    for number, position in enumerate(_random_positions("backgammon", 30, seed=8)):
        board = position.board_array()
        afters, extra = _net.candidates(board, 1 + number % 6, 1 + number // 6 % 6, 0)
        compiled = _net.plays_value(*layers, afters, extra, net.rule_codes, net.db_win, net.ways, 0)
        plain = net_rules.plays_value0(*layers, afters.astype(np.int64), extra, net.rule_codes, net.db_win, net.ways)
        assert np.allclose(plain, compiled, rtol=0, atol=1e-13, equal_nan=True)


# ------------------------------------------------------------------ hand-made features
def _lone_shooter(distance, my_blot=23):
    """My blot on my point ``my_blot + 1``, one checker of the other side ``distance`` pips away, nothing else
    in between (my other checkers on my 1 point, behind the shooter)."""
    board = np.zeros(52, dtype=np.int64)
    board[my_blot] = 1
    board[0] = 14
    board[26 + (23 - my_blot + distance)] = 1
    return board


#: Rolls of 36 that hit a lone blot at each distance, nothing blocking (the standard shot table).
SHOTS = {1: 11, 2: 12, 3: 14, 4: 15, 5: 15, 6: 17, 7: 6, 8: 6, 9: 5, 10: 3, 11: 2, 12: 3, 13: 0, 14: 0, 15: 1,
         16: 1, 17: 0, 18: 1, 19: 0, 20: 1, 21: 0, 22: 0, 23: 0}


def test_shot_chance_of_a_lone_blot_is_the_standard_table():
    for distance, rolls in SHOTS.items():
        assert feature_rules.hit_chance(_lone_shooter(distance), 0) * 36 == pytest.approx(rolls), distance
    blocked = _lone_shooter(8)
    blocked[23 - 4] = 2       # my point 20, four pips in front of the shooter: 4-4 and the 4s of 4-... are gone
    assert feature_rules.hit_chance(blocked, 0) * 36 == pytest.approx(4)      # 6-2, 2-6, 5-3, 3-5; 2-2 lands on 4 pips
    bar = _lone_shooter(8)
    bar[26 + 24] = 2          # two on the bar must enter before one moves on: only the 8 pips from the bar count
    assert feature_rules.hit_chance(bar, 0) == 0.0


def _self_play_positions(count_games, seed):
    net = load_net("backgammon")
    boards = np.zeros((4000, 52), dtype=np.int8)
    count = _net.selfplay_positions(*net.layers(), 0, count_games, seed, 0, 2.0, 3.0, True, net.db_win, net.ways, 4,
                                    boards)
    return boards[:count]


def test_shot_and_escape_chances_agree_with_the_move_generator():
    """Over self-play positions: the shot chance is the share of the other side's 36 rolls with a legal play
    that hits (where it has no checker on the bar; rare plays the dice rules forbid may differ), and the
    escape chance, where all of this side's checkers behind the blockade are on its rearmost point, the
    share of rolls with a legal play taking one of them past it."""
    same = differ = escapes = 0
    for board in _self_play_positions(60, 5):
        board64 = board.astype(np.int64)
        swapped = np.concatenate([board[26:], board[:26]])
        if board[26 + 24] == 0:
            rolls = sum(any(p[26 + 24] > swapped[26 + 24] for p in _kernels.legal_plays(swapped, d1, d2, 0)[0])
                        for d1 in range(1, 7) for d2 in range(1, 7))
            if feature_rules.hit_chance(board64, 0) * 36 == pytest.approx(rolls):
                same += 1
            else:
                differ += 1
        back = max(i for i in range(26) if board[i] > 0)
        ahead = [i for i in range(min(back, 24)) if board[26 + 23 - i] >= 2]
        if not ahead:
            assert feature_rules.escape_chance(board64, 0) == 1.0
            continue
        low = min(ahead)
        if [i for i in range(low, 26) if board[i] > 0] != [back]:
            continue
        behind = int(board[low:26].sum())
        rolls = sum(any(int(p[low:26].sum()) < behind for p in _kernels.legal_plays(board, d1, d2, 0)[0])
                    for d1 in range(1, 7) for d2 in range(1, 7))
        assert feature_rules.escape_chance(board64, 0) * 36 == pytest.approx(rolls)
        escapes += 1
    assert same > 400 and differ <= 0.01 * same and escapes > 100


def test_longest_prime():
    board = np.zeros(52, dtype=np.int64)
    board[[3, 4, 5, 6, 8]] = 2
    board[9] = 1
    assert feature_rules.longest_prime(board, 0) == 4 and feature_rules.longest_prime(board, 26) == 0


@pytest.mark.parametrize("argv", [
    ("hint", "--id", "4HPwATDgc/ABMA", "--roll", "31"),
    ("hint", "--preset", "acey_deucey", "--position", "start:15 / start:15", "--roll", "12"),
    ("hint", "--position", "1:2 2:2 3:1 / 1:1 2:3 5:1", "--roll", "21"),
    ("eval", "--position", MIDDLE),
    ("cube", "--position", MIDDLE, "--cube", "2", "--owner", "on_roll")])
def test_a_question_at_the_table_starts_no_numba(argv):
    """hint, eval and cube at 0-ply answer without importing numba (a quick start), and print what the
    compiled kernels give (this process has loaded them, so its answers come from the compiled copy)."""
    import subprocess
    import sys

    code = (f"import sys; from analysis.cli.main import main; main(['backgammon', *{list(argv)!r}, '--json']); "
            "print('numba' in sys.modules, file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stderr.split()[-1] == "False"
    assert "analysis.backgammon._net" in sys.modules
    from analysis.cli.main import main

    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        main(["backgammon", *argv, "--json"])
    _assert_close(json.loads(done.stdout), json.loads(buffer.getvalue()))


def _assert_close(a, b):
    """Equal JSON, floats within 1e-12 (numpy's and numba's exp may differ in the last bit)."""
    if isinstance(a, dict):
        assert a.keys() == b.keys()
        for key in a:
            _assert_close(a[key], b[key])
    elif isinstance(a, list):
        assert len(a) == len(b)
        for x, y in zip(a, b):
            _assert_close(x, y)
    elif isinstance(a, float):
        assert a == pytest.approx(b, abs=1e-12)
    else:
        assert a == b


# ------------------------------------------------------------------ training
@pytest.mark.slow
@pytest.mark.parametrize("features", [False, True])
def test_training_is_reproducible_and_resumes_bit_for_bit(tmp_path, features):
    whole, parts, other = tmp_path / "whole.podds", tmp_path / "parts.podds", tmp_path / "other.podds"
    common = dict(hidden=6, chunk=3, checkpoint_seconds=0.0, features=features)
    train("dutch", 6, 5, whole, **common)
    train("dutch", 3, 5, parts, **common)
    train("dutch", 6, 5, parts, **common)          # resumed from the file after 3 games
    train("dutch", 6, 6, other, **common)
    a, record = load_weights(whole, "dutch")
    b, _ = load_weights(parts, "dutch")
    c, _ = load_weights(other, "dutch")
    assert record["games"] == 6 and record["seed"] == 5
    for name in ("w1", "b1", "w2", "b2"):
        assert np.array_equal(a[name], b[name]), name
    assert not np.array_equal(a["w1"], c["w1"])
    inputs = net_rules.INPUTS if features else net_rules.RAW_INPUTS
    assert a["w1"].shape == (inputs, 6) and record["inputs"] == inputs
    assert not np.array_equal(a["w1"], new_net(6, 5, inputs)["w1"])       # it did learn something
    with pytest.raises(InvalidArgument, match="other settings"):
        train("dutch", 9, 5, whole, hidden=7, chunk=3, features=features)
    with pytest.raises(InvalidArgument, match="features"):
        train("dutch", 9, 5, whole, hidden=6, chunk=3, features=not features)


@pytest.mark.slow
def test_training_goes_on_from_a_trained_net_with_new_settings_bit_for_bit(tmp_path):
    base, whole, parts = tmp_path / "base.podds", tmp_path / "whole.podds", tmp_path / "parts.podds"
    train("dutch", 3, 5, base, hidden=6, chunk=3, checkpoint_seconds=0.0)
    later = dict(hidden=6, chunk=3, checkpoint_seconds=0.0, alpha=0.01, halflife=10 ** 9, start_from=base)
    train("dutch", 9, 5, whole, **later)
    train("dutch", 6, 5, parts, **later)
    record = train("dutch", 9, 5, parts, **later)        # resumed: the file, not the start, is gone on from
    a, b, start = (load_weights(path, "dutch")[0] for path in (whole, parts, base))
    for name in ("w1", "b1", "w2", "b2"):
        assert np.array_equal(a[name], b[name]), name
    assert not np.array_equal(a["w1"], start["w1"])
    assert record["games"] == 9 and record["alpha"] == 0.01 and record["start_from"]["games"] == 3
    with pytest.raises(InvalidArgument, match="hidden units"):
        train("dutch", 9, 5, tmp_path / "new.podds", hidden=5, chunk=3, start_from=base)


@pytest.mark.slow
def test_a_trained_net_grows_hidden_units_that_start_at_zero_output_weight(tmp_path):
    """Started with more hidden units than the trained net has, the net keeps its units and gains the others with
    zero output weights: it first gives exactly the trained net's outputs, then learns through all of them."""
    base, grown = tmp_path / "base.podds", tmp_path / "grown.podds"
    train("backgammon", 3, 5, base, hidden=6, chunk=3, checkpoint_seconds=0.0)
    small = load_weights(base, "backgammon")[0]
    record = train("backgammon", 3, 5, grown, hidden=9, chunk=1, start_from=base)   # no game played yet
    assert record["start_from"]["hidden_added"] == 3 and record["hidden"] == 9
    big = load_weights(grown, "backgammon")[0]
    assert big["w1"].shape == (net_rules.RAW_INPUTS, 9) and np.all(big["w2"][:, 6:] == 0.0)
    start = np.zeros((1, 52), dtype=np.int64)
    start[0, [5, 7, 12, 23]] = start[0, [31, 33, 38, 49]] = [5, 3, 5, 2]
    before, after = (net_rules.evaluate_batch(*load_net("backgammon", path).layers(), start, np.zeros((1, 1)),
                                            np.zeros((1, 1), dtype=np.int64))[0] for path in (base, grown))
    assert np.array_equal(before, after)
    record = train("backgammon", 5, 5, grown, hidden=9, chunk=1, checkpoint_seconds=0.0, start_from=base)
    assert record["games"] == 5 and np.any(load_weights(grown, "backgammon")[0]["w2"][:, 6:] != 0.0)


def test_a_raw_net_goes_on_with_the_features_added_at_zero_weight(tmp_path):
    """Started with the features from a raw net, the net keeps the raw weights and learns the features' from 0."""
    base, grown = tmp_path / "base.podds", tmp_path / "grown.podds"
    train("backgammon", 3, 5, base, hidden=6, chunk=3, checkpoint_seconds=0.0)
    record = train("backgammon", 4, 5, grown, hidden=6, chunk=1, checkpoint_seconds=0.0, features=True,
                   start_from=base, alpha=1e-6)
    raw, net = load_weights(base, "backgammon")[0], load_weights(grown, "backgammon")[0]
    assert net["w1"].shape == (net_rules.INPUTS, 6) and record["inputs"] == net_rules.INPUTS
    assert record["start_from"]["features_added"] is True and record["start_from"]["games"] == 3
    assert np.any(net["w1"][net_rules.RAW_INPUTS:] != 0.0)          # the features' weights were learned
    assert np.max(np.abs(net["w1"][:net_rules.RAW_INPUTS] - raw["w1"])) < 1e-4  # the raw net's, a tiny step on


@pytest.mark.slow
def test_snapshots_of_runs_from_one_net_average_weight_by_weight(tmp_path):
    """Two runs gone on from one trained net keep snapshots every 2 games; the averaged net's every weight is
    the mean of the members' (numpy here, from the files), and its budget counts the shared start once."""
    base = tmp_path / "base.podds"
    train("dutch", 2, 5, base, hidden=4, chunk=1, checkpoint_seconds=0.0)
    for name, alpha in (("a", 0.1), ("b", 0.3)):
        train("dutch", 6, 5, tmp_path / f"{name}.podds", hidden=4, chunk=1, alpha=alpha, start_from=base,
              snapshots=tmp_path / name, snapshot_every=2)
    assert sorted(p.name for p in (tmp_path / "a").iterdir()) == ["dutch-4.podds", "dutch-6.podds"]
    members = [tmp_path / "a" / "dutch-4.podds", tmp_path / "a" / "dutch-6.podds", tmp_path / "b" / "dutch-6.podds"]
    record = average("dutch", members, tmp_path / "mean.podds", command="test")
    mean = load_weights(tmp_path / "mean.podds", "dutch")[0]
    nets = [load_weights(path, "dutch")[0] for path in members]
    for name in ("w1", "b1", "w2", "b2"):
        assert np.allclose(mean[name], (nets[0][name] + nets[1][name] + nets[2][name]) / 3), name
    assert not np.array_equal(nets[1]["w1"], nets[2]["w1"])
    assert record["games"] == 2 + 4 + 4 and len(record["averaged"]) == 3
    train("dutch", 2, 5, tmp_path / "wide.podds", hidden=5, chunk=1)
    with pytest.raises(InvalidArgument, match="different shapes"):
        average("dutch", [members[0], tmp_path / "wide.podds"], tmp_path / "bad.podds")
    with pytest.raises(InvalidArgument, match="at least two"):
        average("dutch", members[:1], tmp_path / "bad.podds")
    with pytest.raises(InvalidArgument, match="snapshot_every"):
        train("dutch", 8, 5, tmp_path / "c.podds", hidden=4, snapshots=tmp_path / "c", snapshot_every=-2)


def test_a_combined_net_averages_its_members_log_odds(tmp_path):
    """Each output's sum before the sigmoid, by the forward pass of the combined net, is the mean of the members'
    sums computed here with numpy from the members' own arrays."""
    paths, members = [], []
    for seed, hidden in ((1, 3), (2, 5), (3, 4)):
        net = new_net(hidden, seed)
        net["b1"] = np.random.default_rng(seed).normal(0, 0.3, hidden)
        net["b2"] = np.random.default_rng(seed + 10).normal(0, 0.3, net_rules.OUTPUTS)
        paths.append(save_weights(tmp_path / f"m{seed}.podds", "backgammon", net, {"games": 10 * seed,
                                                                                   "seconds": 1.0, "seed": seed}))
        members.append(net)
    record = combine("backgammon", paths, tmp_path / "c.podds", command="scripts/train_backgammon.py --combine ...")
    assert record["hidden"] == 12 and record["games"] == 60 and [m["games"] for m in record["combined"]] == [10, 20, 30]
    combined, _ = load_weights(tmp_path / "c.podds", "backgammon")
    index, value = np.zeros(net_rules.INPUTS, dtype=np.int64), np.zeros(net_rules.INPUTS)
    for notation in (MIDDLE, OPENING, "3:2 4:3 bar:1 / 6:5 8:3 13:5 24:2"):
        board = Position.from_notation(notation).board_array().astype(np.int64)
        n = net_rules.encode(board, index, value, False)
        x = np.zeros(net_rules.RAW_INPUTS)
        x[index[:n]] = value[:n]
        sums = [m["b2"] + m["w2"] @ (1 / (1 + np.exp(-(m["b1"] + x @ m["w1"])))) for m in members]
        hidden, out = np.zeros(12), np.zeros(net_rules.OUTPUTS)
        net_rules._hidden(combined["w1"], combined["b1"], index, value, n, hidden)
        net_rules._outputs(combined["w2"], combined["b2"], hidden, out)
        assert np.allclose(np.log(out / (1 - out)), np.mean(sums, axis=0), atol=1e-9)
    with pytest.raises(InvalidArgument, match="at least two"):
        combine("backgammon", paths[:1], tmp_path / "d.podds")


@pytest.mark.slow
def test_refinement_by_1ply_is_reproducible_resumes_bit_for_bit_and_fits_its_targets(tmp_path):
    base, whole, parts, other = (tmp_path / f"{name}.podds" for name in ("base", "whole", "parts", "other"))
    train("dutch", 6, 5, base, hidden=6, chunk=3, checkpoint_seconds=0.0)
    common = dict(keep_one_in=2, epochs=2, alpha=0.05)
    refine("dutch", base, whole, 2, 3, 7, **common)
    refine("dutch", base, parts, 1, 3, 7, **common)
    record = refine("dutch", base, parts, 2, 3, 7, **common)        # resumed from the file after one round
    refine("dutch", base, other, 2, 3, 8, **common)
    a, b, c, start = (load_weights(path, "dutch")[0] for path in (whole, parts, other, base))
    for name in ("w1", "b1", "w2", "b2"):
        assert np.array_equal(a[name], b[name]), name
    assert not np.array_equal(a["w1"], c["w1"]) and not np.array_equal(a["w1"], start["w1"])
    assert record["refinement"]["rounds"] == 2 and record["games"] == 6     # the base's record is kept
    with pytest.raises(InvalidArgument, match="other settings"):
        refine("dutch", base, whole, 3, 3, 7, keep_one_in=2, epochs=3, alpha=0.05)


def test_refinement_positions_are_real_positions_and_fitting_moves_the_net_towards_its_targets():
    net = load_net("backgammon")
    layers = net.layers()
    boards = np.zeros((400, 52), dtype=np.int8)
    count = _net.selfplay_positions(*layers, 0, 8, 3, 0, 2.0, 3.0, True, net.db_win, net.ways, 2, boards)
    boards = boards[:count]
    assert 50 < count < 400
    sides = boards.reshape(count, 2, 26)
    assert (sides >= 0).all() and (sides.sum(axis=2) <= 15).all() and (sides.sum(axis=2) > 0).all()
    rules = np.array([0, 2, 3, 1], dtype=np.int64)
    targets = _net.positions_value(*layers, boards, rules, net.db_win, net.ways, 1)
    copies = [layer.copy() for layer in layers]
    before = _net.positions_value(*copies, boards, rules, net.db_win, net.ways, 0)
    for _ in range(20):
        _net.fit_positions(*copies, boards, targets, np.arange(count), 0.1, 0)
    after = _net.positions_value(*copies, boards, rules, net.db_win, net.ways, 0)
    error = lambda values: float(((values - targets)[:, :5] ** 2).mean())     # noqa: E731
    assert error(after) < 0.5 * error(before)


# ------------------------------------------------------------------ cube
def test_janowski_without_gammons_matches_the_race_module():
    for p in np.linspace(0.01, 0.99, 25):
        probabilities = (p, 0.0, 0.0, 0.0, 0.0)
        for ours, theirs in (("centre", "centre"), ("on_roll", "owned"), ("opponent", "opponent")):
            assert janowski(probabilities, ours, 0.68) == pytest.approx(janowski_equity(p, theirs), abs=1e-12)


@pytest.mark.slow
def test_cube_in_the_bear_off_database_is_the_exact_answer(odds):
    for notation in ("1:2 2:1 / 3:2 5:1", "1:1 2:2 3:1 / 4:1 5:2 6:1", "1:3 / 6:2", "1:1 / 6:1 5:1"):
        position = Position.from_notation(notation)
        decision = cube_decision("backgammon", position)
        exact = cube_advice("backgammon", position)
        assert decision.exact and decision.no_double == exact.no_double and decision.double_take == exact.double_take
        cli = odds("backgammon", "cube", "--position", notation, "--json").json()
        bearoff = odds("backgammon", "bearoff", "--position", notation, "--json").json()
        assert cli["equity_no_double"] == bearoff["equity_no_double"]
        assert cli["decision"].split(",")[0].replace("too good to double", "no double") == \
            bearoff["decision"].split(" (")[0].split(",")[0]


def test_cube_decisions_of_clear_positions():
    # a closed board against a checker on the bar with 14 of 15 borne off: far too good or a pass
    crushing = cube_decision("backgammon", Position.from_notation("1:2 2:2 3:2 4:2 5:2 6:2 / bar:1 6:14"))
    assert crushing.decision in ("double, pass", "too good to double, pass")
    start = cube_decision("backgammon", Position.opening())
    assert start.decision == "no double, take"
    owned = cube_decision("backgammon", Position(Position.opening().on_roll, Position.opening().opponent, 2,
                                                 "opponent"))
    assert owned.double_take is None and owned.decision.startswith("no double")


# ------------------------------------------------------------------ weights file
def _rewrite(path, mutate):
    """A copy of a weights file with its arrays changed and the checksum made right again."""
    blob = path.read_bytes()
    size = int.from_bytes(blob[6:10], "little")
    header = json.loads(blob[10:10 + size])
    with np.load(io.BytesIO(blob[10 + size:])) as npz:
        arrays = {k: npz[k] for k in npz.files}
    mutate(arrays)
    buffer = io.BytesIO()
    np.savez(buffer, **arrays)
    payload = buffer.getvalue()
    header["sha256"] = hashlib.sha256(payload).hexdigest()
    text = json.dumps(header).encode()
    return blob[:6] + len(text).to_bytes(4, "little") + text + payload


def test_a_damaged_weights_file_is_refused_in_one_sentence(tmp_path, odds):
    good = tmp_path / "good.podds"
    save_weights(good, "backgammon", new_net(4, 1), {"games": 0})
    assert load_weights(good, "backgammon")[1] == {"games": 0}
    flipped = bytearray(good.read_bytes())
    flipped[-100] ^= 1
    bad_sum = tmp_path / "sum.podds"
    bad_sum.write_bytes(bytes(flipped))
    bad_shape = tmp_path / "shape.podds"
    bad_shape.write_bytes(_rewrite(good, lambda a: a.update(w1=a["w1"][:-1])))
    with pytest.raises(InvalidArgument, match="checksum"):
        load_weights(bad_sum, "backgammon")
    with pytest.raises(InvalidArgument, match="shape"):
        load_weights(bad_shape, "backgammon")
    with pytest.raises(InvalidArgument, match="'backgammon'"):
        load_weights(good, "dutch")
    for path in (bad_sum, bad_shape, tmp_path / "missing.podds", tmp_path, "/dev/full"):
        assert_one_sentence_error(odds("backgammon", "eval", "--id", "4HPwATDgc/ABMA", "--weights", str(path)))


def test_the_shipped_nets_load_with_their_training_record():
    for rules in PRESETS:
        _, record = load_weights(shipped_path(rules), rules)
        assert record["preset"] == rules and record["games"] > 0 and record["command"].startswith("scripts/")


# ------------------------------------------------------------------ commands
@pytest.mark.slow
def test_commands_as_written(odds):
    data = odds("backgammon", "hint", "--id", "4HPwATDgc/ABMA", "--roll", "31", "--json").json()
    assert data["count"] == 16 and data["plays"][0]["play"] == "8/5 6/5" and data["plays"][0]["loss"] == 0
    result = odds("backgammon", "hint", "--preset", "dutch", "--position", "start:15 / start:15", "--roll", "64",
                  "--ply", "1")
    assert result.code == 0 and "start/" in result.out
    ev = odds("backgammon", "eval", "--id", "4HPwATDgc/ABMA", "--json").json()
    assert 0.4 < ev["win"] < 0.6 and abs(ev["equity"]) < 0.2
    cube = odds("backgammon", "cube", "--id", "4HPwATDgc/ABMA", "--cube", "1", "--json").json()
    assert cube["decision"] == "no double, take"
    games = odds("backgammon", "match", "--bots", "net,pips", "--games", "40", "--seed", "1", "--json").json()
    assert games[0]["games"] == 40 and games[0]["a_points_per_game"] > 0


@pytest.mark.parametrize("argv", [
    ("hint", "--id", "4HPwATDgc/ABMA", "--roll", "71"),
    ("hint", "--id", "4HPwATDgc/ABMA", "--roll", "31", "--ply", "3"),
    ("hint", "--preset", "acey_deucey", "--position", "start:15 / start:15", "--roll", "12", "--ply", "2"),
    ("hint", "--preset", "dutch", "--id", "4HPwATDgc/ABMA", "--roll", "31", "--rule", "pay_per_checker_left=true"),
    ("eval", "--position", "6:16 / 6:5"),
    ("cube", "--preset", "acey_deucey", "--position", "start:15 / start:15"),
    ("match", "--bots", "net,gnubg", "--games", "10"),
    ("match", "--bots", "net", "--games", "10"),
    ("match", "--bots", "net,pips", "--games", "0"),
    ("match", "--bots", "net,net:ply2", "--games", "1000"),
    ("match", "--bots", "net,pips", "--games", "10", "--chunks", "11", "--scheduler", "sync"),
    ("match", "--bots", "net,pips", "--games", "10", "--scheduler", "nowhere")])
@pytest.mark.slow
def test_bad_input_is_one_sentence(odds, argv):
    assert_one_sentence_error(odds("backgammon", *argv))


@pytest.mark.slow
def test_bots_choose_one_legal_play_and_matches_repeat_from_a_seed():
    position = Position.from_notation(MIDDLE)
    listed = {p.notation for p in legal_plays("backgammon", position, "42").plays}
    for name in ("net", "net:ply1", "pips", "random"):
        assert make_bot(name).choose("backgammon", position, "42").notation in listed
    first = match("backgammon", "net", "random", 30, seed=4).points
    assert np.array_equal(first, match("backgammon", "net", "random", 30, seed=4).points)
    assert first.mean() > 0


@pytest.mark.slow
@pytest.mark.parametrize("notation,roll", [(MIDDLE, "42"), (MIDDLE, "66"), (OPENING, "21"), (OPENING, "64")])
def test_the_look_ahead_bots_play_the_best_one_ply_play_of_the_filtered_plays(notation, roll):
    """gnubg's normal filter, rebuilt from hint's rankings: the 0-ply best and at most 8 plays in all within
    0.16 of it, then the best of those at 1-ply."""
    position = Position.from_notation(notation)
    zero = hint("backgammon", position, roll, ply=0).plays
    kept = [p.play for p in zero[:8] if p.equity >= zero[0].equity - 0.16]
    one = {p.play: p.equity for p in hint("backgammon", position, roll, ply=1).plays}
    ranked = sorted(kept, key=lambda play: -one[play])
    assert len(ranked) == 1 or one[ranked[0]] > one[ranked[1]] + 1e-9       # no tie to break
    assert make_bot("net:ply1").choose("backgammon", position, roll).notation == ranked[0]
    assert len(zero) > len(kept)                # the filter drops plays here


@pytest.mark.slow
def test_matches_with_the_cube_score_whole_cube_multiples():
    result = match("backgammon", "net", "pips", 60, seed=2, cube=True)
    points, cubes = result.points, result.cubes
    assert (cubes >= 1).all() and (cubes > 1).any()        # the net doubles; pips always takes
    assert np.array_equal(points % cubes, np.zeros(60))
    assert (np.abs(points) <= 3 * cubes).all() and (points != 0).all()
    with pytest.raises(InvalidArgument, match="no doubling cube"):
        match("acey_deucey", "net", "pips", 2, cube=True)


def test_a_match_gives_the_same_games_in_this_process_and_through_dask(odds):
    """Game g's dice come from (seed, g) alone: however the games are cut and on whichever scheduler, the
    points and the final cubes are the same, game for game."""
    here = match("backgammon", "net", "pips", 24, seed=5, cube=True)
    for scheduler, chunks in (("sync", 5), ("processes", 3)):
        there = match("backgammon", "net", "pips", 24, seed=5, cube=True, chunks=chunks, scheduler=scheduler)
        assert np.array_equal(there.points, here.points) and np.array_equal(there.cubes, here.cubes)
    argv = ("backgammon", "match", "--bots", "net,random", "--games", "30", "--seed", "2", "--json")
    alone = odds(*argv).json()
    assert odds(*argv, "--scheduler", "sync", "--chunks", "4").json() == alone
