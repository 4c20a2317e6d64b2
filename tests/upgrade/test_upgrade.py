"""An upgrade from the release before keeps everything a user sees.

The fixture is a club's database made by the release before's own code (BEFORE: its demo
nights and past weeks, their ratings stored), with its secret key and the figures its
users saw (tests/upgrade/README.md). `python -m kittytd migrate` upgrades it as a laptop's would be:
a copy first, then the migrations, then the version recorded; the same pages then show the
same figures, every signed sheet's check code still matching. A database a newer release
wrote is refused, untouched.

Each subprocess gets its own data folder and no database setting from the environment
(no DATABASE_URL: the laptop's database is DATA_DIR/db.sqlite3), so this runs on SQLite
whatever database the suite runs on, and needs no test database.
"""

from __future__ import annotations

import difflib
import gzip
import hashlib
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

pytestmark = pytest.mark.spawns

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
BEFORE = "0.1.0"  # the release that made the fixture
FIXTURE = HERE / f"release-{BEFORE}.sqlite3.gz"
KEY = HERE / f"release-{BEFORE}.secret-key"
FIGURES = HERE / f"release-{BEFORE}.figures.json"
# Figures this release shows differently on purpose, with why (none: every figure as it was).
CHANGED = HERE / f"release-{BEFORE}.changed-on-purpose.json"
NEWER = "99.0.0"

# What the environment may say that would point a subprocess elsewhere than its own files.
SETTINGS = (
    "DATABASE_URL",
    "DATA_DIR",
    "VAR_DIR",
    "SECRET_KEY",
    "SECRET_KEY_FALLBACKS",
    "DEBUG",
    "LAPTOP",
    "BACKUP_TO",
    "PHONE_ADDRESS",
    "STATIC_ROOT",
)


def environment(data: Path, **more: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in SETTINGS}
    return {**env, "DJANGO_SETTINGS_MODULE": "config.settings", "DATA_DIR": str(data), **more}


def kittytd(data: Path, *args: str) -> subprocess.CompletedProcess:
    """`python -m kittytd <args>` on the laptop, with this data folder."""
    return subprocess.run(
        [sys.executable, "-m", "kittytd", *args],
        cwd=ROOT,
        env=environment(data, LAPTOP="1"),
        capture_output=True,
        text=True,
        timeout=300,
    )


