"""Whole-game simulation: against an exact enumeration of the same bots, and the same seed everywhere."""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import product

import pytest

from analysis.bluff.rules import preset
from analysis.bluff.play.tournament import run_sweep, run_tournament, wilson_interval
from analysis.errors import InvalidArgument

LIARS = preset("liars_dice").with_fields(exact_call=None)


# ------------------------------------------------------------------ an exact reference, bots written again
def _p_true(count, face, my_die, unknown):
    """P(at least ``count`` of ``face`` | my one die, ``unknown`` fair dice), no wild face."""
    need = count - (1 if my_die == face else 0)
    if need <= 0:
        return Fraction(1)
    return sum(Fraction(math.comb(unknown, k) * 5 ** (unknown - k), 6 ** unknown) for k in range(need, unknown + 1))


BIDS = [(count, face) for count in (1, 2) for face in range(1, 7)]


def _threshold_choices(bid, my_die, level):
    if bid is not None and _p_true(*bid, my_die, 1) < level:
        return {"challenge": Fraction(1)}
    later = BIDS if bid is None else BIDS[BIDS.index(bid) + 1:]
    for candidate in later:
        if _p_true(*candidate, my_die, 1) >= level:
            return {candidate: Fraction(1)}
    return {"challenge": Fraction(1)} if bid is not None else {BIDS[0]: Fraction(1)}


def _random_choices(bid):
    later = BIDS if bid is None else BIDS[BIDS.index(bid) + 1:]
    options = later + ([] if bid is None else ["challenge"])
    return {option: Fraction(1, len(options)) for option in options}


def _p_opener_wins(opener_bot, other_bot, dice, bid=None, turn=0):
    """P(the opener wins) in a one-die-each round, the bots' choices enumerated exactly."""
    bot = (opener_bot, other_bot)[turn]
    mine = dice[turn]
    choices = _random_choices(bid) if bot == "random" else _threshold_choices(bid, mine, Fraction(1, 2))
    total = Fraction(0)
    for action, p in choices.items():
        if action == "challenge":
            actual = sum(1 for d in dice if d == bid[1])
            bid_true = actual >= bid[0]
            caller_loses = bid_true
            opener_wins = caller_loses if turn == 1 else not caller_loses
            total += p * (1 if opener_wins else 0)
        else:
            total += p * _p_opener_wins(opener_bot, other_bot, dice, action, 1 - turn)
    return total


def test_simulated_win_rate_matches_exact_enumeration():
    exact_open = sum(_p_opener_wins("random", "threshold", dice) for dice in product(range(1, 7), repeat=2)) / 36
    exact_answer = sum(1 - _p_opener_wins("threshold", "random", dice)
                       for dice in product(range(1, 7), repeat=2)) / 36
    exact = float((exact_open + exact_answer) / 2)   # the opener rotates: seat 0 opens every other game
    games = 40000
    result = run_tournament(LIARS, "random,threshold", games=games, seed=3, start=1, scheduler="sync")
    rate = result.table.win_rate[0]
    error = math.sqrt(exact * (1 - exact) / games)
    assert abs(rate - exact) < 4 * error, (rate, exact, error)


def test_wilson_interval_by_hand():
    # 50 wins in 100: centre (0.5 + z^2/200) / (1 + z^2/100) = 0.5, half-width
    # z sqrt(0.0025 + z^2/40000) / (1 + z^2/100) = 0.09617 with z = 1.95996.
    low, high = wilson_interval(50, 100)
    assert (low, high) == (pytest.approx(0.40383, abs=1e-5), pytest.approx(0.59617, abs=1e-5))
    # No wins in 10: the interval is [0, z^2 / (10 + z^2)] = [0, 0.27753].
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and high == pytest.approx(0.27753, abs=1e-5)  # exactly 0, not a rounding hair above
    assert wilson_interval(10, 10) == (pytest.approx(1 - 0.27753, abs=1e-5), 1.0)


