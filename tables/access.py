"""Who is looking at a table page: a side through its own link (`/s/<token>/`), or a
director of the tournament. Every request at a table starts here, and every module of the
table pages reads it: it imports none of them but the reads its link makes."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.urls import reverse

from scoring import entry, may
from tournament.models import Round, Seat, Table, Tournament

from . import unchanged_poll
from .reads import NEWEST_ROUND, PageRead, facts_stored, history_length


@dataclass
class Access:
    """Who is looking at the table page: a side through its own link, or a director."""

    table: Table
    tournament: Tournament
    url: str  # the page's own address; the actions post to url + "<action>/"
    user: object | None = None  # a director
    seat: Seat | None = None  # the side whose link this is
    # Every seat's (position, entrant), when the link's own read brought them.
    seated: list | None = None
    # Where the page lives and polls when that is not `url`: a player's own link
    # (`/p/<token>/`) follows its player from round to round, while its actions stay bound
    # to this table's round (`url`), so a form sent late never lands at the next table.
    home: str = ""
    # What the page follows besides the table (a player's own link: the night's newest
    # round, the player's entrant): part of the page's version.
    follows: tuple = ()
    # What the templates add above the sheet for such a page (the player's own strip).
    own: object | None = None
    # What the page's own read brought with the seats, when it did (a director's page reads
    # none): the page's version at no query more, and whether the table has facts to read.
    read: PageRead | None = None

    @property
    def page_url(self) -> str:
        return self.home or self.url

    @property
    def director(self) -> bool:
        return self.user is not None

    @property
    def side(self) -> int | None:
        return self.seat.position if self.seat is not None else None

    def actor(self, side: int | None = None) -> entry.Actor:
        """A director acts for the side it names; a link acts for its own side only."""
        return may.acting(director=self.user, side=side, link_side=self.side)

    def for_side(self, side: int) -> entry.Actor:
        """Who acts for `side` from this page: the director; on a link, that side itself
        (the link's own, or another by its PIN typed on this phone)."""
        return may.acting(director=self.user, side=side, link_side=side)


LINK_NOT_VALID = "This link is not valid: ask the director for your side's current one."


# Every request of a side's phone starts here: the link's seat with its table, round and
# tournament, and every seat at that table with its entrant, in one read. Built once: each
# request adds its token.
_SEATS = (
    Seat.objects.select_related("entrant", "table__round__tournament")
    .exclude(table__round__status=Round.Status.DRAFT)
    .order_by("position")
)
# A page or a poll reads the page's version with them (the table's history length and the
# newest public round) and the fingerprint of its rows, so that a poll answered "unchanged",
# most of a night's requests, is one read (tables.unchanged_poll).
_LINK = _SEATS.annotate(
    **history_length("table"), **facts_stored("table"), newest=NEWEST_ROUND
).annotate(fingerprint=unchanged_poll.SIDE.column)


def link_access(request, token: str) -> Access:
    # A write answers with a redirect: it reads no version, whose columns are a dear part of
    # this read to build (a refused form's page reads it then, as a director's page does).
    paged = request.method != "POST"
    seats = list((_LINK if paged else _SEATS).filter(table__seats__token=token))
    seat = next((s for s in seats if s.token == token), None)  # the token is unique
    if seat is None:
        raise Http404(LINK_NOT_VALID)
    table = seat.table
    url = reverse("table_link", args=[token])
    seated = [(s.position, s.entrant) for s in seats]
    access = Access(table, table.round.tournament, url, seat=seat, seated=seated)
    if paged:
        access.read = PageRead.of(seat, with_round=True)
    return access


def director_access(request, slug: str, number: int, table: int) -> Access:
    table_obj = get_object_or_404(
        Table.objects.select_related("round__tournament"),
        round__tournament__slug=slug,
        round__number=number,
        number=table,
    )
    url = reverse("director_table", args=[slug, number, table])
    return Access(table_obj, table_obj.round.tournament, url, user=request.user)
