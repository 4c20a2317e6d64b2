"""Club seasons for the season tests: nights played to the end, and many more nights made
cheaply as copies of played ones (the same facts, row for row, a week apart each)."""

from __future__ import annotations

import datetime

from club.models import Club
from demo.season import play_night
from scoring.models import Hand, Signature
from tournament.models import Seat, Table, Tournament, new_pin, new_token

from .conftest import GAMES

# How many players make each game's nights: two or three tables a round.
PLAYERS = {
    "columbus-6-card-kitty": 8,  # four partnerships, paired afresh each night
    "three-legged-kitty": 6,
    "ascot": 8,
    "cutthroat-pinochle": 6,
}
FIRST = datetime.date(2026, 1, 9)
assert set(PLAYERS) == set(GAMES)


FIRST_NAMES = ("Ann", "Bob", "Cleo", "Dev", "Eve", "Fred", "Gus", "Hal")


def names(game: str) -> list[str]:
    """The game's players (6 Card Kitty names a team by its players' first names)."""
    return [f"{first} {game.split('-')[0].title()}" for first in FIRST_NAMES[: PLAYERS[game]]]


def season(club: Club, game: str, nights: int) -> list[Tournament]:
    """`nights` whole nights of the game, a week apart, every table signed."""
    return [
        play_night(
            club,
            game,
            FIRST + datetime.timedelta(weeks=n),
            names(game),
            slug=f"{game[:12]}-{n + 1}",
            seed=n + 1,
        )
        for n in range(nights)
    ]


def copies(night: Tournament, count: int) -> None:
    """`count` more nights, each a copy of this played one a week later: its entrants
    (with their register links), rounds, tables, seats, hands and signatures."""
    entrants = list(night.entrants.order_by("pk"))
    rounds = list(night.round_set.order_by("pk"))
    tables = list(Table.objects.filter(round__tournament=night).order_by("pk"))
    seats = list(Seat.objects.filter(table__in=tables))
    hands = list(Hand.objects.filter(table__in=tables))
    signatures = list(Signature.objects.filter(table__in=tables))
    for n in range(1, count + 1):
        copy = Tournament.objects.get(pk=night.pk)
        copy.pk = None
        copy.slug = f"{night.slug}-copy-{n}"
        copy.date = night.date + datetime.timedelta(weeks=n)
        copy.save()
        entrant_of = _copy(entrants, {"tournament_id": copy.pk}, fresh=("checkin_token",))
        round_of = _copy(rounds, {"tournament_id": copy.pk})
        table_of = _copy(tables, {"round_id": round_of})
        _copy(seats, {"table_id": table_of, "entrant_id": entrant_of}, fresh=("token", "pin"))
        _copy(hands, {"table_id": table_of})
        _copy(signatures, {"table_id": table_of})


def _copy(rows: list, values: dict, fresh: tuple[str, ...] = ()) -> dict[int, int]:
    """Each row saved again as a new one, with these fields set (a value, or a dict of
    old id -> new id) and the `fresh` ones (unique keys) made anew; old pk -> new pk."""
    made = []
    for old in rows:
        new = type(old)(**{f.attname: getattr(old, f.attname) for f in old._meta.concrete_fields})
        new.pk = None
        for name, value in values.items():
            setattr(new, name, value[getattr(old, name)] if isinstance(value, dict) else value)
        for name in fresh:
            setattr(new, name, new_pin() if name == "pin" else new_token())
        made.append(new)
    if rows:
        type(rows[0]).objects.bulk_create(made)
    return {old.pk: new.pk for old, new in zip(rows, made, strict=True)}
