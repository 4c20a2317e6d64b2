"""Seating individuals for the 3-player games: tables of 3, or of 4 and 3 for Ascot."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from .records import (
    Draw,
    Entrant,
    Met,
    field_of,
    meetings,
    rank,
    registration_order,
    repeats,
    times,
)

# Bounds on the repeat search: a pass tries one swap for every player with a repeat.
PASSES = 20
# Seeded by standings, a player is only swapped with tables this close, so the tables
# stay made of neighbours in the standings.
STANDINGS_REACH = 2


def table_sizes(n: int, *, prefer_four: bool) -> list[int]:
    """Table sizes for n players, tables of 4 first.

    Ascot (prefer_four) seats everyone: all 4s, with one, two or three tables of 3 when
    n mod 4 is 3, 2 or 1. The other games only play in 3s; the n mod 3 players left over
    sit out.
    """
    if n < 3:
        raise ValueError(f"{n} players cannot make a table: at least 3 are needed.")
    if not prefer_four:
        return [3] * (n // 3)
    threes = -n % 4
    if 3 * threes > n:
        raise ValueError(
            f"{n} players cannot be split into tables of 4 and 3. "
            "Add or withdraw a player to make the round."
        )
    return [4] * ((n - 3 * threes) // 4) + [3] * threes


def seat_players(
    entrants: Iterable[Entrant],
    round_number: int,
    rng: random.Random,
    *,
    prefer_four: bool = False,
    seed_by_standings: bool = False,
) -> Draw:
    """Seat a round's players, keeping repeated opponents as few as the search finds.

    Players left over sit out: the lowest-ranked of those who have sat out least, so
    nobody sits out twice while someone else has not. Seeded by standings, tables are
    made of neighbours in the standings (round 1: registration order); otherwise at
    random.
    """
    field = field_of(entrants)
    sizes = table_sizes(len(field), prefer_four=prefer_four)
    if round_number <= 1:
        order = registration_order(field)
        if not seed_by_standings:
            rng.shuffle(order)
    else:
        order = rank(field)

    left_over = len(field) - sum(sizes)
    by_turn = sorted(range(len(order)), key=lambda i: (order[i].byes, -i))
    out = {order[i].id for i in by_turn[:left_over]}
    seated = [e.id for e in order if e.id not in out]
    if not seed_by_standings:
        rng.shuffle(seated)
    tables: list[tuple[int, ...]] = []
    for size in sizes:
        tables.append(tuple(seated[:size]))
        seated = seated[size:]

    met = meetings(field)
    reach = STANDINGS_REACH if seed_by_standings else None
    tables = improve_seating(tables, met, rng, reach=reach)

    found = repeats(tables, met)
    warnings = [
        f"Table {number}: players #{a} and #{b} have met {times(m)} before."
        for number, a, b, m in found
    ]
    byes = tuple(e.id for e in order if e.id in out)
    again = [e.id for e in order if e.id in out and e.byes]
    if again:
        listed = ", ".join(f"#{i}" for i in again)
        warnings.append(f"Sitting out again ({listed}): everyone has sat out already.")
    return Draw(tables=tuple(tables), byes=byes, rematches=len(found), warnings=tuple(warnings))


def improve_seating(
    tables: Sequence[Sequence[int]],
    met: Met,
    rng: random.Random,
    *,
    passes: int = PASSES,
    reach: int | None = None,
) -> list[tuple[int, ...]]:
    """Swap players between tables while a swap lowers the sum of squared meetings.

    A pair's cost is the square of how often it met before, so a third meeting weighs
    more than two second ones. Each pass visits the players with a repeat in a seeded
    random order and makes the best swap for each; it stops when a pass finds none.
    Table sizes and seat positions are kept; reach limits swaps to nearby tables.
    """
    seats = [list(t) for t in tables]
    where = {p: t for t, table in enumerate(seats) for p in table}

    def cost(p: int, t: int, instead_of: int | None = None) -> int:
        return sum(met(p, q) ** 2 for q in seats[t] if q != p and q != instead_of)

    for _ in range(passes):
        troubled = sorted(p for p in where if cost(p, where[p]))
        rng.shuffle(troubled)
        swapped = False
        for p in troubled:
            a = where[p]
            here = cost(p, a)
            if not here:
                continue
            best, partner = 0, None
            near = range(len(seats)) if reach is None else range(a - reach, a + reach + 1)
            for b in near:
                if b == a or not 0 <= b < len(seats):
                    continue
                for q in seats[b]:
                    delta = cost(p, b, q) + cost(q, a, p) - here - cost(q, b)
                    if delta < best:
                        best, partner = delta, q
            if partner is not None:
                b = where[partner]
                seats[a][seats[a].index(p)] = partner
                seats[b][seats[b].index(partner)] = p
                where[p], where[partner] = b, a
                swapped = True
        if not swapped:
            break
    return [tuple(t) for t in seats]
