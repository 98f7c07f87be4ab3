"""The heads-up lead table: the win-seeking recursion's values for every opponent card, and the same games."""

import numpy as np
import pytest

from analysis.errors import InvalidArgument
from analysis.yacht import heads_up
from analysis.yacht.match import simulate_match
from analysis.yacht.target import as_plain_rules, card_mask
from analysis.yacht.win import parse_position, win_chances

RULES = as_plain_rules("yacht_kr")
EXACT_FROM = 2


@pytest.fixture(scope="module")
def table():
    return heads_up.lead_table(RULES, EXACT_FROM)


def looked_up(table, me: str, them: str) -> float:
    mine, theirs = parse_position(RULES, me), parse_position(RULES, them)
    lead = table.offset + mine.score - theirs.score
    if lead < 0:
        return 0.0
    row = table.values[table.index[card_mask(RULES, theirs.open_boxes)], table.index[card_mask(RULES, mine.open_boxes)]]
    return float(row[min(lead, row.shape[0] - 1)])


@pytest.mark.parametrize("me, them", [
    ("100:Chase Off,Straight", "120:Choice,Aces"),          # behind
    ("150:Six Beans,Full House", "130:Chase Off"),          # ahead, the opponent one box from the end
    ("180:Chase Off", "185:Straight,Four Dice"),            # one box left against two
    ("80:Chase Off,Even Straight", "120:"),                 # the opponent has finished
    ("250:Aces,Two Beans", "100:Chase Off"),                # ahead by more than the opponent can add
    ("60:Aces", "200:Chase Off,Straight"),                  # behind by more than I can add
])
@pytest.mark.slow
def test_values_are_the_recursions_share(table, me, them):
    # win_chances runs the recursion for this one position in numpy, apart from the table's kernels.
    exact = win_chances(RULES, me, [them], to_win=True).to_win_share
    assert looked_up(table, me, them) == pytest.approx(exact, abs=1e-12)


@pytest.mark.slow
def test_table_covers_the_cards_with_few_open_boxes(table):
    n_boxes = len(RULES.boxes)
    kept = (table.index >= 0).sum()
    assert kept == 1 + n_boxes + n_boxes * (n_boxes - 1) // 2      # full card, one open box, two open boxes
    assert table.values.shape == (kept, kept, 2 * table.offset + 2)
    assert np.all((table.values >= 0) & (table.values <= 1 + 1e-12))


@pytest.mark.parametrize("start", [None, ("40:Chase Off,Straight,Aces", "70:Choice,Four Dice"),
                                   ("40:Chase Off,Straight", "70:Choice,Four Dice,Full House,Aces")])
@pytest.mark.slow
def test_same_games_with_and_without_the_table(table, start):
    # The last start gives the opponent more open boxes than the table keeps: those turns run the recursion.
    kwargs = dict(games=300, seed=7, exact_from=EXACT_FROM)
    if start:
        kwargs.update(start=start, rotate=False)
    without = simulate_match(RULES, ("to-win", "optimal"), heads_up_table=False, **kwargs)
    with_table = simulate_match(RULES, ("to-win", "optimal"), heads_up_table=True, **kwargs)
    assert np.array_equal(without.finals, with_table.finals)
    assert np.array_equal(without.differed, with_table.differed)
    assert without.differed.sum() > 0        # the win-seeking player did play differently


@pytest.mark.parametrize("kwargs", [dict(players=3), dict(exact_from=heads_up.MOST_OPEN + 1)])
def test_table_refused_where_it_does_not_serve(kwargs):
    with pytest.raises(InvalidArgument, match="lead table"):
        simulate_match(RULES, ("to-win", "optimal"), games=10, heads_up_table=True, **kwargs)
