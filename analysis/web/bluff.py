"""The dice-bidding page: should I call the last bid, and what does each choice cost?

Answered by ``odds bluff call`` (with the round's bids read as evidence when they are given as
``PLAYER:BID``), or, with no bid yet, ``odds bluff raises`` for the openings the rules allow and
``odds bluff open`` for the best of them (from the solved strategy, heads-up or at a table it is solved
for; elsewhere from the odds and the bid reader, saying so). ``odds bluff play``
says what the solved strategy (with or without search), or a tournament bot, would do now.
"""

from __future__ import annotations

import functools
import re

from analysis.errors import InvalidArgument, about
from analysis.questions import bluff as ask
from analysis.questions.bluff import rules as bluff_rules
from analysis.questions.read import number, numbers
from analysis.web.forms import Field, rule_items, rule_options

TITLE = "Dice bidding"
#: The name in the menu (short: the menu fits a phone on one line).
SHORT = "Bidding"
BLURB = "Bluff, Perudo, Liar's Dice: is the last bid true, and should you call it?"

#: Who is asked what to do now: the solved strategy (with decision-time search: stronger against the bots, easier
#: to exploit), or one of the tournaments' bots.
BOTS = (("strategy", "the solved strategy"), ("search", "the solved strategy, looking ahead"),
        ("bayes", "a bid reader"), ("threshold", "an odds player"), ("honest", "an honest bidder"),
        ("model", "a typical player"), ("random", "a random player"))
#: How each plays, in one line (under "How each plays" on the page).
BOT_PLAYS = {
    "strategy": "plays the solved round: the mix of bids and calls no opponent can exploit (heads-up, and at a "
                "table of three with one or two dice each)",
    "search": "the solved strategy, weighing its best few actions against this round's bids: stronger "
              "against the other players here, easier to exploit",
    "bayes": "reads every bid so far as evidence of the bidder's dice, then calls any bid less likely than "
             "not and otherwise raises to the first bid likely enough",
    "threshold": "calls any bid less likely than not given its own dice, else raises to the first bid at "
                 "least as likely",
    "honest": "bids only what it expects to be there, counting its own dice and the others' at their odds",
    "model": "bids as people tend to: mostly sensible, sometimes bluffing",
    "random": "any legal bid or call, each as likely",
}

#: The words of the answers a newcomer may not know (under "Words used here").
WORDS = (
    ("Exploit", "to win more than a fair share against a way of playing by betting on its habits; a solved "
                "strategy cannot be exploited: an opponent who knew it exactly would win nothing extra from it"),
    ("Equilibrium", "the solved strategies of both players, each the best answer to the other"),
)

FIELDS = (
    Field("preset", "Game", "--preset", "select", "bluff",
          (("bluff", "Bluff"), ("perudo", "Perudo"), ("liars_dice", "Liar's Dice")),
          words=("preset",)),
    Field("dice", "Your dice", "--dice", "dice", "", hint="tap the faces, or type them: 3 3 * 5 1",
          words=("die face", "dice show", "your dice", "you hold", "my dice")),
    Field("opponents", "The others' dice", "--opponents", "text", "5 5",
          hint="each opponent's dice count, in turn order after you: 6 7", words=("opponent", "player")),
    Field("bid", "The last bid", "--bid", "text", "", hint="e.g. 7x3, \"7 threes\", *3; empty: the openings allowed",
          words=("bid",)),
    Field("history", "The bids so far", "--history", "text", "",
          hint="PLAYER:BID in order, you are me: 1:4x3 2:5x3 me:6x3 (read as evidence)",
          words=("history", "round's bids"), max_length=400),
    Field("bidder", "Who bid it", "--bidder", "number", "", hint="opponent 1 = next after you; empty: the last",
          words=("bidder",)),
    Field("next", "Who answers a raise", "--next", "number", "", hint="default 1, the next player",
          words=("responder",), inputs=("responder",)),
    Field("wild", "Wild face", "--wild", "number", "", hint="Liar's Dice only", words=("wild",)),
    Field("palifico", "Palifico round", "--palifico", "checkbox", words=("palifico",)),
    Field("rule", "House rules", None, "text", "", hint="a rule and its value, e.g. exact call=calza; "
          "several, separated by ;", words=("rule",), max_length=300),
    Field("bot", "Also ask", "--bot", "select", "strategy", BOTS,
          hint="what they would do now (how each plays: under the answer); the solved strategy plays "
               "heads-up rounds and tables of three with one or two dice each", words=("bot",)),
)

#: Answers that some rounds have not (the solved strategy is heads-up, and stored for some dice only):
#: their sentence is a note beside the answer, unless it quotes a value of the form.
NOTES = ("decision", "open")


def _rules(values) -> list[str]:
    argv = ["--preset", values["preset"] or "bluff", *rule_options(values["rule"])]
    if values["wild"]:
        argv += ["--wild", values["wild"]]
    return argv + (["--palifico"] if values["palifico"] else [])


