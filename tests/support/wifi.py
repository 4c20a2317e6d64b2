"""The hall's Wi-Fi between a phone and the laptop, as a test can drop it: a TCP proxy on
127.0.0.1, on a port of its own, in front of a server. The phone loads the page through
`url`; `down()` cuts every open connection and each new one, `up()` lets them through
again. Any browser engine goes offline so, the server itself never stops, and WebDriver,
which has no offline switch, needs none.
"""

from __future__ import annotations

import socket
import struct
import threading
from urllib.parse import urlsplit

# How long a connection to the server may take to open: the live server is on this machine.
CONNECT_SECONDS = 10


def _cut(sock: socket.socket) -> None:
    """End a connection at once, as a dropped network does. Shut down first: a close alone
    neither wakes a thread waiting on the socket nor tells the other end."""
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:  # closed already, or never connected
        pass
    sock.close()


class Wifi:
    """Start it with `with Wifi(live_server.url) as wifi:`; pages at `wifi.url + path`."""

    def __init__(self, server_url: str):
        parts = urlsplit(server_url)
        self.server = (parts.hostname, parts.port)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        self.is_up = True
        self.open: set[socket.socket] = set()
        self.lock = threading.Lock()
        self.accepting = threading.Thread(target=self._accept, daemon=True)
        self.accepting.start()

    def down(self) -> None:
        with self.lock:
            self.is_up = False
            cut, self.open = self.open, set()
        for sock in cut:
            _cut(sock)

    def up(self) -> None:
        with self.lock:
            self.is_up = True

    def close(self) -> None:
        self.down()
        _cut(self.listener)  # the accepting thread ends on it
        self.accepting.join(timeout=CONNECT_SECONDS)

    def __enter__(self) -> Wifi:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _accept(self) -> None:
        while True:
            try:
                phone, _ = self.listener.accept()
            except OSError:  # the listener closed: the proxy is done
                return
            threading.Thread(target=self._connect, args=(phone,), daemon=True).start()

    def _connect(self, phone: socket.socket) -> None:
        if not self.is_up:
            _cut(phone)
            return
        try:
            server = socket.create_connection(self.server, timeout=CONNECT_SECONDS)
        except OSError:
            _cut(phone)
            return
        server.settimeout(None)
        with self.lock:
            through = self.is_up
            if through:
                self.open.update((phone, server))
        if not through:  # dropped while connecting
            _cut(phone)
            _cut(server)
            return
        back = threading.Thread(target=self._pump, args=(server, phone), daemon=True)
        back.start()
        self._pump(phone, server)
        back.join()
        with self.lock:
            self.open.difference_update((phone, server))
        phone.close()
        server.close()

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket) -> None:
        """Bytes one way until that end closes, or the network is cut."""
        try:
            while data := source.recv(65536):
                sink.sendall(data)
            sink.shutdown(socket.SHUT_WR)  # the end passed on, as a router does
        except OSError:  # cut, or the other end reset it: the other way ends too
            _cut(source)
            _cut(sink)
