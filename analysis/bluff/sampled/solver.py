"""Two-player rounds at real table size: Monte Carlo CFR on an imperfect-recall abstraction (``game``).

The round, as players who remember only the last ``k`` bids see it, is solved by external-sampling Monte Carlo CFR
(Lanctot et al. 2009) with discounted CFR's factors applied once per period of iterations (``_kernels``), or by
full-width CFR over the windows of remembered bids (``full_width``). A solve of players remembering two bids may
start from one remembering the last bid (``warm_start``). Every solve reports its exploitability in the real game
(``exploitability``) as it goes, keeps its regrets in a checkpoint a stopped solve resumes from, and is kept in the
store (``stored``), where ``solve_sampled`` reads it the next time.
"""

from __future__ import annotations

import hashlib
import os
import sys
import time
from typing import Optional

import numpy as np

from analysis.bluff.rules import BiddingRules
from analysis.bluff.sampled.exploitability import _seed, exploitability
from analysis.bluff.sampled.full_width import Trainer
from analysis.bluff.sampled.game import MAX_BYTES, SampledGame, _windows
from analysis.bluff.sampled.shipped import QUANTUM, quantise
from analysis.bluff.sampled.solution import SampledSolution
from analysis.bluff.sampled.stored import (BONUS, checked_solve, default_period, refusal_clause, solution_of,
                                           solve_key, stored_solve)
from analysis.bluff.sampled.values import rank_of_window
from analysis.cfr.schedule import DISCOUNTED
from analysis.progress import Progress
from analysis.shipped import Refused
from analysis.store import Store, chosen_store

#: The discounting of the sampled and full-width solves (``analysis.cfr.schedule``).
VARIANT = DISCOUNTED


def solve_sampled(rules: BiddingRules, dice=(1, 1), k: Optional[int] = 2, iterations: int = 100000, seed: int = 0,
                  faces: Optional[int] = None, palifico_round: bool = False, payoff: str = "dice",
                  store: Store | None | bool = None, checkpoint: Optional[str] = None, checks: int = 8,
                  lbr_games: int = 20000, explore: Optional[float] = None, steps: Optional[int] = None,
                  width: float = 0.0, warm: Optional[dict] = None,
                  full_width: bool = False) -> SampledSolution:
    """Solve a round by external-sampling MCCFR (or full-width CFR), or read the solve from the store where it holds
    it (``stored_solve``, which only reads), and keep a new solve there.

    ``checkpoint``: a file where the regrets are saved every few minutes, so a stopped solve resumes
    where it was (the same result as an unbroken one: each period of iterations draws from its own seed).
    ``checks``: how many times the exploitability is measured as the solve goes (the trajectory).
    ``explore``: average strategy sampling's least chance of trying a raise (1: plain external sampling;
    default ``default_explore``). ``steps``: the action abstraction (``sampled_game``). ``width``: robust sampling,
    about this many raises tried at each of the traverser's nodes (0: as ``explore`` says). ``warm``: the
    keywords (k, iterations, explore, steps, width) of a solve of the same round remembering only the last bid,
    read from the store or built first, that this one starts from (``warm_start``). ``full_width``: full-width CFR
    over the windows of remembered bids (``full_width``: every information set updated at every iteration, no
    sampling, so ``seed`` only seeds the exploitability's sampled rounds), for ``iterations`` iterations.
    """
    store = chosen_store(store)
    if store is not None:
        try:
            found = stored_solve(rules, dice, k, iterations, seed, faces, palifico_round, payoff, store, explore,
                                 steps, width, warm, full_width)
        except Refused as refused:
            print(f"odds: {refusal_clause(refused)}; solving it afresh.", file=sys.stderr)
        else:
            if found is not None:
                return found
    game, seed, explore, width, warm = checked_solve(rules, dice, k, iterations, seed, faces, palifico_round, payoff,
                                                     explore, steps, width, warm, full_width)
    start = None
    if warm is not None:
        base = solve_sampled(rules, dice, seed=seed, faces=faces, palifico_round=palifico_round, payoff=payoff,
                             store=store if store is not None else False, checks=checks, lbr_games=lbr_games, **warm)
        start = warm_start(game, base)
    stored = _run(game, iterations, seed, explore, checkpoint, checks, lbr_games, width, start, warm, full_width)
    if store is not None:
        kind, params = solve_key(game, iterations, seed, explore, width, warm, full_width)
        store.save(kind, rules, params, stored)
    return solution_of(game, stored, seed, explore, width, warm, full_width, from_store=False, lbr_games=lbr_games)


