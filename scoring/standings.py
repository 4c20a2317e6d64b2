"""Standings as a pure function: table outcomes in, ranked rows out.

No Django here: the scoring layer loads every table's outcome in a fixed number of
queries and calls `compute`. The tiebreak order is data, chosen per tournament.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

# Metric keys, in the club's words; each is "higher is better" unless listed in LOWER_WINS.
METRICS = {
    "wins": "Rounds won",
    "points": "Points",
    "head_to_head": "Head-to-head",
    "conceded": "Points conceded",
    "score": "Score",
    "games_won": "Games won",
    "games_lost": "Games lost",
    "seeger_fabian": "Seeger-Fabian",
}
LOWER_WINS = {"conceded", "games_lost"}
PARTNERSHIP_ORDER = ("wins", "points", "head_to_head", "conceded")
INDIVIDUAL_ORDER = ("score", "games_won", "games_lost")


@dataclass(frozen=True)
class Outcome:
    """One table's result in one round, per side (a side is a team or one player)."""

    round: int
    table: int
    entrants: tuple[int, ...]
    totals: tuple[int, ...]
    winner: int | None
    complete: bool
    bostons: tuple[int, ...] = ()
    games_won: tuple[int, ...] = ()
    games_lost: tuple[int, ...] = ()
    bonus: tuple[int, ...] = ()  # Seeger-Fabian points on top of the score
    playoff: bool = False


@dataclass(frozen=True)
class Bye:
    round: int
    entrant: int
    points: int | None = None  # None: the rounded average of that round's winners' points


@dataclass
class Row:
    entrant: int
    rank: int = 0
    tied: bool = False
    played: int = 0
    wins: int = 0
    losses: int = 0
    points: int = 0
    conceded: int = 0
    score: int = 0
    games_won: int = 0
    games_lost: int = 0
    seeger_fabian: int = 0
    bostons: int = 0
    byes: int = 0
    head_to_head: int = 0
    opponents: list[int] = field(default_factory=list)

    def metric(self, key: str) -> int:
        value = getattr(self, key)
        return -value if key in LOWER_WINS else value


def bye_points(outcomes: Sequence[Outcome], round_number: int) -> int:
    """The rounded average of the round's winners' points (0 when none has finished)."""
    won = [
        o.totals[o.winner]
        for o in outcomes
        if o.round == round_number and o.complete and o.winner is not None and not o.playoff
    ]
    return round(sum(won) / len(won)) if won else 0


def compute(
    entrants: Iterable[int],
    outcomes: Sequence[Outcome],
    byes: Sequence[Bye] = (),
    order: Sequence[str] = PARTNERSHIP_ORDER,
    only_complete: bool = True,
) -> list[Row]:
    """Rank every entrant; `order` is the tiebreak order (metric keys of METRICS)."""
    rows = {e: Row(e) for e in entrants}
    for o in outcomes:
        if o.playoff or (only_complete and not o.complete):
            continue
        for side, entrant in enumerate(o.entrants):
            row = rows.get(entrant)
            if row is None:
                continue
            mine = o.totals[side]
            others = [t for s, t in enumerate(o.totals) if s != side]
            row.played += 1
            row.points += mine
            row.score += mine
            row.conceded += sum(others)
            row.opponents.extend(e for s, e in enumerate(o.entrants) if s != side)
            if o.complete and o.winner is not None:
                if o.winner == side:
                    row.wins += 1
                else:
                    row.losses += 1
            if o.bostons:
                row.bostons += o.bostons[side]
            if o.games_won:
                row.games_won += o.games_won[side]
            if o.games_lost:
                row.games_lost += o.games_lost[side]
            bonus = o.bonus[side] if o.bonus else 0
            row.seeger_fabian += mine + bonus
    for bye in byes:
        row = rows.get(bye.entrant)
        if row is None:
            continue
        points = bye.points if bye.points is not None else bye_points(outcomes, bye.round)
        row.played += 1
        row.wins += 1
        row.byes += 1
        row.points += points
        row.score += points
    if "head_to_head" in order:
        _head_to_head(rows, outcomes, order)
    return _rank(list(rows.values()), order)


def _key(row: Row, order: Sequence[str]) -> tuple[int, ...]:
    return tuple(row.metric(k) for k in order)


def _head_to_head(rows: dict[int, Row], outcomes: Sequence[Outcome], order: Sequence[str]) -> None:
    """Wins against the other teams level on every metric before head-to-head."""
    before = tuple(order[: order.index("head_to_head")])
    groups: dict[tuple[int, ...], set[int]] = defaultdict(set)
    for row in rows.values():
        groups[_key(row, before)].add(row.entrant)
    for group in groups.values():
        if len(group) < 2:
            continue
        for o in outcomes:
            if o.playoff or not o.complete or o.winner is None:
                continue
            if set(o.entrants) <= group:
                rows[o.entrants[o.winner]].head_to_head += 1


def _rank(rows: list[Row], order: Sequence[str]) -> list[Row]:
    rows.sort(key=lambda r: tuple(-m for m in _key(r, order)) + (r.entrant,))
    previous = None
    for position, row in enumerate(rows, start=1):
        key = _key(row, order)
        if key == previous:
            row.rank = rows[position - 2].rank
            row.tied = rows[position - 2].tied = True
        else:
            row.rank = position
        previous = key
    return rows


def boston_pot(rows: Sequence[Row], amount: float) -> tuple[list[int], float]:
    """Rule 39: the most Bostons wins the pot; none at all: the best record. Ties split."""
    if not rows:
        return [], 0.0
    best = max(r.bostons for r in rows)
    if best > 0:
        winners = [r.entrant for r in rows if r.bostons == best]
    else:
        top = min(r.rank for r in rows)
        winners = [r.entrant for r in rows if r.rank == top]
    return winners, round(amount / len(winners), 2)
