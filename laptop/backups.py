"""Copies of the night's SQLite database, so the night survives the laptop.

A consistent copy (SQLite's online backup: phones go on reading and writing meanwhile) is
written when a round is published, when a sheet is signed, and every few minutes when
anything changed; the newest BACKUP_KEEP are kept in each folder: var/backups/ and, if
the director names one, a second (a USB stick). One thread beside the server makes them,
so no write at a table waits for a disk; a folder that cannot be written is said on the
console and stops nothing. `python3 dev.py restore` puts a copy back.

On PostgreSQL nothing is copied here: docs/production.md says how such a server is kept.
"""

from __future__ import annotations

import contextlib
import datetime
import logging
import re
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.db import connection, transaction

log = logging.getLogger(__name__)

SUFFIX = ".sqlite3"
NAME = re.compile(r"^(\d{4}-\d\d-\d\d_\d\d-\d\d-\d\d)_([a-z0-9-]+)\.sqlite3$")


def database_file() -> Path | None:
    """The SQLite file the night is in; None on PostgreSQL or an in-memory database."""
    name = str(connection.settings_dict["NAME"])
    if connection.vendor != "sqlite" or name.startswith("file:") or ":memory:" in name:
        return None
    return Path(name)


def folders() -> list[Path]:
    return [Path(folder) for folder in settings.BACKUP_DIRS]


def enabled() -> bool:
    return bool(folders()) and database_file() is not None


@dataclass(frozen=True)
class Copy:
    path: Path
    made: datetime.datetime
    reason: str


def copies(folder: Path) -> list[Copy]:
    """The copies in a folder, newest first (by the time in their names)."""
    found = []
    try:
        entries = list(folder.iterdir())
    except OSError:
        return []
    for path in entries:
        match = NAME.match(path.name)
        if match:
            made = datetime.datetime.strptime(match[1], "%Y-%m-%d_%H-%M-%S")
            found.append(Copy(path, made, match[2].replace("-", " ")))
    return sorted(found, key=lambda c: (c.made, c.path.name), reverse=True)


# The last failure per folder, said on the console until a copy there succeeds.
_failures: dict[Path, str] = {}


def copy_now(reason: str, source: Path | None = None) -> list[Path]:
    """Write one copy into every folder; the copies written. A folder that fails is
    remembered for the console and the others are still written."""
    source = source or database_file()
    if source is None:
        return []
    stamp = datetime.datetime.now().strftime("%Y-%m-%d_%H-%M-%S")
    slug = re.sub(r"[^a-z0-9]+", "-", reason.lower())[:60].strip("-") or "copy"
    written = []
    first: Path | None = None
    for folder in folders():
        target = folder / f"{stamp}_{slug}{SUFFIX}"
        partial = folder / f".{target.name}.partial"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            if first is None:
                online_copy(source, partial)
            else:  # the same moment again: copy the copy, not the live file
                online_copy(first, partial)
            partial.replace(target)
            _prune(folder)
        except (OSError, sqlite3.Error) as error:
            _failures[folder] = f"{type(error).__name__}: {error}"
            log.warning("copy of the night not written to %s: %s", folder, error)
            with contextlib.suppress(OSError):
                partial.unlink(missing_ok=True)
            continue
        _failures.pop(folder, None)
        first = first or target
        written.append(target)
    return written


def online_copy(source: Path, target: Path, *, fresh: bool = True) -> None:
    """SQLite's online backup of `source` into `target`: consistent while others write.
    `fresh`: the target is a new file, left in one piece (no journal beside it)."""
    if fresh:
        target.unlink(missing_ok=True)
    src = sqlite3.connect(source, timeout=20)
    try:
        dst = sqlite3.connect(target, timeout=20)
        try:
            src.backup(dst)
            if fresh:
                dst.execute("PRAGMA journal_mode=DELETE")
        finally:
            dst.close()
    finally:
        src.close()


def _prune(folder: Path) -> None:
    for old in copies(folder)[settings.BACKUP_KEEP :]:
        old.path.unlink(missing_ok=True)


@dataclass(frozen=True)
class FolderStatus:
    folder: Path
    newest: Copy | None
    failure: str | None


def status() -> list[FolderStatus]:
    """Each folder's newest copy and its last failure, for the console."""
    if not enabled():
        return []
    return [
        FolderStatus(folder, next(iter(copies(folder)), None), _failures.get(folder))
        for folder in folders()
    ]


class Copier(threading.Thread):
    """The thread that makes the copies: asked for one after a round is published or a
    sheet signed, and every BACKUP_MINUTES on its own when the database changed. Requests
    that arrive together (a round's last sheets) make one copy."""

    def __init__(self):
        super().__init__(name="night-copies", daemon=True)
        self.wanted = threading.Event()
        self.reasons: list[str] = []
        self.lock = threading.Lock()

    def ask(self, reason: str) -> None:
        with self.lock:
            if reason not in self.reasons:
                self.reasons.append(reason)
        self.wanted.set()

    def run(self) -> None:
        watch = None  # its own connection: PRAGMA data_version moves when another writes
        seen = None
        while True:
            asked = self.wanted.wait(timeout=settings.BACKUP_MINUTES * 60)
            if asked:
                self.wanted.wait(1)  # let the requests of the same moment join in
            self.wanted.clear()
            with self.lock:
                reasons, self.reasons = self.reasons, []
            try:
                source = database_file()
                if source is None or not source.exists():
                    continue
                watch = watch or sqlite3.connect(source, timeout=20)
                version = watch.execute("PRAGMA data_version").fetchone()[0]
                if not reasons and version == seen:
                    continue  # nothing changed since the last copy
                copy_now(summary(reasons), source)
                seen = version
            except Exception:  # the copies never stop the night; the log says why
                log.exception("copy of the night failed")


def summary(reasons: list[str]) -> str:
    return " and ".join(reasons) or "every few minutes"


_copier: Copier | None = None
_copier_lock = threading.Lock()


def copier() -> Copier:
    global _copier
    with _copier_lock:
        if _copier is None or not _copier.is_alive():
            _copier = Copier()
            _copier.start()
        return _copier


def copy_soon(reason: str) -> None:
    """After the current transaction commits, ask for a copy (if copies are kept)."""
    if enabled():
        transaction.on_commit(lambda: copier().ask(reason))
