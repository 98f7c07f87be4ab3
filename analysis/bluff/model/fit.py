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

from analysis.bluff.model._fit_kernels import log_chances
from analysis.bluff.model.bidding import PARAMETERS, BiddingModel, Bids, answering_bids, hand_counts, round_bids
from analysis.bluff.model.rounds_log import read_log
from analysis.errors import InvalidArgument

#: Each parameter's range (as BiddingModel checks it).
BOUNDS = {"rationality": (0.0, 100.0), "bluff_rate": (0.0, 1.0), "call_bias": (-5.0, 5.0), "jump_cost": (0.0, 1.0)}
#: Rounds read by default: enough for tight estimates, a few seconds to prepare.
DEFAULT_ROUNDS = 1500


@dataclass(frozen=True)
class RoundDecisions:
    """The decisions made on one round's tables (one preset, dice in play, palifico round or not), as the
    model's functions read them (``_fit_kernels.log_chances``)."""

    bids: Bids
    hands: np.ndarray     # [decision, 7]: the player's face counts (index 0 unused)
    held: np.ndarray      # [decision]: the player's dice
    previous: np.ndarray  # [decision]: the bid answered (-1 an opening)
    chosen: np.ndarray    # [decision]: the raise's bid index, or bids (a challenge), bids + 1 (an exact call)
    low: np.ndarray       # [decision]: the first legal raise (bids when there is none)


@dataclass(frozen=True)
class Decisions:
    """Every decision of a log, grouped by the round tables they were made on."""

    groups: tuple[RoundDecisions, ...]
    count: int
    rounds: int


def decisions_of(rounds, seat: int | None = None) -> Decisions:
    """The decisions of the logged rounds (only ``seat``'s when given) as the fit's arrays."""
    groups: dict[int, tuple[Bids, list]] = {}
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
            if bid is not None and bids.index(bid) < 0:
                continue  # a bid above the dice in play: no bot's move, left out of the fit
            if (answered, key) not in cache:
                # The bid answered is numbered on tables wide enough to hold it (answering_bids), and its
                # row of legal raises filled there.
                answering, index = answering_bids(bids, answered)
                raises = answering.raises(answered)
                cache[answered, key] = answering, index, int(raises.min()) if raises.size else len(answering.bids)
            answering, index, low = cache[answered, key]
            n = len(answering.bids)
            chosen = answering.index(bid) if bid is not None else (n if call == "challenge" else n + 1)
            rows = groups.setdefault(id(answering), (answering, []))[1]
            rows.append((np.concatenate(([0], hand_counts(played.dice[player]))), held[player], index, chosen,
                         low))
    if not groups:
        raise InvalidArgument("The log has no decisions to fit" + (f" for seat {seat}." if seat is not None else "."))
    made = []
    for answering, rows in groups.values():
        hands, held, previous, chosen, low = zip(*rows)
        made.append(RoundDecisions(answering, np.array(hands, dtype=np.int64), *(np.array(column, dtype=np.int64)
                                   for column in (held, previous, chosen, low))))
    return Decisions(tuple(made), sum(group.held.size for group in made), len(rounds))


def log_likelihood(decisions: Decisions, rationality: float, bluff_rate: float, call_bias: float,
                   jump_cost: float = 0.0) -> float:
    """Sum over the decisions of log P(the chosen action | the player's dice, the bid answered), each chance
    the model's own (``model_rules``, compiled)."""
    total = 0.0
    belief = np.array([rationality, bluff_rate, call_bias, jump_cost], dtype=np.float64)
    for group in decisions.groups:
        total += log_chances(group.hands, group.held, group.previous, group.chosen, group.low, group.bids.in_play,
                             group.bids.pal, belief, group.bids.tables)
    return total


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
    from scipy.optimize import minimize  # lazy: keeps scipy.optimize out of a table question's start-up

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
    return ModelFit(model, errors, -float(best.fun), decisions.count, decisions.rounds, seat)


def fit_log(path, seat: int | None = None, max_rounds: int | None = DEFAULT_ROUNDS) -> ModelFit:
    """Read a rounds log (``rounds_log.py``) and fit the model to its decisions (one seat's, when given)."""
    if max_rounds is not None and max_rounds < 1:
        raise InvalidArgument(f"The rounds to read must be at least 1, not {max_rounds}.")
    rounds = read_log(path, max_rounds)
    if seat is not None and not 0 <= seat < max(len(r.dice) for r in rounds):
        raise InvalidArgument(f"Seat {seat} is not at the table of {path}.")
    return fit_model(decisions_of(rounds, seat), seat)

