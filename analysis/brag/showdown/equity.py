"""Equity: how often a hand wins, ties and loses a showdown, with the other players' cards removed.

* one opponent: exact (every opponent hand that avoids your cards), also against a range;
* two opponents: exact (every ordered pair of disjoint opponent hands);
* three to seven opponents: seeded Monte Carlo with its standard error.

``equity`` is your expected share of the pot at a showdown: a win counts 1, a
tie with ``m`` other hands ``1 / (m + 1)``.

>>> result = equity("brag3", "KS KH 7D", opponents=1)
>>> round(result.win, 4), round(result.tie, 4)
(0.8967, 0.0002)
"""

from __future__ import annotations

import re
import sys
from functools import lru_cache
from math import comb
from typing import TYPE_CHECKING

import numpy as np

from analysis.brag._stored import TWO_OPPONENTS, VERSUS
from analysis.brag.answers import Equity
from analysis.brag.showdown.cards import format_hand, format_hands
from analysis.brag.showdown.frequencies import percentiles
from analysis.brag.showdown.hands import _cards
from analysis.brag.rules import CLASSES, PRESETS, BragRules, preset
from analysis.brag.showdown.tables import BINOMIAL, class_codes, hand_table
from analysis.errors import InvalidArgument
from analysis.progress import Progress
from analysis.seeds import check_seed
from analysis.store import Store, prepares, stored_table

if TYPE_CHECKING:  # pandas is imported where a table is built: a one-hand answer needs none
    import pandas as pd


MAX_OPPONENTS = 7
DEFAULT_SAMPLES = 1_000_000
_CHUNKS = 64
_CHUNKS_PER_CALL = 8        # Monte Carlo kernel calls between progress updates: 64 / 8 = 8 updates


# ---------------------------------------------------------------------------------- ranges

_RANGE = re.compile(r"^\s*(?:(?P<any>any)|top\s*(?P<top>\d+(?:\.\d+)?)\s*%"
                    r"|(?P<cls>[a-z_ ]+?)\s*(?P<plus>\+|or better)?)\s*$")
_CLASS_ALIASES = {"trail": "prial", "trips": "prial", "pure_sequence": "running_flush",
                  "straight_flush": "running_flush", "sequence": "run", "straight": "run",
                  "colour": "flush", "color": "flush", "high": "high_card"}


def range_mask(rules: str | BragRules, text: str) -> np.ndarray:
    """Which hands (rows of ``hand_table``) a range holds.

    A range is ``any``, a class (``pair``), a class or better (``pair+``,
    ``"flush or better"``), or the strongest share of all hands (``"top 20%"``).
    """
    rules = preset(rules)
    strengths = hand_table(rules).strengths
    match = _RANGE.match(str(text).lower().replace("-", "_"))
    if match is None:
        raise InvalidArgument(f"'{text}' is not a range; use 'any', a class such as 'pair' or 'pair+', "
                              "or 'top 20%'.", field="against")
    if match["any"]:
        return np.ones(len(strengths), dtype=bool)
    if match["top"]:
        share = float(match["top"])
        if not 0 < share <= 100:
            raise InvalidArgument(f"'{text}' is not a range; the top share must be above 0% and at most 100%.",
                                  field="against")
        # The strongest hands until the share is reached; a strength is kept or dropped whole.
        ordered = np.sort(strengths)[::-1]
        cut = ordered[max(0, int(np.ceil(share / 100 * len(ordered))) - 1)]
        return strengths >= cut
    name = _CLASS_ALIASES.get(match["cls"].strip().replace(" ", "_"), match["cls"].strip().replace(" ", "_"))
    if name not in CLASSES:
        raise InvalidArgument(f"'{match['cls'].strip()}' is not a hand class; choose from {', '.join(CLASSES)}.",
                              field="against")
    code = class_codes(strengths, rules)
    wanted = CLASSES.index(name)
    return code >= wanted if match["plus"] else code == wanted


# ---------------------------------------------------------------------------------- exact tables

@lru_cache(maxsize=8)
def _versus(rules: BragRules, against: str) -> dict[str, np.ndarray]:
    return versus_counts(rules, against)


def versus_counts(rules: BragRules, against: str = "any", store: Store | None | bool = None) -> dict[str, np.ndarray]:
    """For every hand (colex order), the opponent hands of ``against`` it beats, ties, and that avoid it:
    read from ``store`` (where ``odds brag equity`` reads one row of it) or built and stored."""
    table = hand_table(rules, store)

    def build():
        from analysis.brag.showdown._kernels import versus_table   # lazy: a stored table needs no numba

        mask = range_mask(rules, against)
        beats, ties, available = versus_table(table.hands, table.strengths, table.order, mask)
        return {"beats": beats, "ties": ties, "available": available}

    return stored_table(store, VERSUS, rules, {"against": against, "hands": len(table.hands)}, build)


