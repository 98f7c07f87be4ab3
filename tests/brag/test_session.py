"""The pack from deal to deal, and sessions: the same play plain and compiled, no chip made or lost."""

import numpy as np
import pytest

from analysis.brag.table import _session_kernels as S
from analysis.brag.showdown.cards import parse_cards
from analysis.brag.table.deal import Deal, rule_vector
from analysis.brag.table.kernel_tables import SolvedGame
from analysis.brag.rules import preset
from analysis.brag.table.session import bot_row, session

HANDS = ["QS QD 4C", "AS 7H 2D", "9C 9H KD"]


def _dealt_order(hands):
    """The pack's top as dealt: one card at a time from seat 1."""
    cards = [parse_cards(h) for h in hands]
    return [cards[s][j] for j in range(3) for s in range(len(hands))]


def test_pack_after_a_seen_deal_folded_hands_first_then_the_shown_ones():
    deal = Deal("brag3", hands=HANDS)
    deal.play("look,bet,look,fold,look,bet,see")
    top = _dealt_order(HANDS)
    stock = [c for c in range(52) if c not in top]
    assert deal.next_pack() == stock + list(parse_cards(HANDS[1])) + list(parse_cards(HANDS[0])) \
        + list(parse_cards(HANDS[2]))


def test_pack_is_shuffled_after_a_seen_hand_won_by_a_prial_only():
    prial = ["3S 3H 3D", "AS 7H 2D"]
    won = Deal("brag3", hands=prial)
    won.play("look,bet,look,bet,see")          # seat 1 sees, its prial wins
    pack = won.next_pack(seed=5)
    assert sorted(pack) == list(range(52)) and pack != won.next_pack(seed=6)
    unseen = Deal("brag3", hands=prial)
    unseen.play("look,bet,look,fold")          # the prial wins unseen: no shuffle
    assert unseen.next_pack()[-6:] == list(parse_cards(prial[1])) + list(parse_cards(prial[0]))


def test_pack_keeps_a_kept_blind_hand_out_and_gather_shuffle_always_shuffles():
    deal = Deal("brag3", hands=HANDS)
    deal.play("bet,look,fold,look,fold")       # seat 1 left alone, blind: keeps its hand
    pack = deal.next_pack()
    assert len(pack) == 49 and not set(parse_cards(HANDS[0])) & set(pack)
    assert pack[-6:] == list(parse_cards(HANDS[1])) + list(parse_cards(HANDS[2]))
    fresh = Deal(preset("brag3", gather="shuffle"), hands=HANDS)
    fresh.play("look,bet,look,fold,look,fold")
    assert sorted(fresh.next_pack()) == list(range(52))
    assert fresh.next_pack()[-6:] != list(parse_cards(HANDS[1])) + list(parse_cards(HANDS[2]))


def _both_ways(rules, bots, deals, seed, bankroll):
    from analysis.brag.table.session import _NO_SOLVE, solved_tables

    n = len(bots)
    solved = solved_tables(rules, n) or _NO_SOLVE
    out = []
    for play in (S.play_session, S.jitted()["play_session"]):
        net, counts, banks = np.zeros((deals, n)), np.zeros(S.C_SIZE, np.int64), np.zeros((3, n))
        observed = np.zeros((deals, S.O_SIZE), np.int64)
        bp = np.array([bot_row(rules, b, n) for b in bots])
        play(rule_vector(rules), bp, n, deals, seed, bankroll, net, counts, banks, observed, solved)
        out.append((net, counts, banks, observed))
    return out


@pytest.mark.parametrize("name,bots", [("brag3", ["strategy", "blind", "threshold"]),
                                       ("brag3", ["observer", "fresh-deck", "blind"]),
                                       ("brag4", ["blind", "never-bluff", "threshold", "strategy"])])
@pytest.mark.slow
def test_plain_and_compiled_sessions_play_the_same_deals(name, bots):
    (net, counts, banks, seen), (net2, counts2, banks2, seen2) = _both_ways(preset(name), bots, 40, 3, 12.0)
    assert np.array_equal(net, net2) and np.array_equal(counts, counts2) and np.array_equal(banks, banks2)
    assert np.array_equal(seen, seen2)
    assert counts[S.C_COVERS] > 0 and counts[S.C_KEPT] > 0     # the short bankroll brings covers


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_sessions_conserve_chips(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 9))
    bots = list(rng.choice(["strategy", "threshold", "blind", "never-bluff"], n))
    rules = preset(str(rng.choice(["brag3", "brag4", "teen_patti"])))
    s = session(rules, players=n, bots=bots, deals=3000, seed=seed, bankroll=float(rng.integers(5, 60)))
    made = sum(s.chips_per_deal) * s.deals + s.carried_out
    assert abs(made) < 1e-6
    # Each deal: what the seats won, plus the change in the carried pot, is nothing.
    (net, counts, banks, _), _ = _both_ways(rules, bots, 200, seed, 20.0)
    assert abs(net.sum() + banks[2, 0]) < 1e-9
    assert np.isclose(banks[0].sum() + banks[2, 0], 20.0 * n + banks[1].sum())


def test_session_same_answer_for_the_same_seed_and_different_for_another():
    a = session("brag3", players=5, deals=2000, seed=1)
    b = session("brag3", players=5, deals=2000, seed=1)
    c = session("brag3", players=5, deals=2000, seed=2)
    assert a.chips_per_deal == b.chips_per_deal and a.chips_per_deal != c.chips_per_deal


