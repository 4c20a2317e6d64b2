"""A player's own link for the night, for each of the four games, as a player with a phone
and the director would try it: checking in, the table showing by itself once a round is
published, entering and accepting hands through it, a past round's page, a bye, leaving,
the night over, and what the link may never do."""

import re

import pytest
from django.test import Client
from django.utils import timezone

from draw.rounds import draw_next_round, publish
from scoring.models import Hand, Signature
from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support.helpers import (
    FINISHING,
    SIMPLE_HAND,
    published_round,
    side_link,
    sign_every_side,
    table_of,
)
from tournament import own_links
from tournament.models import Entrant, Round, Tournament

pytestmark = pytest.mark.django_db


def text(response) -> str:
    """The page's words as a reader sees them: no markup, spaces as one."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", response.content.decode(), flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def own(entrant: Entrant, place: int = 1) -> str:
    partnerships = entrant.tournament.is_partnership
    link = own_links.links_for([entrant], partnerships)[(entrant.pk, place)]
    return f"/p/{link.token}/"


def poll_of(response) -> str:
    """The address the page polls, as htmx asks it."""
    return re.search(r'hx-get="([^"]+)"', response.content.decode())[1].replace("&amp;", "&")


def polled(client: Client, url: str):
    return client.get(url, HTTP_HX_REQUEST="true")


def night(game: str, entrants: int | None = None, **kwargs) -> Tournament:
    return make_tournament(game, entrants=entrants or ONE_TABLE[game], published=True, **kwargs)


def first_entrant(tournament) -> Entrant:
    return tournament.entrants.order_by("order").first()


def seated_entrant(table, position: int) -> Entrant:
    return table.seats.get(position=position).entrant


def enter_on_own(client: Client, url: str, number: int, hand: dict, **extra):
    """Enter a hand from the player's own page, as its form posts it."""
    page = client.get(url)
    assert page.status_code == 200
    slot = page.context["slot"]
    data = {"nonce": page.context["nonce"], "slot": f"{slot[0]}:{slot[1]}", **hand, **extra}
    return client.post(f"{url}r/{number}/enter/", data)


@pytest.mark.parametrize("game", GAMES)
def test_before_the_draw_the_link_says_whether_the_player_is_checked_in(game):
    tournament = night(game, self_checkin=True)
    entrant = first_entrant(tournament)
    Entrant.objects.filter(pk=entrant.pk).update(checked_in=False)
    url = own(entrant)
    page = Client().get(url)
    assert page.status_code == 200
    assert "Not checked in yet" in text(page)
    assert entrant.players[0] in text(page)
    answer = Client().post(url + "check-in/")
    assert answer.status_code == 302 and answer["Location"] == url
    entrant.refresh_from_db()
    assert entrant.checked_in
    assert "Checked in" in text(Client().get(url))
    assert "as soon as round 1 is drawn" in text(Client().get(url))


@pytest.mark.parametrize("game", GAMES)
def test_checking_in_by_link_is_refused_where_the_director_checks_players_in(game):
    tournament = night(game, self_checkin=False)
    entrant = first_entrant(tournament)
    Entrant.objects.filter(pk=entrant.pk).update(checked_in=False)
    url = own(entrant)
    assert "Check in with the director at the door" in text(Client().get(url))
    answer = Client().post(url + "check-in/")
    assert answer.status_code == 409
    assert "checked in by the director" in text(answer)
    entrant.refresh_from_db()
    assert not entrant.checked_in


@pytest.mark.parametrize("game", GAMES)
def test_a_published_round_shows_the_players_table_at_the_next_poll(game):
    tournament = night(game)
    entrant = first_entrant(tournament)
    url = own(entrant)
    client = Client()
    before = client.get(url)
    poll = poll_of(before)
    assert polled(client, poll).status_code == 204  # nothing new yet
    round_ = draw_next_round(tournament, seed=1)
    assert polled(client, poll).status_code == 204  # a draft is the director's alone
    publish(round_)
    answer = polled(client, poll)
    assert answer.status_code == 200
    seat = entrant.seats.get(table__round=round_)
    words = text(answer)
    assert f"table {seat.table.number}" in words
    for other in seat.table.seats.exclude(pk=seat.pk):
        assert other.entrant.name in words  # whom they play
    assert f'data-alert="r1-t{seat.table.number}"' in answer.content.decode()


