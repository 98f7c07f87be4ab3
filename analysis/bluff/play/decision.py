"""Ask a player what to do: the solved strategy, or any bot of the tournaments, at one decision.

``decide(rules, dice, opponents, history, player="strategy")`` answers the decision of the player to act
(me), the opening included: the probability of each action (``"challenge"``, ``"exact"``, bids as the
command line prints them, ``"4x3"``, ``"*2"``), the recommended action and each action's expected value.

- ``player="strategy"``: the stored sampled solve of the heads-up round (``plan.PLAN``; a palifico round's
  solve for ``palifico=True``); the values are the dice balance (the other's dice lost minus mine) of every
  legal action when both then follow the strategy, exact against the belief about the other's dice (Bayes on
  the strategy along the history): a backward pass over the bids (``strategy_values``).
- ``player="strategy"`` with two or more opponents: the stored multi-player solve of the round's dice
  (``multi.decision``: the same tremble-read belief over each other player's hand, exact values of every legal
  action); no search, no palifico round.
- ``player="search"``: the same stored solve with decision-time search (``SampledSolution.search``): the calls
  valued exactly against the same belief, each raise the strategy makes here (with chance at least
  ``search.SEARCH_FLOOR``) by the other answering by the strategy and me then taking my best call (from three to
  ``search.SEARCH_DEEPER_DICE`` dice in play, Perudo aside, my best of the calls and of the strategy's raises
  valued so again); the best is played for sure. Stronger than the stored strategy against the bots (in Perudo
  beyond two dice each), and easier to exploit (docs/bluff_strategy.md).
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

import numpy as np

from analysis.bluff.bids import all_bids, format_bid, is_raise, parse_bid, parse_dice
from analysis.bluff.history import Turn, Unreadable, parse_history, read_within_the_dice
from analysis.bluff.play.strategy_bot import build_command
from analysis.bluff.rules import BiddingRules
from analysis.bluff.odds.bid_odds import bid_odds, my_count
from analysis.bluff.odds.outcomes import dice_lost
from analysis.bluff.sampled.plan import SAMPLED_HELP, stored_plan
from analysis.bluff.sampled.search import search_lookahead, search_mix
from analysis.bluff.sampled.solution import OFF_PATH, TREMBLE
from analysis.bluff.sampled.values import action_values, policy_rows, remembered
from analysis.errors import InvalidArgument, about

#: Actions the text shows besides those the player makes: the best-valued others, this many.
OTHERS_SHOWN = 3
#: Why the answer names a bid of the history (``Decision.off_path``), besides a bid above the dice in play.
NOT_MADE, NOT_MODELLED = "a bid the strategy does not make", "a raise the strategy does not model"


@dataclass(frozen=True)
class Decision:
    """One decision: ``policy`` (action text -> probability), the recommended ``action`` and, for the strategy,
    ``values`` (action text -> expected dice balance, exact for the stored strategy; every legal action)."""

    player: str
    policy: dict
    action: str
    values: dict = field(default_factory=dict)
    source: str = ""
    #: The bids of the history the strategy would not make itself, each {"player", "bid", "chance" (the
    #: strategy's), "read_as" (the bid its look-up reads in its place, or None), "reason"}: ``_off_path``.
    off_path: tuple = ()
    #: Where the strategy was asked and cannot answer (a table it is not solved for): the one line that says so and
    #: what answers instead.
    note: str = ""

    def to_dict(self) -> dict:
        # To a millionth: a stored solve keeps its chances in float32 (a shipped one in 255ths), whose further
        # digits are noise, not information.
        shown = {a: round(p, 6) for a, p in self.policy.items() if p > 5e-4}
        out = {"player": self.player, "action": self.action, "policy": shown, "values": self.values,
               "source": self.source, "off_path": [dict(bid) for bid in self.off_path]}
        return {**out, "note": self.note} if self.note else out

    def __str__(self) -> str:
        made = [a for a, p in sorted(self.policy.items(), key=lambda item: -item[1]) if p > 5e-4]
        others = sorted((a for a in self.values if a not in made), key=lambda a: -self.values[a])
        lines = [f"{self.player}: {self.action}" + (f"  ({self.source})" if self.source else "")]
        for action in made + others[:OTHERS_SHOWN]:
            value = f"   value {self.values[action]:+.3f}" if action in self.values else ""
            lines.append(f"  {action:>10}  {self.policy.get(action, 0.0):6.1%}{value}")
        if self.note:
            lines.append(f"  {self.note}")
        lines += [f"  reading {_whose(bid)} {bid['bid']}: {bid['reason']}"
                  + (f", read as {bid['read_as']}" if bid["read_as"] else "") for bid in self.off_path]
        if any(bid["player"] != "me" and bid["reason"] in (NOT_MADE, NOT_MODELLED) for bid in self.off_path):
            lines.append(f"  (such a bid is read as a slip: {TREMBLE * 100:g}% of bids taken as any legal action "
                         "at random, so it says little about the bidder's dice)")
        return "\n".join(lines)


def _whose(bid: dict) -> str:
    return "your" if bid["player"] == "me" else f"player {bid['player']}'s"


def _turns(rules: BiddingRules, players: int, history: str, palifico: bool = False):
    with about("history"):
        turns = parse_history(rules, history or "", players, palifico)
    # Not my turn: no fault of the history, a question for another player (a note beside a page's answer).
    if turns and (turns[-1].player + 1) % players != 0:
        last = turns[-1]
        who = "you" if last.player == 0 else f"player {last.player}"
        raise InvalidArgument(f"After {who} bid {format_bid(rules, last.bid)} it is player "
                              f"{(last.player + 1) % players}'s turn, not yours.")
    return turns


def decide(rules: BiddingRules, dice, opponents, history: str = "", player: str = "strategy",
           start: Optional[int] = None, palifico: bool = False) -> Decision:
    """The decision of the player to act (me) holding ``dice``; ``opponents`` are the others' dice counts in
    turn order after me, ``history`` the round so far as ``PLAYER:BID`` text (``"1:3x3"``; empty: I open).
    ``start``: the starting dice per player, for the bots (default: the preset's for this many players).
    ``palifico``: a palifico round (Perudo: the face is kept, pacos are not wild)."""
    if isinstance(dice, str):
        with about("dice"):
            dice = parse_dice(rules, dice)
    dice = tuple(int(d) for d in dice)
    opponents = (opponents,) if isinstance(opponents, int) else tuple(int(o) for o in opponents)
    if not opponents or min(opponents) < 1:
        raise InvalidArgument("Give every opponent's dice count, at least one die each.", field="opponents")
    if palifico and not rules.palifico:
        raise InvalidArgument(f"{rules.title} has no palifico rounds; they are Perudo's.", field="palifico")
    players = 1 + len(opponents)
    if start is not None:
        try:
            start = int(start)
        except (TypeError, ValueError):
            raise InvalidArgument(f"The starting dice must be a whole number, not {start!r}.", field="start") from None
        if start < max(len(dice), *opponents):
            raise InvalidArgument(f"The starting dice ({start}) cannot be fewer than a player holds now "
                                  f"({max(len(dice), *opponents)}).", field="start")
    turns = _turns(rules, players, history, palifico)
    if player in ("strategy", "search") and len(opponents) > 1:
        return _table_decision(rules, dice, opponents, turns, palifico, player)
    if player not in ("strategy", "search"):
        # lazy: the bots' room is read only where a bot is asked.
        from analysis.bluff.play.bots import parse_bot

        with about("bot"):      # its name read before any work
            parse_bot(player)
    if player in ("strategy", "search"):
        return _strategy_decision(rules, dice, opponents, turns, palifico, search=player == "search")

    # lazy: the tournament's tables and kernels are not needed to ask the strategy.
    from analysis.bluff.play.decision_bots import bot_decision

    choice = bot_decision(rules, dice, opponents, turns, player, start, palifico)
    return Decision(choice.bot, choice.policy, choice.action, {}, "the tournament bot's own play")


def _table_decision(rules, dice, opponents, turns, palifico: bool, player: str) -> Decision:
    """The stored multi-player strategy's answer (``multi.decision``), at three to six players."""
    if player == "search" or palifico:
        raise InvalidArgument("At three or more players the solved strategy answers without search and outside "
                              "palifico rounds; ask it plainly, or ask a computer player.", field="player")
    # lazy: the multi-player room is read only where a round of three or more players is asked.
    from analysis.bluff.multi.decision import NoTableSolve, table_answer

    try:
        return Decision("strategy", *table_answer(rules, dice, opponents, turns))
    except NoTableSolve as unsolved:
        # A table the strategy is not solved for: the odds and the model of the others answer, and say so.
        return _bayes_decision(rules, dice, opponents, turns, f"{unsolved}: {BY_THE_MODEL}")


#: What answers at a table the full-table strategy is not solved for (the end of the answer's note).
BY_THE_MODEL = ("this answer is from the odds and a model of the other players (the bid reader, which reads every bid "
                "as evidence of the bidder's dice).")


def table_strategy_answer(rules: BiddingRules, dice, opponents, turns) -> tuple:
    """(what the stored full-table strategy does at this decision, None), or (None, the sentence saying which tables
    it is solved for and that this one is not): the call advisor's strategy line at three or more players."""
    # lazy: the multi-player room is read only where a round of three or more players is asked.
    from analysis.bluff.multi.decision import NoTableSolve, table_answer

    try:
        return Decision("strategy", *table_answer(rules, tuple(dice), tuple(opponents), tuple(turns))), None
    except NoTableSolve as unsolved:
        return None, str(unsolved)


def _bayes_decision(rules, dice, opponents, turns, note: str, palifico: bool = False) -> Decision:
    """The bid reader's decision (the ``bayes`` bot: the odds and a model of the others), with ``note`` saying why."""
    # lazy: the tournament's tables and kernels are read only where a bot answers.
    from analysis.bluff.play.decision_bots import bot_decision

    choice = bot_decision(rules, dice, opponents, turns, "bayes", palifico=palifico)
    return Decision(choice.bot, choice.policy, choice.action, {}, "the bid reader's own play", note=note)


def strategy_answer(rules: BiddingRules, dice, opponent: int, bids, palifico: bool = False) -> Optional[Decision]:
    """What the stored heads-up strategy does holding ``dice`` against ``opponent`` dice after ``bids`` (the round's
    bids in order, the last the opponent's), or None where no planned solve of that round is stored or the round
    is beyond the plan (the call advisor's line beside its own answers). Every legal history is answered, bids
    the strategy would not make and bids above the dice in play included."""
    if not bids or max(len(dice), opponent) > 5:
        return None
    turns = tuple(Turn(1 if (len(bids) - i) % 2 else 0, bid) for i, bid in enumerate(bids))
    return _strategy_decision(rules, tuple(dice), (opponent,), turns, palifico, missing_ok=True)


def stored_solve(rules: BiddingRules, pair, palifico: bool = False):
    """The best planned solve of the ``pair`` of dice counts (first bidder, second) that the store holds, of an
    ordinary round or of a palifico one, or None."""
    return stored_plan(rules, pair, palifico)


def _seat_and_pair(turns, dice, opponents):
    """My seat in the heads-up round (0: I bid first) and the dice counts (first bidder, second)."""
    if len(opponents) != 1:
        raise InvalidArgument(f"The solved strategy plays heads-up rounds; this round has {len(opponents) + 1} "
                              "players (ask a bot with --bot).")
    seat = 1 if turns and turns[0].player == 1 else 0
    pair = (len(dice), opponents[0]) if seat == 0 else (opponents[0], len(dice))
    if max(pair) > 5:
        raise InvalidArgument(f"The solved strategy plays rounds of 1-5 dice a player, not {pair[0]}v{pair[1]} "
                              "(ask a bot with --bot).")
    return seat, pair


def _solution(rules, pair, palifico: bool):
    """The stored solve of ``pair``; its absence is one sentence naming the command that builds it."""
    solution = stored_solve(rules, pair, palifico)
    if solution is None:
        kind = "palifico round" if palifico else "round"
        raise InvalidArgument(f"No solved {pair[0]}v{pair[1]} {kind} of {rules.title} is stored; build it with "
                              f"{_build_command(rules, pair, palifico)}.")
    return solution


def _strategy_decision(rules, dice, opponents, turns, palifico=False, missing_ok=False,
                       solution=None, search: bool = False) -> Optional[Decision]:
    seat, pair = _seat_and_pair(turns, dice, opponents)
    if solution is None and missing_ok:
        solution = stored_solve(rules, pair, palifico)
        if solution is None:
            return None
    elif solution is None:
        solution = _solution(rules, pair, palifico)
    game = solution.game
    bids = [turn.bid for turn in turns]
    e = solution.exploitability
    source = (f"{pair[0]}v{pair[1]} {'palifico ' if palifico else ''}solve remembering {game.memory}, "
              f"{solution.iterations:,} iterations, exploitability {e.value:.3f} dice"
              + ("" if e.exact else " by a local best response")
              + (f"; {solution.passed_over}, so this solve answers" if solution.passed_over else ""))
    if bids and bids[-1] not in game.bids:
        return _beyond_the_dice(rules, game, seat, dice, bids[-1], "search" if search else "strategy", source)
    # A bid above the dice in play followed by one within them (Perudo's switch to aces halves the count): the
    # strategy holds no such bid, so it reads the highest within the dice that the next bid may follow, or, with none
    # between, reads that bid and the one before it as not made (the turn order holds).
    made = bids
    try:
        bids, beyond, dropped = read_within_the_dice(rules, made, sum(pair), palifico)
    except Unreadable as unread:
        # The one legal history the strategy cannot read: the bid reader, which reads every legal bid, answers.
        if missing_ok:
            return None
        return _bayes_decision(rules, dice, opponents, turns,
                               f"{str(unread)[:-1]}: {BY_THE_MODEL}", palifico)
    # Read as stored (float32): the values upcast each row they use, and a 5v5 policy holds 9.6 million slots.
    policy = solution.policy
    history = [game.bids.index(b) for b in bids]
    # The belief about the other's hand: their chance, times for each bid they made the strategy's chance of it mixed
    # with a tremble over every legal action (``solution.TREMBLE``: a bid the strategy never makes says little).
    belief, chances = solution.read_bids(seat, bids, dice)
    belief = belief / belief.sum()
    off_path = _off_path(rules, game, seat, bids, chances, beyond) + _dropped(rules, game, seat, made, dropped)
    h = game.hands[seat].index(tuple(sorted(dice)))
    last = history[-1] if history else len(game.bids)
    row = policy_rows(game, policy, seat, remembered(game, history), h + 1)[h]
    names = [format_bid(rules, game.bids[b]) for b in game.raises[last, :game.n_raises[last]]]
    names += list(game.calls) if bids else []
    if search:
        # The search's own values (the calls against the same belief, its raises one or two raises ahead; -inf:
        # not searched) stand in for the strategy's, which are not computed.
        choice, searched = solution.search_policy(seat, dice, bids)
        ahead = "two raises" if search_lookahead(rules, pair) else "one raise"
        margin = search_mix(rules, pair)
        mixed = "" if margin is None else (f", playing the strategy's own chances over the actions within "
                                           f"{margin:g} dice of the best")
        chosen = {name: float(p) for name, p in zip(names, choice)}
        weighed = {names[i]: float(v) for i, v in enumerate(searched) if np.isfinite(v)}
        # The likeliest action is the one recommended, as for the strategy (the best outright where it is pure).
        return Decision("search", chosen, names[int(np.argmax(choice))], weighed,
                        source + f", with decision-time search {ahead} ahead{mixed}", off_path)
    strategy = dict(zip(names, (float(p) for p in row)))
    values = {(format_bid(rules, game.bids[a]) if a >= 0 else game.calls[-1 - a]): v
              for a, v in action_values(game, policy, seat, h, history, belief).items()}
    action = max(strategy, key=lambda name: strategy[name])
    return Decision("strategy", strategy, action, values, source, off_path)


def _beyond_the_dice(rules, game, seat: int, dice, bid, player: str, source: str) -> Decision:
    """The answer to a bid above the dice in play: it cannot be true, so a challenge, valued over the other's rolls
    (what the challenge wins does not depend on their hand but in games where a bidder loses the difference)."""
    other = 1 - seat
    held = (len(dice), game.dice[other])
    start = max(rules.starting_dice(2), *held)
    mine = my_count(rules, dice, bid.face, game.palifico_round)
    value = 0.0
    for hand, chance in zip(game.hands[other], game.chance[other]):
        actual = mine + my_count(rules, hand, bid.face, game.palifico_round)
        loss, _ = dice_lost(rules, "challenge", actual, bid.count, held, 0, 1, start)
        value += float(chance) * float(loss[1] - loss[0])
    reading = ({"player": "1", "bid": format_bid(rules, bid), "chance": 0.0, "read_as": None,
                "reason": f"above the {sum(game.dice)} dice in play"},)
    return Decision(player, {"challenge": 1.0}, "challenge", {"challenge": value}, source, reading)


def _off_path(rules, game, seat: int, bids, chances, beyond: dict) -> tuple:
    """The bids of the history the strategy would not make (chance below ``solution.OFF_PATH``, a raise its
    abstraction does not model, or a bid above the dice in play), as the answer tells them."""
    out = []
    for i, (bid, chance) in enumerate(zip(bids, chances)):
        row = game.bids.index(bids[i - 1]) if i else len(game.bids)
        target = game.bids.index(bid)
        modelled = game.action_of[row, target] >= 0
        if i not in beyond and modelled and not chance < OFF_PATH:
            continue
        stand = None if modelled else format_bid(rules, game.bids[int(game.raises[row, game.abstract_action(
            bids[:i], bid)])])
        reason = (f"above the {sum(game.dice)} dice in play" if i in beyond else
                  NOT_MODELLED if not modelled else NOT_MADE)
        out.append({"player": "me" if i % 2 == seat else "1", "bid": beyond.get(i, format_bid(rules, bid)),
                    "chance": round(float(chance), 6), "read_as": format_bid(rules, bid) if i in beyond else stand,
                    "reason": reason})
    return tuple(out)


def _dropped(rules, game, seat: int, made, dropped) -> tuple:
    """The answer's line for each bid above the dice read with the bid before it as not made."""
    return tuple({"player": "me" if i % 2 == seat else "1", "bid": format_bid(rules, made[i]), "chance": 0.0,
                  "read_as": None, "reason": f"above the {sum(game.dice)} dice in play, with no bid within them "
                  "between the bids around it: read with the bid before it as not made"}
                 for i in dropped if made[i].count > sum(game.dice))


def _build_command(rules: BiddingRules, pair, palifico: bool) -> str:
    """The command that stores the planned solve of ``pair``: ``odds bluff solve`` beyond three dice in play (where
    it solves by sampling), else the solves script, or the Python call for a small palifico round."""
    if sum(pair) > 3:
        return SAMPLED_HELP.format(preset=_preset_args(rules) + (" --palifico" if palifico else ""), first=pair[0],
                                   second=pair[1])
    if not palifico:
        return build_command(rules, *pair)
    return (f"analysis.bluff.sampled.solver.solve_sampled(rules, ({pair[0]}, {pair[1]}), palifico_round=True, "
            f"**analysis.bluff.sampled.plan.planned(({pair[0]}, {pair[1]})))")


def _preset_args(rules: BiddingRules) -> str:
    text = f"--preset {rules.name}"
    if not rules.joker_bids_own_track and rules.joker is not None:
        text += f" --wild {rules.joker}"
    if rules.exact_call is None and rules.name != "bluff":
        text += " --no-exact-call"
    return text


def opening_bids(rules: BiddingRules, dice, opponent: int, top: int = 8, palifico: bool = False):
    """The best opening bids of a heads-up round (the ``top`` by value, and the recommended one after them where it
    is not among them): each with the strategy's chance of making it, its value, the chance that it is true (given
    only my dice) and the chance that the other challenges it (the strategy's answer, over the other's hands)."""
    dice = parse_dice(rules, dice) if isinstance(dice, str) else tuple(int(d) for d in dice)
    _seat_and_pair((), dice, (opponent,))
    solution = _solution(rules, (len(dice), opponent), palifico)
    decision = _strategy_decision(rules, dice, (opponent,), (), palifico, solution=solution)
    game = solution.game
    policy = solution.policy
    h = game.hands[0].index(tuple(sorted(dice)))
    hands_other = len(game.hands[1])
    chance = game.chance[1, :hands_other]
    rows = []
    chosen = [name for name, _ in sorted(decision.values.items(), key=lambda item: -item[1])[:top]]
    if decision.action not in chosen:      # the recommended opening is always shown, whatever its value's rank
        chosen.append(decision.action)
    for name in chosen:
        value = decision.values[name]
        b = next(i for i, bid in enumerate(game.bids) if format_bid(rules, bid) == name)
        need = game.bids[b].count - game.match[0, h, b]
        p_true = float((chance * (game.match[1, :hands_other, b] >= need)).sum())
        answer = policy_rows(game, policy, 1, remembered(game, [b]), hands_other)
        challenged = float(chance @ answer[:, int(game.n_raises[b]) + game.calls.index("challenge")])
        rows.append({"bid": name, "p_strategy": decision.policy.get(name, 0.0), "value": value, "p_true": p_true,
                     "p_challenged": challenged})
    return decision, rows


def table_opening_bids(rules: BiddingRules, dice, opponents, top: int = 8):
    """The best opening bids at a table of three or more players: from the stored multi-player strategy where its
    round is solved (``multi.decision.opening_rows``); elsewhere the bid reader's (``bayes``) opening, with the
    decision's note saying so, and for each face the highest opening more likely true than not (given only my
    dice), its chance of being true: the rest of a row (the strategy's chance, value, chance challenged) is None."""
    dice = parse_dice(rules, dice) if isinstance(dice, str) else tuple(int(d) for d in dice)
    opponents = tuple(int(o) for o in opponents)
    decision = decide(rules, dice, opponents, "")
    if not decision.note:
        # lazy: the multi-player room is read only where a round of three or more players is asked.
        from analysis.bluff.multi.decision import opening_rows
        return decision, opening_rows(rules, dice, opponents, decision, top)
    unknown = sum(opponents)
    best = {}
    for bid in all_bids(rules, unknown + len(dice)):
        if is_raise(rules, None, bid) and bid_odds(rules, dice, unknown, bid).p_true >= 0.5:
            best[bid.face] = bid          # the track climbs: the last one kept is the face's highest
    shown = sorted(best.values(), key=lambda b: -b.count)[:top]
    if decision.action not in {format_bid(rules, b) for b in shown}:
        shown.append(parse_bid(rules, decision.action))
    rows = [{"bid": format_bid(rules, b), "p_strategy": None, "value": None,
             "p_true": bid_odds(rules, dice, unknown, b).p_true, "p_challenged": None} for b in shown]
    return decision, rows
