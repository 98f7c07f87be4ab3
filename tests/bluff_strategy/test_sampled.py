"""The sampled round solver: its abstraction with every bid remembered is the exact solver's game, its
exploitability falls, its local best response is the exact one where it looks far enough, its store round-trips."""

from __future__ import annotations

import numpy as np
import pytest

from analysis.bluff.sampled import _eval_kernels as _sampled_eval

from analysis.bluff.sampled import search_rules
from analysis.bluff.bids import format_bid
from analysis.bluff.rules import preset
from analysis.bluff.sampled.exploitability import (exact_exploitability, from_tree_policy, local_best_response,
                                                   sampled_exploitability, tree_policy)
from analysis.bluff.sampled.game import round_win_payoff, sampled_game
from analysis.bluff.sampled.solver import solve_sampled
from analysis.bluff.sampled.stored import stored_solve
from analysis.bluff.exact.solve import round_game, solve_round
from analysis.errors import InvalidArgument
from analysis.store import Store

LIARS = preset("liars_dice", wild=6, exact_call=None)
SMALL = [(LIARS, (1, 1), 4), (preset("bluff"), (1, 1), 3), (preset("perudo"), (2, 1), 3),
         (preset("liars_dice"), (1, 2), 3)]


def _abstract_policy(game, tree, tree_policy_array):
    """The exact solver's policy in the abstract layout; with full recall one abstract slot per slot of the tree."""
    where = tree_policy(game, np.arange(game.slots, dtype=np.float64), tree).astype(np.int64)
    assert len(set(where.tolist())) == where.size
    return from_tree_policy(game, tree, tree_policy_array)


@pytest.mark.parametrize("rules, dice, faces", SMALL)
def test_full_recall_is_the_exact_solvers_game(rules, dice, faces):
    exact = solve_round(rules, dice, faces=faces, target=1e-6, store=False)
    game = sampled_game(rules, dice, k=None, faces=faces)
    tree = round_game(rules, dice, faces)
    measured = exact_exploitability(game, _abstract_policy(game, tree, exact.policy))
    assert measured.exact
    assert measured.value_first_bidder == pytest.approx(exact.value, abs=1e-12)
    assert measured.value == pytest.approx(exact.exploitability, abs=1e-12)
    # Every information set of the exact solver is one of the abstraction's; the abstraction also numbers sets
    # of bids no round reaches (Perudo's opening pacos, the set of every bid for the seat not to act).
    assert game.information_sets >= exact.game.information_sets


def test_full_recall_with_the_round_win_payoff_is_the_exact_solvers_game_too():
    # Winning the round, +1 / -1: Bluff's difference rule and Perudo's calza count as one won or lost round.
    for rules, dice in ((preset("bluff"), (2, 1)), (preset("perudo"), (1, 2))):
        exact = solve_round(rules, dice, faces=3, target=1e-6, store=False, terminal_value=round_win_payoff)
        game = sampled_game(rules, dice, k=None, faces=3, payoff="win")
        tree = round_game(rules, dice, 3, terminal_value=round_win_payoff)
        measured = exact_exploitability(game, _abstract_policy(game, tree, exact.policy))
        assert measured.value_first_bidder == pytest.approx(exact.value, abs=1e-12)
        assert measured.value == pytest.approx(exact.exploitability, abs=1e-12)
        assert set(np.unique(game.payoff)) <= {-1.0, 1.0}


@pytest.mark.parametrize("rules, dice, faces", [(LIARS, (1, 1), 4), (preset("perudo"), (2, 1), 3)])
def test_sampled_solve_approaches_the_exact_equilibrium(rules, dice, faces):
    exact = solve_round(rules, dice, faces=faces, target=1e-6, store=False)
    small, large = (solve_sampled(rules, dice, k=None, faces=faces, iterations=n, store=False)
                    for n in (300, 30000))
    assert small.exploitability.exact and large.exploitability.exact
    assert large.exploitability.value < small.exploitability.value / 2
    assert large.exploitability.value < 0.05
    # The value of a strategy this close to equilibrium is within its exploitability of the game value.
    assert abs(large.value - exact.value) <= 2 * large.exploitability.value


