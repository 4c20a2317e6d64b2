"""A director picks a copy of the night by what is in it, and a restore can be undone
(`manage.py restore_copy`, laptop/backups.py).

The list names each copy's time, its reason and the nights it holds, read from the copy
itself (read-only); a copy that cannot be read says so in its place. The copy made before
a restore is an ordinary copy, listed and restored by its name, and copies made "before"
something are never pruned; copies named the old way before a restore are still found.
"""

from __future__ import annotations

import datetime
import sqlite3
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from laptop import backups


def a_database(path, nights=(), marker: str = ""):
    """An SQLite file like the night's: its tournaments' names and dates (the columns the
    list reads), and a marker row that tells one database from another."""
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("CREATE TABLE IF NOT EXISTS tournament_tournament (name TEXT, date TEXT)")
        conn.execute("CREATE TABLE IF NOT EXISTS marker (what TEXT)")
        conn.execute("DELETE FROM marker")
        conn.execute("INSERT INTO marker VALUES (?)", [marker])
        conn.executemany("INSERT INTO tournament_tournament VALUES (?, ?)", list(nights))
    conn.close()
    return path


def marker_of(path) -> str:
    conn = sqlite3.connect(path)
    try:
        return conn.execute("SELECT what FROM marker").fetchone()[0]
    finally:
        conn.close()


def at(day: int, hour: int = 21) -> datetime.datetime:
    return datetime.datetime(2026, 3, day, hour, 0, 0)


@pytest.fixture
def laptop(settings, tmp_path, monkeypatch):
    """The laptop's database file and its two folders of copies (its own, a USB stick)."""
    monkeypatch.setattr(backups, "_failures", {})
    settings.BACKUP_DIRS = [tmp_path / "backups", tmp_path / "stick"]
    settings.BACKUP_KEEP = 3
    for folder in settings.BACKUP_DIRS:
        folder.mkdir()
    database = a_database(tmp_path / "db.sqlite3", [("Friday Night Kitty", "2026-03-13")], "now")
    monkeypatch.setattr(backups, "database_file", lambda: database)
    return database


def copy_of(folder, name: str, nights=(), marker: str = ""):
    return a_database(folder / name, nights, marker or name)


def restore(*args) -> str:
    out = StringIO()
    call_command("restore_copy", *args, stdout=out)
    return out.getvalue()


def test_the_list_names_each_copy_when_why_and_the_nights_it_holds(laptop, settings):
    own, stick = settings.BACKUP_DIRS
    friday = ("Friday Night Kitty", "2026-03-13")
    sunday = ("Sunday 3 Legged Kitty", "2026-03-15")
    copy_of(own, "2026-03-13_21-40-02_sheet-signed.sqlite3", [friday])
    copy_of(own, "2026-03-15_19-05-00_round-published.sqlite3", [friday, sunday])
    copy_of(stick, "2026-03-15_19-05-00_round-published.sqlite3", [friday, sunday])
    (own / "2026-03-14_10-00-00_every-few-minutes.sqlite3").write_bytes(b"not a database")
    copy_of(own, "2026-03-16_09-00-00_before-upgrade-from-0.1.0.sqlite3")  # no nights yet
    (own / "notes.txt").write_text("not a copy")

    listed = restore()
    lines = listed.splitlines()
    assert lines[0] == "Copies of the night, newest first:"
    # Each copy: its time and reason, its path, then the nights it holds (newest first).
    upgrade = lines.index("  Mon 16 Mar 2026 09:00:00  before upgrade from 0.1.0")
    assert (
        lines[upgrade + 1] == f"    {own / '2026-03-16_09-00-00_before-upgrade-from-0.1.0.sqlite3'}"
    )
    assert lines[upgrade + 2] == "    no nights in it yet"
    published = lines.index("  Sun 15 Mar 2026 19:05:00  round published")
    assert lines[published + 2 : published + 4] == [
        "    Sunday 3 Legged Kitty, Sun 15 Mar 2026",
        "    Friday Night Kitty, Fri 13 Mar 2026",
    ]
    # A copy that cannot be read says so in its place, and the list goes on.
    broken = lines.index("  Sat 14 Mar 2026 10:00:00  every few minutes")
    assert lines[broken + 2].startswith("    cannot be read (file is not a database)")
    signed = lines.index("  Fri 13 Mar 2026 21:40:02  sheet signed")
    assert lines[signed + 2] == "    Friday Night Kitty, Fri 13 Mar 2026"
    assert upgrade < published < broken < signed
    assert listed.count("round published") == 2  # in each folder
    assert "notes.txt" not in listed
    # Readable on an 80-column console: every line but a copy's path fits.
    paths = {str(c.path) for f in settings.BACKUP_DIRS for c in backups.copies(f)}
    assert f"(from {own} and {stick})" in lines  # whose copies these are
    assert all(
        len(line) <= 80 for line in lines if line.strip() not in paths and line[:6] != "(from "
    )
    assert lines[-1] == "kittytd restore latest  puts back the copy of Mon 16 Mar 2026 09:00:00"


