"""What three of Brag's choices are worth, as numbers: playing blind, a kept blind hand, a pot cover.

- ``blind_value``: the first player's value (chips per deal, ante 1) after each first move
  against the solved strategy (heads-up equilibrium, or the solve of three to eight players), each
  followed by the best reply; playing blind is worth the best blind move less looking at once.
- ``kept_hand_value``: what a kept blind hand adds at the first turn. Holding two unseen hands, the
  player looks at one and then plays it open or folds it and plays the other blind; one hand
  alone allows only the better of looking and playing blind. With ``V(h)`` the value of looking
  and holding ``h`` and ``B`` that of the best blind move, the second hand is worth
  ``E[max(V(h), B)] - max(E[V(h)], B)`` (:func:`option_value`). The opponents play the solve as if
  the player held one hand, and a bet with both hands blind is counted as one blind hand's (a
  lower bound: at a showdown the better of two blind hands plays).
- ``cover_value``: covering the pot with the chips you have left (too few to stay): they go into
  the pot, the others bet on into a new pot, and your hand then meets the new pot's winner for
  the old pot, which a tie gives to the winner. Worth ``P(win) * (pot + chips) - chips`` against
  folding's 0, where the winner is taken to hold the best of the others' hands (so a lower bound
  on covering: the betting need not leave the best hand); exact for one or two others.

>>> option_value([0.5, 0.5], [3.0, -1.0], 0.0)     # look: keep the good hand, else play the other blind
0.5
"""

from __future__ import annotations

import numpy as np

from analysis.brag._stored import BUCKETS, TABLE_SAMPLES, multi_params
from analysis.brag.advice import _money
from analysis.brag.showdown.equity import equity
from analysis.brag.multi.strategy import model_words
from analysis.brag.rules import BragRules, preset
from analysis.brag.multi.game import flat_policy, table_game
from analysis.brag.multi.shipped import stored_solve
from analysis.brag.headsup.solve import solve
from analysis.brag.headsup.strategy import _Reader
from analysis.errors import InvalidArgument
from analysis.store import Array, TableKind, stored_table


def option_value(chances, look_values, blind_value: float) -> float:
    """What a second unseen hand adds: ``E[max(V, B)] - max(E[V], B)`` over the hands' ``chances``."""
    chances, look_values = np.asarray(chances, float), np.asarray(look_values, float)
    with_two = float(chances @ np.maximum(look_values, blind_value))
    with_one = max(float(chances @ look_values), float(blind_value))
    return with_two - with_one


def _check_players(rules: BragRules, players) -> int:
    if isinstance(players, bool) or (players != 2 and players not in BUCKETS):
        raise InvalidArgument(f"The solved strategy plays 2 to {max(BUCKETS)} players, not {players!r}.")
    if rules.hand_size != 3:
        raise InvalidArgument("The solved strategy plays three-card hands; choose brag3 or teen_patti.")
    return players


#: The chance layer of a stored multi-player solve (the same seeded deals it was solved on).
MULTI_CHANCE = TableKind("brag/multi-chance", {"chance": Array("float64", (None,), within=(0, 1)),
                                                "beats": Array("float64", (None, None, None), within=(0, 1))},
                         version=1)


def _first_moves_heads_up(rules: BragRules) -> tuple[dict, np.ndarray, np.ndarray]:
    reader = _Reader(solve(rules))
    names = reader.tree.actions(0)
    moves = dict(zip(names, map(float, reader.action_values(0, 0, None))))
    look = names.index("look")
    chances = np.array([reader.deals_of(row).sum() for row in range(reader.classes)], float)
    chances /= chances.sum()
    by_hand = np.array([reader.action_values(0, 0, row)[look] for row in range(reader.classes)])
    return moves, chances, by_hand


