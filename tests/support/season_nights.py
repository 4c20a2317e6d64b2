"""Club seasons for the season tests: nights played to the end, and many more nights made
cheaply as copies of played ones (the same facts, row for row, a week apart each)."""

from __future__ import annotations

import datetime

from club.models import Club
from demo.season import play_night
from tests.conftest import GAMES
from tests.support.night_copies import copy_night
from tournament.models import Tournament

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


def season(club: Club, game: str, nights: int, *, played: int | None = None) -> list[Tournament]:
    """`nights` whole nights of the game, a week apart, every table signed. With `played`,
    only the first `played` are played hand by hand (about a second each: every hand
    entered, accepted and signed through the write path); each later one is a copy of one
    of those with the register's links rotated, so its places fall to other players."""
    first = [
        play_night(
            club,
            game,
            FIRST + datetime.timedelta(weeks=n),
            names(game),
            slug=f"{game[:12]}-{n + 1}",
            seed=n + 1,
        )
        for n in range(nights if played is None else min(played, nights))
    ]
    return first + [
        copy_night(
            first[n % len(first)],
            f"{game[:12]}-{n + 1}",
            FIRST + datetime.timedelta(weeks=n),
            shift=n,
        )
        for n in range(len(first), nights)
    ]


def copies(night: Tournament, count: int) -> None:
    """`count` more nights, each a copy of this played one a week later."""
    for n in range(1, count + 1):
        copy_night(night, f"{night.slug}-copy-{n}", night.date + datetime.timedelta(weeks=n))
