"""Put a copy of the night back (`kittytd restore`): after the laptop died, or on another
laptop with the USB stick's copies.

Without an argument it lists the copies, newest first: when each was made, why, and the
nights it holds, read from the copy itself, so the director picks a copy by what is in
it. `latest`, a copy's name or a path restores it. The database as it is now is first
kept as a copy like any other (`<when>_before-restore.sqlite3`, in the first folder of
copies): listed, and restored by its name, so a restore can itself be undone. `latest`
passes over such copies: it is the newest copy of the night, not the database a restore
replaced. Stop the server first.
"""

from __future__ import annotations

import contextlib
import datetime
import sqlite3
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from kittytd.cli import said_as, typed
from laptop import backups
from laptop.management.commands.serve import QUIET, serving_port

WIDTH = 80  # a console's columns: every line but a copy's path fits in them
SHOWN_NIGHTS = 3  # the newest nights named under each copy; the others counted
BEFORE_RESTORE = "before restore"


class Command(BaseCommand):
    help = (
        "List the copies of the night, or put one back (latest, a copy's name, or its "
        "path). Stop the server first."
    )
    suppressed_base_arguments = QUIET

    def add_arguments(self, parser):
        parser.add_argument("copy", nargs="?", help="latest, a copy's name, or its path")
        parser.add_argument(
            "--data",
            metavar="FOLDER",
            help=f"the folder of the club's data (now {settings.DATA_DIR})",
        )

    def create_parser(self, prog_name, subcommand, **kwargs):
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        parser.prog = said_as("restore", with_data=False)
        return parser

    def handle(self, *args, copy, **options):
        target = backups.database_file()
        if target is None:
            raise CommandError("Only an SQLite database is restored from these copies.")
        found = [c for folder in backups.folders() for c in backups.copies(folder)]
        found.sort(key=lambda c: (c.made, c.path.name), reverse=True)
        if not copy:
            return self.list(found)
        chosen = self.choose(copy, found)
        serving = serving_port()
        if serving:
            raise CommandError(
                f"The night is being served now (port {serving}): stop it first (Ctrl+C "
                "where it runs), then restore; nothing was changed."
            )
        check(chosen)
        kept = keep_current(target)
        put_back(chosen, target)
        self.stdout.write(f"Restored {chosen} into {target}.")
        if kept:
            listed = kept.parent in backups.folders()  # else it is restored by its path
            self.stdout.write(
                f"The database as it was is kept as the copy {kept.name} (in {kept.parent}):"
                f" {said_as('restore')} {typed(kept.name if listed else str(kept))} puts it back."
            )
        self.stdout.write(f"Start the night again: {said_as('run')}")

    def list(self, found: list[backups.Copy]) -> None:
        if not found:
            where = ", ".join(str(f) for f in backups.folders()) or "no folder"
            self.stdout.write(f"No copies of the night in {where}.")
            return
        self.stdout.write("Copies of the night, newest first:")
        for c in found:
            self.stdout.write("")
            for line in describe(c):
                self.stdout.write(line)
        self.stdout.write("")
        # Which club's copies these are: another --data lists another's.
        self.stdout.write(f"(from {' and '.join(str(f) for f in backups.folders())})")
        self.stdout.write(f"Restore one: {said_as('restore')} NAME  (or its path)")
        newest = latest(found)
        if newest is not None:
            self.stdout.write(f"{said_as('restore')} latest  puts back the copy of {when(newest)}")

    def choose(self, copy: str, found: list[backups.Copy]) -> Path:
        if copy == "latest":
            newest = latest(found)
            if newest is None:
                raise CommandError("There is no copy to restore.")
            return newest.path
        path = Path(copy)
        if path.is_file():
            return path
        named = [c.path for c in found if copy in (c.path.name, c.path.stem)]
        if not named:
            raise CommandError(f"No copy named {copy}: `{said_as('restore')}` lists them.")
        return named[0]


def latest(found: list[backups.Copy]) -> backups.Copy | None:
    """The newest copy of the night: not one made before a restore, which holds the
    database that restore replaced (restoring "latest" twice would otherwise undo the
    first); that one is restored by its name."""
    return next((c for c in found if c.reason != BEFORE_RESTORE), None)


def describe(copy: backups.Copy) -> list[str]:
    """A copy as the list shows it: when and why on its line, its path (what a restore
    takes, with its name), then the nights it holds, or why it cannot be read."""
    lines = [fit(f"  {when(copy)}  {copy.reason}"), f"    {copy.path}"]
    try:
        nights = backups.nights_in(copy.path)
    except sqlite3.Error as error:
        return [*lines, fit(f"    cannot be read ({error}): choose another copy")]
    if not nights:
        return [*lines, "    no nights in it yet"]
    for night in nights[:SHOWN_NIGHTS]:
        day = night_date(night.date)
        lines.append("    " + fit(night.name, WIDTH - 4 - len(day) - 2) + f", {day}")
    more = len(nights) - SHOWN_NIGHTS
    if more > 0:
        lines.append(f"    and {more} earlier night{'s' * (more != 1)}")
    return lines


def when(copy: backups.Copy) -> str:
    return f"{copy.made:%a %d %b %Y %H:%M:%S}"


def night_date(stored: str) -> str:
    try:
        return f"{datetime.date.fromisoformat(stored):%a %d %b %Y}"
    except ValueError:
        return stored


def fit(text: str, width: int = WIDTH) -> str:
    """The text cut to the console's width, the cut said ("...")."""
    return text if len(text) <= width else text[: width - 3] + "..."


def keep_current(target: Path) -> Path | None:
    """The database as it is, kept as an ordinary copy made before a restore, in the first
    folder of copies (or beside the database when there is none). A file SQLite cannot
    read (the reason for the restore, maybe) is kept byte for byte under the same name."""
    if not target.exists():
        return None
    folder = (backups.folders() or [target.parent])[0]
    made = backups.copy_now(BEFORE_RESTORE, source=target, folders=[folder])
    if made:
        return made[0]
    kept = folder / backups.free_name(BEFORE_RESTORE, [folder])
    try:
        folder.mkdir(parents=True, exist_ok=True)
        kept.write_bytes(target.read_bytes())
    except OSError as error:
        raise CommandError(
            f"The database as it is could not be kept in {folder} ({error}): nothing was "
            "restored. Free some space there, or restore on a laptop where it can be kept."
        ) from None
    return kept


def check(path: Path) -> None:
    try:
        with contextlib.closing(backups.read_only(path)) as conn:
            verdict = conn.execute("PRAGMA integrity_check").fetchone()[0]
    except sqlite3.Error as error:
        raise CommandError(
            f"{path} is not a readable copy ({error}): choose an earlier copy."
        ) from None
    if verdict != "ok":
        raise CommandError(f"{path} is damaged ({verdict}): choose an earlier copy.")


def put_back(copy: Path, target: Path) -> None:
    """Through SQLite's backup into the database file, so its journal stays right; a
    damaged file is replaced whole, with its journal files."""
    try:
        backups.online_copy(copy, target, fresh=False)
        return
    except sqlite3.Error:
        pass
    for leftover in (target, Path(f"{target}-wal"), Path(f"{target}-shm")):
        leftover.unlink(missing_ok=True)
    target.write_bytes(copy.read_bytes())
