"""Answers from the stored solves of three to eight players: the mix at a decision, and the solve itself.

Read from the store with numpy alone (no numba): the stored table holds the public tree's arrays
as well as the strategy, so a question needs neither the tree rebuilt nor the solver compiled.
When neither the store nor the package holds the solve, ``analysis.brag.multi.solve`` solves it first
(minutes) and the store keeps it.

>>> model_words(3)
'the three-player solve (external-sampling Monte Carlo CFR over 8 hand-strength buckets)'
"""

from __future__ import annotations

from analysis.brag.multi.history import walk
from analysis.brag._stored import BUCKETS, FULL_TABLE_BETTING, LEFT_OUT, betting_kind, multi_labels, multi_params
from analysis.brag.multi.compact import pack
from analysis.brag.showdown.cards import format_hand, parse_hand
from analysis.brag.rules import BragRules, preset
from analysis.brag.multi.shipped import find_solve, readable
from analysis.brag.showdown.tables import hand_strength
from analysis.errors import InvalidArgument
from analysis.store import Store, stored_table

_WORDS = {3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}
_ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth"}


def model_words(players: int) -> str:
    left_out = _left_out(players)
    return (f"the {_WORDS[players]}-player solve (external-sampling Monte Carlo CFR over {BUCKETS[players]} "
            f"hand-strength buckets{f'; it leaves out {left_out}' if left_out else ''})")


def _left_out(players: int) -> str:
    """What the solve of ``players`` leaves out of the betting, in words ("" where nothing)."""
    left_out = LEFT_OUT.get(players, {})
    parts = ["raises"] if left_out.get("raises") == 0 else []
    if "bets" in left_out:
        parts.append(f"any bet after the {_ORDINALS[left_out['bets']]}")
    return " and ".join(parts)


def left_out_note(players: int) -> str:
    """What the solve of ``players`` leaves out, as a clause for a refused history."""
    words = _left_out(players)
    return f" (the {_WORDS[players]}-player solve leaves out {words})" if words else ""


def _check(rules: BragRules, players) -> None:
    if isinstance(players, bool) or players not in BUCKETS:
        raise InvalidArgument(f"The multi-player solve plays 3 to 8 players, not {players!r}; two players "
                              "have the heads-up solve.")
    if rules.hand_size != 3:
        raise InvalidArgument("The multi-player solve plays three-card hands; choose brag3 or teen_patti.")


def stored(rules: BragRules, players: int, store: "Store | None | bool" = None, progress: bool = True) -> dict:
    """The stored solve's arrays (the user's store, ``store=`` as every game reads it, else the
    package's), solving first, and keeping the solve, when neither holds them."""
    table = find_solve(rules, players, store)
    if table is None:
        # lazy: solving imports the compiled kernels; a question answered from a stored solve never does.
        from analysis.brag.multi.solve import multi_table

        kind = betting_kind(players)
        build = (lambda: pack(multi_table(rules, players, progress))) if kind is FULL_TABLE_BETTING else \
            (lambda: multi_table(rules, players, progress))
        table = readable(kind, stored_table(store, kind, rules, multi_params(rules, players), build))
    return table


def solve_summary(rules: str | BragRules, players: int, store: Store | None | bool = None) -> dict:
    """What ``odds brag solve --players N`` prints: each player's value and best-response gain."""
    rules = preset(rules)
    _check(rules, players)
    table = stored(rules, players, store)
    summary = table["summary"].tolist()
    iterations, seconds = int(summary[0]), summary[1]
    values, gains = summary[2:2 + players], summary[2 + players:2 + 2 * players]
    return {"rules": rules.name, "players": players, "model": model_words(players), "iterations": iterations,
            "seconds": seconds, "values": values, "best_response_gains": gains,
            "histories": int(table["kind"].size),
            "gains_by_iterations": [{"iterations": int(row[0]), "gains": [float(g) for g in row[1:]]}
                                    for row in table["history"].tolist()]}


def multi_strategy(rules: str | BragRules, players: int, hand: str, history: str = "",
                   store: Store | None | bool = None) -> dict:
    """The solved mix for the player to act after ``history``, holding ``hand``."""
    rules = preset(rules)
    _check(rules, players)
    cards = parse_hand(hand, 3)
    if not isinstance(history, str):
        raise InvalidArgument(f"{history!r} is not a history; give moves separated by commas.")
    table = stored(rules, players, store)
    names = multi_labels(rules)
    labels = [names[code] for code in table["labels"].tolist()]
    kind, actor, blind = table["kind"], table["actor"], table["blind"]
    child_start, n_actions = table["child_start"], table["n_actions"]
    node = walk(labels, kind, child_start, n_actions, blind, actor, history, left_out_note(players))
    if kind[node] != 0:
        raise InvalidArgument("The deal is over after that history; there is no decision to advise.")
    strength = hand_strength(rules, cards)
    edges = table["edges"].tolist()
    bucket = sum(1 for e in edges[1:] if strength >= e)
    policy = table["policy"]

    def mix(at: int, row: int) -> dict:
        start, count = int(child_start[at]), int(n_actions[at])
        return {labels[start + a]: float(policy[at, row, a]) for a in range(count)}

    def reached(mix: dict) -> bool:
        # The solve leaves a row it never reached at an even split (stored in 255ths, so within one 255th): no advice.
        shares = list(mix.values())
        return len(shares) < 2 or max(shares) - min(shares) > 1.5 / 255

    is_blind = bool(blind[node])
    answer = {"rules": rules.name, "players": players, "history": history, "seat": int(actor[node]) + 1,
              "hand": format_hand(cards), "blind": is_blind, "bucket": bucket + 1, "buckets": len(edges),
              "mix": mix(node, 0 if is_blind else bucket), "model": model_words(players)}
    if is_blind:
        start, count = int(child_start[node]), int(n_actions[node])
        looked = [start + a for a in range(count) if labels[start + a] == "look"]
        if looked:
            answer["after_looking"] = mix(looked[0], bucket)
    answer["unreached"] = [part for part in ("mix", "after_looking") if part in answer and not reached(answer[part])]
    gains = table["summary"].tolist()[2 + players:2 + 2 * players]
    answer["best_response_gains"] = gains
    return answer


#: Beside a mix the solve's training never reached (an even split).
UNREACHED = " (an even split: the solve's training never reached this spot, so this is no advice)"


def strategy_text(answer: dict) -> str:
    """The answer in words."""
    def mix_words(mix: dict) -> str:
        return ", ".join(f"{name} {share:.0%}" for name, share in mix.items())

    lines = [f"Seat {answer['seat']} of {answer['players']} ({'blind' if answer['blind'] else 'open'}), "
             f"holding {answer['hand']} (strength bucket {answer['bucket']} of {answer['buckets']}): "
             f"{mix_words(answer['mix'])}{UNREACHED if 'mix' in answer.get('unreached', ()) else ''}."]
    if "after_looking" in answer:
        lines.append(f"  After looking: {mix_words(answer['after_looking'])}"
                     f"{UNREACHED if 'after_looking' in answer.get('unreached', ()) else ''}.")
    gains = ", ".join(f"{g:.3f}" for g in answer["best_response_gains"])
    lines.append(f"  From {answer['model']}; each player's best-response gain against it: {gains} chips per deal.")
    return "\n".join(lines)
