"""A side's page left open from a past round leads to its entrant's next table (issue 33).

A side's link (`/s/<token>/`) belongs to one table of one round; players keep it open on
their phone between rounds. Once a later round is published (never a draft: its seats may
still move), the page says so at its top: the entrant's table and side there, with that
seat's own link (the same entrant: the same trust as the page), or their bye.

The page's version follows the newest published round, read with the poll's one query
(the link's own read, tables.access), so an open phone shows it at its next poll.
Drawing a past round's page reads the newest round with the entrant's seat or bye in it,
and that seat only when it is in a later round.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.db.models import Count, Exists, OuterRef, Subquery
from django.urls import reverse

from tournament.models import Bye, Round, Seat

if TYPE_CHECKING:
    from .access import Access


def newest_for(tournament_id: int, entrant_id: int) -> Round | None:
    """The newest round the players may see, in one query, with the entrant's place in it:
    `seat_id` (none: not seated) and `sits_out` (a bye). A side's page from a past round
    and a player's own link both follow the entrant by it."""
    return (
        Round.objects.filter(tournament_id=tournament_id)
        .exclude(status=Round.Status.DRAFT)
        .annotate(
            seat_id=Subquery(
                Seat.objects.filter(table__round=OuterRef("pk"), entrant_id=entrant_id).values(
                    "pk"
                )[:1]
            ),
            sits_out=Exists(Bye.objects.filter(round=OuterRef("pk"), entrant_id=entrant_id)),
        )
        .order_by("-number")
        .only("pk", "number", "status", "started")
        .first()
    )


@dataclass(frozen=True)
class Later:
    """Where the page's entrant plays in a round after the page's own."""

    round: int
    table: int | None = None  # none: not seated (a bye, or not drawn)
    side: str = ""
    url: str = ""
    bye: bool = False


def follows_its_entrant(access: Access) -> bool:
    """A side's own link: not the director's page, nor a player's own link (which follows
    its player itself)."""
    return access.seat is not None and access.own is None


def newest_round(access: Access) -> tuple[int | None, Later | None]:
    """The number of the newest public round (for the page's version), and where the
    page's entrant plays in it when it is later than the page's round."""
    seat, tournament = access.seat, access.tournament
    newest_read = access.read.newest_round if access.read is not None else None
    if newest_read is not None and newest_read <= access.table.round.number:
        return newest_read, None  # read with the link: no round after the page's own
    newest = newest_for(tournament.pk, seat.entrant_id)
    if newest is None:
        return None, None
    if newest.number <= access.table.round.number:
        return newest.number, None
    if newest.seat_id is None:
        return newest.number, Later(newest.number, bye=newest.sits_out)
    there = (
        Seat.objects.select_related("table")
        .annotate(at_table=Count("table__seats"))
        .get(pk=newest.seat_id)
    )
    ruleset = tournament.ruleset
    names = ruleset.side_names(ruleset.players_at_table(there.at_table))
    side = names[there.position] if there.position < len(names) else ""
    url = reverse("table_link", args=[there.token])
    return newest.number, Later(newest.number, there.table.number, side, url)
