"""The laptop's own settings: plain HTTP on the hall's network works, DEBUG is off, and the
key is made once; behind a TLS proxy everything stays as it was.

Settings are read once, from the environment, at start-up: those checks run `manage.py`
in a subprocess, as tests/config/test_deploy_check.py does.
"""

import json
import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import OperationalError
from django.http import HttpResponse
from django.test import Client, RequestFactory

from laptop.middleware import DatabaseBusy, SecureCookiesOverHttps
from tests.conftest import make_tournament
from tests.support.helpers import page_form_values, published_round, side_link, table_of

pytestmark = pytest.mark.spawns

ROOT = Path(__file__).resolve().parents[2]
READ = (
    "import json; from django.conf import settings as s; print(json.dumps({k: getattr(s, k, "
    "None) for k in ['DEBUG', 'SECURE_SSL_REDIRECT', 'SECURE_PROXY_SSL_HEADER', "
    "'SESSION_COOKIE_SECURE', 'ALLOWED_HOSTS', 'SECRET_KEY', 'BACKUP_DIRS', 'DATABASES']}, "
    "default=str))"
)


def settings_with(**env: str) -> dict:
    dropped = {"DEBUG", "SECRET_KEY", "LAPTOP", "DATABASE_URL", "CONN_MAX_AGE"}
    clean = {k: v for k, v in os.environ.items() if k not in dropped}
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", READ],
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "config.settings", **env},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_the_laptop_runs_with_debug_off_plain_http_and_a_key_kept_under_var(tmp_path):
    first = settings_with(LAPTOP="1", DATA_DIR=str(tmp_path))
    assert first["DEBUG"] is False
    assert first["SECURE_SSL_REDIRECT"] is False
    assert first["SECURE_PROXY_SSL_HEADER"] is None  # no proxy: no header to trust
    assert len(first["SECRET_KEY"]) >= 50
    assert (tmp_path / "secret-key").read_text().strip() == first["SECRET_KEY"]
    assert first["BACKUP_DIRS"] == [str(tmp_path / "backups")]
    assert {"127.0.0.1", "localhost"} <= set(first["ALLOWED_HOSTS"])
    database = first["DATABASES"]["default"]
    assert database["ENGINE"] == "django.db.backends.sqlite3"  # Django's own, its options only
    assert database["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    assert "journal_mode=WAL" in database["OPTIONS"]["init_command"]
    # Made once: the next start signs with the same key, so sessions and check codes hold.
    assert settings_with(LAPTOP="1", DATA_DIR=str(tmp_path))["SECRET_KEY"] == first["SECRET_KEY"]


def test_behind_a_tls_proxy_https_is_still_forced():
    proxy = settings_with(DEBUG="0", SECRET_KEY=secrets.token_urlsafe(50))
    assert proxy["SECURE_SSL_REDIRECT"] is True
    assert proxy["SESSION_COOKIE_SECURE"] is True
    assert proxy["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]
    assert proxy["BACKUP_DIRS"] == []


def cookie_response(secure: bool):
    request = RequestFactory().get("/", secure=secure)

    def view(request):
        response = HttpResponse()
        response.set_cookie("sessionid", "x", secure=True, httponly=True)
        return response

    return SecureCookiesOverHttps(view)(request)


def test_a_cookie_is_secure_exactly_when_the_request_came_over_https():
    assert cookie_response(secure=True).cookies["sessionid"]["secure"] is True
    plain = cookie_response(secure=False).cookies["sessionid"]
    assert not plain["secure"]
    assert plain["httponly"] is True  # nothing else is loosened


@pytest.mark.django_db
def test_a_phone_at_the_rooms_address_logs_in_and_posts_over_plain_http(settings, director):
    settings.SESSION_COOKIE_SECURE = settings.CSRF_COOKIE_SECURE = True  # as with DEBUG off
    settings.ALLOWED_HOSTS = ["192.168.1.23"]
    tournament = make_tournament(entrants=2, published=True)
    table = table_of(published_round(tournament))
    phone = Client(enforce_csrf_checks=True, HTTP_HOST="192.168.1.23:8000")
    page = phone.get(side_link(table, 0))
    assert page.status_code == 200
    assert not page.cookies["csrftoken"]["secure"]  # the phone keeps it over plain HTTP
    form = {
        "csrfmiddlewaretoken": page.cookies["csrftoken"].value,
        **page_form_values(page),
        "bidding_team": "0",
        "level": "5",
        "form": "plain",
        "books": "12",
    }
    posted = phone.post(
        side_link(table, 0) + "enter/", form, HTTP_ORIGIN="http://192.168.1.23:8000"
    )
    assert posted.status_code == 302, posted.content.decode()[:400]
    assert table.hands.count() == 1


def test_a_database_still_locked_after_the_wait_answers_503_never_500():
    request = RequestFactory().post("/s/x/enter/")
    response = DatabaseBusy(lambda r: None).process_exception(
        request, OperationalError("database is locked")
    )
    assert response.status_code == 503
    assert response["Retry-After"] == "2"
    assert "Nothing was changed" in response.content.decode()
    other = OperationalError("no such table: x")
    assert DatabaseBusy(lambda r: None).process_exception(request, other) is None