def _first_moves_multi(rules: BragRules, players: int, store=None) -> tuple[dict, np.ndarray, np.ndarray]:
    from analysis.cfr import _multi_kernels as M  # lazy: keeps numba out of a table question's start-up
    # lazy: keeps numba out of a table question's start-up
    from analysis.brag.multi.solve import ChanceLayer, chance_layer, multi_tree

    table = stored_solve(rules, players)
    seed = multi_params(rules, players)["seed"]

    def build():
        layer = chance_layer(rules, players, BUCKETS[players], samples=TABLE_SAMPLES, seed=seed)
        return {"chance": layer.chance, "beats": layer.beats}

    layer = stored_table(store, MULTI_CHANCE, rules, {"players": players, "buckets": BUCKETS[players],
                                                      "samples": TABLE_SAMPLES, "seed": seed}, build)
    tree = multi_tree(rules, players)
    B = BUCKETS[players]
    chance, policy = layer["chance"], table["policy"]
    chances_layer = ChanceLayer(table["edges"], chance, layer["beats"], 0, False)
    own = np.arange(chance.size) % B           # seat 1's bucket in each tuple

    def after(move: int, weights: np.ndarray) -> float:
        # Seat 1 makes ``move`` at the root, then its best reply (the core's, on a root with that one move).
        game = table_game(tree, chances_layer, root_moves=slice(move, move + 1))
        moved = policy.copy()
        moved[0, :, 0] = policy[0, :, move]
        return float(M.best_response_value(0, game.tables(weights), flat_policy(game, moved)))

    names = tree.actions(0)
    moves = {name: after(a, chance) for a, name in enumerate(names)}
    chances = np.array([chance[own == b].sum() for b in range(B)])
    look = names.index("look")
    by_hand = np.array([after(look, np.where(own == b, chance, 0.0)) / chances[b] for b in range(B)])
    return moves, chances, by_hand


def first_moves(rules: str | BragRules, players: int = 2) -> tuple[dict, np.ndarray, np.ndarray]:
    """The first player's value after each first move (best reply after), the chance of each of
    its hand's classes (strengths heads-up, buckets beyond) and the value of looking with each."""
    rules = preset(rules)
    _check_players(rules, players)
    return _first_moves_heads_up(rules) if players == 2 else _first_moves_multi(rules, players)


def _model(players: int) -> str:
    return "the heads-up equilibrium" if players == 2 else model_words(players)


def blind_value(rules: str | BragRules, players: int = 2) -> dict:
    """The first player's value after each first move, and what playing blind is worth over looking."""
    rules = preset(rules)
    moves, _, _ = first_moves(rules, players)
    blind = {name: value for name, value in moves.items() if name not in ("look", "fold")}
    best = max(blind, key=blind.get)
    return {"rules": rules.name, "players": players, "model": _model(players), "first_moves": moves,
            "best_blind_move": best, "value_of_playing_blind": blind[best] - moves["look"]}


def kept_hand_value(rules: str | BragRules, players: int = 2) -> dict:
    """What a kept blind hand beside the new one adds at the first turn (see the module's words)."""
    rules = preset(rules)
    if not (rules.keep_blind and rules.blind_alone == "carries"):
        raise InvalidArgument(f"{rules.name} keeps no blind hand (a pot folded to a blind player goes to that "
                              "player, or keep_blind is off); there is nothing to value.")
    moves, chances, by_hand = first_moves(rules, players)
    blind = max(value for name, value in moves.items() if name not in ("look", "fold"))
    return {"rules": rules.name, "players": players, "model": _model(players),
            "look": float(chances @ by_hand), "best_blind_move": blind,
            "with_two_hands": float(chances @ np.maximum(by_hand, blind)),
            "value_of_the_kept_hand": option_value(chances, by_hand, blind),
            "looked_hand_kept": float(chances[by_hand >= blind].sum())}


def cover_value(rules: str | BragRules, hand, pot: float, chips: float, others: int = 1, *,
                seed: int | None = None, samples: int = 1_000_000) -> dict:
    """Cover the pot with ``chips`` (all you have) or fold, against ``others`` players still betting."""
    rules = preset(rules)
    pot, chips = _money("pot", pot, True), _money("chips", chips, True)
    result = equity(rules, hand, opponents=others, seed=seed, samples=samples)
    win = float(result.win)
    error = 0.0 if result.exact else float(np.sqrt(win * (1 - win) / result.samples))
    cover = float(win * (pot + chips) - chips)
    return {"rules": rules.name, "hand": result.hand, "pot": pot, "chips": chips, "others": others,
            "values": {"fold": 0.0, "cover": cover}, "best": "cover" if cover > 0 else "fold",
            "win": win, "break_even_win": chips / (pot + chips) if pot + chips > 0 else 0.0,
            "exact": result.exact, "standard_error": error * (pot + chips),
            "seed": result.seed, "samples": result.samples}
