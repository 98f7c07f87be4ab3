""""Should I call bluff?": compare calling now with the best raises, in expected dice lost.

The advice rests on two stated assumptions: the dice I cannot see are random
(the bids made so far are not read as information), and if I raise, the next
player challenges the raise (the worst case for a raise: an unchallenged raise
costs nothing this turn). Under them, the best action is the one with the
smallest expected number of my dice lost.

>>> from analysis.bluff.rules import BLUFF
>>> from analysis.bluff.bids import parse_bid, parse_dice
>>> advice = advise_call(BLUFF, parse_dice(BLUFF, "3 3 * 5 1"), (6, 7), parse_bid(BLUFF, "7x3"))
>>> advice.recommendation
'raise'
"""

from __future__ import annotations

from dataclasses import dataclass

from analysis.bluff.odds.actions import RaiseOption, my_expected_losses, weigh_actions
from analysis.bluff.bids import Bid, describe_bid, format_bid, format_dice
from analysis.bluff.exact.endgame import ENDGAME_DICE, endgame_round
from analysis.bluff.odds.bid_odds import BidOdds, bid_odds
from analysis.bluff.odds.outcomes import CallOutcome
from analysis.bluff.rules import BiddingRules
from analysis.errors import InvalidArgument, InvalidDice
from analysis.shipped import Refused
from analysis.tables import counted

ASSUMPTION = ("the dice you cannot see are random (earlier bids are not read as information), "
              "and the next player challenges any raise you make (the worst case for a raise)")
#: Raises are looked for up to this many counts above the current bid.
RAISE_REACH = 3


