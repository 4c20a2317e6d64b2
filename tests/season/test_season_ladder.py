"""The season ladder through the web, for each of the four games: what a player checks
is that each night's places, read off that night's public standings page, add up to the
ladder's points; the downloads hold what the page shows."""

from __future__ import annotations

import csv
import datetime
import io
from html.parser import HTMLParser

import pytest
import tablib
from django.contrib.auth import get_user_model
from django.test import Client

from demo.season import play_night
from tests.conftest import GAMES
from tests.support.helpers import standings_drawn
from tests.support.night_copies import copy_night
from tests.support.season_helpers import START, a_club, a_season
from tournament.models import Director, Tournament

pytestmark = pytest.mark.django_db

# Enough players for two tables a night (6 Card Kitty: four teams, paired afresh nightly).
PLAYERS = {
    "columbus-6-card-kitty": 8,
    "three-legged-kitty": 6,
    "ascot": 8,
    "cutthroat-pinochle": 6,
}
NAMES = ["Ann Bell", "Bob Cole", "Cat Dunn", "Dan Eyre", "Eve Ford", "Fay Gold", "Gus Hart"]
NAMES += ["Hal Ives"]
# The club's default points, written out here: 1st 10, 2nd 8, 3rd 6, then 5 4 3 2 1, then 1.
POINTS = [10, 8, 6, 5, 4, 3, 2, 1]
PLAYED = 1


def week(n: int) -> datetime.date:
    return START + datetime.timedelta(days=7 * n)


def season_of(club, game: str, nights: int, rounds: int = 1) -> list[Tournament]:
    players = NAMES[: PLAYERS[game]]
    return [
        play_night(club, game, week(n), players, slug=f"{game[:12]}-{n}", rounds=rounds, seed=n)
        for n in range(nights)
    ]


@pytest.fixture
def staff_client(db):
    """A director who keeps the club's seasons (added to the club's staff by the test),
    on a browser of their own: `client` stays the public's."""
    user = get_user_model().objects.create_user("keeper", password="pw-for-tests-1")
    Director.objects.create(user=user)
    browser = Client()
    browser.force_login(user)
    browser.user = user
    return browser


def points_for(place: int, tied: int) -> int:
    """The places a tie covers share their points: the average, rounded half up."""
    covered = [POINTS[p - 1] if p <= len(POINTS) else PLAYED for p in range(place, place + tied)]
    return int(sum(covered) / tied + 0.5)


def night_places(client, night: Tournament) -> dict[str, tuple[int, int]]:
    """Each player's (place, how many share it) off the night's public standings page,
    among the entrants who played a signed table (a night in progress lists the others
    too, with nothing played)."""
    board = standings_drawn(client, night).context["board"]
    ranks = [row.rank for row in board.rows if row.played]
    places = {}
    for row in board.rows:
        if row.played:
            place = 1 + sum(1 for rank in ranks if rank < row.rank)
            for name in board.entrants[row.entrant].players:
                places[name] = (place, ranks.count(row.rank))
    return places


class Cells(HTMLParser):
    """The text of each row of the page's ladder table, as it is seen: a shared rank's
    words for a screen reader ("tied for 1st", hidden from the eye) left out."""

    def __init__(self):
        super().__init__()
        self.rows, self.inside, self.cell, self.hidden = [], 0, None, 0

    def handle_starttag(self, tag, attrs):
        if self.hidden or "visually-hidden" in (dict(attrs).get("class") or ""):
            self.hidden += tag == "span"
        elif tag == "table" and "ladder" in (dict(attrs).get("class") or ""):
            self.inside = 1
        elif self.inside and tag == "tr":
            self.rows.append([])
        elif self.inside and tag in ("td", "th"):
            self.cell = ""

    def handle_endtag(self, tag):
        if self.hidden:
            self.hidden -= tag == "span"
        elif tag == "table":
            self.inside = 0
        elif self.inside and tag in ("td", "th") and self.cell is not None:
            self.rows[-1].append(self.cell.strip())
            self.cell = None

    def handle_data(self, data):
        if self.cell is not None and not self.hidden:
            self.cell += data


def page_rows(response) -> list[list[str]]:
    parser = Cells()
    parser.feed(response.content.decode())
    return parser.rows


