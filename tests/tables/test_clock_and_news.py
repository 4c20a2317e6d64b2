"""The round's clock and the director's announcements on every page of the night, for each
of the four games: each side's table page, the console (which also flags the tables still
playing once the time is up, and is where the director announces and takes back), and
what reaches a phone at its next poll."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support.floor import console_url, director_url, needs_on, words
from tests.support.helpers import FINISHING, enter, published_round, side_link, table_of
from tournament import news
from tournament.models import Announcement, Round, Tournament

pytestmark = pytest.mark.django_db

# The step of the club's procedure each table page states while no hand is entered: 6
# Card Kitty's text numbers it (rule 7); the others state it without a number.
SEATED = {
    "columbus-6-card-kitty": "Be seated by {at} (rule 7):",
    "three-legged-kitty": "Be seated by {at}:",
    "ascot": "Be seated by {at}:",
    "cutthroat-pinochle": "Be seated by {at}:",
}


def hh_mm(moment) -> str:
    return timezone.localtime(moment).strftime("%H:%M")


def started(round_: Round, minutes_ago: float) -> Round:
    """The director started the round's clock that long ago."""
    Round.objects.filter(pk=round_.pk).update(
        started=timezone.now() - timedelta(minutes=minutes_ago)
    )
    round_.refresh_from_db()
    return round_


def sides(table) -> list[str]:
    return [side_link(table, seat.position) for seat in table.seats.all()]


@pytest.fixture(params=GAMES)
def timed(request):
    """Table 1 of a published round of each game, the round 60 minutes long."""
    game = request.param
    options, _ = FINISHING[game]
    tournament = make_tournament(
        game, entrants=2 * ONE_TABLE[game], published=True, options=options, round_minutes=60
    )
    return table_of(published_round(tournament))


def test_no_clock_shows_before_the_director_starts_it(timed):
    page = words(Client().get(side_link(timed, 0)))
    assert "min left" not in page and "Be seated by" not in page


def test_every_phone_and_the_console_show_the_time_left_and_when_the_round_ends(
    director_client, timed
):
    round_ = started(timed.round, 37)
    ends = hh_mm(round_.started + timedelta(minutes=60))
    for url in sides(timed):
        response = Client().get(url)
        html = response.content.decode()
        assert f"23 min left · round 1 ends at {ends}" in words(response)
        iso = response.context["clock"].ends_iso
        assert f'data-ends="{iso}"' in html and iso.endswith("Z")
    console = words(director_client.get(console_url(round_)))
    assert f"23 min left · the round ends at {ends}" in console
    assert "round length 60 min" in console and "over time" not in console


def test_the_console_offers_the_length_with_the_start_of_the_clock(director_client, timed):
    console = words(director_client.get(console_url(timed.round)))
    assert "Start the clock" in console and "the round's 60 minutes count from it" in console


def test_at_zero_it_says_time_is_up_and_the_console_flags_the_tables_still_playing(
    director_client, timed
):
    """Table 1 has played out its round (every hand in, not signed); table 2 is still
    playing: only table 2 is over time, listed after a late table would be."""
    game = timed.round.tournament.game
    for hand in FINISHING[game][1]:
        assert enter(Client(), timed, hand, side=0).status_code == 302
        waiting = Client().get(side_link(timed, 1)).context["pending"]
        data = {"hand": waiting.hand.pk, "version": waiting.hand.version}
        assert Client().post(side_link(timed, 1) + "accept/", data).status_code == 302
    playing = table_of(timed.round, 2)
    assert enter(Client(), playing, FINISHING[game][1][0], side=0).status_code == 302
    round_ = started(timed.round, 61)
    ends = hh_mm(round_.started + timedelta(minutes=60))
    for url in sides(playing):
        assert f"Time is up · round 1 ended at {ends}" in words(Client().get(url))
    html = director_client.get(console_url(round_)).content.decode()
    console = words(director_client.get(console_url(round_)))
    assert "· 1 over time" in console and html.count('<span class="badge warn">over time') == 1
    listed = needs_on(director_client, round_)
    over = [n for n in listed if n["kind"] == "over"]
    assert over == [
        {
            "kind": "over",
            "text": f"Table 2: Still playing after the round's end at {ends}",
            "reason": "",
            "link": director_url(playing),
            "buttons": [],
        }
    ]
    assert [n["kind"] for n in listed] == ["over", "unsigned"]


def test_a_late_table_is_listed_late_before_the_tables_over_time(director_client, timed):
    game = timed.round.tournament.game
    playing = table_of(timed.round, 2)
    assert enter(Client(), playing, FINISHING[game][1][0], side=0).status_code == 302
    round_ = started(timed.round, 90)
    listed = needs_on(director_client, round_)
    assert [(n["kind"], n["link"]) for n in listed] == [
        ("late", director_url(timed)),  # no hand at all: late, and not listed twice
        ("over", director_url(playing)),
    ]
    assert "· 2 over time" in words(director_client.get(console_url(round_)))


