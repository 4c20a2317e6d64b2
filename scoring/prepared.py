"""Reads of a fixed shape whose SQL the ORM writes once per process.

A table page and each write at a table read the same few small sets of rows (a table's
hands, rulings, signatures, history) with only the table's id changing. Building and
compiling the same queryset again cost about three times running it (bench/load.py);
so the queryset is compiled once, per database, with stand-in values, and each call runs
that SQL with its own values through Model.objects.raw: the same rows, the same model
instances, the same converters (JSON, dates).
"""

from __future__ import annotations

from collections.abc import Callable

from django.db import connections
from django.db.models import QuerySet
from django.db.models.query import RawQuerySet

# Stand-ins for the values of a call, told apart from any constant the queryset holds.
_STAND_INS = tuple(-7_000_001 - n for n in range(8))


class Prepared:
    """`build(*values)` makes the queryset; calling the Prepared with the values runs it.

    Only rows of the queryset's own model come back (no select_related): extra columns
    (annotations) are set as attributes, as a raw query does. The values must be integers
    (ids), each used as a plain parameter of the SQL.
    """

    def __init__(self, build: Callable[..., QuerySet]):
        self.build = build
        self.compiled: dict[str, tuple[str, tuple, type]] = {}

    def __call__(self, *values: int, using: str = "default") -> RawQuerySet:
        key = f"{using}:{connections[using].vendor}"
        if key not in self.compiled:
            self.compiled[key] = self._compile(len(values), using)
        sql, template, model = self.compiled[key]
        params = [values[_STAND_INS.index(p)] if _stands_in(p) else p for p in template]
        return model.objects.raw(sql, params).using(using)

    def _compile(self, count: int, using: str) -> tuple[str, tuple, type]:
        queryset = self.build(*_STAND_INS[:count]).using(using)
        if queryset.query.select_related:
            raise ValueError("A prepared read returns its own model's rows only.")
        sql, params = queryset.query.get_compiler(using=using).as_sql()
        if {p for p in params if _stands_in(p)} != set(_STAND_INS[:count]):
            raise ValueError("Every value of a prepared read must be one of its parameters.")
        return sql, tuple(params), queryset.model


def _stands_in(param) -> bool:
    return type(param) is int and param in _STAND_INS