@prepares("brag", "hand strengths, heads-up and two-opponent tables of every preset")
def _prepare_tables() -> None:
    for name, rules in PRESETS.items():
        _versus(rules, "any")
        if rules.hand_size == 3:
            two_opponent_table(rules)


def equity_table(rules: str | BragRules, against: str = "any") -> pd.DataFrame:
    """Heads-up win / tie / lose probability for every hand of the preset, exact, with card removal.

    One row per hand (colex order): the hand, its strength and class, the number of
    opponent hands in ``against`` that avoid it, and the probabilities.
    """
    import pandas as pd  # lazy: keeps pandas out of a table question's start-up

    rules = preset(rules)
    columns = heads_up_columns(rules, against)
    frame = pd.DataFrame({"hand": format_hands(columns.pop("hands")[:, ::-1]), **columns})
    frame.attrs.update(preset=rules.name, against=against)
    return frame


def heads_up_columns(rules: str | BragRules, against: str = "any") -> dict[str, np.ndarray]:
    """:func:`equity_table`'s columns as numpy arrays, without pandas; ``hands`` holds the card codes
    (``format_hands(hands[:, ::-1])`` names them)."""
    rules = preset(rules)
    table = hand_table(rules)
    counts = _versus(rules, against)
    available = counts["available"].astype(float)
    with np.errstate(invalid="ignore", divide="ignore"):
        win = counts["beats"] / available
        tie = counts["ties"] / available
    return {"hands": table.hands, "strength": table.strengths,
            "class": np.array(CLASSES)[class_codes(table.strengths, rules)], "percentile": percentiles(rules),
            "opponent_hands": counts["available"], "win": win, "tie": tie, "lose": 1 - win - tie,
            "equity": win + tie / 2}


def heads_up_counts(rules: BragRules, cards, against_mask: np.ndarray) -> tuple[int, int, int]:
    """(beats, ties, available) for one hand against the hands of ``against_mask``, by direct count."""
    table = hand_table(rules)
    row = table.row_of(cards)
    s = table.strengths[row]
    free = ((table.masks & table.masks[row]) == 0) & against_mask
    rival = table.strengths[free]
    return int(np.count_nonzero(rival < s)), int(np.count_nonzero(rival == s)), int(rival.size)


# ---------------------------------------------------------------------------------- public API

def equity(rules: str | BragRules, hand, opponents: int = 1, *, against: str = "any",
           seed: int | None = None, samples: int = DEFAULT_SAMPLES, exact: bool | None = None) -> Equity:
    """Win, tie, lose and pot share of ``hand`` at a showdown against ``opponents`` players.

    One and two opponents are enumerated exactly (pass ``exact=False`` to simulate
    instead); three or more are simulated with ``seed`` (default 0) over ``samples``
    deals. ``against`` (a range, see ``range_mask``) is supported against one opponent, exactly.
    """
    rules = preset(rules)
    cards = _cards(hand, rules)
    if isinstance(opponents, bool) or not isinstance(opponents, (int, np.integer)) \
            or not 1 <= opponents <= MAX_OPPONENTS:
        raise InvalidArgument(f"{opponents!r} opponents is not allowed; choose 1 to {MAX_OPPONENTS}.",
                              field="opponents")
    if not isinstance(against, str):
        raise InvalidArgument(f"{against!r} is not a range; use 'any', a class such as 'pair+', or 'top 20%'.",
                              field="against")
    if against.strip().lower() != "any" and opponents != 1:
        raise InvalidArgument(f"A range ('{against}') is supported against one opponent only, "
                              f"not {opponents}.", field="against")
    if exact is None:
        exact = opponents <= 2
    if against.strip().lower() != "any" and not exact:
        raise InvalidArgument(f"A range ('{against}') is answered exactly only, as the simulation deals "
                              "the opponent any hand; drop --simulate (exact=False).", field="against")
    if exact and opponents > 2:
        raise InvalidArgument(f"Exact enumeration is available for 1 or 2 opponents, not {opponents}; "
                              "leave exact unset to simulate.", field="opponents")
    text = format_hand(cards)
    if exact and opponents == 1:
        mask = range_mask(rules, against)
        beats, ties, available = heads_up_counts(rules, cards, mask)
        if available == 0:
            raise InvalidArgument(f"No hand in the range '{against}' avoids {text}; choose a wider range.",
                                  field="against")
        win, tie = beats / available, ties / available
        return Equity(text, rules.name, 1, against, win, tie, 1 - win - tie, win + tie / 2, True,
                      deals=available)
    if exact:
        return _two_opponents(rules, cards, text)
    return _simulate(rules, cards, text, int(opponents), seed, samples)


def _two_opponents(rules: BragRules, cards, text: str) -> Equity:
    from analysis.brag.showdown._kernels import two_opponents  # lazy: keeps numba out of a table question's start-up

    table = hand_table(rules)
    row = table.row_of(cards)
    win, tie2, tie3, lose = two_opponents(table.masks[row], table.strengths[row], table.hands,
                                          table.masks, table.strengths)
    k = rules.hand_size
    deals = comb(52 - k, k) * comb(52 - 2 * k, k)
    if win + tie2 + tie3 + lose != deals:  # pragma: no cover - a kernel bug, never bad input
        raise AssertionError("two-opponent enumeration lost deals")
    share = (win + tie2 / 2 + tie3 / 3) / deals
    return Equity(text, rules.name, 2, "any", win / deals, (tie2 + tie3) / deals, lose / deals, share,
                  True, deals=deals)


