"""Copies of the night's SQLite database, so the night survives the laptop.

A consistent copy (SQLite's online backup: phones go on reading and writing meanwhile) is
written when a round is published, when a sheet is signed, and every few minutes when
anything changed; the newest BACKUP_KEEP of these routine copies are kept in each folder:
the data folder's backups/ and, if the director names one, a second (a USB stick). One
thread beside the server makes them, so no write at a table waits for a disk; a folder
that cannot be written is said on the console and stops nothing. `kittytd restore` lists
the copies, with the nights each holds, and puts one back.

A copy made before something that cannot be taken back (a restore, an upgrade, deleting
a night: its reason begins with "before") is made at once by whoever is about to do it
(`copy_now`), and is never pruned: the rotation is for the copies of the night going on,
and twenty of them in an evening must not push out the one made before an upgrade.

On PostgreSQL nothing is copied here: docs/production.md says how such a server is kept.
"""

from __future__ import annotations

import contextlib
import datetime
import logging
import re
import sqlite3
import threading
import time
import unicodedata
from dataclasses import dataclass
from pathlib import Path, PurePath
from urllib.parse import quote

from django.conf import settings
from django.db import connection
from django.utils import timezone

log = logging.getLogger(__name__)

SUFFIX = ".sqlite3"
STAMP = "%Y-%m-%d_%H-%M-%S"
# <when>_<why>.sqlite3; a dot is kept in the why, so a version reads right
# ("before-upgrade-from-0.1.0").
NAME = re.compile(r"^(\d{4}-\d\d-\d\d_\d\d-\d\d-\d\d)_([a-z0-9.-]+)\.sqlite3$")
# The name a copy made before a restore had until the copies named them all alike: such
# copies are still listed, and restored by name.
OLD_BEFORE_RESTORE = re.compile(r"^before-restore_(\d{4}-\d\d-\d\d_\d\d-\d\d-\d\d)\.sqlite3$")
BEFORE = "before"  # the first word of the reason of a copy the rotation never removes


def database_file() -> Path | None:
    """The SQLite file the night is in; None on PostgreSQL or an in-memory database."""
    name = str(connection.settings_dict["NAME"])
    if connection.vendor != "sqlite" or name.startswith("file:") or ":memory:" in name:
        return None
    return Path(name)


def folders() -> list[Path]:
    """The copies' folders: var/backups/ on the laptop, and the director's second one."""
    return [Path(folder) for folder in settings.BACKUP_DIRS]


def _named_or_kept(named: list[Path] | None) -> list[Path]:
    """The folders a caller names, else the copies' own."""
    return folders() if named is None else [Path(f) for f in named]


def enabled() -> bool:
    return bool(folders()) and database_file() is not None


@dataclass(frozen=True)
class Copy:
    path: Path
    made: datetime.datetime
    reason: str

    @property
    def routine(self) -> bool:
        """One of the copies of the night going on, which the rotation keeps to the newest
        few; a copy made before something is kept until someone removes it."""
        return self.reason.split(" ", 1)[0] != BEFORE


def read_name(path: Path) -> Copy | None:
    """The copy a file's name says it is (when, why), or None for any other file."""
    if match := NAME.match(path.name):
        stamp, reason = match[1], match[2].replace("-", " ")
    elif match := OLD_BEFORE_RESTORE.match(path.name):
        stamp, reason = match[1], "before restore"
    else:
        return None
    try:
        made = datetime.datetime.strptime(stamp, STAMP)
    except ValueError:  # digits in the shape of a time that is none (month 13)
        return None
    return Copy(path, made, reason)


def copies(folder: Path) -> list[Copy]:
    """The copies in a folder, newest first (by the time in their names)."""
    try:
        entries = list(folder.iterdir())
    except OSError:
        return []
    found = [c for c in map(read_name, entries) if c is not None]
    return sorted(found, key=lambda c: (c.made, c.path.name), reverse=True)


def slug(reason: str) -> str:
    """The reason as it is written in a copy's name: lower case, accents dropped ("Soirée"
    reads "soiree"), each run of other characters a dash; dots kept for versions."""
    plain = unicodedata.normalize("NFKD", reason).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9.]+", "-", plain.lower())[:60].strip("-.") or "copy"


def copy_name(reason: str, at: datetime.datetime | None = None, suffix: str = SUFFIX) -> str:
    """The name of a copy made now (or at the aware moment `at`) for this reason: what
    `copies` reads back. On the club's clock (TIME_ZONE), as every page and sheet says the
    time, whatever the laptop's own zone: Windows never takes TIME_ZONE as the process's."""
    moment = timezone.localtime(at or timezone.now(), timezone.get_default_timezone())
    return f"{moment.strftime(STAMP)}_{slug(reason)}{suffix}"


def free_name(reason: str, folders: list[Path], suffix: str = SUFFIX) -> str:
    """A copy's name for now that no file in these folders has: a copy never overwrites
    another (a restore undone the second it was made would copy over the very copy it
    puts back). Two of the same reason in one second: the second waits for the next."""
    while True:
        name = copy_name(reason, suffix=suffix)
        if not any((Path(folder) / name).exists() for folder in folders):
            return name
        time.sleep(0.05)


# The last failure per folder, said on the console until a copy there succeeds.
_failures: dict[Path, str] = {}
# One copy at a time: the copier's thread, a view and a command may ask at once, and each
# prunes the folder after writing.
_writing = threading.Lock()


