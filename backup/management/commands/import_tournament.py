"""Read a tournament back from an export file, into this database, all or nothing."""

import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from backup.importing import BackupError, import_json
from club.models import Club
from tournament import access


class Command(BaseCommand):
    help = "Import a tournament exported by export_tournament; refuses a slug already in use."

    def add_arguments(self, parser):
        parser.add_argument("file", help="The exported JSON file; '-' reads standard input.")
        parser.add_argument(
            "--staff",
            action="append",
            default=[],
            metavar="USERNAME",
            help="A director who runs the imported tournament (repeat for more). Without it, "
            "only a superuser can change it until one is added on its settings page.",
        )
        parser.add_argument(
            "--club",
            metavar="SLUG",
            help="The club whose night it is: its players are linked to that club's register. "
            "Without it, the first club.",
        )

    def handle(self, *args, file: str, staff: list[str], club: str | None = None, **options):
        target = None
        if club is not None:
            target = Club.objects.filter(slug=club).first()
            if target is None:
                raise CommandError(f"No club has the address {club!r}.")
        directors = list(access.directors().filter(username__in=staff))
        unknown = set(staff) - {u.get_username() for u in directors}
        if unknown:
            raise CommandError(f"Not a director here: {', '.join(sorted(unknown))}.")
        try:
            raw = sys.stdin.buffer.read() if file == "-" else Path(file).read_bytes()
        except OSError as exc:
            raise CommandError(f"Cannot read {file}: {exc.strerror}.") from None
        try:
            tournament = import_json(raw, target)
        except BackupError as exc:
            raise CommandError(f"Nothing was imported: {exc}") from None
        tournament.staff.add(*directors)
        rounds = tournament.round_set.count()
        self.stdout.write(
            f"Imported “{tournament.name}” (/t/{tournament.slug}/): "
            f"{tournament.entrants.count()} entrants, {rounds} round(s)."
        )
