"""A director replaces a night from its own backup file, for each game: the restore page's
explicit choice, for the night's own directors; its copy kept first, then the night
deleted and the file's night imported in one transaction, so a bad file changes nothing.
Without the choice, the page says the night is in the way and that the choice exists."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from backup.forms import REPLACE_LABEL
from club.models import default_club
from laptop import backups
from scoring.models import Hand
from tests.conftest import GAMES, make_tournament
from tests.support.printed_nights import play, played_night
from tournament.models import Director, Entrant, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def copies_folders(settings, tmp_path, monkeypatch):
    monkeypatch.setattr(backups, "_failures", {})
    settings.BACKUP_DIRS = [tmp_path / "backups"]
    return settings.BACKUP_DIRS


def restore(client, data: bytes, replace: bool = False):
    upload = SimpleUploadedFile("night.kittytd.json", data)
    sent = {"file": upload, "club": str(default_club())}
    return client.post("/t/restore/", {**sent, **({"replace": "on"} if replace else {})})


def state(night: Tournament) -> tuple:
    """What the director changed after the backup: a name and a hand."""
    night = Tournament.objects.get(slug=night.slug)
    names = sorted(night.entrants.values_list("name", flat=True))
    return names, Hand.objects.filter(table__round__tournament=night).count()


def backup_of(night: Tournament, director) -> bytes:
    """The night's backup file, as its director downloads it."""
    client = Client()
    client.force_login(director)
    return client.get(f"/t/{night.slug}/backup.json").content


def changed_since_the_backup(night: Tournament, game: str) -> None:
    """After its file was downloaded: an entrant renamed, a hand more at table 2."""
    first = night.entrants.order_by("pk").first()
    Entrant.objects.filter(pk=first.pk).update(name="Renamed Since")
    play(night.round_set.get().tables.get(number=2), game, 3)


@pytest.mark.parametrize("game", GAMES)
def test_a_night_is_replaced_by_its_own_backup_once_a_copy_of_it_is_kept(
    director, director_client, copies_folders, game
):
    night = played_night(game)
    second = get_user_model().objects.create_user("second-td", password="pw-for-tests-2")
    Director.objects.create(user=second)
    night.staff.add(second)
    data = director_client.get(f"/t/{night.slug}/backup.json").content
    as_backed_up = state(night)
    changed_since_the_backup(night, game)
    as_changed = state(night)
    assert as_changed != as_backed_up

    response = restore(director_client, data, replace=True)
    assert response.status_code == 302 and response["Location"] == f"/t/{night.slug}/"
    assert state(night) == as_backed_up
    replaced = Tournament.objects.get(slug=night.slug)
    assert replaced.pk != night.pk
    assert set(replaced.staff.all()) == {director, second}  # its directors run it still
    # The night as it was, kept first beside the copies: its file brings it back.
    (kept,) = copies_folders[0].glob("*.kittytd.json")
    assert kept.name.endswith(f"_{backups.slug(f'before replacing {night.name}')}.kittytd.json")
    names = sorted(e["name"] for e in json.loads(kept.read_text(encoding="utf-8"))["entrants"])
    assert names == as_changed[0]
    said = [str(m) for m in director_client.get("/").context["messages"]][0]
    assert said.startswith(
        f"Replaced {night.name} with the night in the backup file. A copy of {night.name} "
        f"as it was is kept: its backup file {kept}, which Restore from a backup takes"
    )
    # And back again, from that copy.
    assert restore(director_client, kept.read_bytes(), replace=True).status_code == 302
    assert state(night) == as_changed


@pytest.mark.parametrize("game", GAMES)
def test_without_the_choice_the_night_stays_and_the_page_says_the_choice_exists(
    director_client, copies_folders, game
):
    night = played_night(game)
    data = director_client.get(f"/t/{night.slug}/backup.json").content
    changed_since_the_backup(night, game)
    before = state(night)
    response = restore(director_client, data)
    assert response.status_code == 400
    html = response.content.decode()
    assert "Nothing was restored." in html
    said = response.context["form"].errors["replace"][0]
    assert said == (
        f"A tournament with the address “{night.slug}” already exists ({night.name}): tick "
        f"“{REPLACE_LABEL}” to put this file's night in its place (a copy of it is kept "
        "first), or change the slug in the file to restore it as another night."
    )
    assert 'id="id_replace_error"' in html
    assert f'href="/t/{night.slug}/backup.json"' in html  # its backup, as it is now
    assert state(night) == before
    assert not copies_folders[0].exists()


@pytest.mark.parametrize("game", GAMES)
def test_a_bad_file_replaces_nothing(director_client, copies_folders, game):
    night = played_night(game)
    data = json.loads(director_client.get(f"/t/{night.slug}/backup.json").content)
    changed_since_the_backup(night, game)
    before = state(night)
    # Deep in the file, where only the import finds it: a hand of a seat not at its table.
    data["rounds"][0]["tables"][0]["hands"][0]["entered_by"] = 9
    response = restore(director_client, json.dumps(data).encode(), replace=True)
    assert response.status_code == 400
    assert "entered_by: side 9 is not at this table" in response.context["error"]
    assert state(night) == before
    assert Tournament.objects.get(slug=night.slug).pk == night.pk
    # (Its copy was kept first, as the import alone finds such a fault.) A file that is
    # no backup at all is refused before anything is copied.
    for kept in copies_folders[0].glob("*"):
        kept.unlink()
    response = restore(director_client, b'{"format": "something else"}', replace=True)
    assert response.status_code == 400 and state(night) == before
    assert list(copies_folders[0].glob("*")) == []


def test_only_the_nights_own_directors_may_replace_it(client, director, copies_folders):
    night = played_night(GAMES[0])
    data = backup_of(night, director)
    changed_since_the_backup(night, GAMES[0])
    before = state(night)
    stranger = get_user_model().objects.create_user("other-td", password="pw-for-tests-2")
    Director.objects.create(user=stranger)
    default = night.club
    default.staff.add(stranger)
    client.force_login(stranger)
    response = restore(client, data, replace=True)
    assert response.status_code == 403
    assert (
        response.context["form"]
        .errors["replace"][0]
        .startswith(
            f"A tournament with the address “{night.slug}” already exists ({night.name}), run by "
            "other directors: only they may replace it."
        )
    )
    assert f"/t/{night.slug}/backup.json" not in response.content.decode()
    assert state(night) == before and not copies_folders[0].exists()


def test_the_choice_with_no_night_at_the_address_restores_the_file(director_client, copies_folders):
    night = played_night(GAMES[1])
    data = director_client.get(f"/t/{night.slug}/backup.json").content
    before = state(night)
    night.delete()
    assert restore(director_client, data, replace=True).status_code == 302
    assert state(night) == before
    assert not copies_folders[0].exists()  # nothing was in the way: nothing to keep


def test_a_server_with_no_folder_of_copies_says_to_download_the_night_first(
    director_client, settings
):
    settings.BACKUP_DIRS = []
    make_tournament(GAMES[2], slug="ascot-night")
    page = director_client.get("/t/restore/").content.decode()
    assert "This\nserver keeps no copies: download that night" in page
    assert REPLACE_LABEL in page
