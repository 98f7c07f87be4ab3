"""Copy the plan's sampled round solves from the user's store into the package (``analysis/bluff/solved/``), compact.

For each preset (Liar's Dice with ones wild and no spot on, Perudo, Bluff) and each dice pair the plan covers
(``plan.PLAN``, 1-5 dice a player), for Perudo's palifico rounds of one die against 1-5
(``plan.PALIFICO_ROUNDS``), and for the rounds of at most three dice in play played for the game
(``plan.GAME_ROUNDS``, and Perudo's palifico ones among them), the solve the advisor or a player of whole games
reads (``plan.stored_plan``: the plan's first solve the store holds) is written as a shipped table
(``sampled_shipped``: the policy in 255ths, zlib), checked to be served by the package's store and to equal the
solve within the quantum; a pair whose solve is not stored, or whose table would exceed ``--max-kb``, is listed and
left out. Every solve of the plan already in the package and
not in the user's store (built on another machine, or a later plan's solve such as the one a warm start begins
from) is kept; the package's other files (solves of an older plan) are removed. The solves are built first by
``scripts/bluff_sampled_solves.py`` (equal pairs) and its ``--unequal``, ``--palifico`` and ``--endgames``.

Run: ``.venv/bin/python scripts/bluff_ship_solves.py [--max-kb 3000] [--only PRESET:FIRST:SECOND ...]`` (``--only``:
those rounds alone, e.g. solves built on another machine, every other file kept).
"""

from __future__ import annotations

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

import numpy as np  # noqa: E402

from analysis.bluff.sampled.game import sampled_game  # noqa: E402
from analysis.bluff.sampled.plan import GAME_ROUNDS, PALIFICO_ROUNDS, plans  # noqa: E402
from analysis.bluff.sampled.stored import solve_key  # noqa: E402
from analysis.bluff.sampled.shipped import (QUANTUM, load_shipped, pack, shipped_kind, shipped_params,  # noqa: E402
                                            shipped_store)
from analysis.bluff.play.strategy_bot import SCRIPT_GAMES  # noqa: E402
from analysis.store import Store  # noqa: E402

GAMES = {name: make() for name, make in SCRIPT_GAMES.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-kb", type=float, default=3000.0, help="leave out a table larger than this")
    parser.add_argument("--only", action="append", default=[], metavar="PRESET:FIRST:SECOND",
                        help="ship these rounds only (for the dice), keeping every other file as it is")
    args = parser.parse_args()
    user, package = Store(), shipped_store()
    written, missing = set(), []
    rounds = [(name, rules, (first, second), False, "dice") for name, rules in GAMES.items()
              for first in range(1, 6) for second in range(1, 6)]
    rounds += [("perudo", GAMES["perudo"], dice, True, "dice") for dice in PALIFICO_ROUNDS]
    rounds += [(name, rules, dice, False, "game") for name, rules in GAMES.items() for dice in GAME_ROUNDS]
    rounds += [("perudo", GAMES["perudo"], dice, True, "game") for dice in GAME_ROUNDS if dice in PALIFICO_ROUNDS]
    if args.only:
        wanted = {(name, (int(first), int(second))) for name, first, second in (o.split(":") for o in args.only)}
        rounds = [r for r in rounds if (r[0], r[2]) in wanted and not r[3] and r[4] == "dice"]
    for name, rules, dice, palifico, payoff in rounds:
        first, second = dice
        label = f"{name} {first}v{second}{' palifico' if palifico else ''}{' for the game' if payoff == 'game' else ''}"
        found, shipped_before = None, 0
        for plan in plans(dice, rules):
            game = sampled_game(rules, dice, plan["k"], palifico_round=palifico, payoff=payoff, steps=plan["steps"])
            full_width = plan.get("full_width", False)
            kind, params = solve_key(game, plan["iterations"], 0, plan["explore"], plan["width"], plan["warm"],
                                     full_width)
            ship = shipped_kind(full_width)
            stored = user.load(kind, rules, params) if found is None else None
            if stored is not None:
                found = game, params, stored, full_width
            elif package.load(ship, rules, shipped_params(params)) is not None:
                # Already shipped (built on another machine, or a later plan's solve, such as the one a
                # warm start begins from): kept as it is.
                written.add(package.path(ship, rules, shipped_params(params)))
                shipped_before += 1
        if found is None:
            if not shipped_before:
                missing.append(f"{label} (not stored)")
            continue
        game, params, stored, full_width = found
        ship = shipped_kind(full_width)
        table = pack(stored, game.blocks())
        if table["packed"].size > args.max_kb * 1024:
            missing.append(f"{label} ({table['packed'].size / 1024:.0f} KB)")
            continue
        kept = package.load(ship, rules, shipped_params(params))
        if kept is not None and all(np.array_equal(kept[name], table[name]) for name in table):
            path = package.path(ship, rules, shipped_params(params))   # the same table: no new file
        else:
            path = package.save(ship, rules, shipped_params(params), table)
        assert path is not None, "the package's store cannot be written"
        read, refused = load_shipped(rules, params, game.slots, game.blocks(), full_width)
        assert read is not None, f"the package's store refuses the copy ({refused})"
        gap = np.abs(read["policy"].astype(np.float64) - stored["policy"]).max()
        assert gap < 1.0 / QUANTUM, gap
        os.chmod(path, 0o644)
        written.add(path)
        print(f"{label}: {path.relative_to(ROOT)} ({path.stat().st_size / 1024:.0f} KB, "
              f"largest change {gap:.4f})", flush=True)
    for folder in (package.root / "bluff" / "sampled-shipped", package.root / "bluff" / "full-width-shipped"):
        for old in folder.glob("*.podds") if not args.only else ():
            if old not in written:
                old.unlink()     # a solve of an older plan or version: the store would never serve it
    total = sum(path.stat().st_size for path in written)
    print(f"{len(written)} solves shipped, {total / 1e6:.2f} MB; left out: {', '.join(missing) or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