def questions(values) -> list[tuple[str, list[str], object]]:
    """What this form asks, by the name the page shows each answer under: the command line a player would
    type for it, and its work (the question layer's, :mod:`analysis.questions.bluff`)."""
    opponents = values["opponents"].split() or [""]
    palifico = bool(values["palifico"])

    def rules():
        return bluff_rules(values["preset"], rule_items(values["rule"]), values["wild"], palifico)

    asked = []
    if not values["bid"]:
        asked.append(("openings", ["bluff", "raises", *_rules(values)],
                      lambda: ask.raises(rules(), None, palifico=palifico)))
        if values["dice"] and not palifico:
            asked.append(("open", ["bluff", "open", *_rules(values), "--dice", values["dice"], "--opponents",
                                   *opponents],
                          lambda: ask.opening_dict(*ask.opening(rules(), values["dice"], opponents,
                                                                palifico=palifico))))
    else:
        argv = ["bluff", "call", *_rules(values), "--dice", values["dice"], "--bid", values["bid"],
                "--opponents", *opponents]
        for name in ("history", "bidder", "next"):
            if values[name]:
                argv += [f"--{name}", values[name]]
        asked.append(("call", argv, lambda: ask.call(rules(), values["dice"], opponents, values["bid"],
                                                     bidder=values["bidder"], responder=values["next"],
                                                     history=values["history"], palifico=palifico)))
    # The solved strategy answers the opening above (except with search), and a bid heads-up or at a table (where no
    # solve covers the table, the bid reader answers, with a note saying so); a bot any round.
    bot = values["bot"] not in ("", "strategy", "search")
    heads_up = len(opponents) == 1 and (values["bid"] or values["bot"] == "search")
    table = len(opponents) > 1 and values["bid"] and values["bot"] in ("", "strategy")
    if values["dice"] and not palifico and (bot or heads_up or table):
        argv, history = _decision(values, opponents)
        asked.append(("decision", argv, lambda: ask.play(
            rules(), values["dice"], opponents, history, values["bot"] if bot else None, values["bot"] == "search",
            palifico)))
    return asked


_FACES = {"ones": 1, "twos": 2, "threes": 3, "fours": 4, "fives": 5, "sixes": 6}


def _one_word(bid: str) -> str:
    """A bid as one word of a history: "7 threes" is "7x3" (anything else goes as typed, to be read there).

    >>> _one_word("7 threes"), _one_word("*3")
    ('7x3', '*3')
    """
    count, _, face = bid.partition(" ")
    return f"{count}x{_FACES[face.lower()]}" if face.lower() in _FACES else bid.replace(" ", "")


def _face(bid: str) -> str:
    """The face a bid names ("7x3", "7 threes": 3; "*3", three stars: *), or the bid as typed (the
    chart then says what is wrong with it).

    >>> _face("7x3"), _face("7 threes"), _face("*3")
    ('3', '3', '*')
    """
    word = _one_word(bid)
    if word.startswith("*"):
        return "*"
    count, x, face = word.lower().partition("x")
    return face if x and count.isdigit() and face else bid


def _decision(values, opponents) -> tuple[list[str], str]:
    """``odds bluff play``: its command line, and the round so far (the bid to answer last, by its bidder)."""
    turns = values["history"].split()
    if values["bid"]:
        turns.append(f"{values['bidder'] or len(opponents)}:{_one_word(values['bid'])}")
    history = " ".join(turns)
    argv = ["bluff", "play", *_rules(values), "--dice", values["dice"], "--opponents", *opponents,
            "--history", history]
    if values["bot"] == "search":
        return argv + ["--search"], history
    return argv + (["--bot", values["bot"]] if values["bot"] not in ("", "strategy") else []), history


#: A solved strategy's source as the command says it: "2v2 solve remembering the last 2 bids, 1,000,000 iterations,
#: exploitability 0.004 dice by a local best response" (the search and a note on the dice may follow).
_SOURCE = re.compile(r"(\d+)v(\d+) (palifico )?solve remembering (.+?), ([\d,]+) iterations, exploitability "
                     r"(-?[\d.]+) dice( by a local best response)?(.*)")


def source_words(source: str) -> str:
    """Where a decision comes from, in a player's words.

    >>> source_words("2v2 solve remembering the last 2 bids, 1,000,000 iterations, exploitability 0.004 dice by a "
    ...              "local best response, with decision-time search two raises ahead")  # doctest: +NORMALIZE_WHITESPACE
    'the strategy solved for 2 dice against 2, remembering the last 2 bids: an opponent who knew it exactly could
    win about 0.004 dice a round from it (found looking one raise ahead), looking two raises ahead before it acts'
    >>> source_words("the tournament bot's own play")
    "the tournament bot's own play"
    """
    found = _SOURCE.fullmatch(source or "")
    if found is None:
        return source
    mine, theirs, palifico, memory, _, exploit, local, rest = found.groups()
    gain = f"about {float(exploit):.3f} dice" if float(exploit) >= 0.0005 else "next to nothing"
    rest = rest.replace(", with decision-time search", ", looking").replace(" ahead", " ahead before it acts", 1)
    return (f"the strategy solved for {mine} dice against {theirs}{' in a palifico round' if palifico else ''}, "
            f"remembering {memory}: an opponent who knew it exactly could win {gain} a round from it"
            f"{' (found looking one raise ahead)' if local else ''}{rest}")


