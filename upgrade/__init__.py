"""Upgrading the club's database from one release to the next: the versions that wrote it
(`Release`), refusing a database a newer release wrote, and a copy before migrating
(Django's `migrate`, overridden in management/commands/migrate.py)."""
