"""Pages that update themselves: a poll that already shows the current version gets 204
(nothing to swap) for a query or two; any change at the table gets the new page. What the
table page says comes next, for each game; the side page as an app on the home screen."""

import json
import re
from datetime import timedelta

import pytest
from django.contrib.messages import constants
from django.contrib.messages.storage.cookie import CookieStorage
from django.http import HttpRequest, HttpResponse
from django.test import Client
from django.utils import timezone

from scoring.models import Hand
from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support.helpers import (
    FINISHING,
    SIMPLE_HAND,
    accept_pending,
    enter,
    published_round,
    side_link,
    sign_every_side,
    table_of,
)
from tournament.models import Round

pytestmark = pytest.mark.django_db


def shown_version(response) -> str:
    return response.context["live_url"].split("since=")[1]


def poll(client, url: str, version: str, htmx: bool = False):
    return client.get(url, {"since": version}, headers={"HX-Request": "true"} if htmx else {})


def test_a_table_poll_is_204_until_the_other_side_enters_a_hand(
    table, django_assert_max_num_queries
):
    watcher = Client()
    url = side_link(table, 1)
    page = watcher.get(url)
    version = shown_version(page)
    assert page.context["pending"] is None
    with django_assert_max_num_queries(1):  # the link's read brings the version
        unchanged = poll(watcher, url, version)
    assert unchanged.status_code == 204 and unchanged.content == b""
    assert "no-cache" in unchanged["Cache-Control"]

    game = table.round.tournament.game
    assert enter(Client(), table, SIMPLE_HAND[game], side=0).status_code == 302
    changed = poll(watcher, url, version)
    assert changed.status_code == 200
    assert changed.context["pending"] is not None  # the hand to accept, without a reload
    assert shown_version(changed) != version
    assert poll(watcher, url, shown_version(changed)).status_code == 204


def shown_clock(response) -> str:
    """The clock a page shows (#round-clock's data-clock), as static/kitty.js sends it."""
    found = re.search(r'id="round-clock" data-clock="([^"]*)"', response.content.decode())
    assert found, "the page has no clock part"
    return found.group(1)


def poll_as_phone(url: str, version: str, clock: str):
    """A poll as htmx and static/kitty.js make it: the version and the clock shown."""
    return Client().get(url, {"since": version, "clock": clock}, headers={"HX-Request": "true"})


@pytest.mark.parametrize("game", GAMES)
def test_starting_the_clock_redraws_each_phones_clock_alone_once(
    director_client, director, game, monkeypatch, django_assert_max_num_queries
):
    """The phone counts the clock down by itself from the start the page gives it. The
    director starting the clock (every phone of the night asks within five seconds) sends
    each phone its clock alone, once, at its next poll, with when the sides must be seated
    by; the minutes passing after it redraw nothing."""
    tournament = make_tournament(game, entrants=ONE_TABLE[game], published=True, round_minutes=60)
    tournament.staff.add(director)
    table = table_of(published_round(tournament))
    url = side_link(table, 1)
    page = Client().get(url)
    version, clock = shown_version(page), shown_clock(page)
    assert clock == "" and poll_as_phone(url, version, clock).status_code == 204
    number = table.round.number
    response = director_client.post(f"/t/{tournament.slug}/round/{number}/console/start-clock/")
    assert response.status_code == 302

    with django_assert_max_num_queries(2):  # the link's read, a hand on the sheet
        started = poll_as_phone(url, version, clock)
    assert started.status_code == 200
    assert started["HX-Retarget"] == "#round-clock" and started["HX-Reselect"] == "#round-clock"
    shown = started.content.decode()
    assert "1 h left" in shown and "Be seated by" in shown
    assert "<form" not in shown and "Table " not in shown  # the clock, not the table
    clock = shown_clock(started)
    assert clock and poll_as_phone(url, version, clock).status_code == 204
    # A redraw names its own version, not the clock its poll said (kitty.js adds it).
    redrawn = poll_as_phone(url, "an older version", clock)
    assert "clock=" not in re.search(r'hx-get="([^"]*)"', redrawn.content.decode())[1]
    # A page loaded now shows the same clock and version: its polls are answered 204 too.
    reloaded = Client().get(url)
    assert (shown_version(reloaded), shown_clock(reloaded)) == (version, clock)
    later = timezone.now() + timedelta(minutes=25)
    monkeypatch.setattr(timezone, "now", lambda: later)
    assert poll_as_phone(url, version, clock).status_code == 204


