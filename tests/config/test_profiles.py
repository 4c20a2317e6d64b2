"""The settings each environment gives, as a club's laptop, a server and a developer rely
on: the profile config/settings/ picks, and what it sets (README, "Settings";
docs/production.md).

Settings are read once, from the environment, at start-up: each is read in a fresh process
with an environment of its own, none of the test run's own variables inherited.
"""

import json
import os
import re
import socket
import subprocess
import sys
from pathlib import Path

import platformdirs
import pytest

from config.environment import VARIABLES

pytestmark = pytest.mark.spawns

ROOT = Path(__file__).resolve().parents[2]
READ = """
import json, sys
from django.conf import settings as s
names = [
    "DEBUG", "LAPTOP", "SECRET_KEY", "SECRET_KEY_FALLBACKS", "ALLOWED_HOSTS", "DATABASES",
    "DATA_DIR", "STATIC_ROOT", "STORAGES", "MIDDLEWARE", "LOGGING", "BACKUP_DIRS",
    "BACKUP_KEEP", "BACKUP_MINUTES", "TIME_ZONE", "LOCAL_ONLY", "PHONE_ADDRESS",
    "CSRF_TRUSTED_ORIGINS", "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE",
    "SECURE_SSL_REDIRECT", "SECURE_PROXY_SSL_HEADER", "SECURE_HSTS_SECONDS",
    "SECURE_CONTENT_TYPE_NOSNIFF", "X_FRAME_OPTIONS", "AXES_IPWARE_PROXY_COUNT",
]
read = {name: getattr(s, name, None) for name in names}
read["profile"] = [m.rpartition(".")[2] for m in sys.modules if m in {
    "config.settings.development", "config.settings.laptop", "config.settings.server"}]
print(json.dumps(read, default=str))
"""
DEV_KEY = "dev-only-insecure-key-never-used-in-production"
DEFAULT_HOSTS = ["127.0.0.1", "localhost", "testserver"]
MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "config.private.SiteOnlyReferrer",
    "laptop.middleware.SecureCookiesOverHttps",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "tournament.middleware.RefuseNulMiddleware",
    "laptop.middleware.DatabaseBusy",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "axes.middleware.AxesMiddleware",
]
SQLITE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL",
}
PLAIN_STATIC = "django.contrib.staticfiles.storage.StaticFilesStorage"
MANIFEST_STATIC = "whitenoise.storage.CompressedManifestStaticFilesStorage"


def read_settings(**env: str) -> dict:
    """The settings a fresh process reads with only these of the settings' variables set."""
    clean = {k: v for k, v in os.environ.items() if k not in VARIABLES and k != "PYTHONPATH"}
    result = subprocess.run(
        [sys.executable, "-c", READ],
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "config.settings", **env},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def assert_shared(read: dict) -> None:
    """What no profile changes: the middleware in its order, and errors logged to stderr
    with the private links masked."""
    assert read["MIDDLEWARE"] == MIDDLEWARE
    assert read["LOGGING"]["root"] == {"handlers": ["console"], "level": "WARNING"}
    assert read["LOGGING"]["handlers"] == {
        "console": {"class": "logging.StreamHandler", "filters": ["private_links"]}
    }


def test_nothing_set_is_development_on_the_users_own_folders():
    read = read_settings()
    assert read["profile"] == ["development"]
    assert read["DEBUG"] is True and read["LAPTOP"] is False
    assert read["SECRET_KEY"] == DEV_KEY and read["SECRET_KEY_FALLBACKS"] == []
    assert read["ALLOWED_HOSTS"] == DEFAULT_HOSTS
    data = platformdirs.user_data_path("kittytd", appauthor=False)
    assert read["DATA_DIR"] == str(data)
    database = read["DATABASES"]["default"]
    assert database["ENGINE"] == "django.db.backends.sqlite3"
    assert database["NAME"] == str(data / "db.sqlite3")
    assert database["OPTIONS"] == SQLITE_OPTIONS
    assert database["CONN_MAX_AGE"] == 0 and database["CONN_HEALTH_CHECKS"] is True
    cache = platformdirs.user_cache_path("kittytd", appauthor=False)
    assert read["STATIC_ROOT"] == str(cache / "static")
    assert read["STORAGES"]["staticfiles"]["BACKEND"] == PLAIN_STATIC
    # Django's own defaults: nothing made secure that a developer's plain HTTP would lose.
    assert read["SESSION_COOKIE_SECURE"] is False and read["CSRF_COOKIE_SECURE"] is False
    assert read["SECURE_SSL_REDIRECT"] is False and read["SECURE_PROXY_SSL_HEADER"] is None
    assert read["SECURE_HSTS_SECONDS"] == 0
    assert read["BACKUP_DIRS"] == [] and read["BACKUP_KEEP"] == 20
    assert read["BACKUP_MINUTES"] == 5.0
    assert read["TIME_ZONE"] == "America/New_York"
    assert read["LOCAL_ONLY"] is False and read["PHONE_ADDRESS"] == ""
    assert read["AXES_IPWARE_PROXY_COUNT"] is None
    assert_shared(read)


