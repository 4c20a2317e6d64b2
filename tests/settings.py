"""The tests' profile: what the suite's settings differ by, all of it here.

The suite reads config.settings as the environment picks it (development with nothing set;
CI's second run sets DATABASE_URL to its PostgreSQL), and tests/conftest.py applies these
differences when the run starts. They are not a profile the settings module picks:
pytest-django reads the settings before any conftest runs, and every process the tests
start (a served laptop, a server's `check --deploy`) must read them as a club's does.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path


def apply_to(settings) -> None:
    """The tests' differences, applied to the settings read (django.conf.settings)."""
    # A fast password hash: every director fixture would otherwise pay for a slow one.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    folders_of_the_suites_own(settings)
    a_sqlite_test_database_in_a_file(settings.DATABASES["default"])


def folders_of_the_suites_own(settings) -> None:
    """What the app writes outside its database goes to the suite's own temporary folder:
    the club's data (kittytd/data.py) and the gathered static files. A test never writes
    into this user's data folder, nor reads static files that a night being served from
    another checkout, or another run's `collectstatic`, rewrites under it. The commands
    the tests run inherit them (each laptop the tests serve names its own)."""
    folder = Path(tempfile.mkdtemp(prefix="kittytd-tests-folders-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    for name, path in (("DATA_DIR", folder / "data"), ("STATIC_ROOT", folder / "static")):
        os.environ[name] = str(path)
        setattr(settings, name, path)


def a_sqlite_test_database_in_a_file(database: dict) -> None:
    """On SQLite, the test database is a file, as the laptop's is, not Django's default of
    one in memory. In memory, the live server's threads all run on the test's own
    connection, so a phone's poll arriving while the test reads or writes puts two threads
    on one SQLite connection: SQLite's shared cache answers "database table is locked", and
    a query calling one of Django's Python functions can deadlock with the other thread
    (the GIL and the connection's mutex taken in opposite orders), a hang of the whole run.
    In a file, every thread has its own connection and waits for the write lock as the
    laptop's server threads do. pytest-django adds each xdist worker's name to the file's."""
    if "sqlite" not in database["ENGINE"] or database.get("TEST", {}).get("NAME"):
        return
    folder = Path(tempfile.mkdtemp(prefix="kittytd-tests-"))
    database.setdefault("TEST", {})["NAME"] = str(folder / "db.sqlite3")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