@pytest.mark.parametrize("game", GAMES)
def test_each_partner_has_a_link_of_their_own_and_both_score_for_the_team(game):
    tournament = night(game)
    round_ = published_round(tournament)
    table = table_of(round_)
    entrant = seated_entrant(table, 0)
    links = own_links.links_for([entrant], tournament.is_partnership)
    expected = 2 if tournament.is_partnership else 1
    assert len(links) == expected
    assert len({link.token for link in links.values()}) == expected
    for link in links.values():
        page = Client().get(f"/p/{link.token}/")
        assert page.status_code == 200
        name = own_links.player_name(entrant, link.place, tournament.is_partnership)
        assert name in text(page)
        assert page.context["mine"].index == 0


@pytest.mark.parametrize("game", GAMES)
def test_a_hand_entered_on_the_own_link_is_the_sides_and_the_other_side_accepts_it(game):
    tournament = night(game)
    table = table_of(published_round(tournament))
    url = own(seated_entrant(table, 0))
    client = Client()
    # The link acts for its own side whatever side is posted.
    answer = enter_on_own(client, url, 1, SIMPLE_HAND[game], side="1")
    assert answer.status_code == 302
    assert answer["Location"] == url + "#sheet"
    hand = Hand.objects.get(table=table)
    assert hand.entered_by == 0 and hand.status == Hand.Status.ENTERED
    # The side itself cannot accept it; the other side accepts on its own link.
    other = own(seated_entrant(table, 1))
    data = {"hand": hand.pk, "version": hand.version}
    assert client.post(url + "r/1/accept/", data).status_code == 403
    assert Client().post(other + "r/1/accept/", data).status_code == 302
    hand.refresh_from_db()
    assert hand.status == Hand.Status.ACCEPTED


@pytest.mark.parametrize("game", GAMES)
def test_the_own_link_never_reaches_a_directors_action(game):
    tournament = night(game)
    table = table_of(published_round(tournament))
    url = own(seated_entrant(table, 0))
    for action in ("ruling/", "strike/", "reopen/", "new-link/", "answer-correction/"):
        assert Client().post(url + "r/1/" + action, {"side": 0}).status_code == 404, action


@pytest.mark.parametrize("game", GAMES)
def test_a_replaced_link_stops_and_the_new_one_works(game):
    tournament = night(game)
    table = table_of(published_round(tournament))
    entrant = seated_entrant(table, 0)
    old = own(entrant)
    client = Client()
    poll = poll_of(client.get(old))
    assert polled(client, poll).status_code == 204
    new = own_links.replace(entrant, 1)
    assert polled(client, poll).status_code == 404
    assert Client().get(old).status_code == 404
    assert Client().post(old + "r/1/enter/", SIMPLE_HAND[game]).status_code == 404
    assert Client().get(f"/p/{new.token}/").status_code == 200
    assert not Hand.objects.exists()


@pytest.mark.parametrize("game", GAMES)
def test_the_next_round_follows_and_a_late_form_stays_at_its_round(game):
    options, hands = FINISHING[game]
    tournament = night(game, entrants=ONE_TABLE[game] * 2, options=options)
    first = published_round(tournament)
    entrant = seated_entrant(table_of(first), 0)
    url = own(entrant)
    client = Client()
    table1 = entrant.seats.get(table__round=first).table
    poll = poll_of(client.get(url))
    for table in first.tables.all():
        play_through(table, hands)
    second = published_round(tournament, seed=2)
    answer = polled(client, poll)
    assert answer.status_code == 200
    table2 = entrant.seats.get(table__round=second).table
    assert f"r2-t{table2.number}" in answer.content.decode()
    assert "Round 2" in text(answer)
    # Round 1's page is still there, on its own address, and leads to the table now.
    past = client.get(f"{url}r/1/")
    assert past.status_code == 200
    assert "Your table now" in text(past)
    strip = past.content.decode().split('class="own-strip', 1)[1].split("</div>", 1)[0]
    for other in table1.seats.exclude(entrant=entrant):  # whom they played then
        assert other.entrant.name in strip
    assert past.context["table"].pk == table1.pk
    # A form of round 1 (a correction asked late) acts at round 1's table.
    side = entrant.seats.get(table__round=first).position
    assert Signature.objects.filter(table=table1, side=side).exists()
    asked = client.post(f"{url}r/1/correction/", {"reason": "Hand 1 was 9 books"})
    assert asked.status_code == 302
    assert table1.corrections.count() == 1 and not table2.corrections.exists()
    # The newest round's own address is the page that follows the player.
    assert client.get(f"{url}r/2/")["Location"] == url


