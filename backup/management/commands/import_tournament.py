"""Read a tournament back from an export file, into this database, all or nothing."""

import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from backup.backup import BackupError, import_json


class Command(BaseCommand):
    help = "Import a tournament exported by export_tournament; refuses a slug already in use."

    def add_arguments(self, parser):
        parser.add_argument("file", help="The exported JSON file; '-' reads standard input.")

    def handle(self, *args, file: str, **options):
        try:
            raw = sys.stdin.buffer.read() if file == "-" else Path(file).read_bytes()
        except OSError as exc:
            raise CommandError(f"Cannot read {file}: {exc.strerror}.") from None
        try:
            tournament = import_json(raw)
        except BackupError as exc:
            raise CommandError(f"Nothing was imported: {exc}") from None
        rounds = tournament.round_set.count()
        self.stdout.write(
            f"Imported “{tournament.name}” (/t/{tournament.slug}/): "
            f"{tournament.entrants.count()} entrants, {rounds} round(s)."
        )