def csv_rows(response) -> list[list[str]]:
    """The download's rows; a shared rank "=1" is kept from a spreadsheet's formulas by a
    leading quote (as the night's standings download does), read here without it."""
    rows = csv.reader(io.StringIO(response.content.decode("utf-8-sig")))
    return [[c[1:] if c.startswith("'=") else c for c in row] for row in rows]


@pytest.mark.parametrize("game", GAMES)
def test_a_ten_night_season_adds_up_each_nights_places(client, game):
    club = a_club()
    season = a_season(club, game)
    # Three nights played hand by hand, then seven copies of them (the places read off
    # each night's own standings, as a played one's are).
    played = season_of(club, game, 3)
    nights = played + [copy_night(played[n % 3], f"copy-{n}", week(n)) for n in range(3, 10)]
    url = f"/club/{club.slug}/season/{season.slug}/"
    response = client.get(url)
    assert response.status_code == 200

    expected: dict[str, list[str]] = {}
    for n, night in enumerate(nights):
        for name, (place, tied) in night_places(client, night).items():
            expected.setdefault(name, [""] * len(nights))[n] = str(points_for(place, tied))
    rows = page_rows(response)
    header, body = rows[0], rows[1:]
    assert header[:4] == ["Rank", "Player", "Total", "Nights"]
    assert len(header) == 4 + 10
    assert sorted(r[1] for r in body) == sorted(expected)
    for _rank, name, total, played, *cells in body:
        assert cells == expected[name], name
        assert int(total) == sum(int(c) for c in cells if c)
        assert int(played) == sum(1 for c in cells if c)
    totals = [int(r[2]) for r in body]
    assert totals == sorted(totals, reverse=True)
    assert body[0][0] in ("1", "=1")

    download = client.get(url + "ladder.csv")
    assert download["Content-Type"].startswith("text/csv")
    assert csv_rows(download) == rows
    book = tablib.Dataset().load(client.get(url + "ladder.xlsx").content, format="xlsx")
    assert list(book.headers) == header
    cells = [[str(v).replace("'=", "=", 1) if v is not None else "" for v in r] for r in book]
    assert cells == body

    # Ten nights of the same players, so the chart draws the leaders night by night.
    assert response.content.count(b"<polyline") == 6
    assert b"style=" not in response.content and b"<script>" not in response.content


def test_partnerships_change_but_the_ladder_is_per_player(client):
    game = "columbus-6-card-kitty"
    club = a_club()
    season = a_season(club, game)
    nights = season_of(club, game, 4)
    partners: dict[str, set[str]] = {}
    for night in nights:
        for entrant in night.entrants.all():
            partners.setdefault(entrant.player1, set()).add(entrant.player2)
            partners.setdefault(entrant.player2, set()).add(entrant.player1)
    assert any(len(p) > 1 for p in partners.values())
    body = page_rows(client.get(f"/club/{club.slug}/season/{season.slug}/"))[1:]
    assert sorted(r[1] for r in body) == sorted(NAMES[:8])


