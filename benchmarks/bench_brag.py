"""Brag hand ranking and the full heads-up equity table: this toolkit vs pokerkit and eval7.

Peers (pip install pokerkit eval7; ``bash scripts/setup.sh bench`` does not bring them):

- **pokerkit** (``Lookup``): the only Python evaluator found here that ranks
  three-card hands with runs and flushes (its ``RhodeIslandHoldemLookup``). Rhode
  Island's order differs from Brag's (straight flush over trips, A-2-3 the lowest
  straight), so ``BragLookup`` below subclasses pokerkit's ``Lookup`` and adds the
  entries in Brag order: high card, pair, flush, runs (2-3-4 .. A-K-Q, then A-2-3),
  prials (2-2-2 .. A-A-A, then 3-3-3) with running flushes placed under the prials.
  Before any time is printed, its order is checked against ours on all 22,100 hands.
- **eval7** (Cython, the fastest evaluator that accepts three cards): it ranks three
  cards only as trips / pair / high card (no runs or flushes), so it cannot play
  Brag; it is timed on the same 22,100 hands as a speed ceiling for a compiled
  per-hand evaluator called from Python.

Timed: (1) hands ranked per second over all 22,100 three-card hands; (2) the full
heads-up equity table (win / tie counts of every hand against every disjoint
hand). The peer's table is its strengths plus a vectorised numpy inclusion-exclusion
count (sorted strengths and ``searchsorted``, no loop over hands), the fastest fair way
to turn any evaluator's ranks into the table; it is checked on our ranks first.

Beside each warm figure: the first call in this process (numba loading its on-disk
cache, or compiling on a fresh install) and numba's compile time from scratch (a
fresh, uncached copy of the kernel compiled here), what a user waits for once.

Run: ``python benchmarks/bench_brag.py``
"""

from __future__ import annotations

import os
import platform
import time
from importlib.metadata import version

import numpy as np

from _timing import markdown_table, record


def best_of(function, repeat=5):
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - start)
    return min(times), result


def first_call(kernel, *args) -> float:
    """Seconds of the first call of ``kernel`` in this process (cache load or compile, plus one run)."""
    started = time.perf_counter()
    kernel(*args)
    return time.perf_counter() - started


def compile_seconds(kernel, warm: float, *args) -> float:
    """Seconds numba needs to compile ``kernel`` for these arguments from scratch: a fresh copy
    without the disk cache, its first call less one warm run (``warm``)."""
    from numba import njit

    fresh = njit(kernel.py_func)
    started = time.perf_counter()
    fresh(*args)
    return time.perf_counter() - started - warm


def brag_lookup_class():
    from pokerkit.lookups import Label, Lookup
    from pokerkit.utilities import RankOrder

    class BragLookup(Lookup):
        """Three Card Brag (brag3 preset) built from pokerkit's lookup machinery."""

        rank_order = RankOrder.STANDARD

        def _add_entries(self) -> None:
            from collections import Counter

            add = self._Lookup__add_entry
            rank_hash = self._Lookup__hash
            ranks = list(self.rank_order)
            self._add_multisets(Counter({1: 3}), (False,), Label.HIGH_CARD)
            self._add_multisets(Counter({2: 1, 1: 1}), (False,), Label.ONE_PAIR)
            self._add_multisets(Counter({1: 3}), (True,), Label.FLUSH)
            for suited, label in ((False, Label.STRAIGHT), (True, Label.STRAIGHT_FLUSH)):
                self._add_straights(3, (suited,), label, wrap=False)
                add(rank_hash([ranks[-1], ranks[0], ranks[1]]), (suited,), label)   # A-2-3 on top
            for rank in ranks[:1] + ranks[2:] + ranks[1:2]:                          # 3-3-3 on top
                add(rank_hash([rank] * 3), (False,), Label.THREE_OF_A_KIND)

    return BragLookup


def _below_and_equal(member_group, member_strength, query_group, query_strength):
    """For each query (group, strength): how many members of that group are weaker, and how many equal.

    Members are keyed group * span + strength in one sorted array, so one ``searchsorted``
    answers every query at once.
    """
    span = int(member_strength.max()) + 2
    keys = np.sort(member_group * span + member_strength)
    low = np.searchsorted(keys, query_group * span + query_strength, side="left")
    high = np.searchsorted(keys, query_group * span + query_strength, side="right")
    start = np.searchsorted(keys, query_group * span, side="left")
    return low - start, high - low