# ------------------------------------------------------------------ reproducibility
def test_same_seed_same_games_whatever_the_chunks_and_scheduler():
    rules = preset("bluff")
    kwargs = dict(bots="threshold:0.4,honest,random", games=3000, seed=11, start=3)
    one = run_tournament(rules, chunks=1, scheduler="sync", **kwargs)
    many = run_tournament(rules, chunks=7, scheduler="threads", **kwargs)
    assert one.table.equals(many.table)
    assert one.first_opener_wins == many.first_opener_wins
    other_seed = run_tournament(rules, chunks=1, scheduler="sync", **{**kwargs, "seed": 12})
    # Another seed plays other games (its win counts can coincide by chance: 11 and 12 do here).
    assert (one.mean_rounds, one.first_opener_wins) != (other_seed.mean_rounds, other_seed.first_opener_wins)


def test_chunks_grouped_into_fewer_tasks_play_the_same_games(monkeypatch, tmp_path):
    import analysis.bluff.play.tournament as tournament

    rules = preset("perudo")
    kwargs = dict(bots="threshold:0.4,random,honest", games=900, seed=5, chunks=30, scheduler="sync")
    apart = run_tournament(rules, log=tmp_path / "apart.jsonl", **kwargs)
    monkeypatch.setattr(tournament, "MAX_TASKS", 4)        # 30 chunks in 4 tasks of 8, 8, 8 and 6
    grouped = run_tournament(rules, log=tmp_path / "grouped.jsonl", **kwargs)
    assert grouped.chunks == apart.chunks == 30
    assert grouped.table.equals(apart.table) and grouped.mean_rounds == apart.mean_rounds
    assert (tmp_path / "grouped.jsonl").read_text() == (tmp_path / "apart.jsonl").read_text()


def test_sweep_on_a_local_dask_cluster_matches_the_local_run():
    distributed = pytest.importorskip("distributed")
    entries = [{"rules": preset("perudo"), "bots": "threshold,honest"},
               {"rules": preset("liars_dice"), "bots": "threshold:0.3,threshold:0.6,random", "start": 2}]
    local = run_sweep(entries, games=1500, seed=5, chunks=3, scheduler="sync")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        remote = run_sweep(entries, games=1500, seed=5, chunks=3, scheduler=client)
    assert local.equals(remote)
    assert len(local) == 5 and set(local.entry) == {0, 1}


def test_tournament_by_scheduler_address(odds):
    # The CLI's --scheduler takes an address, as it would for a cluster on other machines.
    distributed = pytest.importorskip("distributed")
    args = ["bluff", "tournament", "--preset", "bluff", "--bots", "threshold,honest,random", "--games", "900",
            "--seed", "8", "--chunks", "3", "--json"]
    local = odds(*args, "--scheduler", "sync").json()
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        remote = odds(*args, "--scheduler", cluster.scheduler_address).json()
    assert remote["seats"] == local["seats"]


def test_every_game_ends_with_one_winner():
    result = run_tournament(preset("perudo"), "random,random,honest,threshold,random,honest", games=600,
                            seed=2, scheduler="sync")
    assert result.unfinished == 0
    assert result.table.wins.sum() == 600
    assert result.by_position.win_rate.sum() == pytest.approx(1.0)


@pytest.mark.slow
def test_equilibrium_bot_is_not_exploited_by_the_threshold_bot():
    # One die each, Bluff: the equilibrium loses at most its exploitability per round on average;
    # with the opener rotating its win rate cannot fall far below 1/2.
    result = run_tournament(preset("bluff"), "equilibrium,threshold", games=20000, seed=4, start=1,
                            scheduler="sync")
    assert result.table.ci_high[0] > 0.5 - 1e-3


@pytest.mark.parametrize("bots, message", [("threshold,wizard", "not a bot"), ("threshold:2", "between 0 and 1"),
                                           ("threshold,honest", "one bot per player")])
def test_bad_bots_are_refused(bots, message):
    with pytest.raises(InvalidArgument, match=message):
        run_tournament(preset("bluff"), bots, players=3 if bots == "threshold,honest" else None, games=10,
                       scheduler="sync")


