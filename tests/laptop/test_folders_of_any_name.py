"""A club names its folders as it likes: `Kitty #2 Łódź` (a `#`, spaces, letters beyond
ASCII) works as the data folder, as a folder of copies and for a restore, through the
`kittytd` command itself, each in a process of its own as a director runs it.

In a URI a `#` ends the path and `?` begins a query: a path put into one unquoted names
another file (`Kitty `, in the folder above), where the night would be kept, or where an
empty file would be made and checked in place of a copy, passing a damaged copy.
"""

from __future__ import annotations

import os
import shlex
import sqlite3
import subprocess
import sys
from pathlib import Path, PurePosixPath, PureWindowsPath

import dj_database_url
import pytest

from kittytd import data
from laptop import backups

pytestmark = pytest.mark.spawns

NAME = "Kitty #2 Łódź"
COPY = "2026-03-13_21-40-02_sheet-signed.sqlite3"
# What the test's own environment may hold that would change the command's night.
NOT_PASSED_ON = {
    "DEBUG", "SECRET_KEY", "SECRET_KEY_FALLBACKS", "DATABASE_URL", "DATA_DIR", "VAR_DIR",
    "LAPTOP", "BACKUP_TO", "KITTYTD_COMMAND", "KITTYTD_DATA_OPTION", "DJANGO_SETTINGS_MODULE",
}  # fmt: skip
# The `kittytd` command's own main(), taking a checkout's old data from an empty folder
# (this checkout's own is not the test's to move).
KITTYTD = (
    "import sys; from pathlib import Path; from kittytd import cli; "
    "cli.CHECKOUT = Path(sys.argv[1]); cli.main(sys.argv[2:])"
)