@pytest.mark.parametrize(
    "junk", ["", "x" * 5000, "\u00e9\u00e9", "%ff%fe", "clock&clock=two", "<script>"]
)
def test_a_poll_with_a_junk_clock_gets_the_clock_not_an_error(table, junk):
    """The clock a poll says comes from the page; one that is not the current one (a
    tampered or broken address) gets the current clock, never an error."""
    url = side_link(table, 0)
    version = shown_version(Client().get(url))
    Round.objects.filter(pk=table.round_id).update(started=timezone.now())
    answer = poll_as_phone(url, version, junk)
    assert answer.status_code == 200 and answer["HX-Retarget"] == "#round-clock"
    assert "<script>" not in answer.content.decode()


@pytest.mark.parametrize("game", GAMES)
def test_a_clock_started_after_the_first_hand_says_no_seating_time(director_client, director, game):
    """Once a hand is on the sheet the sides are seated: the clock sent alone says the time
    left and not when to be seated by, as the whole page does."""
    tournament = make_tournament(game, entrants=ONE_TABLE[game], published=True, round_minutes=60)
    tournament.staff.add(director)
    table = table_of(published_round(tournament))
    assert enter(Client(), table, SIMPLE_HAND[game], side=0).status_code == 302
    url = side_link(table, 1)
    page = Client().get(url)
    number = table.round.number
    director_client.post(f"/t/{tournament.slug}/round/{number}/console/start-clock/")
    started = poll_as_phone(url, shown_version(page), shown_clock(page))
    assert started["HX-Retarget"] == "#round-clock"
    shown = started.content.decode()
    assert "1 h left" in shown and "Be seated by" not in shown
    whole = Client().get(url).content.decode()
    assert "1 h left" in whole and "Be seated by" not in whole


def test_a_poll_without_htmx_gets_the_whole_page_when_the_clock_changed(
    table, director_client, director
):
    """Only htmx swaps a part in: the same address asked for plainly is the page."""
    tournament = table.round.tournament
    tournament.staff.add(director)
    url = side_link(table, 0)
    version = shown_version(Client().get(url))
    number = table.round.number
    director_client.post(f"/t/{tournament.slug}/round/{number}/console/start-clock/")
    plain = Client().get(url, {"since": version, "clock": ""})
    assert plain.status_code == 200 and "HX-Retarget" not in plain
    assert "<html" in plain.content.decode() and "<form" in plain.content.decode()


@pytest.mark.parametrize("game", GAMES)
def test_a_rounds_first_hand_redraws_its_own_table_alone(game):
    """The first hand of a round puts it in play, which only the director's pages show: the
    other tables' phones and the public standings stay unchanged (every phone of a big night
    redrawn at once held a laptop's answers for most of a second), the table where it was
    entered sees it at its next poll."""
    tournament = make_tournament(game, entrants=ONE_TABLE[game] * 2, published=True)
    round_ = published_round(tournament)
    here, there = table_of(round_, 1), table_of(round_, 2)
    pages = {
        "here": side_link(here, 1),
        "there": side_link(there, 0),
        "there, other side": side_link(there, 1),
    }
    versions = {name: shown_version(Client().get(url)) for name, url in pages.items()}
    standings = f"/t/{tournament.slug}/standings/"
    standings_version = shown_version(Client().get(standings))

    assert enter(Client(), here, SIMPLE_HAND[game], side=0).status_code == 302
    round_.refresh_from_db()
    assert round_.status == "in_play"
    answers = {name: poll(Client(), url, versions[name]).status_code for name, url in pages.items()}
    assert answers == {"here": 200, "there": 204, "there, other side": 204}
    assert poll(Client(), standings, standings_version).status_code == 204


