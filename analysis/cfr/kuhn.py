"""Kuhn poker for two to six players as a ``multi_player.TableGame``: the small game the multi-player
solver is checked against (three-player Kuhn's equilibria are known, and OpenSpiel plays it) and timed on
(``benchmarks/bench_cfr_multi.py``)."""

from __future__ import annotations

from itertools import permutations

import numpy as np

from analysis.cfr.multi_player import TableGame
from analysis.errors import InvalidArgument

def kuhn_game(players: int = 3) -> TableGame:
    """Kuhn poker for ``players`` (Kuhn 1950; the N-player form of Szafron et al. 2013, as OpenSpiel plays
    it): a pack of ``players + 1`` cards, one each, an ante of 1; in turn each passes or bets 1; once someone
    bets, each later player (and each earlier one who passed) calls or folds; the highest card among those
    still in takes the pot. Actions: 0 pass (check or fold), 1 bet (bet or call)."""
    if not isinstance(players, int) or not 2 <= players <= 6:
        raise InvalidArgument(f"Kuhn poker here plays 2 to 6 players, not {players!r}.")
    deals = list(permutations(range(players + 1), players))
    actor, child_start, n_actions, fixed, scale, group = [], [], [], [], [], []
    contenders: list[tuple] = []
    nodes = [()]          # each node's action history; children appended as found (breadth first)
    i = 0
    while i < len(nodes):
        history = nodes[i]
        mover = _kuhn_mover(history, players)
        actor.append(mover)
        if mover >= 0:
            child_start.append(len(nodes))
            n_actions.append(2)
            nodes += [history + (0,), history + (1,)]
            fixed.append([0.0] * players)
            scale.append(0.0)
            group.append(-1)
        else:
            child_start.append(0)
            n_actions.append(0)
            paid, still_in = _kuhn_outcome(history, players)
            fixed.append([-x for x in paid])
            scale.append(float(sum(paid)))
            if still_in not in contenders:
                contenders.append(still_in)
            group.append(contenders.index(still_in))
        i += 1
    share = np.zeros((len(contenders), len(deals), players))
    for g, still_in in enumerate(contenders):
        for t, cards in enumerate(deals):
            share[g, t, max(still_in, key=lambda p: cards[p])] = 1.0
    observation = np.array(deals, np.int64)[:, :, None]          # one round: a player sees their own card
    return TableGame(players, np.array(actor), np.array(child_start), np.array(n_actions),
                     np.zeros(len(actor), np.int64), np.full(len(deals), 1.0 / len(deals)), observation,
                     np.array(fixed), np.array(scale), np.array(group), share, name="Kuhn poker")


def _kuhn_mover(history: tuple, players: int) -> int:
    """Who acts after ``history`` (-1: the hand is over)."""
    if 1 not in history:
        return len(history) if len(history) < players else -1
    first_bet = history.index(1)
    answered = len(history) - first_bet - 1
    if answered == players - 1:
        return -1
    return (first_bet + 1 + answered) % players


def _kuhn_outcome(history: tuple, players: int) -> tuple[list, tuple]:
    """(what each player paid, ante included; who is still in) at the end of ``history``."""
    paid = [1.0] * players
    if 1 not in history:
        return paid, tuple(range(players))
    first_bet = history.index(1)
    still_in = [first_bet]
    paid[first_bet] += 1
    for j, action in enumerate(history[first_bet + 1:]):
        p = (first_bet + 1 + j) % players
        if action == 1:
            paid[p] += 1
            still_in.append(p)
    return paid, tuple(sorted(still_in))
