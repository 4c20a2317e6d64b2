"""One table's rows of a model, by SQL written once and run with `Model.objects.raw`.

Every table page and every write at a table reads the same small sets of rows (the
table's hands, rulings, signatures, history) with only the table's id changing. The ORM
builds and compiles such a query again at every call, about three times the cost of running
it (bench/poll_and_tap.py); raw() makes the same instances through the same converters.
"""

from __future__ import annotations

from functools import cache

from django.db.models import Model
from django.db.models.query import RawQuerySet


@cache
def _sql(model: type[Model], where: str) -> str:
    """Every column of `model`'s rows at a table, in the model's own order (Meta.ordering)."""
    order = ", ".join(
        f'"{model._meta.get_field(name.lstrip("-")).column}"' + (" DESC" * name.startswith("-"))
        for name in model._meta.ordering
    )
    table = model._meta.db_table
    return f'SELECT * FROM "{table}" WHERE "table_id" = %s{where} ORDER BY {order}'


def at_table(model: type[Model], table_id: int, where: str = "") -> RawQuerySet:
    """`model`'s rows at table `table_id`; `where`, SQL of more conditions (" AND ...")."""
    return model.objects.raw(_sql(model, where), [table_id])