#: A warm start's weights: the strategy sums start at the base's policy times ``WARM_WEIGHT`` (one visit's worth,
#: so an information set the finer solve visits soon follows its own play, one it never visits keeps the base's),
#: the regrets at the policy times ``WARM_REGRET`` (so the first iterations play the base's strategy).
WARM_WEIGHT = 1.0
WARM_REGRET = 0.1


def warm_start(game: SampledGame, base: SampledSolution) -> tuple[np.ndarray, np.ndarray]:
    """(regrets, strategy sums) that start a solve of ``game`` (remembering the last ``k`` bids) where ``base`` (the
    same round and raises, remembering the last bid) ends: each information set starts as the base's one of the same
    last bid (``WARM_WEIGHT``, ``WARM_REGRET``). The base's policy is taken in whole 255ths, as the package ships it
    (``shipped.quantise``), so the start is the same whether the base was built here or shipped.

    Remembering two bids from scratch trains slowly (72,632 information sets at 3v3 against 4,088 remembering one)
    and the sets it rarely visits stay near uniform play, which a best response finds; started from the one-bid
    solve they play that solve's strategy until their own visits say otherwise (docs/bluff_strategy.md)."""
    coarse = base.game
    policy = quantise(base.policy, coarse.blocks()).astype(np.float64) / QUANTUM
    last = _windows(len(game.bids), game.k)[3]
    regret, strategy_sum = np.zeros(game.slots), np.zeros(game.slots)
    for s in (0, 1):
        hands = len(game.hands[s])
        for w in np.flatnonzero(game.offset[s] >= 0):
            before = 0 if last[w] < 0 else rank_of_window(coarse, (int(last[w]),))
            size = int(game.n_actions[w])
            start, source = int(game.offset[s, w]), int(coarse.offset[s, before])
            rows = policy[source:source + hands * size]
            strategy_sum[start:start + hands * size] = WARM_WEIGHT * rows
            regret[start:start + hands * size] = WARM_REGRET * rows
    return regret, strategy_sum


