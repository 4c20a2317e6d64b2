"""How a 100-table round scores on the production stack, against a page that does nothing.

Starts gunicorn (several sync workers) on a free loopback port, in production mode
(DEBUG off, whitenoise, collected static files), on a fresh PostgreSQL database
`kittytd_bench` at 127.0.0.1:5432; publishes a round of 100 tables of 6 Card Kitty;
then every table at once enters and accepts its four hands, each as a phone does it
(load the page, post the form with its one-time key, the other side loads the page and
accepts). Then, in the same run and at the same concurrency, as many requests to the
rules page, which reads no table. Prints throughput and p50/p95/p99 latency of both and
their ratio, the failures and 5xx answers of each kind, checks that every hand was
stored once and accepted, stops gunicorn and drops the database.

With `--database sqlite`, the night is instead a fresh SQLite file in a temporary folder
(deleted at the end), served as the README's run command serves it: `manage.py serve
--local` (granian, one worker process and its threads, LAPTOP=1 with its key and copies under
that folder, DEBUG off). `--server` chooses the server on either database: `gunicorn`
(the default on PostgreSQL), `serve` (the default on SQLite; `--threads` sets its
threads) or `runserver` (Django's development server, threaded, DEBUG as the environment
says: the run command before `serve`, for comparison only). A request that fails stops
its table, as a scorer would stop to ask: the hands counted at the end say what was lost.

With `--pace S`, each phone waits about S seconds before each tap, as players read the
page and type: the latencies then say how a night at that pace feels (the throughput is
only what the phones ask for).

Every request has a timeout and the whole run a deadline; nothing leaves 127.0.0.1.

Run from the repository root, with PostgreSQL answering:
    .venv/bin/python bench/load.py [--tables 100] [--workers 4] [--pace 0]
or on SQLite, behind the run command's server:
    .venv/bin/python bench/load.py --database sqlite [--server serve] [--threads 8] [--tables 100]
"""

from __future__ import annotations

import argparse
import html
import http.client
import os
import random
import re
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support import phone  # noqa: E402  (the scripted phone the concurrency test uses too)
from tests.support.phone import HANDS  # noqa: E402

HOST = "127.0.0.1"
DATABASE = "kittytd_bench"
GAME = "columbus-6-card-kitty"


class Deadline(Exception):
    """The run's time is up: the remaining requests are not sent."""


class Timings:
    """Latencies per kind of request, the failures (any answer but the one expected, or
    none) and among them the server's errors (5xx), shared by the client threads."""

    def __init__(self):
        self.lock = threading.Lock()
        self.seconds: dict[str, list[float]] = {}
        self.failures: dict[str, int] = {}
        self.errors_5xx: dict[str, int] = {}

    def add(self, kind: str, seconds: float, ok: bool, status: int = 0) -> None:
        with self.lock:
            self.seconds.setdefault(kind, []).append(seconds)
            if not ok:
                self.failures[kind] = self.failures.get(kind, 0) + 1
            if status >= 500:
                self.errors_5xx[kind] = self.errors_5xx.get(kind, 0) + 1


class Phone(phone.Phone):
    """A scorer's phone that times every request and stops at the run's deadline; with a
    `pace`, it waits about that long (half to one and a half times) before each tap."""

    def __init__(
        self, port: int, timings: Timings, deadline: float, timeout: float, pace: float = 0
    ):
        super().__init__(HOST, port, timeout)
        self.timings, self.deadline, self.pace = timings, deadline, pace

    def request(self, kind: str, method: str, path: str, data=None, expect=200) -> str:
        if self.pace:
            time.sleep(random.uniform(0.5, 1.5) * self.pace)  # reading the page, tapping
        if time.monotonic() > self.deadline:
            raise Deadline
        start = time.perf_counter()
        status, text = 0, ""
        try:
            status, text = self.send(method, path, data)
        except OSError:
            pass
        finally:
            self.timings.add(kind, time.perf_counter() - start, status == expect, status)
        if status != expect:
            raise RuntimeError(f"{method} {path}: {status or 'no answer'}, expected {expect}")
        return text

    def page(self, path: str) -> Page:
        return Page(self.request("table page", "GET", path))


