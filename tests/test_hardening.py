"""The server holds up against what the open internet sends it: guessed passwords, an
injected script, cached credentials, huge uploads, formulas in names, a huge event."""

import csv
import io
import re

import openpyxl
import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from scoring.models import Hand
from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support.helpers import SIMPLE_HAND, enter, published_round, side_link, table_of
from tournament.models import Director, Entrant, Tournament

pytestmark = pytest.mark.django_db

PASSWORD = "pw-for-tests-1"


# --- login lockout -------------------------------------------------------------------------


def log_in(client, username: str, password: str):
    return client.post("/login/", {"username": username, "password": password})


def test_five_wrong_passwords_lock_the_login_and_only_that_one(client):
    users = get_user_model().objects
    for name in ("td", "other-td"):
        Director.objects.create(user=users.create_user(name, password=PASSWORD))
    for _ in range(4):
        assert log_in(client, "td", "guess").status_code == 200  # the form again, refused
    assert log_in(client, "td", "guess").status_code == 429  # the fifth locks it
    locked = log_in(client, "td", PASSWORD)  # now even the right password
    assert locked.status_code == 429
    body = locked.content.decode()
    assert "Login locked" in body
    assert "5 wrong passwords for this account from this device" in body
    assert "locked for 15 minutes" in body  # AXES_COOLOFF_TIME, a quarter of an hour
    assert "_auth_user_id" not in client.session
    # Another director logging in from the same place is not locked out.
    assert log_in(Client(), "other-td", PASSWORD).status_code == 302


def test_the_lockout_page_says_the_time_set(client, settings):
    settings.AXES_COOLOFF_TIME = 0.5
    user = get_user_model().objects.create_user("td", password=PASSWORD)
    Director.objects.create(user=user)
    for _ in range(5):
        log_in(client, "td", "guess")
    assert "locked for 30 minutes" in log_in(client, "td", PASSWORD).content.decode()


def test_behind_a_proxy_each_client_is_locked_out_on_its_own(client, settings):
    """PROXY_COUNT=1: the lockout reads the client's address from X-Forwarded-For, so one
    guesser behind the club's proxy does not lock the director out everywhere."""
    settings.AXES_IPWARE_PROXY_COUNT = 0  # as PROXY_COUNT=1 sets it: one proxy, nginx
    settings.AXES_IPWARE_META_PRECEDENCE_ORDER = ["HTTP_X_FORWARDED_FOR", "REMOTE_ADDR"]
    Director.objects.create(user=get_user_model().objects.create_user("td", password=PASSWORD))
    guesser = {"HTTP_X_FORWARDED_FOR": "203.0.113.5"}
    for _ in range(5):
        client.post("/login/", {"username": "td", "password": "guess"}, **guesser)
    assert (
        client.post("/login/", {"username": "td", "password": PASSWORD}, **guesser).status_code
        == 429
    )
    director = {"HTTP_X_FORWARDED_FOR": "198.51.100.7"}
    answer = Client().post("/login/", {"username": "td", "password": PASSWORD}, **director)
    assert answer.status_code == 302


def test_a_right_password_before_the_limit_resets_the_count(client):
    Director.objects.create(user=get_user_model().objects.create_user("td", password=PASSWORD))
    for _ in range(4):
        log_in(client, "td", "guess")
    assert log_in(client, "td", PASSWORD).status_code == 302
    client.logout()
    for _ in range(4):
        log_in(client, "td", "guess")
    assert log_in(client, "td", PASSWORD).status_code == 302


# --- the Content-Security-Policy, on every page of the demo --------------------------------


INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I)


def demo_pages() -> list[str]:
    from demo.demo import DEMO_SLUGS

    """Every kind of page of the four demo nights: public, director, and each side's link."""
    pages = ["/", "/login/", "/t/new/", "/t/restore/"]
    for game in GAMES:
        pages.append(f"/rules/{game}/")
    for tournament in Tournament.objects.filter(slug__in=DEMO_SLUGS):
        slug = tournament.slug
        pages += [f"/t/{slug}/{p}" for p in ("", "edit/", "entrants/", "checkin/", "rounds/")]
        pages += [f"/t/{slug}/standings/", f"/t/{slug}/standings/projector/"]
        for round_ in tournament.round_set.all():
            base = f"/t/{slug}/round/{round_.number}/"
            pages += [base, base + "console/", base + "pairings/"]
            for table in round_.tables.all():
                pages.append(base + f"table/{table.number}/")
                pages += [f"/s/{seat.token}/" for seat in table.seats.all()]
    return pages


def test_every_page_has_the_policy_and_no_inline_script(director_client):
    from demo.demo import build_demo

    build_demo()
    pages = demo_pages()
    assert len(pages) > 60
    for url in pages:
        response = director_client.get(url)
        assert response.status_code == 200, url
        policy = response["Content-Security-Policy"]
        assert "default-src 'self'" in policy and "script-src 'self'" in policy, url
        assert "unsafe-inline" not in policy, url
        assert not INLINE_SCRIPT.search(response.content.decode()), url


# --- no copy of a side's page kept by the phone or a proxy ---------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_pages_with_credentials_are_never_cached(director_client, game):
    tournament = make_tournament(game, entrants=ONE_TABLE[game], published=True)
    table = table_of(published_round(tournament))
    link = side_link(table, 0)
    director_page = f"/t/{tournament.slug}/round/1/table/1/"
    for response in (
        Client().get(link),
        enter(Client(), table, SIMPLE_HAND[game], side=0),
        director_client.get(director_page),
        director_client.get(f"/t/{tournament.slug}/round/1/pairings.pdf"),  # the table cards
    ):
        assert "no-store" in response["Cache-Control"]
    assert "no-store" not in Client().get(f"/t/{tournament.slug}/standings/").get(
        "Cache-Control", ""
    )


