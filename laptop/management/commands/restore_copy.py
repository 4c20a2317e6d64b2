"""Put a copy of the night back (`python3 dev.py restore`): after the laptop died, or
on another laptop with the USB stick's copies.

Without an argument it lists the copies, newest first. `latest`, a copy's name or a path
restores it: the database as it is now is first kept beside the copies (before-restore),
so a restore can itself be undone. Stop the server first.
"""

from __future__ import annotations

import datetime
import sqlite3
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from laptop import backups


class Command(BaseCommand):
    help = "List the copies of the night, or restore one (latest, a name, or a path)."

    def add_arguments(self, parser):
        parser.add_argument("copy", nargs="?", help="latest, a copy's name, or its path")

    def handle(self, *args, copy, **options):
        target = backups.database_file()
        if target is None:
            raise CommandError("Only an SQLite database is restored from these copies.")
        found = [c for folder in backups.folders() for c in backups.copies(folder)]
        found.sort(key=lambda c: c.made, reverse=True)
        if not copy:
            return self.list(found)
        chosen = self.choose(copy, found)
        check(chosen)
        kept = self.keep_current(target)
        put_back(chosen, target)
        self.stdout.write(f"Restored {chosen} into {target}.")
        if kept:
            self.stdout.write(f"The database as it was is kept as {kept}.")
        self.stdout.write("Start the night again: python3 dev.py run")

    def list(self, found: list[backups.Copy]) -> None:
        if not found:
            where = ", ".join(str(f) for f in backups.folders()) or "no folder"
            self.stdout.write(f"No copies of the night in {where}.")
            return
        self.stdout.write("Copies of the night, newest first:")
        for c in found:
            self.stdout.write(f"  {c.made:%a %d %b %H:%M:%S}  {c.reason:<28} {c.path}")
        self.stdout.write("Restore one: python3 dev.py restore latest  (or its name or path)")

    def choose(self, copy: str, found: list[backups.Copy]) -> Path:
        if copy == "latest":
            if not found:
                raise CommandError("There is no copy to restore.")
            return found[0].path
        path = Path(copy)
        if path.is_file():
            return path
        named = [c.path for c in found if c.path.name == copy]
        if not named:
            raise CommandError(f"No copy named {copy}: `python3 dev.py restore` lists them.")
        return named[0]

    def keep_current(self, target: Path) -> Path | None:
        if not target.exists():
            return None
        stamp = datetime.datetime.now().strftime("%Y-%m-%d_%H-%M-%S")
        folder = (backups.folders() or [target.parent])[0]
        folder.mkdir(parents=True, exist_ok=True)
        kept = folder / f"before-restore_{stamp}.sqlite3"
        try:
            backups.online_copy(target, kept)
        except sqlite3.Error:  # a damaged file: keep its bytes as they are
            kept.write_bytes(target.read_bytes())
        return kept


def check(path: Path) -> None:
    try:
        with sqlite3.connect(f"file:{path.as_posix()}?mode=ro", uri=True) as conn:
            verdict = conn.execute("PRAGMA integrity_check").fetchone()[0]
    except sqlite3.Error as error:
        raise CommandError(f"{path} is not a readable copy: {error}.") from None
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