def test_remembering_fewer_bids_costs_exploitability_in_the_real_game():
    full, last_one = (solve_sampled(LIARS, (1, 1), k=k, faces=4, iterations=20000, store=False) for k in (None, 1))
    assert last_one.game.information_sets < full.game.information_sets
    assert last_one.exploitability.value > full.exploitability.value


def test_the_same_seed_gives_the_same_solve_and_another_seed_another():
    one, two, other = (solve_sampled(LIARS, (1, 1), k=2, faces=4, iterations=2000, store=False, seed=s)
                       for s in (5, 5, 6))
    assert np.array_equal(one.policy, two.policy)
    assert not np.array_equal(one.policy, other.policy)


@pytest.mark.parametrize("rules, dice, steps, k", [(LIARS, (1, 1), None, 1), (preset("perudo"), (2, 1), None, 1),
                                                   (preset("bluff"), (2, 1), 1, 1), (preset("perudo"), (2, 1), 1, 2)])
@pytest.mark.slow
def test_local_best_response_looking_to_the_end_is_the_exact_best_response(rules, dice, steps, k):
    # A fixed strategy, not an equilibrium: a short solve remembering k bids (with steps, playing only the lowest
    # count of each face: the responder still makes every legal raise, the exact tree holds them all, and a pair
    # of bids off the abstraction is remembered through its stand-in on both sides).
    fixed = solve_sampled(rules, dice, k=k, faces=3, iterations=500, store=False, steps=steps)
    game, policy = fixed.game, fixed.policy.astype(np.float64)
    tree = round_game(rules, dice, 3)
    from analysis.bluff.exact import _kernels as _solve_kernels
    _, best0, best1 = _solve_kernels.evaluate(tree_policy(game, policy, tree), tree.kernel_arrays())
    games = 20000
    for seat, best in ((0, best0), (1, best1)):
        payoffs = local_best_response(game, policy, seat, games, seed=3, lookahead=len(game.bids))
        half = 1.96 * payoffs.std(ddof=1) / np.sqrt(games)
        assert abs(payoffs.mean() - best) <= half, (seat, payoffs.mean(), best, half)
        # Looking one raise ahead is a strategy too, so it gains no more than the best response.
        shallow = local_best_response(game, policy, seat, games, seed=3, lookahead=1)
        assert shallow.mean() <= best + 1.96 * shallow.std(ddof=1) / np.sqrt(games)
    measured = sampled_exploitability(game, policy, games, seed=3, lookahead=len(game.bids))
    assert abs(measured.value - (best0 + best1) / 2) <= measured.half_width