def test_an_htmx_poll_gets_the_live_part_alone_and_leaves_the_message_for_the_page(table):
    """A phone that stored a hand is told so on the page it loads next, even when its poll
    (or another tab's, on the same phone) comes in between; the poll carries no header,
    no navigation, no scripts, only what htmx swaps in."""
    phone = Client()
    url = side_link(table, 0)
    version = shown_version(phone.get(url))
    game = table.round.tournament.game
    assert enter(phone, table, SIMPLE_HAND[game], side=0).status_code == 302
    polled = poll(phone, url, version, htmx=True)
    assert polled.status_code == 200
    html = polled.content.decode()
    assert html.lstrip().startswith('<div id="live"') and html.rstrip().endswith("</div>")
    assert "<html" not in html and "Director login" not in html and "<script" not in html
    assert "Hand 1" in html and "stored." not in html
    assert "Hand 1 stored." in phone.get(url).content.decode()
    # The same address opened in the browser (not by htmx) is the whole page.
    assert "<html" in phone.get(url, {"since": version}).content.decode()


def test_a_ruling_or_an_option_changed_is_a_new_version(director_client):
    tournament = make_tournament(entrants=2, published=True)
    table = table_of(published_round(tournament))
    url = side_link(table, 0)
    version = shown_version(Client().get(url))
    director_url = f"/t/{tournament.slug}/round/1/table/{table.number}/"
    ruled = director_client.post(
        director_url + "ruling/",
        {"code": "misdeal", "hand": "next", "offender": "0", "confirm": "1"},
    )
    assert ruled.status_code == 302
    after_ruling = poll(Client(), url, version)
    assert after_ruling.status_code == 200
    version = shown_version(after_ruling)
    tournament.options = {**tournament.options, "hands_per_round": 6}
    tournament.save()
    assert poll(Client(), url, version).status_code == 200


def test_a_page_showing_a_refused_form_polls_but_is_held(table):
    """It asks whether the table changed, from the side's own address, but is held: a
    change is offered by a line (static/kitty.js), never swapped over what was typed."""
    url = side_link(table, 0)
    page = Client().get(url)
    data = {"nonce": page.context["nonce"], "slot": "1:1"}  # no facts at all
    refused = Client().post(url + "enter/", data)
    assert refused.status_code == 400
    assert refused.context["live_url"] == f"{url}?since={page.context['live_url'].split('=')[1]}"
    assert 'data-held="1"' in refused.content.decode()
    assert 'data-held="1"' not in page.content.decode()


@pytest.mark.parametrize("game", GAMES)
def test_the_page_says_what_happens_next(game):
    options, hands = FINISHING[game]
    tournament = make_tournament(game, entrants=ONE_TABLE[game], published=True, options=options)
    table = table_of(published_round(tournament))
    names = [s.entrant.name for s in table.seats.order_by("position")]
    sides = ["North-South", "East-West"] if game == "columbus-6-card-kitty" else names

    def says(side: int) -> str:
        return Client().get(side_link(table, side)).context["next_step"]

    assert says(0) == "Enter hand 1 when it has been played."
    enter(Client(), table, hands[0], side=0)
    others = " or ".join(sides[1:])
    assert says(0) == f"Waiting for {others} to check hand 1 and accept it."
    assert says(1) == f"{sides[1]}: check hand 1 and accept it."
    accept_pending(Client(), table, side=1)
    for hand in hands[1:]:
        enter(Client(), table, hand, side=0)
        accept_pending(Client(), table, side=1)
    assert says(1) == f"Every hand is in: {sides[1]}, check the sheet and sign it."
    for seat in table.seats.order_by("position"):
        player = seat.entrant.players[0]
        Client().post(
            side_link(table, seat.position) + "sign/", {"player": player, "typed": player}
        )
    assert says(0) == "Signed by every side: the sheet is final."