def figures(data: Path) -> dict:
    """What users see of the data folder's database, read by this checkout's code."""
    result = subprocess.run(
        [sys.executable, str(HERE / "figures.py")],
        cwd=ROOT,
        env=environment(
            data,
            DATABASE_URL=f"sqlite:///{data / 'db.sqlite3'}",
            SECRET_KEY=KEY.read_text(encoding="ascii").strip(),
        ),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def a_club_of_the_release_before(data: Path) -> Path:
    """The fixture as a laptop of BEFORE left it, in a data folder: its database and key."""
    data.mkdir(parents=True)
    database = data / "db.sqlite3"
    with gzip.open(FIXTURE) as packed, open(database, "wb") as out:
        shutil.copyfileobj(packed, out)
    key = data / "secret-key"
    shutil.copyfile(KEY, key)
    key.chmod(0o600)
    return database


def file_alone(path: Path) -> sqlite3.Connection:
    """The file alone, as it is: immutable, so no journal beside it is read or made (what
    it holds is in the file itself)."""
    return sqlite3.connect(f"{path.as_uri()}?mode=ro&immutable=1", uri=True)


def contents(path: Path) -> dict[str, tuple[int, str]]:
    """Every table's row count and a digest of its rows, in any order, of the file alone."""
    with closing(file_alone(path)) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        tables = [n for (n,) in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        found = {}
        for table in sorted(tables):
            rows = sorted(repr(row) for row in db.execute(f'SELECT * FROM "{table}"'))
            digest = hashlib.sha256("\n".join(rows).encode()).hexdigest()
            found[table] = (len(rows), digest)
    return found


def recorded_version(database: Path) -> str:
    """The newest version recorded (the database as SQLite reads it, its WAL too)."""
    with closing(sqlite3.connect(database)) as db:
        query = "SELECT version FROM upgrade_release ORDER BY rowid DESC LIMIT 1"
        (version,) = db.execute(query).fetchone()
    return version


def copied(source: Path, target: Path) -> None:
    """A whole copy of a database in use (SQLite's backup: its WAL's pages too)."""
    source_db, target_db = sqlite3.connect(source), sqlite3.connect(target)
    try:
        source_db.backup(target_db)
    finally:
        source_db.close()
        target_db.close()


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def files(folder: Path) -> list[str]:
    """The files in the folder (and its backups), less SQLite's own beside a database:
    reading a database in WAL mode may leave an empty WAL and its index."""
    return sorted(
        str(p.relative_to(folder))
        for p in folder.rglob("*")
        if p.is_file() and not p.name.endswith(("-wal", "-shm"))
    )


def flat(value, path: str = "") -> list[str]:
    """`path: value` lines, a row of cells (a list of text) as one value: a diff of them
    says where each difference is."""
    if isinstance(value, dict):
        return [line for k in sorted(value) for line in flat(value[k], f"{path}/{k}")]
    if isinstance(value, list) and not all(isinstance(v, str) for v in value):
        return [line for i, v in enumerate(value) for line in flat(v, f"{path}/{i}")]
    return [f"{path}: {json.dumps(value, ensure_ascii=False)}"]


def differences(want: dict, got: dict, most: int = 200) -> str:
    lines = list(
        difflib.unified_diff(
            flat(want), flat(got), f"release {BEFORE}", "after the upgrade", lineterm="", n=0
        )
    )
    more = [f"... and {len(lines) - most} more lines"] if len(lines) > most else []
    return "\n".join(lines[:most] + more)


def changed_on_purpose(shown: dict) -> dict:
    """What the release before showed, with what this release shows differently on purpose
    (CHANGED: each figure by its path, and why): every other figure must be as it was."""
    if not CHANGED.exists():
        return shown
    for path, value in json.loads(CHANGED.read_text(encoding="utf-8"))["changes"].items():
        *parents, last = path.strip("/").split("/")
        at = shown
        for key in parents:
            at = at[int(key)] if isinstance(at, list) else at[key]
        index = int(last) if isinstance(at, list) else last
        assert at[index] != value, f"{path} is listed as changed but is not"
        at[index] = value
    return shown


@pytest.fixture(scope="module")
def upgraded(tmp_path_factory) -> tuple[Path, subprocess.CompletedProcess]:
    """A data folder of release BEFORE, upgraded by this checkout's `kittytd migrate`."""
    data = tmp_path_factory.mktemp("upgrade") / "data"
    a_club_of_the_release_before(data)
    return data, kittytd(data, "migrate")


def test_the_fixture_is_a_whole_database_of_the_release_before(tmp_path):
    """What the other tests start from (this one holds on any code): one file with
    everything in it, of release BEFORE, with its figures and its key beside it."""
    database = a_club_of_the_release_before(tmp_path / "data")
    assert database.read_bytes()[:16] == b"SQLite format 3\x00"
    tables = contents(database)
    if "upgrade_release" in tables:
        assert recorded_version(database) == BEFORE
    else:
        assert BEFORE == "0.1.0"  # no version recorded: the release before versions were
    shown = json.loads(FIGURES.read_text(encoding="utf-8"))
    # Every night published and measured; the clubs' ratings stored by the release's pages.
    assert tables["tournament_tournament"][0] == len(shown["tournaments"]) > 0
    rated = sum(len(club["ratings"]) for club in shown["clubs"].values())
    assert tables["season_ratingset"][0] == rated > 0
    assert tables["scoring_signature"][0] > 0 and tables["scoring_ruling"][0] > 0
    signed = [t for n in shown["tournaments"].values() for t in n["signed"].values()]
    verdicts = {c["verdict"] for t in signed for c in t["checked"].values()}
    assert verdicts == {"matches", "changed after signing"}  # a sheet corrected after signing
    assert len(KEY.read_text(encoding="ascii").strip()) >= 50


def test_the_upgrade_copies_the_database_first(upgraded, tmp_path):
    data, result = upgraded
    assert result.returncode == 0, result.stdout + result.stderr
    copies = sorted((data / "backups").iterdir())
    names = [copy.name for copy in copies]
    (copy,) = [c for c in copies if c.name.endswith(f"_before-upgrade-from-{BEFORE}.sqlite3")]
    stamp = r"\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}"
    assert re.fullmatch(rf"{stamp}_before-upgrade-from-{re.escape(BEFORE)}\.sqlite3", copy.name)
    assert not [n for n in names if n.endswith(("-wal", "-shm", "-journal"))], names
    # A whole SQLite database in its one file, holding what the release before had.
    assert copy.read_bytes()[:16] == b"SQLite format 3\x00"
    fixture = a_club_of_the_release_before(tmp_path / "fixture")
    assert contents(copy) == contents(fixture)


def test_the_upgrade_records_its_version(upgraded):
    from kittytd import __version__

    data, result = upgraded
    assert result.returncode == 0, result.stdout + result.stderr
    assert recorded_version(data / "db.sqlite3") == __version__


def test_users_see_the_same_figures_after_the_upgrade(upgraded):
    """The same standings, pairings, ladders, ratings and statistics; every signed sheet's
    check code as printed, and the check page's verdict on it, the same."""
    data, result = upgraded
    assert result.returncode == 0, result.stdout + result.stderr
    want = changed_on_purpose(json.loads(FIGURES.read_text(encoding="utf-8")))
    got = figures(data)
    if got != want:
        pytest.fail(
            "what users see changed with the upgrade:\n" + differences(want, got), pytrace=False
        )


def test_a_database_of_a_newer_release_is_refused_unchanged(upgraded, tmp_path):
    from kittytd import __version__

    upgraded_data, result = upgraded
    assert result.returncode == 0, result.stdout + result.stderr
    data = tmp_path / "data"
    data.mkdir()
    database = data / "db.sqlite3"
    copied(upgraded_data / "db.sqlite3", database)
    shutil.copyfile(KEY, data / "secret-key")
    (data / "secret-key").chmod(0o600)
    db = sqlite3.connect(database)
    with db:
        db.execute("UPDATE upgrade_release SET version = ?", [NEWER])  # every row: any read
    db.close()  # the last connection: its changes are in the file itself
    before = sha256(database), files(data)

    refused = kittytd(data, "migrate")

    assert refused.returncode == 1, refused.stdout + refused.stderr
    assert "Traceback" not in refused.stdout + refused.stderr
    (line,) = [line for line in refused.stderr.splitlines() if line.strip()]
    assert NEWER in line and __version__ in line
    # Nothing changed: the file, no copy made, no page written to a WAL beside it.
    assert (sha256(database), files(data)) == before
    wal = database.with_name(database.name + "-wal")
    assert not wal.exists() or wal.stat().st_size == 0
    assert recorded_version(database) == NEWER


def test_no_copy_no_upgrade(tmp_path):
    """A copy that cannot be written (the folder is not one) stops the upgrade before any
    migration: the database stays the release before's, and the line says what to do."""
    data = tmp_path / "data"
    database = a_club_of_the_release_before(data)
    (data / "backups").write_text("not a folder")
    before = contents(database)

    stopped = kittytd(data, "migrate")

    assert stopped.returncode == 1, stopped.stdout + stopped.stderr
    assert "Traceback" not in stopped.stdout + stopped.stderr
    line = [line for line in stopped.stderr.splitlines() if line.strip()][-1]
    assert line.startswith("CommandError: No copy of the database could be written")
    assert "nothing was changed" in line
    assert contents(database) == before
