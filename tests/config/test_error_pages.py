"""What a phone or the laptop shows when something is refused or not found: the site's
own page, with the header, sized for a phone, saying what to do next (config/errors.py),
never Django's bare "Not Found" text; and nothing changed by what was refused."""

import pytest
from django.test import Client, RequestFactory
from django.utils.html import escape
from django.views.defaults import server_error

from config.errors import FORM_REFUSED, NOT_FOUND
from scoring.models import Hand
from tables.access import LINK_NOT_VALID
from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support.helpers import SIMPLE_HAND, published_round, side_link, table_of

pytestmark = pytest.mark.django_db

BARE = ("The requested resource was not found", "Bad Request (400)", "CSRF verification")


def site_page(response, status: int) -> str:
    text = response.content.decode()
    assert response.status_code == status
    assert '<a class="brand" href="/">Kitty TD</a>' in text  # the site's header
    assert 'name="viewport"' in text  # drawn for a phone's width
    assert not any(bare in text for bare in BARE), text
    return text


@pytest.mark.parametrize("game", GAMES)
def test_a_sides_old_link_after_a_new_one_says_to_ask_the_director(game, director_client):
    tournament = make_tournament(game, entrants=ONE_TABLE[game], published=True)
    table = table_of(published_round(tournament))
    old = side_link(table, 0)
    director = f"/t/{tournament.slug}/round/1/table/{table.number}/"
    assert director_client.post(director + "new-link/", {"side": "0"}).status_code == 302
    phone = Client()
    assert escape(LINK_NOT_VALID) in site_page(phone.get(old), 404)
    assert site_page(phone.get(side_link(table, 0)), 200)  # the new one opens


def test_an_address_nobody_made_says_so_on_the_sites_page():
    assert NOT_FOUND in site_page(Client().get("/no/such/page/"), 404)


def test_a_missing_row_is_not_described_as_a_query(director_client):
    tournament = make_tournament(GAMES[0], entrants=ONE_TABLE[GAMES[0]], published=True)
    published_round(tournament)
    text = site_page(director_client.get(f"/t/{tournament.slug}/round/1/table/99/"), 404)
    assert "query" not in text and NOT_FOUND in text


def test_a_staff_page_refused_to_a_player_says_why(player_client):
    tournament = make_tournament(GAMES[0], entrants=ONE_TABLE[GAMES[0]], published=True)
    published_round(tournament)
    text = site_page(player_client.get(f"/t/{tournament.slug}/round/1/console/"), 403)
    assert "director" in text


@pytest.mark.parametrize("game", GAMES)
def test_a_hand_sent_without_the_security_cookie_says_what_to_do_and_stores_nothing(game):
    tournament = make_tournament(game, entrants=ONE_TABLE[game], published=True)
    table = table_of(published_round(tournament))
    phone = Client(enforce_csrf_checks=True)
    response = phone.post(side_link(table, 0) + "enter/", {**SIMPLE_HAND[game], "nonce": "n1"})
    assert FORM_REFUSED in site_page(response, 403)
    assert not Hand.objects.filter(table=table).exists()


def test_an_address_the_laptop_does_not_answer_to_says_so():
    text = site_page(Client().get("/", HTTP_HOST="not-this-laptop.example"), 400)
    assert "address" in text


def test_a_server_error_is_the_sites_page_and_reads_nothing(django_assert_num_queries):
    request = RequestFactory().get("/anything/")
    with django_assert_num_queries(0):
        response = server_error(request)
    text = response.content.decode()
    assert response.status_code == 500
    assert "Kitty TD" in text and 'name="viewport"' in text and "kitty" in text
    assert "go back and try again" in text
