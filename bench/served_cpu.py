"""The app as the benches serve it: each answer says, in an `X-Bench-CPU` header, the CPU
seconds its own thread spent on it (Django, the middleware, the view, and SQLite's work
when SQLite is the database: it runs in that thread).

What a night's kinds of request cost can then be told apart in one mixed run, which the
process's total CPU cannot do. Not counted: the server's own work around the app (granian's
Rust threads that read and write the sockets, gunicorn's parsing before the app is called)
and PostgreSQL's backends: the bench reports those per phase.

The app itself is unchanged: the header is added as its answer starts.
    gunicorn bench.served_cpu:application ...                 (instead of config.wsgi)
    manage.py serve --app bench.served_cpu:application ...    (the README's run command,
                                                               its worker's app wrapped)
"""

from __future__ import annotations

import os
import time

HEADER = "X-Bench-CPU"


def wrap(app):
    """The WSGI app, each answer with its thread's CPU seconds so far in the request."""

    def timed(environ, start_response):
        began = time.thread_time()

        def starting(status, headers, exc_info=None):
            # Django calls this once the answer is made: everything but sending it.
            spent = time.thread_time() - began
            return start_response(status, [*headers, (HEADER, f"{spent:.6f}")], exc_info)

        return app(environ, starting)

    return timed


def __getattr__(name: str):
    """The app, `bench.served_cpu:application`, made when the server asks for it (the
    bench imports this module for its header's name only)."""
    if name != "application":
        raise AttributeError(name)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from config.wsgi import application

    return wrap(application)
