"""The copies of the night (laptop/backups.py): consistent, kept to the newest few, and a
folder that cannot be written stops nothing and is said on the console."""

import itertools
import sqlite3
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.db import connection
from django.test import Client
from django.utils import timezone

from laptop import backups
from tests.conftest import make_tournament
from tests.support.helpers import published_round, side_link, table_of
from tests.tables.test_sheet_check import play, sign_all


def night_file(path, rows: int = 3):
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("CREATE TABLE IF NOT EXISTS hand (n INTEGER)")
        conn.executemany("INSERT INTO hand VALUES (?)", [(i,) for i in range(rows)])
    return path


def hands_in(path) -> int:
    with sqlite3.connect(path) as conn:
        return conn.execute("SELECT count(*) FROM hand").fetchone()[0]


@pytest.fixture
def folders(settings, tmp_path, monkeypatch):
    monkeypatch.setattr(backups, "_failures", {})
    settings.BACKUP_DIRS = [tmp_path / "var" / "backups", tmp_path / "stick"]
    settings.BACKUP_KEEP = 3
    return settings.BACKUP_DIRS


def test_a_copy_goes_into_every_folder_whole_and_on_its_own(folders, tmp_path):
    source = night_file(tmp_path / "night.sqlite3")
    written = backups.copy_now("round 2 table 4 signed", source)
    assert [p.parent for p in written] == folders
    for path in written:
        assert path.name.endswith("_round-2-table-4-signed.sqlite3")
        assert hands_in(path) == 3
        assert not path.with_name(path.name + "-wal").exists()  # one file, nothing beside
    (newest,) = backups.copies(folders[0])
    assert newest.reason == "round 2 table 4 signed"


def test_only_the_newest_copies_are_kept(folders, tmp_path, monkeypatch):
    source = night_file(tmp_path / "night.sqlite3")
    # The names tell the copies apart by the second: a clock of the test's own moves one
    # second at each reading, rather than the test waiting a second between copies.
    start, seconds = timezone.now(), itertools.count()
    monkeypatch.setattr(timezone, "now", lambda: start + timedelta(seconds=next(seconds)))
    for n in range(5):
        night_file(source, rows=1)
        backups.copy_now(f"copy {n}", source)
    kept = backups.copies(folders[0])
    assert [c.reason for c in kept] == ["copy 4", "copy 3", "copy 2"]
    assert hands_in(kept[0].path) == 8


def test_a_folder_that_cannot_be_written_is_said_and_the_other_still_gets_its_copy(
    folders, tmp_path, settings, monkeypatch
):
    (tmp_path / "stick").write_text("a file where the folder should be")
    stick = tmp_path / "stick" / "kitty"
    settings.BACKUP_DIRS = [folders[0], stick]
    source = night_file(tmp_path / "night.sqlite3")
    monkeypatch.setattr(backups, "database_file", lambda: source)
    written = backups.copy_now("round 1 published", source)
    assert [p.parent for p in written] == [folders[0]]
    status = {s.folder: s for s in backups.status()}
    assert status[folders[0]].failure is None
    assert status[folders[0]].newest.path == written[0]
    assert status[stick].newest is None
    assert "FileExistsError" in status[stick].failure or "NotADirectory" in status[stick].failure


def test_requests_of_the_same_moment_make_one_copy(folders, tmp_path, monkeypatch):
    source = night_file(tmp_path / "night.sqlite3")
    monkeypatch.setattr(backups, "database_file", lambda: source)
    made = []
    monkeypatch.setattr(backups, "copy_now", lambda reason, src: made.append(reason))
    copier = backups.Copier()
    copier.start()
    for reason in ("sheet signed", "round published", "sheet signed"):
        copier.ask(reason)
    deadline = time.monotonic() + 10
    while not made and time.monotonic() < deadline:
        time.sleep(0.05)
    copier.finish()  # anything still asked would be copied now
    assert made == ["sheet signed and round published"]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("game", ["columbus-6-card-kitty", "cutthroat-pinochle"])
def test_publishing_and_signing_ask_for_a_copy_after_they_are_stored(
    game, folders, monkeypatch, director
):
    asked = []
    monkeypatch.setattr(backups, "enabled", lambda: True)
    monkeypatch.setattr(backups, "copier", lambda: type("C", (), {"ask": asked.append})())
    from tests.conftest import ONE_TABLE
    from tests.support.helpers import FINISHING

    options, _ = FINISHING[game]
    tournament = make_tournament(game, entrants=ONE_TABLE[game], published=True, options=options)
    table = table_of(published_round(tournament))
    assert asked == ["round published"]
    play(table)
    assert asked == ["round published"]  # hands are copied every few minutes, not each
    sign_all(table)
    assert asked == ["round published", "sheet signed"]
    assert Client().get(side_link(table, 0)).status_code == 200


@pytest.mark.django_db
def test_the_console_says_when_copies_cannot_be_written(
    folders, tmp_path, settings, monkeypatch, director_client
):
    source = night_file(tmp_path / "night.sqlite3")
    monkeypatch.setattr(backups, "database_file", lambda: source)
    (tmp_path / "stick").write_text("not a folder")
    settings.BACKUP_DIRS = [folders[0], tmp_path / "stick" / "kitty"]
    tournament = make_tournament(entrants=2, published=True)
    round_ = published_round(tournament)
    console = f"/t/{tournament.slug}/round/{round_.number}/console/"
    backups.copy_now("round 1 published", source)
    page = director_client.get(console).content.decode()
    assert f"Copies of the night cannot be written to {tmp_path / 'stick' / 'kitty'}" in page
    assert f"Copies of the night: {folders[0]}, last at" in page
    assert f"The club's data: {settings.DATA_DIR}." in page  # where to find it all
    # Once the folder works again, the console says so at its next look.
    (tmp_path / "stick").unlink()
    backups.copy_now("every few minutes", source)
    page = director_client.get(console).content.decode()
    assert "cannot be written" not in page


