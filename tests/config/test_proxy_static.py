"""docs/production.md's nginx serves the static files itself, as written there: its
`location /static/` block, copied from the docs, run by Debian's nginx on loopback over a
STATIC_ROOT of collectstatic's kind. A phone's first page then fetches them from nginx,
cached for good and never sniffed, and they are the files themselves."""

from __future__ import annotations

import http.client
import re
import socket
import subprocess
import time
from pathlib import Path

import pytest

from tests.support.nginx import binary, command, configuration
from tests.support.served import free_port

ROOT = Path(__file__).resolve().parents[2]
NGINX = binary()

pytestmark = [
    pytest.mark.spawns,  # nginx, in a process of its own
    pytest.mark.skipif(
        NGINX is None,
        reason="needs Debian's nginx (apt-get install nginx-light; .ci/run installs it)",
    ),
]


def docs_static_block() -> str:
    """The `location /static/ { ... }` block of the docs' first nginx server."""
    docs = (ROOT / "docs" / "production.md").read_text(encoding="utf-8")
    block = re.search(r"^ {4}location /static/ \{\n.*?^ {4}\}\n", docs, re.M | re.S)
    assert block, "docs/production.md's nginx has no location /static/ block"
    return block.group(0)


@pytest.fixture
def proxy(tmp_path):
    static = tmp_path / "staticfiles"
    static.mkdir()
    # Named as collectstatic names a file in production: its content's hash in the name.
    script = (ROOT / "static" / "kitty.js").read_bytes()
    (static / "kitty.0123456789ab.js").write_bytes(script)
    block = docs_static_block()
    alias = re.search(r"alias (\S+);", block).group(1)
    port = free_port()
    http_block = (
        "    types { application/javascript js; }\n"
        f"    server {{\n        listen 127.0.0.1:{port};\n"
        + block.replace(alias, f"{static}/")
        + "    }\n"
    )
    (tmp_path / "nginx.conf").write_text(configuration(tmp_path, http_block, connections=64))
    process = subprocess.Popen(command(NGINX, tmp_path), stderr=subprocess.PIPE)
    until = time.monotonic() + 10
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            assert process.poll() is None, process.stderr.read().decode()
            assert time.monotonic() < until, "nginx did not start"
            time.sleep(0.05)
    yield port, script
    process.terminate()
    process.wait(timeout=10)


def test_the_docs_nginx_serves_a_static_file_cached_for_good(proxy):
    port, script = proxy
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", "/static/kitty.0123456789ab.js")
    answer = connection.getresponse()
    assert answer.status == 200
    assert answer.read() == script
    assert answer.getheader("Cache-Control") == "max-age=315360000, public, immutable"
    assert answer.getheader("X-Content-Type-Options") == "nosniff"
    assert answer.getheader("Content-Type") == "application/javascript"
    connection.request("GET", "/static/missing.js")
    missing = connection.getresponse()
    missing.read()
    assert missing.status == 404
