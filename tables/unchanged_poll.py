"""A side's poll that finds its table as it was, answered by one plain query.

Most of a night's requests are phones asking whether their table changed. The link's own
read (tables.page._LINK) brings the page's version, but the ORM builds and compiles that
query, with its table, round, tournament and entrants, at several times the cost of running
it. So the read also brings a fingerprint of the rows the version is made of (the table,
its round and tournament, the table's history, the newest public round), written here as
SQL, and each process keeps, per link, the version and clock it last derived with that
fingerprint. A poll showing that version and clock reads the fingerprint alone, a query
the ORM does not build; the same fingerprint is answered 204. Any other is read in full,
as before. Nothing is kept that the database does not confirm at each poll, so processes
sharing a database need not share it.
"""

from __future__ import annotations

from django.db import connection
from django.db.models import TextField
from django.db.models.expressions import RawSQL

from scoring.models import Change
from tournament import live
from tournament.models import Round, Seat, Table, Tournament


def _text(sql: str) -> str:
    """A value as quoted text (null apart), so that no two rows' fingerprints meet."""
    return f"""COALESCE('"' || REPLACE(CAST({sql} AS TEXT), '"', '""') || '"', 'null')"""


def _row(model, alias: str) -> list[str]:
    return [_text(f'{alias}."{field.column}"') for field in model._meta.concrete_fields]


def _fingerprint_of(table_id: str) -> str:
    """The fingerprint of the table whose id is the SQL `table_id`, as one text value."""
    change, round_ = Change._meta.db_table, Round._meta.db_table
    values = [
        *_row(Table, "tb"),
        *_row(Round, "r"),
        *_row(Tournament, "t"),
        _text(f'(SELECT COUNT(*) FROM "{change}" c WHERE c."table_id" = tb."id")'),
        _text(f'(SELECT MAX(c."id") FROM "{change}" c WHERE c."table_id" = tb."id")'),
        _text(
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


# A column of the link's read (its rows are the link's table's seats), and the poll's query.
FINGERPRINT = RawSQL(
    _fingerprint_of(f'"{Seat._meta.db_table}"."table_id"'), (), output_field=TextField()
)
_POLL = f'SELECT {_fingerprint_of("s.table_id")} FROM "{Seat._meta.db_table}" s WHERE s.token = %s'

# token: (fingerprint, version, clock) as this process last derived them. Cleared when
# full: a link that is not here is read in full, once.
_KNOWN: dict[str, tuple[str, str, str]] = {}
KEEP = 20_000


def remember(token: str, fingerprint: str | None, version: str, clock: str) -> None:
    if fingerprint is None:
        return
    if len(_KNOWN) >= KEEP:
        _KNOWN.clear()
    _KNOWN[token] = (fingerprint, version, clock)


def answered(request, token: str):
    """204 when the poll shows the version and clock last derived for this link and its
    rows are as they were then; None when the page must be read (no query then, unless the
    poll shows what was last derived)."""
    known = _KNOWN.get(token)
    if known is None or request.GET.get(live.SINCE) != known[1]:
        return None
    if live.clock_changed(request, known[2]):
        return None
    with connection.cursor() as cursor:
        cursor.execute(_POLL, [token])
        row = cursor.fetchone()
    if row is None or row[0] != known[0]:
        return None
    return live.unchanged(request, known[1])
