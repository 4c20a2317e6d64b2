"""A phone's poll keeps its connection to the laptop's server.

Each phone polls its table page every few seconds, and most polls answer 204 (nothing
new). The laptop's server before (waitress) closed the connection after every 204, so each
poll opened a new one: at 250 tables, about 100 new connections a second, and the server
spent more on them than the app spent on the answers (bench/night.py). The connection stays
open, on the real server, as HTTP/1.1 means it to, unless the phone asks to close.
"""

from __future__ import annotations

import html
import http.client
import re

import pytest

from tests.support.served import HOST, served

pytestmark = pytest.mark.spawns  # the laptop's server, in a process of its own

HX_GET = re.compile(r'hx-get="([^"]*)"')
POLL = {"HX-Request": "true", "HX-Target": "live", "HX-Trigger": "live"}


@pytest.fixture(scope="module")
def laptop(tmp_path_factory):
    with served(tmp_path_factory.mktemp("laptop")) as running:
        yield running, running.night(1, slug="keep-alive")


def open_page(conn: http.client.HTTPConnection, link: str) -> str:
    """The table page as a phone opens it; the poll's address it names."""
    conn.request("GET", link)
    response = conn.getresponse()
    text = response.read().decode()
    assert response.status == 200
    path = html.unescape(HX_GET.search(text).group(1))
    return link + path if path.startswith("?") else path


def poll(conn: http.client.HTTPConnection, path: str, **headers) -> http.client.HTTPResponse:
    conn.request("GET", path, headers={**POLL, **headers})
    response = conn.getresponse()
    response.read()
    return response


def test_unchanged_polls_are_answered_on_the_connection_the_page_was_loaded_on(laptop):
    server, night = laptop
    conn = http.client.HTTPConnection(HOST, server.port, timeout=10)
    try:
        path = open_page(conn, night.tables[0].links[0])
        socket_of_the_page = conn.sock
        for _ in range(3):
            answer = poll(conn, path)
            assert answer.status == 204
            assert answer.getheader("Connection") is None  # not "close"
            assert not answer.will_close
            assert conn.sock is socket_of_the_page  # the same TCP connection, still open
    finally:
        conn.close()


def test_a_phone_that_asks_to_close_gets_its_connection_closed(laptop):
    server, night = laptop
    conn = http.client.HTTPConnection(HOST, server.port, timeout=10)
    try:
        path = open_page(conn, night.tables[0].links[1])
        answer = poll(conn, path, Connection="close")
        assert answer.status == 204
        assert answer.getheader("Connection") == "close"
        assert conn.sock is None  # http.client closed it, as the server said
    finally:
        conn.close()
