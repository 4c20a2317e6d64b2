"""Re-derive every table's stored outcome from the facts and report any difference."""

from django.core.management.base import BaseCommand, CommandError

from scoring import outcomes
from tournament.models import Table, Tournament


class Command(BaseCommand):
    help = (
        "Score every table again from its hands, rulings and signatures and compare with "
        "the outcome the standings read; --fix stores the derived ones."
    )

    def add_arguments(self, parser):
        parser.add_argument("slugs", nargs="*", help="Only these tournaments (default: all).")
        parser.add_argument("--fix", action="store_true", help="Store the derived outcomes.")

    def handle(self, *args, slugs, fix, **options):
        tournaments = Tournament.objects.all()
        if slugs:
            tournaments = tournaments.filter(slug__in=slugs)
            missing = set(slugs) - set(tournaments.values_list("slug", flat=True))
            if missing:
                raise CommandError(f"No such tournament: {', '.join(sorted(missing))}")
        found = 0
        tables = 0
        for tournament in tournaments.order_by("slug"):
            differences = outcomes.verify(tournament)
            its_tables = Table.objects.filter(round__tournament=tournament).select_related("round")
            tables += its_tables.count()
            for line in differences:
                self.stdout.write(line)
            found += len(differences)
            if differences and fix:
                outcomes.store(its_tables, tournament)
        self.stdout.write(f"{found} differences in {tables} tables.")
        if found and not fix:
            raise CommandError("Stored outcomes differ from the facts: run with --fix.")
