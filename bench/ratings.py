"""How long a club's ratings take to rebuild, against just reading the results they rate.

A club of 500 registered players over 50 nights of 6 Card Kitty, every player each night
in a partnership paired afresh (250 teams, 3 rounds of 4 hands: 18,750 signed sheets),
in a throwaway in-memory database. Reading the results is the rebuild's own loading
(season.ratings.build.facts: the nights, every table's stored outcome, the entrants' register
links, each table's places asked of the ruleset), without rating; the rebuild adds
openskill's arithmetic for every table and storing every player's rating and history.
Both are measured in the same run; their ratio is printed. So is the first read after a
new night is published, which rates that night's tables alone, going on from the stored
ratings. The stored ratings are then checked against ratings derived again (0
differences expected).

Run from the repository root: .venv/bin/python bench/ratings.py [--players 500] [--nights 50]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.support import database  # noqa: E402

database.start()

import datetime  # noqa: E402

from bench.support import bulk  # noqa: E402
from bench.support.timing import REPEAT, best  # noqa: E402
from club.models import Club, Player  # noqa: E402
from demo.demo import kitty_hand  # noqa: E402
from league import ratings as league  # noqa: E402
from scoring import outcomes  # noqa: E402
from scoring.models import Hand  # noqa: E402
from season.ratings import build as ratings  # noqa: E402
from tournament.models import Table, Tournament  # noqa: E402

GAME = "columbus-6-card-kitty"
PLAYERS = 500
NIGHTS = 50
ROUNDS = 3
HANDS = 4


def build(players: int, nights: int) -> tuple[Club, list[Tournament]]:
    rng = random.Random(17)
    club = Club.objects.create(name="Bench club", slug="bench")
    members = Player.objects.bulk_create(
        Player(club=club, name=f"Player {i}") for i in range(1, players + 1)
    )
    played = []
    for n in range(nights):
        night = Tournament.objects.create(
            club=club,
            name=f"Night {n + 1}",
            slug=f"night-{n + 1}",
            date=datetime.date(2026, 1, 2) + datetime.timedelta(weeks=n),
            game=GAME,
            rounds=ROUNDS,
            published=True,
            status=Tournament.Status.FINISHED,
            options={"hands_per_round": HANDS},
        )
        order = members[:]
        rng.shuffle(order)
        ids = [t.pk for t in bulk.partnerships(night, order)]
        bulk.played_rounds(night, ids, ROUNDS, HANDS, rng, kitty_hand)
        played.append(night)
    return club, played


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=PLAYERS, help="an even number")
    parser.add_argument("--nights", type=int, default=NIGHTS)
    args = parser.parse_args()
    if args.players < 4 or args.players % 2 or args.nights < 2:
        parser.error("at least 4 players, an even number of them, and 2 nights")
    database.migrate()
    start = time.perf_counter()
    club, nights = build(args.players, args.nights)
    print(
        f"built {args.players} players x {args.nights} nights ({Table.objects.count()} tables, "
        f"{Hand.objects.count()} hands) in {time.perf_counter() - start:.1f}s"
    )
    # The hands were written straight to the database: no outcome is stored yet. The
    # first read scores and stores every table (as after a restore); not what is measured.
    start = time.perf_counter()
    for night in nights:
        outcomes.stored_outcomes(night)
    print(f"scoring and storing every table once: {time.perf_counter() - start:8.2f} s")

    found = ratings.facts(club, GAME)
    read = best(lambda: ratings.facts(club, GAME))
    rate = best(lambda: league.rate(found.matches))
    rebuild = best(lambda: ratings.rebuild(club, GAME, full=True))
    last = nights[-1]

    def next_night():
        """The stored set without the last night; then it is published, and a page reads
        the ratings (what the first visitor after a new night waits for)."""
        Tournament.objects.filter(pk=last.pk).update(published=False)
        ratings.rebuild(club, GAME, full=True)
        Tournament.objects.filter(pk=last.pk).update(published=True)
        start = time.perf_counter()
        ratings.current(club, GAME)
        return time.perf_counter() - start

    carried = min(next_night() for _ in range(REPEAT))
    print(f"{len(found.matches)} tables rated, {found.unlinked} waiting for a link")
    print(f"reading the results alone:       {read * 1000:8.1f} ms")
    print(f"rating them (openskill only):    {rate * 1000:8.1f} ms  = {rate / read:.1f} x")
    print(f"rebuilding all ratings (stored): {rebuild * 1000:8.1f} ms  = {rebuild / read:.1f} x")
    print(f"per table rated: {rebuild / len(found.matches) * 1e6:.0f} us")
    print(
        f"a new night's tables carried on:  {carried * 1000:8.1f} ms  = {carried / read:.1f} x "
        f"(the first page read after the night is published)"
    )
    differences = ratings.check(club, GAME)
    print(f"stored ratings differing from the facts: {len(differences)}")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
