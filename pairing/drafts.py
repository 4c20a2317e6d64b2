"""Checking and editing a draft draw by hand before it is published.

The director may seat anyone anywhere; errors block publishing a draw that cannot be
played, warnings only point out what the automatic draw would have avoided.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

from .records import Draw, Entrant, meetings, repeats, times


def check_draw(
    draw: Draw,
    entrants: Iterable[Entrant],
    *,
    partnership: bool,
    sizes_allowed: tuple[int, ...] | None = None,
    names: Mapping[int, str] | None = None,
) -> tuple[list[str], list[str]]:
    """(errors, warnings) for a draft; entrants are everyone who must be seated.

    sizes_allowed defaults to 2 teams a table (partnership) or 3 players; names turn ids
    into the names the director knows.
    """
    field = {e.id: e for e in entrants}
    if sizes_allowed is None:
        sizes_allowed = (2,) if partnership else (3,)
    unit = "teams" if partnership else "players"

    def who(i: int) -> str:
        return names[i] if names and i in names else f"#{i}"

    errors: list[str] = []
    places: dict[int, list[str]] = {}
    for number, table in enumerate(draw.tables, start=1):
        if len(table) not in sizes_allowed:
            allowed = " or ".join(str(s) for s in sorted(sizes_allowed))
            errors.append(f"Table {number} has {len(table)} {unit}; a table takes {allowed}.")
        for i in table:
            places.setdefault(i, []).append(f"table {number}")
    for i in draw.byes:
        places.setdefault(i, []).append("the bye list" if partnership else "the sit-out list")

    for i, where in places.items():
        if i not in field:
            errors.append(f"{who(i)} is not entered in this tournament ({where[0]}).")
        if len(where) > 1:
            errors.append(f"{who(i)} is placed more than once: {', '.join(where)}.")
    for i in field:
        if i not in places:
            errors.append(f"{who(i)} has no seat and no bye.")

    warnings = [
        f"Table {number}: {who(a)} and {who(b)} have met {times(m)} before."
        for number, a, b, m in repeats(draw.tables, meetings(field.values()))
    ]
    needed = _fewest_left_over(len(field), sizes_allowed)
    if len(draw.byes) > needed:
        warnings.append(
            f"{len(draw.byes)} {unit} are not seated where {needed} would do: "
            "there is room at the tables."
        )
    seated = [field[i].byes for t in draw.tables for i in t if i in field]
    fewest = min(seated, default=0)
    for i in draw.byes:
        if i in field and field[i].byes > fewest:
            warnings.append(
                f"{who(i)} would sit out again while someone seated has sat out fewer times."
            )
    return errors, warnings


def _fewest_left_over(n: int, sizes: tuple[int, ...]) -> int:
    """How few entrants must go unseated with these table sizes."""
    fits = [True] + [False] * n
    for total in range(1, n + 1):
        fits[total] = any(s <= total and fits[total - s] for s in sizes if s > 0)
    return next(k for k in range(n + 1) if fits[n - k])


def swap(draw: Draw, a: int, b: int) -> Draw:
    """Exchange two entrants' places (seats or byes).

    The counts and warnings of the old draw no longer apply: check the result again.
    """
    _place(draw, a)
    _place(draw, b)

    def other(i: int) -> int:
        return b if i == a else a if i == b else i

    return replace(
        draw,
        tables=tuple(tuple(other(i) for i in t) for t in draw.tables),
        byes=tuple(other(i) for i in draw.byes),
        rematches=0,
        warnings=(),
    )


def move(draw: Draw, entrant: int, table_number: int) -> Draw:
    """Move one entrant to the last seat of a table; 0 means the byes, one past the last
    table opens a new table. A table left empty is removed, so later tables move up.
    """
    current = _place(draw, entrant)
    if not 0 <= table_number <= len(draw.tables) + 1:
        raise ValueError(f"There is no table {table_number}.")
    if current == table_number:
        return draw
    tables = [[i for i in t if i != entrant] for t in draw.tables]
    byes = [i for i in draw.byes if i != entrant]
    if table_number == 0:
        byes.append(entrant)
    elif table_number > len(tables):
        tables.append([entrant])
    else:
        tables[table_number - 1].append(entrant)
    return replace(
        draw,
        tables=tuple(tuple(t) for t in tables if t),
        byes=tuple(byes),
        rematches=0,
        warnings=(),
    )


def _place(draw: Draw, entrant: int) -> int:
    """The table number an entrant sits at, 0 for the byes."""
    for number, table in enumerate(draw.tables, start=1):
        if entrant in table:
            return number
    if entrant in draw.byes:
        return 0
    raise ValueError(f"#{entrant} is not in this draw.")
