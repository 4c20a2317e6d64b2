"""How long a big night's round 4 takes to pair, against the time just to sort the field.

1,000 teams paired Swiss, 999 players seated at tables of three (at random, and by
standings); a draw should take under two seconds (judged at those sizes or more).

Run from the repository root: python bench/pairing.py [--teams 1000] [--players 999]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pairing import Draw, Entrant, pair_teams, rank, seat_players  # noqa: E402

LIMIT = 2.0  # seconds a director can wait for a draw
TEAMS = 1000
PLAYERS = 999


def play_teams(field: dict[int, Entrant], draw: Draw, rng: random.Random) -> None:
    """Random results: one team of each table wins, both score a few points."""
    for a, b in draw.tables:
        winner, loser = (a, b) if rng.random() < 0.5 else (b, a)
        for me, other, won in ((winner, loser, 1), (loser, winner, 0)):
            e = field[me]
            field[me] = replace(
                e,
                wins=e.wins + won,
                points=e.points + rng.randint(0, 12) + 6 * won,
                opponents=e.opponents + (other,),
            )
    for i in draw.byes:
        e = field[i]
        field[i] = replace(e, wins=e.wins + 1, points=e.points + 5, byes=e.byes + 1)


def play_players(field: dict[int, Entrant], draw: Draw, rng: random.Random) -> None:
    """Random results: the table's winner gets a win, everyone some points."""
    for table in draw.tables:
        winner = rng.choice(table)
        for me in table:
            e = field[me]
            field[me] = replace(
                e,
                wins=e.wins + (me == winner),
                points=e.points + rng.randint(-20, 40),
                opponents=e.opponents + tuple(i for i in table if i != me),
            )
    for i in draw.byes:
        field[i] = replace(field[i], byes=field[i].byes + 1)


def by_standings(entrants, round_number: int, rng: random.Random) -> Draw:
    return seat_players(entrants, round_number, rng, seed_by_standings=True)


def timed(work):
    start = time.perf_counter()
    result = work()
    return result, time.perf_counter() - start


def run(label: str, n: int, draw_round, play, judged: bool = True) -> bool:
    rng = random.Random(2024)
    field = {i: Entrant(id=i, order=i) for i in range(1, n + 1)}
    for round_number in (1, 2, 3):
        play(field, draw_round(field.values(), round_number, rng), rng)
    draw, seconds = timed(lambda: draw_round(field.values(), 4, rng))
    _, baseline = timed(lambda: rank(field.values()))
    ok = seconds < LIMIT
    verdict = ("yes" if ok else "NO") if judged else f"{'yes' if ok else 'no'} (not judged)"
    print(
        f"{label}: round 4 in {seconds:.3f} s, {draw.rematches} repeats, "
        f"{len(draw.byes)} out; ranking alone {baseline * 1000:.2f} ms "
        f"(x{seconds / baseline:.0f}); under {LIMIT:.0f} s: {verdict}"
    )
    return ok or not judged


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--teams", type=int, default=TEAMS)
    parser.add_argument("--players", type=int, default=PLAYERS)
    args = parser.parse_args()
    # The limit is for a big night: a smaller field's draw is printed, not judged.
    teams, players = args.teams, args.players
    ok = run(f"{teams} teams, Swiss", teams, pair_teams, play_teams, teams >= TEAMS)
    big = players >= PLAYERS
    ok &= run(f"{players} players, tables of 3", players, seat_players, play_players, big)
    ok &= run(f"{players} players, by standings", players, by_standings, play_players, big)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