def play_through(table, hands) -> None:
    for data in hands:
        _enter_accept(table, data)
    sign_every_side(table)


def _enter_accept(table, data) -> None:
    """Enter on side 0's link, accept on side 1's: as the phones do."""
    client = Client()
    url = side_link(table, 0)
    page = client.get(url)
    slot = page.context["slot"]
    form = {"nonce": page.context["nonce"], "slot": f"{slot[0]}:{slot[1]}", **data}
    assert client.post(url + "enter/", form).status_code == 302
    hand = Hand.objects.filter(table=table, status=Hand.Status.ENTERED).get()
    accept = {"hand": hand.pk, "version": hand.version}
    assert Client().post(side_link(table, 1) + "accept/", accept).status_code == 302


@pytest.mark.parametrize("game", [g for g in GAMES if g != "ascot"])
def test_a_player_without_a_table_this_round_is_told_so(game):
    """One more than a table: a team has a bye, a player sits out (Ascot seats any number
    from six at tables of three and four, and refuses five: nobody sits out)."""
    tournament = night(game, entrants=ONE_TABLE[game] + 1)
    round_ = published_round(tournament)
    seated = set(Entrant.objects.filter(seats__table__round=round_).values_list("pk", flat=True))
    out = tournament.entrants.exclude(pk__in=seated).get()
    words = text(Client().get(own(out)))
    if tournament.is_partnership:
        assert "Round 1: you have a bye" in words
    else:
        assert "Round 1: you sit this round out" in words


@pytest.mark.parametrize("game", GAMES)
def test_a_player_not_checked_in_at_the_draw_is_told_to_see_the_director(game):
    tournament = night(game, entrants=ONE_TABLE[game] + 1)
    late = tournament.entrants.order_by("order").last()
    Entrant.objects.filter(pk=late.pk).update(checked_in=False)
    published_round(tournament)
    words = text(Client().get(own(late)))
    assert "Round 1: drawn without you" in words
    assert "You were not checked in when it was drawn: see the director" in words


@pytest.mark.parametrize("game", GAMES)
def test_a_player_asks_to_leave_and_may_take_it_back(game):
    tournament = night(game)
    table = table_of(published_round(tournament))
    entrant = seated_entrant(table, 0)
    url = own(entrant)
    assert "Leave the night after this round" in text(Client().get(url))
    assert Client().post(url + "leave/").status_code == 302
    entrant.refresh_from_db()
    assert entrant.leave_after_round == 1 and entrant.leave_asked_at is not None
    assert "You asked to leave after round 1" in text(Client().get(url))
    assert not entrant.withdrawn  # only the director's confirmation withdraws
    assert Client().post(url + "stay/").status_code == 302
    entrant.refresh_from_db()
    assert entrant.leave_asked_at is None


@pytest.mark.parametrize("game", GAMES)
def test_when_the_night_is_over_the_link_shows_the_place(game):
    options, hands = FINISHING[game]
    tournament = night(game, options=options)
    round_ = published_round(tournament)
    table = table_of(round_)
    for data in hands:
        _enter_accept(table, data)
    sign_every_side(table)
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    words = text(Client().get(own(seated_entrant(table, 0))))
    assert "The night is over" in words
    assert re.search(r"Your place \d+=? of " + str(ONE_TABLE[game]), words)
    assert "Your results, round by round" in words


def test_a_link_that_is_not_one_is_404():
    assert Client().get("/p/nothing-like-a-token/").status_code == 404
    assert Client().post("/p/nothing-like-a-token/r/1/enter/", {}).status_code == 404


@pytest.mark.parametrize("game", GAMES)
def test_an_unchanged_poll_of_the_own_link_at_a_table_is_one_query(
    game, django_assert_max_num_queries
):
    tournament = night(game)
    table = table_of(published_round(tournament))
    client = Client()
    url = own(seated_entrant(table, 0))
    poll = poll_of(client.get(url))
    for _ in range(2):  # the fingerprint of the rows the page's version was made of
        with django_assert_max_num_queries(1):
            assert polled(client, poll).status_code == 204


