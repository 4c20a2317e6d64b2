"""Reads of a fixed shape whose SQL the ORM writes once per process.

A table page and each write at a table read the same few small sets of rows (the side's
link with its table, round and tournament; the table's hands, rulings, signatures,
history) with only an id or a token changing. Building and compiling the same queryset
again cost about three times running it (bench/load.py); so the queryset is compiled
once, per database connection, with stand-in values, and each call runs that SQL with
its own values and builds the rows as the ORM does (django.db.models.query.ModelIterable):
the same model instances, with the related ones a select_related names and any
annotation, through the same converters (JSON, dates).
"""

from __future__ import annotations

from collections.abc import Callable

from django.db import connections
from django.db.models import QuerySet
from django.db.models.query import get_related_populators
from django.db.transaction import TransactionManagementError

# Stand-ins for the values of a call, told apart from any constant the queryset holds.
_NUMBERS = tuple(-7_000_001 - n for n in range(8))
_TEXTS = tuple(f"prepared-stand-in-{n}" for n in range(8))


def _stands_in(param) -> bool:
    return (type(param) is int and param in _NUMBERS) or (type(param) is str and param in _TEXTS)


class Prepared:
    """`build(*values)` makes the queryset; calling the Prepared with the values runs it
    and returns the list of its instances. Values are ids (int) or tokens (str), each a
    plain parameter of the SQL."""

    def __init__(self, build: Callable[..., QuerySet]):
        self.build = build
        self.compiled: dict[tuple[str, int], _Compiled] = {}

    def __call__(self, *values: int | str, using: str = "default"):
        connection = connections[using]
        key = (using, id(connection))  # converters belong to the connection they came from
        if key not in self.compiled:
            self.compiled[key] = _Compiled(self.build, values, using)
        return self.compiled[key].run(values, using)


class _Compiled:
    def __init__(self, build, values, using: str):
        stand_ins = [_NUMBERS[n] if isinstance(v, int) else _TEXTS[n] for n, v in enumerate(values)]
        queryset = build(*stand_ins).using(using)
        compiler = queryset.query.get_compiler(using=using)
        self.sql, params = compiler.as_sql()
        if {p for p in params if _stands_in(p)} != set(stand_ins):
            raise ValueError("Every value of a prepared read must be one of its parameters.")
        self.template = tuple(params)
        self.stand_ins = stand_ins
        self.model = queryset.model
        self.locks = queryset.query.select_for_update
        # As ModelIterable builds each row's instances.
        self.compiler = compiler
        select, klass_info = compiler.select, compiler.klass_info
        first, last = klass_info["select_fields"][0], klass_info["select_fields"][-1]
        self.own = slice(first, last + 1)
        self.init_list = [f[0].target.attname for f in select[self.own]]
        self.populators = get_related_populators(klass_info, select, using)
        self.annotations = list(compiler.annotation_col_map.items())
        self.converters = compiler.get_converters([s[0] for s in select])

    def run(self, values, using: str) -> list:
        params = [values[self.stand_ins.index(p)] if _stands_in(p) else p for p in self.template]
        connection = connections[using]
        if self.locks and connection.get_autocommit():
            raise TransactionManagementError(
                "select_for_update cannot be used outside of a transaction."
            )
        with connection.cursor() as cursor:
            cursor.execute(self.sql, params)
            rows = cursor.fetchall()
        if self.converters:
            rows = self.compiler.apply_converters(rows, self.converters)
        found = []
        for row in rows:
            obj = self.model.from_db(using, self.init_list, row[self.own])
            for populator in self.populators:
                populator.populate(row, obj)
            for name, at in self.annotations:
                setattr(obj, name, row[at])
            found.append(obj)
        return found
