"""What a probe of the laptop's server found (issue 48), each answered: a 4xx with a clear
message that changes nothing, or made harmless.

- "²" (a digit to str.isdigit(), no number to int()) wherever a number is read;
- rows per page below 1 or past reason on the standings, ratings and register pages;
- ids past 64 bits in an address;
- two directors making the same club or night at the same moment;
- a backup's playoff seeds that are no entrant ids, and its sides' correction requests;
- a team named after its players whose names are too long for a name;
- the club register's matching of a restored night's players, quadratic in them;
- the laptop server's cap on a request's body, and its copy of the night when it stops.

The laptop server's own findings run it in a subprocess (tests/support/served.py).
"""

from __future__ import annotations

import http.client
import json
import random
import sqlite3
import string

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from backup.exporting import export_tournament
from backup.forms import BACKUP_MAX_BYTES
from backup.importing import BackupError, import_json, import_tournament
from club.forms import ClubForm
from club.models import Club, Player
from laptop import backups
from laptop.backups import copies
from laptop.worker import MAX_BODY_BYTES
from league import names
from scoring import entry
from scoring.models import CorrectionRequest
from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.laptop.test_survives_the_laptop import enter_and_accept, sign, signatures_in
from tests.scoring.test_concurrency_pg import hands_for
from tests.support.helpers import (
    FINISHING,
    accepted_hands,
    published_round,
    side_link,
    sign_every_side,
    table_of,
)
from tests.support.served import query, served
from tournament import own_links
from tournament.forms import CSV_MAX_BYTES, TournamentForm
from tournament.inputs import MOST_ROWS_PER_PAGE
from tournament.linking import link_entrants
from tournament.models import Entrant, OwnLink, Tournament

pytestmark = pytest.mark.django_db

SUPERSCRIPT_TWO = "²"
assert SUPERSCRIPT_TWO.isdigit() and not SUPERSCRIPT_TWO.isdecimal()


def said(response) -> str:
    return response.content.decode()


# --- "²" wherever a number is read -------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_superscript_dealer_is_refused_by_the_field_on_every_page_that_asks(
    game, director_client
):
    tournament = make_tournament(game, entrants=ONE_TABLE[game], published=True)
    table = table_of(published_round(tournament))
    seated = table.seats.get(position=0).entrant
    own = own_links.links_for([seated], tournament.is_partnership)[(seated.pk, 1)].token
    pages = {
        "side link": (Client(), side_link(table, 0)),
        "own link": (Client(), f"/p/{own}/r/1/"),
        "director": (director_client, f"/t/{tournament.slug}/round/1/table/1/"),
    }
    for where, (client, url) in pages.items():
        response = client.post(url + "first-dealer/", {"first_dealer": SUPERSCRIPT_TWO})
        assert response.status_code == 400, where
        assert "Choose who deals the first hand." in said(response), where
        table.refresh_from_db()
        assert table.first_dealer == 0, where


def test_a_superscript_in_the_check_in_pages_numbers_is_refused(director_client):
    kitty = make_tournament(entrants=2, published=True)
    entrant = kitty.entrants.first()
    checkin = f"/t/{kitty.slug}/checkin/"
    # Which entrant's own links to show: none, and nothing made.
    response = director_client.get(checkin, {"link": SUPERSCRIPT_TWO})
    assert response.status_code == 200 and OwnLink.objects.count() == 0
    links = own_links.links_for([entrant], True)
    before = {key: link.token for key, link in links.items()}
    response = director_client.post(
        f"{checkin}{entrant.pk}/new-link/", {"q": "", "place": SUPERSCRIPT_TWO}
    )
    assert response.status_code == 400
    assert f"Choose which player of {entrant.name} gets a new link." in said(response)
    assert {key: link.token for key, link in own_links.links_for([entrant], True).items()} == before


def test_a_superscript_player_to_link_is_refused(director_client):
    kitty = make_tournament(entrants=2, published=True)
    entrant = kitty.entrants.first()
    response = director_client.post(
        f"/t/{kitty.slug}/players/link/",
        {"entrant": entrant.pk, "slot": "1", "player": SUPERSCRIPT_TWO},
    )
    assert response.status_code == 400
    assert "Choose a player of the club" in said(response)
    assert Entrant.objects.get(pk=entrant.pk).member1 is None


