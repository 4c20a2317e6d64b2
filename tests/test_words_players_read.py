"""Words that mislead, for every game (issue 31, item 6): the standings' headings say what
they count, in the game's own words; the rules help gives options' defaults as a player
reads them; a shared rank reads one way on the ratings and on the ladder, with words for a
screen reader; a count says its noun in the singular for one; only the game with Bostons is
asked for a Boston pot; the demo's nights fall on the days they are named for."""

from __future__ import annotations

import csv
import datetime
import html
import io
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st

from club.models import Club, Season
from demo.demo import DEMO_SLUGS, on_weekday
from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support.helpers import FINISHING, accepted_hands, published_round, sign_every_side
from tournament.linking import link_entrants
from tournament.models import Tournament

pytestmark = pytest.mark.django_db

# Written out here, not read from the code under test: what each game's standings call
# what a side made and failed as bidder, and what they must not call it. A 3 Legged Kitty
# game is the race to the target; a Pinochle bidder makes or fails a bid; only an Ascot
# declarer wins and loses games (Skat's word).
HEADINGS = {
    "columbus-6-card-kitty": ((), ("Games won", "Games lost")),  # not shown: rounds and points
    "three-legged-kitty": (("Contracts made", "Contracts failed"), ("Games won", "Games lost")),
    "ascot": (("Games won", "Games lost"), ()),
    "cutthroat-pinochle": (("Bids made", "Bids failed"), ("Games won", "Games lost")),
}


def text(response) -> str:
    """The page's text as read: tags out, blanks as one space, entities as characters."""
    page = re.sub(r"<[^>]+>", " ", response.content.decode())
    return html.unescape(" ".join(page.split()))


def seen(response) -> str:
    """As the eye reads it: words for a screen reader only left out."""
    page = re.sub(r'<span class="visually-hidden">.*?</span>', "", response.content.decode())
    return html.unescape(" ".join(re.sub(r"<[^>]+>", " ", page).split()))


def headings(response, css: str) -> list[str]:
    page = response.content.decode()
    table = page[page.index(f'class="{css}"') :]
    head = table[: table.index("</thead>")]
    return [
        html.unescape(re.sub(r"<[^>]+>", "", th)).strip()
        for th in re.findall(r"<th[^>]*>(.*?)</th>", head, re.S)
    ]


def finished_night(game: str, tables: int = 1, **kwargs) -> Tournament:
    """A published night of `tables` tables, each finished with the same hands and signed."""
    options, hands = FINISHING[game]
    night = make_tournament(
        game, entrants=ONE_TABLE[game] * tables, published=True, options=options, **kwargs
    )
    for table in published_round(night).tables.all():
        accepted_hands(table, hands)
        sign_every_side(table)
    return night


@pytest.mark.parametrize("game", GAMES)
def test_the_standings_headings_say_what_they_count(director_client, game):
    night = finished_night(game)
    said, never = HEADINGS[game]
    url = f"/t/{night.slug}/standings/"
    for response in (director_client.get(url), Client().get(url)):
        shown = headings(response, "list standings")
        assert all(h in shown for h in said), shown
        assert not any(h in shown for h in never), shown
    download = director_client.get(url, {"_export": "csv"}).content.decode("utf-8-sig")
    header = next(csv.reader(io.StringIO(download)))
    assert all(h in header for h in said) and not any(h in header for h in never)
    if not said:
        return
    # The director may rank by them in the game's words; the page says the order so.
    settings = director_client.get(f"/t/{night.slug}/edit/")
    assert f">{said[0]}</option>" in settings.content.decode()
    assert "games_won" not in text(settings)
    data = {
        name: field.value()
        for name, field in ((f.name, f) for f in settings.context["form"])
        if field.value() is not None and not field.field.disabled
    }
    data["tiebreaks"] = f"{said[0]}, score"
    saved = director_client.post(f"/t/{night.slug}/edit/", data)
    assert saved.status_code == 302, text(saved)[:2000]
    night.refresh_from_db()
    assert night.tiebreaks == "games_won, score"
    assert f"Ranked by {said[0]}, then Score." in text(director_client.get(url))
    entrant = night.entrants.first()
    record = text(director_client.get(f"{url}entrant/{entrant.pk}/"))
    assert said[0] in record and said[1] in record


