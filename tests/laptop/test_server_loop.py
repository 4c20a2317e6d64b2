"""The laptop server's loop (laptop/loop.py) under what a round's start does to it.

Each test runs a real waitress server, as `manage.py serve` builds it, on a small WSGI app,
once with poll() (Linux, macOS) and once with select() (what Windows has).
"""

from __future__ import annotations

import http.client
import socket
import threading
import time

import pytest
from waitress.server import create_server

from laptop import loop as server_loop
from laptop.keep_alive import Channel, keep_alive

HOST = "127.0.0.1"
BIG = 3 * 1024 * 1024  # more than the socket's buffers: sent over many turns


def app(environ, start_response):
    query = environ.get("QUERY_STRING", "")
    if query == "slow":
        # A worker holding its answer: half written, then busy for a while.
        start_response("200 OK", [("Content-Type", "text/plain")])
        yield b"first half, "
        time.sleep(0.5)
        yield b"second half"
        return
    body = b"k" * BIG if query == "big" else environ["PATH_INFO"].encode()
    start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", str(len(body)))])
    yield body


class Server:
    def __init__(self, use_poll: bool, **adjustments):
        self.waitress = create_server(
            app,
            host=HOST,
            port=0,
            threads=4,
            asyncore_use_poll=use_poll,
            connection_limit=500,  # as `manage.py serve` (1000 where it polls)
            **adjustments,
        )
        keep_alive(self.waitress)
        self.loop = server_loop.use_loop(self.waitress)
        self.port = self.waitress.effective_port
        self.thread = threading.Thread(target=self.waitress.run, daemon=True)
        self.thread.start()

    def connection(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection(HOST, self.port, timeout=10)

    def stop(self) -> None:
        self.loop.running = False
        self.waitress.pull_trigger()
        self.thread.join(5)
        self.waitress.task_dispatcher.shutdown()
        self.waitress.close()


@pytest.fixture(params=[True, False], ids=["poll", "select"])
def served(request):
    servers = []

    def start(**adjustments):
        servers.append(Server(request.param, **adjustments))
        return servers[-1]

    yield start
    for server in servers:
        server.stop()


def get(conn: http.client.HTTPConnection, path: str) -> tuple[int, bytes]:
    conn.request("GET", path)
    response = conn.getresponse()
    return response.status, response.read()


def test_every_phone_is_answered_on_its_own_connection_among_many_idle_ones(served):
    server = served()
    phones = [server.connection() for _ in range(150)]
    try:
        for n, phone in enumerate(phones):
            assert get(phone, f"/page/{n}") == (200, f"/page/{n}".encode())
        time.sleep(0.2)
        # Every phone polls again on the connection it holds, some at the same moment.
        answers = {}

        def poll(n: int) -> None:
            answers[n] = get(phones[n], f"/poll/{n}")

        threads = [threading.Thread(target=poll, args=(n,)) for n in range(150)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(10)
        assert answers == {n: (200, f"/poll/{n}".encode()) for n in range(150)}
    finally:
        for phone in phones:
            phone.close()


def test_a_long_answer_arrives_whole_and_the_connection_serves_the_next(served):
    server = served()
    phone = server.connection()
    try:
        status, body = get(phone, "/?big")
        assert status == 200 and len(body) == BIG and set(body) == {ord("k")}
        assert get(phone, "/after") == (200, b"/after")
    finally:
        phone.close()


def test_two_requests_sent_together_are_answered_in_order(served):
    server = served()
    with socket.create_connection((HOST, server.port), timeout=10) as sock:
        sock.sendall(b"GET /one HTTP/1.1\r\nHost: x\r\n\r\nGET /two HTTP/1.1\r\nHost: x\r\n\r\n")
        received = b""
        while received.count(b"HTTP/1.1 200") < 2 or not received.endswith(b"/two"):
            chunk = sock.recv(65536)
            assert chunk, received
            received += chunk
    assert received.index(b"/one") < received.index(b"/two")


def test_the_loop_waits_while_a_worker_holds_a_half_written_answer(served, monkeypatch):
    server = served()
    # Held back in the connection's buffer, as on a loaded machine where the loop sees
    # the bytes before the worker has sent them (waitress 3 sends at once otherwise).
    server.waitress.adj.send_bytes = 1 << 20
    slow, other = server.connection(), server.connection()
    asked = []
    writable = Channel.writable
    monkeypatch.setattr(Channel, "writable", lambda obj: asked.append(obj) or writable(obj))
    answer = {}
    try:
        get(other, "/open")
        worker = threading.Thread(target=lambda: answer.update(slow=get(slow, "/?slow")))
        worker.start()
        time.sleep(0.1)
        asked.clear()
        for n in range(10):  # other phones' polls wake the loop meanwhile
            assert get(other, f"/{n}") == (200, f"/{n}".encode())
            time.sleep(0.02)
        worker.join(10)
        assert answer["slow"] == (200, b"first half, second half")
        # waitress's own loop asks to write on the half-written connection, finds the
        # socket ready, has nothing it may send, and turns again without pause: tens of
        # thousands of questions in those 0.3 s. Here, a few per poll.
        assert len(asked) < 300
    finally:
        slow.close()
        other.close()


def test_idle_connections_are_not_asked_at_each_turn(served, monkeypatch):
    server = served()
    idle = [server.connection() for _ in range(200)]
    asked = []
    try:
        for phone in idle:
            get(phone, "/open")
        time.sleep(0.2)
        readable = Channel.readable
        monkeypatch.setattr(Channel, "readable", lambda obj: asked.append(obj) or readable(obj))
        phone = server.connection()
        for n in range(50):
            assert get(phone, f"/{n}") == (200, f"/{n}".encode())
        phone.close()
        # 50 answers; waitress's loop asks all 200 idle connections at each of their turns
        # (10,000 and more); here a turn asks those with news, and once a second all.
        assert len(asked) < 200 + 50 * 10
    finally:
        for phone in idle:
            phone.close()


def test_a_connection_left_idle_is_closed_and_a_closed_one_is_forgotten(served):
    server = served(channel_timeout=1, cleanup_interval=1)
    with socket.create_connection((HOST, server.port), timeout=10) as sock:
        sock.sendall(b"GET /x HTTP/1.1\r\nHost: x\r\n\r\n")
        answer = b""
        while not answer.endswith(b"\r\n\r\n/x"):  # the headers and the body may come apart
            part = sock.recv(65536)
            assert part, answer
            answer += part
        assert answer.startswith(b"HTTP/1.1 200")
        sock.settimeout(6)
        assert sock.recv(1) == b""  # closed by the server's maintenance, idle past 1 s
    phone = server.connection()
    get(phone, "/y")
    open_before = len(server.waitress._map)
    phone.close()
    deadline = time.monotonic() + 5
    while len(server.waitress._map) >= open_before and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(server.waitress._map) == open_before - 1