def test_copies_made_before_something_are_never_pruned_nor_counted(folders, tmp_path):
    """The rotation keeps the newest routine copies; the one made before an upgrade (or a
    restore, or deleting a night) stays however many routine copies come after it."""
    source = night_file(tmp_path / "night.sqlite3")
    (before,) = backups.copy_now("before upgrade from 0.1.0", source, folders=[folders[0]])
    old_name = folders[0] / "before-restore_2026-03-12_23-10-00.sqlite3"  # named the old way
    night_file(old_name)
    for n in range(5):
        backups.copy_now(f"round {n} published", source)
    kept = backups.copies(folders[0])
    assert [c.reason for c in kept if c.routine] == [f"round {n} published" for n in (4, 3, 2)]
    assert {c.path for c in kept if not c.routine} == {before, old_name}
    assert [c.reason for c in backups.copies(folders[1])] == [
        f"round {n} published" for n in (4, 3, 2)
    ]


def test_a_version_in_a_reason_reads_right_in_the_copys_name(folders, tmp_path):
    source = night_file(tmp_path / "night.sqlite3")
    written = backups.copy_now("Before upgrade from 0.1.0", source)
    assert all(p.name.endswith("_before-upgrade-from-0.1.0.sqlite3") for p in written)
    (copy,) = backups.copies(folders[0])
    assert copy.reason == "before upgrade from 0.1.0" and not copy.routine
    # Accents are dropped, not turned into dashes; nothing but letters, digits and dots.
    assert backups.slug("before deleting Soirée à l'As") == "before-deleting-soiree-a-l-as"
    assert backups.slug("../../etc") == "etc"


def test_a_caller_names_the_folder_when_the_server_keeps_none(settings, tmp_path, monkeypatch):
    """Not on the laptop (no folder of copies), a copy before an upgrade is still made
    where its caller says."""
    monkeypatch.setattr(backups, "_failures", {})
    settings.BACKUP_DIRS = []
    source = night_file(tmp_path / "db.sqlite3")
    monkeypatch.setattr(backups, "database_file", lambda: source)
    assert backups.copy_now("every few minutes") == []
    (written,) = backups.copy_now("before upgrade from 0.1.0", folders=[tmp_path / "kept"])
    assert written.parent == tmp_path / "kept" and hands_in(written) == 3
    assert backups.copies(tmp_path / "kept")[0].reason == "before upgrade from 0.1.0"


def test_a_database_not_made_yet_is_not_copied_nor_made(folders, tmp_path):
    missing = tmp_path / "not-yet.sqlite3"
    assert backups.copy_now("before upgrade from 0.1.0", missing) == []
    assert not missing.exists() and backups.copies(folders[0]) == []


def test_a_copy_never_overwrites_another_made_the_same_second(folders, tmp_path):
    source = night_file(tmp_path / "night.sqlite3")
    first = backups.copy_now("before restore", source)
    night_file(source, rows=1)
    second = backups.copy_now("before restore", source)
    assert first[0] != second[0] and hands_in(first[0]) == 3 and hands_in(second[0]) == 4


@pytest.mark.django_db(transaction=True)
def test_copy_now_called_from_a_command_copies_the_night_as_it_is(folders, director):
    """Synchronous, on the database the app runs on, with its connection open: the copy
    is whole when copy_now returns, and holds the nights stored (read back by the list)."""
    if connection.vendor != "sqlite":
        pytest.skip("the copies are of the laptop's SQLite file")
    make_tournament(name="Friday Night Kitty", slug="friday", entrants=2)
    (written, _) = backups.copy_now("before upgrade from 0.1.0")
    assert [n.name for n in backups.nights_in(written)] == ["Friday Night Kitty"]
    with sqlite3.connect(written) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert conn.execute("SELECT count(*) FROM tournament_entrant").fetchone()[0] == 2


def test_a_copy_that_cannot_be_removed_yet_stops_no_new_copy(folders, tmp_path, monkeypatch):
    """On Windows a file another program has open (the director's list of copies, a virus
    scanner) cannot be removed: the new copy is still written and counted, and the old
    one goes at a later turn."""
    own = folders[0]
    own.mkdir(parents=True)
    for minute in range(3):
        night_file(own / f"2026-03-13_21-0{minute}-00_every-few-minutes.sqlite3")
    held = own / "2026-03-13_21-00-00_every-few-minutes.sqlite3"
    unlink = Path.unlink

    def held_open(path, missing_ok=False):
        if path == held:
            raise PermissionError(13, "being used by another process", str(path))
        return unlink(path, missing_ok=missing_ok)

    monkeypatch.setattr(Path, "unlink", held_open)
    source = night_file(tmp_path / "night.sqlite3")
    monkeypatch.setattr(backups, "database_file", lambda: source)
    written = backups.copy_now("sheet signed", source)
    assert [p.parent for p in written] == folders
    assert all(s.failure is None for s in backups.status())
    assert held.exists()
    monkeypatch.setattr(Path, "unlink", unlink)  # closed by the other program
    backups.copy_now("round published", source)
    assert not held.exists()
    kept = {c.reason for c in backups.copies(own)}
    assert kept == {"round published", "sheet signed", "every few minutes"}
    assert (own / "2026-03-13_21-02-00_every-few-minutes.sqlite3").exists()  # the newest old one
