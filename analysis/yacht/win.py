"""Play against opponents: who wins when everyone plays for the largest expected score, and how to play to win.

A position is the score so far and the open boxes (``"190:Chase Off,Choice"``). Without bonuses
(``yacht_kr``) the expected-score player's choices depend on the open boxes alone, so the points
still to come from each card have one exact distribution, ``remaining[card, g]``, kept in the
table store. A player's final score is the score so far plus that; players' dice are
independent, so P(win), P(tie) and P(lose) follow exactly from the final-score distributions.

Playing to win against such opponents: my share of the win depends only on my final score
``f``: ``share(f)`` = the chance that every opponent finishes below ``f``, plus each tie counted as
an equal share (a tie with ``k`` opponents counts ``1/(k + 1)``, as a split pot). The strategy
that maximises my expected share is the turn recursion of ``target.py`` with ``share`` as the
value of a finished card, over every card my open boxes lead to and every score from mine up;
it is recomputed whenever the opponents' positions change.

>>> result = win_chances("yacht_kr", "140:Chase Off,Straight,Six Beans", ["190:Chase Off,Choice"])
>>> round(result.win, 4), round(result.tie, 4), round(result.lose, 4)
(0.0528, 0.0014, 0.9458)
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass

import numpy as np

from analysis.errors import InvalidArgument
from analysis.progress import Progress
from analysis.store import Array, Store, TableKind, prepares, stored_table
from analysis.yacht.game import game_arrays
from analysis.yacht.kernel_tables import outcomes
from analysis.yacht.rules import PRESETS, Rules
from analysis.yacht.solver import state_values
from analysis.yacht.target import as_plain_rules, card_mask, max_score, open_maxima, solve_layers
from analysis.yacht.turn import goal_cards

#: ``remaining[card, g]``: the chance that expected-score play gains exactly ``g`` more points from each card.
REMAINING = TableKind("yacht/remaining", {"remaining": Array("float64", ("cards", "width"), within=(0, 1),
                                                             sums_to_one=1)},
                      version=1)
#: Players in one question: me and up to five opponents.
MAX_OPPONENTS = 5
#: Up to this many cards (6 open boxes) the recursion runs in numpy (turn.goal_cards): a fresh process
#: answers before numba would have loaded its kernels; beyond, the numba kernels are faster.
NUMPY_CARDS = 64
#: Cards the numba kernels' win-seeking recursion visits per second here, beyond NUMPY_CARDS
#: (800-1,200 measured by benchmarks/bench_yacht_target.py with another run sharing the cores).
CARDS_PER_SECOND = 800


@dataclass(frozen=True)
class Position:
    """A player's score so far and open boxes (their own names)."""

    score: int
    open_boxes: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.score}:{','.join(self.open_boxes)}"


def parse_position(rules: Rules, text: str | Position) -> Position:
    """``"SCORE:BOX,BOX,..."`` as a :class:`Position`; one sentence naming what is wrong otherwise.

    >>> parse_position(as_plain_rules("yacht_kr"), "190:chase off, choice")
    Position(score=190, open_boxes=('Chase Off', 'Choice'))
    """
    if isinstance(text, Position):
        text = str(text)
    score_text, colon, boxes_text = text.partition(":")
    if not colon:
        raise InvalidArgument(f"'{text}' is not a position; write SCORE:BOX,BOX,... (e.g. 190:Chase Off,Choice).")
    if not re.fullmatch(r"\s*-?\d+\s*", score_text):
        raise InvalidArgument(f"'{score_text.strip()}' is not a score; a position starts with the points so far "
                              "(e.g. 190:Chase Off,Choice).")
    score = int(score_text)
    names = [part.strip() for part in boxes_text.split(",") if part.strip()]
    open_boxes = tuple(rules.boxes[rules.box_index(name)].name for name in names)
    mask = card_mask(rules, open_boxes)
    if score < 0:
        raise InvalidArgument(f"Score {score} is negative; it is the points already on the card.")
    filled_best = max_score(rules) - int(open_maxima(rules)[mask])
    if score > filled_best:
        raise InvalidArgument(f"Score {score} is more than the filled boxes of '{text.strip()}' can hold "
                              f"({filled_best}).")
    return Position(score, open_boxes)


