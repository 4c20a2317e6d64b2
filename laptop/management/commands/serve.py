"""Serve the night from this laptop to the phones in the hall (`kittytd run`, and
`python3 dev.py run` in a checkout).

waitress: a production WSGI server in pure Python, so the same command runs on Windows,
macOS and Linux with nothing but Python (gunicorn does not run on Windows). One process
with a pool of threads: the night's SQLite file is written by one process only, and the
copies of it (laptop/backups.py) are made by a thread beside the server.
"""

from __future__ import annotations

import argparse
import io
import logging
import os
import re
import signal
import socket
import sys
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

from kittytd import __version__
from kittytd.cli import said_as
from laptop import backups, network
from laptop.keep_alive import keep_alive
from laptop.loop import use_loop

DEFAULT_PORT = 8000
# The biggest request body the server reads: the largest upload the app takes (a backup
# file, at most 20 MB: backup.forms.BACKUP_MAX_BYTES) with its form's other fields, as
# docs/production.md keeps a proxy's (client_max_body_size 21m). A file over its own cap
# up to this is answered by the form, in its words; a body past it, by waitress (413)
# before it is read. waitress's own limit, 1 GB, let anyone fill the laptop's disk.
MAX_BODY_BYTES = 21 * 1024 * 1024


def port_number(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= 65535:
        raise ValueError(text)
    return int(text)


def host_address(text: str) -> str:
    """An address as phones type it: 192.168.1.23, or a name such as kitty.local."""
    if not re.fullmatch(r"[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?", text.strip()):
        raise ValueError(text)
    return text.strip()


def thread_count(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= 64:
        raise ValueError(text)
    return int(text)


# argparse names the type in its message: "invalid port value: 'eighty'"
port_number.__name__, host_address.__name__, thread_count.__name__ = "port", "address", "threads"


# While the night is served: its port, in the data folder (kittytd restore asks it).
SERVING = Path(settings.DATA_DIR) / "serving"
# Django's options that mean nothing to a director, left out of `run --help`.
QUIET = {"--version", "--verbosity", "--settings", "--pythonpath", "--traceback"}
QUIET |= {"--no-color", "--force-color"}


class Command(BaseCommand):
    help = "Serve the night to the phones on this laptop's network (plain HTTP, DEBUG off)."
    suppressed_base_arguments = QUIET

    def add_arguments(self, parser):
        parser.add_argument("--port", type=port_number, default=DEFAULT_PORT, help="default 8000")
        parser.add_argument(
            "--local",
            action="store_true",
            help="serve this laptop only (127.0.0.1): no phone can reach it",
        )
        parser.add_argument(
            "--address",
            type=host_address,
            help="the address phones use, when the one found is not the hall's network",
        )
        parser.add_argument(
            "--backup-to",
            metavar="FOLDER",
            help="a second folder for the copies of the night (a USB stick)",
        )
        # Read before the settings by kittytd/cli.py, which takes it out: here for --help.
        parser.add_argument(
            "--data",
            metavar="FOLDER",
            help=f"the folder of the club's data (now {settings.DATA_DIR})",
        )
        parser.add_argument(
            "--no-demo",
            action="store_true",
            help="no demo nights in a new database: only the director's login",
        )
        parser.add_argument("--threads", type=thread_count, default=8, help=argparse.SUPPRESS)
        parser.add_argument("--demo", action="store_true", help=argparse.SUPPRESS)

    def create_parser(self, prog_name, subcommand, **kwargs):
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        parser.prog = said_as("run", with_data=False)

        def one_line(message: str) -> None:
            # One clear line instead of argparse's usage block.
            self.stderr.write(f"{message} (`{said_as('run')} --help` lists the options)")
            sys.exit(2)

        parser.error = one_line
        return parser

    def handle(self, *args, port, local, address, backup_to, threads, demo, no_demo, **options):
        if settings.DEBUG:
            raise CommandError(f"serve runs with DEBUG off: use `{said_as('run')}`.")
        if address:
            settings.PHONE_ADDRESS = address
            settings.ALLOWED_HOSTS.append(address)
        if backup_to:
            settings.BACKUP_DIRS.append(os.path.abspath(backup_to))
        host = "127.0.0.1" if local else "0.0.0.0"
        app = {}  # the port is taken first, so that a port in use is said before any setup
        server = self.bind(lambda environ, start: app["wsgi"](environ, start), host, port, threads)

        # Refuses a database a newer version wrote, and copies one it upgrades (upgrade/).
        call_command("migrate", interactive=False, verbosity=0, stdout=self.stdout)
        call_command("collectstatic", interactive=False, verbosity=0)
        if no_demo:  # a club's own night: the director's login, no demo
            call_command("setup_demo", "--director-only", stdout=self.stdout)
        elif demo:
            call_command("setup_demo", stdout=self.stdout)
        from django.core.wsgi import get_wsgi_application

        app["wsgi"] = get_wsgi_application()  # after collectstatic: whitenoise reads the files
        if backups.enabled():
            backups.copier()  # the copies every few minutes start now

        self.say_where(port, local)
        SERVING.write_text(str(port), encoding="ascii")  # restore asks before replacing
        # waitress says "Task queue depth is N" whenever requests wait for a thread: a
        # round's first seconds are a queue, not news.
        logging.getLogger("waitress.queue").setLevel(logging.ERROR)
        # Asked to stop (a service manager, `kill`): stopped as by Ctrl+C, not cut off.
        signal.signal(signal.SIGTERM, stop_as_by_ctrl_c)
        try:
            server.run()  # until Ctrl+C, which waitress's loop takes itself
        except KeyboardInterrupt:
            pass
        finally:
            signal.signal(signal.SIGTERM, signal.SIG_DFL)  # a second one ends it at once
            server.close()
            # A copy asked for a moment ago (a sheet just signed) is made before the end.
            backups.finish_copies()
            fold_journal()
            SERVING.unlink(missing_ok=True)
        self.stdout.write(f"Stopped. The night is kept in {settings.DATA_DIR}.")

    def bind(self, application, host: str, port: int, threads: int):
        from waitress.server import create_server

        many = os.name != "nt"  # Windows' select() takes at most 512 sockets
        try:
            server = create_server(
                application,
                host=host,
                port=port,
                threads=threads,
                # A round's phones hold a connection each, and poll on it.
                connection_limit=1000 if many else 500,
                asyncore_use_poll=many,
                max_request_body_size=MAX_BODY_BYTES,
                ident="Kitty TD",
            )
        except OSError as error:
            if error.errno in (98, 48, 10048):  # EADDRINUSE on Linux, macOS, Windows
                raise CommandError(
                    f"Port {port} is in use, by another program or a Kitty TD already "
                    f"running: stop it, or choose another port ({said_as('run')} "
                    f"--port {port + 1})."
                ) from None
            if error.errno in (13, 10013):
                raise CommandError(
                    f"Port {port} may not be used by this user: choose one above 1024 "
                    f"({said_as('run')} --port 8000)."
                ) from None
            raise CommandError(f"Cannot listen on port {port}: {error.strerror}.") from None
        keep_alive(server)  # an unchanged poll (204) keeps its connection
        use_loop(server)  # each turn asks only the connections that may have changed
        return server

    def say_where(self, port: int, local: bool) -> None:
        at = "" if port == 80 else f":{port}"
        out = self.stdout
        out.write(f"\nKitty TD {__version__}. The club's data: {settings.DATA_DIR}")
        if local:
            out.write(f"\nKitty TD on this laptop only: http://127.0.0.1{at}/")
            out.write("Phones cannot reach it: run without --local to serve the hall.")
        else:
            addresses = (
                [settings.PHONE_ADDRESS] if settings.PHONE_ADDRESS else (network.room_addresses())
            )
            if not addresses:
                out.write(f"\nKitty TD: http://127.0.0.1{at}/")
                out.write(
                    "This laptop has no address on a network: phones cannot reach it. Join "
                    "the hall's Wi-Fi (or plug in its router), then stop this (Ctrl+C) and run "
                    "it again."
                )
            else:
                url = f"http://{addresses[0]}{at}/"
                out.write(f"\nKitty TD: phones join at {url}")
                self.qr(url)
                for other in addresses[1:]:
                    out.write(f"  (this laptop is also at http://{other}{at}/)")
                out.write(f"On this laptop: http://127.0.0.1{at}/ (printed links use {url})")
        for folder in backups.folders() if backups.enabled() else []:
            out.write(f"Copies of the night: {folder}")
        out.write("Stop with Ctrl+C.\n")
        out.flush()

    def qr(self, url: str) -> None:
        import segno

        code, drawn = segno.make(url, error="m"), io.StringIO()
        code.terminal(out=drawn, compact=True)
        try:
            self.stdout.write(drawn.getvalue(), ending="")
        except UnicodeEncodeError:  # a console that cannot draw half blocks: ANSI colours
            drawn = io.StringIO()
            code.terminal(out=drawn)
            self.stdout.write(drawn.getvalue(), ending="")


def stop_as_by_ctrl_c(signum, frame) -> None:
    """SIGTERM stops the server as Ctrl+C does: the answers under way are sent, the copy
    of the night asked for is made and the journal folded into the night's file. By
    default it ended the process at once, and the newest copy lacked the last signature."""
    raise KeyboardInterrupt


def fold_journal() -> None:
    """Once the server stops, the write-ahead log's pages go into the night's file, so the
    file alone (copied by hand to a stick) holds the whole night."""
    from django.db import DatabaseError, connection

    if connection.vendor != "sqlite":
        return
    try:
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    except DatabaseError:  # a write still under way: SQLite keeps the log, nothing is lost
        pass
    finally:
        connection.close()


def serving_port() -> int | None:
    """The port this data folder's night is being served on now, if it is: the file says
    which, and something answers there (a server killed with the laptop left the file)."""
    try:
        port = int(SERVING.read_text(encoding="ascii"))
    except (OSError, ValueError):
        return None
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=2):
            return port
    except OSError:
        return None
