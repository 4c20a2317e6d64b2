"""Where the club's data lives: one folder of the user's, outside the install and the
source tree, so an update, a new folder or a reinstall never loses it.

It holds the database (`db.sqlite3`), the secret key the check codes on signed sheets are
keyed to (`secret-key`, and `older-secret-keys` that still recognise codes printed under
them), the director's login and the copies of the night (`backups/`). The platform's own
folder for a user's data by default (platformdirs: `%LOCALAPPDATA%\\kittytd` on Windows,
`~/Library/Application Support/kittytd` on macOS, `~/.local/share/kittytd` on Linux), or
the one named by DATA_DIR (`kittytd run --data FOLDER`, e.g. a USB stick).

Read by config/settings/ before Django is set up: plain Python and platformdirs only.
"""

from __future__ import annotations

import os
import re
import shutil
from datetime import datetime
from pathlib import Path
from urllib.parse import quote
from zoneinfo import ZoneInfo

import platformdirs

DATABASE = "db.sqlite3"
SECRET_KEY = "secret-key"
OLDER_KEYS = "older-secret-keys"
LOGIN = "director-login.txt"
BACKUPS = "backups"
DEFAULT_TIME_ZONE = "America/New_York"


def folder() -> Path:
    """The folder of the club's data: DATA_DIR (VAR_DIR, its name before 1.0.0), else the
    platform's folder for this user's data."""
    named = os.environ.get("DATA_DIR") or os.environ.get("VAR_DIR")
    if named:
        return Path(named).expanduser().resolve()
    return platformdirs.user_data_path("kittytd", appauthor=False)


def database_url(data: Path) -> str:
    """The data folder's database as a DATABASE_URL (dj-database-url reads it), its path
    quoted: a `#` or `?` in a folder's name (`Kitty #2`) would end the path there, and the
    night would be kept in another file (`Kitty `, in the folder above)."""
    return "sqlite:///" + quote((data / DATABASE).as_posix(), safe="/:")


def time_zone() -> str:
    """The club's time zone, TIME_ZONE, read before Django is: the clock copies are named
    on (config/settings/ reads the same)."""
    return os.environ.get("TIME_ZONE") or DEFAULT_TIME_ZONE


def static_folder() -> Path:
    """Where `collectstatic` gathers the pages' files at each start: made again from the
    install, so the user's cache folder, never the install or the data folder."""
    return platformdirs.user_cache_path("kittytd", appauthor=False) / "static"


def older_keys(data: Path) -> list[str]:
    """Keys the club had before (one a line): a check code printed under one still matches."""
    try:
        text = (data / OLDER_KEYS).read_text(encoding="ascii")
    except FileNotFoundError:
        return []
    return [line.strip() for line in text.splitlines() if line.strip()]


def adopt_checkout_data(checkout: Path, data: Path) -> list[str]:
    """Move what a source checkout before 1.0.0 kept inside itself (`db.sqlite3` at its top,
    `var/secret-key`, `var/director-login.txt`, `var/backups/`) into the data folder, once.

    Nothing is overwritten and nothing is lost: a database the data folder already has wins,
    and the checkout's own becomes one of the copies (`kittytd restore` lists it); a second
    key joins the older keys, so every check code printed under it still matches. Returns
    what was done, in the director's words, for the console."""
    old_var = checkout / "var"
    old_database = checkout / DATABASE
    if not old_database.exists() and not old_var.is_dir():
        return []
    data.mkdir(parents=True, exist_ok=True)
    said: list[str] = []

    key = old_var / SECRET_KEY
    if key.exists():
        said += _adopt_key(key, data)
    login = old_var / LOGIN
    if login.exists():
        if (data / LOGIN).exists():
            _move(login, data / BACKUPS / f"{LOGIN}.from-{checkout.name}")
        else:
            _move(login, data / LOGIN)
    moved_copies = 0
    for copy in sorted((old_var / BACKUPS).glob("*.sqlite3")) if old_var.is_dir() else []:
        target = data / BACKUPS / copy.name
        if not target.exists():
            _move(copy, target)
            moved_copies += 1
    if moved_copies:
        copies = "1 copy" if moved_copies == 1 else f"{moved_copies} copies"
        said.append(f"{copies} of the night moved to {data / BACKUPS}")
    if old_database.exists():
        said += _adopt_database(old_database, data, checkout.name)
    for empty in (old_var / BACKUPS, old_var):
        try:
            empty.rmdir()  # only when nothing is left in it
        except OSError:
            pass
    if said:
        said.insert(0, f"The club's data kept in {checkout} is now in {data}:")
    return said


def _adopt_key(key: Path, data: Path) -> list[str]:
    target = data / SECRET_KEY
    old = key.read_text(encoding="ascii").strip()
    if not target.exists():
        _move(key, target)
        return ["the secret key (the check codes on signed sheets still match)"]
    key.unlink()
    if old == target.read_text(encoding="ascii").strip():
        return []  # the same key: nothing to say
    if old not in older_keys(data):
        with open(data / OLDER_KEYS, "a", encoding="ascii") as file:
            file.write(old + "\n")
    return ["its secret key, kept with the older keys (check codes printed under it still match)"]


def _adopt_database(database: Path, data: Path, name: str) -> list[str]:
    """The database moves with its journal files: a WAL file left by a server that was
    killed holds the last writes."""
    target = data / DATABASE
    if target.exists():
        # On the club's clock, as the copies are named (laptop/backups.py), not the laptop's.
        stamp = datetime.now(ZoneInfo(time_zone())).strftime("%Y-%m-%d_%H-%M-%S")
        target = data / BACKUPS / f"{stamp}_before-1.0.0-from-{_slug(name)}.sqlite3"
        said = [
            f"the database {database} (this folder has its own, which is kept): it is the "
            f"copy {target.name}, which `kittytd restore {target.name}` puts back"
        ]
    else:
        said = ["the database"]
    for suffix in ("-wal", "-shm"):
        journal = Path(f"{database}{suffix}")
        if journal.exists():
            _move(journal, Path(f"{target}{suffix}"))
    _move(database, target)
    return said


def _move(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.move(source, target)  # across drives too (a copy, then the source removed)


def _slug(text: str) -> str:
    """A folder's name as a copy's name may hold it (laptop/backups.py: a-z, 0-9, - and .)."""
    return re.sub(r"[^a-z0-9.]+", "-", text.lower()).strip("-.") or "checkout"