@pytest.mark.parametrize("where", ["t/new/", "t/restore/", "edit"])
def test_a_superscript_choice_of_club_or_director_is_an_unknown_choice(where, director_client):
    kitty = make_tournament(entrants=2, published=True)
    url, data, field = {
        "t/new/": ("/t/new/", {"name": "Night", "club": SUPERSCRIPT_TWO}, "club"),
        "t/restore/": (
            "/t/restore/",
            {"club": SUPERSCRIPT_TWO, "file": SimpleUploadedFile("b.json", b"{}")},
            "club",
        ),
        "edit": (f"/t/{kitty.slug}/edit/", {"staff": SUPERSCRIPT_TWO}, "staff"),
    }[where]
    before = list(Tournament.objects.values_list("pk", "name"))
    response = director_client.post(url, data)
    assert response.status_code == 400
    (error,) = response.context["form"][field].errors
    assert error.startswith("Select a valid choice."), error
    assert list(Tournament.objects.values_list("pk", "name")) == before


@pytest.mark.parametrize("seeds", [[SUPERSCRIPT_TWO], [None], ["1.5"], [True], [[1]]])
def test_a_backup_whose_playoff_seeds_are_no_entrant_ids_is_refused_whole(seeds):
    kitty = make_tournament(entrants=4, published=True)
    data = json.loads(json.dumps(export_tournament(kitty)))
    data["tournament"]["slug"] = "copy"
    data["tournament"]["playoff_seeds"] = seeds
    with pytest.raises(BackupError, match="playoff_seeds"):
        import_json(json.dumps(data))
    assert list(Tournament.objects.values_list("slug", flat=True)) == [kitty.slug]


# --- paging ------------------------------------------------------------------------------


@pytest.fixture
def long_pages(director):
    """The three pages of rows a page at a time: a night's standings, the club's ratings
    at its game and the club's register (its directors')."""
    kitty = make_tournament(entrants=4, published=True)
    kitty.club.staff.add(director)
    published_round(kitty)
    club = kitty.club.slug
    return [
        f"/t/{kitty.slug}/standings/",
        f"/club/{club}/ratings/{kitty.game}/",
        f"/club/{club}/register/",
    ]


@pytest.mark.parametrize(
    "rows", ["-1", "0", str(MOST_ROWS_PER_PAGE + 1), "9" * 30, SUPERSCRIPT_TWO, "x"]
)
def test_rows_per_page_out_of_reason_is_a_clear_400(long_pages, director_client, rows):
    for url in long_pages:
        response = director_client.get(url, {"per_page": rows})
        assert response.status_code == 400, url
        assert f"Rows per page: a whole number from 1 to {MOST_ROWS_PER_PAGE}" in said(response)


def test_rows_per_page_within_reason_and_any_page_number_are_shown(long_pages, director_client):
    for url in long_pages:
        for rows in ({"per_page": "1"}, {"per_page": str(MOST_ROWS_PER_PAGE)}, {}):
            for page in ("-1", "0", "9" * 30, SUPERSCRIPT_TWO):
                assert director_client.get(url, {**rows, "page": page}).status_code == 200


# --- ids past 64 bits --------------------------------------------------------------------


@pytest.mark.parametrize("big", [2**63, 10**30])
def test_a_pair_of_players_past_64_bits_is_not_found(big, director_client):
    kitty = make_tournament(entrants=2, published=True)
    link_entrants(kitty, kitty.entrants.all())
    known = Player.objects.order_by("pk").first().pk
    for a, b in ((big, known), (known, big), (big, big + 1)):
        response = Client().get(f"/club/{kitty.club.slug}/pair/{a}/{b}/")
        assert response.status_code == 404
        assert "No such players" in said(response)


# --- two directors making the same name at once -------------------------------------------


@pytest.fixture
def made_first_by_another(monkeypatch):
    """The other director's save lands between this form's checks and its own save: the
    form is found valid, then the same name is stored (once), as by another request."""

    def arrange(form_class, model, **fields):
        checked = form_class.is_valid

        def then_the_other(form):
            valid = checked(form)
            if valid and not model.objects.filter(**fields).exists():
                model.objects.create(**fields)
            return valid

        monkeypatch.setattr(form_class, "is_valid", then_the_other)

    return arrange


def test_a_club_made_at_the_same_moment_by_another_director_is_a_clear_409(
    director_client, made_first_by_another
):
    made_first_by_another(ClubForm, Club, name="Kitty Hall", slug="kitty-hall")
    response = director_client.post("/club/new/", {"name": "Kitty Hall"})
    assert response.status_code == 409
    assert response.context["form"]["name"].errors == ["There is a club called Kitty Hall already."]
    assert Club.objects.filter(slug="kitty-hall").count() == 1