def test_session_cli(odds):
    result = odds("brag", "session", "--players", "5", "--deals", "2000", "--seed", "1", "--json")
    assert result.code == 0
    data = result.json()
    assert len(data["seats"]) == 5 and all(len(s["interval_95"]) == 2 for s in data["seats"])
    assert "the stored 5-player solve" in data["bots"]["strategy"]
    four_cards = odds("brag", "session", "--preset", "brag4", "--players", "5", "--bots",
                      "strategy,threshold,blind,never-bluff,strategy", "--deals", "200", "--json")
    assert "not a solved strategy" in four_cards.json()["bots"]["strategy"]
    text = odds("brag", "session", "--players", "3", "--bots", "strategy,blind,threshold", "--deals", "500")
    assert text.code == 0 and "chips per deal" in text.out and "the stored 3-player solve" in text.out


@pytest.mark.parametrize("argv", [("--players", "9", "--deals", "10"), ("--players", "1"),
                                  ("--players", "3", "--bots", "strategy,blind"),
                                  ("--players", "2", "--bots", "strategy,magic"), ("--deals", "0"),
                                  ("--bankroll", "0.5")])
def test_session_bad_input_is_one_sentence(odds, argv):
    from tests.conftest import assert_one_sentence_error

    assert_one_sentence_error(odds("brag", "session", *argv))


def test_blind_bots_look_where_blind_betting_is_not_allowed():
    s = session(preset("brag3", blind_play=False), players=3, bots=["blind", "strategy", "threshold"],
                deals=500, seed=1)
    assert s.chips_per_deal[0] != -1.0 and s.chips_per_deal[1] != -1.0 and s.bought_in[0] == 0


def test_the_strategy_bot_plays_the_solved_mix_while_the_deal_is_inside_the_solved_game():
    """With a stored solve rigged to fold at the first turn, the strategy bot folds there in every deal
    it opens that starts inside the solved game (no seat holding two hands), losing its ante; played
    alike as plain Python and compiled."""
    from analysis.brag.table.session import _NO_SOLVE, solved_tables

    rules = preset("brag3")
    solved = solved_tables(rules, 3)
    assert solved is not None, "the package's three-player solve is missing (scripts/brag_ship_solves.py)"
    tree, policy, edges = solved
    rigged = np.zeros_like(policy)
    folds = [c for c in range(tree[0, 2], tree[0, 2] + tree[0, 3]) if tree[c, 0] == S.FOLD]
    rigged[:, :, 0] = 1.0                                   # elsewhere the first move listed
    rigged[0, :, :] = 0.0
    rigged[0, :, folds[0] - tree[0, 2]] = 1.0
    bots = ["strategy", "blind", "threshold"]
    bp = np.array([bot_row(rules, b, 3) for b in bots])
    deals = 60
    results = []
    for play in (S.play_session, S.jitted()["play_session"]):
        net, counts, banks = np.zeros((deals, 3)), np.zeros(S.C_SIZE, np.int64), np.zeros((3, 3))
        observed = np.zeros((deals, S.O_SIZE), np.int64)
        play(rule_vector(rules), bp, 3, deals, 5, 200.0, net, counts, banks, observed, SolvedGame(tree, rigged, edges))
        results.append(net)
    assert np.array_equal(results[0], results[1])
    opened = [d for d in range(deals) if d % 3 == 0]       # dealer seat 3 first, so seat 1 opens deals 0, 3, ...
    plain = np.zeros((deals, 3))
    play = S.jitted()["play_session"]
    play(rule_vector(rules), bp, 3, deals, 5, 200.0, plain, np.zeros(S.C_SIZE, np.int64), np.zeros((3, 3)),
         np.zeros((deals, S.O_SIZE), np.int64), _NO_SOLVE)
    folded = [d for d in opened if results[0][d, 0] == -rules.ante]
    assert len(folded) >= len(opened) // 2 and not all(plain[d, 0] == -rules.ante for d in opened)


def test_a_long_session_is_the_same_table_on_any_scheduler_and_keeps_every_chip(monkeypatch):
    import importlib

    from analysis.brag.table.session import long_session

    monkeypatch.setattr(importlib.import_module("analysis.brag.table.session"), "SITTING_DEALS", 1000)
    bots = ["threshold", "blind", "never-bluff", "threshold"]
    runs = [long_session("brag3", 4, bots, deals=3500, seed=2, bankroll=30.0, scheduler=s)
            for s in ("sync", "processes")]
    assert runs[0].chips_per_deal == runs[1].chips_per_deal and runs[0].interval == runs[1].interval
    assert runs[0].counts == runs[1].counts and runs[0].bought_in == runs[1].bought_in
    one = runs[0]
    # Chips: what the seats won, plus the pots carried out of each sitting's last deal, is nothing.
    assert abs(sum(one.chips_per_deal) * one.deals + one.carried_out) < 1e-6
    assert one.counts["covers"] > 0 and one.counts["kept_blind_hands"] > 0
    # Each sitting is its own seeded session: the first is the plain session of the seed.
    first = session("brag3", 4, bots, deals=800, seed=2, bankroll=30.0)
    short = long_session("brag3", 4, bots, deals=800, seed=2, bankroll=30.0, scheduler="sync")
    assert short.chips_per_deal == first.chips_per_deal


def test_a_long_session_from_the_command(odds):
    result = odds("brag", "session", "--players", "3", "--bots", "threshold,blind,never-bluff", "--deals", "3000",
                  "--seed", "4", "--scheduler", "sync", "--json")
    assert result.code == 0, result.err
    plain = odds("brag", "session", "--players", "3", "--bots", "threshold,blind,never-bluff", "--deals", "3000",
                 "--seed", "4", "--json")
    assert result.json()["seats"] == plain.json()["seats"]      # one sitting: the plain session
    bad = odds("brag", "session", "--players", "3", "--deals", "10", "--scheduler", "nowhere")
    from tests.conftest import assert_one_sentence_error
    assert_one_sentence_error(bad)
