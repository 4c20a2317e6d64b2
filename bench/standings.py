"""How long the standings of a big night take, against just reading its hands.

1,000 teams of 6 Card Kitty, 8 rounds of 4 hands each (16,000 hands on 4,000 signed
sheets), in a throwaway in-memory database. The standings read each table's stored
outcome (scoring.outcomes), written with the facts it derives from; their cost should
stay within twice a bare SELECT of the same hand rows, measured in the same run. The
first read, with nothing stored yet (hands written straight to the database, as after a
restore), scores and stores every table: it is printed too. The limit is judged at that
size or more: a smaller night's fixed costs weigh more, it is not judged.

Run from the repository root: python bench/standings.py [--teams 1000] [--rounds 8]
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
from bench.support.timing import best  # noqa: E402
from leaderboard.board import standings_for  # noqa: E402
from scoring import outcomes  # noqa: E402
from scoring.models import Hand  # noqa: E402
from scoring.results import results_for  # noqa: E402
from tournament.models import Tournament  # noqa: E402

TEAMS = 1000
ROUNDS = 8
HANDS = 4
LIMIT = 2.0  # standings may cost at most this many bare SELECTs of the hands


def hand_record(rng: random.Random) -> dict:
    form = rng.choice(["plain", "plain", "special", "no"])
    return {
        "bidding_team": rng.randint(0, 1),
        "level": rng.randint(4, 7),
        "form": form,
        "direction": rng.choice(["uptown", "downtown"]) if form == "no" else None,
        "books": rng.randint(5, 13),
    }


def build(teams: int, rounds: int) -> Tournament:
    rng = random.Random(39)
    tournament = Tournament.objects.create(
        name="Bench night",
        slug="bench",
        date=datetime.date(2026, 11, 20),
        game="columbus-6-card-kitty",
        rounds=rounds,
        published=True,
    )
    ids = [t.pk for t in bulk.teams(tournament, teams)]
    bulk.played_rounds(tournament, ids, rounds, HANDS, rng, hand_record)
    return tournament


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--teams", type=int, default=TEAMS)
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    args = parser.parse_args()
    if args.teams < 2 or args.rounds < 1:
        parser.error("at least 2 teams and a round")
    teams, rounds = args.teams, args.rounds
    database.migrate()
    start = time.perf_counter()
    tournament = build(teams, rounds)
    print(
        f"built {teams} teams x {rounds} rounds x {HANDS} hands "
        f"({Hand.objects.count()} hands) in {time.perf_counter() - start:.1f}s"
    )
    fields = ("id", "table_id", "number", "attempt", "record", "status")
    bare = best(lambda: list(Hand.objects.values_list(*fields)))
    results = best(lambda: results_for(tournament))
    # The hands were written straight to the database: no table has its outcome stored
    # yet, so the first read scores every table and stores it (as after a restore).
    start = time.perf_counter()
    standings_for(tournament, only_signed=True)
    cold = time.perf_counter() - start
    signed = best(lambda: standings_for(tournament, only_signed=True))
    rows, _ = standings_for(tournament, only_signed=True)
    played = sum(r.played for r in rows) // 2
    print(f"{played} of {teams // 2 * rounds} rounds decided (the rest tied, awaiting rule 6)")
    ratio = signed / bare
    print(f"bare SELECT of every hand row:  {bare * 1000:8.1f} ms")
    print(f"results_for (every table):      {results * 1000:8.1f} ms  = {results / bare:.1f} x")
    print(
        f"standings, nothing stored yet:  {cold * 1000:8.1f} ms  = {cold / bare:.1f} x "
        "(scores and stores every table)"
    )
    print(f"standings (signed only):        {signed * 1000:8.1f} ms  = {ratio:.1f} x the SELECT")
    differences = sum(len(outcomes.verify(t)) for t in Tournament.objects.all())
    print(f"stored outcomes differing from the facts: {differences}")
    judged = teams >= TEAMS and rounds >= ROUNDS
    if not judged:
        print(f"(the limit, {LIMIT:.0f} x, is not judged below {TEAMS} teams x {ROUNDS} rounds)")
    if (judged and ratio > LIMIT) or differences:
        print(f"too slow (more than {LIMIT:.0f} x the SELECT) or a stored outcome is wrong")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