def test_a_night_made_at_the_same_moment_by_another_director_is_a_clear_409(
    director_client, made_first_by_another
):
    data = {
        "name": "Friday Kitty",
        "date": "2026-11-27",
        "game": "cutthroat-pinochle",
        "rounds": "4",
        "paper": "letter",
        "first_round": "random",
        "boston_pot": "0",
    }
    made_first_by_another(
        TournamentForm,
        Tournament,
        name="Friday Kitty",
        slug="friday-kitty",
        date="2026-11-27",
        game="ascot",
    )
    response = director_client.post("/t/new/", data)
    assert response.status_code == 409
    assert response.context["form"]["slug"].errors == [
        "Another tournament already uses 'friday-kitty'."
    ]
    assert Tournament.objects.filter(slug="friday-kitty").count() == 1


# --- a team named after its players ------------------------------------------------------


def test_a_team_name_from_players_names_too_long_is_refused_never_cut(director_client):
    kitty = make_tournament(entrants=0)
    first, second = "Anne-Marguerite " + "B" * 40, "Maximilian " + "W" * 45
    assert len(f"{first} & {second}") > 100 and len(first) <= 100 and len(second) <= 100
    response = director_client.post(
        f"/t/{kitty.slug}/entrants/", {"name": "", "player1": first, "player2": second}
    )
    assert response.status_code == 400
    assert response.context["form"]["name"].errors == [
        f"The players' names make a team name of {len(first) + len(second) + 3} characters; "
        "at most 100 are kept: type a shorter team name."
    ]
    assert not kitty.entrants.exists()
    named = {"name": "Anne & Max", "player1": first, "player2": second}
    assert director_client.post(f"/t/{kitty.slug}/entrants/", named).status_code == 302
    assert kitty.entrants.get().name == "Anne & Max"


# --- the backup keeps correction requests ------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_nights_correction_requests_come_back_with_its_backup(game, director, director_client):
    """Export then import: the open request (1) came back as 0, and left the console."""
    options, hands = FINISHING[game]
    tournament = make_tournament(game, entrants=ONE_TABLE[game], published=True, options=options)
    table = table_of(published_round(tournament))
    accepted_hands(table, hands)
    sign_every_side(table)
    answered = entry.ask_correction(table, actor=entry.Actor(side=0), reason="hand 1 was 9")
    td = entry.Actor(user=director, label="Director td")
    entry.answer_correction(table, answered.pk, actor=td, answer="as played")
    asked = entry.ask_correction(table, actor=entry.Actor(side=1), reason="hand 1 was ours")
    console = f"/t/{tournament.slug}/round/1/console/"
    assert "hand 1 was ours" in said(director_client.get(console))
    saved = json.loads(json.dumps(export_tournament(tournament)))
    tournament.delete()
    restored = import_tournament(saved)
    restored.staff.add(director)
    kept = CorrectionRequest.objects.filter(table__round__tournament=restored).order_by("id")
    assert [(c.side, c.reason, c.asked_at, c.open, c.answer) for c in kept] == [
        (0, "hand 1 was 9", answered.asked_at, False, "as played"),
        (1, "hand 1 was ours", asked.asked_at, True, ""),
    ]
    assert "hand 1 was ours" in said(director_client.get(console))


def test_a_correction_request_of_no_side_at_the_table_is_refused_whole():
    tournament = make_tournament("cutthroat-pinochle", entrants=3, published=True)
    published_round(tournament)
    saved = export_tournament(tournament)
    saved["tournament"]["slug"] = "copy"
    saved["rounds"][0]["tables"][0]["corrections"] = [{"side": 7, "reason": "why"}]
    with pytest.raises(BackupError, match=r"corrections\[0\]: side: side 7 is not at this table"):
        import_tournament(saved)
    assert not Tournament.objects.filter(slug="copy").exists()


# --- a restored night's players matched to the register in linear work ---------------------