def test_a_small_season_by_hand(client, staff_client):
    """Three nights of two teams at 6 Card Kitty, the first registered team seated first
    and winning its one hand (5 bid, 12 books), under points 5,3 (1 for playing)."""
    from tests.support.helpers import FINISHING, accepted_hands, published_round, sign_every_side

    club = a_club()
    club.staff.add(staff_client.user)
    season = a_season(club, "columbus-6-card-kitty")
    settings_url = f"/club/{club.slug}/ladder-settings/"
    form = {"ladder_points": "5, 3", "ladder_played": "1", "ladder_best": ""}
    assert staff_client.post(settings_url, form).status_code == 302
    options, hands = FINISHING["columbus-6-card-kitty"]
    teams = [
        ("Ann Bell", "Bob Cole", "Cat Dunn", "Dan Eyre"),
        ("Ann Bell", "Cat Dunn", "Bob Cole", "Dan Eyre"),
        ("Bob Cole", "Dan Eyre", "Ann Bell", "Cat Dunn"),
    ]
    from club.models import Player
    from tournament.models import Entrant

    members = {n: Player.objects.create(club=club, name=n) for n in NAMES[:4]}
    for n, (a, b, c, d) in enumerate(teams):
        night = Tournament.objects.create(
            club=club,
            name=f"Night {n + 1}",
            slug=f"night-{n + 1}",
            date=week(n),
            game="columbus-6-card-kitty",
            rounds=1,
            published=True,
            first_round="registration",
            options=options,
        )
        for order, (p, q) in enumerate([(a, b), (c, d)], start=1):
            Entrant.objects.create(
                tournament=night,
                name=f"{p} & {q}",
                player1=p,
                player2=q,
                member1=members[p],
                member2=members[q],
                order=order,
                checked_in=True,
            )
        table = published_round(night).tables.get()
        assert table.seats.get(position=0).entrant.player1 == a  # the first team sits first
        accepted_hands(table, hands)
        sign_every_side(table)

    url = f"/club/{club.slug}/season/{season.slug}/"
    # Ann: won, won, lost = 5+5+3. Bob: won, lost, won = 13. Cat: lost, won, lost = 11.
    # Dan: lost, lost, won = 11. Level on total, 1st places, best night and nights played,
    # they share the rank, listed by name.
    assert page_rows(client.get(url))[1:] == [
        ["=1", "Ann Bell", "13", "3", "5", "5", "3"],
        ["=1", "Bob Cole", "13", "3", "5", "3", "5"],
        ["=3", "Cat Dunn", "11", "3", "3", "5", "3"],
        ["=3", "Dan Eyre", "11", "3", "3", "3", "5"],
    ]
    # The best two nights: each player's (later) 3 is dropped, shown in brackets.
    form["ladder_best"] = "2"
    assert staff_client.post(settings_url, form).status_code == 302
    response = client.get(url)
    assert page_rows(response)[1:] == [
        ["=1", "Ann Bell", "10", "3", "5", "5", "(3)"],
        ["=1", "Bob Cole", "10", "3", "5", "(3)", "5"],
        ["=3", "Cat Dunn", "8", "3", "3", "5", "(3)"],
        ["=3", "Dan Eyre", "8", "3", "3", "(3)", "5"],
    ]
    assert b"best 2 nights count" in response.content
    assert csv_rows(client.get(url + "ladder.csv"))[1:] == page_rows(response)[1:]


# The season and its club, the nights, their outcomes, entrants, byes, the players; for a
# signed-in visitor the session, the user, whether they keep the club, whether a director.
SEASON_QUERIES = 10
HOME_QUERIES = 7


@pytest.mark.parametrize("game", GAMES)
def test_the_pages_read_a_fixed_number_of_queries_at_10_and_40_nights(
    client, staff_client, game, django_assert_max_num_queries
):
    club = a_club()
    club.staff.add(staff_client.user)
    season = a_season(club, game, days=7 * 120)
    first = season_of(club, game, 1)[0]
    url = f"/club/{club.slug}/season/{season.slug}/"

    def copies(start, stop):
        for n in range(start, stop):
            copy_night(first, f"copy-{n}", week(n), shift=n)
        client.get(url)  # the copies' tables are scored once and stored, as any night's are

    copies(1, 10)
    for who in (client, staff_client):
        with django_assert_max_num_queries(SEASON_QUERIES):
            assert len(page_rows(who.get(url))[0]) == 4 + 10
        with django_assert_max_num_queries(HOME_QUERIES):
            assert who.get(f"/club/{club.slug}/").status_code == 200
    copies(10, 40)  # a query a night would show (bench/season_ladder.py measures 100)
    for who in (client, staff_client):
        with django_assert_max_num_queries(SEASON_QUERIES):
            assert len(page_rows(who.get(url))[0]) == 4 + 40
        with django_assert_max_num_queries(HOME_QUERIES):
            assert who.get(f"/club/{club.slug}/").content.count(b"/t/copy-") == 39
        with django_assert_max_num_queries(SEASON_QUERIES):
            assert who.get(url + "ladder.csv").status_code == 200


def ladder_cells(client, club, season) -> dict[str, list[str]]:
    rows = page_rows(client.get(f"/club/{club.slug}/season/{season.slug}/"))
    return {r[1]: r for r in rows[1:]}