def a_night(path: Path, marker: str, rows: int = 1) -> Path:
    """An SQLite file like the night's (its tournaments' table), and a marker that tells
    one database from another; `rows` nights, to fill pages a damage can fall in."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE tournament_tournament (name TEXT, date TEXT)")
        db.execute("CREATE TABLE marker (what TEXT)")
        db.execute("INSERT INTO marker VALUES (?)", [marker])
        db.executemany(
            "INSERT INTO tournament_tournament VALUES (?, ?)",
            [(f"Friday Night Kitty, week {n}", "2026-03-13") for n in range(rows)],
        )
    db.close()
    return path


def damaged(path: Path) -> Path:
    """A copy whose pages were half written (a stick pulled out): its header still reads."""
    a_night(path, "damaged", rows=2000)
    content = bytearray(path.read_bytes())
    page = 4096
    content[5 * page + 8 : 5 * page + 400] = b"\xff" * 392
    path.write_bytes(bytes(content))
    return path


def marker_of(path: Path) -> str:
    with sqlite3.connect(f"{backups.sqlite_uri(path)}?mode=ro", uri=True) as db:
        found = db.execute("SELECT what FROM marker").fetchone()[0]
    db.close()
    return found


def kittytd(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in NOT_PASSED_ON}
    return subprocess.run(
        [sys.executable, "-c", KITTYTD, str(tmp_path / "checkout"), *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )


def files_beside(folder: Path) -> set[str]:
    return {p.name for p in folder.parent.iterdir()}


def test_a_data_folder_so_named_keeps_its_night_and_restores_into_it(tmp_path):
    folder = tmp_path / NAME
    night = a_night(folder / "db.sqlite3", "tonight")
    a_night(folder / "backups" / COPY, "the copy")
    beside = files_beside(folder)

    listed = kittytd(tmp_path, "restore", "--data", str(folder))
    assert listed.returncode == 0, listed.stderr
    assert f"    {folder / 'backups' / COPY}" in listed.stdout.splitlines()
    assert "    Friday Night Kitty, week 0, Fri 13 Mar 2026" in listed.stdout

    restored = kittytd(tmp_path, "restore", "latest", "--data", str(folder))
    assert restored.returncode == 0, restored.stderr
    assert f"Restored {folder / 'backups' / COPY} into {night}." in restored.stdout
    assert marker_of(night) == "the copy"
    (kept,) = [c for c in backups.copies(folder / "backups") if c.reason == "before restore"]
    assert marker_of(kept.path) == "tonight"
    # What to type next names the same folder, quoted as the console needs it.
    assert f"kittytd run --data {shlex.quote(str(folder))}" in restored.stdout
    assert files_beside(folder) == beside  # no `Kitty ` made in the folder above


def test_a_damaged_copy_in_a_data_folder_so_named_is_refused(tmp_path):
    folder = tmp_path / NAME
    night = a_night(folder / "db.sqlite3", "tonight")
    copy = damaged(folder / "backups" / COPY)

    refused = kittytd(tmp_path, "restore", "latest", "--data", str(folder))
    assert refused.returncode != 0
    assert f"{copy} is " in refused.stderr and "choose an earlier copy" in refused.stderr
    assert marker_of(night) == "tonight"
    assert [c.reason for c in backups.copies(folder / "backups")] == ["sheet signed"]


def test_a_copy_on_a_stick_so_named_is_restored_by_its_path_and_a_damaged_one_refused(tmp_path):
    folder = tmp_path / "data"
    night = a_night(folder / "db.sqlite3", "tonight")
    stick = tmp_path / f"USB {NAME}"
    good = a_night(stick / COPY, "from the stick")
    bad = damaged(stick / "2026-03-14_21-40-02_sheet-signed.sqlite3")
    beside = files_beside(stick)

    refused = kittytd(tmp_path, "restore", str(bad), "--data", str(folder))
    assert refused.returncode != 0 and f"{bad} is " in refused.stderr
    assert marker_of(night) == "tonight"

    restored = kittytd(tmp_path, "restore", str(good), "--data", str(folder))
    assert restored.returncode == 0, restored.stderr
    assert marker_of(night) == "from the stick"
    assert sorted(p.name for p in stick.iterdir()) == sorted([good.name, bad.name])
    assert files_beside(stick) == beside


def test_copies_are_written_into_and_listed_from_a_folder_so_named(settings, tmp_path):
    settings.BACKUP_DIRS = [tmp_path / NAME / "backups"]
    source = a_night(tmp_path / NAME / "db.sqlite3", "tonight")
    (written,) = backups.copy_now("round 1 published", source)
    (listed,) = backups.copies(settings.BACKUP_DIRS[0])
    assert listed.path == written and listed.reason == "round 1 published"
    assert [n.name for n in backups.nights_in(written)] == ["Friday Night Kitty, week 0"]


def test_the_database_url_and_the_sqlite_uri_keep_the_whole_path_on_every_system():
    """As dj-database-url reads the data folder's database, and as SQLite opens a copy, on
    Linux, macOS and Windows (a drive, and a share on another computer)."""
    for folder in (
        PurePosixPath(f"/home/ann/{NAME}"),
        PurePosixPath(f"/Users/ann/Library/Application Support/{NAME}"),
        PureWindowsPath(rf"C:\Users\Ann\AppData\Local\{NAME}"),
        PureWindowsPath(rf"\\club-nas\kitty\{NAME}"),
    ):
        url = data.database_url(folder)
        assert dj_database_url.parse(url)["NAME"] == (folder / "db.sqlite3").as_posix()
    assert backups.sqlite_uri(PurePosixPath(f"/media/ann/{NAME}/a?b 100%.sqlite3")) == (
        "file:///media/ann/Kitty%20%232%20%C5%81%C3%B3d%C5%BA/a%3Fb%20100%25.sqlite3"
    )
    windows = {
        rf"E:\{NAME}\{COPY}": f"file:///E:/Kitty%20%232%20%C5%81%C3%B3d%C5%BA/{COPY}",
        # No host in the URI (SQLite refuses one): the share's two slashes are the path's.
        rf"\\club-nas\kitty\{COPY}": f"file:////club-nas/kitty/{COPY}",
    }
    for path, uri in windows.items():
        assert backups.sqlite_uri(PureWindowsPath(path)) == uri


@pytest.mark.parametrize("name", ["Kitty #2", "Why?", "100% Kitty", "Łódź"])
def test_a_copy_in_a_folder_of_any_name_is_read_where_it_is_and_nothing_is_made(tmp_path, name):
    copy = a_night(tmp_path / name / COPY, "the copy")
    assert marker_of(copy) == "the copy"
    assert [n.name for n in backups.nights_in(copy)] == ["Friday Night Kitty, week 0"]
    missing = tmp_path / name / "2026-03-14_21-40-02_sheet-signed.sqlite3"
    with pytest.raises(sqlite3.OperationalError):
        backups.nights_in(missing)
    assert sorted(p.name for p in tmp_path.iterdir()) == [name]
    assert [p.name for p in (tmp_path / name).iterdir()] == [COPY]
