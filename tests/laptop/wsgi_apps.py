"""Small WSGI apps the laptop's server runs in the tests in the night's place
(`manage.py serve --app tests.laptop.wsgi_apps:<name>`), so that what the server does is
seen apart from what the app does."""

from __future__ import annotations

import threading

HELD = threading.Event()  # /hold's answers wait for /release (in the same worker)


def echo(environ, start_response):
    """Answers its path, and how many bytes of the body it read (all of them); `/big`
    answers 3 MB, more than a socket's buffers; `/hold` waits until `/release` is asked."""
    path = environ["PATH_INFO"]
    if path == "/hold":
        HELD.wait(30)
    elif path == "/release":
        HELD.set()
    read = len(environ["wsgi.input"].read()) if environ["REQUEST_METHOD"] == "POST" else 0
    body = b"k" * (3 * 1024 * 1024) if path == "/big" else f"{path} {read}".encode()
    start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", str(len(body)))])
    return [body]
