"""Deleting a night: who may, what goes with it, and the copies kept before it goes.

A night is deleted whole, in one transaction: its entrants, rounds, tables, seats, hands,
rulings, signatures, history, announcements and every link of it. Nothing of the club
goes with it: the register keeps every player (one who played only this night stays,
with no night), and the season's ladder, ratings and statistics are derived from the
nights that remain (the ratings' fingerprint names the nights, so the next read rates
them again without this one).

Nothing is deleted before a copy of it is kept. On the laptop, the whole database is
copied first (laptop.backups: "before deleting <night>", a copy the rotation never
removes), and the night's own backup file, which its caller makes (the backup app), is
written beside the copies: what *Restore from a backup* takes to bring the night back
alone. A server with no folder of copies offers that file to download on the page that
asks to confirm.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from django.db import transaction
from django.db.models import Count, F

from laptop import backups

from .access import runs
from .models import Table, Tournament


def may_delete(user, tournament: Tournament) -> bool:
    """The night's own directors (a superuser too): those who run it may end it; a director
    of another night may not, nor may anyone replace it from a file."""
    return runs(user, tournament)


@dataclass(frozen=True)
class Goes:
    """What deleting a night deletes, counted, for the page that asks to confirm and the
    message after."""

    entrants: int
    partnership: bool
    rounds: int
    tables: int
    hands: int
    signed: int  # sheets every side signed
    announcements: int

    @property
    def entrant_words(self) -> str:
        noun = "team" if self.partnership else "player"
        return f"{self.entrants} {noun}{'s' * (self.entrants != 1)}"

    def words(self) -> str:
        """In one line: "8 teams, 2 rounds, 6 signed sheets"."""
        rounds = f"{self.rounds} round{'s' * (self.rounds != 1)}"
        signed = f"{self.signed} signed sheet{'s' * (self.signed != 1)}"
        return f"{self.entrant_words}, {rounds}, {signed}"


def what_goes(tournament: Tournament) -> Goes:
    tables = Table.objects.filter(round__tournament=tournament)
    signed = (
        tables.annotate(
            sides=Count("seats", distinct=True), signed_sides=Count("signatures", distinct=True)
        )
        .filter(sides__gt=0, signed_sides__gte=F("sides"))
        .count()
    )
    return Goes(
        entrants=tournament.entrants.count(),
        partnership=tournament.is_partnership,
        rounds=tournament.round_set.count(),
        tables=tables.count(),
        hands=tables.aggregate(n=Count("hands"))["n"],
        signed=signed,
        announcements=tournament.announcements.count(),
    )


def folders() -> list[Path]:
    """Where the copies are kept (none on a server: then the night's file is downloaded)."""
    return backups.folders()


def copies_database() -> bool:
    """Whether the whole database is copied too (the laptop's SQLite file, not a server's
    PostgreSQL)."""
    return backups.enabled()


# The night's own backup file beside the copies: `<when>_before-deleting-<night>` as the
# copy of the database made with it, and the ending of every night's backup file.
NIGHT_FILE = ".kittytd.json"


class NotKept(Exception):
    """No copy of the night could be written where copies are kept: nothing is deleted."""


@dataclass(frozen=True)
class Kept:
    """The copies kept before a night went: its own file, and the whole database."""

    files: list[Path]
    database: list[Path]


def keep_copies(tournament: Tournament, night_file: bytes, why: str = "deleting") -> Kept:
    """Before a night is deleted (or replaced, `why`): the whole database copied (on the
    laptop) and the night's own backup file written, into every folder of copies. With
    folders of copies and not one written (a USB stick pulled out, a full disk), raises
    NotKept: a night is never deleted with no copy where the director expects one."""
    reason = f"before {why} {tournament.name}"
    files = backups.keep_file(backups.free_name(reason, folders(), NIGHT_FILE), night_file)
    if folders() and not files:
        where = ", ".join(str(f) for f in folders())
        raise NotKept(
            f"No copy of {tournament.name} could be written to {where}: nothing was deleted. "
            "Check the folder (a USB stick still in?), or download its backup first."
        )
    return Kept(files=files, database=backups.copy_now(reason))


def delete_night(tournament: Tournament) -> None:
    """The night and all of it, in one transaction: a failure deletes nothing. (Its seats
    and byes RESTRICT their entrants, who go here with the night, as Django allows.)"""
    with transaction.atomic():
        tournament.delete()
