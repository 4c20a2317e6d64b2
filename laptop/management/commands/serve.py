"""Serve the night from this laptop to the phones in the hall (`kittytd run`, and
`python3 dev.py run` in a checkout).

granian: a maintained HTTP server written in Rust, with wheels for Windows, macOS and
Linux, used through its public WSGI interface. Its connections live in Rust's event loop,
so a room of phones each holding an idle keep-alive connection costs the app nothing; the
app runs in one worker process on a pool of threads, so the night's SQLite file is written
by one process only, and the copies of it (laptop/backups.py) are made by a thread beside
the views, in that process (laptop/worker.py). gunicorn does not run on Windows; waitress,
the server before, had to be patched to hold a round's start (CHANGELOG.md).
"""

from __future__ import annotations

import argparse
import io
import multiprocessing
import os
import re
import signal
import socket
import sys
import threading
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connections

from kittytd import __version__
from kittytd.cli import said_as
from laptop import backups, network, worker

DEFAULT_PORT = 8000
APP = "config.wsgi:application"


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
        # Another WSGI app in its place (module:attribute): the benches' and tests' own.
        parser.add_argument("--app", default=APP, help=argparse.SUPPRESS)

    def create_parser(self, prog_name, subcommand, **kwargs):
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        parser.prog = said_as("run", with_data=False)

        def one_line(message: str) -> None:
            # One clear line instead of argparse's usage block.
            self.stderr.write(f"{message} (`{said_as('run')} --help` lists the options)")
            sys.exit(2)

        parser.error = one_line
        return parser

    def handle(self, *args, port, local, address, backup_to, threads, app, **options):
        if settings.DEBUG:
            raise CommandError(f"serve runs with DEBUG off: use `{said_as('run')}`.")
        # The worker process reads the settings afresh: what an option changes reaches it
        # through the environment, as config/settings/ reads it.
        if address:
            os.environ["PHONE_ADDRESS"] = settings.PHONE_ADDRESS = address
            settings.ALLOWED_HOSTS.append(address)
        if backup_to:
            os.environ["BACKUP_TO"] = os.path.abspath(backup_to)
            settings.BACKUP_DIRS.append(os.path.abspath(backup_to))
        # Set either way: the links name 127.0.0.1 exactly when nothing else listens.
        os.environ["LOCAL_ONLY"] = "1" if local else "0"
        settings.LOCAL_ONLY = local
        host = "127.0.0.1" if local else "0.0.0.0"
        check_port(host, port)  # a port in use is said before any setup

        # Refuses a database a newer version wrote, and copies one it upgrades (upgrade/).
        call_command("migrate", interactive=False, verbosity=0, stdout=self.stdout)
        call_command("collectstatic", interactive=False, verbosity=0)
        if options["no_demo"]:  # a club's own night: the director's login, no demo
            call_command("setup_demo", "--director-only", stdout=self.stdout)
        elif options["demo"]:
            call_command("setup_demo", stdout=self.stdout)
        connections.close_all()  # from now on the worker alone writes the night's file

        more_open_files()
        stopped = threading.Event()

        def ready() -> None:
            self.say_where(port, local)
            SERVING.write_text(str(port), encoding="ascii")  # restore asks before replacing

        # The address is printed once the worker listens: a phone that opens it is answered.
        threading.Thread(target=when_listening, args=(port, ready, stopped), daemon=True).start()
        try:
            # Until Ctrl+C or SIGTERM, which granian takes itself: it stops the worker, which
            # sends the answers under way, then makes the copy asked for (laptop/worker.py).
            granian = server(app, host, port, threads)
            if hasattr(signal, "SIGHUP"):
                # The terminal closed: stopped as by Ctrl+C (granian would start its worker
                # again). Set once granian has set its own handlers.
                granian.on_startup(lambda: signal.signal(signal.SIGHUP, as_ctrl_c))
            granian.serve(target_loader=worker.load)
        finally:
            stopped.set()
            fold_journal()
            SERVING.unlink(missing_ok=True)
        self.stdout.write(f"Stopped. The night is kept in {settings.DATA_DIR}.")

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


def as_ctrl_c(signum, frame) -> None:
    """A closed terminal stops the night as Ctrl+C does: the same signal, which granian
    answers by stopping its worker after the answers under way."""
    os.kill(os.getpid(), signal.SIGINT)


def check_port(host: str, port: int) -> None:
    """Said in one line, before any setup: the port is taken, or not this user's."""
    probe = socket.socket()
    try:
        if os.name != "nt":  # as the server binds it: a port a moment ago in use is free
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind((host, port))
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
    finally:
        probe.close()


def when_listening(port: int, then, stopped: threading.Event) -> None:
    """`then()`, as soon as the port takes connections (the worker has started), unless the
    server stopped first."""
    while not stopped.is_set():
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
        except OSError:
            stopped.wait(0.05)
        else:
            then()
            return


def server(app: str, host: str, port: int, threads: int):
    """granian serving the WSGI app named `app` (module:attribute) from one worker process
    with `threads` threads: one process writes the night's SQLite file."""
    from granian import Granian
    from granian.constants import Interfaces
    from granian.log import LogLevels

    # The worker is a fresh interpreter on every system, as on Windows and macOS, where
    # there is no fork: what runs here is what runs there.
    multiprocessing.set_start_method("spawn", force=True)
    return Granian(
        app,
        address=host,
        port=port,
        interface=Interfaces.WSGI,
        workers=1,
        blocking_threads=threads,
        websockets=False,
        # Its news (starting, listening, "8 threads is many for 2 cores") is not the
        # director's: errors only.
        log_level=LogLevels.error,
    )


def more_open_files() -> None:
    """Each phone holds a connection, each an open file: a macOS shell allows 256 and
    Linux often 1,024. The limit is raised as far as the system lets a user (its hard
    limit); Windows has no such limit on sockets."""
    try:
        import resource
    except ImportError:  # Windows
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return
    # macOS refuses "unlimited", and anything past its kern.maxfilesperproc (10,240 or more)
    for wanted in (hard, 10240):
        if wanted == resource.RLIM_INFINITY or wanted > soft:
            try:
                resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
                return
            except (ValueError, OSError):
                pass


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
