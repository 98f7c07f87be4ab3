"""Brag's betting decisions (docs/rules.md) as expected values, each printed with the model it rests on.

All values are in chips, measured from *now*: money already in the pot is sunk,
so folding is worth 0. ``pot`` is everything in the pot before you act and
``stake`` is the previous player's stake (what you must match to stay open).

>>> advice = see_or_bet("brag3", "QS QD 4C", pot=40, stake=5)
>>> advice.best
'bet'
>>> round(advice.values["see"], 2)
34.15
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from analysis.brag.showdown.cards import format_hand
from analysis.brag.showdown.equity import (DEFAULT_SAMPLES, MAX_OPPONENTS, check_monte_carlo, equity, equity_table,
                                           two_opponent_table)
from analysis.brag.rules import BragRules, preset
from analysis.brag.showdown.hands import _cards
from analysis.brag.showdown.kernel_tables import IndexedHands
from analysis.brag.showdown.tables import BINOMIAL, hand_table
from analysis.errors import InvalidArgument

if TYPE_CHECKING:  # pandas is imported where a table is built: a one-hand answer needs none
    import pandas as pd


@dataclass(frozen=True)
class Decision:
    """The expected value of each choice, the best one, and the assumptions behind them."""

    question: str
    hand: str | None
    values: dict[str, float]
    best: str
    break_even: dict[str, float]
    probabilities: dict[str, float]
    assumptions: tuple[str, ...]
    details: dict[str, float | int | str | None] = field(default_factory=dict)

    def __str__(self) -> str:
        lines = [self.question]
        width = max(len(name) for name in self.values)
        for name, value in self.values.items():
            mark = "  <- best" if name == self.best else ""
            lines.append(f"  {name:<{width}}  {value:+10.3f} chips{mark}")
        for name, value in self.probabilities.items():
            lines.append(f"  {name}: {value:.4%}")
        for name, value in self.break_even.items():
            lines.append(f"  break-even {name}: {value:.4%}")
        lines.append("Assumptions:")
        lines.extend(f"  - {text}" for text in self.assumptions)
        return "\n".join(lines)


#: Larger pots and stakes overflow the expected values (1e308 + 1e308 is inf) long before any table.
MAX_CHIPS = 1e15


def _money(name: str, value, allow_zero: bool) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)) \
            or not math.isfinite(value) or value < 0 or (value == 0 and not allow_zero) or value > MAX_CHIPS:
        allowed = "zero or more" if allow_zero else "more than zero"
        raise InvalidArgument(f"The {name} {value!r} is not allowed; it must be a number of chips, {allowed}, "
                              f"and at most {MAX_CHIPS:,.0f}.", field=name)
    return float(value)


def _probability(name: str, value) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise InvalidArgument(f"{name} {value!r} is not allowed; it must be a probability from 0 to 1.", field=name)
    return float(value)


def _best(values: dict[str, float]) -> str:
    # Ties go to the earlier (cheaper, safer) option in the dict's order.
    return max(values, key=lambda name: (round(values[name], 9), -list(values).index(name)))


#: Betting rounds played out before a hand still three-way counts as lost (the chance is negligible).
MAX_ROUNDS = 40
_STAY_CHUNKS = 64


def stay_or_fold(rules: str | BragRules, hand, pot: float, stake: float, opponents: int = 1, *,
                 opponent_stays: float = 0.5, seed: int | None = None,
                 samples: int = DEFAULT_SAMPLES) -> Decision:
    """Stay (bet one stake) or fold, against ``opponents`` open players, played out by the rules.

    There is no showdown among three or more: the hand goes on until all but one fold
    (the last player takes the pot) or two remain and one pays twice the stake to see
    (and loses a tie). The opponents' model: in betting round r each opponent stays
    when its hand beats at least a share ``1 - opponent_stays**r`` of all hands (top
    half, then top quarter, ...), and folds otherwise; when two players are left, the
    next to act sees (an opponent that would stay sees). You stay every round until
    then. Exact for one opponent; seeded Monte Carlo with a standard error beyond.
    """
    rules = preset(rules)
    pot, stake = _money("pot", pot, True), _money("stake", stake, False)
    keep = _probability("opponent_stays", opponent_stays)
    if isinstance(opponents, bool) or not isinstance(opponents, (int, np.integer)) \
            or not 1 <= opponents <= MAX_OPPONENTS:
        raise InvalidArgument(f"{opponents!r} opponents is not allowed; choose 1 to {MAX_OPPONENTS}.",
                              field="opponents")
    cards = _cards(hand, rules)
    table = hand_table(rules)
    mine = int(table.strengths[table.row_of(cards)])
    # An opponent judges its hand by the share of all hands it beats (no card removal: its own view).
    weaker_share = np.searchsorted(np.sort(table.strengths), table.strengths, side="left") / table.strengths.size
    if opponents == 1:
        mask = np.uint64(sum(1 << c for c in cards))
        free = (table.masks & mask) == 0
        seen = weaker_share[free] >= 1.0 - keep
        beats = mine >= table.strengths[free]          # the opponent sees, so loses a tie
        outcome = np.where(seen, np.where(beats, pot + 2 * stake, -stake), pot)
        value, error, seed_used, count = float(outcome.mean()), 0.0, None, int(free.sum())
        folded, you_see, unresolved = float((~seen).mean()), 0.0, 0.0
    else:
        # lazy: keeps numba out of a table question's start-up
        from analysis.brag.showdown._kernels import stay_monte_carlo

        seed_used = check_monte_carlo(seed, samples)
        total, total_sq, counts = stay_monte_carlo(
            np.array(sorted(cards), dtype=np.int64), mine, int(opponents),
            IndexedHands(table.strengths, weaker_share, BINOMIAL), pot, stake, keep, MAX_ROUNDS, int(samples),
            seed_used, _STAY_CHUNKS)
        n = float(samples)
        value = float(total.sum() / n)
        error = float(np.sqrt(max(total_sq.sum() / n - value * value, 0.0) / (n - 1)))
        folded, you_see, unresolved = (float(x) for x in counts.sum(axis=0) / n)
        count = int(samples)
    values = {"fold": 0.0, "stay": value}
    how = (f"exactly over all {count:,} opponent hands" if opponents == 1 else
           f"by Monte Carlo ({count:,} deals, seed {seed_used}, standard error {error:.4f} chips)")
    return Decision(
        question=f"Stay or fold with {format_hand(cards)} ({rules.name}), pot {pot:g}, stake {stake:g}, "
                 f"{opponents} opponent{'s' if opponents > 1 else ''}?",
        hand=format_hand(cards), values=values, best=_best(values), break_even={},
        probabilities={"every opponent folds": folded, "you pay to see": you_see,
                       "an opponent sees you": 1.0 - folded - you_see - unresolved},
        assumptions=(
            "There is no showdown among three or more: the hand goes on until all but one fold, or two are "
            "left and one pays twice the stake to see; the player who sees loses a tie.",
            f"Opponents are open and hold random hands apart from card removal; in betting round r each stays "
            f"(one stake) with a hand that beats at least {_share_text(keep)} of all hands, and "
            "folds otherwise; with two players left, the next to act sees.",
            "You stay every round until two are left, then see when it is your turn; hands still three-way "
            f"after {MAX_ROUNDS} rounds count as lost (chance {unresolved:.2g}).",
            f"Values in chips from now, computed {how}; money already in the pot is sunk, so folding is worth 0.",
        ),
        details={"exact": opponents == 1, "standard_error": error, "seed": seed_used,
                 "samples": count if opponents > 1 else None, "preset": rules.name,
                 "opponent_stays": keep},
    )


def _share_text(keep: float) -> str:
    return f"a share 1 - {keep:g}^r (round 1: {1 - keep:.0%}, round 2: {1 - keep ** 2:.0%}, ...)"


def see_or_bet(rules: str | BragRules, hand, pot: float, stake: float, *, against: str = "any",
               opponent_sees: float = 1.0) -> Decision:
    """Two players left: pay twice the stake to see, keep betting, or fold.

    Seeing costs ``2 * stake`` and the player who pays to see loses a tie. Betting
    costs ``stake``; the opponent then sees you (probability ``opponent_sees``,
    paying ``2 * stake`` and losing ties) or folds and you take the pot.
    """
    rules = preset(rules)
    pot, stake = _money("pot", pot, True), _money("stake", stake, False)
    opponent_sees = _probability("opponent_sees", opponent_sees)
    result = equity(rules, hand, 1, against=against)
    see_pot = pot + 2 * stake
    seen_pot = pot + 3 * stake
    values = {
        "fold": 0.0,
        "see": result.win * see_pot - 2 * stake,
        "bet": opponent_sees * ((result.win + result.tie) * seen_pot - stake) + (1 - opponent_sees) * pot,
    }
    return Decision(
        question=f"See or bet with {result.hand} ({rules.name}), pot {pot:g}, stake {stake:g}, "
                 f"opponent holding {against}?",
        hand=result.hand, values=values, best=_best(values),
        break_even={"win probability to see": 2 * stake / see_pot},
        probabilities={"win": result.win, "tie": result.tie, "lose": result.lose},
        assumptions=(
            "Two players are left; seeing costs twice the previous stake and ends the hand; the player "
            "who pays to see loses a tie.",
            f"Betting means one more stake of {stake:g}, after which the opponent sees you with probability "
            f"{opponent_sees:g} (paying {2 * stake:g} and losing ties) and otherwise folds; no further raises.",
            f"The opponent's hand is drawn from '{against}' apart from card removal; probabilities exact "
            f"over {result.deals:,} opponent hands.",
            "Money already in the pot is sunk, so folding is worth 0.",
        ),
        details={"preset": rules.name, "against": against, "opponent_sees": opponent_sees},
    )


def blind_or_look(rules: str | BragRules, pot: float, stake: float, rounds: int = 1, *,
                  against: str = "any") -> Decision:
    """Two players left, you have not looked: keep playing blind, or look and then play open or fold.

    Blind, you bet half the stake for ``rounds`` rounds and then see the open
    opponent for twice your blind stake. Looking, you fold the hands that lose
    money and play the others open: ``rounds`` full stakes, then see for twice
    the stake. The opponent is open, matches ``stake`` each round and never folds.
    """
    rules = preset(rules)
    pot, stake = _money("pot", pot, True), _money("stake", stake, False)
    if isinstance(rounds, bool) or not isinstance(rounds, (int, np.integer)) or not 0 <= rounds <= 100:
        raise InvalidArgument(f"{rounds!r} rounds is not allowed; choose 0 to 100.", field="rounds")
    table = equity_table(rules, against)
    available = table["opponent_hands"].to_numpy(dtype=float)
    if available.sum() == 0:
        raise InvalidArgument(f"The range '{against}' holds no hands; choose a wider range.", field="against")
    # Deals are uniform over (your hand, opponent hand in range) pairs that share no card,
    # so your hand is weighted by how many opponent hands avoid it.
    weight = available / available.sum()
    win = table["win"].fillna(0).to_numpy()
    blind_cost = rounds * stake / 2 + stake
    blind_pot = pot + rounds * (stake / 2 + stake) + stake
    blind_win = float((weight * win).sum())
    open_cost = rounds * stake + 2 * stake
    open_pot = pot + rounds * 2 * stake + 2 * stake
    play_value = win * open_pot - open_cost
    looked = np.maximum(play_value, 0.0)
    values = {"blind": blind_win * blind_pot - blind_cost, "look": float((weight * looked).sum())}
    folds = float(weight[play_value <= 0].sum())
    return Decision(
        question=f"Play blind or look ({rules.name}), pot {pot:g}, stake {stake:g}, {rounds} more "
                 f"round{'s' if rounds != 1 else ''} before the see, opponent open holding {against}?",
        hand=None, values=values, best=_best(values),
        break_even={"win probability to play open after looking": open_cost / open_pot},
        probabilities={"blind hand wins the see": blind_win, "looked hand is folded": folds},
        assumptions=(
            "Two players are left; the opponent is open, so cannot see you while you are blind.",
            f"Blind: you bet half the stake ({stake / 2:g}) for {rounds} round{'s' if rounds != 1 else ''}, "
            f"then see for twice your blind stake ({stake:g}); the player who sees loses a tie.",
            f"Look: you fold at once (worth 0) every hand that loses money, and play the rest open: "
            f"{rounds} stake{'s' if rounds != 1 else ''} of {stake:g}, then see for {2 * stake:g}.",
            f"The opponent matches {stake:g} each round and never folds or raises; its hand is drawn from "
            f"'{against}'; all probabilities exact with card removal.",
        ),
        details={"preset": rules.name, "against": against, "rounds": rounds},
    )


def _weakest(table: pd.DataFrame, column: str, needed: float) -> dict:
    """The weakest hand (lowest strength) whose ``column`` reaches ``needed``."""
    good = table[table[column] >= needed]
    if good.empty:
        return {"weakest_hand": None, "percentile": float("nan")}
    row = good.loc[good["strength"].idxmin()]
    return {"weakest_hand": row["hand"], "percentile": float(row["percentile"])}


def see_thresholds(rules: str | BragRules, pot_to_stake, against: str = "any") -> pd.DataFrame:
    """For each pot-to-stake ratio, the weakest hand worth seeing (seeing beats folding).

    Seeing pays ``2 * stake`` to win ``pot + 2 * stake`` and loses ties, so it pays
    when the win probability reaches ``2 / (ratio + 2)``.
    """
    import pandas as pd  # lazy: keeps pandas out of a table question's start-up

    table = equity_table(rules, against)
    rows = []
    for ratio in pot_to_stake:
        needed = 2 / (float(ratio) + 2)
        rows.append({"pot_to_stake": float(ratio), "win_needed": needed, **_weakest(table, "win", needed)})
    return pd.DataFrame(rows)


def stay_thresholds(rules: str | BragRules, pot_to_stake, opponents: int = 1) -> pd.DataFrame:
    """For each pot-to-stake ratio, the weakest hand worth staying with (``stay_or_fold``'s model).

    Staying pays when the pot share reaches ``1 / (ratio + opponents + 1)``;
    exact for one and two opponents (three-card presets for two).
    """
    import pandas as pd  # lazy: keeps pandas out of a table question's start-up

    if opponents == 1:
        table = equity_table(rules)
    elif opponents == 2:
        table = two_opponent_table(rules)
    else:
        raise InvalidArgument(f"Thresholds are exact for 1 or 2 opponents, not {opponents!r}.", field="opponents")
    rows = []
    for ratio in pot_to_stake:
        needed = 1 / (float(ratio) + opponents + 1)
        rows.append({"pot_to_stake": float(ratio), "share_needed": needed,
                     **_weakest(table, "equity", needed)})
    return pd.DataFrame(rows)

