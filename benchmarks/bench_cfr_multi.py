"""The multi-player sampled solver (``analysis.cfr.multi_player``) against OpenSpiel's external-sampling
MCCFR on three-player Kuhn poker and Leduc poker: iterations per second, NashConv against time, peak memory.

Both NashConvs are OpenSpiel's own (``exploitability.nash_conv``) on each policy, ours converted to
its tabular format; ours is also measured by our exact best response (the two agree).

Each side runs in a process of its own, so each peak memory is that solver's.

Run: ``python benchmarks/bench_cfr_multi.py --seconds 10`` (needs ``pip install open_spiel``).
"""

from __future__ import annotations

import argparse
import sys
import time
from importlib.metadata import version
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from analysis.cfr.kuhn import kuhn_game  # noqa: E402
from analysis.cfr.multi_player import TableGame, solve  # noqa: E402
from _openspiel import apart, openspiel, report, versions  # noqa: E402
from _timing import markdown_table, record  # noqa: E402


def to_openspiel(policy_module, their, solved):
    """Our average strategy as an OpenSpiel tabular policy (states by their card and betting history)."""
    game, n = solved.game, solved.game.players
    deal_of = {}
    for t in range(game.deals):
        for p in range(n):
            deal_of.setdefault((p, int(game.observation[t, p, 0])), t)
    table = policy_module.TabularPolicy(their)
    for state in table.states:
        history, player = state.history(), state.current_player()
        node = 0
        for action in history[n:]:
            node = int(game.child_start[node]) + action
        table.policy_for_key(state.information_state_string())[:] = solved.strategy(node, deal_of[(player,
                                                                                                   history[player])])
    return table


class Converted:
    """An OpenSpiel game whose chance draws are cards (a private one each, in seat order, then public ones,
    as Kuhn and Leduc poker deal them) as this toolkit's ``TableGame``, and our policies back as theirs.

    A deal is every chance outcome of a hand played to the end (its chance their product); the public
    tree is the players' actions; player p's row in round r (after r public cards) is its own card and
    the public cards so far. Payoffs are OpenSpiel's returns, deal by deal."""

    def __init__(self, their):
        n = self.players = their.num_players()
        deals, chances = [], []

        def draw(state, outcomes, chance):   # to the end by the first action that does not fold
            if state.is_terminal():
                deals.append(tuple(outcomes))
                chances.append(chance)
            elif state.is_chance_node():
                for outcome, p in state.chance_outcomes():
                    draw(state.child(outcome), outcomes + [outcome], chance * p)
            else:
                legal = state.legal_actions()
                draw(state.child(1 if 1 in legal else legal[0]), outcomes, chance)

        draw(their.new_initial_state(), [], 1.0)
        self.deals = deals
        rounds = max(len(d) for d in deals) - n + 1
        seen = {(p, r): {} for p in range(n) for r in range(rounds)}
        observation = np.zeros((len(deals), n, rounds), np.int64)
        for t, deal in enumerate(deals):
            for p in range(n):
                for r in range(rounds):
                    known = seen[p, r]
                    observation[t, p, r] = known.setdefault((deal[p], *deal[n:n + r]), len(known))
        self.seen = seen
        actor, child_start, n_actions, node_rounds, payoff, self.histories = [], [], [], [], [], [()]
        i = 0
        while i < len(self.histories):
            states = [self.replay(their, t, self.histories[i]) for t in range(len(deals))]
            state = states[0]
            if state.is_terminal():
                actor.append(-1)
                child_start.append(0)
                n_actions.append(0)
                payoff.append([s.returns() for s in states])
            else:
                legal = state.legal_actions()
                actor.append(state.current_player())
                child_start.append(len(self.histories))
                n_actions.append(len(legal))
                self.histories += [self.histories[i] + (a,) for a in legal]
                payoff.append(np.zeros((len(deals), n)))
            node_rounds.append(self.public_cards(state))
            i += 1
        self.node = {h: k for k, h in enumerate(self.histories)}
        self.game = TableGame.from_payoffs(n, np.array(actor), np.array(child_start), np.array(n_actions),
                                           np.array(node_rounds), np.array(chances) / sum(chances), observation,
                                           np.array(payoff), name=str(their))

    def replay(self, their, t: int, history: tuple):
        """The state of deal ``t`` after the players' actions ``history`` (chance drawn from the deal)."""
        state, outcomes, moves = their.new_initial_state(), iter(self.deals[t]), iter(history)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(next(outcomes))
            else:
                move = next(moves, None)
                if move is None:
                    break
                state.apply_action(move)
        return state

    def public_cards(self, state) -> int:
        return sum(1 for a in state.full_history() if a.player == -1) - self.players if not state.is_terminal() else 0

    def policy(self, policy_module, their, solved):
        """Our average strategy as an OpenSpiel tabular policy."""
        n, table = self.players, policy_module.TabularPolicy(their)
        for state in table.states:
            player = state.current_player()
            cards = [a.action for a in state.full_history() if a.player == -1]
            moves = tuple(a.action for a in state.full_history() if a.player != -1)
            row = self.seen[player, len(cards) - n][(cards[player], *cards[n:])]
            t = next(t for t in range(self.game.deals)
                     if self.game.observation[t, player, len(cards) - n] == row)
            mix = table.policy_for_key(state.information_state_string())
            mix[:] = 0.0
            mix[state.legal_actions()] = solved.strategy(self.node[moves], t)
        return table


