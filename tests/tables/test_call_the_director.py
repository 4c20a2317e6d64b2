"""A side calls the director from its table, for each of the four games: the phone says the
director is on the way until the director marks the call answered, on the console (where
"Needs you" lists it first, with how long the side has waited) or on the table's page;
the table's history keeps both lines."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from scoring.history import Action
from scoring.models import Change, Hand
from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support.floor import console_url, director_url, needs_on, words
from tests.support.helpers import FINISHING, enter, published_round, side_link, table_of
from tournament.models import Round
from tournament.own_links import links_for

pytestmark = pytest.mark.django_db

# The reasons each game's phone offers, in its own words: Ascot's text calls a renege a
# revoke.
REASONS = {
    "columbus-6-card-kitty": ["A ruling", "A renege claim", "A misdeal", "Something else"],
    "three-legged-kitty": ["A ruling", "A renege claim", "A misdeal", "Something else"],
    "ascot": ["A ruling", "A revoke claim", "A misdeal", "Something else"],
    "cutthroat-pinochle": ["A ruling", "A renege claim", "A misdeal", "Something else"],
}
CLAIM = {
    "columbus-6-card-kitty": "A renege claim",
    "three-legged-kitty": "A renege claim",
    "ascot": "A revoke claim",
    "cutthroat-pinochle": "A renege claim",
}


def caller(table, side: int) -> str:
    """Who the history says called: the partnership at 6 Card Kitty, else the player."""
    if table.round.tournament.game == "columbus-6-card-kitty":
        return ("North-South", "East-West")[side]
    return table.seats.get(position=side).entrant.name


def call(table, side: int, reason: str = ""):
    return Client().post(side_link(table, side) + "call/", {"reason": reason})


def called_at(table) -> str:
    change = Change.objects.filter(table=table, action=Action.CALLED).latest("at")
    return timezone.localtime(change.at).strftime("%H:%M")


def test_a_side_calls_with_a_reason_and_the_director_answers_from_the_console(
    director_client, table
):
    game = table.round.tournament.game
    page = words(Client().get(side_link(table, 1)))
    assert "Call the director" in page
    for reason in REASONS[game]:
        assert reason in page
    assert "The director is on the way" not in page

    response = call(table, 1, "misdeal")
    assert response.status_code == 302
    at = called_at(table)
    every_side = [side_link(table, seat.position) for seat in table.seats.all()]
    for url in every_side:
        page = words(Client().get(url))
        assert f"The director is on the way (called {at}, a misdeal)." in page
        assert "Call the director" not in page  # called already: nothing to tap again
        assert f"{caller(table, 1)} (own link): called the director — “A misdeal”" in page

    [need] = needs_on(director_client, table.round)
    assert need["kind"] == "call"
    assert need["text"] == (
        f"Table 1: {caller(table, 1)} (own link) called the director at {at}, under a minute ago"
    )
    assert need["reason"] == "A misdeal" and need["link"] == director_url(table)
    [(button, answer)] = need["buttons"]
    assert button == "Answered"

    assert director_client.post(answer).status_code == 302
    assert needs_on(director_client, table.round) == []
    for url in every_side:
        page = words(Client().get(url))
        assert "The director is on the way" not in page
        assert "Call the director" in page  # a new call may be made
        assert "Director td: answered the call" in page
        assert "called the director — “A misdeal”" in page  # the history keeps both


def test_the_game_words_a_renege_claim_its_own_way_on_the_phone_and_the_console(
    director_client, table
):
    game = table.round.tournament.game
    assert call(table, 0, "renege").status_code == 302
    phone = words(Client().get(side_link(table, 0)))
    claim = CLAIM[game]
    assert f"(called {called_at(table)}, {claim[0].lower()}{claim[1:]})." in phone
    [need] = needs_on(director_client, table.round)
    assert need["reason"] == claim


def test_a_call_without_a_reason_says_only_when(director_client, table):
    assert call(table, 0).status_code == 302
    page = words(Client().get(side_link(table, 0)))
    assert f"The director is on the way (called {called_at(table)})." in page
    [need] = needs_on(director_client, table.round)
    assert need["reason"] == "" and "called the director at" in need["text"]


def test_a_second_call_while_one_is_open_changes_nothing_and_says_so(table):
    assert call(table, 0, "ruling").status_code == 302
    phone = Client()
    response = phone.post(side_link(table, 1) + "call/", {"reason": "misdeal"}, follow=True)
    assert response.status_code == 200
    page = words(response)
    assert "The director was called already: they are on the way." in page
    assert f"(called {called_at(table)}, a ruling)" in page  # the first call, as made
    assert Change.objects.filter(table=table, action=Action.CALLED).count() == 1


def test_a_reason_the_game_does_not_offer_is_refused_by_its_field(table):
    response = call(table, 0, "cheating")
    assert response.status_code == 400
    page = words(response)
    assert "Choose a reason from the list, or none." in page
    assert "The director is on the way" not in page
    assert not Change.objects.filter(table=table, action=Action.CALLED).exists()


def test_a_post_that_is_not_the_pages_calls_nobody(table):
    """The page sends the reason always (empty for none): a post without it is not the
    page's (a crafted request, a bot following the address) and changes nothing."""
    response = Client().post(side_link(table, 0) + "call/", {})
    assert response.status_code == 400
    assert "The form is incomplete: reload the page." in words(response)
    assert not Change.objects.filter(table=table, action=Action.CALLED).exists()