def test_the_action_abstraction_plays_the_lowest_legal_counts_of_each_face():
    from analysis.bluff.bids import is_raise
    for rules in (preset("perudo"), preset("bluff"), preset("liars_dice", wild=1, exact_call=None)):
        game = sampled_game(rules, (3, 2), k=1, steps=2)
        full = sampled_game(rules, (3, 2), k=1)
        assert game.information_sets == full.information_sets and game.slots < full.slots
        for row in range(len(game.bids) + 1):
            previous = game.bids[row] if row < len(game.bids) else None
            kept = [game.bids[b] for b in game.raises[row, :game.n_raises[row]]]
            legal = [b for b in game.bids if is_raise(rules, previous, b)]
            keep = 2 if previous is not None else max(2, 5 // 3)
            for face in {b.face for b in legal}:
                counts = sorted(b.count for b in legal if b.face == face)
                assert sorted(b.count for b in kept if b.face == face) == counts[:keep], (rules.name, row, face)
            # Every legal bid is answered: the abstract raise standing for it is of its face where one is played.
            for bid in legal:
                a = game.abstract_action([previous] if previous else [], bid)
                stand_in = game.bids[game.raises[row, a]]
                assert stand_in == bid or stand_in.face == bid.face or all(b.face != bid.face for b in kept)


def test_robust_sampling_approaches_the_exact_equilibrium():
    small, large = (solve_sampled(LIARS, (1, 1), k=None, faces=4, iterations=n, store=False, width=1.5)
                    for n in (300, 30000))
    assert large.exploitability.exact
    assert large.exploitability.value < small.exploitability.value / 2
    assert large.exploitability.value < 0.2


def test_a_stored_solve_reads_back_as_it_was_written(tmp_path):
    store = Store(tmp_path)
    written = solve_sampled(LIARS, (1, 1), k=2, faces=4, iterations=1000, store=store)
    read = solve_sampled(LIARS, (1, 1), k=2, faces=4, iterations=1000, store=store)
    assert not written.from_store and read.from_store
    assert np.array_equal(written.policy, read.policy)
    assert (read.value, read.exploitability.value, read.iterations) == (
        written.value, written.exploitability.value, written.iterations)
    assert stored_solve(LIARS, (1, 1), k=2, faces=4, iterations=1001, store=store) is None


def test_looking_up_a_solve_never_runs_one(tmp_path, monkeypatch):
    from analysis.bluff.sampled import solver

    store = Store(tmp_path)
    written = solve_sampled(LIARS, (1, 1), k=2, faces=4, iterations=500, store=store, checks=1)

    def no_solve(*args, **kwargs):
        raise AssertionError("a look-up ran a solve")

    monkeypatch.setattr(solver, "_run", no_solve)
    read = stored_solve(LIARS, (1, 1), k=2, faces=4, iterations=500, store=store)
    assert read.from_store and not read.shipped and np.array_equal(read.policy, written.policy)
    # What neither the store nor the package holds is None, as is any solve where no store is asked.
    assert stored_solve(LIARS, (1, 1), k=2, faces=4, iterations=501, store=store) is None
    assert stored_solve(LIARS, (1, 1), k=2, faces=4, iterations=500, store=False) is None
    assert solve_sampled(LIARS, (1, 1), k=2, faces=4, iterations=500, store=store).from_store
    # The same checks as a solve: a bad setting is one sentence, not a look-up of nothing.
    with pytest.raises(InvalidArgument, match="exploration"):
        stored_solve(LIARS, (1, 1), k=2, faces=4, iterations=500, store=store, explore=0.0)


def test_a_stopped_solve_resumes_to_the_same_result(tmp_path):
    checkpoint = str(tmp_path / "check.npz")
    whole = solve_sampled(LIARS, (1, 1), k=2, faces=4, iterations=3000, store=False)
    # The checkpoint of a finished solve, read by a second run of the same solve: nothing is redone.
    solve_sampled(LIARS, (1, 1), k=2, faces=4, iterations=3000, store=False, checkpoint=checkpoint)
    resumed = solve_sampled(LIARS, (1, 1), k=2, faces=4, iterations=3000, store=False, checkpoint=checkpoint)
    assert np.array_equal(whole.policy, resumed.policy)


@pytest.mark.slow
def test_a_warm_start_plays_the_one_bid_solve_it_starts_from(tmp_path):
    import dataclasses

    from analysis.bluff.sampled.solver import _normalised, warm_start
    base = solve_sampled(LIARS, (1, 2), k=1, faces=4, iterations=3000, store=False)
    game = sampled_game(LIARS, (1, 2), k=2, faces=4)
    regret, sums = warm_start(game, base)
    started = dataclasses.replace(base, game=game, policy=_normalised(game, sums))
    # Every information set remembering two bids starts as the base's of its last bid (in whole 255ths).
    checked = 0
    for i, first in enumerate(game.bids):
        for second in [None] + list(game.bids[i + 1:i + 5]):
            history = [first] if second is None else [first, second]
            seat = len(history) % 2
            for hand in game.hands[seat]:
                mine, theirs = started.strategy(seat, hand, history), base.strategy(seat, hand, history[-1:])
                assert mine.keys() == theirs.keys()
                assert max(abs(mine[a] - theirs[a]) for a in mine) <= 1 / 255 + 1e-9
                checked += 1
    assert checked > 100
    for hand in game.hands[0]:
        assert started.strategy(0, hand, []) == pytest.approx(base.strategy(0, hand, []), abs=1 / 255 + 1e-9)
    # The regrets play the same strategy from the first iteration, so a short solve stays near the base's
    # exploitability (exact here) where one from nothing is still near uniform play.
    plan = dict(k=1, iterations=3000, explore=None, steps=None, width=0.0)
    store = Store(tmp_path)
    warm = solve_sampled(LIARS, (1, 2), k=2, faces=4, iterations=10, store=store, warm=plan)
    cold = solve_sampled(LIARS, (1, 2), k=2, faces=4, iterations=10, store=store)
    assert warm.exploitability.exact and warm.exploitability.value < cold.exploitability.value / 2
    assert warm.exploitability.value < base.exploitability.value + 0.1
    assert "started from the 3,000-iteration solve remembering the last bid" in warm.method
    # Stored apart from the solve from nothing, and read back with its start.
    assert solve_sampled(LIARS, (1, 2), k=2, faces=4, iterations=10, store=store, warm=plan).from_store
    assert not np.array_equal(warm.policy, cold.policy)
    with pytest.raises(InvalidArgument, match="^A solve starts only from one of the same round and raises "
                                              "remembering the last bid, for players remembering more\\.$"):
        solve_sampled(LIARS, (1, 2), k=2, faces=4, iterations=10, store=False, warm=dict(plan, k=2))


def test_too_large_rounds_are_refused_in_one_sentence():
    with pytest.raises(InvalidArgument, match=r"needs [\d.,]+ GB, more than the 4 GB allowed; remember fewer bids"):
        sampled_game(preset("liars_dice"), (5, 5), k=3)
    with pytest.raises(InvalidArgument, match="4 GB allowed; play fewer dice"):
        sampled_game(preset("bluff"), (15, 15), k=1)
    assert sampled_game(preset("bluff"), (13, 13), k=1).information_sets == 2681784
    with pytest.raises(InvalidArgument, match="1-15 dice each"):
        sampled_game(preset("bluff"), (16, 15), k=1)


def test_play_out_follows_a_deterministic_policy():
    # A policy that always opens with the first bid and always challenges: the payoff is the showdown's.
    game = sampled_game(LIARS, (1, 1), k=1, faces=2)
    policy = np.zeros(game.slots)
    for s in (0, 1):
        for w in range(game.windows):
            if game.offset[s, w] < 0:
                continue
            size = int(game.n_actions[w])
            for h in range(len(game.hands[s])):
                base = int(game.offset[s, w]) + h * size
                policy[base + (0 if w == 0 else size - 1)] = 1.0
    weights = np.array([1.0, 0.0])   # the other holds the lowest face for sure
    history = np.zeros(1, dtype=np.int64)
    out = _sampled_eval.play_out(1, 10, 0, 0, history, 0, weights, game.kernel_layout(), policy, -1)
    # Opening "1x1" (the lowest bid) with both dice on the lowest face: true, the challenger (seat 1) loses.
    assert np.all(out == 1.0)


@pytest.mark.parametrize("rules, dice", [(preset("bluff"), (1, 1)), (preset("liars_dice"), (2, 1))])
def test_full_recall_played_for_the_game_is_the_exact_solvers_game_round(rules, dice):
    # The payoff is the chance to win the game from where the round leaves it (game_value's exact values).
    from analysis.bluff.exact.game_value import game_value

    exact = game_value(rules, dice, faces=3, store=False).round_solution(*dice)
    game = sampled_game(rules, dice, k=None, faces=3, payoff="game")
    tree = exact.game
    measured = exact_exploitability(game, _abstract_policy(game, tree, exact.policy))
    assert measured.value_first_bidder == pytest.approx(exact.value, abs=1e-12)
    assert measured.value == pytest.approx(exact.exploitability, abs=1e-12)
    assert 0.0 <= game.payoff.min() and game.payoff.max() <= 1.0 and game.payoff.max() == 1.0
    solved = solve_sampled(rules, dice, k=None, faces=3, iterations=20000, payoff="game", store=False, checks=1)
    assert solved.exploitability.exact and solved.exploitability.value < 0.02
    assert solved.value == pytest.approx(exact.value, abs=0.03)


def test_the_game_payoff_beyond_three_dice_is_one_sentence():
    with pytest.raises(InvalidArgument, match="only up to 3 dice in play") as error:
        sampled_game(preset("bluff"), (2, 2), k=1, payoff="game")
    assert str(error.value).count(". ") == 0 and "\n" not in str(error.value)


def _searched_by_hand(solution, seat, hand, history, floor, lookahead):
    """The search's values written out plainly: the belief by Bayes on the strategy along the bids, each of the
    other's bids weighed by the strategy's chance of it mixed with the tremble over every legal action there (the
    round's raises and the calls), each call against it, each raise the strategy makes with chance >= floor by the
    other's answer and my best after it: my best call, or with a lookahead my best of the calls and of the strategy's
    raises valued so again."""
    from analysis.bluff.bids import is_raise
    from analysis.bluff.sampled.solution import TREMBLE

    game, policy, other = solution.game, solution.policy.astype(np.float64), 1 - seat
    sign = 1.0 if seat == 0 else -1.0

    def row(who, bids, h):
        window = game.window_of(bids)
        size = int(game.n_actions[window])
        return policy[int(game.offset[who, window]) + h * size:][:size]

    def raises_after(bids):
        last = game.bids.index(bids[-1]) if bids else len(game.bids)
        return [game.bids[b] for b in game.raises[last, :game.n_raises[last]]]

    w = {g: game.chance[other, g] for g in range(len(game.hands[other]))}
    for j in range(other, len(history), 2):
        legal = sum(is_raise(game.rules, history[j - 1] if j else None, b) for b in game.bids) + (
            len(game.calls) if j else 0)
        for g in w:
            chance = row(other, history[:j], g)[game.abstract_action(history[:j], history[j])]
            w[g] *= (1 - TREMBLE) * chance + TREMBLE / legal
    total = sum(w.values())
    w = {g: p / total for g, p in w.items()}
    mine = game.hands[seat].index(tuple(sorted(hand)))

    def call_value(bids, weights, call):
        last = game.bids.index(bids[-1])
        return sum(p * sign * game.payoff[call, seat, last, game.match[seat, mine, last] + game.match[other, g, last]]
                   for g, p in weights.items())

    def my_best(bids, weights, look):
        options = [call_value(bids, weights, c) for c in range(len(game.calls))]
        return max(options + ([their_answer(bids + [bid], weights, look - 1) for bid in raises_after(bids)]
                              if look > 0 else []))

    def their_answer(after, weights, look):
        b = game.bids.index(after[-1])
        answers = raises_after(after)
        value = sum(p * row(other, after, g)[len(answers) + c] * sign * game.payoff[
            c, other, b, game.match[seat, mine, b] + game.match[other, g, b]]
            for g, p in weights.items() for c in range(len(game.calls)))
        for r, answer in enumerate(answers):
            following = {g: p * row(other, after, g)[r] for g, p in weights.items()}
            value += my_best(after + [answer], following, look)
        return value

    raises = raises_after(history)
    floor = min(floor, max(row(seat, history, mine)[:len(raises)])) if raises else floor  # the likeliest is searched
    values = [their_answer(history + [bid], w, lookahead) if row(seat, history, mine)[a] >= floor else -np.inf
              for a, bid in enumerate(raises)]
    values += [call_value(history, w, c) for c in range(len(game.calls))] if history else []
    return values


def _search_by(kernels, solution, seat, hand, history, floor, lookahead, monkeypatch):
    """``solution.search`` run by ``kernels``: the search's plain text or its compiled copies."""
    from analysis.bluff.sampled import solution as sampled_solution

    with monkeypatch.context() as patch:
        patch.setattr(sampled_solution, "_search_kernels", lambda: kernels)
        return solution.search(seat, hand, history, floor=floor, lookahead=lookahead)


@pytest.mark.parametrize("rules, dice, k, steps, deeper", [(LIARS, (1, 1), 2, None, 0),
                                                           (preset("perudo"), (2, 1), 1, 1, 0),
                                                           (preset("bluff"), (1, 2), 2, 1, 1)])
@pytest.mark.slow
def test_the_decision_time_search_values_are_the_belief_weighed_calls_and_raises(rules, dice, k, steps, deeper,
                                                                                 monkeypatch):
    from analysis.bluff.bids import is_raise

    solution = solve_sampled(rules, dice, k=k, faces=3, iterations=2000, store=False, steps=steps, checks=1,
                             lbr_games=100)
    game = solution.game
    rng = np.random.default_rng(2)
    for _ in range(12):
        history = []
        for _ in range(int(rng.integers(0, 4))):   # legal bids, off the abstraction too
            legal = [b for b in game.bids if is_raise(rules, history[-1] if history else None, b)]
            if not legal:
                break
            history.append(legal[int(rng.integers(len(legal)))])
        seat = len(history) % 2
        hand = game.hands[seat][int(rng.integers(len(game.hands[seat])))]
        for floor, lookahead in ((0.0, 0), (0.2, 0), (0.0, 1), (0.2, 1)):
            best, values = _search_by(_sampled_eval, solution, seat, hand, history, floor, lookahead, monkeypatch)
            expected = _searched_by_hand(solution, seat, hand, history, floor, lookahead)
            assert values == pytest.approx(expected, abs=1e-12)
            assert values[best] == max(values) > -np.inf
            # One question at the table runs the same text as plain Python: the same values to the last digit.
            plain = _search_by(search_rules, solution, seat, hand, history, floor, lookahead, monkeypatch)
            assert plain[0] == best and plain[1].tolist() == values.tolist()
        # By default one die each searches one raise ahead, three dice in play one raise further, Perudo one always.
        assert solution.search(seat, hand, history)[1].tolist() == solution.search(seat, hand, history,
                                                                                    lookahead=deeper)[1].tolist()
        # The choice for every hand at once (what a responder to the search reads) is the search hand by hand.
        every = solution.search_choices(seat, history)
        assert every.tolist() == [solution.search(seat, h, history)[0] for h in game.hands[seat]]


def test_the_openings_summary_is_the_sum_over_both_hands():
    # Written out hand by hand and bid by bid from the strategy's own chances (Bluff: stars a face of their own).
    from analysis.bluff.sampled.profile import openings, round_losses

    solution = solve_sampled(preset("bluff"), (2, 1), k=1, faces=3, iterations=2000, store=False, steps=1,
                             checks=1, lbr_games=100)
    game, rules = solution.game, solution.game.rules
    summary = openings(solution)
    made = challenged = star = count = lacking = 0.0
    for h0, hand0 in enumerate(game.hands[0]):
        for bid, p in solution.strategy(0, hand0, []).items():
            bid = next(b for b in game.bids if format_bid(rules, b) == bid)
            chance = game.chance[0, h0] * p
            made += chance
            count += chance * bid.count
            star += chance * (bid.face == rules.joker)
            lacking += chance * (not any(d in rules.counts_for(bid.face) for d in hand0))
            for h1, hand1 in enumerate(game.hands[1]):
                challenged += chance * game.chance[1, h1] * solution.strategy(1, hand1, [bid])["challenge"]
    assert made == pytest.approx(1.0)
    assert (summary.mean_count, summary.star, summary.lacking, summary.challenged) == pytest.approx(
        (count, star, lacking, challenged), abs=1e-9)
    losses = round_losses(solution, rounds=500, seed=1)
    assert losses.size == 500 and np.array_equal(losses, round_losses(solution, rounds=500, seed=1))
    assert set(np.unique(np.abs(losses))) <= set(range(1, 4))    # Bluff's loser loses the difference, 1-3 dice


def test_the_kernels_that_read_a_solve_come_from_numbas_cache():
    # A question at the table must not wait for a compile: a recursive kernel (which numba does not cache) here
    # would be compiled again in every fresh process, seconds for `play --search`.
    from numba.core.caching import NullCache

    from analysis.bluff.sampled import _eval_kernels as _sampled_eval

    kernels = {name: f for name, f in vars(_sampled_eval).items() if hasattr(f, "_cache") and hasattr(f, "py_func")}
    assert {"search_values", "search_choices", "local_best_response", "evaluate"} <= set(kernels)
    assert [name for name, f in kernels.items() if isinstance(f._cache, NullCache)] == []
