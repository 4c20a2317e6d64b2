"""A whole tournament as one JSON file: the director's copy of the night, as written.

The file holds the facts only (entrants, rounds, tables, seats, byes, hands, rulings,
signatures, the sides' correction requests, the history of changes and the director's
announcements), never a computed score: the standings of an imported tournament are
derived again from those facts, so they are the same by construction.

Every model's plain fields are read from the model itself, so a field added later is
carried without touching this module or the import; only the links between records are
spelled out. Reading a file back into the database is importing.py's.
"""

from __future__ import annotations

import datetime
import decimal
import json
from collections.abc import Iterable
from typing import Any

from django.db import models
from django.utils import timezone

from kittytd import __version__
from scoring.models import Change, CorrectionRequest, Hand, Ruling, Signature
from tournament.linking import LINKS
from tournament.models import Bye, Entrant, Seat, Table, Tournament

FORMAT = "kitty-td/tournament"
# The newest format, which this Kitty TD writes and reads (importing refuses a newer one).
# 2: a hand may be off the sheet (taken back by its side, or struck by a director), which a
# Kitty TD reading only version 1 would count; a file with no such hand is still written as
# version 1, which both read alike. 3: a table's first hand was dealt by another seat than
# the first (Table.first_dealer), which an older Kitty TD would take for the first seat's;
# a file whose tables all start at the first seat is written as before. The director's
# announcements need no version of their own: a Kitty TD that does not read them counts
# the night the same, and a file without them (from before they were kept) imports with
# none; so with the sides' correction requests. 4: a signature the director gave
# (Signature.by_director), which an older Kitty TD would print in a player's name; a file
# without one is written as before.
VERSION = 4

# A table's or a side's way in, or an entrant's check-in link, is never written to a file
# nor read from one: a restored night gets new links and PINs (print its cards again).
CREDENTIALS = {"token", "pin", "pin_failures", "pin_rests_until", "pin_rests", "checkin_token"}


def plain_fields(model: type[models.Model]) -> list[models.Field]:
    """The fields of a model that a file holds as they are: neither a link to another
    record (spelled out by the export and the import) nor a way in."""
    return [
        f
        for f in model._meta.concrete_fields
        if not f.primary_key and not f.is_relation and f.name not in CREDENTIALS
    ]


def _jsonable(value: Any) -> Any:
    if isinstance(value, datetime.datetime | datetime.date):
        return value.isoformat()
    if isinstance(value, decimal.Decimal):
        return str(value)
    return value


def _plain(obj: models.Model) -> dict[str, Any]:
    return {f.name: _jsonable(f.value_from_object(obj)) for f in plain_fields(type(obj))}


def _by_table(rows: Iterable[models.Model]) -> dict[int, list[models.Model]]:
    grouped: dict[int, list[models.Model]] = {}
    for row in rows:
        grouped.setdefault(row.table_id, []).append(row)
    return grouped


def export_tournament(tournament: Tournament) -> dict[str, Any]:
    """Everything that happened in the tournament, as plain JSON data (a dozen queries).

    Record ids in the file only link records to each other; an import makes new ones.
    """
    tables = list(Table.objects.filter(round__tournament=tournament).order_by("round_id", "number"))
    in_t = {"table__round__tournament": tournament}
    seats = _by_table(Seat.objects.filter(**in_t).order_by("table_id", "position"))
    hands = _by_table(Hand.objects.filter(**in_t).order_by("table_id", "number", "attempt"))
    rulings = _by_table(
        Ruling.objects.filter(**in_t).select_related("created_by").order_by("created", "id")
    )
    signatures = _by_table(Signature.objects.filter(**in_t).order_by("table_id", "side"))
    changes = _by_table(Change.objects.filter(**in_t).select_related("user").order_by("at", "id"))
    corrections = _by_table(
        CorrectionRequest.objects.filter(**in_t)
        .select_related("closed_by")
        .order_by("asked_at", "id")
    )
    byes: dict[int, list[int]] = {}
    for round_id, entrant_id in Bye.objects.filter(round__tournament=tournament).values_list(
        "round_id", "entrant_id"
    ):
        byes.setdefault(round_id, []).append(entrant_id)
    tables_by_round: dict[int, list[Table]] = {}
    for table in tables:
        tables_by_round.setdefault(table.round_id, []).append(table)

    def username(user) -> str | None:
        return user.get_username() if user is not None else None

    def table_data(table: Table) -> dict[str, Any]:
        return {
            **_plain(table),
            "seats": [{**_plain(s), "entrant": s.entrant_id} for s in seats.get(table.pk, [])],
            "hands": [{"id": h.pk, **_plain(h)} for h in hands.get(table.pk, [])],
            "rulings": [
                {
                    **_plain(r),
                    "id": r.pk,
                    "hand": r.hand_id,
                    "caused_by": r.caused_by_id,
                    "created_by": username(r.created_by),
                }
                for r in rulings.get(table.pk, [])
            ],
            "signatures": [_plain(s) for s in signatures.get(table.pk, [])],
            "changes": [
                {**_plain(c), "hand": c.hand_id, "user": username(c.user)}
                for c in changes.get(table.pk, [])
            ],
            # A side's request for a correction, open or answered (who answered, by name).
            "corrections": [
                {**_plain(c), "closed_by": username(c.closed_by)}
                for c in corrections.get(table.pk, [])
            ],
        }

    return {
        "format": FORMAT,
        "version": _version(tables, hands, signatures),
        "release": __version__,  # the Kitty TD that wrote it (the format is `version`)
        "exported": timezone.now().isoformat(),
        "tournament": _plain(tournament),
        "entrants": [
            {"id": e.pk, **_plain(e), "register": _register_links(e)}
            for e in tournament.entrants.order_by("id").select_related(*LINKS.values())
        ],
        "announcements": [_plain(a) for a in tournament.announcements.order_by("at", "id")],
        "rounds": [
            {
                **_plain(round_),
                "byes": [{"entrant": e} for e in byes.get(round_.pk, [])],
                "tables": [table_data(t) for t in tables_by_round.get(round_.pk, [])],
            }
            for round_ in tournament.round_set.order_by("number")
        ],
    }


def _version(
    tables: list[Table], hands: dict[int, list[Hand]], signatures: dict[int, list[Signature]]
) -> int:
    """The oldest format that reads this night as it is (VERSION's history)."""
    if any(s.by_director for t in signatures.values() for s in t):
        return 4
    if any(table.first_dealer for table in tables):
        return 3
    return 2 if any(not h.on_sheet for t in hands.values() for h in t) else 1


def _register_links(entrant: Entrant) -> list[dict[str, Any]]:
    """The club register's entries the entrant's players are linked to, by name: another
    database links them to its own register by the same names."""
    linked = []
    for slot, field in LINKS.items():
        player = getattr(entrant, field)
        if player is not None:
            linked.append({"slot": slot, "name": player.name, "aliases": list(player.aliases)})
    return linked


def export_json(tournament: Tournament) -> str:
    """The file a director downloads: export_tournament as UTF-8 JSON text."""
    return json.dumps(export_tournament(tournament), ensure_ascii=False, indent=1)


def backup_filename(tournament: Tournament) -> str:
    return f"{tournament.slug}-{timezone.localdate():%Y-%m-%d}.kittytd.json"
