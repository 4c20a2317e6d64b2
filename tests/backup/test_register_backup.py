"""A night's backup keeps its players' register links, and a restore links them to the
target club's register by the same rules, for every game; the register page's query
count does not grow with the club."""

import datetime
import json
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from club.models import Club, Player, default_club
from tests.conftest import GAMES, make_tournament
from tests.register.test_register import night, register_entrant, register_rows, tap, to_confirm
from tournament.models import Entrant, Tournament

pytestmark = pytest.mark.django_db

DATA = Path(__file__).parent.parent / "data" / "backups"
TEAMS = {"columbus-6-card-kitty"}


def restore(client, data: dict, club: Club, slug: str):
    data = {**data, "tournament": {**data["tournament"], "slug": slug}}
    upload = SimpleUploadedFile("night.kittytd.json", json.dumps(data).encode())
    return client.post("/t/restore/", {"club": str(club.pk), "file": upload})


@pytest.fixture
def clubs(director):
    home = Club.objects.get(pk=default_club())
    away = Club.objects.create(name="Away Club", slug="away")
    for club in (home, away):
        club.staff.add(director)
    return home, away


@pytest.mark.parametrize("game", GAMES)
def test_a_backup_restores_with_its_players_linked(director_client, clubs, game):
    home, away = clubs
    first, second = night(game, 1), night(game, 2)
    register_entrant(director_client, first, "Anne Bell", partner="Bob Stone")
    register_entrant(director_client, second, "Ann Bell", partner="Cy Dale")
    tap(director_client, second, "Same player as Anne Bell (1 night)")
    if game not in TEAMS:
        register_entrant(director_client, second, "Cy Dale")
    exported = json.loads(director_client.get(f"/t/{second.slug}/backup.json").content)

    # Into the same club: every player links exactly (Ann Bell as Anne Bell's alias).
    assert restore(director_client, exported, home, "again").status_code == 302
    assert to_confirm(director_client, Tournament.objects.get(slug="again")) == []
    rows = register_rows(director_client, home)
    assert rows["Anne Bell"] == (3, "Ann Bell") and rows["Cy Dale"][0] == 2

    # Into another club that knows Anne Bell by that name and someone near Cy Dale.
    there = make_tournament(game, slug="there", club=away)
    register_entrant(director_client, there, "Anne Bell", partner="Cy Dales")
    if game not in TEAMS:
        register_entrant(director_client, there, "Cy Dales")
    response = restore(director_client, exported, away, "away-night")
    assert response.status_code == 302
    restored = Tournament.objects.get(slug="away-night")
    assert restored.club == away
    rows = register_rows(director_client, away)
    assert rows["Anne Bell"][0] == 2  # "Ann Bell" typed, linked by the file's register name
    assert to_confirm(director_client, restored) == [
        "Same player as Cy Dales (1 night)",
        "A new player",
    ]
    # The home club's register is untouched by a restore elsewhere.
    assert register_rows(director_client, home)["Anne Bell"] == (3, "Ann Bell")


OLDER = sorted(p.name for p in DATA.glob("*.json") if ".expected." not in p.name)


@pytest.mark.parametrize("night_file", OLDER)
def test_an_older_backup_links_by_the_names_typed(director_client, clubs, night_file):
    home, _ = clubs
    data = json.loads((DATA / night_file).read_text())
    assert restore(director_client, data, home, "older").status_code == 302
    restored = Tournament.objects.get(slug="older")
    entrants = restored.entrants.count()
    waiting = len(to_confirm(director_client, restored))
    linked = Entrant.objects.filter(tournament=restored).exclude(member1=None).count()
    assert linked > 0 and Player.objects.filter(club=home).exists()
    assert linked + waiting >= entrants  # each player linked, or offered to confirm


@pytest.mark.parametrize("slot", [7, [1], {"n": 1}, True, "1", None])
def test_a_bad_register_link_in_a_file_is_refused(director_client, clubs, slot):
    home, _ = clubs
    data = json.loads((DATA / "ascot-wednesday.json").read_text())
    data["entrants"][0]["register"] = [{"slot": slot, "name": "X", "aliases": []}]
    response = restore(director_client, data, home, "bad")
    assert response.status_code == 400
    assert "entrants[0]: register[0]: slot: expected 1 or 2" in response.content.decode()
    assert not Tournament.objects.filter(slug="bad").exists()
    assert not Player.objects.exists()


def big_club(club: Club, players: int) -> None:
    """A register of `players`, each having played a night or two, made directly."""
    firsts = "Anne Bob Cyril Dora Edith Frank Greta Hugo Ilse Jon Karl Lena Mona Nils Otto".split()
    lasts = (
        "Bell Stone Dale Frey Weber Lind Brandt Adler Roth Busch Vogel Quill Marsh Hart Penn "
        "Fox Grant Hale Irwin Judd Keane Lowe Moss Nash Oakes Pryce Reid Shaw Tate Vance"
    ).split()
    names = [f"{f} {surname}" for surname in lasts for f in firsts][:players]
    Player.objects.bulk_create(
        Player(club=club, name=name, aliases=[name.replace(" ", ". ", 1)]) for name in names
    )
    ids = list(club.players.values_list("pk", flat=True))
    for n in range(2):
        t = Tournament.objects.create(
            club=club,
            name=f"Big {n}",
            slug=f"big-{n}",
            date=datetime.date(2026, 2, n + 1),
            game="ascot",
        )
        Entrant.objects.bulk_create(
            Entrant(tournament=t, name=f"E{pk}", member1_id=pk, order=i)
            for i, pk in enumerate(ids[n::2])
        )


@pytest.mark.parametrize("players", [20, 400])
def test_the_register_page_runs_a_fixed_number_of_queries(
    director_client, clubs, players, django_assert_max_num_queries
):
    home, _ = clubs
    big_club(home, players)
    with django_assert_max_num_queries(8):
        response = director_client.get(f"/club/{home.slug}/register/")
    assert response.status_code == 200
    assert f"{players} players." in response.content.decode()


def test_a_swapped_pair_is_listed_within_the_same_query_budget(
    director_client, clubs, django_assert_max_num_queries
):
    """Near names now include two neighbouring letters swapped: the likely duplicates of
    a big register still cost the page the same fixed number of queries."""
    home, _ = clubs
    big_club(home, 400)
    Player.objects.bulk_create(
        [Player(club=home, name="Mabel Ortiz"), Player(club=home, name="Mable Ortiz")]
    )
    with django_assert_max_num_queries(8):
        response = director_client.get(f"/club/{home.slug}/register/")
    page = response.content.decode()
    duplicates = page[page.index('id="duplicates"') : page.index("</section>")]
    assert "Keep Mabel Ortiz" in duplicates and "Keep Mable Ortiz" in duplicates


def test_the_import_command_restores_into_a_named_club(clubs, tmp_path, capsys):
    from django.core.management import call_command

    _, away = clubs
    call_command("import_tournament", str(DATA / "pinochle-thursday.json"), "--club", "away")
    restored = Tournament.objects.get()
    assert restored.club == away
    assert Player.objects.filter(club=away).count() >= 3
    with pytest.raises(Exception, match="No club has the address 'nowhere'"):
        call_command("import_tournament", str(DATA / "ascot-wednesday.json"), "--club", "nowhere")