def test_while_no_hand_is_entered_the_page_says_when_to_be_seated(timed):
    game = timed.round.tournament.game
    round_ = started(timed.round, 2)
    seated_by = hh_mm(round_.started + timedelta(minutes=5))
    for url in sides(timed):
        page = words(Client().get(url))
        assert SEATED[game].format(at=seated_by) + " 3 min left" in page
    if game != "columbus-6-card-kitty":
        assert "rule 7" not in page
    assert enter(Client(), timed, FINISHING[game][1][0], side=0).status_code == 302
    assert "Be seated by" not in words(Client().get(side_link(timed, 1)))


def test_a_round_without_a_length_shows_no_countdown(director_client, timed):
    Tournament.objects.filter(pk=timed.round.tournament_id).update(round_minutes=None)
    game = timed.round.tournament.game
    assert enter(Client(), timed, FINISHING[game][1][0], side=0).status_code == 302
    round_ = started(timed.round, 30)
    page = words(Client().get(side_link(timed, 0)))
    assert "min left" not in page and "Time is up" not in page and "ends at" not in page
    assert "over time" not in words(director_client.get(console_url(round_)))


# -- announcements ----------------------------------------------------------------------------


def announce(client, round_, text: str, **kwargs):
    return client.post(console_url(round_) + "announce/", {"text": text}, **kwargs)


def test_an_announcement_reaches_every_phone_and_stays_listed(director_client, timed):
    round_ = timed.round
    response = announce(director_client, round_, "Pizza is in the back room", follow=True)
    assert response.status_code == 200
    assert "Announced: every phone shows it at its next refresh." in words(response)
    first = Announcement.objects.get()
    response = announce(director_client, round_, "Round 2 starts at 21:00")
    assert response.status_code == 302
    second = Announcement.objects.exclude(pk=first.pk).get()
    for table in round_.tables.all():
        for url in sides(table):
            page = words(Client().get(url))
            assert f"From the director, {hh_mm(second.at)} Round 2 starts at 21:00" in page
            assert f"Earlier announcements (1) {hh_mm(first.at)} Pizza is in the back room" in page
    console = words(director_client.get(console_url(round_)))
    assert (
        f"{hh_mm(second.at)} td: Round 2 starts at 21:00 Take back "
        f"{hh_mm(first.at)} td: Pizza is in the back room Take back"
    ) in console


def test_a_phone_gets_the_news_at_its_next_poll_and_loses_it_when_taken_back(
    director_client, timed
):
    phone = Client()
    url = side_link(timed, 1)
    version = phone.get(url).context["live_url"].split("since=")[1]
    assert phone.get(url, {"since": version}).status_code == 204
    assert announce(director_client, timed.round, "Table 2 has moved").status_code == 302
    polled = phone.get(url, {"since": version})
    assert polled.status_code == 200 and "Table 2 has moved" in words(polled)
    version = polled.context["live_url"].split("since=")[1]
    made = Announcement.objects.get()
    take_back = console_url(timed.round) + f"announcements/{made.pk}/take-back/"
    response = director_client.post(take_back, follow=True)
    assert "Taken back: the phones no longer show it." in words(response)
    polled = phone.get(url, {"since": version})
    assert polled.status_code == 200 and "Table 2 has moved" not in words(polled)
    assert not Announcement.objects.exists()
    console = words(director_client.get(console_url(timed.round)))
    assert "No announcement tonight yet." in console


@pytest.mark.parametrize(
    "text, said",
    [
        ("x" * 281, "Keep it to 280 characters (it has 281): nothing was announced."),
        ("", "Type the announcement."),
        ("   ", "Type the announcement."),
    ],
)
def test_an_announcement_too_long_or_empty_is_refused_by_its_field(
    director_client, timed, text, said
):
    response = announce(director_client, timed.round, text)
    assert response.status_code == 400
    html = response.content.decode()
    assert said in words(response)
    assert 'id="news-text_error"' in html  # by the field
    assert text.strip() in html  # kept as typed, to shorten
    assert "hx-get" not in html  # not polled: what was typed stays
    assert not Announcement.objects.exists()
    assert Tournament.objects.get(pk=timed.round.tournament_id).news_at is None


def test_a_night_takes_back_only_its_own_announcements(director_client, timed):
    other = make_tournament(timed.round.tournament.game, slug="another-night")
    theirs = news.announce(other, "Not yours", by="someone")
    url = console_url(timed.round) + f"announcements/{theirs.pk}/take-back/"
    assert director_client.post(url).status_code == 404
    assert director_client.get(url).status_code == 405
    assert Announcement.objects.filter(pk=theirs.pk).exists()


def test_an_announcement_needs_the_pages_csrf_token(director):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(director)
    tournament = make_tournament("ascot", entrants=4, published=True)
    round_ = published_round(tournament)
    assert announce(browser, round_, "From a page of another site").status_code == 403
    assert not Announcement.objects.exists()
