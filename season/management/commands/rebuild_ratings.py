"""Derive every club's ratings again from the nights' facts: store them, or with --check
compare them with the stored ones and fail on any difference."""

from django.core.management.base import BaseCommand, CommandError

from club.models import Club
from rules import RULESETS
from season.models import RatingSet
from season.ratings import build as ratings
from tournament.models import Tournament


class Command(BaseCommand):
    help = (
        "Rate every club's players again at each game from the signed tables of its "
        "published nights and store the ratings; --check stores nothing and reports every "
        "difference between the stored ratings and those derived now."
    )

    def add_arguments(self, parser):
        parser.add_argument("clubs", nargs="*", help="Only these clubs' slugs (default: all).")
        parser.add_argument(
            "--check", action="store_true", help="Compare only; exit non-zero on a difference."
        )

    def handle(self, *args, clubs, check, **options):
        found = Club.objects.order_by("slug")
        if clubs:
            found = found.filter(slug__in=clubs)
            missing = set(clubs) - set(found.values_list("slug", flat=True))
            if missing:
                raise CommandError(f"No such club: {', '.join(sorted(missing))}")
        differences = compared = 0
        for club in found:
            stored = set(RatingSet.objects.filter(club=club).values_list("game", flat=True))
            played = set(Tournament.objects.filter(club=club).values_list("game", flat=True))
            for game in (g for g in RULESETS if g in stored | played):
                if check:
                    compared += game in stored
                    lines = ratings.check(club, game)
                    for line in lines:
                        self.stdout.write(line)
                    differences += len(lines)
                else:
                    kept = ratings.rebuild(club, game, full=True)
                    self.stdout.write(
                        f"{club.slug} {game}: {kept.rated} tables rated, "
                        f"{kept.players.count()} players"
                    )
        if check:
            self.stdout.write(f"{differences} differences in {compared} stored rating sets.")
            if differences:
                raise CommandError("Stored ratings differ from the facts: run rebuild_ratings.")