def compute_remaining(rules: Rules) -> np.ndarray:
    """``remaining[card, g]``: the chance that expected-score play gains exactly ``g`` more points (no cache)."""
    from analysis.yacht import _kernels as K  # lazy: keeps numba out of a table question's start-up
    from analysis.yacht import _target_kernels as T  # lazy: keeps numba out of a table question's start-up

    rules = as_plain_rules(rules)
    g = game_arrays(rules)
    values = state_values(rules)
    n_boxes = len(rules.boxes)
    n_cards = 1 << n_boxes
    remaining = np.zeros((n_cards, max_score(rules) + 1))
    remaining[n_cards - 1, 0] = 1.0
    with Progress(f"odds: final-score distributions of {rules.name} ({n_cards:,} cards)", total=n_cards) as bar:
        for layer in range(n_boxes - 1, -1, -1):
            # Without bonuses a card's state index is the card itself.
            cards = g.masks[g.layer_start[layer]:g.layer_start[layer + 1]]
            ends = outcomes(cards.shape[0])
            K.turn_outcomes(cards, values, True, g.scoring, g.dice, ends)
            T.remaining_points(remaining, cards, ends.next, ends.points, ends.prob, ends.n)
            bar.advance(int(cards.shape[0]))
    return remaining


def remaining_values(rules: Rules | str = "yacht_kr", store: Store | None = None) -> np.ndarray:
    """The expected-score player's ``remaining[card, g]`` for ``rules``, from the store when it is there."""
    rules = as_plain_rules(rules)
    params = {"cards": 1 << len(rules.boxes), "width": max_score(rules) + 1}
    return stored_table(store, REMAINING, rules, params, lambda: {"remaining": compute_remaining(rules)})["remaining"]


@prepares("yacht", "final-score tables of the presets without bonuses (odds yacht win)")
def _prepare_remaining() -> None:
    for rules in PRESETS.values():
        if not (rules.upper_bonus or rules.yacht_bonus or rules.joker != "none"):
            remaining_values(rules)


def final_distribution(rules: Rules, position: Position, remaining: np.ndarray) -> np.ndarray:
    """P(final score == f) for f = 0 .. max score, the player at ``position`` playing for the expected score."""
    final = np.zeros(remaining.shape[1])
    row = remaining[card_mask(rules, position.open_boxes)]
    final[position.score:] = row[:row.shape[0] - position.score]
    return final