@pytest.mark.parametrize("game", GAMES)
def test_only_the_clubs_published_nights_of_the_game_in_the_dates_count(client, game):
    club = a_club()
    season = a_season(club, game, days=60)
    counted = season_of(club, game, 1)[0]
    hidden = copy_night(counted, "hidden", week(1), shift=1)
    Tournament.objects.filter(pk=hidden.pk).update(published=False)
    copy_night(counted, "after-the-season", week(20), shift=1)
    elsewhere = a_club("other-club", name="The Other Club")
    foreign = copy_night(counted, "elsewhere", week(2), shift=1)
    Tournament.objects.filter(pk=foreign.pk).update(club=elsewhere)
    other_game = next(g for g in GAMES if g != game)
    play_night(club, other_game, week(3), NAMES[: PLAYERS[other_game]], slug="other-game")

    response = client.get(f"/club/{club.slug}/season/{season.slug}/")
    assert page_rows(response)[0][4:] == [f"{counted.date:%b} {counted.date.day}"]
    assert [n.tournament.slug for n in response.context["board"].nights] == [counted.slug]
    home = client.get(f"/club/{club.slug}/").content.decode()
    assert "/t/after-the-season/" in home and "/t/other-game/" in home
    assert "/t/hidden/" not in home and "/t/elsewhere/" not in home
    assert season.name in home


@pytest.mark.parametrize("game", GAMES)
def test_a_corrected_night_moves_the_ladder(client, staff_client, game):
    from scoring import entry
    from tests.support.helpers import sign_every_side

    club = a_club()
    season = a_season(club, game)
    night = season_of(club, game, 1)[0]
    night.staff.add(staff_client.user)
    before = ladder_cells(client, club, season)
    table = night.round_set.get(number=1).tables.get(number=1)
    at_table = {n for s in table.seats.select_related("entrant") for n in s.entrant.players}

    reason = {"reason": "a miscounted hand"}
    reopen = f"/t/{night.slug}/round/1/table/1/reopen/"
    assert staff_client.post(reopen, reason).status_code == 302
    response = client.get(f"/club/{club.slug}/season/{season.slug}/")
    assert b"In progress" in response.content and b"1 of 2 tables signed" in response.content
    reopened = {r[1]: r for r in page_rows(response)[1:]}
    places = night_places(client, night)
    for name in NAMES[: PLAYERS[game]]:
        if name in at_table:  # their sheet is not signed: not counted yet
            assert name not in reopened
        else:
            assert reopened[name][4] == str(points_for(*places[name]))

    # The director corrects every hand: it was the next side (player) who bid, so the
    # points go round the table; signed again, the night counts with the new places.
    actor = entry.Actor(user=staff_client.user)
    size = table.seats.count()
    for hand in table.hands.filter(status="accepted").order_by("number"):
        record = rotated(game, dict(hand.record), size, hand.number)
        entry.edit_hand(table, hand.pk, record, actor=actor, version=hand.version, reason="x")
    sign_every_side(table)
    after = ladder_cells(client, club, season)
    places = night_places(client, night)
    assert not client.get(f"/club/{club.slug}/season/{season.slug}/").context["board"].in_progress
    for name in NAMES[: PLAYERS[game]]:
        assert after[name][4] == str(points_for(*places[name]))
    assert after != before


def rotated(game: str, record: dict, size: int, number: int) -> dict:
    """The hand as if the next side (or player) had bid it: at Ascot the next one playing,
    the dealer sitting out."""
    if game == "columbus-6-card-kitty":
        return {**record, "bidding_team": 1 - record["bidding_team"]}
    if game == "cutthroat-pinochle":
        return {**record, "bidder": (record["bidder"] + 1) % size}
    if game == "three-legged-kitty":
        if record.get("passed_out"):
            return record
        return {**record, "cat": (record["cat"] + 1) % size}
    playing = [seat for seat in range(size) if seat != (number - 1) % size]
    following = dict(zip(playing, playing[1:] + playing[:1], strict=True))
    if record.get("passed_out"):
        return {
            **record,
            **{f"ramsch_{following[s]}": record[f"ramsch_{s}"] for s in playing},
        }
    return {**record, "declarer": following[record["declarer"]]}


