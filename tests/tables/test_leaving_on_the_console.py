"""A player's ask to leave after a round, as the director answers it on the console, for
each of the four games: listed in "Needs you" with who asked and when, confirmed (the
next draw leaves the entrant out; the round in play is played out as drawn) or turned
down (they stay in the draw)."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from draw.rounds import draw_next_round
from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support.floor import console_url, needs_on, words
from tests.support.helpers import FINISHING, accepted_hands, published_round, side_link
from tournament import leaving
from tournament.models import Bye, Director, Entrant, Seat

pytestmark = pytest.mark.django_db


@pytest.fixture(params=GAMES)
def in_play(request):
    """Round 1 of each game published, two tables of it, one ask to leave after it: by the
    team's second player at 6 Card Kitty, by the player themselves at the others."""
    game = request.param
    options, _ = FINISHING[game]
    tournament = make_tournament(
        game, entrants=2 * ONE_TABLE[game], published=True, options=options
    )
    round_ = published_round(tournament)
    seat = Seat.objects.filter(table__round=round_).select_related("entrant").first()
    entrant = seat.entrant
    by = entrant.player2 if tournament.is_partnership else entrant.name
    assert leaving.ask_to_leave(entrant, after_round=1, by=by)
    return round_, entrant


def asked_words(entrant: Entrant) -> str:
    at = timezone.localtime(entrant.leave_asked_at).strftime("%H:%M")
    if entrant.tournament.is_partnership:
        return f"{entrant.name} asks to leave after round 1 (asked by {entrant.player2}, {at})"
    return f"{entrant.name} asks to leave after round 1 (asked {at})"


def seated_in(round_) -> list[tuple]:
    return sorted(
        Seat.objects.filter(table__round=round_).values_list("table__number", "position", "entrant")
    )


def test_the_console_lists_the_ask_with_confirm_and_turn_down(director_client, in_play):
    round_, entrant = in_play
    [need] = needs_on(director_client, round_)
    assert need["kind"] == "leaving" and need["text"] == asked_words(entrant)
    assert [button for button, _ in need["buttons"]] == ["Confirm", "Turn down"]
    assert need["link"] == ""  # of no table


def test_confirmed_the_next_draw_leaves_them_out_and_the_round_in_play_is_unchanged(
    director_client, in_play
):
    round_, entrant = in_play
    seats = seated_in(round_)
    [need] = needs_on(director_client, round_)
    confirm = dict(need["buttons"])["Confirm"]
    response = director_client.post(confirm, follow=True)
    assert response.status_code == 200
    assert f"{entrant.name} leaves after round 1: the next draw leaves them out." in words(response)
    assert needs_on(director_client, round_) == []
    entrant.refresh_from_db()
    assert entrant.withdrawn
    # The round in play is played out as drawn: their seat, their side's page.
    assert seated_in(round_) == seats
    seat = Seat.objects.get(table__round=round_, entrant=entrant)
    assert Client().get(side_link(seat.table, seat.position)).status_code == 200
    for table in round_.tables.all():
        accepted_hands(table, FINISHING[round_.tournament.game][1])
    following = draw_next_round(round_.tournament, seed=3)
    assert not Seat.objects.filter(table__round=following, entrant=entrant).exists()
    assert not Bye.objects.filter(round=following, entrant=entrant).exists()
    others = set(round_.tournament.entrants.exclude(pk=entrant.pk).values_list("pk", flat=True))
    drawn = set(Seat.objects.filter(table__round=following).values_list("entrant", flat=True))
    drawn |= set(Bye.objects.filter(round=following).values_list("entrant", flat=True))
    assert drawn == others
    # A second tap changes nothing, and says so.
    again = director_client.post(confirm, follow=True)
    assert f"{entrant.name} has no ask to leave waiting: nothing changed." in words(again)


def test_turned_down_they_stay_in_the_draw(director_client, in_play):
    round_, entrant = in_play
    [need] = needs_on(director_client, round_)
    response = director_client.post(dict(need["buttons"])["Turn down"], follow=True)
    assert f"{entrant.name} stays in the draw." in words(response)
    assert needs_on(director_client, round_) == []
    entrant.refresh_from_db()
    assert not entrant.withdrawn and entrant.leave_asked_at is None
    for table in round_.tables.all():
        accepted_hands(table, FINISHING[round_.tournament.game][1])
    following = draw_next_round(round_.tournament, seed=3)
    seated = Seat.objects.filter(table__round=following, entrant=entrant).exists()
    assert seated or Bye.objects.filter(round=following, entrant=entrant).exists()


def test_the_console_sees_an_ask_at_its_next_poll(director_client, in_play):
    round_, entrant = in_play
    leaving.take_back(entrant)
    url = console_url(round_)
    version = director_client.get(url).context["live_url"].split("since=")[1]
    assert director_client.get(url, {"since": version}).status_code == 204
    assert leaving.ask_to_leave(entrant, after_round=1, by="them")
    polled = director_client.get(url, {"since": version})
    assert polled.status_code == 200
    assert [need.kind for need in polled.context["needs"]] == ["leaving"]


def test_only_the_tournaments_director_answers_by_post(director_client, in_play):
    round_, entrant = in_play
    base = console_url(round_) + f"leaving/{entrant.pk}/"
    assert director_client.get(base + "confirm/").status_code == 405
    stranger = get_user_model().objects.create_user("other-td", password="pw-for-tests-2")
    Director.objects.create(user=stranger)
    theirs = Client()
    theirs.force_login(stranger)
    for action in ("confirm/", "turn-down/"):
        assert theirs.post(base + action).status_code == 403
        assert Client().post(base + action).status_code == 302  # to the login page
    entrant.refresh_from_db()
    assert not entrant.withdrawn and entrant.leave_asked_at is not None
    other = make_tournament(round_.tournament.game, entrants=1, slug="their-night")
    elsewhere = other.entrants.get()
    url = console_url(round_) + f"leaving/{elsewhere.pk}/confirm/"
    assert director_client.post(url).status_code == 404
