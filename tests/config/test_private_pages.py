"""A page whose address is a credential never sends it on in a Referer (config/private.py):
a side's link, a player's own link, an entrant's check-in link, whatever the answer, name
the site alone (not no-referrer, whose `Origin: null` fails every form's CSRF check in a
browser: the browser nights post from these pages); every other page keeps the site's
same-origin policy."""

import pytest
from django.test import Client

from config.private import private_page
from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support.helpers import SIMPLE_HAND, enter, published_round, side_link, table_of
from tournament import own_links

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("game", GAMES)
def test_every_answer_on_a_credentials_address_refers_by_the_site_alone(game):
    tournament = make_tournament(game, entrants=ONE_TABLE[game], published=True, self_checkin=True)
    table = table_of(published_round(tournament))
    entrant = tournament.entrants.first()
    links = own_links.links_for([entrant], tournament.is_partnership)
    own = own_links.own_path(links[entrant.pk, 1].token)
    checkin = f"/t/{tournament.slug}/checkin/me/{entrant.checkin_token}/"
    phone = Client()
    answers = {
        "side's page": phone.get(side_link(table, 0)),
        "side's hand": enter(phone, table, SIMPLE_HAND[game], side=0),
        "side's refusal": phone.post(side_link(table, 0) + "accept/", {"hand": "x"}),
        "unknown side": phone.get("/s/no-such-link/"),
        "NUL in a side's": phone.get("/s/%00/"),
        "player's own": phone.get(own),
        "player's own, deeper": phone.get(own + "r/1/"),
        "check-in page": phone.get(checkin),
        "check-in tap": phone.post(checkin),
        "unknown check-in": phone.get(f"/t/{tournament.slug}/checkin/me/nope/"),
    }
    for what, response in answers.items():
        assert response["Referrer-Policy"] == "strict-origin", what
    for public in (
        f"/t/{tournament.slug}/",
        f"/t/{tournament.slug}/checkin/self/",
        f"/t/{tournament.slug}/round/1/pairings/",
    ):
        response = Client().get(public)
        assert response.status_code == 200, public
        assert response["Referrer-Policy"] == "same-origin", public


def test_only_a_credentials_address_is_private():
    for path in ("/s/abc/", "/s/abc/enter/", "/p/abc/", "/p/abc/r/2/accept/", "/t/x/checkin/me/a/"):
        assert private_page(path), path
    for path in ("/", "/t/s/", "/t/p/round/1/", "/t/x/checkin/self/", "/static/p/x.css", "/sp/"):
        assert not private_page(path), path
