"""The round played out: my expected dice lost by the end of the round for each action I can take now.

After my raise the round goes on: every other player acts by the bidding model with
their own dice, drawn from the posterior of ``beliefs.py``, and my own later turns follow
the model too (with my real dice and default parameters), until someone calls. A
challenge or an exact call ends the round at once, so its cost is exact (from the
posterior); each raise is played out ``rollouts`` times. Rollout ``i`` draws the deal and
every choice from random stream ``i`` of the seed, and every raise meets the same deals,
so the ranking is reproducible on any number of threads and the differences between
raises are measured on common draws.
"""

from __future__ import annotations

import math
import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import numpy as np

from analysis.bluff.model.beliefs import Beliefs
from analysis.bluff.bids import Bid, format_bid, legal_raises
from analysis.bluff.model.calibration import seen_by
from analysis.bluff.model.bidding import BiddingModel
from analysis.bluff.odds.outcomes import challenge_outcome
from analysis.bluff.model.rounds_log import read_log
from analysis.bluff.play.kernel_tables import OpponentHands
from analysis.bluff.play.tournament import _rule_tables
from analysis.errors import InvalidArgument
from analysis.seeds import check_seed

#: Raises played out: up to this many counts above the current bid.
RAISE_REACH = 3
MAX_ROLLOUTS = 10 ** 7
#: Raises shown in the text answer (the calls are always shown; --json has every raise).
SHOWN = 6


@dataclass(frozen=True)
class PlayedOut:
    """Each candidate action with my expected dice lost by the end of the round and its standard error."""

    rules: object = field(repr=False)
    rollouts: int
    seed: int
    actions: tuple[str, ...]
    expected_loss: tuple[float, ...]
    standard_error: tuple[float, ...]  # 0 for the calls: their cost is exact

    @property
    def best(self) -> str:
        return self.actions[0]

    def to_dict(self) -> dict:
        return {"rollouts_per_raise": self.rollouts, "seed": self.seed,
                "ranking": [{"action": a, "my_expected_dice_lost": m, "standard_error": s}
                            for a, m, s in zip(self.actions, self.expected_loss, self.standard_error)]}

    def __str__(self) -> str:
        lines = [f"  Played out to the end of the round ({self.rollouts:,} rollouts per raise, seed {self.seed}; "
                 f"the others follow the model with dice drawn from the beliefs):",
                 f"    {'action':<11}{'your E[lost]':>13}{'± s.e.':>10}"]
        for rank, (action, mean, se) in enumerate(zip(self.actions, self.expected_loss, self.standard_error)):
            if rank >= SHOWN and action not in ("challenge", "exact"):
                continue
            lines.append(f"    {action:<11}{mean:>13.4f}{('exact' if se == 0 else f'{se:.4f}'):>10}")
        lines.append(f"  Played out, the best action is {self.best}.")
        return "\n".join(lines)


def rule_arrays(rules, players: int, start: int):
    """The tournament's rule arrays (one definition of legality, counting and losses for every kernel)."""
    return _rule_tables(rules, players, start)


