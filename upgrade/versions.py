"""Which release wrote a database, read before any migration runs (so with plain SQL on
Django's connection: the models' tables may not be there yet)."""

from __future__ import annotations

import re

# Databases made before versions were recorded are the release before 1.0.0.
BEFORE_VERSIONS = "0.1.0"
TABLE = "upgrade_release"


def parsed(version: str) -> tuple[int, ...]:
    """ "1.2.0" -> (1, 2, 0); what follows the numbers (".dev1", "rc1") is not compared."""
    match = re.match(r"\d+(?:\.\d+)*", version.strip())
    return tuple(int(part) for part in match[0].split(".")) if match else (0,)


def newer(version: str, than: str) -> bool:
    return parsed(version) > parsed(than)


def recorded(connection) -> str | None:
    """The version that last wrote the database; BEFORE_VERSIONS for one with migrations
    applied and no record; None for a new, empty database."""
    tables = connection.introspection.table_names()
    if TABLE in tables:
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT version FROM {TABLE} ORDER BY id DESC LIMIT 1")
            row = cursor.fetchone()
        if row:
            return row[0]
    if "django_migrations" in tables:
        with connection.cursor() as cursor:
            cursor.execute("SELECT COUNT(*) FROM django_migrations")
            if cursor.fetchone()[0]:
                return BEFORE_VERSIONS
    return None
