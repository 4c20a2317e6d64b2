"""Each side's place at a finished table, as the club's ratings rank it, for each game."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import get_ruleset

KITTY = get_ruleset("columbus-6-card-kitty")
FREE_FOR_ALL = ("three-legged-kitty", "ascot", "cutthroat-pinochle")


def test_6_card_kitty_the_round_winner_is_first_whatever_the_points():
    assert KITTY.places((9, 4), 0) == (1, 2)
    assert KITTY.places((4, 9), 1) == (2, 1)
    # Rule 6: tied on points, the tiebreaker hand decided it (its points do not count).
    assert KITTY.places((7, 7), 1) == (2, 1)
    # A forfeit (rule 7): the opponents win it with their points.
    assert KITTY.places((0, 5), 1) == (2, 1)


def test_6_card_kitty_with_no_winner_is_level():
    assert KITTY.places((7, 7), None) == (1, 1)


@pytest.mark.parametrize("game", FREE_FOR_ALL)
def test_the_higher_total_places_higher(game):
    ruleset = get_ruleset(game)
    assert ruleset.places((12, 5, 9), 0) == (1, 3, 2)
    assert ruleset.places((-30, 40, -10), 1) == (3, 1, 2)  # Pinochle: chips won or paid
    assert ruleset.places((60, 10, 10, 30), 0) == (1, 3, 3, 2)  # Ascot at four


@pytest.mark.parametrize("game", FREE_FOR_ALL)
def test_a_tie_for_the_top_shares_first_place(game):
    assert get_ruleset(game).places((20, 20, 3), None) == (1, 1, 3)


@pytest.mark.parametrize("game", FREE_FOR_ALL)
@given(st.lists(st.integers(-500, 500), min_size=3, max_size=4))
def test_places_follow_the_totals(game, totals):
    ruleset = get_ruleset(game)
    best = max(totals)
    winner = totals.index(best) if totals.count(best) == 1 else None
    places = ruleset.places(totals, winner)
    assert len(places) == len(totals)
    for a, total_a in enumerate(totals):
        assert places[a] == 1 + sum(1 for t in totals if t > total_a)
