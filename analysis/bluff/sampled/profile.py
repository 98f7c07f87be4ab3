"""What a solved heads-up round (``solution.SampledSolution``) does, summed over the dice: its openings, its
answer to them, and what a round costs, for the strategy article's section on play at real size.

Exact sums over both players' hands (their chances times the strategy's), except ``round_losses``, which plays
rounds out (seeded).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Openings:
    """The first bidder's openings and the second bidder's answer to them, over every pair of hands."""

    mean_count: float           # the opening's count
    count_share: float          # ... as a share of the dice in play
    at_most_expected: float     # chance the opening's count is at most what the opener's dice make expected
    lacking: float              # chance the opener holds no die that counts for the opening's face
    unbacked: float             # chance the opener's own dice fall short of the opening's count
    star: float                 # chance the opening is on the wild face (Bluff's star bids; 0 where none is bid)
    challenged: float           # chance the second bidder challenges the opening
    challenged_true: float      # chance a challenged opening is true
    star_challenged: float      # chance a star opening is challenged (nan where none is made)
    number_challenged: float    # chance a number opening is challenged
    star_true: float            # chance a star opening is true (nan where none is made)
    number_true: float          # chance a number opening is true


def _rows(solution, seat: int, history) -> np.ndarray:
    """[hand, action] of the strategy's chances at the information sets of ``seat`` after ``history``."""
    game = solution.game
    window = game.window_of(history)
    size = int(game.n_actions[window])
    hands = len(game.hands[seat])
    start = int(game.offset[seat, window])
    return solution.policy[start:start + hands * size].astype(np.float64).reshape(hands, size)


def openings(solution) -> Openings:
    """The opening and its first answer, summed exactly over both hands."""
    game, rules = solution.game, solution.game.rules
    c0 = game.chance[0, :len(game.hands[0])]
    c1 = game.chance[1, :len(game.hands[1])]
    opening = _rows(solution, 0, [])
    bids = [game.bids[b] for b in game.raises[-1, :game.n_raises[-1]]]
    in_play, other = sum(game.dice), game.dice[1]
    mean = expected = lacking = unbacked = star = challenged = challenged_true = 0.0
    star_made = star_called = number_made = number_called = star_true = number_true = 0.0
    for a, bid in enumerate(bids):
        b = game.bids.index(bid)
        made = c0 * opening[:, a]                  # [opener's hand]
        p = made.sum()
        if p <= 0:
            continue
        mine = game.match[0, :len(c0), b]
        share = len(rules.counts_for(bid.face, game.palifico_round)) / 6.0
        mean += p * bid.count
        expected += made[bid.count <= mine + other * share].sum()
        lacking += made[mine == 0].sum()
        unbacked += made[mine < bid.count].sum()
        calls = _rows(solution, 1, [bid])[:, int(game.n_raises[b])]          # [second bidder's hand]: challenge
        call = (c1 * calls).sum()
        true = (mine[:, None] + game.match[1, :len(c1), b][None, :]) >= bid.count
        challenged += p * call
        challenged_true += (made[:, None] * (c1 * calls)[None, :] * true).sum()
        holds = (made[:, None] * c1[None, :] * true).sum()
        if bid.face == rules.joker and rules.joker_bids_own_track:
            star += p
            star_made, star_called, star_true = star_made + p, star_called + p * call, star_true + holds
        else:
            number_made, number_called, number_true = number_made + p, number_called + p * call, number_true + holds
    return Openings(mean, mean / in_play, expected, lacking, unbacked, star, challenged,
                    challenged_true / challenged if challenged > 0 else float("nan"),
                    star_called / star_made if star_made > 0 else float("nan"),
                    number_called / number_made if number_made > 0 else float("nan"),
                    star_true / star_made if star_made > 0 else float("nan"),
                    number_true / number_made if number_made > 0 else float("nan"))


def round_losses(solution, rounds: int = 4000, seed: int = 0) -> np.ndarray:
    """The dice balance of the first bidder in ``rounds`` rounds both play by the strategy (seeded): in a game
    where only the loser loses dice, its size is the dice the round cost."""
    # lazy: keeps numba out of a table question's start-up
    from analysis.bluff.sampled import _eval_kernels as _sampled_eval

    game = solution.game
    rng = np.random.default_rng(seed)
    hands = rng.choice(len(game.hands[0]), size=rounds, p=game.chance[0, :len(game.hands[0])])
    weights = game.chance[1] / game.chance[1].sum()
    out = []
    for h in np.unique(hands):
        n = int((hands == h).sum())
        out.append(_sampled_eval.play_out(int(rng.integers(2 ** 31)), n, int(h), 0, np.zeros(1, dtype=np.int64), 0,
                                          weights, game.kernel_layout(), solution.policy.astype(np.float64), -1))
    return np.concatenate(out)
