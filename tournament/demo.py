"""The demo tournament: a night in progress, so a newcomer sees the product at once."""

import datetime

from django.db import transaction

from .models import Entrant, Tournament

TEAMS = [
    ("Aces High", "Marta Kowalski", "Józef Nowak"),
    ("Kitty Litter", "Dee Johnson", "Ray Johnson"),
    ("Bostonians", "Frank O'Neil", "Paula Green"),
    ("Downtown Crew", "Li Wei", "Ana Muñoz"),
    ("Jokers Wild", "Sam Carter", "Renée Dubois"),
    ("Uptown Girls", "Grace Kim", "Hannah Müller"),
    ("Book Keepers", "Tom Baker", "Ed Stone"),
    ("Columbus Six", "Jim Hall", "Sue Hall"),
]


@transaction.atomic
def build_demo() -> Tournament:
    tournament = Tournament.objects.create(
        name="Friday Night Kitty",
        slug="friday-night-kitty",
        date=datetime.date.today(),
        venue="Columbus Whist Players Society hall",
        game="columbus-6-card-kitty",
        rounds=4,
        published=True,
        status=Tournament.Status.RUNNING,
    )
    Entrant.objects.bulk_create(
        Entrant(
            tournament=tournament, name=name, player1=p1, player2=p2, order=i + 1, checked_in=True
        )
        for i, (name, p1, p2) in enumerate(TEAMS)
    )
    return tournament