# What each game's rules help must say for its options' defaults, written out here.
DEFAULTS = {
    "columbus-6-card-kitty": {
        "Renege penalty": "Books move to the other team",
        "Guarantee joker": "Little joker",
        "Hands per round": "4",
    },
    "three-legged-kitty": {"Game ends at": "30"},
    "ascot": {},
    "cutthroat-pinochle": {"Spades trump doubles the base value": "yes"},
}


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_help_gives_the_defaults_in_words(client, game):
    page = client.get(f"/rules/{game}/").content.decode()
    table = page[page.index("Options and their defaults") : page.index("Rulings taken")]
    table = table[table.index("</thead>") :]
    rows = {
        html.unescape(label).strip(): html.unescape(default).strip()
        for label, default in re.findall(r"<tr><th>([^<]*)</th><td>([^<]*)</td>", table)
    }
    ruleset = Tournament(game=game).ruleset
    assert set(rows) == {o.label for o in ruleset.options}
    for label, words in DEFAULTS[game].items():
        assert rows[label] == words
    # Never a stored value a player would not say: a choice's key, or True and False.
    for option in ruleset.options:
        if option.kind == "choice":
            assert rows[option.label] in dict(option.choices).values()
        assert rows[option.label] not in ("True", "False")


def rated_night(game: str, club: Club) -> Tournament:
    """Two tables that played the same hands: each player is level with the one in the same
    seat at the other table, so the ratings and the ladder have shared ranks."""
    night = finished_night(game, tables=2, club=club, first_round="registration")
    people = iter(
        f"{first} {last}" for last in ("Bell", "Cole") for first in "Ann Bob Cy Di".split()
    )
    for entrant in night.entrants.order_by("order"):
        if night.is_partnership:
            entrant.player1, entrant.player2 = next(people), next(people)
        else:
            entrant.name = next(people)
        entrant.save()
    link_entrants(night, night.entrants.all())
    return night


def rank_cells(response, css: str) -> list[str]:
    page = response.content.decode()
    body = page[page.index(f'class="{css}"') :]
    body = body[body.index("<tbody") : body.index("</tbody>")]
    return [
        re.search(r"<td[^>]*>(.*?)</td>", row, re.S)[1]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)
    ]


def shared(cell: str) -> tuple[str, str]:
    """A rank cell as the eye sees it, and as a screen reader says it."""
    eye = re.sub(r"<[^>]+>", "", re.sub(r'<span class="visually-hidden">.*?</span>', "", cell))
    hidden = re.findall(r'<span class="visually-hidden">(.*?)</span>', cell)
    hidden_from_readers = re.findall(r'<span aria-hidden="true">(.*?)</span>', cell)
    said = hidden[0] if hidden else re.sub(r"<[^>]+>", "", cell)
    assert hidden_from_readers in ([], [eye]), cell
    return eye.strip(), said.strip()


@pytest.mark.parametrize("game", GAMES)
def test_a_shared_rank_reads_the_same_on_the_ratings_and_the_ladder(client, game):
    club = Club.objects.create(name="Tie Club", slug="ties")
    night = rated_night(game, club)
    Season.objects.create(
        club=club,
        game=game,
        name="Winter",
        slug="winter",
        starts=night.date - datetime.timedelta(days=1),
        ends=night.date + datetime.timedelta(days=1),
    )
    ratings = [
        shared(c) for c in rank_cells(client.get(f"/club/ties/ratings/{game}/"), "list ratings")
    ]
    ladder = [
        shared(c)
        for c in rank_cells(client.get("/club/ties/season/winter/"), "list standings ladder")
    ]
    for ranks in (ratings, ladder):
        assert ranks, game
        # Every player is level with another: every rank is shared, "=N", said "tied for Nth".
        assert all(re.fullmatch(r"=\d+", eye) for eye, _ in ranks), ranks
        for eye, said in ranks:
            number = int(eye[1:])
            suffix = {1: "st", 2: "nd", 3: "rd"}.get(number if number < 4 else 0, "th")
            assert said == f"tied for {number}{suffix}", (eye, said)
    # The player's own page says it the same way.
    player = club.players.order_by("name").first()
    page = seen(client.get(f"/club/ties/players/{player.pk}/"))
    assert re.search(r"=\d+ of \d+ in the club's ratings", page), page[:3000]
    assert "A shared rank reads “=3”" in text(client.get(f"/club/ties/ratings/{game}/"))