#: A full-table solve's source as the command says it: "3-player solve of 2 2 2 dice remembering the last 2 bids,
#: 200,000 iterations, each seat's local-best-response gain +0.052, +0.044, +0.031 dice".
_TABLE_SOURCE = re.compile(r"(\d+)-player solve of ([\d ]+) dice remembering (.+?), ([\d,]+) iterations, each seat's "
                           r"local-best-response gain (.+) dice")


def table_source_words(source: str) -> str:
    """Where a full-table decision comes from, in a player's words (any other source as it is).

    >>> table_source_words("3-player solve of 2 2 2 dice remembering the last 2 bids, 200,000 iterations, each "
    ...                    "seat's local-best-response gain +0.052, +0.044, +0.031 dice")  # doctest: +NORMALIZE_WHITESPACE
    'the strategy solved for three players with 2 2 2 dice, remembering the last 2 bids: a player who knew it
    exactly could win at most about 0.052 dice a round from it (found looking one raise ahead)'
    """
    found = _TABLE_SOURCE.fullmatch(source or "")
    if found is None:
        return source_words(source)
    players, dice, memory, _, gains = found.groups()
    most = max(float(g) for g in gains.split(", "))
    gain = f"about {most:.3f} dice" if most >= 0.0005 else "next to nothing"
    words = {"3": "three", "4": "four", "5": "five", "6": "six"}.get(players, players)
    return (f"the strategy solved for {words} players with {dice} dice, remembering {memory}: a player who knew it "
            f"exactly could win at most {gain} a round from it (found looking one raise ahead)")


#: What each recommendation is called on the page.
VERDICTS = {"challenge": "Call it", "exact": "Call exactly", "raise": "Raise"}


def charts(values) -> dict:
    """The charts of the situation on screen, by kind, each as a function giving its rules and inputs
    (read when it is drawn): every bid's chance for these dice, the chance of a bid by unknown dice and
    dice needed, and (a bid on the table) what calling it costs each player."""
    palifico = bool(values["palifico"])

    def rules():
        return bluff_rules(values["preset"], rule_items(values["rule"]), values["wild"], palifico)

    def opponents():
        with about("opponents"):
            counts = numbers(values["opponents"], int, 1, 30, "a player's dice")
            if not counts:
                raise InvalidArgument("Give each opponent's dice count, in turn order after you: 6 7.")
        return counts

    def bids():
        return rules(), {"dice": values["dice"], "unknown": sum(opponents()), "palifico": palifico}

    def cost():
        with about("bidder"):
            bidder = number(values["bidder"], int, 1, 5, "an opponent's number") if values["bidder"] else None
        return rules(), {"dice": values["dice"], "opponents": opponents(), "face": _face(values["bid"]),
                         "bidder": bidder, "palifico": palifico}

    kinds = {"bids": bids, "heatmap": lambda: (rules(), {"palifico": palifico})}
    if values["bid"]:
        kinds["cost"] = cost
    return kinds


@functools.cache
def rejects() -> dict[str, tuple[str, ...]]:
    """The fields each game refuses, by game (hidden while it is chosen): the wild face where the game has
    its own joker (Bluff's star, Perudo's paco), the palifico round where the game has none."""
    found = {}
    for name, _ in FIELDS[0].choices:
        chosen = bluff_rules(name)
        own_joker = chosen.joker_bids_own_track or chosen.joker is not None
        found[name] = tuple(field for field, refused in (("wild", own_joker), ("palifico", not chosen.palifico))
                            if refused)
    return found


def next_bid(values, answers: dict) -> dict | None:
    """The round one bid on, for the "next bid" step under an answer that says to raise (or what to
    open with): the bids so far with the bid just answered and your own raise added, the bid now to
    be typed, by the next player after you. None when the answer ends the round (call it)."""
    call, opening = answers.get("call"), answers.get("open")
    if call is not None and call.get("recommendation") == "raise":
        mine = call.get("best_raise")
    elif call is None and opening is not None:
        mine = opening.get("recommended")
    else:
        return None
    if not mine:
        return None
    if values["history"] and ":" not in values["history"]:
        return None         # bids without their bidders ("4x3, 5x3"): the round's seats are not known
    opponents = values["opponents"].split() or [""]
    turns = _decision(values, opponents)[1] if values["bid"] else values["history"]
    return {**values, "history": " ".join([*turns.split(), f"me:{_one_word(mine)}"]), "bid": "", "bidder": "1"}
