"""Storing a draw: a round's tables, seats and byes from a plain `pairing.Draw`, and back.

Both the regular rounds and the playoff are stored here, so where a round is kept is in
one place; what the draw should be is decided by the draw app and the pure engines.
"""

from __future__ import annotations

import pairing

from .models import Bye, Round, Seat, Table


def store_draw(round_: Round, draw: pairing.Draw) -> None:
    """Replace the round's tables, seats and byes by the draw; seat 0 is the first listed
    (North-South at 6 Card Kitty, where the playoff seats the better seed)."""
    round_.tables.all().delete()
    round_.byes.all().delete()
    tables = Table.objects.bulk_create(
        Table(round=round_, number=n) for n in range(1, len(draw.tables) + 1)
    )
    Seat.objects.bulk_create(
        Seat(table=table, entrant_id=entrant, position=position)
        for table, ids in zip(tables, draw.tables, strict=True)
        for position, entrant in enumerate(ids)
    )
    Bye.objects.bulk_create(Bye(round=round_, entrant_id=e) for e in draw.byes)


def stored_draw(round_: Round) -> pairing.Draw:
    tables: dict[int, list[tuple[int, int]]] = {}
    for seat in Seat.objects.filter(table__round=round_).values(
        "table__number", "position", "entrant_id"
    ):
        tables.setdefault(seat["table__number"], []).append((seat["position"], seat["entrant_id"]))
    return pairing.Draw(
        tables=tuple(tuple(e for _, e in sorted(tables[n])) for n in sorted(tables)),
        byes=tuple(round_.byes.values_list("entrant_id", flat=True)),
    )