def test_a_rank_alone_is_a_plain_number(client):
    """One 3 Legged Kitty table: the Cat makes 7 Hearts (+7), the two others score
    nothing and share the next rank."""
    game = "three-legged-kitty"
    club = Club.objects.create(name="Solo Club", slug="solo")
    night = finished_night(game, club=club, first_round="registration")
    for name, entrant in zip(
        ("Ann Bell", "Bob Cole", "Cy Dunn"), night.entrants.order_by("order"), strict=True
    ):
        entrant.name = name
        entrant.save()
    link_entrants(night, night.entrants.all())
    ranks = [
        shared(c) for c in rank_cells(client.get(f"/club/solo/ratings/{game}/"), "list ratings")
    ]
    assert ranks == [("1", "1"), ("=2", "tied for 2nd"), ("=2", "tied for 2nd")]


@pytest.mark.parametrize(
    ("rows", "said"), [(1, "Imported 1 entrant."), (2, "Imported 2 entrants.")]
)
def test_an_import_counts_in_words(director_client, rows, said):
    night = make_tournament("ascot", published=True)
    lines = "name\n" + "".join(f"Player {n}\n" for n in range(rows))
    upload = SimpleUploadedFile("players.csv", lines.encode(), content_type="text/csv")
    response = director_client.post(
        f"/t/{night.slug}/entrants/import/", {"file": upload}, follow=True
    )
    assert said in text(response)


@pytest.mark.parametrize("game", GAMES)
def test_only_the_game_with_bostons_is_asked_for_a_boston_pot(director_client, game):
    has_pot = game == "columbus-6-card-kitty"
    # The new tournament's page: the pot is among 6 Card Kitty's own settings, no other's.
    page = director_client.get("/t/new/", {"game": game}).content.decode()
    groups = {
        match[1]: match[0]
        for match in re.finditer(
            r'<fieldset class="game-options" data-game="([^"]+)".*?</fieldset>', page, re.S
        )
    }
    assert set(groups) == set(GAMES)
    for slug, group in groups.items():
        assert ('name="boston_pot"' in group) == (slug == "columbus-6-card-kitty"), slug
    outside = re.sub(r'<fieldset class="game-options".*?</fieldset>', "", page, flags=re.S)
    assert 'name="boston_pot"' not in outside

    # Saved without one (the page sends none for another game), and a pot typed for
    # another game is not kept.
    data = {
        "name": "Club Night",
        "slug": "club-night",
        "date": "2026-11-27",
        "venue": "Hall",
        "game": game,
        "rounds": "3",
        "paper": "letter",
        "first_round": "random",
        "verify_hands": "on",
    }
    if has_pot:
        data["boston_pot"] = "40"
    response = director_client.post("/t/new/", data)
    assert response.status_code == 302, text(response)[:2000]
    night = Tournament.objects.get(slug="club-night")
    assert night.boston_pot == (40 if has_pot else 0)

    # Once its first round is drawn, the game is fixed: only 6 Card Kitty's settings ask.
    for n in range(ONE_TABLE[game]):
        pair = {"player1": f"Ann {n}", "player2": f"Bob {n}"} if has_pot else {}
        night.entrants.create(name=f"Entrant {n}", checked_in=True, **pair)
    published_round(night)
    settings = director_client.get(f"/t/{night.slug}/edit/")
    assert ("Boston pot" in text(settings)) == has_pot
    standings = text(director_client.get(f"/t/{night.slug}/standings/"))
    assert ("Boston pot" in standings) == has_pot


@given(st.dates(datetime.date(2000, 1, 1), datetime.date(2100, 1, 1)), st.integers(0, 6))
def test_a_demo_night_falls_on_the_day_it_is_named_for(today, weekday):
    date = on_weekday(weekday, today)
    assert date.weekday() == weekday and 0 <= (date - today).days < 7


def test_the_demo_names_each_night_for_the_day_it_is_on(client, monkeypatch, tmp_path):
    from django.core.management import call_command

    from demo.management.commands import setup_demo

    monkeypatch.setattr(setup_demo, "PASSWORD_FILE", tmp_path / "login.txt")
    call_command("setup_demo")
    nights = Tournament.objects.filter(slug__in=DEMO_SLUGS)
    assert nights.count() == 4
    for night in nights:
        assert night.date.strftime("%A") in night.name, (night.name, night.date)
        page = text(client.get(f"/t/{night.slug}/"))
        assert night.name in page
    # The weeks gone by of each game fall on its night's day too.
    for night in nights:
        past = Tournament.objects.filter(game=night.game).exclude(slug__in=DEMO_SLUGS)
        assert past and all(p.date.weekday() == night.date.weekday() for p in past)