def test_the_laptop_keeps_its_key_database_and_copies_in_the_data_folder(tmp_path):
    data = tmp_path / "Kitty #2"
    read = read_settings(LAPTOP="1", DATA_DIR=str(data))
    assert read["profile"] == ["laptop"]
    assert read["DEBUG"] is False and read["LAPTOP"] is True
    key = data / "secret-key"
    assert read["SECRET_KEY"] == key.read_text() and len(read["SECRET_KEY"]) >= 50
    if os.name != "nt":
        assert key.stat().st_mode & 0o777 == 0o600
    host = socket.gethostname().lower()
    assert read["ALLOWED_HOSTS"][:8] == [
        *DEFAULT_HOSTS,
        "127.0.0.1",
        "localhost",
        "[::1]",
        host,
        f"{host}.local",
    ]
    database = read["DATABASES"]["default"]
    assert database["ENGINE"] == "django.db.backends.sqlite3"
    assert database["NAME"] == str(data / "db.sqlite3")  # the `#` kept in the folder's name
    assert database["OPTIONS"] == SQLITE_OPTIONS
    assert database["CONN_MAX_AGE"] == 60
    assert read["BACKUP_DIRS"] == [str(data / "backups")]
    # Plain HTTP in the hall: cookies Secure only over HTTPS (laptop.middleware), nothing
    # redirected, no proxy's header trusted.
    assert read["SESSION_COOKIE_SECURE"] is True and read["CSRF_COOKIE_SECURE"] is True
    assert read["SECURE_SSL_REDIRECT"] is False and read["SECURE_PROXY_SSL_HEADER"] is None
    assert read["SECURE_HSTS_SECONDS"] == 31536000
    assert read["STORAGES"]["staticfiles"]["BACKEND"] == MANIFEST_STATIC
    assert_shared(read)

    # The next start reads the same key, and the keys it had before still match.
    (data / "older-secret-keys").write_text("before\n\nbefore that\n")
    again = read_settings(LAPTOP="1", DATA_DIR=str(data), SECRET_KEY_FALLBACKS="set")
    assert again["SECRET_KEY"] == read["SECRET_KEY"]
    assert again["SECRET_KEY_FALLBACKS"] == ["set", "before", "before that"]


def test_the_laptops_run_options_reach_the_settings(tmp_path):
    """`run --address`, `--local` and `--backup-to` reach the worker through these."""
    data, stick = tmp_path / "data", tmp_path / "stick"
    read = read_settings(
        LAPTOP="1",
        DATA_DIR=str(data),
        PHONE_ADDRESS=" 192.168.1.23 ",
        LOCAL_ONLY="1",
        BACKUP_TO=str(stick),
        DATABASE_URL=f"sqlite:///{tmp_path / 'night.sqlite3'}",
    )
    assert read["PHONE_ADDRESS"] == "192.168.1.23"
    assert read["ALLOWED_HOSTS"][-1] == "192.168.1.23"  # in place of the addresses found
    assert read["LOCAL_ONLY"] is True
    assert read["BACKUP_DIRS"] == [str(data / "backups"), str(stick)]
    assert read["DATABASES"]["default"]["NAME"] == str(tmp_path / "night.sqlite3")


def test_the_laptop_with_debug_on_keeps_its_key_but_nothing_of_debug_off(tmp_path):
    read = read_settings(LAPTOP="1", DEBUG="1", DATA_DIR=str(tmp_path))
    assert read["profile"] == ["laptop"]
    assert read["DEBUG"] is True
    assert read["SECRET_KEY"] == (tmp_path / "secret-key").read_text()
    assert read["SESSION_COOKIE_SECURE"] is False and read["SECURE_HSTS_SECONDS"] == 0
    assert read["STORAGES"]["staticfiles"]["BACKEND"] == PLAIN_STATIC