def _run(game: SampledGame, iterations: int, seed: int, explore: float, checkpoint: Optional[str], checks: int,
         lbr_games: int, width: float = 0.0, start: Optional[tuple] = None, warm: Optional[dict] = None,
         full_width: bool = False) -> dict:
    """Train (sampled periods of iterations, or full-width iterations), measuring the exploitability ``checks``
    times; the stored arrays."""
    from analysis.bluff.sampled import _kernels as kern  # lazy: keeps numba out of a table question's start-up

    trainer = None
    if full_width:
        from analysis.cfr.kernels import SCHEDULES  # lazy: keeps numba out of a table question's start-up

        trainer = Trainer(game, SCHEDULES[VARIANT], MAX_BYTES)
    # A full-width iteration is already a whole sweep: discounted after each one.
    period = 1 if full_width else default_period(iterations)
    key = _checkpoint_key(game, iterations, seed, explore, width, warm, full_width)
    regret, strategy_sum = start if start is not None else (np.zeros(game.slots), np.zeros(game.slots))
    done, spent = 0, 0.0
    trajectory: list = []
    if checkpoint and os.path.exists(checkpoint):
        saved = np.load(checkpoint)
        if saved["regret"].size == game.slots and str(saved["key"]) == key:
            regret[:], strategy_sum[:] = saved["regret"], saved["strategy_sum"]
            done, spent = int(saved["done"]), float(saved["seconds"])
            trajectory = [tuple(row) for row in saved["trajectory"]]
            print(f"odds: resuming from {checkpoint} at {done:,} iterations", file=sys.stderr)
    periods = -(-iterations // period)
    check_at = {max(1, round(periods * (i + 1) / checks)) for i in range(checks)}
    label = (f"odds: {'full-width CFR on' if full_width else 'sampling'} {game.dice[0]}v{game.dice[1]} "
             f"{game.rules.title} (remembering {game.memory})")
    started = time.perf_counter() - spent
    saved_at = time.perf_counter()
    layout = game.kernel_layout()
    measured = None
    with Progress(label, total=iterations, stream=sys.stderr) as bar:
        bar.advance(done)
        while done < iterations:
            t = done // period + 1
            size = min(period, iterations - done)
            if trainer is not None:
                trainer.iterate(t, regret, strategy_sum)
            else:
                kern.run_chunk(_seed(seed, 0, t), size, layout, game.cdf, regret, strategy_sum, explore, BONUS,
                               width)
                kern.discount(regret, strategy_sum, t, VARIANT)
            done += size
            bar.advance(size)
            if t in check_at or done == iterations:
                measured = exploitability(game, _normalised(game, strategy_sum), lbr_games, seed)
                trajectory.append((done, measured.value, measured.half_width))
                bar.label = f"{label} (exploitability {measured.value:.3f})"
            if checkpoint and (time.perf_counter() - saved_at > 300 or done == iterations):
                _save_checkpoint(checkpoint, key, regret, strategy_sum, done, time.perf_counter() - started,
                                 trajectory)
                saved_at = time.perf_counter()
    policy = _normalised(game, strategy_sum)
    if measured is None or trajectory[-1][0] != iterations:   # else the last check measured this very policy
        measured = exploitability(game, policy, lbr_games, seed)
    seconds = time.perf_counter() - started
    if measured.exact:
        value = measured.value_first_bidder
    elif trainer is not None:
        value = trainer.value_of(policy)      # exact: the windows' values under the average strategy
    else:
        value = _sampled_value(game, policy, lbr_games, seed)
    return {"policy": policy.astype(np.float32), "trajectory": np.array(trajectory, dtype=np.float64).reshape(-1, 3),
            "summary": np.array([value, measured.value, measured.half_width, float(measured.exact), done, seconds])}


def _normalised(game: SampledGame, strategy_sum: np.ndarray) -> np.ndarray:
    """The average strategy: each information set's sums scaled to 1 (uniform where never reached)."""
    from analysis.cfr.kernels import average_policy  # lazy: numba starts only where a solve runs

    blocks = game.blocks()
    policy = np.empty(game.slots)
    average_policy(strategy_sum, *(np.ascontiguousarray(blocks[:, column]) for column in (0, 2, 1)), policy)
    return policy


def _sampled_value(game: SampledGame, policy: np.ndarray, games: int, seed: int) -> float:
    """The first bidder's value when both follow ``policy``, from ``games`` sampled rounds."""
    # lazy: keeps numba out of a table question's start-up
    from analysis.bluff.sampled import _eval_kernels as _sampled_eval

    opening = np.zeros(1, dtype=np.int64)
    total = 0.0
    for h, p in enumerate(game.chance[0, :len(game.hands[0])]):
        n = max(1, round(games * p))
        action = -1  # drawn from the policy
        total += p * _sampled_eval.play_out(_seed(seed, 3, h), n, h, 0, opening, 0,
                                            game.chance[1] / game.chance[1].sum(), game.kernel_layout(), policy,
                                            action).mean()
    return float(total)


def _checkpoint_key(game: SampledGame, iterations: int, seed: int, explore: float, width: float,
                    warm: Optional[dict] = None, full_width: bool = False) -> str:
    """The solve's store key, hashed: a checkpoint resumes only the solve that wrote it."""
    params = solve_key(game, iterations, seed, explore, width, warm, full_width)[1]
    return hashlib.sha256(repr((sorted(params.items()), game.rules)).encode()).hexdigest()


def _save_checkpoint(path, key, regret, strategy_sum, done, seconds, trajectory) -> None:
    tmp = f"{path}.tmp.npz"
    np.savez(tmp, regret=regret, strategy_sum=strategy_sum, done=done, seconds=seconds,
             trajectory=np.array(trajectory, dtype=np.float64).reshape(-1, 3), key=key)
    os.replace(tmp, path)
