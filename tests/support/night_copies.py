"""A played night's facts stored again as another night, for tests and benches that need
many nights: the same entrants (linked to the same register players), rounds, tables,
seats, hands, rulings, signatures and history, written in a few bulk inserts instead of played
hand by hand again. Every copied fact is one a real night stored (a ruling made because of
another, rule 41's later forfeits, is left out: the nights copied here have none)."""

from __future__ import annotations

import datetime

from scoring.models import Change, Hand, Ruling, Signature
from tournament.models import Bye, Entrant, Round, Seat, Table, Tournament


def copy_night(night: Tournament, slug: str, date: datetime.date, shift: int = 0) -> Tournament:
    """The night again on `date`; with `shift`, the register links rotated by that many
    among its entrants, so the copy's places fall to other players."""
    copy = Tournament.objects.get(pk=night.pk)
    copy.pk, copy.slug, copy.date, copy.name = None, slug, date, f"{night.name} ({slug})"
    copy.save()
    old = list(night.entrants.order_by("pk"))
    links = [(e.member1_id, e.member2_id) for e in old]
    shift %= len(links) or 1
    links = dict(zip((e.pk for e in old), links[shift:] + links[:shift], strict=True))
    entrants = dict(
        _copied(
            Entrant,
            old,
            tournament_id=copy.pk,
            checkin_token=None,
            member1_id=lambda e: links[e.pk][0],
            member2_id=lambda e: links[e.pk][1],
        )
    )
    rounds = dict(_copied(Round, night.round_set.all(), tournament_id=copy.pk))
    tables = dict(
        _copied(
            Table,
            Table.objects.filter(round__tournament=night),
            round_id=lambda t: rounds[t.round_id],
        )
    )
    scope = {"table__round__tournament": night}
    table_of = {"table_id": lambda row: tables[row.table_id]}
    _copied(
        Seat,
        Seat.objects.filter(**scope),
        **table_of,
        entrant_id=lambda s: entrants[s.entrant_id],
        token=None,
        pin=None,
    )
    hands = dict(_copied(Hand, Hand.objects.filter(**scope), **table_of))
    _copied(
        Ruling,
        Ruling.objects.filter(**scope, caused_by=None),
        **table_of,
        hand_id=lambda r: r.hand_id and hands[r.hand_id],
    )
    _copied(Signature, Signature.objects.filter(**scope), **table_of)
    # Its history too, as every signed table has one: the ratings learn of a write at a
    # signed sheet from it (season/ratings/build.py, fingerprints), so a copy without it
    # kept its ratings when a table was reopened.
    _copied(
        Change,
        Change.objects.filter(**scope),
        **table_of,
        hand_id=lambda c: c.hand_id and hands[c.hand_id],
    )
    _copied(
        Bye,
        Bye.objects.filter(round__tournament=night),
        round_id=lambda b: rounds[b.round_id],
        entrant_id=lambda b: entrants[b.entrant_id],
    )
    return copy


def _copied(model, rows, **changes) -> list[tuple[int, int]]:
    """Each row inserted again with ``changes`` (a value, a function of the old row, or
    None for the field's default): the (old id, new id) pairs."""
    old = list(rows)
    fresh = []
    for row in old:
        data = {
            f.attname: getattr(row, f.attname)
            for f in model._meta.concrete_fields
            if not f.primary_key
        }
        for name, change in changes.items():
            key = model._meta.get_field(name.removesuffix("_id")).attname
            if change is None:
                data.pop(key)
            else:
                data[key] = change(row) if callable(change) else change
        fresh.append(model(**data))
    model.objects.bulk_create(fresh)
    return [(a.pk, b.pk) for a, b in zip(old, fresh, strict=True)]
