"""The night's news and the round's clock, read in one place (tournament.news) for every
page that shows them, and the round's length on the tournament's form, for each game."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support.floor import words
from tests.support.helpers import published_round
from tournament import news
from tournament.models import Announcement, Round, Tournament

pytestmark = pytest.mark.django_db

# The club's procedure at each game: seated within 5 minutes of the start; 6 Card Kitty's
# text numbers the step (rule 7), the others state it without a number.
SEATED_CITE = {
    "columbus-6-card-kitty": "rule 7",
    "three-legged-kitty": "",
    "ascot": "",
    "cutthroat-pinochle": "",
}


@pytest.fixture(params=GAMES)
def night(request):
    game = request.param
    return make_tournament(game, entrants=ONE_TABLE[game], published=True)


def test_no_clock_before_the_director_starts_it(night):
    round_ = published_round(night)
    assert news.clock(round_, night, timezone.now()) is None
    assert news.clock(None, night, timezone.now()) is None


def test_the_clock_counts_down_the_rounds_length_from_the_start(night):
    round_ = published_round(night)
    night.round_minutes = 60
    start = timezone.now().replace(microsecond=0)
    round_.started = start
    clock = news.clock(round_, night, start + timedelta(minutes=37))
    assert clock.started == start and clock.ends == start + timedelta(minutes=60)
    assert clock.seconds_left == 23 * 60 and not clock.over
    assert clock.left_words == "23 min left"
    assert clock.seated_by == start + timedelta(minutes=5) and clock.seated_left == 0
    assert clock.seated_cite == SEATED_CITE[night.game]
    at_start = news.clock(round_, night, start)
    assert at_start.left_words == "1 h left" and at_start.seated_words == "5 min left"
    assert news.clock(round_, night, start + timedelta(seconds=3590)).left_words == "10 s left"
    up = news.clock(round_, night, start + timedelta(minutes=60))
    assert up.over and up.seconds_left == 0 and up.left_words == "Time is up"
    assert news.clock(round_, night, start + timedelta(hours=3)).over


def test_once_every_sheet_is_signed_the_round_has_no_clock(night):
    round_ = published_round(night)
    night.round_minutes = 60
    round_.started = timezone.now()
    round_.status = Round.Status.COMPLETE
    assert news.clock(round_, night, timezone.now()) is None


def test_without_a_round_length_the_clock_only_says_when_it_started(night):
    round_ = published_round(night)
    round_.started = timezone.now()
    clock = news.clock(round_, night, timezone.now() + timedelta(hours=5))
    assert clock.ends is None and clock.seconds_left is None and not clock.over
    assert clock.left_words == "" and clock.seated_by is not None


def test_the_time_left_in_words():
    assert [news.left_words(s) for s in (0, 1, 59, 60, 61, 3600, 3601, 5400, 7200)] == [
        "Time is up",
        "1 s left",
        "59 s left",
        "1 min left",
        "2 min left",
        "1 h left",
        "1 h 1 min left",
        "1 h 30 min left",
        "2 h left",
    ]


def test_announcements_newest_first_each_stamping_the_night(night):
    assert news.announcements(night) == [] and night.news_at is None
    first = news.announce(night, "  Pizza is in the back room  ", by="td")
    stamped = Tournament.objects.get(pk=night.pk).news_at
    assert stamped is not None and night.news_at == stamped
    second = news.announce(night, "Round 2 starts at 21:00", by="td")
    assert news.announcements(night) == [second, first]
    assert first.text == "Pizza is in the back room" and first.by == "td"
    news.take_back(second)
    assert news.announcements(night) == [first]
    assert Tournament.objects.get(pk=night.pk).news_at > stamped


def test_an_announcement_is_refused_whole_not_cut(night):
    with pytest.raises(ValueError, match="Keep it to 280 characters \\(it has 281\\)"):
        news.announce(night, "x" * 281, by="td")
    with pytest.raises(ValueError, match="Type the announcement"):
        news.announce(night, "   ", by="td")
    assert not Announcement.objects.exists() and night.news_at is None
    assert news.announce(night, "y" * 280, by="td").text == "y" * 280


# -- the round's length on the tournament's form --------------------------------------------


def form_data(tournament, **changes) -> dict:
    data = {
        "name": tournament.name,
        "slug": tournament.slug,
        "date": "2026-11-20",
        "game": tournament.game,
        "rounds": "3",
        "paper": "letter",
        "first_round": "random",
        "published": "on",
        "verify_hands": "on",
        "boston_pot": "0",
        "staff": [u.pk for u in tournament.staff.all()],
    }
    return data | changes


@pytest.mark.parametrize("game", GAMES)
def test_the_form_asks_for_the_rounds_length_after_the_correction_period(director_client, game):
    tournament = make_tournament(game)
    url = f"/t/{tournament.slug}/edit/"
    page = director_client.get(url)
    fields = [f.name for f in page.context["form"].main_fields()]
    assert fields.index("round_minutes") == fields.index("correction_minutes") + 1
    said = words(page)
    assert "Round length (minutes)" in said
    assert "Optional: empty for no round clock." in said and "Start the clock" in said
    response = director_client.post(url, form_data(tournament, round_minutes="75"))
    assert response.status_code == 302
    assert Tournament.objects.get(pk=tournament.pk).round_minutes == 75
    response = director_client.post(url, form_data(tournament, round_minutes=""))
    assert response.status_code == 302
    assert Tournament.objects.get(pk=tournament.pk).round_minutes is None


@pytest.mark.parametrize(
    "typed, said",
    [
        ("0", "Ensure this value is greater than or equal to 1."),
        ("1441", "Ensure this value is less than or equal to 1440."),
        ("an hour", "Enter a whole number."),
    ],
)
def test_a_round_length_that_is_no_length_is_refused_by_its_field(director_client, typed, said):
    tournament = make_tournament("ascot", round_minutes=50)
    response = director_client.post(
        f"/t/{tournament.slug}/edit/", form_data(tournament, round_minutes=typed)
    )
    assert response.status_code == 400
    assert response.context["form"].errors["round_minutes"] == [said]
    assert Tournament.objects.get(pk=tournament.pk).round_minutes == 50