#: The games both sides play: OpenSpiel's name, ours (None: converted from OpenSpiel's), the iteration cap.
GAMES = {"kuhn3": ("kuhn_poker(players=3)", lambda: kuhn_game(3), 3_200_000),
         "leduc": ("leduc_poker", None, 800_000)}


def ours(name, their, policy_module, exploitability, seconds: float) -> list:
    """Our solve run to growing iteration counts (a seed gives one solve, so each is a prefix of the next)."""
    _, own, cap = GAMES[name]
    converted = None if own else Converted(their)
    game = own() if own else converted.game
    solve(game, iterations=10, progress=False)   # compile outside every timing
    rows, iterations = [], 10_000 if own else 2_500
    while True:
        solved = solve(game, "lcfr", iterations=iterations, seed=0, progress=False, check_every=iterations)
        seconds_taken = solved.run.seconds
        policy = to_openspiel(policy_module, their, solved) if own else converted.policy(policy_module, their, solved)
        theirs = exploitability.nash_conv(their, policy)
        rows.append([name, "this toolkit, linear CFR (numba)", f"{iterations:,}", f"{seconds_taken:.2f}",
                     f"{iterations / seconds_taken:,.0f}", f"{theirs:.4f}", f"{solved.nash_conv:.4f}"])
        print(rows[-1], flush=True)
        if seconds_taken * 4 > 1.5 * seconds or iterations >= cap:   # the next would run far past OpenSpiel's time
            return rows
        iterations *= 4


def openspiels(name, their, es, exploitability, seconds: float) -> list:
    """OpenSpiel's solver measured at doubling times (the measurement is not counted as the solver's time)."""
    solver = es.ExternalSamplingSolver(their, es.AverageType.SIMPLE)
    rows, done, started, mark = [], 0, time.perf_counter(), seconds / 8
    while True:
        solver.iteration()
        done += 1
        spent = time.perf_counter() - started
        if spent >= mark:
            nash = exploitability.nash_conv(their, solver.average_policy())
            rows.append([name, "OpenSpiel `external_sampling_mccfr` (Python over pyspiel), simple averaging",
                         f"{done:,}", f"{spent:.2f}", f"{done / spent:,.0f}", f"{nash:.4f}", ""])
            print(rows[-1], flush=True)
            started += time.perf_counter() - started - spent
            if mark >= seconds:
                return rows
            mark *= 2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="time given to each solver (default 10)")
    parser.add_argument("--game", choices=tuple(GAMES), action="append",
                        help="a game to play (default: all of them; repeat for several)")
    parser.add_argument("--side", choices=("ours", "openspiel"), help="run one side only (each runs apart)")
    args = parser.parse_args()
    pyspiel = openspiel()
    names = args.game or list(GAMES)
    if args.side:
        from open_spiel.python import policy as policy_module
        from open_spiel.python.algorithms import exploitability, external_sampling_mccfr as es

        (name,) = names
        their = pyspiel.load_game(GAMES[name][0])
        report(ours(name, their, policy_module, exploitability, args.seconds) if args.side == "ours"
               else openspiels(name, their, es, exploitability, args.seconds))
        return
    print(versions(", ".join(GAMES[name][0] for name in names)))
    rows, peaks, ratios = [], [], []
    for name in names:
        rates = []
        for side in ("ours", "openspiel"):
            side_rows, peak = apart(side, "--game", name, "--seconds", str(args.seconds))
            rows += side_rows
            peaks.append(f"{name} {'ours' if side == 'ours' else 'OpenSpiel'} {peak:.0f} MB")
            rates.append(np.median([float(row[4].replace(",", "")) for row in side_rows]))
        ratios.append(f"{name} {rates[0] / rates[1]:,.0f} times")
    table = markdown_table(["game", "solver", "iterations", "seconds", "iterations/s", "NashConv (OpenSpiel's)",
                            "NashConv (ours, exact)"], rows)
    record("bench_cfr_multi", f"## bench_cfr_multi\n\nThree-player Kuhn poker (`kuhn3`, OpenSpiel's "
           f"`kuhn_poker(players=3)`, ours from `analysis.cfr.kuhn`) and two-player Leduc poker (`leduc`, OpenSpiel's "
           f"`leduc_poker`, converted to our game form deal by deal): external-sampling MCCFR, ours against "
           f"OpenSpiel {version('open_spiel')}'s, each side and game in a process of its own. NashConv is OpenSpiel's "
           f"on each policy (ours converted to its tabular form) and ours, exact. Peak memory of each process "
           f"(Python, numpy, OpenSpiel and, for ours, numba included): {'; '.join(peaks)}. Our iterations per "
           f"second over OpenSpiel's (medians): {'; '.join(ratios)}.\n\n{table}")


if __name__ == "__main__":
    main()
