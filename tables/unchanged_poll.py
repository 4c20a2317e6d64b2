"""A link's poll that finds its page as it was, answered by one plain query.

Most of a night's requests are phones asking whether their table changed. A link's own
read brings the page's version, but the ORM builds and compiles that query, with its
table, round, tournament and entrants, at several times the cost of running it. So the
read also brings a fingerprint of the rows the version is made of, written here as SQL,
and each process keeps, per link, the version and clock it last derived with that
fingerprint. A poll showing that version and clock reads the fingerprint alone, a query
the ORM does not build; the same fingerprint is answered 204. Any other is read in full,
as before. Nothing is kept that the database does not confirm at each poll, so processes
sharing a database need not share it.

Two kinds of link poll so: a side's (`/s/<token>/`, SIDE below: its table, round and
tournament, the table's history, the newest public round) and a player's own
(own_link.night: the same of the player's table, with the link, the player's entrant and
seat).
"""

from __future__ import annotations

from collections.abc import Callable

from django.db import connection
from django.db.models import Model, TextField
from django.db.models.expressions import RawSQL

from plumbing import live
from scoring.models import Change
from tournament.models import Round, Seat, Table, Tournament


def text(sql: str) -> str:
    """A value as quoted text (null apart), so that no two rows' fingerprints meet."""
    return f"""COALESCE('"' || REPLACE(CAST({sql} AS TEXT), '"', '""') || '"', 'null')"""


def row(model: type[Model], alias: str) -> list[str]:
    """Every stored column of `model`'s row named `alias` in the SQL, as text."""
    return [text(f'{alias}."{field.column}"') for field in model._meta.concrete_fields]


def table_fingerprint(table_id: str) -> str:
    """The fingerprint of the table whose id is the SQL `table_id`, as one text value (null
    where there is no such table): its row, its round's and tournament's, its history's
    length and newest change, and the newest public round."""
    change, round_ = Change._meta.db_table, Round._meta.db_table
    values = [
        *row(Table, "tb"),
        *row(Round, "r"),
        *row(Tournament, "t"),
        text(f'(SELECT COUNT(*) FROM "{change}" c WHERE c."table_id" = tb."id")'),
        text(f'(SELECT MAX(c."id") FROM "{change}" c WHERE c."table_id" = tb."id")'),
        text(
            f'(SELECT MAX(n."number") FROM "{round_}" n WHERE n."tournament_id" = t."id"'
            f" AND n.\"status\" <> '{Round.Status.DRAFT.value}')"
        ),
    ]
    return (
        f"(SELECT {' || '.join(values)}"
        f' FROM "{Table._meta.db_table}" tb'
        f' JOIN "{round_}" r ON r."id" = tb."round_id"'
        f' JOIN "{Tournament._meta.db_table}" t ON t."id" = r."tournament_id"'
        f' WHERE tb."id" = {table_id})'
    )


class LinkPolls:
    """The unchanged polls of one kind of link: rows of `model`, each with a unique `token`.
    `fingerprint(alias)` is the SQL of the fingerprint of what the link's page version is
    made of, for the link's row named `alias`."""

    # Links kept per kind: cleared when full, and a link that is not kept is read in full.
    KEEP = 20_000

    def __init__(self, model: type[Model], fingerprint: Callable[[str], str]):
        name = model._meta.db_table
        # A column of the link's read, whose rows are `model`'s as the ORM names them.
        self.column = RawSQL(fingerprint(f'"{name}"'), (), output_field=TextField())
        self._poll = f'SELECT {fingerprint("l")} FROM "{name}" l WHERE l."token" = %s'
        self._by_id = f'(SELECT {fingerprint("l")} FROM "{name}" l WHERE l."id" = %s)'
        # token: (fingerprint, version, clock) as this process last derived them
        self._known: dict[str, tuple[str, str, str]] = {}

    def of(self, pk: int) -> RawSQL:
        """The fingerprint of link `pk`, as a column of a read of other rows: a page read in
        two queries checks that both saw the same rows."""
        return RawSQL(self._by_id, (pk,), output_field=TextField())

    def remember(self, token: str, fingerprint: str | None, version: str, clock: str) -> None:
        if fingerprint is None:
            return
        if len(self._known) >= self.KEEP:
            self._known.clear()
        self._known[token] = (fingerprint, version, clock)

    def answered(self, request, token: str):
        """204 when the poll shows the version and clock last derived for this link and its
        rows are as they were then; None when the page must be read (no query then, unless
        the poll shows what was last derived)."""
        known = self._known.get(token)
        if known is None or request.GET.get(live.SINCE) != known[1]:
            return None
        if live.clock_changed(request, known[2]):
            return None
        with connection.cursor() as cursor:
            cursor.execute(self._poll, [token])
            found = cursor.fetchone()
        if found is None or found[0] != known[0]:
            return None
        return live.unchanged(request, known[1])


# A side's link: every seat at its table shares the table's fingerprint.
SIDE = LinkPolls(Seat, lambda seat: table_fingerprint(f'{seat}."table_id"'))
