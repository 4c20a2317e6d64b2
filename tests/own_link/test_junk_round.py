"""A round number no round has, however large, in a player's own link: 404, never a 500."""

import pytest
from django.test import Client

from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support.helpers import published_round, table_of
from tournament import own_links

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("number", ["0", "7", "70000", "99999999999999999999"])
def test_a_round_that_is_not_there_is_404(game, number):
    tournament = make_tournament(game, entrants=ONE_TABLE[game], published=True)
    entrant = table_of(published_round(tournament)).seats.get(position=0).entrant
    link = own_links.links_for([entrant], tournament.is_partnership)[(entrant.pk, 1)]
    url = f"/p/{link.token}/r/{number}/"
    assert Client().get(url).status_code == 404
    assert Client().post(url + "enter/", {"nonce": "x"}).status_code == 404
    assert Client().post(url + "preview/", {}).status_code == 404
