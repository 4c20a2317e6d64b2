"""Seasons for the ladder tests: a club, its register, whole nights played (demo.season),
and a played night copied to other dates, a cheap way to a season of a hundred nights
made of real facts (the copies' hands and signatures are the night's own)."""

from __future__ import annotations

import datetime

from club.models import Club, Season
from scoring.models import Hand, Signature
from tournament.models import Bye, Entrant, Round, Seat, Table, Tournament, new_pin, new_token

START = datetime.date(2026, 1, 6)


def a_club(slug: str = "kitty-club", **kwargs) -> Club:
    return Club.objects.create(name=kwargs.pop("name", "The Kitty Club"), slug=slug, **kwargs)


def a_season(club: Club, game: str, days: int = 365, **kwargs) -> Season:
    return Season.objects.create(
        club=club,
        game=game,
        name=kwargs.pop("name", "Season 2026"),
        slug=kwargs.pop("slug", "season-2026"),
        starts=kwargs.pop("starts", START),
        ends=kwargs.pop("ends", START + datetime.timedelta(days=days)),
        **kwargs,
    )


def copy_night(night: Tournament, date: datetime.date, slug: str, shift: int = 0) -> Tournament:
    """The night's facts again on another date; the register links rotated by `shift`
    among its entrants, so the copies' places fall to other players."""
    entrants = list(night.entrants.order_by("pk"))
    rounds = list(night.round_set.order_by("pk"))
    tables = list(Table.objects.filter(round__tournament=night).order_by("pk"))
    seats = list(Seat.objects.filter(table__round__tournament=night))
    byes = list(Bye.objects.filter(round__tournament=night))
    hands = list(Hand.objects.filter(table__round__tournament=night))
    signatures = list(Signature.objects.filter(table__round__tournament=night))

    old = {"e": [e.pk for e in entrants], "r": [r.pk for r in rounds], "t": [t.pk for t in tables]}
    copy = Tournament.objects.get(pk=night.pk)
    copy.pk, copy.slug, copy.date, copy.name = None, slug, date, f"{date:%B} {date.day}"
    copy.save()
    links = [(e.member1_id, e.member2_id) for e in entrants]
    links = links[shift % len(links) :] + links[: shift % len(links)]
    new_entrants = [_fresh(e, tournament=copy, checkin_token=new_token()) for e in entrants]
    for e, (m1, m2) in zip(new_entrants, links, strict=True):
        e.member1_id, e.member2_id = m1, m2
    entrant_ids = _ids(old["e"], Entrant.objects.bulk_create(new_entrants))
    round_ids = _ids(
        old["r"], Round.objects.bulk_create(_fresh(r, tournament=copy) for r in rounds)
    )
    table_ids = _ids(
        old["t"],
        Table.objects.bulk_create(_fresh(t, round_id=round_ids[t.round_id]) for t in tables),
    )
    Seat.objects.bulk_create(
        _fresh(
            s,
            table_id=table_ids[s.table_id],
            entrant_id=entrant_ids[s.entrant_id],
            token=new_token(),
            pin=new_pin(),
        )
        for s in seats
    )
    Bye.objects.bulk_create(
        _fresh(b, round_id=round_ids[b.round_id], entrant_id=entrant_ids[b.entrant_id])
        for b in byes
    )
    Hand.objects.bulk_create(_fresh(h, table_id=table_ids[h.table_id]) for h in hands)
    Signature.objects.bulk_create(_fresh(s, table_id=table_ids[s.table_id]) for s in signatures)
    return copy


def _fresh(obj, **changes):
    obj.pk = None
    obj._state.adding = True
    for name, value in changes.items():
        setattr(obj, name, value)
    return obj


def _ids(old_ids: list[int], created: list) -> dict[int, int]:
    return dict(zip(old_ids, [c.pk for c in created], strict=True))
