"""Write a whole tournament to a JSON file: the night's facts, kept off this machine."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from backup.exporting import backup_filename, export_json
from tournament.models import Tournament


class Command(BaseCommand):
    help = "Export a tournament (entrants, rounds, hands, rulings, signatures, history) as JSON."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="The tournament's address, as in /t/<slug>/.")
        parser.add_argument(
            "-o",
            "--output",
            help="The file to write; '-' writes to standard output. "
            "Default: <slug>-<date>.kittytd.json here.",
        )

    def handle(self, *args, slug: str, output: str | None, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"No tournament with the address “{slug}”.")
        text = export_json(tournament)
        if output == "-":
            self.stdout.write(text)
            return
        path = Path(output or backup_filename(tournament))
        path.write_text(text + "\n", encoding="utf-8")
        self.stderr.write(f"Exported “{tournament.name}” to {path}.")
