"""A director deletes a night, for each game: from its settings page, on a page that says
what goes and asks for the night's name; a copy is kept first (on the laptop the whole
database and the night's own backup file beside the copies; on a server, the file is
offered to download), then the night goes in one transaction. A wrong name, another
night's director or a folder that cannot be written change nothing. The club's register
keeps its players, and the season's ladder and ratings follow the nights that remain."""

from __future__ import annotations

import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection
from django.db.models.signals import post_delete

from backup.importing import import_json
from club.models import Club, Player, Season
from laptop import backups
from leaderboard.board import standings_for
from scoring.models import Change, Hand, Ruling, Signature
from season.models import RatingSet
from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support.printed_nights import played_night
from tests.support.season_nights import season
from tournament.models import (
    Announcement,
    Director,
    Entrant,
    OwnLink,
    Round,
    Seat,
    Table,
    Tournament,
)

pytestmark = pytest.mark.django_db

NIGHT_MODELS = (Entrant, OwnLink, Announcement, Round, Table, Seat, Hand, Ruling, Signature, Change)


@pytest.fixture
def copies_folders(settings, tmp_path, monkeypatch):
    """The laptop's folders of copies: its own and a USB stick."""
    monkeypatch.setattr(backups, "_failures", {})
    settings.BACKUP_DIRS = [tmp_path / "backups", tmp_path / "stick"]
    return settings.BACKUP_DIRS


def rows() -> dict[str, int]:
    return {m.__name__: m.objects.count() for m in NIGHT_MODELS} | {
        "Tournament": Tournament.objects.count(),
        "Player": Player.objects.count(),
    }


def standings(tournament: Tournament) -> list[tuple]:
    board, entrants = standings_for(tournament, include_incomplete=True)
    return [(r.rank, entrants[r.entrant].name, r.points, r.played) for r in board]


def delete_page(night: Tournament) -> str:
    return f"/t/{night.slug}/delete/"


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


@pytest.mark.parametrize("game", GAMES)
def test_a_director_deletes_a_night_once_a_copy_of_it_is_kept(
    director_client, copies_folders, game
):
    night = played_night(game)
    night.announcements.create(text="Coffee in the back room", by="td")
    other = make_tournament(game, slug="next-week", entrants=ONE_TABLE[game])
    before, played = rows(), standings(night)
    others = {m.__name__: m.objects.exclude(**{_night_of(m): night}).count() for m in NIGHT_MODELS}

    settings_page = director_client.get(f"/t/{night.slug}/edit/").content.decode()
    assert f'href="{delete_page(night)}"' in settings_page and "Delete this night" in settings_page
    page = director_client.get(delete_page(night))
    assert page.status_code == 200
    text = re.sub(r"\s+", " ", page.content.decode())
    noun = "teams" if night.is_partnership else "players"
    assert f"its {night.entrants.count()} {noun}" in text
    assert "its 1 round: 2 tables," in text and "its 1 signed sheet:" in text
    assert "its 1 announcement." in text
    assert f"a copy of it is kept in {copies_folders[0]}, {copies_folders[1]}" in text

    done = director_client.post(delete_page(night), {"name": night.name}, follow=True)
    assert done.redirect_chain == [("/", 302)]
    # Gone, all of it; the other night, the club and its register as they were.
    assert not Tournament.objects.filter(slug=night.slug).exists()
    assert Tournament.objects.filter(pk=other.pk).exists()
    assert {m.__name__: m.objects.count() for m in NIGHT_MODELS} == others
    assert rows()["Player"] == before["Player"]
    # The message names what went and where its copy is; the copy brings it back.
    (said,) = messages_of(done)
    files = sorted(f for folder in copies_folders for f in folder.glob("*.kittytd.json"))
    assert [f.parent for f in files] == copies_folders
    goes = f"{len(played)} {noun}, 1 round, 1 signed sheet"
    assert said.startswith(f"Deleted {night.name}: {goes}. A copy of {night.name} is kept: ")
    assert f"its backup file {files[0]} and {files[1]}, which Restore from a backup takes" in said
    why = backups.slug(f"before deleting {night.name}")  # as the copies' names write it
    assert files[0].name.endswith(f"_{why}.kittytd.json")
    assert files[0].read_bytes() == files[1].read_bytes()
    # And, on the laptop's SQLite, the whole database as it was, a copy the rotation never
    # removes (PostgreSQL is copied by its own tools: docs/production.md).
    made = [c for folder in copies_folders for c in backups.copies(folder)]
    if connection.vendor == "sqlite":
        # Made a moment after the file: its time in the name may be the next second's.
        assert [c.path.name.split("_", 2)[2] for c in made] == [f"{why}.sqlite3"] * 2
        assert made[0].path.name == made[1].path.name
        assert not any(c.routine for c in made)
        assert f"the whole database as it was, the copy {made[0].path.name}." in said
    else:
        assert made == [] and "the whole database" not in said
    back = import_json(files[0].read_bytes())
    assert back.name == night.name and standings(back) == played


def _night_of(model) -> str:
    """The lookup from a row to its night."""
    return {
        Entrant: "tournament",
        OwnLink: "entrant__tournament",
        Announcement: "tournament",
        Round: "tournament",
        Table: "round__tournament",
    }.get(model, "table__round__tournament")


