"""The laptop's server keeps a phone's connection open after an answer with no body.

waitress 3 closes the connection after every answer without a Content-Length, and a 204
or 304 may not carry one (RFC 9110, 8.6 and 15.3.5): so every unchanged poll (204, each
phone every few seconds) cost the phone a new TCP connection over the hall's Wi-Fi and the
server a new channel in its one loop. Such an answer is complete at its headers, so under
HTTP/1.1 the connection may stay open, unless the client asked to close it.
"""

from __future__ import annotations

from waitress.channel import HTTPChannel
from waitress.task import WSGITask


class Task(WSGITask):
    def set_close_on_finish(self) -> None:
        if (
            not self.has_body
            and self.version == "1.1"
            and self.request.headers.get("CONNECTION", "").lower() != "close"
        ):
            return
        super().set_close_on_finish()


class Channel(HTTPChannel):
    task_class = Task


def keep_alive(server) -> None:
    """Serve `server`'s new connections with the channel above (one listening socket)."""
    server.channel_class = Channel
