"""A worker's kept PostgreSQL connection (CONN_MAX_AGE), checked before each request
(config/postgresql/): a phone's poll asks the database nothing for the check, and a
connection the database ended is replaced before the request, never failed in it."""

import select
import time

import psycopg
import pytest
from django.db import close_old_connections, connection
from django.test import Client

from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support.helpers import published_round, side_link, table_of

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="a PostgreSQL connection's check (set DATABASE_URL=postgres://...)",
    ),
    pytest.mark.django_db(transaction=True),
]


def a_side_link(game: str) -> str:
    tournament = make_tournament(game, entrants=2 * ONE_TABLE[game], published=True)
    return side_link(table_of(published_round(tournament)), 0)


def kept_connection() -> psycopg.Connection:
    """This thread's connection, kept between requests as a worker keeps it."""
    connection.ensure_connection()
    connection.close_at = None  # CONN_MAX_AGE without end (the tests' settings say 0)
    return connection.connection


def next_request(client: Client, path: str, **headers):
    """A request as a server's worker makes it: Django's request_started first (the test
    client leaves that signal out)."""
    close_old_connections()
    return client.get(path, **headers)


@pytest.mark.parametrize("game", GAMES)
def test_a_poll_on_a_kept_connection_asks_the_database_nothing_more(game, monkeypatch):
    link = a_side_link(game)
    client = Client()
    page = next_request(client, link)
    assert page.status_code == 200
    poll_address = page.context["live_url"]  # the page's own poll: ?since=<its version>
    kept = kept_connection()

    def asked(*args, **kwargs):
        raise AssertionError("the check asked the database")

    # The check before a request's first query: asking the database through the
    # connection itself fails the test.
    monkeypatch.setattr(kept, "execute", asked)
    monkeypatch.setattr(kept, "cursor", asked)
    connection.health_check_done = False  # as after the last request (request_finished)
    connection.close_if_health_check_failed()
    monkeypatch.undo()
    assert connection.connection is kept  # checked, kept, and nothing asked
    poll = next_request(client, poll_address, HTTP_HX_REQUEST="true")
    assert poll.status_code == 204


@pytest.mark.parametrize("game", GAMES)
def test_a_connection_the_database_ended_is_replaced_before_the_next_request(game):
    link = a_side_link(game)
    client = Client()
    assert next_request(client, link).status_code == 200
    kept = kept_connection()
    ended = kept.info.backend_pid
    settings = connection.settings_dict
    admin = psycopg.connect(
        host=settings["HOST"] or None,
        port=settings["PORT"] or None,
        user=settings["USER"],
        password=settings["PASSWORD"] or None,
        dbname=settings["NAME"],
        autocommit=True,
    )
    with admin:
        admin.execute("SELECT pg_terminate_backend(%s)", [ended])
    # The backend's goodbye reaches this side's socket, as it would between two polls.
    until = time.monotonic() + 5
    while not select.select([kept.fileno()], [], [], 0.05)[0] and time.monotonic() < until:
        pass
    page = next_request(client, link)
    assert page.status_code == 200
    assert page.context["slot"] == (1, 1)  # hand 1's form, as before
    assert connection.connection.info.backend_pid != ended
