"""The multi-player sampled solver on Kuhn poker: every seat's best-response gain computed by a brute-force
best response over the full game tree written here from the rules (not from the solver's arrays), falling
with iterations; two-player Kuhn's value -1/18; checkpoints and seeds."""

from itertools import permutations

import numpy as np
import pytest

from analysis.cfr.kuhn import kuhn_game
from analysis.cfr.multi_player import solve
from analysis.errors import InvalidArgument


def _to_act(history, n):
    """Who acts after ``history`` ('p'/'b' letters), or None when the hand is over (Kuhn's rules)."""
    if "b" not in history:
        return len(history) if len(history) < n else None
    first = history.index("b")
    answered = len(history) - first - 1
    return None if answered == n - 1 else (first + 1 + answered) % n


def _payoff(history, cards, n):
    paid = [1] * n
    contenders = list(range(n))
    if "b" in history:
        first = history.index("b")
        paid[first] += 1
        contenders = [first]
        for j, move in enumerate(history[first + 1:]):
            p = (first + 1 + j) % n
            if move == "b":
                paid[p] += 1
                contenders.append(p)
    winner = max(contenders, key=lambda p: cards[p])
    return [sum(paid) * (p == winner) - paid[p] for p in range(n)]


def _lookup(solved, n):
    """policy(player, card, history) -> chance of betting, read through the solver's own tree walk."""
    game = solved.game
    deal_of = {}
    for t in range(game.deals):
        for p in range(n):
            deal_of.setdefault((p, int(game.observation[t, p, 0])), t)

    def bet(player, card, history):
        node = 0
        for move in history:
            node = int(game.child_start[node]) + (move == "b")
        return float(solved.strategy(node, deal_of[(player, card)])[1])
    return bet


def brute_force_gains(solved, n):
    """Each seat's exact best-response gain: its best reply chosen information set by information set,
    deepest first, every history of the set weighted by chance and the others' reach."""
    bet = _lookup(solved, n)
    deals = list(permutations(range(n + 1), n))

    def value(history, cards, p, choice):
        actor = _to_act(history, n)
        if actor is None:
            return _payoff(history, cards, n)[p]
        if actor == p and choice is not None:
            b = choice(cards[p], history)
            return value(history + ("b" if b else "p"), cards, p, choice)
        q = bet(actor, cards[actor], history)
        return q * value(history + "b", cards, p, choice) + (1 - q) * value(history + "p", cards, p, choice)

    def reach(history, cards, p):
        r = 1.0
        for i, move in enumerate(history):
            actor = _to_act(history[:i], n)
            if actor != p:
                q = bet(actor, cards[actor], history[:i])
                r *= q if move == "b" else 1 - q
        return r

    gains = []
    for p in range(n):
        memo = {}

        def choice(card, history):
            if (card, history) not in memo:
                totals = [0.0, 0.0]
                for cards in deals:
                    if cards[p] == card:
                        w = reach(history, cards, p)
                        for a, move in enumerate("pb"):
                            totals[a] += w * value(history + move, cards, p, choice)
                memo[(card, history)] = totals[1] > totals[0]
            return memo[(card, history)]

        best = sum(value("", cards, p, choice) for cards in deals) / len(deals)
        mine = sum(value("", cards, p, None) for cards in deals) / len(deals)
        gains.append(best - mine)
    return gains


def test_three_player_gains_fall_and_match_brute_force():
    game = kuhn_game(3)
    short = solve(game, "lcfr", iterations=500, seed=1, progress=False)
    long = solve(game, "lcfr", iterations=100_000, seed=1, progress=False, check_every=50_000)
    for solved in (short, long):
        assert np.allclose(brute_force_gains(solved, 3), solved.gains, atol=1e-12)
    assert long.nash_conv < 0.02 < short.nash_conv
    assert all(g >= -1e-12 for g in long.gains)
    assert abs(sum(long.values)) < 1e-12          # the chips change hands: the game is zero-sum


def test_full_traversal_converges_and_matches_brute_force():
    solved = solve(kuhn_game(3), "cfr+", iterations=2000, sampling="full", progress=False, check_every=1000)
    assert np.allclose(brute_force_gains(solved, 3), solved.gains, atol=1e-12)
    assert solved.nash_conv < 0.01
    assert [i for i, _ in solved.checks] == [1000, 2000] and solved.checks[-1][1] == solved.gains


