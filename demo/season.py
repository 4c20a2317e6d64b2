"""Whole nights played to the end, for a club's season: the demo's weeks gone by, and the
season tests' and benches' clubs.

Each night registers its entrants with their players linked to the club's register (the
same name is the same player), draws and publishes every round, plays every table to
its end through the same writes the phones make, and has every side sign. At 6 Card
Kitty the partnerships change from night to night: the club's players are paired afresh.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Sequence

from django.db import transaction
from django.utils import timezone

from club.models import Club, Player, Season
from draw.rounds import draw_next_round, publish
from scoring import entry
from tournament.models import Entrant, Tournament

from .hands import ascot_hand, kitty_hand, pinochle_hand, three_legged_hand

# Each game's short night: the options that keep a round to a few hands.
SHORT = {
    "columbus-6-card-kitty": {"hands_per_round": 4},
    "three-legged-kitty": {"target": 12},
    "ascot": {"deals": 4, "ramsch": True},
    "cutthroat-pinochle": {"hands": 3},
}
DEALS = {
    "columbus-6-card-kitty": lambda rng, number, size: kitty_hand(rng),
    "three-legged-kitty": three_legged_hand,
    "ascot": ascot_hand,
    "cutthroat-pinochle": pinochle_hand,
}


def register(club: Club, names: Sequence[str]) -> dict[str, Player]:
    """The register's entries for these names, made where missing."""
    found = {p.name: p for p in Player.objects.filter(club=club, name__in=list(names))}
    for name in names:
        if name not in found:
            found[name] = Player.objects.create(club=club, name=name)
    return found


def partnerships(players: Sequence[str], rng: random.Random) -> list[tuple[str, str]]:
    """This night's pairs: the club's players shuffled and paired."""
    order = list(players)
    rng.shuffle(order)
    return [(order[i], order[i + 1]) for i in range(0, len(order) - 1, 2)]


@transaction.atomic
def play_night(
    club: Club,
    game: str,
    date: datetime.date,
    players: Sequence[str],
    *,
    slug: str,
    name: str = "",
    rounds: int = 3,
    seed: int = 1,
    options: dict | None = None,
) -> Tournament:
    """A night of `game` for these players (6 Card Kitty: paired afresh into teams),
    every round played to its end and signed by every side."""
    rng = random.Random(seed)
    tournament = Tournament.objects.create(
        club=club,
        name=name or f"{date:%B} {date.day}",
        slug=slug,
        date=date,
        game=game,
        rounds=rounds,
        published=True,
        status=Tournament.Status.FINISHED,
        options={**SHORT[game], **(options or {})},
    )
    members = register(club, players)
    if tournament.is_partnership:
        entrants = [
            Entrant(
                tournament=tournament,
                name=f"{a.split()[0]} & {b.split()[0]}",
                player1=a,
                player2=b,
                member1=members[a],
                member2=members[b],
            )
            for a, b in partnerships(players, rng)
        ]
    else:
        entrants = [Entrant(tournament=tournament, name=p, member1=members[p]) for p in players]
    for order, entrant in enumerate(entrants, start=1):
        entrant.order, entrant.checked_in = order, True
    Entrant.objects.bulk_create(entrants)
    deal = DEALS[game]
    for _ in range(rounds):
        round_ = draw_next_round(tournament, seed=rng.randint(1, 10**6))
        publish(round_)
        for table in round_.tables.all():
            play_table(table, deal, rng)
            sign(table)
    return tournament


def play_table(table, deal, rng: random.Random) -> None:
    """Enter and accept hands made by deal(rng, number, size) until the match is over."""
    size = table.seats.count()
    while slot := entry.next_slot(entry.table_result(table)):
        hand = entry.enter_hand(
            table,
            deal(rng, slot[0], size),
            actor=entry.Actor(side=slot[0] % size),
            nonce=f"night-{table.pk}-{slot[0]}-{slot[1]}",
            slot=slot,
        )
        checker = entry.Actor(side=(slot[0] + 1) % size)
        entry.accept_hand(table, hand.pk, actor=checker, version=hand.version)


def sign(table) -> None:
    for seat in table.seats.select_related("entrant"):
        player = seat.entrant.players[0]
        entry.sign(
            table,
            side=seat.position,
            player=player,
            typed=player,
            actor=entry.Actor(side=seat.position),
        )


WEEKS = 3  # the weeks of each game played before tonight


def past_weeks(
    club: Club,
    game: str,
    players: Sequence[str],
    slug: str,
    title: str,
    seed: int,
    first_week: dict[str, str] | None = None,
    tonight: datetime.date | None = None,
):
    """The club's last weeks of `game`, one night a week, each played to its end, and the
    season they open (it runs a month past tonight, so tonight counts too). `first_week`:
    names typed otherwise on the first of those nights (each a register entry of its own);
    `tonight`: the game's night in progress, whose day of the week the weeks fall on."""
    today = tonight or timezone.localdate()  # the weeks before the game's own night
    for week in range(WEEKS, 0, -1):
        date = today - datetime.timedelta(weeks=week)
        typed = {**(first_week or {})} if week == WEEKS else {}
        play_night(
            club,
            game,
            date,
            [typed.get(name, name) for name in players],
            slug=f"{slug}-{date:%Y-%m-%d}",
            name=f"{title}, {date:%B} {date.day}",
            rounds=2,
            seed=seed + week,
        )
    Season.objects.create(
        club=club,
        game=game,
        name=f"Autumn {today.year}: {title}",
        slug=slug,
        starts=today - datetime.timedelta(weeks=WEEKS, days=1),
        ends=today + datetime.timedelta(weeks=4),
    )
