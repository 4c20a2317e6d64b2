"""Every variable of the environment the settings read, listed once, and how they are read.

A club sets them through `kittytd run`'s options (the README's "Settings"), a server's host
in its environment file (docs/production.md); tests/config/test_profiles.py checks that
this list, those two tables and what config/settings/ and kittytd/data.py read agree.
Plain Python: read before Django is set up.
"""

from __future__ import annotations

import os

# name: (its default, what it means)
VARIABLES = {
    # The two that pick the profile (config/settings/__init__.py).
    "LAPTOP": ("0; 1 under `kittytd run` and `restore`", "the night on one laptop"),
    "DEBUG": ("1; 0 on the laptop", "0 on a server: its production settings"),
    "SECRET_KEY": (
        "a development key; on the laptop, the data folder's `secret-key`",
        "signs sessions and the check codes on signed sheets; required on a server",
    ),
    "SECRET_KEY_FALLBACKS": ("none", "earlier keys, space-separated: their codes still match"),
    "ALLOWED_HOSTS": (
        "127.0.0.1,localhost,testserver",
        "comma-separated; the laptop adds its own addresses and name",
    ),
    "CSRF_TRUSTED_ORIGINS": ("none", "comma-separated: when a proxy rewrites the Host header"),
    "PROXY_COUNT": ("0", "the proxies setting X-Forwarded-For, for the login lockout"),
    "SECURE_SSL_REDIRECT": ("1; 0 on the laptop", "with DEBUG off: plain HTTP sent to HTTPS"),
    "SECURE_HSTS_SECONDS": ("31536000", "with DEBUG off: how long browsers keep to HTTPS"),
    "DATABASE_URL": ("the data folder's `db.sqlite3`", "e.g. postgres://user@host:5432/kittytd"),
    "CONN_MAX_AGE": ("0; 60 on the laptop", "seconds a database connection is kept"),
    "DB_PREPARED": ("1", "PostgreSQL keeps statements prepared; 0 behind a pooler"),
    "DATA_DIR": ("the user's data folder", "the club's data (kittytd/data.py), `--data FOLDER`"),
    "VAR_DIR": ("none", "DATA_DIR's name before 1.0.0"),
    "STATIC_ROOT": ("the user's cache folder", "where `collectstatic` gathers the pages' files"),
    "BACKUP_TO": ("none", "a second folder for the copies of the night (`run --backup-to`)"),
    "BACKUP_KEEP": ("20", "copies kept in each folder"),
    "BACKUP_MINUTES": ("5", "minutes between copies while anything changes"),
    "TIME_ZONE": ("America/New_York", "the club's time zone"),
    "PHONE_ADDRESS": ("the laptop's address found", "`run --address`: the one phones are told"),
    "LOCAL_ONLY": ("0", "`run --local`: this laptop only, and the links say 127.0.0.1"),
    "LOG_LEVEL": ("WARNING", "the least a message logged to stderr is"),
}


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_int(name: str, default: int) -> int:
    return int(os.environ.get(name, str(default)))


def env_list(name: str, default: str = "") -> list[str]:
    """A comma-separated list, its blanks and empty items left out."""
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]