# --- uploads: refused above their caps before they are read --------------------------------


def upload(name: str, data: bytes) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data)


def test_a_csv_above_a_megabyte_is_refused_by_its_field(director_client, kitty):
    data = b"team,player1,player2\n" + b"A,B,C\n" * 200_000  # 1.2 MB
    response = director_client.post(
        f"/t/{kitty.slug}/entrants/import/", {"file": upload("big.csv", data)}
    )
    assert response.status_code == 400
    assert "at most 1.0 MB is taken" in response.context["form"].errors["file"][0]
    assert kitty.entrants.count() == 8


@pytest.mark.parametrize("end", [b"\n", b"\r\n", b"\r"])
def test_a_csv_of_too_many_lines_is_refused_whatever_ends_them(director_client, kitty, end):
    data = end.join([b"team,player1,player2", *(b"T%d,a%d,b%d" % (i, i, i) for i in range(2000))])
    response = director_client.post(
        f"/t/{kitty.slug}/entrants/import/", {"file": upload("long.csv", data)}
    )
    assert response.status_code == 400
    assert "has 2,001 lines; at most 2,000" in response.context["form"].errors["file"][0]
    assert kitty.entrants.count() == 8


def test_a_backup_above_its_cap_is_refused_before_it_is_read(director_client):
    data = b'{"format": "kitty-td/tournament", "pad": "' + b"x" * 20_000_000 + b'"}'
    response = director_client.post("/t/restore/", {"file": upload("big.json", data)})
    assert response.status_code == 400
    assert "at most 20.0 MB is taken" in response.context["form"].errors["file"][0]
    assert not Tournament.objects.exists()


# --- exports: no formula runs when a director opens the download ---------------------------

NAMES = ['=HYPERLINK("http://evil.example","Click")', "@SUM(1+1)", "+1+2", "-3+4", "Ann"]


@pytest.fixture
def named(db):
    tournament = make_tournament("cutthroat-pinochle", published=True, slug="formulas")
    Entrant.objects.bulk_create(
        Entrant(tournament=tournament, name=name, order=i, checked_in=True)
        for i, name in enumerate(NAMES[:3], start=1)
    )
    return tournament


def test_a_csv_download_neutralises_formulas_and_keeps_numbers(named):
    text = Client().get(f"/t/{named.slug}/standings/?_export=csv").content.decode()
    rows = list(csv.reader(io.StringIO(text)))
    names = {row[1] for row in rows[1:]}
    assert names == {"'" + n for n in NAMES[:3]}
    assert all(not cell.startswith(("=", "+", "-", "@")) for row in rows for cell in row)


def test_an_xlsx_download_neutralises_formulas_and_keeps_numbers(named):
    response = Client().get(f"/t/{named.slug}/standings/?_export=xlsx")
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    rows = list(sheet.iter_rows(values_only=True))
    header = rows[0]
    names = {row[header.index("Player")] for row in rows[1:]}
    assert names == {"'" + n for n in NAMES[:3]}
    played = {row[header.index("Played")] for row in rows[1:]}
    assert played == {0}  # a number stays a number


def test_a_played_negative_score_stays_a_number_in_the_download(director_client):
    tournament = make_tournament("cutthroat-pinochle", entrants=3, published=True)
    table = table_of(published_round(tournament))
    # Player 1 bids 20 and concedes before the widow: pays the others, a negative score.
    url = f"/t/{tournament.slug}/round/1/table/1/"
    assert enter(director_client, url, SIMPLE_HAND[tournament.game], side=None).status_code == 302
    assert Hand.objects.filter(table=table).exists()
    response = director_client.get(f"/t/{tournament.slug}/standings/?_export=xlsx&view=live")
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    values = [v for row in sheet.iter_rows(min_row=2, values_only=True) for v in row]
    assert any(isinstance(v, int) and v < 0 for v in values), values
    assert not any(isinstance(v, str) and v.startswith("'-") for v in values), values


# --- a huge event's public standings, a page at a time --------------------------------------


def test_the_public_standings_show_a_hundred_rows_a_page(client):
    tournament = make_tournament("cutthroat-pinochle", published=True, slug="huge")
    Entrant.objects.bulk_create(
        Entrant(tournament=tournament, name=f"Player {i:03}", order=i, checked_in=True)
        for i in range(1, 251)
    )
    url = f"/t/{tournament.slug}/standings/"
    first = client.get(url)
    rows = first.context["table"].page.object_list
    assert len(rows) == 100 and first.context["table"].page.has_next()
    html = first.content.decode()
    assert "Player 001" in html and "Player 101" not in html and "page=2" in html
    second = client.get(url, {"page": 2}).content.decode()
    assert "Player 101" in second and "Player 200" in second and "Player 201" not in second
    last = client.get(url, {"page": 3})
    assert len(last.context["table"].page.object_list) == 50
    # The download has every row.
    text = client.get(url, {"_export": "csv"}).content.decode()
    assert len(list(csv.reader(io.StringIO(text)))) == 251


@pytest.mark.parametrize("url", ["/login/", "/admin/login/"])
def test_an_overlong_username_is_refused_by_its_field_before_any_login(client, url):
    response = client.post(url, {"username": "x" * 400, "password": "guess"})
    assert response.status_code == 200  # the form again, with the message
    assert "at most 150 characters (this one has 400)" in response.content.decode()