def inclusion_exclusion_counts(hands, strengths):
    """Heads-up win and tie counts of every hand against every disjoint hand, vectorised numpy.

    Rivals sharing no card = all hands - hands sharing a card + hands sharing two cards -
    the hand itself (inclusion-exclusion over the hand's three cards), each count read
    off sorted strengths with ``searchsorted``: the fastest fair way to turn any
    evaluator's ranks into the table.
    """
    hands = np.asarray(hands, dtype=np.int64)
    strengths = np.asarray(strengths, dtype=np.int64)
    ordered = np.sort(strengths)
    below = np.searchsorted(ordered, strengths, side="left")
    equal = np.searchsorted(ordered, strengths, side="right") - below
    # Every hand is a member of its three cards' groups and of its three pairs' groups.
    cards = hands.T                                                  # 3 x n
    pairs = np.array([np.minimum(cards[i], cards[j]) * 52 + np.maximum(cards[i], cards[j])
                      for i, j in ((0, 1), (0, 2), (1, 2))])         # 3 x n
    for groups, sign in ((cards, -1), (pairs, +1)):
        members, member_strength = groups.ravel(), np.tile(strengths, 3)
        for row in groups:
            b, e = _below_and_equal(members, member_strength, row, strengths)
            below, equal = below + sign * b, equal + sign * e
    return below, equal - 1                         # the hand itself: counted once, equal to itself