def test_brag_averaging_and_draws_solve_kuhn_too():
    # Every other player's node unweighted, a counter per draw: the Brag table solves' settings.
    game = kuhn_game(3)
    short = solve(game, "cfr+", iterations=500, seed=3, averaging="every", draws="counters", progress=False)
    long = solve(game, "cfr+", iterations=60_000, seed=3, averaging="every", draws="counters", progress=False,
                 check_every=30_000)
    assert np.allclose(brute_force_gains(long, 3), long.gains, atol=1e-12)
    assert long.nash_conv < short.nash_conv and long.nash_conv < 0.05
    plain = solve(game, "cfr+", iterations=500, seed=3, averaging="every", progress=False)
    assert not np.array_equal(plain.policy, short.policy)   # the draws are another sequence


def test_two_player_value_is_minus_one_eighteenth():
    solved = solve(kuhn_game(2), "lcfr", iterations=100_000, seed=2, progress=False, check_every=50_000)
    assert np.allclose(brute_force_gains(solved, 2), solved.gains, atol=1e-12)
    assert solved.nash_conv < 0.02
    assert abs(solved.values[0] + 1 / 18) < solved.nash_conv   # a profile this close has a value this close


@pytest.mark.parametrize("variant", ["lcfr", "dcfr", "cfr+", "cfr"])
def test_resumed_solve_equals_one_run_through(tmp_path, variant):
    game = kuhn_game(3)
    whole = solve(game, variant, iterations=3000, seed=5, progress=False)
    path = str(tmp_path / "kuhn.npz")
    first = solve(game, variant, iterations=1234, seed=5, progress=False, checkpoint=path)
    assert first.run.iterations == 1234
    resumed = solve(game, variant, iterations=3000, seed=5, progress=False, checkpoint=path)
    assert resumed.run.iterations == 3000
    assert np.array_equal(resumed.policy, whole.policy)
    assert resumed.gains == whole.gains


def test_a_solve_stopped_mid_run_keeps_the_checks_it_made(tmp_path, monkeypatch):
    from analysis.cfr import multi_player

    game = kuhn_game(3)
    whole = solve(game, "cfr+", iterations=4000, seed=4, progress=False, check_every=1000)
    path = str(tmp_path / "kuhn.npz")
    evaluate, calls = multi_player.evaluate, []

    def stopped_at_the_third_check(*args):
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return evaluate(*args)

    monkeypatch.setattr(multi_player, "CHECKPOINT_SECONDS", -1.0)   # a save after every piece of iterations
    monkeypatch.setattr(multi_player, "evaluate", stopped_at_the_third_check)
    with pytest.raises(KeyboardInterrupt):
        solve(game, "cfr+", iterations=4000, seed=4, progress=False, check_every=1000, checkpoint=path)
    monkeypatch.setattr(multi_player, "evaluate", evaluate)
    resumed = solve(game, "cfr+", iterations=4000, seed=4, progress=False, check_every=1000, checkpoint=path)
    assert np.array_equal(resumed.policy, whole.policy) and resumed.gains == whole.gains
    # The two checks made before the stop are kept; the one it stopped in is not made again.
    assert resumed.checks == tuple(c for c in whole.checks if c[0] != 3000)


def test_same_seed_same_solve_and_another_seed_another():
    game = kuhn_game(3)
    a, b = (solve(game, "dcfr", iterations=2000, seed=9, progress=False, check_every=300) for _ in range(2))
    c = solve(game, "dcfr", iterations=2000, seed=10, progress=False)
    assert np.array_equal(a.policy, b.policy) and a.gains == b.gains
    assert not np.array_equal(a.policy, c.policy)


def test_checkpoint_of_another_solve_is_refused(tmp_path):
    path = str(tmp_path / "kuhn.npz")
    solve(kuhn_game(3), "lcfr", iterations=100, seed=1, progress=False, checkpoint=path)
    with pytest.raises(InvalidArgument, match="another solve"):
        solve(kuhn_game(3), "lcfr", iterations=200, seed=2, progress=False, checkpoint=path)


def test_bad_games_and_settings_are_one_sentence():
    game = kuhn_game(3)
    with pytest.raises(InvalidArgument, match="Averaging"):
        solve(game, iterations=10, averaging="mean", progress=False)
    with pytest.raises(InvalidArgument, match="not known"):
        solve(game, "fast", iterations=10, progress=False)
    with pytest.raises(InvalidArgument, match="Sampling"):
        solve(game, iterations=10, sampling="outcome", progress=False)
    with pytest.raises(InvalidArgument, match="Draws"):
        solve(game, iterations=10, draws="dice", progress=False)
    with pytest.raises(InvalidArgument, match="2 to 6"):
        kuhn_game(7)