@dataclass(frozen=True)
class CallAdvice:
    """The advisor's answer. Player 0 is me; 1.. are the opponents in turn order after me."""

    rules: BiddingRules
    my_dice: tuple[int, ...]
    held: tuple[int, ...]
    bid: Bid
    bidder: int
    responder: int
    odds: BidOdds
    challenge: CallOutcome
    exact: CallOutcome | None
    raises: tuple[RaiseOption, ...]
    recommendation: str  # "challenge", "exact" or "raise"
    best_raise: Bid | None
    assumption: str = ASSUMPTION
    #: In a two-player endgame within the solved rounds: the equilibrium answer (endgame.EndgamePlay).
    equilibrium: object = None
    #: With the round's history: the same questions answered with the bids read as evidence (HistoryAdvice).
    with_history: object = None
    #: Heads-up beyond the solved endgames, where a planned solve is stored: what the strategy does (decision.Decision).
    strategy: object = None
    #: Where the package's solve of the round is refused (damaged, another version): the sentence that says so.
    strategy_refused: str | None = None
    #: At three or more players where the full-table strategy is not solved for the table: the sentence saying for
    #: which tables it is (the strategy line is then left out).
    strategy_note: str | None = None

    def _options(self) -> list[tuple[str, float]]:
        return my_expected_losses(self.challenge, self.exact, self.raises)

    def to_dict(self) -> dict:
        r = self.rules
        return {
            "preset": r.name,
            "my_dice": format_dice(r, self.my_dice),
            "dice_held": list(self.held),
            "bid": format_bid(r, self.bid),
            "bidder": self.bidder,
            "responder_to_a_raise": self.responder,
            "p_true": self.odds.p_true,
            "p_exact": self.odds.p_exact,
            "challenge": self.challenge.to_dict(),
            "exact_call": self.exact.to_dict() if self.exact else None,
            "raises": [{
                "bid": format_bid(r, option.bid),
                "p_true": option.odds.p_true,
                "p_exact": option.odds.p_exact,
                "my_expected_loss_if_challenged": option.my_expected_loss,
            } for option in self.raises],
            "recommendation": self.recommendation,
            "best_raise": format_bid(r, self.best_raise) if self.best_raise else None,
            "assumption": self.assumption,
            "equilibrium": self.equilibrium.to_dict() if self.equilibrium is not None else None,
            "with_history": self.with_history.to_dict() if self.with_history is not None else None,
            "strategy": self.strategy.to_dict() if self.strategy is not None else None,
            "strategy_refused": self.strategy_refused,
            "strategy_note": self.strategy_note,
        }

    def __str__(self) -> str:
        r = self.rules
        call_word = "call bluff" if r.name == "bluff" else "dudo" if r.name == "perudo" else "call"
        lines = [
            f"{r.title}: {sum(self.held)} dice in play, you hold {format_dice(r, self.my_dice)}; "
            f"player {self.bidder} bid {format_bid(r, self.bid)} ({describe_bid(r, self.bid)}).",
            f"  P(bid true)  {self.odds.p_true:.4f}    P(exactly) {self.odds.p_exact:.4f}    "
            f"(you hold {self.odds.my_count}, need {max(self.odds.need, 0)} of "
            f"{counted(self.odds.unknown, 'unknown die', 'unknown dice')})",
        ] + ([f"  {self.odds.impossible_note}"] if self.odds.impossible_note else []) + [
            "",
            f"  If you {call_word}: you win with P = {self.challenge.p_caller_wins:.4f}; expected dice lost:",
        ]
        for player, loss in enumerate(self.challenge.expected_loss):
            who = "you" if player == 0 else f"player {player}" + (" (bidder)" if player == self.bidder else "")
            lines.append(f"    {who:<20} {loss:.4f}")
        if self.exact is not None:
            name = "calza" if r.exact_call == "calza" else "spot on"
            lines.append(f"  If you call {name}: P(exact) = {self.odds.p_exact:.4f}; "
                         f"your expected dice lost {self.exact.expected_loss[0]:+.4f} (negative: a die back)")
        if self.raises:
            lines += ["", f"  Best raises (if player {self.responder} challenges):",
                      f"    {'raise':<8}{'P(true)':>9}{'P(exact)':>10}{'your E[lost]':>14}"]
            for option in self.raises:
                lines.append(f"    {format_bid(r, option.bid):<8}{option.odds.p_true:>9.4f}"
                             f"{option.odds.p_exact:>10.4f}{option.my_expected_loss:>14.4f}")
        lines.append("")
        best = dict(self._options())
        if self.recommendation == "raise":
            verdict = (f"Raise to {format_bid(r, self.best_raise)}: {best['raise']:.4f} dice expected lost "
                       f"even if challenged, against {best['challenge']:.4f} if you {call_word}.")
        elif self.recommendation == "exact":
            verdict = f"Call exactly: {best['exact']:+.4f} dice expected, the best of your options."
        else:
            alternative = f", against {best['raise']:.4f} for your best raise" if "raise" in best else ""
            verdict = f"{call_word.capitalize()}: {best['challenge']:.4f} dice expected lost{alternative}."
        if self.equilibrium is not None:
            lines.append(str(self.equilibrium))
            verdict = (f"{self.equilibrium.recommendation} (the equilibrium's most likely answer; "
                       f"the odds alone say: {verdict[0].lower() + verdict[1:]})")
        lines.append(f"  Recommendation: {verdict}")
        lines.append(f"  Assumes {self.assumption}." if self.equilibrium is None else
                     "  Assumes both players play the round's equilibrium (it reads the bids as information).")
        if self.with_history is not None:
            lines += ["", str(self.with_history)]
        if self.strategy is not None and len(self.held) == 2:
            lines += ["", "  What the solved heads-up strategy does here (dice balance when both then follow it):",
                      *("  " + line for line in str(self.strategy).splitlines())]
        elif self.strategy is not None:
            lines += ["", f"  What the solved {len(self.held)}-player strategy does here (the dice you lose, negated, "
                      "when every player then follows it):",
                      *("  " + line for line in str(self.strategy).splitlines())]
        if self.strategy_note is not None:
            lines += ["", f"  {self.strategy_note}"]
        if self.strategy_refused is not None:
            lines += ["", f"  The solved heads-up strategy cannot answer here: {self.strategy_refused}"]
        return "\n".join(lines)


def seat_players(rules: BiddingRules, my_dice, opponents, start: int | None = None) -> tuple[tuple[int, ...], int]:
    """Every player's dice count (me first) and the starting count, validated."""
    held = (len(my_dice), *(int(n) for n in opponents))
    if len(held) < 2:
        raise InvalidArgument("Give the dice counts of the other players (at least one opponent).")
    if start is None:
        start = rules.starting_dice(len(held))
    elif start < 1:
        raise InvalidArgument(f"The starting dice count must be at least 1, not {start}.")
    else:
        rules.starting_dice(len(held))  # still checks the player count
    for player, count in enumerate(held):
        who = "You hold" if player == 0 else f"Opponent {player} holds"
        if count < 1:
            raise InvalidDice(f"{who} {count} dice; a player still in the game has at least one.")
        if count > start:
            raise InvalidDice(f"{who} {count} dice, more than the {start} each player starts with in a "
                              f"{len(held)}-player game of {rules.title} (use --start to change it).")
    return held, start