def test_a_disputed_hand_says_the_director_is_called(table):
    game = table.round.tournament.game
    enter(Client(), table, SIMPLE_HAND[game], side=0)
    hand = Hand.objects.get(table=table)
    url = side_link(table, 1)
    data = {"hand": hand.pk, "version": hand.version, "reason": "we took 9"}
    assert Client().post(url + "dispute/", data).status_code == 302
    assert (
        Client().get(url).context["next_step"]
        == "Hand 1 is disputed: the director has been called."
    )


@pytest.mark.parametrize("game", GAMES)
def test_the_public_standings_poll_is_204_until_a_sheet_is_signed(
    director_client, director, game, django_assert_max_num_queries
):
    """The public counts signed sheets: a hand entered, even the last one, is not news to
    the players' phones (each would draw the whole page again for nothing); the
    director's live view sees it at its next poll."""
    options, hands = FINISHING[game]
    tournament = make_tournament(game, entrants=ONE_TABLE[game], published=True, options=options)
    tournament.staff.add(director)
    table = table_of(published_round(tournament))
    url = f"/t/{tournament.slug}/standings/"
    enter(Client(), table, hands[0], side=0)  # the round is in play from its first hand
    version = shown_version(Client().get(url))
    live = shown_version(director_client.get(url, {"view": "live"}))
    with django_assert_max_num_queries(2):
        assert poll(Client(), url, version).status_code == 204
    accept_pending(Client(), table, side=1)
    for hand in hands[1:]:
        enter(Client(), table, hand, side=0)
        accept_pending(Client(), table, side=1)
    assert table.round.tournament.round_set.get().status == "in_play"
    assert poll(Client(), url, version).status_code == 204
    assert director_client.get(url, {"view": "live", "since": live}).status_code == 200

    sign_every_side(table)
    changed = poll(Client(), url, version)
    assert changed.status_code == 200
    assert "Counted: sheets signed by every side" in changed.content.decode()
    assert changed.context["board"].rounds_done == 1


@pytest.mark.parametrize("game", GAMES)
def test_the_players_phones_share_one_render_of_each_version(
    director_client, director, game, django_assert_max_num_queries
):
    """At the round's end every phone opens the standings: the second and later ones are
    answered with the first one's page, in the version queries alone; a director, and
    a phone with a message waiting, get their own."""
    options, hands = FINISHING[game]
    tournament = make_tournament(game, entrants=ONE_TABLE[game], published=True, options=options)
    tournament.staff.add(director)
    table = table_of(published_round(tournament))
    for hand in hands:
        enter(Client(), table, hand, side=0)
        accept_pending(Client(), table, side=1)
    sign_every_side(table)
    url = f"/t/{tournament.slug}/standings/"
    first = Client().get(url)
    assert first.status_code == 200
    with django_assert_max_num_queries(2):
        again = Client().get(url, {"since": "an older version"})
    assert again.status_code == 200 and again.content == first.content
    sorted_ = Client().get(url, {"sort": "name"})  # another address is another page
    assert sorted_.content != first.content

    own = director_client.get(url).content.decode()
    assert "as the public sees it" in own and "as the public sees it" not in again.content.decode()

    told = Client()
    said = CookieStorage(HttpRequest())  # a message left for the next page, as a view does
    said.add(constants.SUCCESS, "You are checked in.")
    carried = HttpResponse()
    said.update(carried)
    told.cookies["messages"] = carried.cookies["messages"].value
    assert "You are checked in." in told.get(url).content.decode()

    entrant = table.seats.first().entrant
    entrant.name = "Renamed Ones"
    entrant.save()
    assert "Renamed Ones" in Client().get(url).content.decode()  # a new version, drawn again