class Page:
    """The hidden fields of a page's forms, read with two patterns. The client shares the
    server's cores, so it reads only what it posts back: a full HTML parse (the tests'
    `phone.Forms`) cost about 0.8 ms of those cores per page it read."""

    FORM = re.compile(r'<form method="post" action="([^"]*)"[^>]*>(.*?)</form>', re.S)
    HIDDEN = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)">')

    def __init__(self, text: str):
        self.forms = [(action, body) for action, body in self.FORM.findall(text)]

    def form(self, action_end: str) -> dict[str, str] | None:
        """The hidden fields of the first form posting to an address ending so."""
        for action, body in self.forms:
            if action.endswith(action_end):
                return {name: html.unescape(value) for name, value in self.HIDDEN.findall(body)}
        return None


def score_table(
    phones: tuple[Phone, Phone], tokens: tuple[str, str], start: threading.Barrier
) -> None:
    """North-South enters every hand on its own link; East-West accepts it on its own."""
    north, east = phones
    ns_url, ew_url = (f"/s/{token}/" for token in tokens)
    start.wait(timeout=60)
    for hand in HANDS:
        form = north.page(ns_url).form("/enter/")
        if form is None:
            raise RuntimeError(f"{ns_url}: no entry form")
        data = {k: form[k] for k in ("csrfmiddlewaretoken", "nonce", "slot")}
        north.request("hand entry", "POST", ns_url + "enter/", {**data, **hand}, 302)
        accept = east.page(ew_url).form("/accept/")
        if accept is None:
            raise RuntimeError(f"{ew_url}: nothing to accept")
        east.request("accept", "POST", ew_url + "accept/", accept, 302)


def read_trivial(phone: Phone, count: int, start: threading.Barrier) -> None:
    start.wait(timeout=60)
    for _ in range(count):
        phone.request("trivial view", "GET", f"/rules/{GAME}/")


def run_phase(jobs, threads: int) -> tuple[float, list[Exception]]:
    """Run every job at once (they wait on a shared barrier); the wall time and the errors."""
    errors: list[Exception] = []
    with ThreadPoolExecutor(max_workers=threads) as pool:
        futures = [pool.submit(job) for job in jobs]
        began = time.perf_counter()
        for future in futures:
            try:
                future.result()
            except Exception as exc:  # reported, not raised: the bench still prints
                errors.append(exc)
    return time.perf_counter() - began, errors


def cpu_seconds(server_pid: int, postgres: bool = True) -> dict[str, float]:
    """CPU time used so far (Linux /proc) by the server's processes (gunicorn's master and
    workers, or the one `serve` or `runserver` process), PostgreSQL's and this bench's own
    client threads: where a phase's time went, since all share the cores. On SQLite the
    database is inside the server's process: no PostgreSQL column."""
    tick = os.sysconf("SC_CLK_TCK")
    used = {"server": 0.0, "PostgreSQL": 0.0, "bench client": 0.0}
    if not postgres:
        del used["PostgreSQL"]
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            continue
        name, fields = stat[stat.index("(") + 1 : stat.rindex(")")], stat.rsplit(")", 1)[1].split()
        seconds = (int(fields[11]) + int(fields[12])) / tick  # utime + stime
        parent = int(fields[1])
        if int(pid) == os.getpid():
            used["bench client"] += seconds
            continue
        # And what its children that ended had used (cutime + cstime): a PostgreSQL backend
        # whose connection closed, a gunicorn worker restarted.
        seconds += (int(fields[13]) + int(fields[14])) / tick
        if int(pid) == server_pid or parent == server_pid:
            used["server"] += seconds
        elif postgres and name.startswith("postgres"):
            used["PostgreSQL"] += seconds
    # The whole machine's busy time: what other programs took from the same cores.
    busy = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]
    used["machine"] = sum(int(busy[i]) for i in (0, 1, 2, 5, 6, 7)) / tick
    return used


