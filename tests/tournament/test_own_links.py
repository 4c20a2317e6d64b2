"""A player's own link for the night, for each of the four games: one per player (each
partner of a team too), made once for all when first needed, and replaced by the
director from the check-in page when lost or shared (the old one then stops working)."""

import io

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from pypdf import PdfReader

from tests.conftest import GAMES, make_tournament
from tournament import own_links
from tournament.models import Director, OwnLink

pytestmark = pytest.mark.django_db

PLAYERS = {"columbus-6-card-kitty": 2}  # each partner has their own link; else one


def tokens(tournament) -> dict[tuple[int, int], str]:
    return {
        (link.entrant_id, link.place): link.token
        for link in OwnLink.objects.filter(entrant__tournament=tournament)
    }


@pytest.mark.parametrize("game", GAMES)
def test_links_are_made_once_for_every_player_in_a_few_queries(game, django_assert_num_queries):
    for entrants in (2, 30):
        tournament = make_tournament(game, entrants=entrants, slug=f"night-{entrants}")
        everyone = list(tournament.entrants.all())
        partnerships = tournament.is_partnership
        with django_assert_num_queries(3):  # read, make the missing, read them all
            made = own_links.links_for(everyone, partnerships)
        assert len(made) == entrants * PLAYERS.get(game, 1)
        with django_assert_num_queries(1):  # made already: read only
            again = own_links.links_for(everyone, partnerships)
            players = [  # no query a link: each holds its entrant
                own_links.player_name(link.entrant, link.place, partnerships)
                for link in again.values()
            ]
        assert {k: v.token for k, v in again.items()} == {k: v.token for k, v in made.items()}
        if partnerships:
            assert players[:2] == ["North 1", "South 1"]
        assert len({link.token for link in made.values()}) == len(made)
        assert all(len(link.token) >= 32 for link in made.values())


@pytest.mark.parametrize("game", GAMES)
def test_replacing_a_link_gives_a_new_token_and_the_old_one_finds_nobody(game):
    tournament = make_tournament(game, entrants=3)
    entrant = tournament.entrants.first()
    before = own_links.links_for([entrant], tournament.is_partnership)
    old = before[entrant.pk, 1].token
    new = own_links.replace(entrant, 1)
    assert new.token != old and new.place == 1 and new.entrant == entrant
    assert not OwnLink.objects.filter(token=old).exists()
    assert own_links.links_for([entrant], tournament.is_partnership)[entrant.pk, 1] == new
    if tournament.is_partnership:  # the partner's link is theirs: it stays
        assert OwnLink.objects.get(entrant=entrant, place=2).token == before[entrant.pk, 2].token
    with pytest.raises(ValueError):
        own_links.replace(entrant, 3 if tournament.is_partnership else 2)
    assert own_links.own_path(new.token) == f"/p/{new.token}/"


def checkin_page(tournament) -> str:
    return f"/t/{tournament.slug}/checkin/"


def new_link(tournament, entrant) -> str:
    return f"/t/{tournament.slug}/checkin/{entrant.pk}/new-link/"


@pytest.mark.parametrize("game", GAMES)
def test_the_director_gives_a_player_a_new_link_at_the_checkin_page(director_client, game):
    tournament = make_tournament(game, entrants=4)
    entrant = tournament.entrants.get(order=2)
    own_links.links_for(tournament.entrants.all(), tournament.is_partnership)
    before = tokens(tournament)
    html = director_client.get(checkin_page(tournament)).content.decode()
    if tournament.is_partnership:  # one button for each partner, by name
        assert html.count("New link for North ") == 4 and "New link for South 2" in html
        place, player = 2, "South 2"
    else:
        assert html.count(">New link</button>") == 4
        place, player = 1, entrant.name
    assert f"/p/{before[entrant.pk, place]}/" not in html  # shown only when asked

    response = director_client.post(
        new_link(tournament, entrant), {"q": "", "place": str(place)}, follow=True
    )
    after = tokens(tournament)
    assert after[entrant.pk, place] != before[entrant.pk, place]
    assert {k: v for k, v in after.items() if k != (entrant.pk, place)} == {
        k: v for k, v in before.items() if k != (entrant.pk, place)
    }
    page = response.content.decode()
    assert f"{player} has a new own link: the old one no longer works." in page
    # The new one, to scan from the director's screen; the old one nowhere.
    assert f"http://testserver/p/{after[entrant.pk, place]}/" in page
    assert f'alt="QR code of {player}\'s own link"' in page
    assert before[entrant.pk, place] not in page
    # The player's page answers the new link, and the old one no more.
    assert Client().get(f"/p/{before[entrant.pk, place]}/").status_code == 404
    assert Client().get(f"/p/{after[entrant.pk, place]}/").status_code == 200
    assert "no-cache" in response["Cache-Control"] or "no-store" in response["Cache-Control"]
    # The check-in codes print the new one.
    pdf = director_client.get(f"/t/{tournament.slug}/checkin/codes.pdf").content

    text = "".join("".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages).split())
    assert f"/p/{after[entrant.pk, place]}/" in text and before[entrant.pk, place] not in text


@pytest.mark.parametrize("game", GAMES)
def test_a_new_link_is_asked_for_by_post_by_its_staff_only_and_bad_input_changes_nothing(
    director_client, game
):
    tournament = make_tournament(game, entrants=3)
    entrant = tournament.entrants.first()
    own_links.links_for(tournament.entrants.all(), tournament.is_partnership)
    before = tokens(tournament)
    url = new_link(tournament, entrant)
    assert director_client.get(url).status_code == 405
    assert Client().post(url, {"place": "1"}).status_code == 302  # to the login page
    stranger = get_user_model().objects.create_user("other-td", password="pw-for-tests-2")
    Director.objects.create(user=stranger)
    elsewhere = Client()
    elsewhere.force_login(stranger)
    assert elsewhere.post(url, {"place": "1"}).status_code == 403
    no_such = 3 if tournament.is_partnership else 2
    for place in (str(no_such), "0", "", "junk", "-1", "9" * 40, "1\x00"):
        response = director_client.post(url, {"q": "", "place": place})
        assert response.status_code == 400, place
        assert f"Choose which player of {entrant.name} gets a new link." in (
            response.content.decode()
        )
    withdrawn = tournament.entrants.get(order=3)
    withdrawn.withdrawn = True
    withdrawn.save()
    assert director_client.post(new_link(tournament, withdrawn), {"place": "1"}).status_code == 404
    other = make_tournament(game, entrants=1, slug="another-night")
    theirs = other.entrants.get()
    assert director_client.post(new_link(tournament, theirs), {"place": "1"}).status_code == 404
    assert tokens(tournament) == before
