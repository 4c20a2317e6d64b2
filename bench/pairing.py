"""How long a big night's round 4 takes to pair, against the time just to sort the field.

Run from the repository root: python bench/pairing.py
"""

from __future__ import annotations

import random
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pairing import Draw, Entrant, pair_teams, rank, seat_players  # noqa: E402

LIMIT = 2.0  # seconds a director can wait for a draw


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


def run(label: str, n: int, draw_round, play) -> bool:
    rng = random.Random(2024)
    field = {i: Entrant(id=i, order=i) for i in range(1, n + 1)}
    for round_number in (1, 2, 3):
        play(field, draw_round(field.values(), round_number, rng), rng)
    draw, seconds = timed(lambda: draw_round(field.values(), 4, rng))
    _, baseline = timed(lambda: rank(field.values()))
    ok = seconds < LIMIT
    print(
        f"{label}: round 4 in {seconds:.3f} s, {draw.rematches} repeats, "
        f"{len(draw.byes)} out; ranking alone {baseline * 1000:.2f} ms "
        f"(x{seconds / baseline:.0f}); under {LIMIT:.0f} s: {'yes' if ok else 'NO'}"
    )
    return ok


def main() -> int:
    ok = run("1000 teams, Swiss", 1000, pair_teams, play_teams)
    ok &= run("999 players, tables of 3", 999, seat_players, play_players)
    ok &= run("999 players, by standings", 999, by_standings, play_players)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