def print_cpu(before: dict[str, float], after: dict[str, float], requests: int) -> None:
    spent = {k: after[k] - before[k] for k in before}
    machine = spent.pop("machine")
    print(
        "  CPU per request: "
        + ", ".join(f"{k} {1000 * v / requests:.1f} ms" for k, v in spent.items())
        + f" (of {sum(spent.values()):.1f} s on {os.cpu_count()} cores; other programs "
        f"{max(0.0, machine - sum(spent.values())):.1f} s)"
    )


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))
    return ordered[index]


def figures(
    kind: str, values: list[float], wall: float, failures: int, errors_5xx: int = 0
) -> dict[str, float]:
    row = {
        "n": len(values),
        "per_s": len(values) / wall if wall else 0.0,
        "p50": percentile(values, 50) * 1000,
        "p95": percentile(values, 95) * 1000,
        "p99": percentile(values, 99) * 1000,
        "mean": statistics.fmean(values) * 1000,
    }
    print(
        f"  {kind:<13} {row['n']:>5} req  {row['per_s']:>7.1f} req/s   "
        f"p50 {row['p50']:>7.1f} ms  p95 {row['p95']:>7.1f} ms  p99 {row['p99']:>7.1f} ms"
        f"  failures {failures} (5xx {errors_5xx})"
    )
    return row


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def admin_sql(admin_url: str, *statements: str) -> None:
    import psycopg

    with psycopg.connect(admin_url, autocommit=True, connect_timeout=5) as conn:
        for statement in statements:
            conn.execute(statement)


def wait_until_up(port: int, server: subprocess.Popen, seconds: float, name: str) -> None:
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        if server.poll() is not None:
            raise RuntimeError(f"{name} stopped while starting: see its log above")
        conn = http.client.HTTPConnection(HOST, port, timeout=2)
        try:
            conn.request("GET", f"/rules/{GAME}/", headers={"Host": f"{HOST}:{port}"})
            if conn.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.2)
        finally:
            conn.close()
    raise RuntimeError(f"{name} did not answer within {seconds:.0f} s")


def stop_server(server: subprocess.Popen, log, seconds: float) -> str:
    """Stops the server (SIGTERM; killed if still up after `seconds`, with its worker
    processes: it was started in a session of its own); what it logged."""
    server.send_signal(signal.SIGTERM)
    try:
        server.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()
    log.seek(0)
    return log.read().decode(errors="replace")


def manage(env: dict[str, str], seconds: float, *argv: str) -> None:
    """`manage.py <argv>` run in `env`, in at most `seconds`; an error if it fails."""
    subprocess.run(
        [sys.executable, "manage.py", *argv], cwd=ROOT, env=env, check=True, timeout=seconds
    )


def set_up_round(tables: int, *, publish_round: bool = True) -> list[tuple[str, str]]:
    """A published round of `tables` tables; each table's two side links (Django in this
    process). With `publish_round=False` the round stays a draft, for a bench whose
    director publishes it through the server (its links are the same)."""
    import datetime

    import django

    django.setup()
    from django.db import connections

    from bench.support import bulk
    from draw.rounds import draw_next_round, publish
    from tournament.models import Seat, Tournament

    tournament = Tournament.objects.create(
        name="Load bench",
        slug="load-bench",
        date=datetime.date.today(),
        game=GAME,
        published=True,
    )
    bulk.teams(tournament, 2 * tables, ("North ", "South "))
    round_ = draw_next_round(tournament, seed=1)
    if publish_round:
        publish(round_)
    seats = Seat.objects.filter(table__round=round_).order_by("table__number", "position")
    by_table: dict[int, list[str]] = {}
    for table_id, token in seats.values_list("table_id", "token"):
        by_table.setdefault(table_id, []).append(token)
    tokens = [tuple(pair) for pair in by_table.values()]
    connections.close_all()
    return tokens