# ------------------------------------------------------------------ Bluff, whole games, exactly
def _bluff_bids(most):
    """Bluff's track written again: number bids (count, face 1-5), star bids (k, 6) right after field 2k-1."""
    def place(bid):
        count, face = bid
        return (2 * count - 1, 1, 0) if face == 6 else (count, 0, face)
    return sorted(((c, f) for c in range(1, most + 1) for f in range(1, 7)), key=place)


def _bluff_bot(kind, hand, in_play, bid, bids):
    """The documented threshold:0.5 and honest bots (bots.py), for Bluff."""
    unknown = in_play - len(hand)

    def mine(face):
        return sum(1 for d in hand if d == face or (face != 6 and d == 6))

    def chance(face):
        return 1 / 6 if face == 6 else 1 / 3

    def p_true(b):
        need = b[0] - mine(b[1])
        if need <= 0:
            return 1.0
        p = chance(b[1])
        return sum(math.comb(unknown, k) * p ** k * (1 - p) ** (unknown - k) for k in range(need, unknown + 1))

    def good(b):
        if kind == "honest":
            return mine(b[1]) + unknown * chance(b[1]) >= b[0]
        return p_true(b) >= 0.5

    if bid is not None and not good(bid):
        return "challenge"
    later = bids if bid is None else bids[bids.index(bid) + 1:]
    for candidate in later:
        if candidate[0] <= in_play and good(candidate):
            return candidate
    return "challenge" if bid is not None else bids[0]


def _hands(dice):
    """Every sorted hand of ``dice`` Bluff dice (6 is the star) with its chance."""
    table = {}
    for roll in product(range(1, 7), repeat=dice):
        key = tuple(sorted(roll))
        table[key] = table.get(key, 0) + Fraction(1, 6 ** dice)
    return table


def _p_seat0_wins(bots, dice, opener, memo):
    """P(seat 0 wins the game) from ``dice`` with ``opener`` to bid first, enumerating every roll."""
    key = (dice, opener)
    if key in memo:
        return memo[key]
    if dice[0] == 0 or dice[1] == 0:
        return Fraction(1 if dice[1] == 0 else 0)
    in_play = sum(dice)
    bids = _bluff_bids(in_play)
    total = Fraction(0)
    for h0, p0 in _hands(dice[0]).items():
        for h1, p1 in _hands(dice[1]).items():
            hands = (h0, h1)
            bid, actor, bidder = None, opener, None
            while True:
                action = _bluff_bot(bots[actor], hands[actor], in_play, bid, bids)
                if action != "challenge":
                    bid, bidder, actor = action, actor, 1 - actor
                    continue
                caller = actor
                actual = sum(1 for h in hands for d in h if d == bid[1] or (bid[1] != 6 and d == 6))
                lost = [0, 0]
                if actual > bid[0]:
                    lost[caller] = min(actual - bid[0], dice[caller])
                elif actual < bid[0]:
                    lost[bidder] = min(bid[0] - actual, dice[bidder])
                else:
                    lost[caller] = 1   # everyone but the bidder
                break
            left = (dice[0] - lost[0], dice[1] - lost[1])
            total += p0 * p1 * _p_seat0_wins(bots, left, caller, memo)   # the challenger opens next
    memo[key] = total
    return total


def test_bluff_games_match_exact_enumeration():
    bots = ("threshold", "honest")
    memo = {}
    exact = float((_p_seat0_wins(bots, (2, 2), 0, memo) + _p_seat0_wins(bots, (2, 2), 1, memo)) / 2)
    games = 40000
    result = run_tournament(preset("bluff"), "threshold,honest", games=games, seed=9, start=2, scheduler="sync")
    rate = result.table.win_rate[0]
    error = math.sqrt(exact * (1 - exact) / games)
    assert abs(rate - exact) < 4 * error, (rate, exact, error)
    # Seat 0 opening every game: a very different figure (0.464 against 0.721 when answering).
    opening = float(memo[((2, 2), 0)])
    fixed = run_tournament(preset("bluff"), "threshold,honest", games=games, seed=9, start=2, rotate=False,
                           scheduler="sync").table.win_rate[0]
    assert abs(fixed - opening) < 4 * math.sqrt(opening * (1 - opening) / games), (fixed, opening)


