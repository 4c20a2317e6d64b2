"""A side's page left open from a past round leads to its entrant's next table, for each
of the four games (issue 33, item 6): once the later round is published (not while it is
a draft), the open phone's next poll shows at the top where they play now, with that
seat's own link, or that they have a bye, sit out, or are not drawn."""

import re

import pytest
from django.test import Client

from draw.rounds import draw_next_round, publish
from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support.helpers import (
    FINISHING,
    accepted_hands,
    published_round,
    side_link,
    sign_every_side,
)
from tournament.models import Bye, Entrant, Seat

pytestmark = pytest.mark.django_db


def text(response) -> str:
    """The page's words as a reader sees them: no markup, spaces as one."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", response.content.decode(), flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def poll_of(response) -> str:
    """The address the page polls, as htmx asks it."""
    return re.search(r'hx-get="([^"]+)"', response.content.decode())[1].replace("&amp;", "&")


def polled(client: Client, url: str):
    return client.get(url, HTTP_HX_REQUEST="true")


def round_one_played(game: str, entrants: int):
    """Round 1 published and played out at every table: round 2 may be drawn."""
    options, hands = FINISHING[game]
    tournament = make_tournament(game, entrants=entrants, published=True, options=options)
    first = published_round(tournament)
    for table in first.tables.all():
        accepted_hands(table, hands)
        sign_every_side(table)
    return tournament, first


def side_name(seat: Seat) -> str:
    ruleset = seat.table.round.tournament.ruleset
    seats = seat.table.seats.count()
    return ruleset.side_names(ruleset.players_at_table(seats))[seat.position]


@pytest.mark.parametrize("game", GAMES)
def test_a_past_rounds_page_leads_to_the_next_table_once_it_is_published(game):
    tournament, first = round_one_played(game, 2 * ONE_TABLE[game])
    seat = first.tables.get(number=2).seats.get(position=1)
    phone = Client()
    url = side_link(seat.table, 1)
    opened = phone.get(url)
    assert "is drawn" not in text(opened)
    poll = poll_of(opened)
    assert polled(phone, poll).status_code == 204

    draft = draw_next_round(tournament, seed=2)  # a draft: its seats may still move
    assert polled(phone, poll).status_code == 204
    assert "is drawn" not in text(phone.get(url))

    publish(draft)
    answer = polled(phone, poll)  # the open phone's next poll
    assert answer.status_code == 200
    there = Seat.objects.select_related("table__round__tournament").get(
        table__round=draft, entrant=seat.entrant
    )
    words = text(answer)
    said = f"Round 2 is drawn: you play at table {there.table.number}, {side_name(there)} →"
    assert said in words
    assert words.index(said) < words.index("Round 1")  # at the top, above the table
    assert f'href="/s/{there.token}/"' in answer.content.decode()
    # The link is that seat's own: the same entrant's side at round 2's table.
    followed = Client().get(f"/s/{there.token}/")
    assert followed.status_code == 200 and followed.context["table"].pk == there.table_id
    assert "is drawn" not in text(followed)  # the newest round's page leads nowhere
    assert polled(phone, poll_of(answer)).status_code == 204  # and stays put


@pytest.mark.parametrize("game", [g for g in GAMES if g != "ascot"])
def test_a_bye_or_sitting_out_in_the_later_round_is_said(game):
    """One more than a table: a team has a bye, a player sits out (Ascot seats any number
    from six at tables of three and four: nobody sits out there)."""
    tournament, first = round_one_played(game, ONE_TABLE[game] + 1)
    second = published_round(tournament, seed=2)
    out = Bye.objects.get(round=second).entrant
    seat = Seat.objects.filter(table__round=first, entrant=out).first()
    assert seat is not None, "the bye of round 2 was seated in round 1"
    words = text(Client().get(f"/s/{seat.token}/"))
    said = "your team has a bye" if tournament.is_partnership else "you sit out this round"
    assert f"Round 2 is drawn: {said}." in words
    assert "you play at table" not in words


@pytest.mark.parametrize("game", GAMES)
def test_an_entrant_not_drawn_in_the_later_round_is_told_so(game):
    tournament, first = round_one_played(game, 2 * ONE_TABLE[game])
    seat = first.tables.get(number=1).seats.get(position=0)
    Entrant.objects.filter(pk=seat.entrant_id).update(withdrawn=True)
    second = published_round(tournament, seed=2)
    assert not Seat.objects.filter(table__round=second, entrant=seat.entrant_id).exists()
    words = text(Client().get(f"/s/{seat.token}/"))
    assert "Round 2 is drawn: you do not play in it." in words
    # Their round 1 side still has its sheet, as before.
    assert "Table 1" in words


@pytest.mark.parametrize("game", GAMES)
def test_following_the_entrant_costs_a_poll_nothing_and_a_past_rounds_page_two_queries(
    game, django_assert_max_num_queries
):
    """A poll reads the newest round in its one query (the link's read, with the version),
    and so does the page of the newest round; a past round's page reads the entrant's place
    in the newest round, and the seat it leads to."""
    tournament, first = round_one_played(game, 2 * ONE_TABLE[game])
    url = side_link(first.tables.get(number=1), 0)
    phone = Client()
    with django_assert_max_num_queries(5):
        poll = poll_of(phone.get(url))
    with django_assert_max_num_queries(1):
        assert polled(phone, poll).status_code == 204
    published_round(tournament, seed=2)
    with django_assert_max_num_queries(7):
        page = phone.get(url)
    assert "Round 2 is drawn" in text(page)
    with django_assert_max_num_queries(1):
        assert polled(phone, poll_of(page)).status_code == 204
