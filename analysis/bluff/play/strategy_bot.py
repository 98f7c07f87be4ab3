"""The tournaments' ``strategy`` bot: the stored solved heads-up round whenever two players hold dice.

While three or more players hold dice the bot plays as ``bayes``. Once two remain, at every round that
is not a palifico round it plays the stored sampled solve of the two-player round at those dice counts
(``plan.stored_plan``, the solves ``odds bluff play`` reads; the round's first bidder is the solve's
first seat), drawing each action from the solved policy at its information set: its own dice, both dice
counts and the last ``k`` bids (a pair of bids off the solve's abstraction read as its stand-in, as
``SampledGame.window_of`` reads it). Every pair of dice counts a game can reach must be stored before the
tournament starts; a missing one is refused in one sentence naming the command that builds it (the
tournament never solves on the spot). ``strategy_tables`` lays the solves out for the kernel
(``kernel_tables.StrategyTables``; ``_bot_kernels.strategy_choose`` reads them).
"""

from __future__ import annotations

import numpy as np

from analysis.bluff.play.kernel_tables import StrategyTables
from analysis.bluff.rules import BiddingRules, preset
from analysis.bluff.sampled.plan import stored_plan
from analysis.errors import InvalidArgument

#: The games ``scripts/bluff_sampled_solves.py`` builds, by the name its ``--only`` takes.
SCRIPT_GAMES = {"liars_dice": lambda: preset("liars_dice", wild=1, exact_call=None),
                "bluff": lambda: preset("bluff"), "perudo": lambda: preset("perudo"),
                "liars_dice_no_wild": lambda: preset("liars_dice")}


def build_command(rules: BiddingRules, first: int, second: int) -> str:
    """The command that stores the planned solve of a ``first`` v ``second`` round of ``rules``."""
    for name, make in SCRIPT_GAMES.items():
        if make() == rules:
            return f"python scripts/bluff_sampled_solves.py --only {name}:{first}:{second}"
    return (f"analysis.bluff.sampled.solver.solve_sampled(rules, ({first}, {second}), k, iterations), k and iterations "
            f"from analysis.bluff.sampled.plan.planned(({first}, {second}))")


def strategy_tables(rules: BiddingRules, bots, most: int, bid_count: np.ndarray,
                    bid_face: np.ndarray) -> StrategyTables:
    """Every stored solve of a round of 1..``most`` dice a player, on the tournament's bid numbers (tiny
    placeholders when no ``strategy`` bot plays)."""
    if not any(bot.kind == "strategy" for bot in bots):
        return _tables(False, 1, [], bid_count.size)
    solves = []
    for first in range(1, most + 1):
        for second in range(1, most + 1):
            solution = stored_plan(rules, (first, second))
            if solution is None:
                raise InvalidArgument(f"The strategy bot plays stored heads-up solves, and no {first}v{second} "
                                      f"round of {rules.title} is stored: build it with "
                                      f"{build_command(rules, first, second)}.")
            solves.append(solution)
    index = {(int(c), int(f)): k for k, (c, f) in enumerate(zip(bid_count, bid_face))}
    return _tables(True, most, [(s, index) for s in solves], bid_count.size)


def _tables(available: bool, most: int, solves, bids: int) -> StrategyTables:
    pairs = max(1, len(solves))
    games = [s.game for s, _ in solves]
    size = lambda values: max([1, *values])  # noqa: E731
    n_bids = size(len(g.bids) for g in games)
    windows = size(g.n_actions.size for g in games)
    k_most = size(g.k for g in games)
    widest = size(g.raises.shape[1] for g in games)
    codes = (most + 1) ** 6
    k = np.zeros(pairs, np.int64)
    count = np.zeros(pairs, np.int64)
    binom = np.zeros((pairs, n_bids + 1, k_most + 1), np.int64)
    first = np.zeros((pairs, k_most + 2), np.int64)
    offset = np.full((pairs, 2, windows), -1, np.int64)
    n_actions = np.zeros((pairs, windows), np.int64)
    raises = np.zeros((pairs, n_bids + 1, widest), np.int64)
    n_raises = np.zeros((pairs, n_bids + 1), np.int64)
    start = np.zeros(pairs, np.int64)
    hand_index = np.full((pairs, 2, codes if available else 1), -1, np.int64)
    bid_of = np.full((pairs, bids), -1, np.int64)
    round_bid = np.zeros((pairs, n_bids), np.int64)
    stand_in = np.zeros((pairs, n_bids, n_bids), np.int64)
    policies = []
    at = 0
    for p, (solution, index) in enumerate(solves):
        g = solution.game
        k[p], count[p] = g.k, len(g.bids)
        binom[p, :g.binom.shape[0], :g.binom.shape[1]] = g.binom
        first[p, :g.first.size] = g.first
        offset[p, :, :g.offset.shape[1]] = g.offset
        n_actions[p, :g.n_actions.size] = g.n_actions
        raises[p, :g.raises.shape[0], :g.raises.shape[1]] = g.raises
        n_raises[p, :g.n_raises.size] = g.n_raises
        stand_in[p, :len(g.bids), :len(g.bids)] = g.stand_in
        for seat in (0, 1):
            for h, hand in enumerate(g.hands[seat]):
                hand_index[p, seat, sum(int(die_count) * (most + 1) ** (face - 1) for face, die_count in
                                        zip(range(1, 7), np.bincount(hand, minlength=7)[1:]))] = h
        for j, bid in enumerate(g.bids):
            round_bid[p, j] = index[(bid.count, bid.face)]
            bid_of[p, round_bid[p, j]] = j
        start[p] = at
        policies.append(np.asarray(solution.policy, dtype=np.float64))
        at += solution.policy.size
    policy = np.concatenate(policies) if policies else np.zeros(1)
    return StrategyTables(available, most, k, count, binom, first, offset, n_actions, raises, n_raises, start,
                          policy, hand_index, bid_of, round_bid, stand_in)