def check_hands(tables: int) -> tuple[str, int | None]:
    """The line saying what was stored, and how many hands; a database that cannot be read
    (SQLite still locked by a request the server goes on with) is said, not raised."""
    from django.db import DatabaseError, connections

    from scoring.models import Hand

    wanted = tables * len(HANDS)
    try:
        stored = Hand.objects.count()
        accepted = Hand.objects.filter(status=Hand.Status.ACCEPTED).count()
        doubled = stored - len(set(Hand.objects.values_list("table_id", "number", "attempt")))
    except DatabaseError as exc:
        return f"hands expected {wanted}: not counted ({type(exc).__name__}: {exc})", None
    finally:
        connections.close_all()
    verdict = "ok" if stored == accepted == wanted and not doubled else "WRONG"
    line = f"hands stored {stored}/{wanted}, accepted {accepted}, doubled {doubled}: {verdict}"
    return line, stored


def log_summary(text: str) -> list[str]:
    """The server's log in a few lines: each distinct exception it logged, with how often
    (a night's "database is locked" is one line, not four hundred tracebacks)."""
    counted: dict[str, int] = {}
    exception = re.compile(r"^(?:[\w.]+\.)?\w*(?:Error|Exception|Exit|Timeout)\b.*$")
    answered = re.compile(r"^(Internal Server Error|Service Unavailable|Gateway Timeout): ")
    for line in text.splitlines():
        line = line.strip()
        if answered.match(line):  # Django's line per 5xx answer: the path is not news
            key = line.split(":", 1)[0] + " (5xx answered)"
        elif "WORKER TIMEOUT" in line:  # gunicorn killed a worker in the middle of a request
            key = "gunicorn: WORKER TIMEOUT"
        elif exception.match(line) and not line.startswith("Traceback"):
            key = line[:160]
        else:
            continue
        counted[key] = counted.get(key, 0) + 1
    return [f"{n:>5} x {line}" for line, n in sorted(counted.items(), key=lambda kv: -kv[1])]


