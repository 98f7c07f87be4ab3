"""The Brag page: the hand's rank and equity, and whether to see, bet, stay, fold or play blind.

Answered by ``odds brag hand``, ``odds brag equity`` and ``odds brag see`` (one opponent) or
``odds brag stay`` (several); playing blind, by ``odds brag blind``.
"""

from __future__ import annotations

from analysis.errors import about
from analysis.house_rules import read_rules
from analysis.questions import brag as ask
from analysis.questions.read import number
from analysis.web.forms import Field

TITLE = "Brag"
SHORT = "Brag"
BLURB = "Three-card, four-card Brag, Teen Patti: your hand's share of the pot and the see / stay answer."

FIELDS = (
    Field("preset", "Game", "--preset", "select", "brag3",
          (("brag3", "Three-card Brag"), ("brag4", "Four-card Brag"), ("teen_patti", "Teen Patti")),
          words=("preset",)),
    Field("hand", "Your cards", "--hand", "cards", "", hint="tap a rank then a suit, or type: KS KH 7D",
          words=("card", "hand")),
    Field("blind", "Playing blind (cards unseen)", None, "checkbox"),
    Field("opponents", "Opponents still in", "--opponents", "number", "1", hint="1-7", words=("opponent",)),
    Field("pot", "Pot", "--pot", "number", "10", words=("pot",)),
    Field("stake", "Stake", "--stake", "number", "2", words=("stake",)),
    Field("rounds", "Blind rounds before you see", "--rounds", "number", "1", words=("round",)),
)


#: The words of the answers a newcomer may not know (under "Words used here").
WORDS = (
    ("Equity", "your share of the pot on average at a showdown: a win counts the whole pot, a tie its share"),
)


def questions(values) -> list[tuple[str, list[str], object]]:
    """What this form asks: each answer's name, its command line, its work (:mod:`analysis.questions.brag`)."""
    rules = ["--preset", values["preset"] or "brag3"]
    money = ["--pot", values["pot"], "--stake", values["stake"]]

    def game():
        return ask.rules(values["preset"])

    if values["blind"]:
        return [("blind", ["brag", "blind", *rules, *money, "--rounds", values["rounds"] or "1"],
                 lambda: ask.blind(game(), values["pot"], values["stake"], values["rounds"] or "1"))]
    hand, opponents = ["--hand", values["hand"]], values["opponents"] or "1"
    if opponents == "1":
        decision = (["brag", "see", *hand, *money, *rules], lambda: ask.see(game(), values["hand"], values["pot"],
                                                                         values["stake"]))
    else:
        decision = (["brag", "stay", *hand, *money, "--opponents", opponents, *rules],
                    lambda: ask.stay(game(), values["hand"], values["pot"], values["stake"], opponents))

    def equity():
        result = ask.equity(game(), values["hand"], opponents)
        ask.store_equity_table(game(), result)
        return result

    return [("hand", ["brag", "hand", values["hand"], *rules], lambda: ask.hand(game(), [values["hand"]])),
            ("equity", ["brag", "equity", *hand, "--opponents", opponents, *rules], equity),
            ("decision", *decision)]


def charts(values) -> dict:
    """How good a hand must be to see or stay, by the pot's odds; how often each class is dealt; and
    your hand's share of the pot against one opponent up to the number still in (by kind, each a
    function giving its rules and inputs, read when it is drawn)."""
    def rules():
        return read_rules("brag", values["preset"] or "brag3")

    def equity():
        with about("opponents"):
            opponents = number(values["opponents"] or "1", int, 1, 7, "the opponents")
        return rules(), {"hand": [values["hand"]], "opponents": opponents}

    kinds = {"threshold": lambda: (rules(), {}), "freq": lambda: (rules(), {})}
    if values["hand"] and not values["blind"]:
        kinds["equity"] = equity
    return kinds
