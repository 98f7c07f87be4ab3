"""Ask a player what to do: the solved strategy, or any bot of the tournaments, at one decision.

``decide(rules, dice, opponents, history, player="strategy")`` answers the decision of the player to act
(me), the opening included: the probability of each action (``"challenge"``, ``"exact"``, bids as the
command line prints them, ``"4x3"``, ``"*2"``), the recommended action and each action's expected value.

- ``player="strategy"``: the stored sampled solve of the heads-up round (``sampled.PLAN``); the values are
  the dice balance (the other's dice lost minus mine) when both then follow the strategy: calls exactly
  against the belief about the other's dice (Bayes on the strategy along the history), raises by rounds
  played on from the decision (seeded, with the half-width of their 95% interval).
- ``player=BOT`` (``"bayes"``, ``"threshold:0.4"``, ...): the tournament kernel's own decision functions
  (``_tournament_kernels``) called on this one decision, after replaying the history into the bayes bot's
  beliefs as the kernel does. Deterministic bots give their action probability 1; ``model`` its chances;
  ``random`` its uniform choice. Bots give no values.

>>> from analysis.bluff.rules import preset
>>> decide(preset("bluff"), "3 3 * 5 1", [5], "1:9x3", player="threshold").action
'challenge'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from analysis.bluff.bids import format_bid, parse_dice
from analysis.bluff.history import parse_history
from analysis.bluff.rules import BiddingRules
from analysis.errors import InvalidArgument

#: Rounds played on from the decision for each raise's value (and for the calls' check).
PLAYOUTS = 2000
#: Raises valued by play-outs: those the strategy plays, and the most likely others up to this many.
VALUED_RAISES = 12


@dataclass(frozen=True)
class Decision:
    """One decision: ``policy`` (action text -> probability), the recommended ``action`` and ``values``
    (action text -> expected dice balance; empty for bots), with ``value_half_width`` of each value's
    95% interval (0 for exact values)."""

    player: str
    policy: dict
    action: str
    values: dict = field(default_factory=dict)
    value_half_width: dict = field(default_factory=dict)
    source: str = ""

    def to_dict(self) -> dict:
        shown = {a: p for a, p in self.policy.items() if p > 5e-4}
        return {"player": self.player, "action": self.action, "policy": shown,
                "values": self.values, "value_half_width_95": self.value_half_width, "source": self.source}

    def __str__(self) -> str:
        rows = sorted(self.policy.items(), key=lambda item: -item[1])
        lines = [f"{self.player}: {self.action}" + (f"  ({self.source})" if self.source else "")]
        for action, p in rows:
            if p <= 5e-4 and action not in self.values:
                continue
            value = ""
            if action in self.values:
                half = self.value_half_width.get(action, 0.0)
                value = f"   value {self.values[action]:+.3f}" + (f" +- {half:.3f}" if half else "")
            lines.append(f"  {action:>10}  {p:6.1%}{value}")
        return "\n".join(lines)


def _turns(rules: BiddingRules, players: int, history: str):
    turns = parse_history(rules, history or "", players)
    if turns and (turns[-1].player + 1) % players != 0:
        last = turns[-1]
        who = "you" if last.player == 0 else f"player {last.player}"
        raise InvalidArgument(f"After {who} bid {format_bid(rules, last.bid)} it is player "
                              f"{(last.player + 1) % players}'s turn, not yours.")
    return turns


def decide(rules: BiddingRules, dice, opponents, history: str = "", player: str = "strategy",
           playouts: int = PLAYOUTS, seed: int = 0, start: Optional[int] = None) -> Decision:
    """The decision of the player to act (me) holding ``dice``; ``opponents`` are the others' dice counts in
    turn order after me, ``history`` the round so far as ``PLAYER:BID`` text (``"1:3x3"``; empty: I open).
    ``start``: the starting dice per player, for the bots (default: the preset's for this many players)."""
    if isinstance(dice, str):
        dice = parse_dice(rules, dice)
    dice = tuple(int(d) for d in dice)
    opponents = (opponents,) if isinstance(opponents, int) else tuple(int(o) for o in opponents)
    if not opponents or min(opponents) < 1:
        raise InvalidArgument("Give every opponent's dice count, at least one die each.")
    players = 1 + len(opponents)
    turns = _turns(rules, players, history)
    if player == "strategy":
        return _strategy_decision(rules, dice, opponents, turns, playouts, seed)
    from analysis.bluff.decision_bots import bot_decision

    choice = bot_decision(rules, dice, opponents, turns, player, start)
    return Decision(choice.bot, choice.policy, choice.action, {}, {}, "the tournament kernel's decision")


def strategy_answer(rules: BiddingRules, dice, opponent: int, bids, playouts: int = PLAYOUTS,
                    seed: int = 0) -> Optional[Decision]:
    """What the stored heads-up strategy does holding ``dice`` against ``opponent`` dice after ``bids`` (the round's
    bids in order, the last the opponent's), or None where no planned solve of that round is stored or the round
    is beyond the plan (the call advisor's line beside its own answers)."""
    from analysis.bluff.history import Turn

    if not bids or max(len(dice), opponent) > 5 or bids[-1].count > len(dice) + opponent:
        return None
    turns = tuple(Turn(1 if (len(bids) - i) % 2 else 0, bid) for i, bid in enumerate(bids))
    return _strategy_decision(rules, tuple(dice), (opponent,), turns, playouts, seed, missing_ok=True)


def _strategy_decision(rules, dice, opponents, turns, playouts, seed, missing_ok=False) -> Optional[Decision]:
    import numpy as np

    from analysis.bluff import _sampled_eval
    from analysis.bluff.sampled import SAMPLED_HELP, stored_plan

    if len(opponents) != 1:
        raise InvalidArgument(f"The solved strategy plays heads-up rounds; this round has {len(opponents) + 1} "
                              "players (ask a bot with --bot).")
    seat = 1 if turns and turns[0].player == 1 else 0
    pair = (len(dice), opponents[0]) if seat == 0 else (opponents[0], len(dice))
    solution = stored_plan(rules, pair)
    if solution is None and missing_ok:
        return None
    if solution is None:
        raise InvalidArgument(f"No solved {pair[0]}v{pair[1]} round of {rules.title} is stored; build it with "
                              f"{SAMPLED_HELP.format(preset=_preset_args(rules), first=pair[0], second=pair[1])}.")
    game = solution.game
    bids = [turn.bid for turn in turns]
    for bid in bids:
        if bid not in game.bids:
            raise InvalidArgument(f"{format_bid(rules, bid)} is above the {sum(pair)} dice in play: it cannot be "
                                  "true, so challenge it.")
    policy = solution.policy.astype(np.float64)
    other = 1 - seat
    # The belief about the other's hand: their chance, times the strategy's chance of each bid they made.
    belief = game.chance[other].copy()
    indices = np.array([game.bids.index(b) for b in bids] + [0], dtype=np.int64)
    hands_other = len(game.hands[other])
    for depth, bid in enumerate(bids):
        if depth % 2 != other:
            continue
        w = game.window_of(bids[:depth])
        size = int(game.n_actions[w])
        # A bid the abstraction does not play is read as the strategy's nearest raise (the belief it leaves).
        a = game.abstract_action(bids[:depth], bid)
        belief[:hands_other] *= policy[int(game.offset[other, w]) + np.arange(hands_other) * size + a]
    if belief.sum() <= 0:
        raise InvalidArgument("The strategy never bids like that; it cannot read this history.")
    belief /= belief.sum()
    strategy = solution.strategy(seat, dice, bids)
    names = list(strategy)
    depth = len(bids)
    h = game.hands[seat].index(tuple(sorted(dice)))
    values, halves = {}, {}
    nr = len(names) - (len(game.calls) if bids else 0)
    order = sorted(range(nr), key=lambda a: -strategy[names[a]])
    valued = [a for a in order if strategy[names[a]] > 0.01] or order[:1]
    valued += [a for a in order if a not in valued][:max(0, VALUED_RAISES - len(valued))]
    if bids:
        last = indices[depth - 1]
        mine = int(game.match[seat, h, last])
        for c, call in enumerate(game.calls):
            outcome = game.payoff[c, seat, last, mine + game.match[other, :hands_other, last]]
            values[call] = float((1 if seat == 0 else -1) * (belief[:hands_other] * outcome).sum())
            halves[call] = 0.0
    for a in sorted(valued):
        out = _sampled_eval.play_out(seed + a, playouts, h, seat, indices, depth, belief, *game.kernel_layout(),
                                     policy, a, game.stand_in)
        values[names[a]] = float(out.mean())
        halves[names[a]] = float(1.96 * out.std(ddof=1) / np.sqrt(playouts))
    action = max(strategy, key=lambda name: strategy[name])
    e = solution.exploitability
    memory = game.memory
    source = (f"{pair[0]}v{pair[1]} solve remembering {memory}, {solution.iterations:,} iterations, exploitability "
              f"{e.value:.3f} dice" + ("" if e.exact else " by a local best response"))
    return Decision("strategy", strategy, action, values, halves, source)


def _preset_args(rules: BiddingRules) -> str:
    text = f"--preset {rules.name}"
    if not rules.joker_bids_own_track and rules.joker is not None:
        text += f" --wild {rules.joker}"
    if rules.exact_call is None and rules.name != "bluff":
        text += " --no-exact-call"
    return text


def opening_bids(rules: BiddingRules, dice, opponent: int, top: int = 8, playouts: int = PLAYOUTS, seed: int = 0):
    """The best opening bids of a heads-up round: each with the strategy's chance of making it, its value, the
    chance that it is true (given only my dice) and the chance that the other challenges it (the strategy's
    answer, over the other's hands)."""
    from analysis.bluff.sampled import stored_plan

    decision = decide(rules, dice, [opponent], "", "strategy", playouts, seed)
    dice = parse_dice(rules, dice) if isinstance(dice, str) else tuple(dice)
    solution = stored_plan(rules, (len(dice), opponent))
    game = solution.game
    h = game.hands[0].index(tuple(sorted(dice)))
    hands_other = len(game.hands[1])
    rows = []
    for name, value in sorted(decision.values.items(), key=lambda item: -item[1])[:top]:
        b = next(i for i, bid in enumerate(game.bids) if format_bid(rules, bid) == name)
        need = game.bids[b].count - game.match[0, h, b]
        p_true = float((game.chance[1, :hands_other] * (game.match[1, :hands_other, b] >= need)).sum())
        challenged = 0.0
        for g in range(hands_other):
            challenged += game.chance[1, g] * solution.strategy(1, game.hands[1][g], [game.bids[b]])["challenge"]
        rows.append({"bid": name, "p_strategy": decision.policy[name], "value": value,
                     "value_half_width_95": decision.value_half_width[name], "p_true": p_true,
                     "p_challenged": float(challenged)})
    return decision, rows
