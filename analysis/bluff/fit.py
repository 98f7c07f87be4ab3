"""Learning a table's habits: the bidding model's parameters fitted to a log of played rounds.

Every decision in a logged round (each bid, and the call that ended the round) is
made by a player whose dice the log shows, so its chance under the model
(``model.py``) is known for any parameters. The fit maximises the sum of the log
chances over the decisions (maximum likelihood, L-BFGS-B within the parameters'
ranges) and gives each estimate a standard error from the inverse of the
observed information (the log-likelihood's curvature, by central differences).
A parameter that ends on the edge of its range has no standard error.
The log comes from ``odds bluff tournament ... --log rounds.jsonl`` or is written by hand
(``rounds_log.py`` and docs/bluff.md give the format); ``odds bluff fit rounds.jsonl`` fits it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from analysis.bluff.model import PARAMETERS, BiddingModel, hand_counts, p_true_of_hands, round_bids
from analysis.bluff.rounds_log import read_log
from analysis.errors import InvalidArgument

#: Each parameter's range (as BiddingModel checks it).
BOUNDS = {"rationality": (0.0, 100.0), "bluff_rate": (0.0, 1.0), "call_bias": (-5.0, 5.0), "jump_cost": (0.0, 1.0)}
#: Rounds read by default: enough for tight estimates, a few seconds to prepare.
DEFAULT_ROUNDS = 1500


@dataclass(frozen=True)
class Decisions:
    """Every decision as flat arrays: the scores of the legal actions, segment by segment."""

    scores: np.ndarray      # [action]: P(true) of a raise, 1 - P(true) or P(exact) of a call
    is_call: np.ndarray     # [action]
    skipped: np.ndarray     # [action]: legal raises a raise skips on the track (0 for a call)
    start: np.ndarray       # [decision]: first action of the decision's segment
    chosen: np.ndarray      # [decision]: index into the flat actions
    raises: np.ndarray      # [decision]: number of legal raises
    chose_raise: np.ndarray  # [decision]
    rounds: int


def decisions_of(rounds, seat: int | None = None) -> Decisions:
    """The decisions of the logged rounds (only ``seat``'s when given) as the fit's arrays."""
    scores, is_call, skipped, start, chosen, raises, chose_raise = [], [], [], [], [], [], []
    size = 0
    cache = {}
    for played in rounds:
        rules = played.rules
        held = [len(d) for d in played.dice]
        in_play = sum(held)
        key = (rules.name, in_play, played.palifico_round)
        if key not in cache:
            cache[key] = round_bids(rules, in_play, played.palifico_round)
        bids = cache[key]
        moves = [(p, bid, None) for p, bid in played.bids] + [(played.caller, None, played.call)]
        previous = None
        for player, bid, call in moves:
            answered = previous
            previous = bid if bid is not None else previous
            if seat is not None and player != seat:
                continue
            hand = hand_counts(played.dice[player])[None, :]
            if (answered, key) not in cache:
                cache[answered, key] = bids.raises(answered)
            legal = cache[answered, key]
            if bid is not None:
                k = bids.index(bid)
                if k < 0:
                    continue  # a bid above the dice in play: no bot's move, left out of the fit
                pick = int(np.flatnonzero(legal == k)[0])
            else:
                pick = len(legal) + (0 if call == "challenge" else 1)
            row = list(p_true_of_hands(bids, hand, held[player], legal)[0])
            flags = [False] * len(legal)
            if answered is not None:
                index = np.array([bids.index(answered)])
                p_true = p_true_of_hands(bids, hand, held[player], index)[0, 0] if index[0] >= 0 else 0.0
                p_exact = p_true_of_hands(bids, hand, held[player], index, exact=True)[0, 0] if index[0] >= 0 else 0.0
                row.append(1.0 - p_true)
                flags.append(True)
                if rules.exact_call is not None:
                    row.append(p_exact)
                    flags.append(True)
            start.append(size)
            chosen.append(size + pick)
            raises.append(len(legal))
            chose_raise.append(bid is not None)
            scores += row
            is_call += flags
            skipped += list(range(len(legal))) + [0] * (len(row) - len(legal))
            size += len(row)
    if not start:
        raise InvalidArgument("The log has no decisions to fit" + (f" for seat {seat}." if seat is not None else "."))
    return Decisions(np.array(scores), np.array(is_call), np.array(skipped, dtype=np.float64),
                     np.array(start, dtype=np.int64),
                     np.array(chosen, dtype=np.int64), np.array(raises, dtype=np.int64), np.array(chose_raise),
                     len(rounds))


def log_likelihood(decisions: Decisions, rationality: float, bluff_rate: float, call_bias: float,
                   jump_cost: float = 0.0) -> float:
    """Sum over the decisions of log P(the chosen action | the player's dice, the bid answered)."""
    d = decisions
    z = rationality * (d.scores + call_bias * d.is_call - jump_cost * d.skipped)
    segment = np.repeat(np.arange(d.start.size), np.diff(np.append(d.start, z.size)))
    top = np.maximum.reduceat(z, d.start)
    weights = np.exp(z - top[segment])
    softmax = weights[d.chosen] / np.add.reduceat(weights, d.start)
    has_raises = d.raises > 0
    chance = np.where(has_raises, (1.0 - bluff_rate) * softmax
                      + bluff_rate * d.chose_raise / np.maximum(d.raises, 1), softmax)
    # An action the parameters make impossible (no bluffing, yet a bluff) costs log(1e-300), not -inf,
    # so that the optimiser's finite differences stay finite.
    return float(np.log(np.maximum(chance, 1e-300)).sum())


@dataclass(frozen=True)
class ModelFit:
    model: BiddingModel
    standard_errors: dict
    log_likelihood: float
    decisions: int
    rounds: int
    seat: int | None

    def to_dict(self) -> dict:
        return {"parameters": self.model.to_dict(), "standard_errors": self.standard_errors,
                "log_likelihood": self.log_likelihood, "decisions": self.decisions, "rounds": self.rounds,
                "seat": self.seat}

    def __str__(self) -> str:
        who = "every seat" if self.seat is None else f"seat {self.seat}"
        lines = [f"Bidding model fitted to {self.decisions:,} decisions of {who} in {self.rounds:,} rounds "
                 f"(maximum likelihood; log-likelihood {self.log_likelihood:,.1f}):",
                 f"  {'parameter':<13}{'estimate':>10}{'std. error':>14}"]
        for name in PARAMETERS:
            se = self.standard_errors[name]
            lines.append(f"  {name:<13}{getattr(self.model, name):>10.4f}"
                         f"{('at its bound' if se is None else f'{se:.4f}'):>14}")
        return "\n".join(lines)


def fit_model(decisions: Decisions, seat: int | None = None) -> ModelFit:
    """Maximum-likelihood parameters with standard errors."""
    from scipy.optimize import minimize

    def loss(theta):
        return -log_likelihood(decisions, *theta)

    bounds = [BOUNDS[name] for name in PARAMETERS]
    best = None
    for guess in ((8.0, 0.1, 0.0, 0.05), (15.0, 0.02, 0.2, 0.2)):
        trial = minimize(loss, np.array(guess), method="L-BFGS-B", bounds=bounds)
        if best is None or trial.fun < best.fun:
            best = trial
    theta = np.array(best.x)
    free = [i for i, (low, high) in enumerate(bounds) if low + 1e-6 < theta[i] < high - 1e-6]
    errors = {name: None for name in PARAMETERS}
    if free:
        steps = [1e-4 * max(1.0, abs(theta[i])) for i in free]
        hessian = np.zeros((len(free), len(free)))
        for a, (i, hi) in enumerate(zip(free, steps)):
            for b, (j, hj) in enumerate(zip(free, steps)):
                if b < a:
                    continue
                total = 0.0
                for si, sj, sign in ((1, 1, 1), (1, -1, -1), (-1, 1, -1), (-1, -1, 1)):
                    shifted = theta.copy()
                    shifted[i] += si * hi
                    shifted[j] += sj * hj
                    total += sign * loss(shifted)
                hessian[a, b] = hessian[b, a] = total / (4 * hi * hj)
        try:
            covariance = np.linalg.inv(hessian)
            for a, i in enumerate(free):
                if covariance[a, a] > 0:
                    errors[PARAMETERS[i]] = math.sqrt(covariance[a, a])
        except np.linalg.LinAlgError:
            pass
    model = BiddingModel(*(float(x) for x in theta))
    return ModelFit(model, errors, -float(best.fun), int(decisions.start.size), decisions.rounds, seat)


def fit_log(path, seat: int | None = None, max_rounds: int | None = DEFAULT_ROUNDS) -> ModelFit:
    """Read a rounds log (``rounds_log.py``) and fit the model to its decisions (one seat's, when given)."""
    if max_rounds is not None and max_rounds < 1:
        raise InvalidArgument(f"The rounds to read must be at least 1, not {max_rounds}.")
    rounds = read_log(path, max_rounds)
    if seat is not None and not 0 <= seat < max(len(r.dice) for r in rounds):
        raise InvalidArgument(f"Seat {seat} is not at the table of {path}.")
    return fit_model(decisions_of(rounds, seat), seat)