@pytest.mark.parametrize("game", GAMES)
def test_the_own_links_poll_sees_what_another_server_wrote(game):
    """A poll answered by this process's memory of the page still finds each change made
    in the database by another process (several servers may share one): the player's
    team, the night, their round, each at the next poll."""
    tournament = night(game)
    round_ = published_round(tournament)
    entrant = seated_entrant(table_of(round_), 0)
    client = Client()
    poll = poll_of(client.get(own(entrant)))
    changes = (
        lambda: Entrant.objects.filter(pk=entrant.pk).update(name="Renamed Team"),
        lambda: Tournament.objects.filter(pk=tournament.pk).update(name="Renamed Night"),
        lambda: Round.objects.filter(pk=round_.pk).update(status=Round.Status.DRAFT),
    )
    for change in changes:
        assert polled(client, poll).status_code == 204
        change()
        answer = polled(client, poll)
        assert answer.status_code == 200
        poll = poll_of(answer)
    words = text(answer)  # back before the first round, the night and team renamed
    assert "as soon as round 1 is drawn" in words
    assert "Renamed Night" in words and "Renamed Team" in words


@pytest.mark.parametrize("game", GAMES)
def test_the_own_links_first_page_at_a_fresh_table_is_two_reads(
    game, django_assert_max_num_queries
):
    """What every player's phone opens as the round starts: nothing is stored at the table
    yet, so the page reads no hand, ruling, signature or history."""
    table = table_of(published_round(night(game)))
    url = own(seated_entrant(table, 0))
    with django_assert_max_num_queries(2):  # the link; the table's seats, as for a poll
        response = Client().get(url)
    assert response.status_code == 200
    assert response.context["slot"] == (1, 1) and response.context["history"] == []


@pytest.mark.parametrize("game", GAMES)
def test_the_clock_started_reaches_the_own_link_alone(game):
    """The director starting the clock sends the player's page its clock alone, with the
    time left and when to be seated by, as a side's link gets it; then "unchanged"."""
    tournament = night(game, round_minutes=45)
    table = table_of(published_round(tournament))
    client = Client()
    page = client.get(own(seated_entrant(table, 0)))
    shown = re.search(r'id="round-clock" data-clock="([^"]*)"', page.content.decode())[1]
    poll = poll_of(page)
    assert shown == "" and polled(client, f"{poll}&clock=").status_code == 204
    Round.objects.filter(pk=table.round_id).update(started=timezone.now())

    started = polled(client, f"{poll}&clock=")
    assert started.status_code == 200 and started["HX-Retarget"] == "#round-clock"
    assert "45 min left" in text(started) and "Be seated by" in text(started)
    clock = re.search(r'data-clock="([^"]+)"', started.content.decode())[1]
    assert polled(client, f"{poll}&clock={clock}").status_code == 204


@pytest.mark.parametrize("game", GAMES)
def test_a_hand_entered_and_accepted_at_the_table_shows_at_the_players_next_poll(game):
    """The poll's version is read with the table's seats: a change at the table (here on
    the other sides' phones) still redraws the player's page, and only once."""
    tournament = night(game)
    table = table_of(published_round(tournament))
    client = Client()
    poll = poll_of(client.get(own(seated_entrant(table, 2 if game == "ascot" else 1))))
    assert polled(client, poll).status_code == 204
    _enter_accept(table, SIMPLE_HAND[game])
    answer = polled(client, poll)
    assert answer.status_code == 200
    assert "Hand 1" in text(answer)
    assert polled(client, poll_of(answer)).status_code == 204


@pytest.mark.parametrize("game", GAMES)
def test_once_the_sheet_is_signed_the_table_page_gives_the_place(game):
    options, hands = FINISHING[game]
    tournament = night(game, options=options)
    table = table_of(published_round(tournament))
    url = own(seated_entrant(table, 0))
    assert "Your place" not in text(Client().get(url))  # still playing
    for data in hands:
        _enter_accept(table, data)
    sign_every_side(table)
    words = text(Client().get(url))
    assert re.search(r"Your place: \d+=? of " + str(ONE_TABLE[game]), words)
    assert "Your results, round by round" in words