def test_a_copy_of_a_seasons_database_names_its_newest_nights_and_counts_the_rest(laptop, settings):
    own = settings.BACKUP_DIRS[0]
    weeks = [
        (f"Week {n} of the Kitty season", f"2026-{1 + n // 4:02d}-{1 + n % 4 * 7:02d}")
        for n in range(9)
    ]
    long = ("A night whose name is far longer than any console line could hold in one " * 2).strip()
    copy_of(own, "2026-03-13_21-40-02_sheet-signed.sqlite3", [*weeks, (long, "2026-03-13")])
    lines = restore().splitlines()
    first = lines.index("  Fri 13 Mar 2026 21:40:02  sheet signed")
    shown = lines[first + 2 : first + 6]
    assert shown[0].startswith("    A night whose name is far longer") and "...," in shown[0]
    assert shown[0].endswith(", Fri 13 Mar 2026") and len(shown[0]) == 80
    assert shown[1:3] == [
        "    Week 8 of the Kitty season, Sun 01 Mar 2026",
        "    Week 7 of the Kitty season, Sun 22 Feb 2026",
    ]
    assert shown[3] == "    and 7 earlier nights"


def test_the_database_replaced_by_a_restore_is_an_ordinary_copy_that_puts_it_back(laptop, settings):
    own, stick = settings.BACKUP_DIRS
    older = copy_of(stick, "2026-03-13_21-40-02_sheet-signed.sqlite3", marker="the copy")

    said = restore("latest")
    assert f"Restored {older} into {laptop}." in said
    assert marker_of(laptop) == "the copy"
    # The database as it was: <when>_before-restore.sqlite3 in the first folder of copies.
    (kept,) = [c for c in backups.copies(own) if c.reason == "before restore"]
    assert kept.path.name.endswith("_before-restore.sqlite3") and not kept.routine
    assert marker_of(kept.path) == "now"
    assert f"kittytd restore {kept.path.name} puts it back" in said
    listed = restore()
    assert str(kept.path) in listed and "before restore" in listed
    assert "    Friday Night Kitty, Fri 13 Mar 2026" in listed  # what it holds, read from it
    # `latest` is still the newest copy of the night, not the database it replaced ...
    assert listed.splitlines()[-1].endswith("the copy of Fri 13 Mar 2026 21:40:02")
    # ... and the restore is undone by the kept copy's name.
    restore(kept.path.name)
    assert marker_of(laptop) == "now"


def test_a_copy_made_before_a_restore_under_the_old_name_is_still_listed_and_restored(
    laptop, settings
):
    own = settings.BACKUP_DIRS[0]
    old = copy_of(own, "before-restore_2026-03-12_23-10-00.sqlite3", marker="old kept")
    (found,) = backups.copies(own)
    assert found.reason == "before restore" and found.made == datetime.datetime(2026, 3, 12, 23, 10)
    assert "  Thu 12 Mar 2026 23:10:00  before restore" in restore()
    with pytest.raises(CommandError, match="There is no copy to restore"):
        restore("latest")  # a database a restore replaced is put back only by its name
    restore(old.name)
    assert marker_of(laptop) == "old kept"


def test_an_unknown_name_says_how_to_list_the_copies(laptop):
    with pytest.raises(CommandError, match="No copy named nowhere.sqlite3: `kittytd restore`"):
        restore("nowhere.sqlite3")


def test_the_command_says_what_to_type_as_the_director_typed_it(laptop, settings, monkeypatch):
    monkeypatch.setenv("KITTYTD_COMMAND", "python3 dev.py")
    copy_of(settings.BACKUP_DIRS[0], "2026-03-13_21-40-02_sheet-signed.sqlite3")
    assert "Restore one: python3 dev.py restore NAME" in restore()
    assert "Start the night again: python3 dev.py run" in restore("latest")


def test_a_database_sqlite_cannot_read_is_kept_byte_for_byte_before_the_restore(laptop, settings):
    own = settings.BACKUP_DIRS[0]
    for leftover in (
        laptop,
        laptop.with_name(laptop.name + "-wal"),
        laptop.with_name(laptop.name + "-shm"),
    ):
        leftover.unlink(missing_ok=True)
    laptop.write_bytes(b"the laptop died mid-write" * 100)
    copy_of(own, "2026-03-13_21-40-02_sheet-signed.sqlite3", marker="good")
    restore("latest")
    assert marker_of(laptop) == "good"
    (kept,) = [c for c in backups.copies(own) if c.reason == "before restore"]
    assert kept.path.read_bytes() == b"the laptop died mid-write" * 100


def test_a_copy_sqlite_cannot_open_is_refused_and_says_what_to_do(laptop, settings):
    """SQLite may fail to open a damaged copy (an error) or open it and list the damage
    (a verdict); either way the director is told to choose an earlier copy."""
    own = settings.BACKUP_DIRS[0]
    (own / "2026-03-13_21-40-02_sheet-signed.sqlite3").write_bytes(b"half a copy" * 500)
    with pytest.raises(CommandError, match=r"not a readable copy .*: choose an earlier copy"):
        restore("latest")
    assert marker_of(laptop) == "now"
