"""How long a long season's ladder takes, against just reading its nights' stored results.

A club of 80 players, 100 nights of 6 Card Kitty, each night 20 teams paired afresh from
40 of them, 5 rounds of 4 hands (10,000 signed sheets, 40,000 hands), in a throwaway
in-memory database. The ladder reads every night's stored table outcomes, entrants and
byes in one query each, computes each night's standings and adds the places up; it
should stay within a few times reading the nights' stored results alone (the same
outcome rows, decoded), measured in the same run. A bare SELECT of those rows and the
whole season page (the ladder table and the chart drawn) are printed too. The limit is
judged at that size or more: a smaller season's fixed costs weigh more, it is not judged.

Run from the repository root: python bench/season_ladder.py [--nights 100] [--teams 20]
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

from django.test import Client  # noqa: E402

from bench.support import bulk  # noqa: E402
from bench.support.timing import best  # noqa: E402
from club.models import Club, Player, Season  # noqa: E402
from scoring.models import Hand, TableOutcome  # noqa: E402
from scoring.outcomes import stored_outcomes_of  # noqa: E402
from season.ladder.load import season_ladder, season_nights  # noqa: E402
from tournament.models import Tournament  # noqa: E402

CLUB_PLAYERS = 80
NIGHTS = 100
TEAMS = 20
ROUNDS = 5
HANDS = 4
LIMIT = 6.0  # the ladder may cost at most this many reads of the nights' stored results


def hand_record(rng: random.Random) -> dict:
    return {
        "bidding_team": rng.randint(0, 1),
        "level": rng.randint(4, 7),
        "form": "plain",
        "direction": None,
        "books": rng.randint(5, 13),
    }


def build(nights: int, teams: int) -> Season:
    rng = random.Random(17)
    club = Club.objects.create(name="Bench club", slug="bench")
    players = Player.objects.bulk_create(
        Player(club=club, name=f"Player {i}") for i in range(1, CLUB_PLAYERS + 1)
    )
    start = datetime.date(2026, 1, 1)
    for n in range(nights):
        night = Tournament.objects.create(
            club=club,
            name=f"Night {n + 1}",
            slug=f"night-{n + 1}",
            date=start + datetime.timedelta(days=3 * n),
            game="columbus-6-card-kitty",
            rounds=ROUNDS,
            published=True,
            status=Tournament.Status.FINISHED,
        )
        came = rng.sample(players, 2 * teams)
        ids = [t.pk for t in bulk.partnerships(night, came, "{a} & {b}")]
        bulk.played_rounds(night, ids, ROUNDS, HANDS, rng, hand_record)
    return Season.objects.create(
        club=club,
        game="columbus-6-card-kitty",
        name="Bench season",
        slug="bench-season",
        starts=start,
        ends=start + datetime.timedelta(days=3 * nights),
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nights", type=int, default=NIGHTS)
    parser.add_argument("--teams", type=int, default=TEAMS, help="a night's teams")
    args = parser.parse_args()
    if args.nights < 1 or not 2 <= args.teams <= CLUB_PLAYERS // 2:
        parser.error(f"at least a night, 2 to {CLUB_PLAYERS // 2} teams (the club's players)")
    database.migrate()
    begin = time.perf_counter()
    season = build(args.nights, args.teams)
    print(
        f"built {args.nights} nights x {args.teams} teams x {ROUNDS} rounds "
        f"({Hand.objects.count()} hands) in {time.perf_counter() - begin:.1f}s"
    )
    # Written straight to the database: the first read scores and stores every table.
    begin = time.perf_counter()
    season_ladder(season)
    cold = time.perf_counter() - begin
    bare = best(lambda: list(TableOutcome.objects.values_list("table_id", "data", "final")))
    nights = list(season_nights(season))
    results = best(lambda: stored_outcomes_of(nights))
    ladder = best(lambda: season_ladder(season))
    client = Client()
    url = f"/club/{season.club.slug}/season/{season.slug}/"
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    page = best(lambda: client.get(url))
    rows = season_ladder(season).rows
    print(f"{len(rows)} players on the ladder; the leader has {rows[0].total} points")
    ratio = ladder / results
    print(f"bare SELECT of every stored outcome: {bare * 1000:8.1f} ms")
    print(f"reading the nights' results alone:   {results * 1000:8.1f} ms  (the baseline)")
    print(f"the ladder:                          {ladder * 1000:8.1f} ms  = {ratio:.1f} x")
    print(f"the season page (table and chart):   {page * 1000:8.1f} ms  = {page / results:.1f} x")
    print(f"the ladder, nothing stored yet:      {cold * 1000:8.1f} ms  (scores every table)")
    if args.nights < NIGHTS or args.teams < TEAMS:
        print(f"(the limit, {LIMIT:.0f} x, is not judged below {NIGHTS} nights of {TEAMS} teams)")
    elif ratio > LIMIT:
        print(f"too slow: more than {LIMIT:.0f} x reading the results")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
