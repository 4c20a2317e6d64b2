"""The other servers the laptop's could be, for bench/night.py to measure beside `serve`
(granian) on the same night: each serves the app as `serve` does (LAPTOP=1, DEBUG off, the
body cap of laptop/worker.py), its answers carrying their thread's CPU (bench/served_cpu.py),
one process with a pool of threads, through its public API only and unpatched.

- waitress 3.0.2 (pure Python, the laptop's server before): it closes the connection after
  an answer with no Content-Length, and a 204 may not carry one, so here an unchanged poll
  is answered as an empty 200 with `Content-Length: 0`, which keeps its connection open
  (the page's script treats both alike: nothing to swap);
- cheroot 11 (pure Python, CherryPy's server): its idle keep-alive connections wait in a
  selector, not in a thread; its cap on them (10 by default) raised to the room's.

    python bench/laptop_servers.py waitress|cheroot --port N [--threads 8]
(installed with `pip install -e '.[bench]'`: not the app's runtime)
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
CONNECTIONS = 1000  # a round's phones, each holding one


def empty_200_for_204(app):
    """An unchanged poll (204) answered as an empty 200 that says its length."""

    def application(environ, start_response):
        def starting(status, headers, exc_info=None):
            if status.startswith("204"):
                status = "200 OK"
                headers = [(k, v) for k, v in headers if k.lower() != "content-length"]
                headers.append(("Content-Length", "0"))
            return start_response(status, headers, exc_info)

        return app(environ, starting)

    return application


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("server", choices=("waitress", "cheroot"))
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--threads", type=int, default=8)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from bench.served_cpu import wrap
    from config.wsgi import application
    from laptop.worker import capped

    app = wrap(capped(application))
    if args.server == "waitress":
        import waitress

        waitress.serve(
            empty_200_for_204(app),
            host=HOST,
            port=args.port,
            threads=args.threads,
            connection_limit=CONNECTIONS,
            asyncore_use_poll=True,
            ident="Kitty TD",
        )
    else:
        from cheroot.wsgi import Server

        server = Server((HOST, args.port), app, numthreads=args.threads, request_queue_size=1024)
        server.keep_alive_conn_limit = CONNECTIONS
        try:
            server.start()
        except KeyboardInterrupt:
            server.stop()


if __name__ == "__main__":
    main()
