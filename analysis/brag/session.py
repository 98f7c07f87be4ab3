"""A session of Brag: many deals at one table of bots, with bankrolls, carried pots, kept blind
hands, pot cover and the pack gathered without shuffling (rules as implemented: docs/rules.md).

>>> s = session("brag3", players=3, bots=["threshold", "blind", "never-bluff"], deals=200, seed=1)
>>> abs(sum(s.chips_per_deal) * s.deals + s.carried_out) < 1e-6      # no chip made or lost
True
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from analysis.brag import _session_kernels as S
from analysis.brag.deal import check_players, rule_vector
from analysis.brag.rules import CLASS_SHIFT, CLASSES, DISCARD_SHIFT, BragRules, preset
from analysis.errors import InvalidArgument
from analysis.seeds import check_seed

MAX_DEALS = 1_000_000
_NEVER = 1e18

#: Each bot in words (what ``odds brag session`` prints), and its rule as percentiles of the
#: dealt hands (0.6: a hand at least as strong as 60% of all hands) or hand classes.
BOTS = {
    "strategy": "a simple rule, not a solved strategy: blind until every player has bet once, then "
                "stays with the better 60% of hands, raises with the top 10%, sees with the top 30%",
    "threshold": "looks at once; stays with the better half of hands, raises with the top 10%, sees with "
                 "the top 30% after two bets",
    "blind": "never looks (until 16 bets); stays blind and sees once two bets are made with two left",
    "never-bluff": "looks at once; bets only with a pair or better, raises with a run or better, sees at once",
    "fresh-deck": "looks at once; stays while its chance to beat an opponent still in is 55% or more, raises at "
                  "85%, sees at 65% after two bets, counting every card it has not in its hand as possible "
                  "anywhere (as if the pack were shuffled every deal)",
    "observer": "plays as fresh-deck, but remembers where every card it has seen since the last shuffle went "
                "(under the pack, or dealt to a given player) and counts only the cards it has not seen",
}
#: The bots that weigh their chance against the others' hands (three-card presets only).
CHANCE_BOTS = ("fresh-deck", "observer")


def _percentile_strength(rules: BragRules, share: float) -> float:
    """The weakest strength at least as strong as ``share`` of all dealt hands."""
    from analysis.brag.tables import hand_table

    strengths = np.sort(hand_table(rules).strengths)
    return float(strengths[min(int(share * len(strengths)), len(strengths) - 1)])


def _class_strength(rules: BragRules, name: str) -> float:
    strength = CLASSES.index(name) * CLASS_SHIFT
    return float(strength * DISCARD_SHIFT if rules.hand_size == 4 else strength)


def bot_row(rules: BragRules, name: str, players: int) -> np.ndarray:
    """The bot called ``name`` as the numbers ``_session_kernels.bot_move`` reads."""
    row = np.zeros(S.B_SIZE)
    if name not in BOTS:
        raise InvalidArgument(f"'{name}' is not a Brag bot; choose from {', '.join(BOTS)}.")
    if name in CHANCE_BOTS:
        if rules.hand_size != 3:
            raise InvalidArgument(f"The {name} bot plays three-card hands only; choose another bot for "
                                  f"{rules.name}.")
        row[:] = 0, 0.55, 0.85, 0.65, 2, 12, S.BY_MEMORY if name == "observer" else S.BY_CHANCE
        return row
    p = lambda share: _percentile_strength(rules, share)  # noqa: E731
    if name == "strategy":
        row[:] = players, p(0.4), p(0.9), p(0.7), 2, 12, S.BY_STRENGTH
    elif name == "threshold":
        row[:] = 0, p(0.5), p(0.9), p(0.7), 2, 12, S.BY_STRENGTH
    elif name == "blind":
        row[:] = _NEVER, p(0.5), _NEVER, p(0.5), 2, 16, S.BY_STRENGTH
    else:
        row[:] = 0, _class_strength(rules, "pair"), _class_strength(rules, "run"), \
            _class_strength(rules, "pair"), 0, 8, S.BY_STRENGTH
    return row


@dataclass
class Session:
    """What a session came to; chips are per deal, with 95% intervals (batch means, so that a
    pot carried from deal to deal does not shrink them)."""

    rules: BragRules
    bots: list
    deals: int
    seed: int
    bankroll: float
    chips_per_deal: list
    interval: list
    bought_in: list
    carried_out: float
    counts: dict
    seconds: float
    #: What seat 1 knew of its hand before each deal (``_session_kernels.O_*`` columns).
    observed: np.ndarray = None

    def to_dict(self) -> dict:
        return {"rules": self.rules.name, "players": len(self.bots), "deals": self.deals, "seed": self.seed,
                "bankroll": self.bankroll,
                "seats": [{"seat": i + 1, "bot": bot, "chips_per_deal": self.chips_per_deal[i],
                           "interval_95": self.interval[i], "bought_in": self.bought_in[i]}
                          for i, bot in enumerate(self.bots)],
                "carried_out_of_last_deal": self.carried_out, "deals_by_end": self.counts,
                "bots": {bot: BOTS[bot] for bot in dict.fromkeys(self.bots)}, "seconds": self.seconds}


def session(rules: str | BragRules = "brag3", players: int = 5, bots=None, deals: int = 10_000,
            seed: int = 0, bankroll: float = 200.0) -> Session:
    """Play ``deals`` deals at a table of ``players`` bots (``bots``: one name per seat, or None for
    the bots in turn) and measure each seat's chips won per deal."""
    rules = preset(rules)
    n = check_players(players)
    if bots is None:
        names = list(BOTS)
        bots = [names[i % len(names)] for i in range(n)]
    bots = list(bots)
    if len(bots) != n:
        raise InvalidArgument(f"Give one bot for each of the {n} seats, not {len(bots)}.")
    if isinstance(deals, bool) or not isinstance(deals, int) or not 1 <= deals <= MAX_DEALS:
        raise InvalidArgument(f"{deals!r} deals is not allowed; play 1 to {MAX_DEALS:,} deals.")
    seed = check_seed(seed)
    if isinstance(bankroll, bool) or not isinstance(bankroll, (int, float)) \
            or not rules.ante <= bankroll <= 1e9:
        raise InvalidArgument(f"A bankroll of {bankroll!r} chips is not allowed; give the ante "
                              f"({rules.ante:g}) to 1e9 chips.")
    bp = np.array([bot_row(rules, name, n) for name in bots])
    net = np.zeros((deals, n))
    counts = np.zeros(S.C_SIZE, np.int64)
    banks = np.zeros((3, n))
    observed = np.zeros((deals, S.O_SIZE), np.int64)
    began = time.perf_counter()
    S.jitted()["play_session"](rule_vector(rules), bp, n, deals, seed, float(bankroll), net, counts, banks,
                               observed)
    seconds = time.perf_counter() - began
    means, halves = _batch_means(net)
    names = ("seen", "folded_to_one", "carried", "covers", "cover_compared", "shuffles", "kept_blind_hands",
             "two_blind_hands_dealt")
    return Session(rules, bots, deals, seed, float(bankroll), means, halves, banks[1].tolist(),
                   float(banks[2, 0]), {k: int(v) for k, v in zip(names, counts)}, seconds, observed)


def _batch_means(net: np.ndarray) -> tuple[list, list]:
    """Each seat's mean per deal and the half-width of its 95% interval from batches of deals."""
    deals = len(net)
    size = max(1, deals // 200) if deals >= 400 else 1
    batches = deals // size
    totals = net[:batches * size].reshape(batches, size, -1).mean(axis=1)
    means = net.mean(axis=0)
    if batches < 2:
        return means.tolist(), [float("nan")] * net.shape[1]
    halves = 1.96 * totals.std(axis=0, ddof=1) / np.sqrt(batches)
    return means.tolist(), halves.tolist()