def check_monte_carlo(seed, samples) -> int:
    """The seed (0 when None), after checking it and the sample count."""
    seed = check_seed(seed)
    if isinstance(samples, bool) or not isinstance(samples, (int, np.integer)) or not 1000 <= samples <= 10**9:
        raise InvalidArgument(f"{samples!r} samples is not allowed; use 1,000 to 1,000,000,000.")
    return int(seed)


def _simulate(rules: BragRules, cards, text: str, opponents: int, seed, samples) -> Equity:
    # lazy: keeps numba out of a table question's start-up
    from analysis.brag.showdown._kernels import showdown_monte_carlo

    seed = check_monte_carlo(seed, samples)
    if (opponents + 1) * rules.hand_size > 52:  # pragma: no cover - MAX_OPPONENTS keeps this away
        raise InvalidArgument(f"{opponents} opponents cannot each be dealt {rules.hand_size} cards.", field="opponents")
    table = hand_table(rules)
    row = table.row_of(cards)
    sums = [np.zeros(_CHUNKS, np.int64), np.zeros(_CHUNKS, np.int64), np.zeros(_CHUNKS), np.zeros(_CHUNKS)]
    # About a second per 20 million opponent hands here: only longer runs draw a bar (terminal only).
    stream = sys.stderr if samples * opponents >= 20_000_000 else None
    with Progress(f"odds: dealing {samples:,} showdowns", total=_CHUNKS, stream=stream) as bar:
        for first in range(0, _CHUNKS, _CHUNKS_PER_CALL):
            parts = showdown_monte_carlo(np.array(sorted(cards), dtype=np.int64), table.strengths[row],
                                         opponents, table.strengths, BINOMIAL, samples, seed, _CHUNKS,
                                         first, first + _CHUNKS_PER_CALL)
            for total, part in zip(sums, parts):
                total += part      # each call fills only its own chunks
            bar.advance(_CHUNKS_PER_CALL)
    wins, ties, share, share_sq = sums
    n = float(samples)
    mean = share.sum() / n
    variance = max(share_sq.sum() / n - mean * mean, 0.0)
    win, tie = wins.sum() / n, ties.sum() / n
    return Equity(text, rules.name, opponents, "any", win, tie, 1 - win - tie, mean, False,
                  standard_error=float(np.sqrt(variance / (n - 1))), samples=int(samples), seed=int(seed))


def two_opponent_table(rules: str | BragRules, store: Store | None | bool = None) -> pd.DataFrame:
    """Exact pot share of every hand against two random opponents (three-card presets).

    22,100 exact enumerations of 279,676,320 deals each, by inclusion-exclusion;
    built once (about 10 s, with a progress bar in a terminal) and kept in the table store.
    """
    import pandas as pd  # lazy: keeps pandas out of a table question's start-up

    columns = two_opponent_columns(rules, store)
    return pd.DataFrame({"hand": format_hands(columns.pop("hands")[:, ::-1]), **columns})


def two_opponent_columns(rules: str | BragRules, store: Store | None | bool = None) -> dict[str, np.ndarray]:
    """:func:`two_opponent_table`'s columns as numpy arrays, without pandas (``hands``: the card codes);
    the counts from the store, or built and stored."""
    rules = preset(rules)
    if rules.hand_size != 3:
        raise InvalidArgument(f"The two-opponent table is built for three-card presets, not {rules.name}; "
                              "ask equity(hand, 2, ...) for single four-card hands.", field="preset")
    table = hand_table(rules, store)

    def build():
        from analysis.brag.showdown._kernels import two_opponents   # lazy: a stored table needs no numba

        counts = np.empty((len(table.hands), 4), dtype=np.int64)
        with Progress(f"odds: two-opponent showdowns of all {len(counts):,} hands", total=len(counts),
                      stream=sys.stderr) as bar:
            for row in range(len(counts)):
                counts[row] = two_opponents(table.masks[row], table.strengths[row], table.hands,
                                            table.masks, table.strengths)
                bar.advance()
        return {"counts": counts}

    counts = stored_table(store, TWO_OPPONENTS, rules, {"hands": len(table.hands)}, build)["counts"]
    deals = comb(49, 3) * comb(46, 3)
    win, tie2, tie3, lose = (counts[:, i] / deals for i in range(4))
    return {"hands": table.hands, "strength": table.strengths,
            "class": np.array(CLASSES)[class_codes(table.strengths, rules)], "percentile": percentiles(rules),
            "win": win, "tie": tie2 + tie3, "lose": lose, "equity": win + tie2 / 2 + tie3 / 3}

