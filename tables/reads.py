"""The columns a table page's one read carries besides its rows: the table's history
length, whether anything is stored there, the newest public round. A side's link reads
them with its seats (tables.access), a player's own link with its link (own_link.night),
so the page's version, and a poll answered "unchanged", costs no query more."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Exists, OuterRef, Subquery

from plumbing.subqueries import count_of, most_of
from scoring.models import Change, Hand, Ruling, Signature
from tournament.models import Round


@dataclass(frozen=True)
class PageRead:
    """What a page's own read of its table brought besides the rows (the columns below):
    the page's version, and whether the table has any facts to read at all."""

    changes: int  # the table's history: how many changes
    last_change: int | None  # and the newest one's id
    facts_stored: bool
    newest_round: int | None = None  # a side's link: the newest public round's number

    @classmethod
    def of(cls, row, *, with_round: bool = False) -> PageRead:
        """From a row read with history_length, facts_stored (and NEWEST_ROUND as `newest`)."""
        newest = row.newest if with_round else None
        return cls(row.history_n, row.history_last, row.facts_stored, newest)


def history_length(table: str) -> dict:
    """The count of a table's changes and its newest change's id, as columns `history_n`
    and `history_last` of a row that names the table by `table`: a page that reads its
    table's seats anyway has its version with them (a player's own link)."""
    changes = Change.objects.filter(table=OuterRef(table))
    return {"history_n": count_of(changes), "history_last": most_of(changes, "pk")}


def facts_stored(table: str) -> dict:
    """Whether any hand, ruling or signature is stored at the table, as column
    `facts_stored` of a row that names the table by `table`. As a round starts every phone
    loads its table's page at once, and at a table where nothing is stored yet the page
    reads none of them (three queries, a quarter of the page's work, spared)."""
    return {
        "facts_stored": Exists(Hand.objects.filter(table=OuterRef(table)))
        | Exists(Ruling.objects.filter(table=OuterRef(table)))
        | Exists(Signature.objects.filter(table=OuterRef(table)))
    }


def newest_public_round(tournament: str, value: str = "number") -> Subquery:
    """The newest round the players may see (its `value`), as a column of a row that names
    its tournament by `tournament`."""
    return Subquery(
        Round.objects.filter(tournament=OuterRef(tournament))
        .exclude(status=Round.Status.DRAFT)
        .order_by("-number")
        .values(value)[:1]
    )


# The newest round's number as a column of a seat's row (a side's link reads it with its
# seats: tables.access): a page from a past round follows its entrant to it (tables.next_table).
NEWEST_ROUND = newest_public_round("table__round__tournament")