def advise_call(rules: BiddingRules, my_dice, opponents, bid: Bid, bidder: int | None = None,
                responder: int = 1, palifico_round: bool = False, start: int | None = None,
                max_raises: int = 5, history=(), turns=None, models=None, rollouts: int = 0,
                seed: int = 0) -> CallAdvice:
    """Should I (player 0) challenge ``bid``, made by ``bidder``, or raise it?

    ``opponents`` are the other players' dice counts in turn order after me, so the
    bidder defaults to the last of them and the one who answers my raise to the first.
    ``history`` holds the round's bids before ``bid``; in a two-player endgame small
    enough to be solved (``solve.endgame_play``) the advice adds the equilibrium answer.
    ``turns`` (``beliefs.parse_history``'s, ending with ``bid``) adds the answer that reads
    the bids as evidence under the bidding model ``models`` (``history_advice``), with the
    actions played out by ``rollouts`` seeded rollouts each when that is above 0.
    """
    held, start = seat_players(rules, my_dice, opponents, start)
    players = len(held)
    bidder = players - 1 if bidder is None else bidder
    for name, index in (("bidder", bidder), ("responder", responder)):
        if not 1 <= index < players:
            raise InvalidArgument(f"The {name} must be an opponent, 1-{players - 1}, not {index}.", field=name)
    equilibrium = None
    if players == 2 and sum(held) <= ENDGAME_DICE:
        solved = endgame_round(rules, my_dice, held[1], (*history, bid), palifico_round)
        if solved is not None:
            # lazy: keeps the exact solver out of a table question's start-up
            from analysis.bluff.exact.solve import endgame_play
            equilibrium = endgame_play(rules, tuple(my_dice), held[1], (*history, bid), palifico_round)
    unknown = sum(held) - len(my_dice)
    odds, challenge, exact, raises, recommendation = weigh_actions(
        rules, lambda b: bid_odds(rules, my_dice, unknown, b, palifico_round), bid, bidder, held,
        responder, start, palifico_round, bid.count + RAISE_REACH, max_raises)
    with_history = None
    if turns is not None:
        # lazy: keeps the bidding model out of a table question's start-up
        from analysis.bluff.model.history_advice import history_advice
        with_history = history_advice(rules, tuple(my_dice), held, start, turns, models, responder,
                                      palifico_round, odds, rollouts=rollouts, seed=seed)
    strategy, strategy_refused = None, None
    if players == 2 and equilibrium is None:
        # lazy: keeps bluff.play.decision out of a table question's start-up
        from analysis.bluff.play.decision import strategy_answer
        try:
            strategy = strategy_answer(rules, tuple(my_dice), held[1], (*history, bid), palifico_round)
        except Refused as refused:   # the advisor's own odds still answer; the missing line is said, not dropped
            strategy_refused = str(refused)
    strategy_note = None
    if players > 2 and not palifico_round and bidder == players - 1:    # my turn at the table: the strategy's line
        strategy, strategy_note = _table_strategy(rules, my_dice, held, bid, turns)
    return CallAdvice(rules, tuple(my_dice), held, bid, bidder, responder, odds, challenge, exact, raises,
                      recommendation, raises[0].bid if recommendation == "raise" else None,
                      equilibrium=equilibrium, with_history=with_history, strategy=strategy,
                      strategy_refused=strategy_refused, strategy_note=strategy_note)


def _table_strategy(rules: BiddingRules, my_dice, held, bid: Bid, turns):
    """(the full-table strategy's answer, None) or (None, the sentence why not, ending in what the advice is from):
    the round read from ``turns``, or the bid alone as its opening where no history is given."""
    # lazy: keeps bluff.play.decision out of a table question's start-up
    from analysis.bluff.history import Turn
    from analysis.bluff.play.decision import table_strategy_answer

    turns = turns if turns is not None else (Turn(len(held) - 1, bid),)
    try:
        strategy, note = table_strategy_answer(rules, tuple(my_dice), held[1:], turns)
    except InvalidArgument as unread:     # a round the strategy cannot read: the advice still answers
        return None, f"The full-table strategy cannot answer here: {unread}"
    return strategy, None if note is None else f"{note}: the advice above is from the odds, not a solved strategy."
