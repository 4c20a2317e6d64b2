"""A side's page at a table where nothing is stored yet: what every phone opens as the
round starts. The link's own read says so, and the page reads nothing more; once a hand
or a ruling is stored, the page shows it."""

import pytest
from django.test import Client

from scoring import entry, rulings
from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support.helpers import SIMPLE_HAND, enter, published_round, side_link, table_of

pytestmark = pytest.mark.django_db


def fresh_table(game: str):
    tournament = make_tournament(game, entrants=2 * ONE_TABLE[game], published=True)
    return table_of(published_round(tournament))


@pytest.mark.parametrize("game", GAMES)
def test_a_fresh_tables_page_is_the_links_one_read(game, django_assert_max_num_queries):
    link = side_link(fresh_table(game), 0)
    with django_assert_max_num_queries(1):
        response = Client().get(link)
    assert response.status_code == 200
    page = response.context
    assert page["slot"] == (1, 1) and page["form"] is not None  # hand 1 to enter
    assert page["pending"] is None and page["history"] == []
    assert not page["sheet"].rows


@pytest.mark.parametrize("game", GAMES)
def test_a_hand_entered_shows_on_both_sides_pages(game):
    table = fresh_table(game)
    scorer, other = Client(), Client()
    assert scorer.get(side_link(table, 0)).context["pending"] is None
    assert enter(scorer, table, SIMPLE_HAND[game]).status_code == 302
    for client, side in ((scorer, 0), (other, 1)):
        page = client.get(side_link(table, side)).context
        assert page["pending"] is not None and page["pending"].hand.number == 1
        assert [change.action for change in page["history"]], "the hand is in the history"


def test_a_round_ruling_alone_shows_on_the_sides_pages(director):
    """6 Card Kitty rule 7 (a team absent: its round forfeited) is ruled on no hand: at a
    table where no hand was ever entered, it is the only fact stored, and both sides see it."""
    table = fresh_table("columbus-6-card-kitty")
    rulings.record(
        table,
        rulings.Proposal(
            code="7", hand="", offender=1, choice="", note="not at the table", early=True
        ),
        actor=entry.Actor(user=director, label="Director td"),
    )
    for side in (0, 1):
        page = Client().get(side_link(table, side)).context
        (line,) = page["ruling_lines"]
        assert line.ruling.code == "7" and "not at the table" in line.effect
