"""Django's `migrate`, as every start of the laptop and every update of a server runs it,
with an upgrade's two guards (Django lets an app override a command this way):

- a database that a newer release wrote is refused in one line, and nothing changes: its
  tables may hold what this release cannot read;
- before the migrations change an existing SQLite database, a copy of it is made among the
  copies of the night, named for the release it came from (`kittytd restore` lists it).
  Nothing is migrated when that copy cannot be written.

After migrating, the release is recorded in the database (upgrade.models.Release).
"""

from __future__ import annotations

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError
from django.core.management.commands import migrate
from django.db import connections

from kittytd import __version__
from kittytd.cli import said_as
from laptop import backups
from upgrade import versions
from upgrade.models import Release


class Command(migrate.Command):
    def handle(self, *args, **options):
        if options["plan"] or options["check_unapplied"]:
            return super().handle(*args, **options)
        database = options["database"]
        connection = connections[database]
        found = versions.recorded(connection)
        if found and versions.newer(found, __version__):
            raise CommandError(
                f"This database was written by Kitty TD {found}, newer than this one "
                f"({__version__}): install {found} or later, or put back a copy made "
                f"before it ({said_as('restore')})."
            )
        if found and self.unapplied(database):
            self.copy_before(connection, f"before upgrade from {found}")
        super().handle(*args, **options)
        if not options["app_label"] and versions.recorded(connection) != __version__:
            Release.objects.using(database).create(version=__version__)

    @staticmethod
    def unapplied(database: str) -> bool:
        try:  # migrate --check: exits 1 when a migration is still to run
            call_command("migrate", database=database, check_unapplied=True, verbosity=0)
        except SystemExit as exit:
            return exit.code != 0
        return False

    def copy_before(self, connection, reason: str) -> None:
        source = backups.database_file() if connection.alias == "default" else None
        if source is None:
            if connection.vendor != "sqlite":  # docs/production.md: pg_dump first
                self.stdout.write(f"Upgrading {connection.vendor} (no copy made here): {reason}.")
            return
        folders = backups.folders() or [settings.DATA_DIR / "backups"]
        written = backups.copy_now(reason, folders=folders)
        if not written:
            raise CommandError(
                f"No copy of the database could be written to {folders[0]} before the "
                "upgrade, so nothing was changed: free some room there (or name another "
                f"folder with {said_as('run')} --backup-to FOLDER) and start again."
            )
        self.stdout.write(f"A copy of the database before the upgrade: {written[0]}")
