"""A session of Brag: many deals at one table of bots, with bankrolls, carried pots, kept blind
hands, pot cover and the pack gathered without shuffling (rules as implemented: docs/rules.md).

>>> s = session("brag3", players=3, bots=["threshold", "blind", "never-bluff"], deals=200, seed=1)
>>> abs(sum(s.chips_per_deal) * s.deals + s.carried_out) < 1e-6      # no chip made or lost
True
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass

import numpy as np

from analysis.brag.table import _session_kernels as S, deal_rules as K
from analysis.brag._stored import BUCKETS, multi_labels, solved_rules
from analysis.brag.table.deal import check_players, rule_vector
from analysis.brag.table.kernel_tables import SolvedGame
from analysis.brag.rules import CLASS_SHIFT, CLASSES, DISCARD_SHIFT, BragRules, preset
from analysis.brag.multi.shipped import find_solve
from analysis.brag.showdown.tables import hand_table
from analysis.errors import InvalidArgument
from analysis.extras import need
from analysis.schedulers import check_scheduler, compute
from analysis.seeds import check_seed

MAX_DEALS = 1_000_000
_NEVER = 1e18

#: Each bot in words (what ``odds brag session`` prints), and its rule as percentiles of the
#: dealt hands (0.6: a hand at least as strong as 60% of all hands) or hand classes.
_RULE = ("blind until every player has bet once, then stays with the better 60% of hands, raises with the "
         "top 10%, sees with the top 30%")
BOTS = {
    "strategy": "at a table of three to eight, the stored solve of that size while the deal stays inside the "
                "solved game (no kept hand or cover, no more bets than its cap, no raise where it leaves raises "
                f"out); otherwise a simple rule: {_RULE}",
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


def solved_tables(rules: BragRules, players: int) -> SolvedGame | None:
    """The stored solve of ``players`` as the session kernel reads it: per node its action and
    argument in the deal's codes, first child, number of children and actor; the strategy; the
    bucket floors. None when there is no solve of that size (the store's or the package's)."""
    if players not in BUCKETS or rules.hand_size != 3:
        return None
    table = find_solve(rules, players)
    if table is None:
        return None
    codes = {"": (-1, 0), "look": (K.LOOK, 0), "fold": (K.FOLD, 0), "bet": (K.STAY, 0), "see": (K.SEE, 0)}
    codes.update({f"raise {stake:g}": (K.RAISE, rung) for rung, stake in enumerate(rules.stakes) if rung})
    names = multi_labels(rules)
    moves = np.array([codes[names[code]] for code in table["labels"].tolist()], np.int64).reshape(-1, 2)
    tree = np.column_stack([moves, table["child_start"], table["n_actions"], table["actor"]]).astype(np.int64)
    return SolvedGame(tree, np.ascontiguousarray(table["policy"]), table["edges"].astype(np.int64))


_NO_SOLVE = SolvedGame(np.zeros((1, 5), np.int64), np.zeros((1, 1, 1)), np.zeros(1, np.int64))


def _percentile_strength(rules: BragRules, share: float) -> float:
    """The weakest strength at least as strong as ``share`` of all dealt hands."""
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
        row[:S.B_SOLVED] = 0, 0.55, 0.85, 0.65, 2, 12, S.BY_MEMORY if name == "observer" else S.BY_CHANCE
        return row
    p = lambda share: _percentile_strength(rules, share)  # noqa: E731
    if name == "strategy":
        row[:] = players, p(0.4), p(0.9), p(0.7), 2, 12, S.BY_STRENGTH, 1
    elif name == "threshold":
        row[:S.B_SOLVED] = 0, p(0.5), p(0.9), p(0.7), 2, 12, S.BY_STRENGTH
    elif name == "blind":
        row[:S.B_SOLVED] = _NEVER, p(0.5), _NEVER, p(0.5), 2, 16, S.BY_STRENGTH
    else:
        row[:S.B_SOLVED] = 0, _class_strength(rules, "pair"), _class_strength(rules, "run"), \
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
    #: Each bot in words, as it played here (whether the strategy bot had a solve to play).
    words: dict = None
    #: Chips per deal by seat in consecutive batches of ``BATCH_DEALS`` deals (whole batches only).
    batch_means: np.ndarray = None

    def to_dict(self) -> dict:
        return {"rules": self.rules.name, "players": len(self.bots), "deals": self.deals, "seed": self.seed,
                "bankroll": self.bankroll,
                "seats": [{"seat": i + 1, "bot": bot, "chips_per_deal": self.chips_per_deal[i],
                           "interval_95": self.interval[i], "bought_in": self.bought_in[i]}
                          for i, bot in enumerate(self.bots)],
                "carried_out_of_last_deal": self.carried_out, "deals_by_end": self.counts,
                "bots": {bot: (self.words or BOTS)[bot] for bot in dict.fromkeys(self.bots)},
                "seconds": self.seconds}


def session(rules: str | BragRules, players: int = 5, bots=None, deals: int = 10_000,
            seed: int = 0, bankroll: float = 200.0, solved: bool = True) -> Session:
    """Play ``deals`` deals at a table of ``players`` bots (``bots``: one name per seat, or None for
    the bots in turn) and measure each seat's chips won per deal. ``solved=False``: the ``strategy`` bot
    plays its simple rule even where a solve is stored (what the solve adds is the difference)."""
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
    if not isinstance(solved, bool):
        raise InvalidArgument(f"solved={solved!r} is not allowed; use True or False.")
    solved = solved_tables(rules, n) if "strategy" in bots and solved else None
    words = dict(BOTS)
    if solved is None:
        words["strategy"] = f"a simple rule, not a solved strategy (no solve for this table): {_RULE}"
    else:
        played = solved_rules(rules, n)
        raises = "" if played.raises == rules.raises else ", no raise"
        words["strategy"] = (f"the stored {n}-player solve while the deal stays inside the solved game (no kept "
                             f"hand or cover, at most {played.bets} bets{raises}), else a simple rule: {_RULE}")
    solved = solved or _NO_SOLVE
    began = time.perf_counter()
    S.jitted()["play_session"](rule_vector(rules), bp, n, deals, seed, float(bankroll), net, counts, banks,
                               observed, solved)
    seconds = time.perf_counter() - began
    means, halves = _batch_means(net)
    whole = deals // BATCH_DEALS * BATCH_DEALS
    batch_means = net[:whole].reshape(-1, BATCH_DEALS, n).mean(axis=1) if whole else np.zeros((0, n))
    names = ("seen", "folded_to_one", "carried", "covers", "cover_compared", "shuffles", "kept_blind_hands",
             "two_blind_hands_dealt")
    return Session(rules, bots, deals, seed, float(bankroll), means, halves, banks[1].tolist(),
                   float(banks[2, 0]), {k: int(v) for k, v in zip(names, counts)}, seconds, observed, words,
                   batch_means)


def _interval(values: np.ndarray) -> tuple[float, float]:
    """The mean of batch means and the half-width of its 95% interval."""
    return float(values.mean()), float(1.96 * values.std(ddof=1) / np.sqrt(values.size))


def solve_gain(rules: str | BragRules, players: int, field=("threshold",), deals: int = 100_000,
               seed: int = 1) -> dict:
    """What the stored solve adds to the ``strategy`` bot in seat 1 against ``field`` (the other seats' bots,
    in turn): the same session (seed, deals) played with the solve and with the bot's simple rule alone. Seat
    1's chips per deal each way and the gain, each (mean, 95% half-width) from batch means of
    ``BATCH_DEALS`` deals (the gain's from the two sessions' batch-by-batch differences)."""
    bots = ["strategy"] + [field[i % len(field)] for i in range(players - 1)]
    if deals < 2 * BATCH_DEALS:
        raise InvalidArgument(f"Measuring the solve takes at least {2 * BATCH_DEALS:,} deals, not {deals!r}.")
    with_solve = session(rules, players, bots, deals=deals, seed=seed)
    if "stored" not in with_solve.words["strategy"]:
        raise InvalidArgument(f"There is no stored {players}-player solve of {preset(rules).name} to measure.")
    with_rule = session(rules, players, bots, deals=deals, seed=seed, solved=False)
    solved, rule = with_solve.batch_means[:, 0], with_rule.batch_means[:, 0]
    return {"players": players, "bots": bots, "deals": deals, "seed": seed, "solved": _interval(solved),
            "rule": _interval(rule), "gain": _interval(solved - rule)}


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


# Long sessions through Dask --------------------------------------------------------------------

#: Deals per sitting of a long session (each sitting a fresh table: bankrolls, pack and pot anew).
SITTING_DEALS = 20_000
#: Deals per batch mean of a long session's intervals (a sitting is a whole number of batches).
BATCH_DEALS = 500
MAX_LONG_DEALS = 10 ** 9


def sitting_seed(seed: int, sitting: int) -> int:
    """Sitting ``sitting``'s seed: the session's own for the first, a digest of (seed, sitting) after,
    so every sitting is its own seeded chain whatever runs it."""
    if sitting == 0:
        return seed
    return int.from_bytes(hashlib.sha256(f"brag session {seed} {sitting}".encode()).digest()[:7], "little")


def _play_sittings(rules, bots, n, spans, seed, bankroll) -> list:
    """The sittings ``spans`` ((number, deals) pairs) in this process: per sitting the batch means,
    the tallies, the buy-ins and the pot carried out of its last deal."""
    out = []
    for number, deals in spans:
        played = session(rules, n, bots, deals, sitting_seed(seed, number), bankroll)
        out.append((played, number))
    return [(np.asarray(p.chips_per_deal), p.counts, np.asarray(p.bought_in), p.carried_out, p.deals,
             p.batch_means, number) for p, number in out]


def long_session(rules: str | BragRules, players: int = 5, bots=None, deals: int = 100_000,
                 seed: int = 0, bankroll: float = 200.0, scheduler="processes") -> Session:
    """A session of ``deals`` deals played as sittings of ``SITTING_DEALS`` deals (a fresh table each:
    bankrolls, pack and pots anew), the sittings run through Dask on ``scheduler`` (``sync``,
    ``threads``, ``processes`` or a ``dask.distributed`` address). Each sitting is seeded by
    :func:`sitting_seed`, so the same seed gives the same table on any scheduler; a session no longer
    than one sitting is exactly :func:`session`. ``carried_out`` sums the pots carried out of each
    sitting's last deal (so the chips still add up)."""
    check_scheduler(scheduler)
    rules = preset(rules)
    if isinstance(deals, bool) or not isinstance(deals, int) or not 1 <= deals <= MAX_LONG_DEALS:
        raise InvalidArgument(f"{deals!r} deals is not allowed; play 1 to {MAX_LONG_DEALS:,} deals.")
    if deals <= SITTING_DEALS:
        return session(rules, players, bots, deals, seed, bankroll)
    first = session(rules, players, bots, 1, seed, bankroll)   # checks the rest, compiles once
    bots = first.bots
    dask = need("dask", "A long session")
    spans = [(i, min(SITTING_DEALS, deals - i * SITTING_DEALS)) for i in range(-(-deals // SITTING_DEALS))]
    per_task = max(1, -(-len(spans) // 200))
    tasks = [dask.delayed(_play_sittings)(rules, bots, players, spans[i:i + per_task], seed, bankroll)
             for i in range(0, len(spans), per_task)]
    began = time.perf_counter()
    parts = compute(tasks, scheduler, f"Brag session: {deals:,} deals", purpose="A session through Dask")
    seconds = time.perf_counter() - began
    means = sum(p[0] * p[4] for p in parts) / deals
    batches = np.concatenate([p[5] for p in parts])
    halves = (1.96 * batches.std(axis=0, ddof=1) / np.sqrt(len(batches)) if len(batches) > 1
              else np.full(players, np.nan))
    counts = {key: sum(p[1][key] for p in parts) for key in parts[0][1]}
    bought = sum(p[2] for p in parts)
    return Session(rules, bots, deals, seed, float(bankroll), means.tolist(), halves.tolist(), bought.tolist(),
                   float(sum(p[3] for p in parts)), counts, seconds, None, first.words)
