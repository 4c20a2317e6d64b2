"""An aggregate over related rows as a column of another row's read.

A poll reads one row and needs a count or a newest id of rows that hang from it (a
table's history, a tournament's entrants): as a subquery column of that read, not a query
of its own. Plain SQL aggregates without a GROUP BY, so the subquery is one row whatever
the rows are, on SQLite and PostgreSQL alike.
"""

from __future__ import annotations

from django.db.models import Case, F, Func, Q, QuerySet, Subquery, When
from django.db.models.functions import Coalesce, JSONObject


def _over(rows: QuerySet, value: Func) -> Subquery:
    return Subquery(rows.order_by().annotate(v=value).values("v")[:1])


def count_of(rows: QuerySet) -> Coalesce:
    """How many `rows` (0 when none)."""
    return Coalesce(_over(rows, count()), 0)


def most_of(rows: QuerySet, field: str, **output) -> Subquery:
    """The largest `field` of `rows` (none when there are none)."""
    return _over(rows, most(field, **output))


def counted(rows: QuerySet, **counts: Func) -> Subquery:
    """Several aggregates of `rows` in one scan of them, as one column: a JSON object of
    each name's value (each a COUNT, MAX or `count_where` of the rows' fields)."""
    return _over(rows, JSONObject(**counts))


def count_where(condition: Q) -> Func:
    """How many of the rows meet `condition`, as an aggregate for `counted`."""
    return Func(Case(When(condition, then=1)), function="COUNT")


def count(field: str = "pk") -> Func:
    """How many of the rows (an aggregate for `counted`, or `count_of` alone)."""
    return Func(F(field), function="COUNT")


def most(field: str, **output) -> Func:
    """The rows' largest `field` (an aggregate for `counted`, or `most_of` alone)."""
    return Func(F(field), function="MAX", **output)
