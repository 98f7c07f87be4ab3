"""Brag's questions as a player asks them: a hand's rank, its equity, and whether to see, stay or play blind.

>>> hand(rules("brag3"), ["KS KH 7D"])["hands"][0]["name"]
'Pair of kings, 7 kicker'
"""

from __future__ import annotations

from analysis.errors import InvalidArgument, about
from analysis.house_rules import read_rules
from analysis.questions.read import number

#: How the money of a question is read (the rules refuse what a deal cannot have: a negative pot).
CHIPS = (float, -1e15, 1e15)
#: How a count is read (the question checks its own range: 1-7 opponents).
COUNT = (int, -10 ** 6, 10 ** 6)


def rules(preset: str = "brag3", house=()):
    """The rules of ``preset`` with the ``house`` rules (``FIELD=VALUE`` each)."""
    return read_rules("brag", preset or "brag3", list(house))


def _read(value, spec, what: str, field: str):
    if not isinstance(value, str):
        return value
    with about(field):
        return number(value, *spec, what)


def hand(rules, hands) -> dict:
    """Each hand's name, class, strength and percentile; with several, the winners."""
    # lazy: keeps numpy out of the command line's start-up
    from analysis.brag.showdown.cards import format_hand, parse_hands
    from analysis.brag.showdown.frequencies import percentile
    from analysis.brag.showdown.hands import describe, hand_class, strength

    with about("hand"):
        parsed = parse_hands(list(hands), rules.hand_size)
    rows = [{"hand": format_hand(h), "name": describe(rules, h), "class": hand_class(rules, h),
             "strength": strength(rules, h), "percentile": percentile(rules, h)} for h in parsed]
    best = max(row["strength"] for row in rows)
    winners = [i + 1 for i, row in enumerate(rows) if row["strength"] == best]
    return {"preset": rules.name, "hands": rows, "winners": winners if len(rows) > 1 else None}


def equity(rules, cards: str, opponents=1, against: str = "any", seed: int = 0, samples: int = 1_000_000,
           simulate: bool = False):
    """Win, tie and lose against ``opponents`` (exact for one or two, from the stored table where it is)."""
    opponents = _read(opponents, COUNT, "the opponents", "opponents")
    if not simulate and opponents in (1, 2):
        from analysis.brag.showdown.lookup import stored_equity  # lazy: keeps numpy out of the command line's start-up

        result = stored_equity(rules, cards, opponents, against)
        if result is not None:
            return result
    # lazy: keeps numpy out of the command line's start-up
    from analysis.brag.showdown.equity import equity as hand_equity

    return hand_equity(rules, cards, opponents, against=against, seed=seed, samples=samples,
                       exact=False if simulate else None)


def store_equity_table(rules, result, against: str = "any") -> None:
    """After an exact heads-up answer: store its table, so that the next answer reads its row."""
    if result.exact and result.opponents == 1:
        from analysis.brag.showdown.equity import versus_counts  # lazy: keeps numpy out of the command line's start-up

        versus_counts(rules, against)


def see(rules, cards: str, pot, stake, against: str = "any", opponent_sees: float = 1.0):
    """Two players left: see (pay twice the stake), bet or fold."""
    from analysis.brag.advice import see_or_bet  # lazy: keeps numpy out of the command line's start-up

    pot, stake = _read(pot, CHIPS, "the pot", "pot"), _read(stake, CHIPS, "the stake", "stake")
    return see_or_bet(rules, cards, pot, stake, against=against, opponent_sees=opponent_sees)


def stay(rules, cards: str, pot, stake, opponents=1, model: str | None = None, history: str = "",
         opponent_stays=None, seed: int = 0, samples: int = 1_000_000):
    """Stay (bet the stake) or fold against ``opponents``: against the solved strategy where one is solved
    (one to seven opponents, three cards), else the fixed threshold model."""
    import dataclasses  # lazy: keeps dataclasses out of the command line's start-up

    from analysis.brag.advice import stay_or_fold  # lazy: keeps numpy out of the command line's start-up

    pot, stake = _read(pot, CHIPS, "the pot", "pot"), _read(stake, CHIPS, "the stake", "stake")
    opponents = _read(opponents, COUNT, "the opponents", "opponents")
    if model not in (None, "solved", "threshold"):
        raise InvalidArgument(f"'{model}' is not an opponent model; choose solved or threshold.", field="model")
    if model is None:
        solvable = 1 <= opponents <= 7 and rules.hand_size == 3 and opponent_stays is None
        model = "solved" if solvable else "threshold"
    if model == "solved":
        # lazy: keeps numpy out of the command line's start-up
        from analysis.brag.table.against_solve import stay_against_solve

        return stay_against_solve(rules, cards, pot, stake, opponents, history=history)
    stays = 0.5 if opponent_stays is None else opponent_stays
    decision = stay_or_fold(rules, cards, pot, stake, opponents, opponent_stays=stays, seed=seed, samples=samples)
    # Say which model answered: the fixed thresholds, not a solved strategy.
    return dataclasses.replace(
        decision, details={**decision.details, "opponent_model": "threshold"},
        assumptions=("The opponents follow a fixed threshold model, not a solved strategy.", *decision.assumptions))


def blind(rules, pot, stake, rounds=1, against: str = "any"):
    """Two players left, cards unseen: keep playing blind or look."""
    from analysis.brag.advice import blind_or_look  # lazy: keeps numpy out of the command line's start-up

    pot, stake = _read(pot, CHIPS, "the pot", "pot"), _read(stake, CHIPS, "the stake", "stake")
    rounds = _read(rounds, COUNT, "the rounds", "rounds")
    return blind_or_look(rules, pot, stake, rounds, against=against)
