"""The laptop's server and the room's phones' connections, as `manage.py serve` runs it
(granian), on a small app in the night's place (tests/laptop/wsgi_apps.py).

What a round's start asks of it: hundreds of phones each holding a connection, most idle
between polls; a phone on a bad line that sends its request slowly; an answer too big
for the socket's buffers; a phone whose request the app takes long to answer.
"""

from __future__ import annotations

import http.client
import os
import signal
import socket
import threading

import pytest

from tests.support.served import HOST, served

pytestmark = pytest.mark.spawns  # the laptop's server, in a process of its own

IDLE_PHONES = 300


@pytest.fixture(scope="module")
def laptop(tmp_path_factory):
    folder = tmp_path_factory.mktemp("connections")
    with served(folder, argv=("--app", "tests.laptop.wsgi_apps:echo")) as running:
        yield running


def get(conn: http.client.HTTPConnection, path: str) -> tuple[int, bytes]:
    conn.request("GET", path)
    response = conn.getresponse()
    return response.status, response.read()


def test_every_phone_is_answered_on_its_own_connection_among_many_idle_ones(laptop):
    phones = [http.client.HTTPConnection(HOST, laptop.port, timeout=10) for _ in range(IDLE_PHONES)]
    try:
        for n, phone in enumerate(phones):
            assert get(phone, f"/page/{n}") == (200, f"/page/{n} 0".encode())
        sockets = [phone.sock for phone in phones]
        # A phone that just joined is answered while all of them stay open and idle.
        newcomer = http.client.HTTPConnection(HOST, laptop.port, timeout=10)
        assert get(newcomer, "/new") == (200, b"/new 0")
        newcomer.close()
        # Every phone polls again on the connection it holds, many at the same moment.
        answers = {}

        def poll(n: int) -> None:
            answers[n] = get(phones[n], f"/poll/{n}")

        threads = [threading.Thread(target=poll, args=(n,)) for n in range(IDLE_PHONES)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(20)
        assert answers == {n: (200, f"/poll/{n} 0".encode()) for n in range(IDLE_PHONES)}
        assert [phone.sock for phone in phones] == sockets  # none was closed and opened again
    finally:
        for phone in phones:
            phone.close()


def test_a_phone_sending_its_request_slowly_holds_up_no_other(laptop):
    with socket.create_connection((HOST, laptop.port), timeout=10) as slow:
        slow.sendall(b"POST /slow HTTP/1.1\r\nHost: x\r\nContent-Len")  # and the line drops
        other = http.client.HTTPConnection(HOST, laptop.port, timeout=10)
        for n in range(20):
            assert get(other, f"/{n}") == (200, f"/{n} 0".encode())
        other.close()
        slow.sendall(b"gth: 5\r\n\r\nhello")  # the rest, at last
        answer = b""
        while not answer.endswith(b"/slow 5"):
            part = slow.recv(65536)
            assert part, answer
            answer += part
        assert answer.startswith(b"HTTP/1.1 200")


def test_a_phone_whose_answer_takes_long_holds_up_no_other(laptop):
    held = http.client.HTTPConnection(HOST, laptop.port, timeout=30)
    held.request("GET", "/hold")  # the app answers it only once /release is asked
    other = http.client.HTTPConnection(HOST, laptop.port, timeout=10)
    try:
        for n in range(20):
            assert get(other, f"/{n}") == (200, f"/{n} 0".encode())
        assert get(other, "/release") == (200, b"/release 0")
        response = held.getresponse()
        assert (response.status, response.read()) == (200, b"/hold 0")
    finally:
        held.close()
        other.close()


def test_a_long_answer_arrives_whole_and_the_connection_serves_the_next(laptop):
    phone = http.client.HTTPConnection(HOST, laptop.port, timeout=10)
    try:
        status, body = get(phone, "/big")
        assert status == 200 and len(body) == 3 * 1024 * 1024 and set(body) == {ord("k")}
        assert get(phone, "/after") == (200, b"/after 0")
    finally:
        phone.close()


def test_two_requests_sent_together_are_answered_in_order(laptop):
    with socket.create_connection((HOST, laptop.port), timeout=10) as sock:
        sock.sendall(b"GET /one HTTP/1.1\r\nHost: x\r\n\r\nGET /two HTTP/1.1\r\nHost: x\r\n\r\n")
        received = b""
        while received.count(b"HTTP/1.1 200") < 2 or not received.endswith(b"/two 0"):
            chunk = sock.recv(65536)
            assert chunk, received
            received += chunk
    assert received.index(b"/one") < received.index(b"/two")


def test_a_closed_terminal_stops_the_server_as_ctrl_c_does(tmp_path):
    """The terminal closed (SIGHUP to the command and its worker): the server stops as by
    Ctrl+C, and says so, instead of going on with no window to stop it from."""
    with served(tmp_path / "laptop", argv=("--app", "tests.laptop.wsgi_apps:echo")) as laptop:
        os.killpg(laptop.process.pid, signal.SIGHUP)
        assert laptop.process.wait(timeout=30) == 0
        assert "Stopped. The night is kept in" in laptop.log()
        assert not (tmp_path / "laptop" / "serving").exists()
