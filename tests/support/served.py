"""The laptop's own server in a subprocess, as `python3 dev.py run` serves a night.

`manage.py serve --local` (granian: the command's process and the worker it starts, DEBUG
off, LAPTOP on) on an SQLite file of its own in a folder of its own, with its own DATA_DIR
(secret key, copies of the night) and STATIC_ROOT. Tests drive it over HTTP as phones do
(tests/support/phone.py), kill it with SIGKILL as a laptop dies (both processes: it runs in
a process group of its own), put a copy back (`manage.py restore_copy`) and start it again
on the same files.

Whatever database the test run itself has (SQLite, or PostgreSQL in CI's second run), the
served laptop gets its own `sqlite:///` DATABASE_URL, and the test process's Django never
touches that file: a night is set up, and its facts read, by scripts run with the served
environment (`Served.script`), or straight from the file with sqlite3 (`Served.query`).
Every wait has a deadline; the server only listens on 127.0.0.1 and is always stopped.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"
READY_PATH = "/rules/columbus-6-card-kitty/"  # a page that reads the database

# Settings the test run's own environment may carry, which the served laptop must not
# inherit (config/settings/ reads each).
NOT_INHERITED = (
    "DATABASE_URL",
    "DEBUG",
    "SECRET_KEY",
    "SECRET_KEY_FALLBACKS",
    "ALLOWED_HOSTS",
    "PHONE_ADDRESS",
    "LOCAL_ONLY",
    "CSRF_TRUSTED_ORIGINS",
    "PROXY_COUNT",
    "SECURE_SSL_REDIRECT",
    "SECURE_HSTS_SECONDS",
    "CONN_MAX_AGE",
    "DB_PREPARED",
    "BACKUP_TO",
    "BACKUP_KEEP",
    "BACKUP_MINUTES",
    "LAPTOP",
    "DATA_DIR",
    "VAR_DIR",
    "STATIC_ROOT",
    "LOG_LEVEL",
    "DJANGO_SETTINGS_MODULE",
)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


class ServerFailed(AssertionError):
    pass


@dataclass(frozen=True)
class Table:
    number: int
    links: tuple[str, str]  # North-South's and East-West's own links: /s/<token>/
    pins: tuple[str, str]


@dataclass(frozen=True)
class Night:
    """A published tournament with its first round drawn and published."""

    slug: str
    round: int
    tables: list[Table]
    director: tuple[str, str]  # username, password: a director on the tournament's staff

    @property
    def console(self) -> str:
        return f"/t/{self.slug}/round/{self.round}/console/"


class Served:
    """One laptop: its folder, its environment and (while started) its server process."""

    def __init__(
        self,
        folder: Path,
        *,
        static_root: Path | None = None,
        backup_to: Path | None = None,
        env: dict[str, str] | None = None,
        ready_within: float = 60.0,
        argv: tuple[str, ...] = (),
    ):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.database = self.folder / "night.sqlite3"
        self.backups = self.folder / "backups"
        self.ready_within = ready_within
        self.argv = argv  # more of serve's options, such as --app
        self.port: int | None = None
        self.process: subprocess.Popen | None = None
        self.starts = 0
        environ = {k: v for k, v in os.environ.items() if k not in NOT_INHERITED}
        self.env = {
            **environ,
            "LAPTOP": "1",
            "DATA_DIR": str(self.folder),
            "DATABASE_URL": f"sqlite:///{self.database}",
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "STATIC_ROOT": str(static_root or self.folder / "static"),
            "LOG_LEVEL": "ERROR",
            "PYTHONUNBUFFERED": "1",
            **({"BACKUP_TO": str(backup_to)} if backup_to else {}),
            **(env or {}),
        }

    # --- the server ----------------------------------------------------------------------

    @property
    def url(self) -> str:
        assert self.port is not None, "the server was never started"
        return f"http://{HOST}:{self.port}"

    @property
    def log_path(self) -> Path:
        return self.folder / f"serve-{self.starts}.log"

    def start(self) -> Served:
        """Start the server (again on the same port and files, after a stop or a kill) and
        wait until it answers."""
        assert not self.running, "the server is already running"
        first = self.port is None
        for attempt in range(3):
            if first:
                self.port = free_port()
            self.starts += 1
            with open(self.log_path, "wb") as log:
                self.process = subprocess.Popen(
                    [sys.executable, "manage.py", "serve", "--local", "--port", str(self.port)]
                    + list(self.argv),
                    cwd=ROOT,
                    start_new_session=True,  # its worker too is killed with the group
                    env=self.env,
                    stdin=subprocess.DEVNULL,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                )
            try:
                self.wait_ready()
                return self
            except ServerFailed:
                in_use = "is in use" in self.log()
                self.kill()
                if not in_use or attempt == 2:
                    raise
                if not first:  # the port a restart needs is still held: wait for it
                    time.sleep(1)
        raise AssertionError("unreachable")

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def wait_ready(self) -> None:
        deadline = time.monotonic() + self.ready_within
        while True:
            if self.process is None or self.process.poll() is not None:
                raise ServerFailed(f"the server stopped while starting:\n{self.log()}")
            if time.monotonic() > deadline:
                raise ServerFailed(
                    f"the server did not answer within {self.ready_within:.0f} s:\n{self.log()}"
                )
            with contextlib.suppress(OSError, http.client.HTTPException):
                if self.get(READY_PATH, timeout=5) == 200:
                    return
            time.sleep(0.1)

    def get(self, path: str, timeout: float = 10) -> int:
        conn = http.client.HTTPConnection(HOST, self.port, timeout=timeout)
        try:
            conn.request("GET", path)
            response = conn.getresponse()
            response.read()
            return response.status
        finally:
            conn.close()

    def kill(self) -> None:
        """SIGKILL, as when the laptop dies: nothing is flushed or closed."""
        if self.process is None:
            return
        with contextlib.suppress(ProcessLookupError):  # the worker may outlive the command
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)
        self.process = None

    def stop(self) -> None:
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass
        self.kill()

    def log(self, last: int = 4000) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-last:]
        except OSError:
            return "(no log)"

    def __enter__(self) -> Served:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    # --- commands and scripts with the served environment --------------------------------

    def manage(self, *args: str, timeout: float = 60) -> subprocess.CompletedProcess:
        """`manage.py <args>` on this laptop's files; fails the test when it fails."""
        done = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        assert done.returncode == 0, f"manage.py {' '.join(args)}:\n{done.stdout}\n{done.stderr}"
        return done

    def script(self, code: str, *args, timeout: float = 60):
        """Run `code` (after django.setup()) with this laptop's settings, each of `args`
        passed as JSON in sys.argv; the JSON it prints last is returned."""
        program = "import django\ndjango.setup()\n" + code
        done = subprocess.run(
            [sys.executable, "-c", program, *(json.dumps(a) for a in args)],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        assert done.returncode == 0, f"script failed:\n{done.stdout}\n{done.stderr}"
        return json.loads(done.stdout.strip().splitlines()[-1])

    def query(self, sql: str, params=()) -> list[tuple]:
        """Rows read straight from the served SQLite file (the server may be running)."""
        return query(self.database, sql, params)

    def night(self, tables: int, slug: str = "laptop-night") -> Night:
        """A published tournament of 6 Card Kitty with round 1 of `tables` tables, and a
        director on its staff, in this laptop's database (the server migrated it)."""
        password = "pw-for-the-laptop-1"
        made = self.script(SET_UP, {"tables": tables, "slug": slug, "password": password})
        return Night(
            slug=made["slug"],
            round=made["round"],
            tables=[
                Table(t["number"], tuple(t["links"]), tuple(t["pins"])) for t in made["tables"]
            ],
            director=("td", password),
        )

    def facts(self, slug: str) -> dict:
        """What the served database holds of round 1: each table's hands (number, attempt,
        status, entered_by, nonce, record) and signatures (side, name), who accepted hands,
        each entrant's standings points beside a recomputation from the stored hands, and
        any stored outcome that differs from the facts (scoring.outcomes.verify)."""
        return self.script(FACTS, slug)


# The same steps as tests/conftest.py make_tournament and tests/support/helpers.py published_round,
# in the served database. This process makes no copy of the night: its copying thread
# would die with it; the server makes them.
SET_UP = """
import json, sys
from django.conf import settings
settings.BACKUP_DIRS = []
from django.contrib.auth import get_user_model
from tests.conftest import make_tournament
from tests.support.helpers import published_round
from tournament.models import Director, Seat

args = json.loads(sys.argv[1])
user = get_user_model().objects.create_user("td", password=args["password"])
Director.objects.create(user=user)
tournament = make_tournament(entrants=2 * args["tables"], published=True, slug=args["slug"])
round_ = published_round(tournament)
tables = {}
seats = Seat.objects.filter(table__round=round_).order_by("table__number", "position")
for number, token, pin in seats.values_list("table__number", "token", "pin"):
    table = tables.setdefault(number, {"number": number, "links": [], "pins": []})
    table["links"].append(f"/s/{token}/")
    table["pins"].append(pin)
made = {"slug": tournament.slug, "round": round_.number, "tables": list(tables.values())}
print(json.dumps(made))
"""

FACTS = """
import json, sys
from scoring.models import Change, Hand, Signature
from scoring.outcomes import verify
from leaderboard.board import standings_for
from tests.scoring.test_concurrency_pg import recomputed_points
from tournament.models import Tournament

tournament = Tournament.objects.get(slug=json.loads(sys.argv[1]))
tables = {}
for table in tournament.round_set.get(number=1).tables.order_by("number"):
    tables[table.number] = {
        "hands": [
            [h.number, h.attempt, h.status, h.entered_by, h.nonce, h.record]
            for h in Hand.objects.filter(table=table).order_by("number", "attempt")
        ],
        "signatures": [
            [s.side, s.name] for s in Signature.objects.filter(table=table).order_by("side")
        ],
    }
accepted = Change.objects.filter(table__round__tournament=tournament, action="accepted")
rows, _ = standings_for(tournament)
print(json.dumps({
    "tables": tables,
    "accepted_by": sorted(set(accepted.values_list("actor", flat=True))),
    "standings": {r.entrant: [r.points, r.conceded] for r in rows},
    "recomputed": {e: list(p) for e, p in recomputed_points(tournament).items()},
    "played": [[r.played, r.wins, r.losses] for r in rows],
    "differences": list(verify(tournament)),
}))
"""


def wait_for(check, what: str, within: float = 20):
    """Ask `check` every tenth of a second until it answers something true, which is
    returned; fail the test after `within` seconds."""
    deadline = time.monotonic() + within
    while True:
        found = check()
        if found:
            return found
        assert time.monotonic() < deadline, f"not within {within:.0f} s: {what}"
        time.sleep(0.1)


def query(database: Path, sql: str, params=()) -> list[tuple]:
    """Rows read with sqlite3 from a night's file or one of its copies."""
    conn = sqlite3.connect(database, timeout=20)
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


@contextlib.contextmanager
def served(folder: Path, **kwargs) -> Iterator[Served]:
    """The laptop's server started in `folder`, always stopped at the end."""
    laptop = Served(folder, **kwargs)
    try:
        yield laptop.start()
    except BaseException:
        # Shown with the failure: what the server said (its errors; LOG_LEVEL=ERROR).
        print(f"--- {laptop.log_path}:\n{laptop.log()}", file=sys.stderr)
        raise
    finally:
        laptop.stop()