@pytest.mark.parametrize("game", GAMES)
def test_a_wrong_name_deletes_nothing_and_says_so_by_the_field(
    director_client, copies_folders, game
):
    night = played_night(game)
    before = rows()
    for typed in ("", "\x00", "x" * 400, "Friday", night.name + " please"):
        response = director_client.post(delete_page(night), {"name": typed})
        assert response.status_code == 400
        html = response.content.decode()
        assert 'class="error" id="id_name_error"' in html
    said = f"That is not this night&#x27;s name: type “{night.name}” to delete it."
    assert f'<p class="error" id="id_name_error">{said} Nothing was deleted.</p>' in html
    assert rows() == before
    assert not any(folder.exists() and any(folder.iterdir()) for folder in copies_folders)
    # The name as it is written, with other capitals and spaces, is the name.
    typed = "  " + night.name.upper().replace(" ", "   ") + " "
    assert director_client.post(delete_page(night), {"name": typed}).status_code == 302
    assert not Tournament.objects.filter(pk=night.pk).exists()


def test_only_the_nights_own_directors_may_delete_it(director, client, copies_folders):
    night = played_night(GAMES[0])
    before = rows()
    stranger = get_user_model().objects.create_user("other-td", password="pw-for-tests-2")
    Director.objects.create(user=stranger)
    make_tournament(GAMES[0], slug="theirs").staff.add(stranger)
    player = get_user_model().objects.create_user("player", password="pw-for-tests-3")
    for user in (stranger, player):
        client.force_login(user)
        assert client.get(delete_page(night)).status_code == 403
        assert client.post(delete_page(night), {"name": night.name}).status_code == 403
    client.logout()
    response = client.post(delete_page(night), {"name": night.name})
    assert response.status_code == 302 and response["Location"].startswith("/login/")
    assert rows() == {**before, "Tournament": before["Tournament"] + 1}
    assert not any(folder.exists() for folder in copies_folders)
    # Added to its staff, the other director may.
    night.staff.add(stranger)
    client.force_login(stranger)
    assert client.post(delete_page(night), {"name": night.name}).status_code == 302


def test_a_server_with_no_folder_of_copies_offers_the_nights_file_first(director_client, settings):
    settings.BACKUP_DIRS = []
    night = played_night(GAMES[3])
    page = director_client.get(delete_page(night)).content.decode()
    assert "This server keeps no copies." in page
    assert f'href="/t/{night.slug}/backup.json"' in page
    download = director_client.get(f"/t/{night.slug}/backup.json")
    done = director_client.post(delete_page(night), {"name": night.name}, follow=True)
    (said,) = messages_of(done)
    assert said.endswith(
        f"No copy of {night.name} is kept on this server: the backup file downloaded before "
        "brings it back, with Restore from a backup."
    )
    assert not Tournament.objects.filter(slug=night.slug).exists()
    assert import_json(download.content).slug == night.slug  # the download brings it back


def test_a_folder_of_copies_that_cannot_be_written_deletes_nothing(
    director_client, settings, tmp_path
):
    (tmp_path / "stick").write_text("a file where the folder should be")
    settings.BACKUP_DIRS = [tmp_path / "stick" / "kitty"]
    night = played_night(GAMES[1])
    before = rows()
    response = director_client.post(delete_page(night), {"name": night.name})
    assert response.status_code == 503
    assert (
        f"No copy of {night.name} could be written to {tmp_path / 'stick' / 'kitty'}"
        in (response.context["error"])
    )
    assert "Nothing was deleted." in response.content.decode()
    assert rows() == before


def test_a_night_that_fails_to_go_whole_is_left_whole(director_client, copies_folders):
    """One transaction: a failure halfway (here at its last signature) deletes nothing."""
    night = played_night(GAMES[2])
    before = rows()

    def fail(**kwargs):
        raise RuntimeError("the disk is full")

    post_delete.connect(fail, sender=Signature, weak=False)
    try:
        with pytest.raises(RuntimeError):
            director_client.post(delete_page(night), {"name": night.name})
    finally:
        post_delete.disconnect(fail, sender=Signature)
    assert rows() == before


@pytest.mark.parametrize("game", GAMES)
def test_the_season_ladder_and_ratings_follow_the_nights_that_remain(
    director, director_client, copies_folders, game
):
    club = Club.objects.create(name="Riverside Card Club", slug="riverside")
    first, second = season(club, game, 2, played=1)
    Season.objects.create(
        club=club, game=game, name="Season", slug="s", starts=first.date, ends=second.date
    )
    second.staff.add(director)
    ratings, ladder = f"/club/riverside/ratings/{game}/", "/club/riverside/season/s/"
    both = Table.objects.filter(round__tournament__in=[first, second]).count()
    assert f"{both} tables rated." in director_client.get(ratings).content.decode()
    assert len(director_client.get(ladder).context["board"].nights) == 2
    players = Player.objects.filter(club=club).count()

    assert director_client.post(delete_page(second), {"name": second.name}).status_code == 302
    one = Table.objects.filter(round__tournament=first).count()
    assert f"{one} tables rated." in director_client.get(ratings).content.decode()
    assert RatingSet.objects.get(club=club, game=game).rated == one
    call_command("rebuild_ratings", "--check")  # the stored ratings: as if rated afresh
    board = director_client.get(ladder).context["board"]
    assert [n.tournament.pk for n in board.nights] == [first.pk]
    assert Player.objects.filter(club=club).count() == players  # the register keeps them


def test_the_nights_backup_file_beside_the_copies_is_its_export(director_client, copies_folders):
    night = played_night(GAMES[0])
    exported = json.loads(director_client.get(f"/t/{night.slug}/backup.json").content)
    director_client.post(delete_page(night), {"name": night.name})
    (kept,) = copies_folders[0].glob("*.kittytd.json")
    written = json.loads(kept.read_text(encoding="utf-8"))
    assert {k: v for k, v in written.items() if k != "exported"} == {
        k: v for k, v in exported.items() if k != "exported"
    }
