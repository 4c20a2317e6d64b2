"""How long a player's statistics take over a season, against just reading their hands.

For each game, a club of eight players with 100 nights (two played hand by hand, the
rest their facts stored again), in a throwaway in-memory database. A player's page loads
every hand of every signed public table they sat at, scores it by its night's ruleset and
describes it for the statistics (season.statistics.load): printed against a bare SELECT of the
same hand rows, measured in the same run, with the queries the page costs.

Run from the repository root: python bench/player_statistics.py [--nights 100]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.support import database  # noqa: E402

database.start()

import datetime  # noqa: E402

from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from bench.support.timing import best  # noqa: E402
from club.models import Club, Player  # noqa: E402
from demo.season import play_night  # noqa: E402
from rules import RULESETS  # noqa: E402
from scoring.models import Hand  # noqa: E402
from season.statistics.load import player_games, public_tables  # noqa: E402
from tests.support.night_copies import copy_night  # noqa: E402

NIGHTS = 100
PLAYED = 2
PLAYERS = [
    "Ann Bell",
    "Bob Cole",
    "Cy Dunn",
    "Di Eve",
    "Ed Fay",
    "Flo Gray",
    "Gus Hart",
    "Ida Ives",
]
PER_GAME = {"three-legged-kitty": 6, "cutthroat-pinochle": 6}  # whole tables of three
FIELDS = ("id", "table_id", "number", "attempt", "record", "status")


def build(game: str, nights: int) -> Club:
    club = Club.objects.create(name=game, slug=game)
    names = PLAYERS[: PER_GAME.get(game, 8)]
    start = datetime.date(2024, 1, 2)
    played = [
        play_night(
            club, game, start + datetime.timedelta(weeks=w), names, slug=f"{game}-{w}", seed=w
        )
        for w in range(min(PLAYED, nights))
    ]
    for week in range(len(played), nights):
        copy_night(
            played[week % len(played)], f"{game}-{week}", start + datetime.timedelta(weeks=week)
        )
    return club


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nights", type=int, default=NIGHTS, help="nights per game")
    nights = parser.parse_args().nights
    database.migrate()
    client = Client()
    print(f"{nights} nights per game; one player's statistics against a bare SELECT of their hands")
    for game in RULESETS:
        start = time.perf_counter()
        club = build(game, nights)
        ann = Player.objects.get(club=club, name="Ann Bell")
        hands = Hand.objects.filter(table__in=public_tables(club, [ann.pk]).values("pk"))
        count = hands.count()
        print(f"{game}: built in {time.perf_counter() - start:.1f}s, {count} hands at Ann's tables")
        bare = best(lambda hands=hands: list(hands.values_list(*FIELDS)))
        stats = best(lambda club=club, ann=ann: player_games(club, ann))
        url = f"/club/{club.slug}/players/{ann.pk}/"
        page = best(lambda url=url: client.get(url))
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)
        print(f"  bare SELECT of the hand rows: {bare * 1000:8.1f} ms")
        print(f"  statistics (load and tally):  {stats * 1000:8.1f} ms  = {stats / bare:.1f} x")
        print(
            f"  the player's page:            {page * 1000:8.1f} ms  = {page / bare:.1f} x "
            f"({len(queries)} queries)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