def copy_now(
    reason: str, source: Path | None = None, folders: list[Path] | None = None
) -> list[Path]:
    """Write one copy into every folder (the copies' folders, or `folders` when a caller
    names them: a server with none still keeps a copy before an upgrade); the copies
    written. Synchronous, so a command or a view goes on only once its copy is whole. A
    folder that fails is remembered for the console and the others are still written."""
    source = source or database_file()
    if source is None or not source.exists():  # nothing yet to copy (and none made here)
        return []
    targets = _named_or_kept(folders)
    with _writing:
        name = free_name(reason, targets)
        written: list[Path] = []
        for folder in targets:
            # The same moment again: copy the first copy, not the live file.
            if _write_copy(written[0] if written else source, folder, name):
                written.append(folder / name)
        return written


def _write_copy(source: Path, folder: Path, name: str) -> bool:
    """One copy into one folder, whole or not at all (written beside, then renamed)."""
    partial = folder / f".{name}.partial"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        online_copy(source, partial)
        partial.replace(folder / name)
        _prune(folder)
    except (OSError, sqlite3.Error) as error:
        _failures[folder] = f"{type(error).__name__}: {error}"
        log.warning("copy of the night not written to %s: %s", folder, error)
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)
        return False
    _failures.pop(folder, None)
    return True


def keep_file(name: str, content: bytes, folders: list[Path] | None = None) -> list[Path]:
    """Write a file (a night's own backup, before it is deleted) into every folder of the
    copies, whole or not at all; the files written. Never pruned: it is no copy of the
    database. A folder that fails is left out, and logged."""
    written = []
    for folder in _named_or_kept(folders):
        partial = folder / f".{name}.partial"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            partial.write_bytes(content)
            partial.replace(folder / name)
        except OSError as error:
            log.warning("%s not written to %s: %s", name, folder, error)
            with contextlib.suppress(OSError):
                partial.unlink(missing_ok=True)
            continue
        written.append(folder / name)
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
    """The routine copies beyond the newest BACKUP_KEEP go; a copy made before something
    neither counts nor goes."""
    routine = [c for c in copies(folder) if c.routine]
    for old in routine[settings.BACKUP_KEEP :]:
        # Windows removes no file another program has open (the director reading the list,
        # a virus scanner): that copy goes at a later turn, and the new one still counts.
        with contextlib.suppress(OSError):
            old.path.unlink(missing_ok=True)


@dataclass(frozen=True)
class Night:
    """A night held in a copy, as its list of copies names it."""

    name: str
    date: str


# The table the tournaments are stored in (tournament.models.Tournament), read by name:
# a copy is read as a plain SQLite file, of whatever release made it.
TOURNAMENTS = "tournament_tournament"


def read_only(path: Path) -> sqlite3.Connection:
    """A copy opened so that looking at it never changes it (nor makes a file where there
    was none)."""
    return sqlite3.connect(f"{sqlite_uri(path.resolve())}?mode=ro", uri=True, timeout=5)


def sqlite_uri(path: PurePath) -> str:
    """An absolute path as an SQLite URI: every character a URI reads otherwise quoted (a
    folder named `Kitty #2`, `Why?` or `100%`, and letters beyond ASCII, as UTF-8), and no
    host in it, which SQLite refuses: a Windows share `\\\\nas\\kitty` is `file:////nas/kitty`
    (Path.as_uri() names the host), a drive `file:///C:/...`."""
    posix = path.as_posix()
    return "file://" + quote(posix if posix.startswith("/") else f"/{posix}", safe="/:")


def nights_in(path: Path) -> list[Night]:
    """The nights a copy holds, newest first, read from the copy itself, so the director
    picks a copy by what is in it. Raises sqlite3.Error when it cannot be read."""
    conn = read_only(path)
    try:
        known = conn.execute(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?", [TOURNAMENTS]
        ).fetchone()[0]
        if not known:
            raise sqlite3.DatabaseError("it holds no Kitty TD nights")
        rows = conn.execute(
            f"SELECT name, date FROM {TOURNAMENTS} ORDER BY date DESC, name"
        ).fetchall()
    finally:
        conn.close()
    return [Night(str(name), str(date)) for name, date in rows]


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
        # A copy under way (its reasons taken, not yet written), and the server stopping.
        self.busy = self.stopping = False
        self.idle = threading.Condition(self.lock)

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
                if self.stopping:
                    return  # finish() makes what was asked
                reasons, self.reasons = self.reasons, []
                self.busy = True
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
            finally:
                with self.lock:
                    self.busy = False
                    self.idle.notify_all()

    def finish(self, timeout: float = 60) -> None:
        """Before the server stops: the copy under way is let finish, and the one asked for
        and not yet begun is made now. The thread dies with the process, so a sheet signed
        the moment before the server stopped was missing from the newest copy."""
        with self.lock:
            self.stopping = True
            self.idle.wait_for(lambda: not self.busy, timeout)
            reasons, self.reasons = self.reasons, []
        self.wanted.set()  # the thread, waiting for the next, ends
        if reasons:
            copy_now(summary(reasons))


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


def finish_copies() -> None:
    """The copies asked for are made before the server stops (Copier.finish)."""
    with _copier_lock:
        running = _copier
    if running is not None and running.is_alive():
        running.finish()


def copy_stored(reason: str) -> None:
    """A write worth a copy is stored: ask for one (if copies are kept). Called once the
    write's transaction has committed, by the writes' signals (laptop/apps.py)."""
    if enabled():
        copier().ask(reason)


def sheet_signed(sender, **named) -> None:
    """plumbing.signals.sheet_signed: a sheet became final."""
    copy_stored("sheet signed")


def round_published(sender, **named) -> None:
    """plumbing.signals.round_published."""
    copy_stored("round published")