@pytest.mark.parametrize("game", GAMES)
def test_club_staff_make_and_edit_a_season(client, staff_client, game):
    from club.models import Season

    club = a_club()
    club.staff.add(staff_client.user)
    home = staff_client.get(f"/club/{club.slug}/").content.decode()
    assert f'href="/club/{club.slug}/new-season/"' in home
    assert "new-season" not in client.get(f"/club/{club.slug}/").content.decode()
    new = f"/club/{club.slug}/new-season/"
    form = {"game": game, "name": "Winter 2026", "slug": "", "starts": "2026-01-05"}
    response = staff_client.post(new, {**form, "ends": "2026-01-04"})
    assert response.status_code == 400
    assert "cannot be before the first" in response.context["form"].errors["ends"][0]
    assert "cannot be before the first" in response.content.decode()
    assert not Season.objects.exists()

    response = staff_client.post(new, {**form, "ends": "2026-03-29"})
    assert response.status_code == 302
    assert response["Location"] == f"/club/{club.slug}/season/winter-2026/"
    page = client.get(response["Location"])
    assert page.status_code == 200 and b"Winter 2026" in page.content
    assert b"No published night" in page.content

    response = staff_client.post(new, {**form, "ends": "2026-03-29"})  # the same name again
    errors = response.context["form"].errors
    assert response.status_code == 400
    assert errors["name"] == ["The club has a season called “Winter 2026” already."]
    response = staff_client.post(new, {**form, "name": "WINTER 2026", "slug": "other"})
    assert response.status_code == 400 and "already" in response.context["form"].errors["name"][0]
    response = staff_client.post(new, {**form, "name": "Spring", "slug": "winter-2026"})
    assert (
        response.status_code == 400 and "already uses" in response.context["form"].errors["slug"][0]
    )
    response = staff_client.post(new, {**form, "name": "", "ends": "2026-03-29"})
    assert list(response.context["form"].errors) == ["name"]  # the slug is made from it
    assert Season.objects.count() == 1
    edit = f"/club/{club.slug}/season/winter-2026/edit/"
    changed = {**form, "name": "Winter", "slug": "winter-2026", "ends": "2026-04-05"}
    assert staff_client.post(edit, changed).status_code == 302
    season = Season.objects.get()
    assert (season.name, season.ends, season.game) == ("Winter", datetime.date(2026, 4, 5), game)


@pytest.mark.parametrize(
    "change, field, says",
    [
        ({"ladder_points": "10,12,6"}, "ladder_points", "2nd (12) cannot be worth more than 1st"),
        ({"ladder_points": "10, eight"}, "ladder_points", "is not a whole number"),
        ({"ladder_points": "2000"}, "ladder_points", "is over 1000"),
        ({"ladder_points": ""}, "ladder_points", "required"),
        ({"ladder_played": "7"}, "ladder_played", "cannot be worth more than 2nd place (5)"),
        ({"ladder_played": "-1"}, "ladder_played", "greater than or equal to 0"),
        ({"ladder_best": "0"}, "ladder_best", "greater than or equal to 1"),
        ({"ladder_best": "40000"}, "ladder_best", "less than or equal to 1000"),
    ],
)
def test_bad_ladder_points_are_refused_by_their_field(staff_client, change, field, says):
    club = a_club()
    club.staff.add(staff_client.user)
    url = f"/club/{club.slug}/ladder-settings/"
    form = {"ladder_points": "8, 5", "ladder_played": "1", "ladder_best": "", **change}
    response = staff_client.post(url, form)
    assert response.status_code == 400
    assert says in " ".join(response.context["form"].errors[field])
    club.refresh_from_db()
    assert (club.ladder_points, club.ladder_played, club.ladder_best) == (
        "10,8,6,5,4,3,2,1",
        1,
        None,
    )


def test_only_the_clubs_staff_change_its_seasons(staff_client, player_client):
    client = Client()  # anonymous (player_client is pytest-django's client, signed in)
    club = a_club()
    season = a_season(club, "ascot")
    urls = [
        f"/club/{club.slug}/new-season/",
        f"/club/{club.slug}/season/{season.slug}/edit/",
        f"/club/{club.slug}/ladder-settings/",
    ]
    for url in urls:
        assert client.get(url)["Location"].startswith("/login/")
        assert player_client.get(url).status_code == 403
        assert staff_client.get(url).status_code == 403  # a director, not this club's
    club.staff.add(staff_client.user)
    for url in urls:
        assert staff_client.get(url).status_code == 200
    assert client.get(f"/club/{club.slug}/season/no-such-season/").status_code == 404
    assert client.get("/club/no-such-club/").status_code == 404