def server_command(name: str, args: argparse.Namespace, port: int) -> list[str]:
    script = [sys.executable, "manage.py"]
    if name == "serve":
        threads = ["--threads", str(args.threads)] if args.threads else []
        return [*script, "serve", "--local", "--port", str(port), *threads]
    if name == "runserver":
        return [*script, "runserver", f"{HOST}:{port}", "--noreload"]
    return [
        sys.executable,
        "-m",
        "gunicorn",
        "config.wsgi",
        "-w",
        str(args.workers),
        "-b",
        f"{HOST}:{port}",
        "--timeout",
        str(int(args.timeout)),
        "--graceful-timeout",
        "5",
        "--log-level",
        "warning",
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument(
        "--database",
        choices=("postgres", "sqlite"),
        default="postgres",
        help="postgres: a fresh database on --postgres; sqlite: a fresh file in a temporary "
        "folder, deleted at the end",
    )
    parser.add_argument(
        "--server",
        choices=("gunicorn", "serve", "runserver"),
        help="default: gunicorn on PostgreSQL, serve (the README's run command) on SQLite",
    )
    parser.add_argument("--workers", type=int, default=4, help="gunicorn sync workers")
    parser.add_argument("--threads", type=int, help="serve's threads (default: serve's own)")
    parser.add_argument("--deadline", type=float, default=300, help="seconds for the whole run")
    parser.add_argument("--timeout", type=float, default=30, help="seconds per request")
    parser.add_argument(
        "--pace",
        type=float,
        default=0,
        help="seconds a phone waits before each tap (a night's pace; 0: none, the stress the "
        "ratio is measured at). With a pace, the throughput is what the phones ask for: "
        "compare the latencies",
    )
    parser.add_argument(
        "--postgres",
        default=os.environ.get("BENCH_POSTGRES", f"postgres://postgres@{HOST}:5432"),
        help="the PostgreSQL server (loopback only); the bench makes its own database",
    )
    args = parser.parse_args()
    postgres = args.database == "postgres"
    server_name = args.server or ("gunicorn" if postgres else "serve")
    server_url = urllib.parse.urlsplit(args.postgres)
    if postgres and server_url.hostname not in (HOST, "localhost"):
        parser.error("the bench only talks to a PostgreSQL server on 127.0.0.1")
    base = args.postgres.rstrip("/")
    began_run = time.perf_counter()
    deadline = time.monotonic() + args.deadline
    port = free_port()
    scratch = Path(tempfile.mkdtemp(prefix="kittytd-bench-"))  # static files, SQLite, var/
    night = scratch / "night.sqlite3"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": f"{base}/{DATABASE}" if postgres else f"sqlite:///{night}",
        "ALLOWED_HOSTS": HOST,
        "SECURE_SSL_REDIRECT": "0",  # plain HTTP on loopback; a proxy does TLS in production
        "STATIC_ROOT": str(scratch / "static"),
        "LOG_LEVEL": "ERROR",  # the bench's own 302s and 409s are not news
    }
    if server_name == "gunicorn":
        env["DEBUG"] = "0"
        env["SECRET_KEY"] = secrets.token_urlsafe(50)
        # Persistent connections, as docs/production.md recommends for sync workers.
        env["CONN_MAX_AGE"] = os.environ.get("CONN_MAX_AGE", "60")
    elif server_name == "serve":
        # As `python3 dev.py run` starts it: LAPTOP=1 and nothing else; the key and the
        # copies of the night under the bench's own folder, not the repository's var/.
        env["LAPTOP"] = "1"
        env["DATA_DIR"] = str(scratch / "var")
    else:  # runserver: DEBUG as the environment says (on, unless set), as `dev.py` ran it
        env.setdefault("SECRET_KEY", secrets.token_urlsafe(50))  # only read with DEBUG=0
    os.environ.update(env)
    if postgres:
        admin_sql(
            f"{base}/postgres",
            f"DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)",
            f"CREATE DATABASE {DATABASE}",
        )
    server = None
    log = tempfile.TemporaryFile()
    try:
        # The schema first, even for serve (which migrates again, finding nothing to do):
        # the round is set up in this process before the server starts.
        manage(env, 120, "migrate", "-v", "0")
        if server_name != "serve":  # serve collects the static files itself
            manage(env, 120, "collectstatic", "--no-input", "-v", "0")
        tokens = set_up_round(args.tables)
        server = subprocess.Popen(
            server_command(server_name, args, port),
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # stop_server may kill it with its worker
        )
        wait_until_up(port, server, 120, server_name)
        from django.conf import settings

        described = {
            "gunicorn": f"gunicorn, {args.workers} sync workers",
            "serve": f"serve (granian, {args.threads or 'its default'} threads, LAPTOP=1)",
            "runserver": f"runserver (threaded, DEBUG {'on' if settings.DEBUG else 'off'})",
        }[server_name]
        database = (
            f"PostgreSQL {DATABASE}"
            if postgres
            else f"SQLite {night.name} ({settings.DATABASES['default'].get('OPTIONS', {})})"
        )
        max_age = settings.DATABASES["default"]["CONN_MAX_AGE"]
        print(
            f"{described}, on {HOST}:{port}; {database} (CONN_MAX_AGE={max_age}); "
            f"{len(tokens)} tables x {len(HANDS)} hands, "
            + (f"a tap every {args.pace:g} s or so" if args.pace else "all at once")
        )

        timings = Timings()

        def phone() -> Phone:
            return Phone(port, timings, deadline, args.timeout, args.pace)

        linux = Path("/proc/self/stat").exists()

        def cpu() -> dict[str, float] | None:
            return cpu_seconds(server.pid, postgres) if linux else None

        start = threading.Barrier(len(tokens))
        jobs = [(lambda t=t: score_table((phone(), phone()), t, start)) for t in tokens]
        before = cpu()
        entry_wall, entry_errors = run_phase(jobs, len(tokens))
        entry_cpu = (before, cpu()) if linux else None

        per_phone = 4 * len(HANDS)  # a table's requests: its hands' pages, entries, accepts
        start = threading.Barrier(len(tokens))
        jobs = [(lambda: read_trivial(phone(), per_phone, start)) for _ in tokens]
        before = cpu()
        trivial_wall, trivial_errors = run_phase(jobs, len(tokens))
        trivial_cpu = (before, cpu()) if linux else None

        sent = sum(len(v) for k, v in timings.seconds.items() if k != "trivial view")
        rate = sent / entry_wall if entry_wall else 0.0
        print(
            f"scoring phase {entry_wall:.2f} s, {rate:.1f} req/s "
            "(every table's 4 hands entered and accepted):"
        )
        rows = {}
        for kind in ("hand entry", "accept", "table page"):
            values = timings.seconds.get(kind, [])
            if values:
                rows[kind] = figures(
                    kind,
                    values,
                    entry_wall,
                    timings.failures.get(kind, 0),
                    timings.errors_5xx.get(kind, 0),
                )
        if entry_cpu and sent:
            print_cpu(*entry_cpu, sent)
        print(f"trivial phase {trivial_wall:.2f} s (GET /rules/{GAME}/, same concurrency):")
        values = timings.seconds.get("trivial view", [])
        if values:
            rows["trivial"] = figures(
                "trivial view",
                values,
                trivial_wall,
                timings.failures.get("trivial view", 0),
                timings.errors_5xx.get("trivial view", 0),
            )
            if trivial_cpu:
                print_cpu(*trivial_cpu, len(values))
        if "hand entry" in rows and "trivial" in rows:
            e, t = rows["hand entry"], rows["trivial"]
            print(
                f"hand entry / trivial view: latency p50 x{e['p50'] / t['p50']:.2f}, "
                f"p95 x{e['p95'] / t['p95']:.2f}, p99 x{e['p99'] / t['p99']:.2f}; "
                f"requests/s while scoring {rate:.1f} vs {t['per_s']:.1f} trivial, "
                f"x{rate / t['per_s']:.2f}"
            )
        hands, stored = check_hands(len(tokens))
        print(hands)
        wanted = len(tokens) * len(HANDS)
        errors_5xx = sum(timings.errors_5xx.values())
        entry = rows.get("hand entry")
        print(
            f"goal figures: hands stored {'?' if stored is None else stored}/{wanted}, "
            f"5xx {errors_5xx}, hand entry "
            + (f"p50 {entry['p50']:.0f} ms, p99 {entry['p99']:.0f} ms" if entry else "none")
            + f"; run {time.perf_counter() - began_run:.0f} s"
        )
        errors = entry_errors + trivial_errors
        if errors:
            kinds: dict[str, int] = {}
            for exc in errors:
                kinds[type(exc).__name__] = kinds.get(type(exc).__name__, 0) + 1
            print(
                f"{len(errors)} phones stopped: "
                + ", ".join(f"{n} {name}" for name, n in sorted(kinds.items()))
            )
        for exc in [e for e in errors if not isinstance(e, Deadline)][:5]:
            print("error:", exc)
        return 1 if errors or stored != wanted else 0
    finally:
        if server is not None:
            text = stop_server(server, log, 15)
            summary = log_summary(text)
            if summary:
                print(f"{server_name} log, failing lines:", *summary, sep="\n  ")
            elif server.returncode not in (0, -signal.SIGTERM, 1):
                print(f"{server_name} log:", *text.strip().splitlines()[-20:], sep="\n  ")
        log.close()
        if postgres:
            admin_sql(f"{base}/postgres", f"DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)")
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
