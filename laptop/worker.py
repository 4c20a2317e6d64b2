"""What runs in the laptop server's worker process: the app, its body cap, and the copies.

granian (laptop/management/commands/serve.py) answers the phones from a worker process it
starts itself, on every system as Windows must: a fresh interpreter (multiprocessing's
"spawn"), which imports the app by name. The views ask for copies of the night in their own
process (laptop/backups.py), so the copier is started here, beside them, and its last copy
is made when the worker ends, after the answers under way were sent.
"""

from __future__ import annotations

import atexit
import importlib
import signal

# The biggest request body the app reads: the largest upload it takes (a backup file, at
# most 20 MB: backup.forms.BACKUP_MAX_BYTES) with its form's other fields, as
# docs/production.md keeps a proxy's (client_max_body_size 21m). A file over its own cap up
# to this is answered by the form, in its words; a body past it, here (413), before Django
# reads a byte of it. granian has no such limit of its own.
MAX_BODY_BYTES = 21 * 1024 * 1024
TOO_LARGE = b"The file is too large: at most 20 MB.\n"


def capped(app):
    """`app`, with a body announced past MAX_BODY_BYTES refused before it is read. Django
    reads no more than Content-Length says, and no body that does not say it."""

    def application(environ, start_response):
        try:
            length = int(environ.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0  # Django reads no body then
        if length > MAX_BODY_BYTES:
            start_response(
                "413 Content Too Large",
                [
                    ("Content-Type", "text/plain; charset=utf-8"),
                    ("Content-Length", str(len(TOO_LARGE))),
                    ("Connection", "close"),  # the unread body is not taken for a request
                ],
            )
            return [TOO_LARGE]
        return app(environ, start_response)

    return application


def load(target: str):
    """The WSGI app named `module:attribute`, loaded in the worker (granian's target
    loader): capped, with the copier of the night beside it when copies are kept."""
    if hasattr(signal, "SIGHUP"):  # a closed terminal: the command's process stops this one
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
    module, _, name = target.partition(":")
    app = getattr(importlib.import_module(module), name or "application")

    from laptop import backups  # after the app: Django is set up

    if backups.enabled():
        backups.copier()  # the copies every few minutes start now
        # The worker ends on its own once granian has sent the answers under way: a copy
        # asked for a moment before (a sheet just signed) is made then.
        atexit.register(backups.finish_copies)
    return capped(app)