def test_a_server_behind_a_tls_proxy():
    read = read_settings(
        DEBUG="0",
        SECRET_KEY="k" * 60,
        ALLOWED_HOSTS="td.example.org, club.example.org,",
        CSRF_TRUSTED_ORIGINS="https://td.example.org",
        PROXY_COUNT="1",
    )
    assert read["profile"] == ["server"]
    assert read["DEBUG"] is False and read["LAPTOP"] is False
    assert read["SECRET_KEY"] == "k" * 60
    assert read["ALLOWED_HOSTS"] == ["td.example.org", "club.example.org"]
    assert read["CSRF_TRUSTED_ORIGINS"] == ["https://td.example.org"]
    assert read["SESSION_COOKIE_SECURE"] is True and read["CSRF_COOKIE_SECURE"] is True
    assert read["SECURE_SSL_REDIRECT"] is True
    assert read["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]
    assert read["SECURE_HSTS_SECONDS"] == 31536000
    assert read["SECURE_CONTENT_TYPE_NOSNIFF"] is True and read["X_FRAME_OPTIONS"] == "DENY"
    assert read["STORAGES"]["staticfiles"]["BACKEND"] == MANIFEST_STATIC
    assert read["DATABASES"]["default"]["CONN_MAX_AGE"] == 0
    assert read["BACKUP_DIRS"] == []
    assert read["AXES_IPWARE_PROXY_COUNT"] == 0  # one proxy: none listed but the client
    assert_shared(read)

    chosen = read_settings(
        DEBUG="0",
        SECRET_KEY="k",
        SECURE_SSL_REDIRECT="0",
        SECURE_HSTS_SECONDS="3600",
        STATIC_ROOT="/srv/kittytd/static",
        LOG_LEVEL="INFO",
    )
    assert chosen["SECURE_SSL_REDIRECT"] is False and chosen["SECURE_HSTS_SECONDS"] == 3600
    assert chosen["STATIC_ROOT"] == str(Path("/srv/kittytd/static"))
    assert chosen["LOGGING"]["root"]["level"] == "INFO"


@pytest.mark.parametrize(
    ("env", "options"),
    [
        ({}, {"server_side_binding": True, "prepare_threshold": 2}),
        ({"DB_PREPARED": "0"}, {}),
    ],
)
def test_postgresql_through_our_backend_with_its_statements_kept_prepared(env, options):
    read = read_settings(DATABASE_URL="postgres://user@db.example.org:5432/kittytd", **env)
    database = read["DATABASES"]["default"]
    assert database["ENGINE"] == "config.postgresql"
    assert (database["NAME"], database["HOST"], database["PORT"]) == (
        "kittytd",
        "db.example.org",
        5432,
    )
    assert database.get("OPTIONS", {}) == options
    assert database["CONN_MAX_AGE"] == 0


def test_the_clubs_clock_and_copies_elsewhere(tmp_path):
    read = read_settings(
        TIME_ZONE="Europe/London", BACKUP_TO=str(tmp_path), BACKUP_KEEP="3", BACKUP_MINUTES="0.5"
    )
    assert read["profile"] == ["development"]
    assert read["TIME_ZONE"] == "Europe/London"
    assert read["BACKUP_DIRS"] == [str(tmp_path)]  # a server keeps no copies of its own
    assert (read["BACKUP_KEEP"], read["BACKUP_MINUTES"]) == (3, 0.5)
    assert read_settings(LOCAL_ONLY="1")["LOCAL_ONLY"] is True


# --- the list of variables -------------------------------------------------------------

READERS = re.compile(r"""(?:env_\w+|os\.environ\.get|os\.environ\[)\(?\s*["']([A-Z_]+)["']""")


def variables_read() -> set[str]:
    """What the settings and the data folder read from the environment (DATABASE_URL is
    read by dj-database-url)."""
    sources = [*(ROOT / "config" / "settings").glob("*.py"), ROOT / "kittytd" / "data.py"]
    found = {"DATABASE_URL"}
    for source in sources:
        found |= set(READERS.findall(source.read_text(encoding="utf-8")))
    return found


def variables_in_table(document: Path, heading: str) -> set[str]:
    """The variables a document's table lists under a heading (its rows' first cells)."""
    text = document.read_text(encoding="utf-8").split(heading, 1)[1]
    rows = re.findall(r"^\| (`[A-Z_]+`(?:, `[A-Z_]+`)*) \|", text, re.MULTILINE)
    return {name for row in rows for name in re.findall(r"`([A-Z_]+)`", row)}


def test_every_variable_read_is_listed_once_and_every_one_listed_is_read():
    assert variables_read() == set(VARIABLES)


def test_the_readme_and_the_production_guide_name_only_variables_listed():
    readme = variables_in_table(ROOT / "README.md", "## Settings")
    production = variables_in_table(ROOT / "docs" / "production.md", "## Settings")
    assert {"DATABASE_URL", "LAPTOP", "TIME_ZONE", "BACKUP_KEEP"} <= readme
    assert {"SECRET_KEY_FALLBACKS", "PROXY_COUNT", "DB_PREPARED"} <= production
    assert readme | production <= set(VARIABLES)
