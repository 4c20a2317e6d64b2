"""The demo tournament: a night in progress, so a newcomer sees the product at once.

Round 1 is played, signed and has a renege ruling; round 2 is under way with hands
waiting to be accepted and one in dispute; the standings follow from those facts.
A small 3 Legged Kitty night shows one of the three-player games.
"""

import datetime
import random

from django.contrib.auth import get_user_model
from django.db import transaction

from scoring import entry, rulings
from scoring.models import Hand

from .models import Entrant, Tournament
from .rounds import draw_next_round, publish

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
PLAYERS = ["Olga Petrova", "Bill Evans", "Chen Jie", "Maria Rossi", "Kofi Mensah", "Ines Díaz"]


def kitty_hand(rng: random.Random) -> dict:
    level = rng.choice([4, 4, 5, 5, 6, 7])
    form = rng.choice(["plain", "plain", "special", "no"])
    return {
        "bidding_team": rng.randint(0, 1),
        "level": level,
        "form": form,
        "direction": rng.choice(["uptown", "downtown"]) if form == "no" else None,
        "books": min(13, max(0, 6 + level + rng.choice([-2, -1, 0, 0, 1, 1, 2]))),
    }


def _play(table, hands: list[dict]) -> list[Hand]:
    stored = []
    for number, record in enumerate(hands, start=1):
        hand = entry.enter_hand(
            table,
            record,
            actor=entry.Actor(side=0, label="Table link"),
            nonce=f"demo-{table.pk}-{number}",
            slot=(number, 1),
        )
        entry.accept_hand(
            table, hand.pk, actor=entry.Actor(side=1, label="Table link"), version=hand.version
        )
        stored.append(hand)
    return stored


def _sign(table) -> None:
    for seat in table.seats.all():
        player = seat.entrant.players[0]
        entry.sign(
            table,
            side=seat.position,
            player=player,
            typed=player,
            actor=entry.Actor(side=seat.position, label="Table link"),
        )


@transaction.atomic
def build_demo(seed: int = 7) -> Tournament:
    rng = random.Random(seed)
    director = get_user_model().objects.filter(director__isnull=False).first()
    actor = entry.Actor(user=director, label=f"Director {director}") if director else None
    tournament = Tournament.objects.create(
        name="Friday Night Kitty",
        slug="friday-night-kitty",
        date=datetime.date.today(),
        venue="Columbus Whist Players Society hall",
        game="columbus-6-card-kitty",
        rounds=4,
        published=True,
        boston_pot=40,
    )
    Entrant.objects.bulk_create(
        Entrant(
            tournament=tournament, name=name, player1=p1, player2=p2, order=i + 1, checked_in=True
        )
        for i, (name, p1, p2) in enumerate(TEAMS)
    )

    # Round 1: every table played, a renege ruled at table 2, every sheet signed.
    first = draw_next_round(tournament, seed=seed)
    publish(first)
    for table in first.tables.all():
        hands = _play(table, [kitty_hand(rng) for _ in range(4)])
        if table.number == 2 and actor:
            rulings.record(
                table,
                rulings.Proposal(
                    code="renege",
                    hand=str(hands[1].pk),
                    offender=1,
                    choice="books",
                    note="Led a club while holding one",
                ),
                actor=actor,
            )
        result = entry.table_result(table)
        if result.match.needs_tiebreaker:
            _play_tiebreaker(table, rng)
        _sign(table)

    # Round 2, in progress: two tables done, one waiting on acceptance, one disputed.
    second = draw_next_round(tournament, seed=seed)
    publish(second)
    tables = list(second.tables.all())
    for table in tables[:2]:
        _play(table, [kitty_hand(rng) for _ in range(4)])
        if entry.table_result(table).match.needs_tiebreaker:
            _play_tiebreaker(table, rng)
    _play(tables[2], [kitty_hand(rng) for _ in range(2)])
    entry.enter_hand(
        tables[2], kitty_hand(rng), actor=entry.Actor(side=0), nonce="demo-waiting", slot=(3, 1)
    )
    disputed = entry.enter_hand(
        tables[3], kitty_hand(rng), actor=entry.Actor(side=1), nonce="demo-disputed", slot=(1, 1)
    )
    entry.dispute_hand(
        tables[3],
        disputed.pk,
        actor=entry.Actor(side=0),
        version=disputed.version,
        reason="We took 9 books, not 8",
    )

    _three_legged_demo(rng)
    return tournament


def _play_tiebreaker(table, rng: random.Random) -> None:
    slot = entry.next_slot(entry.table_result(table))
    hand = entry.enter_hand(
        table, kitty_hand(rng), actor=entry.Actor(side=0), nonce=f"demo-{table.pk}-tb", slot=slot
    )
    entry.accept_hand(table, hand.pk, actor=entry.Actor(side=1), version=hand.version)


def _three_legged_demo(rng: random.Random) -> None:
    tournament = Tournament.objects.create(
        name="Sunday 3 Legged Kitty",
        slug="sunday-three-legged",
        date=datetime.date.today() + datetime.timedelta(days=2),
        venue="Back room",
        game="three-legged-kitty",
        rounds=3,
        published=True,
    )
    Entrant.objects.bulk_create(
        Entrant(tournament=tournament, name=name, order=i + 1, checked_in=True)
        for i, name in enumerate(PLAYERS)
    )
    round_ = draw_next_round(tournament, seed=3)
    publish(round_)
    table = round_.tables.first()
    hands = [
        {"passed_out": False, "cat": 0, "number": 3, "contract": "hearts", "tricks": 5},
        {"passed_out": True},
        {"passed_out": False, "cat": 2, "number": 2, "contract": "null", "tricks": 4},
    ]
    _play(table, hands)