def test_matching_a_nights_players_of_one_surname_compares_only_the_near_ones(monkeypatch):
    """A backup of 6,000 teams took 145 s to restore: every player of one surname was
    compared with every other (one bucket per surname). Counted, not timed: the names
    compared grow with the players, not with their square."""
    compared = []
    real = names.keys_near
    monkeypatch.setattr(names, "keys_near", lambda a, b: compared.append(1) or real(a, b))
    rng = random.Random(48)
    players = 4000
    firsts = {"".join(rng.choices(string.ascii_lowercase, k=8)) for _ in range(players)}
    club = names.register([])
    for i, first in enumerate(sorted(firsts)):  # each near none other: each a new entry
        typed = f"{first} Smith"
        assert club.match(typed).near == ()
        club.add(names.Entry(i, typed))
    assert club.near_pairs() == []
    # Compared with every other Smith: 16 million (8 million a time); only near ones: few.
    assert len(compared) <= 2 * players, len(compared)  # itself, when the pairs are found


# --- the laptop's server -----------------------------------------------------------------


@pytest.mark.spawns
def test_the_laptop_server_reads_no_body_past_the_largest_upload(tmp_path):
    """A 1,000 MB POST to /login/ was read to disk (waitress's own cap was 1 GB): refused
    now at once, 413, with nothing read; a backup file at its own cap is still read whole,
    so the restore form says what is wrong with it in its words."""
    assert CSV_MAX_BYTES < BACKUP_MAX_BYTES < MAX_BODY_BYTES < BACKUP_MAX_BYTES * 1.2
    with served(tmp_path / "laptop", argv=("--app", "tests.laptop.wsgi_apps:echo")) as laptop:
        huge = http.client.HTTPConnection("127.0.0.1", laptop.port, timeout=10)
        huge.putrequest("POST", "/login/")
        huge.putheader("Content-Type", "application/x-www-form-urlencoded")
        huge.putheader("Content-Length", str(1000 * 1000 * 1000))
        huge.endheaders()  # and not one byte of the body
        answer = huge.getresponse()
        assert answer.status == 413
        assert "too large" in answer.read().decode()
        assert answer.getheader("Connection") == "close"
        huge.close()
        upload = http.client.HTTPConnection("127.0.0.1", laptop.port, timeout=30)
        body = b"x" * (BACKUP_MAX_BYTES + 100_000)  # over the form's cap: the form says so
        upload.request("POST", "/t/restore/", body=body)
        # The echo app answers its path and the bytes it read: all of them.
        assert upload.getresponse().read() == f"/t/restore/ {len(body)}".encode()
        upload.close()


@pytest.mark.parametrize("started", [True, False], ids=["copier running", "copier asleep"])
def test_a_copy_asked_for_is_made_before_the_copier_stops(started, settings, tmp_path, monkeypatch):
    """However far the copier's thread got (the copy under way, or not yet begun), the
    copy asked for is made, once, before the server stops; and the thread ends."""
    source = tmp_path / "night.sqlite3"
    with sqlite3.connect(source) as night:
        night.execute("CREATE TABLE scoring_signature (side INTEGER)")
        night.executemany("INSERT INTO scoring_signature VALUES (?)", [(0,), (1,)])
    night.close()
    monkeypatch.setattr(backups, "database_file", lambda: source)
    settings.BACKUP_DIRS = [tmp_path / "copies"]
    copier = backups.Copier()
    if started:
        copier.start()
    copier.ask("sheet signed")
    copier.finish()
    (made,) = backups.copies(tmp_path / "copies")
    assert made.reason == "sheet signed"
    assert query(made.path, "SELECT count(*) FROM scoring_signature") == [(2,)]
    if started:
        copier.join(5)
        assert not copier.is_alive()


@pytest.mark.spawns
def test_the_newest_copy_holds_the_last_signature_when_the_server_is_stopped_at_once(tmp_path):
    """Stopped the moment after a sheet's last signature, the server ended before its
    thread made the copy that signature asked for: the newest copy lacked the table's
    signatures (3 times of 3). Stopped as a service manager stops it (SIGTERM), it makes
    the copy first."""
    with served(tmp_path / "laptop") as laptop:
        night = laptop.night(1)
        links = night.tables[0].links
        for number, hand in enumerate(hands_for(1), start=1):
            enter_and_accept(laptop.url, links, hand, number)
        sign(laptop.url, links[0], 0)
        sign(laptop.url, links[1], 1)  # the last signature: the sheet is final
        laptop.stop()
    made = copies(laptop.backups)  # the night was set up with none
    assert made, "no copy of the night was made"
    assert signatures_in(made[0].path, [1]) == 2, made[0]
    assert "sheet signed" in made[0].reason