def win_share(opponent_finals: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For each final score f of mine: (P(every opponent below f), P(a tie at the top), my share of the win).

    A tie with k opponents counts 1/(k + 1) in the share: the polynomial prod_i (below_i + x * at_i)
    holds in its x**k coefficient the chance that exactly k opponents finish on f and the rest below.
    """
    width = opponent_finals[0].shape[0] if opponent_finals else 1
    polynomial = np.zeros((width, len(opponent_finals) + 1))
    polynomial[:, 0] = 1.0
    for final in opponent_finals:
        below = np.concatenate([[0.0], np.cumsum(final)[:-1]])
        grown = polynomial * below[:, None]
        grown[:, 1:] += polynomial[:, :-1] * final[:, None]
        polynomial = grown
    all_below = polynomial[:, 0]
    tie = polynomial[:, 1:].sum(axis=1)
    share = (polynomial / np.arange(1, polynomial.shape[1] + 1)[None, :]).sum(axis=1)
    return all_below, tie, share


@dataclass(frozen=True)
class WinChances:
    """P(win), P(tie), P(lose) for me against the opponents, everyone playing for the largest expected score."""

    rules: Rules
    me: Position
    opponents: tuple[Position, ...]
    win: float
    tie: float
    lose: float
    expected_final: float
    share: float                      # my expected share of the win (ties split) under that play
    to_win_share: float | None = None  # the same when I play to win (None if not computed)

    def to_dict(self) -> dict:
        return {"preset": self.rules.name, "me": str(self.me), "opponents": [str(o) for o in self.opponents],
                "win": self.win, "tie": self.tie, "lose": self.lose, "expected_final": self.expected_final,
                "share": self.share, "to_win_share": self.to_win_share}

    def __str__(self) -> str:
        lines = [f"{self.rules.name}: me {self.me} against {', '.join(str(o) for o in self.opponents)}",
                 f"everyone playing for the largest expected score: win {self.win:.4%}, tie {self.tie:.4%}, "
                 f"lose {self.lose:.4%} (my expected final score {self.expected_final:.2f})"]
        if self.to_win_share is not None:
            lines.append(f"my share of the win (a tie shared equally): {self.share:.4%}; playing to win: "
                         f"{self.to_win_share:.4%} ({100 * (self.to_win_share - self.share):+.4f} points)")
        return "\n".join(lines)


def player_positions(rules: Rules, me, opponents) -> tuple[Position, tuple[Position, ...]]:
    me = parse_position(rules, me)
    opponents = tuple(parse_position(rules, o) for o in opponents)
    if not 1 <= len(opponents) <= MAX_OPPONENTS:
        raise InvalidArgument(f"Give 1 to {MAX_OPPONENTS} opponents (2 to 6 players), not {len(opponents)}.")
    return me, opponents


def win_chances(rules: Rules | str, me: str | Position, opponents, store: Store | None = None,
                to_win: bool = False) -> WinChances:
    """Exact P(win/tie/lose) for ``me`` against ``opponents`` (positions), all playing for the expected score.

    ``to_win``: also my share of the win when I play to win (one recursion over my open boxes).
    """
    rules = as_plain_rules(rules)
    me, opponents = player_positions(rules, me, opponents)
    remaining = remaining_values(rules, store)
    mine = final_distribution(rules, me, remaining)
    all_below, tie, share = win_share([final_distribution(rules, o, remaining) for o in opponents])
    win = float(mine @ all_below)
    tied = float(mine @ tie)
    to_win_share = None
    if to_win:
        table = win_values(rules, me, opponents, remaining)
        to_win_share = float(table[card_mask(rules, me.open_boxes), me.score])
    return WinChances(rules, me, opponents, win, tied, max(0.0, 1.0 - win - tied),
                      float(mine @ np.arange(mine.shape[0])), float(mine @ share), to_win_share)


def recursion_seconds(open_count: int) -> float:
    """About how long a win-seeking recursion over ``open_count`` open boxes takes here."""
    return (1 << open_count) / CARDS_PER_SECOND


def win_values(rules: Rules, me: Position, opponents: tuple[Position, ...], remaining: np.ndarray) -> np.ndarray:
    """``table[card, s]``: my best expected share of the win from card ``card`` with score ``s`` (kernel layout).

    Filled for the cards my open boxes lead to and the scores from mine up; the opponents play for
    the expected score from their positions.
    """
    _, _, share = win_share([final_distribution(rules, o, remaining) for o in opponents])
    n_cards = 1 << len(rules.boxes)
    mine = card_mask(rules, me.open_boxes)
    table = np.zeros((n_cards, max_score(rules) + 1))
    table[n_cards - 1] = share
    seconds = recursion_seconds(len(me.open_boxes))
    if seconds > 5:
        print(f"odds: playing to win from {len(me.open_boxes)} open boxes visits {1 << len(me.open_boxes):,} "
              f"cards; this takes about {seconds:.0f} s here.", file=sys.stderr)
    lows = np.full(n_cards, me.score, dtype=np.int64)
    cards = np.arange(n_cards)
    wanted = (cards & mine) == mine
    # From card c my score is at most mine plus the best of the boxes filled since.
    maxima = open_maxima(rules)
    highs = np.minimum(table.shape[1], me.score + maxima[mine] - maxima + 1)
    if wanted.sum() <= NUMPY_CARDS:
        chosen = cards[wanted & (cards != n_cards - 1)]
        goal_cards(table, chosen, lows[chosen], highs[chosen], game_arrays(rules))
    else:
        solve_layers(table, rules, lows, wanted, f"odds: playing {rules.name} to win ({int(wanted.sum()):,} cards)",
                     highs)
    return table