def test_next_opener_follows_the_rule_field_not_the_preset_name():
    # A renamed Bluff (a house-rule preset) keeps the challenger opening the next round.
    house = preset("bluff").with_fields(name="house_bluff")
    kwargs = dict(bots="threshold,honest,random", games=400, seed=6, start=2, scheduler="sync")
    assert run_tournament(house, **kwargs).table.equals(run_tournament(preset("bluff"), **kwargs).table)


def test_equilibrium_bot_plays_perudo_endgames_to_win_not_for_dice():
    # With one die each, a calza that regains the caller a die is worth no more than winning the
    # round: the bot's round is solved for the game. Against the LP of the same round (3 faces)
    # scored +1 / -1 by who loses their last die, and unlike the dice-difference value.
    from analysis.bluff.exact.solve import solve_round
    from analysis.bluff.odds.outcomes import last_die_payoff
    from tests.bluff_strategy.reference import TinyRound, sequence_form_value

    tiny = TinyRound((1, 2, 3), (1, 1), joker=1, joker_track="even", exact="calza", opening_on_joker=False)

    def win(call, bid, rolls, caller):
        lost = tiny.losses(call, bid, rolls, caller)
        return float(lost[1] > 0) - float(lost[0] > 0)

    solution = solve_round(preset("perudo"), (1, 1), faces=3, terminal_value=last_die_payoff, payoff_name="win",
                           target=1e-6, store=False)
    assert solution.value == pytest.approx(sequence_form_value(tiny, win), abs=1e-5)
    assert abs(sequence_form_value(tiny, win) - sequence_form_value(tiny)) > 1e-2


@pytest.mark.parametrize("rules", [preset("bluff"), preset("perudo"), preset("liars_dice"),
                                   preset("liars_dice", wild=6)], ids=["bluff", "perudo", "liars", "liars_wild"])
def test_kernel_legality_table_is_is_raise_on_every_pair(rules):
    # The table is built from track places as whole arrays; is_raise, called pair by pair, is the rule.
    from analysis.bluff.bids import all_bids, is_raise
    from analysis.bluff.play.tournament import _rule_tables

    legal = _rule_tables(rules, 3, 3)[2]
    bids = all_bids(rules, 9)
    for pal in (0, 1) if rules.palifico else (0,):
        for k, bid in enumerate(bids):
            assert legal[pal, 0, k] == is_raise(rules, None, bid, bool(pal)), (pal, bid)
            for j, previous in enumerate(bids):
                assert legal[pal, j + 1, k] == is_raise(rules, previous, bid, bool(pal)), (pal, previous, bid)


def test_blocks_of_games_add_up_to_the_whole_tournament():
    # seat_wins plays any block of a seed's games: blocks played apart give the one tournament's counts,
    # bayes bot included.
    from analysis.bluff.play.tournament import seat_wins

    bots = "bayes,threshold,model"
    rules = preset("liars_dice")
    whole = run_tournament(rules, bots, games=500, seed=4, start=3, scheduler="sync").table.wins.tolist()
    blocks = [seat_wins(rules, bots, first, 100, seed=4, start=3) for first in range(0, 500, 100)]
    assert sum(blocks).tolist() == whole
    assert seat_wins(rules, bots, 200, 100, seed=4, start=3).tolist() == blocks[2].tolist()
    assert seat_wins(rules, bots, 200, 100, seed=5, start=3).tolist() != blocks[2].tolist()


@pytest.mark.parametrize("seed", [-1, 2 ** 63, 1.5, True])
def test_a_tournament_takes_the_toolkits_one_seed_rule(seed):
    from analysis.errors import InvalidArgument

    with pytest.raises(InvalidArgument, match="Seed .* is not allowed; use a whole number from 0 to 2\\*\\*63 - 1"):
        run_tournament(preset("bluff"), "honest,random", games=10, seed=seed, scheduler="sync")
