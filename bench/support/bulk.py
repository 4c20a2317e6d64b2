"""A night's teams and played rounds, written straight to the database in bulk.

Imported once Django is set up (bench.support.database.start).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from club.models import Player
from scoring.models import Hand, Signature
from tournament.models import Entrant, Round, Seat, Table, Tournament


def teams(
    tournament: Tournament, count: int, players: tuple[str, str] = ("N", "S")
) -> list[Entrant]:
    """Teams 1 to `count`, checked in; their players named by `players` and the number."""
    first, second = players
    return Entrant.objects.bulk_create(
        Entrant(
            tournament=tournament,
            name=f"Team {i}",
            player1=f"{first}{i}",
            player2=f"{second}{i}",
            order=i,
            checked_in=True,
        )
        for i in range(1, count + 1)
    )


def partnerships(
    tournament: Tournament, players: list[Player], name: str = "Team {k}"
) -> list[Entrant]:
    """The club's `players` as teams, two by two in that order, checked in: team k named
    by `name` with k and its players' names a and b."""
    return Entrant.objects.bulk_create(
        Entrant(
            tournament=tournament,
            name=name.format(k=k, a=a.name, b=b.name),
            player1=a.name,
            player2=b.name,
            member1=a,
            member2=b,
            order=k,
            checked_in=True,
        )
        for k, (a, b) in enumerate(zip(players[::2], players[1::2], strict=True), start=1)
    )


def played_rounds(
    tournament: Tournament,
    ids: list[int],
    rounds: int,
    hands: int,
    rng: random.Random,
    record: Callable[[random.Random], dict],
) -> None:
    """Rounds 1 to `rounds`, complete: each pairs the teams `ids` (shuffled in place by
    `rng`) at tables of two, each table with `hands` accepted hands of `record(rng)` and
    both sides' signatures. No outcome is stored: the first read scores every table."""
    for number in range(1, rounds + 1):
        round_ = Round.objects.create(
            tournament=tournament, number=number, status=Round.Status.COMPLETE
        )
        rng.shuffle(ids)
        tables = Table.objects.bulk_create(
            Table(round=round_, number=n) for n in range(1, len(ids) // 2 + 1)
        )
        Seat.objects.bulk_create(
            Seat(table=table, entrant_id=ids[2 * k + side], position=side)
            for k, table in enumerate(tables)
            for side in (0, 1)
        )
        Hand.objects.bulk_create(
            Hand(
                table=table,
                number=h,
                nonce=f"{table.pk}-{h}",
                status=Hand.Status.ACCEPTED,
                record=record(rng),
            )
            for table in tables
            for h in range(1, hands + 1)
        )
        Signature.objects.bulk_create(
            Signature(table=table, side=side, name="x") for table in tables for side in (0, 1)
        )