def play_out(seen: Beliefs, start: int, rollouts: int, seed: int = 0, me: BiddingModel = BiddingModel(),
             candidates=None, threads: int | None = None) -> PlayedOut:
    """Rank my actions against the last bid of ``seen.history`` by expected dice lost by the end of the round
    (``threads``: how many run the rollouts, default one per core; the answer does not depend on it)."""
    if not 1 <= rollouts <= MAX_ROLLOUTS:
        raise InvalidArgument(f"The rollouts per action must be 1-{MAX_ROLLOUTS:,}, not {rollouts:,}.",
                              field="rollouts")
    seed = check_seed(seed)
    rules = seen.rules
    held = np.array(seen.held, dtype=np.int64)
    in_play = int(held.sum())
    turn = seen.history[-1]
    bid, bidder = turn.bid, turn.player
    if candidates is None:
        candidates = legal_raises(rules, bid, min(bid.count + RAISE_REACH, in_play), seen.palifico_round)
    tables = rule_arrays(rules, len(held), max(start, int(held.max())))
    bid_count, bid_face = tables[0], tables[1]
    index = {(int(c), int(f)): k for k, (c, f) in enumerate(zip(bid_count, bid_face))}
    codes = np.array([index[(b.count, b.face)] for b in candidates], dtype=np.int64)
    my_hand = np.zeros(7, dtype=np.int64)
    for die in seen.my_dice:
        my_hand[die] += 1
    parameters = np.array([[m.rationality, m.bluff_rate, m.call_bias, m.jump_cost] for m in (me, *seen.models)])
    offsets = np.cumsum([0] + [h.shape[0] for h in seen.hands]).astype(np.int64)
    cumulative = np.concatenate([np.cumsum(w) / w.sum() for w in seen.posterior])
    cumulative[offsets[1:] - 1] = 1.0
    actions, means, errors = [], [], []
    if len(codes):
        # lazy: keeps numba out of a table question's start-up
        from analysis.bluff.model import _kernels as _model_kernels

        lost = np.zeros((len(codes), rollouts))
        starts = np.full(len(held), start)
        others = OpponentHands(offsets, np.concatenate(seen.hands), cumulative)

        def block(first: int, count: int) -> None:
            _model_kernels.play_out(np.uint64(seed), first, count, codes, my_hand, held, starts,
                                    int(seen.palifico_round), parameters, others, tables, lost)

        block(0, 1)  # load (or compile) the kernel once, before the threads need it
        threads = max(1, min(threads or os.cpu_count() or 1, rollouts))
        size = math.ceil((rollouts - 1) / threads) if rollouts > 1 else 1
        # Rollout i always uses stream i of the seed, so the blocks can be cut anyhow: same answer on any
        # number of threads. The kernel releases the GIL, so the threads run side by side.
        with ThreadPoolExecutor(threads) as pool:
            list(pool.map(lambda first: block(first, min(size, rollouts - first)), range(1, rollouts, size)))
        for b, row in zip(candidates, lost):
            actions.append(format_bid(rules, b))
            means.append(float(row.mean()))
            errors.append(float(row.std(ddof=1) / math.sqrt(rollouts)) if rollouts > 1 else float("nan"))
    odds = seen.bid_odds(bid)
    for call in ("challenge", "exact") if rules.exact_call else ("challenge",):
        outcome = challenge_outcome(rules, odds, tuple(seen.held), caller=0, bidder=bidder, call=call, start=start)
        actions.append(call)
        means.append(float(outcome.expected_loss[0]))
        errors.append(0.0)
    order = sorted(range(len(actions)), key=lambda j: means[j])
    return PlayedOut(rules, rollouts, seed, tuple(actions[j] for j in order), tuple(means[j] for j in order),
                     tuple(errors[j] for j in order))


def rule_against_rollouts(path, seat: int, models, start: int, rollouts: int = 2000, max_decisions: int = 200,
                          seed: int = 0):
    """How much a seat's decisions in a round log give away against choosing by the played-out ranking.

    Every time ``seat`` answered a bid (up to ``max_decisions``), its beliefs are rebuilt from the round's
    bids (the others read with ``models``), every action is played out (``play_out``, the seat's own
    action among the candidates wherever it raised) and the rows say what it did, what the ranking
    puts first, and the expected dice lost by the end of the round of each. Columns: round, bid,
    taken, best, loss_taken, loss_best, regret (loss_taken - loss_best), se_taken.
    """
    import pandas as pd  # lazy: keeps pandas out of a table question's start-up

    rows = []
    for number, played in enumerate(read_log(path)):
        if not played.dice[seat] if seat < len(played.dice) else True:
            continue
        for i, (bidder, bid) in enumerate(played.bids):
            answerer = played.bids[i + 1][0] if i + 1 < len(played.bids) else played.caller
            if answerer != seat or len(rows) >= max_decisions:
                continue
            seen = seen_by(played, i, seat, models)
            raised = played.bids[i + 1][1] if i + 1 < len(played.bids) else None
            reach = legal_raises(played.rules, bid, min(bid.count + RAISE_REACH, sum(seen.held)),
                                 played.palifico_round)
            candidates = reach + ([raised] if raised is not None and raised not in reach else [])
            ranking = play_out(seen, start, rollouts, seed, candidates=candidates, threads=1)
            taken = format_bid(played.rules, raised) if raised is not None else played.call
            where = ranking.actions.index(taken)
            rows.append({"round": number, "bid": format_bid(played.rules, bid), "taken": taken,
                         "best": ranking.best, "loss_taken": ranking.expected_loss[where],
                         "loss_best": ranking.expected_loss[0],
                         "regret": ranking.expected_loss[where] - ranking.expected_loss[0],
                         "se_taken": ranking.standard_error[where]})
        if len(rows) >= max_decisions:
            break
    return pd.DataFrame(rows)
