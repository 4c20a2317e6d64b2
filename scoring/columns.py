"""An aggregate over related rows as a column of another row's read.

A poll reads one row and needs a count or a newest id of rows that hang from it (a
table's history, a tournament's entrants): as a subquery column of that read, not a query
of its own. Plain SQL aggregates without a GROUP BY, so the subquery is one row whatever
the rows are, on SQLite and PostgreSQL alike.
"""

from __future__ import annotations

from django.db.models import F, Func, QuerySet, Subquery
from django.db.models.functions import Coalesce


def _over(rows: QuerySet, value: Func) -> Subquery:
    return Subquery(rows.order_by().annotate(v=value).values("v")[:1])


def count_of(rows: QuerySet) -> Coalesce:
    """How many `rows` (0 when none)."""
    return Coalesce(_over(rows, Func(F("pk"), function="COUNT")), 0)


def most_of(rows: QuerySet, field: str, **output) -> Subquery:
    """The largest `field` of `rows` (none when there are none)."""
    return _over(rows, Func(F(field), function="MAX", **output))