def main() -> None:
    from analysis.brag.showdown._kernels import hand_strengths, versus_table
    from analysis.brag.showdown.cards import format_card
    from analysis.brag.showdown.tables import colex_hands, hand_table

    table = hand_table("brag3")
    brag3 = (table.rules.prial_333_high, table.rules.a23_code)     # brag4 ranks its best three the same way
    hands = colex_hands(3)
    n = len(hands)
    first_rank = first_call(hand_strengths, hands, *brag3)     # loads numba's cache (or compiles)
    ours_rank, ours = best_of(lambda: hand_strengths(hands, *brag3), 20)
    compile_rank = compile_seconds(hand_strengths, ours_rank, hands, *brag3)

    print(f"Brag benchmark on {platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, "
          f"Python {platform.python_version()}")
    print(f"this toolkit: {n:,} hands ranked in {ours_rank * 1e3:.3f} ms "
          f"= {n / ours_rank / 1e6:.1f} million hands/s (one batch call of the numba kernel); "
          f"numba compile {compile_rank:.2f} s once, first call here {first_rank:.3f} s")
    # The same kernel called once per hand from Python, as the peers are: the call overhead dominates.
    rows = [hands[i:i + 1] for i in range(n)]
    single_rank, _ = best_of(lambda: [hand_strengths(r, *brag3) for r in rows], 3)
    print(f"this toolkit, one call per hand: {n / single_rank / 1e6:.2f} million hands/s")
    hands4 = colex_hands(4)
    hand_strengths(hands4, *brag3)
    four_rank, _ = best_of(lambda: hand_strengths(hands4, *brag3), 5)
    print(f"this toolkit, brag4: {len(hands4):,} four-card hands in {four_rank * 1e3:.2f} ms "
          f"= {len(hands4) / four_rank / 1e6:.1f} million hands/s")

    texts = [[format_card(c, ascii_only=True) for c in h] for h in hands]
    peers = {}
    ranking = [f"rank {n:,} three-card hands, one batch call", f"{ours_rank * 1e3:.3f} ms "
               f"({n / ours_rank / 1e6:.0f} M hands/s; numba compile {compile_rank:.2f} s once)"]
    per_hand = []       # (peer, ratio) of the one-call-per-hand figure
    try:
        from pokerkit.utilities import Card

        lookup = brag_lookup_class()()
        cards = [tuple(Card.parse("".join(t[0] + t[1].lower() for t in h))) for h in texts]
        peer_rank, entries = best_of(lambda: [lookup.get_entry(c).index for c in cards], 3)
        peer_strengths = np.array(entries)
        # Same order and ties as ours on every hand, or nothing is timed.
        _, ours_dense = np.unique(ours, return_inverse=True)
        _, peer_dense = np.unique(peer_strengths, return_inverse=True)
        assert np.array_equal(ours_dense, peer_dense), "pokerkit BragLookup disagrees with the kernel"
        peers[f"pokerkit {version('pokerkit')} (BragLookup)"] = (peer_rank, peer_strengths)
    except ImportError:
        print("pokerkit is not installed: pip install pokerkit")
    try:
        import eval7

        seven = [[eval7.Card(t[0] + t[1].lower()) for t in h] for h in texts]
        seven_rank, _ = best_of(lambda: [eval7.evaluate(h) for h in seven], 3)
        print(f"eval7 {version('eval7')}: {n:,} hands in "
              f"{seven_rank * 1e3:.1f} ms = {n / seven_rank / 1e6:.2f} million hands/s "
              f"(trips/pair/high card only, cannot rank Brag runs or flushes); "
              f"this toolkit is {seven_rank / ours_rank:,.0f}x faster in a batch, "
              f"{seven_rank / single_rank:,.2f}x called per hand")
        per_hand.append((f"eval7 {version('eval7')}: {n / seven_rank / 1e6:.2f} M hands/s (no runs or flushes: a "
                         f"speed ceiling, not a Brag ranker)", f"{seven_rank / single_rank:,.2f}x"))
    except ImportError:
        print("eval7 is not installed: pip install eval7")

    for name, (peer_rank, _) in peers.items():
        print(f"{name}: {n:,} hands in {peer_rank * 1e3:.1f} ms = {n / peer_rank / 1e6:.3f} million hands/s; "
              f"this toolkit is {peer_rank / ours_rank:,.0f}x faster in a batch, "
              f"{peer_rank / single_rank:,.1f}x called per hand")
        ranking += [f"{name}: {peer_rank * 1e3:.1f} ms ({n / peer_rank / 1e6:.2f} M hands/s)",
                    f"{peer_rank / ours_rank:,.0f}x"]
        per_hand.insert(0, (f"{name}: {n / peer_rank / 1e6:.2f} M hands/s", f"{peer_rank / single_rank:,.1f}x"))
    rows = [ranking, ["the same, one call per hand from Python", f"{n / single_rank / 1e6:.2f} M hands/s",
                      "; ".join(peer for peer, _ in per_hand), "; ".join(ratio for _, ratio in per_hand)]]

    # The full heads-up equity table.
    mask = np.ones(n, dtype=bool)
    first_table = first_call(versus_table, table.hands, table.strengths, table.order, mask)
    ours_table, (beats, ties, available) = best_of(
        lambda: versus_table(table.hands, table.strengths, table.order, mask), 20)
    compile_table = compile_seconds(versus_table, ours_table, table.hands, table.strengths, table.order, mask)
    print(f"this toolkit: full heads-up equity table of {n:,} hands in {ours_table * 1e3:.2f} ms; "
          f"numba compile {compile_table:.2f} s once, first call here {first_table:.3f} s")

    def numpy_table(strengths):
        return inclusion_exclusion_counts(hands, strengths)

    # Checked on our own ranks first, so the counting is known right whichever peer ranks.
    win, tie = numpy_table(table.strengths)
    assert np.array_equal(win, beats) and np.array_equal(tie, ties), "the inclusion-exclusion count is wrong"

    for name, (peer_rank, peer_strengths) in peers.items():
        count_time, (win, tie) = best_of(lambda: numpy_table(peer_strengths), 5)
        assert np.array_equal(win, beats) and np.array_equal(tie, ties), "tables differ"
        total = peer_rank + count_time
        print(f"{name} + numpy counts: the same table in {total:.2f} s "
              f"({peer_rank:.3f} s ranking + {count_time:.2f} s counting); "
              f"this toolkit is {total / ours_table:,.0f}x faster warm, "
              f"{total / (ours_table + compile_table):.2f}x counting numba's compile")
        rows.append([f"full heads-up equity table, {n:,} hands", f"{ours_table * 1e3:.2f} ms (numba compile "
                     f"{compile_table:.2f} s once)", f"{name} ranks + numpy inclusion-exclusion counts: {total:.2f} s",
                     f"{total / ours_table:,.0f}x ({total / (ours_table + compile_table):.2f}x with the compile)"])
    if not peers:
        rows.append([f"full heads-up equity table, {n:,} hands", f"{ours_table * 1e3:.2f} ms",
                     "pokerkit not installed"])
    rows.append([f"rank {len(hands4):,} four-card hands", f"{four_rank * 1e3:.1f} ms "
                 f"({len(hands4) / four_rank / 1e6:.0f} M hands/s)", "none found", ""])
    for row in rows:
        row += [""] * (4 - len(row))
    record("bench_brag", "Brag hand ranking and the full heads-up equity table. pokerkit's `Lookup`, given the "
           "entries in Brag order, is the only Python evaluator found that ranks three-card runs and flushes; it is "
           "checked to order all 22,100 hands exactly like ours before any time is printed.\n\n"
           + markdown_table(["task", "this toolkit", "peer", "ratio"], rows))


if __name__ == "__main__":
    main()