@pytest.mark.parametrize("game", GAMES)
def test_a_renamed_entrant_is_a_new_version_of_the_standings(director_client, director, game):
    tournament = make_tournament(game, entrants=ONE_TABLE[game], published=True)
    tournament.staff.add(director)
    url = f"/t/{tournament.slug}/standings/"
    version = shown_version(Client().get(url))
    entrant = tournament.entrants.order_by("pk").first()
    fields = {"name": "Renamed Ones", "player1": entrant.player1, "player2": entrant.player2}
    response = director_client.post(f"/t/{tournament.slug}/entrants/{entrant.pk}/", fields)
    assert response.status_code == 302
    changed = poll(Client(), url, version)
    assert changed.status_code == 200
    assert "Renamed Ones" in changed.content.decode()


def test_the_projector_swaps_in_its_next_screen_and_reloads_without_scripts(db):
    tournament = make_tournament(entrants=30, published=True)
    page = Client().get(f"/t/{tournament.slug}/standings/projector/", {"rows": 10, "every": 20})
    body = page.content.decode()
    assert 'hx-get="?screen=2&amp;rows=10&amp;every=20"' in body
    assert 'hx-trigger="every 20s"' in body
    assert (
        '<noscript><meta http-equiv="refresh" content="20;url=?screen=2&amp;rows=10&amp;every=20">'
        in body
    )


def test_a_side_page_installs_on_the_home_screen(table, django_assert_max_num_queries):
    url = side_link(table, 0)
    page = Client().get(url).content.decode()
    assert f'<link rel="manifest" href="{url}manifest.webmanifest" data-offline>' in page
    with django_assert_max_num_queries(1):  # every phone asks for it as the round starts
        manifest = Client().get(url + "manifest.webmanifest")
    assert manifest["Content-Type"] == "application/manifest+json"
    data = json.loads(manifest.content)
    tournament = table.round.tournament
    assert data["name"] == f"Table 1, round {table.round.number} · {tournament.name}"
    assert data["short_name"] == "Table 1"
    assert data["start_url"] == url and data["scope"] == url
    assert data["display"] == "standalone"
    assert {icon["sizes"] for icon in data["icons"]} == {"192x192", "512x512"}
    for icon in data["icons"]:
        assert icon["src"].startswith("/static/icons/")
    assert Client().get("/s/not-a-link/manifest.webmanifest").status_code == 404
    worker = Client().get("/sw.js")
    assert worker.status_code == 200 and worker["Content-Type"].startswith("text/javascript")
    assert b"caches.open" in worker.content


def test_a_directors_page_is_never_offered_for_offline_keeping(table, director_client):
    slug = table.round.tournament.slug
    page = director_client.get(f"/t/{slug}/round/1/table/{table.number}/").content.decode()
    assert 'rel="manifest"' not in page  # it shows every side's PIN


def test_the_console_poll_is_204_until_something_happens_at_a_table(
    director_client, django_assert_max_num_queries
):
    tournament = make_tournament(entrants=4, published=True)
    round_ = published_round(tournament)
    url = f"/t/{tournament.slug}/round/1/console/"
    page = director_client.get(url)
    version = shown_version(page)
    # The session, the user, director and staff checks, the round, two counts.
    with django_assert_max_num_queries(7):
        assert poll(director_client, url, version).status_code == 204
    table = table_of(round_, 2)
    enter(Client(), table, SIMPLE_HAND[tournament.game], side=0)
    changed = poll(director_client, url, version)
    assert changed.status_code == 200
    row = next(r for r in changed.context["rows"] if r["table"].number == 2)
    assert row["entered"] == 1
    # As htmx asks it: the live part alone, the rest of the page neither drawn nor read.
    html = poll(director_client, url, version, htmx=True).content.decode()
    assert html.lstrip().startswith('<div id="live"') and "<html" not in html