def test_the_director_answers_from_the_tables_page(director_client, table):
    assert call(table, 1, "misdeal").status_code == 302
    url = director_url(table)
    page = words(director_client.get(url))
    assert f"{caller(table, 1)} (own link) called the director at {called_at(table)}: " in page
    assert "A misdeal. Answered" in page
    assert "Call the director" not in page  # the director is not offered to call themselves
    assert director_client.post(url + "answer-call/").status_code == 302
    page = words(director_client.get(url))
    assert "called the director at" not in page and "Director td: answered the call" in page
    # Answered already (a second tap, or from the console): refused, nothing written.
    again = director_client.post(url + "answer-call/")
    assert again.status_code == 409
    assert "No call to the director is open at this table." in words(again)
    assert Change.objects.filter(table=table, action=Action.CALL_ANSWERED).count() == 1
    console = director_client.post(console_url(table.round) + "table/1/answer-call/", follow=True)
    assert "Table 1: No call to the director is open at this table. Nothing changed." in words(
        console
    )


def test_only_a_side_calls_and_only_the_tournaments_director_answers(client, table):
    assert client.post(director_url(table) + "call/").status_code == 404  # no such address
    assert client.post(side_link(table, 0) + "answer-call/").status_code == 404
    assert call(table, 0, "ruling").status_code == 302
    answer = console_url(table.round) + "table/1/answer-call/"
    assert client.get(answer).status_code == 302  # to the login page
    assert (
        client.post(answer).status_code == 302
        and not Change.objects.filter(action=Action.CALL_ANSWERED).exists()
    )


def test_every_phone_and_the_console_see_a_call_at_their_next_poll(director_client, table):
    watcher = Client()
    url = side_link(table, 0)
    version = watcher.get(url).context["live_url"].split("since=")[1]
    console = director_client.get(console_url(table.round))
    console_version = console.context["live_url"].split("since=")[1]
    assert watcher.get(url, {"since": version}).status_code == 204
    assert call(table, 1, "ruling").status_code == 302
    polled = watcher.get(url, {"since": version})
    assert polled.status_code == 200 and "The director is on the way" in words(polled)
    polled = director_client.get(console_url(table.round), {"since": console_version})
    assert polled.status_code == 200 and [n.kind for n in polled.context["needs"]] == ["call"]


def test_the_console_says_how_long_the_side_has_waited(director_client, table):
    assert call(table, 0, "misdeal").status_code == 302
    Change.objects.filter(action=Action.CALLED).update(at=timezone.now() - timedelta(minutes=7))
    [need] = needs_on(director_client, table.round)
    assert need["text"].endswith(f"called the director at {called_at(table)}, 7 min ago")
    html = director_client.get(console_url(table.round)).content.decode()
    assert "1 calling the director" in html and "director called" in html


@pytest.mark.parametrize("game", GAMES)
def test_a_call_is_listed_before_everything_else(director_client, game):
    """Most urgent first: a side waiting for the director at its table, then a dispute,
    a late table, a correction asked, a sheet to sign."""
    options, hands = FINISHING[game]
    tournament = make_tournament(
        game, entrants=3 * ONE_TABLE[game], published=True, options=options
    )
    round_ = published_round(tournament)
    disputed, late, calling = (table_of(round_, n) for n in (1, 2, 3))
    assert enter(Client(), disputed, hands[0], side=0).status_code == 302
    hand = Hand.objects.get(table=disputed)
    data = {"hand": hand.pk, "version": hand.version, "reason": "Not what we played"}
    assert Client().post(side_link(disputed, 1) + "dispute/", data).status_code == 302
    assert enter(Client(), calling, hands[0], side=0).status_code == 302
    Round.objects.filter(pk=round_.pk).update(started=timezone.now() - timedelta(minutes=30))
    assert call(calling, 1, "ruling").status_code == 302  # called last, listed first
    listed = needs_on(director_client, round_)
    assert [(n["kind"], n["link"]) for n in listed] == [
        ("call", director_url(calling)),
        ("disputed", director_url(disputed)),
        ("late", director_url(late)),
    ]


def test_a_player_calls_from_their_own_link_for_their_side(director_client, table):
    """A player's own link acts for their side at their table, as the side's link does:
    the call is their side's, and every phone of the table says the director is coming."""
    tournament = table.round.tournament
    seat = table.seats.get(position=1)
    link = links_for([seat.entrant], tournament.is_partnership)[(seat.entrant_id, 1)]
    own = f"/p/{link.token}/r/{table.round.number}/"
    response = Client().post(own + "call/", {"reason": "misdeal"})
    assert response.status_code == 302
    assert f"{caller(table, 1)} (own link): called the director — “A misdeal”" in words(
        Client().get(side_link(table, 0))
    )
    home = f"/p/{link.token}/"  # the page that follows the player: their table now
    assert f"(called {called_at(table)}, a misdeal)" in words(Client().get(home))
    [need] = needs_on(director_client, table.round)
    assert need["kind"] == "call" and need["reason"] == "A misdeal"
