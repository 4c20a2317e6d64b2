"""The plain records pairing works on, and the facts every pairing rule needs."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations


@dataclass(frozen=True)
class Entrant:
    """One team (partnership game) or one player, as the pairing needs to know them."""

    id: int
    wins: int = 0  # rounds won
    points: int = 0
    order: int = 0  # registration order
    opponents: tuple[int, ...] = ()  # ids met so far, one per meeting (repeats allowed)
    byes: int = 0


@dataclass(frozen=True)
class Draw:
    """A round's tables, in seat order: table numbers are index + 1.

    A partnership table is (team_a, team_b): team A sits North/South, team B East/West.
    A table of individuals lists the players clockwise from seat 0; who deals first is the
    rules engine's business.
    """

    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...] = ()  # ids not seated this round (bye / sitting out)
    rematches: int = 0  # partnership: tables that met before; individuals: repeated pairs
    warnings: tuple[str, ...] = ()


Met = Callable[[int, int], int]


def rank(entrants: Iterable[Entrant]) -> list[Entrant]:
    """Standings order: rounds won, then points, then who registered first."""
    return sorted(entrants, key=lambda e: (-e.wins, -e.points, e.order, e.id))


def registration_order(entrants: Iterable[Entrant]) -> list[Entrant]:
    return sorted(entrants, key=lambda e: (e.order, e.id))


def field_of(entrants: Iterable[Entrant]) -> list[Entrant]:
    """The entrants as a list, refusing duplicates that would seat someone twice."""
    field = list(entrants)
    seen: set[int] = set()
    for e in field:
        if e.id in seen:
            raise ValueError(f"entrant {e.id} is listed twice")
        seen.add(e.id)
    return field


def meetings(entrants: Iterable[Entrant]) -> Met:
    """How often two entrants have met, trusting whichever side remembers more.

    Both sides normally list each other; taking the larger count keeps a half-recorded
    meeting (a withdrawn entrant, a corrected sheet) from being forgotten.
    """
    seen = {e.id: Counter(e.opponents) for e in entrants}
    empty: Counter[int] = Counter()

    def met(a: int, b: int) -> int:
        return max(seen.get(a, empty)[b], seen.get(b, empty)[a])

    return met


def repeats(tables: Sequence[Sequence[int]], met: Met) -> list[tuple[int, int, int, int]]:
    """Every pair seated together who met before: (table number, a, b, earlier meetings)."""
    return [
        (number, a, b, met(a, b))
        for number, table in enumerate(tables, start=1)
        for a, b in combinations(table, 2)
        if met(a, b)
    ]


def repeated_pairs(tables: Sequence[Sequence[int]], entrants: Iterable[Entrant]) -> int:
    """Pairs seated together this round who met before (a partnership rematch is one pair)."""
    return len(repeats(tables, meetings(entrants)))


def times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")
