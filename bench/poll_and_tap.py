"""What a side's phone costs the server at its table: an unchanged poll and a tap, each
against a page that reads no table, in one run.

A round of 6 Card Kitty tables in a throwaway database (a SQLite file, or a PostgreSQL
database at 127.0.0.1:5432 made for the run and dropped after it, kept prepared
statements on as settings has them), served in-process by Django's test client: the
whole request, no network, one kept connection as a server's worker keeps it. At each
table, hand after hand, in turn: the rules page (reads no table: the baseline), the
North-South page's poll with the version it shows (answered 204, unchanged), the same poll
of a North-South player's own link (`/p/<token>/`, which follows its player through the
night), North-South entering a hand (a tap), East-West accepting it (a tap). Prints the
median of each and its ratio to the baseline's median.

With `--compare OTHER_CHECKOUT`, the same bench runs on this checkout (or `--code`'s) and
on the other one (another worktree, such as the code before a change), one after the
other, `--runs` times each, on both databases, each in a process of its own with that
checkout's code; it prints each ratio to the baseline and this checkout's over the other's.

Run from the repository root:
    .venv/bin/python bench/poll_and_tap.py [--database sqlite|postgresql] [--tables 40]
    .venv/bin/python bench/poll_and_tap.py --compare ../before [--runs 3]
"""

from __future__ import annotations

import argparse
import html
import json
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = "columbus-6-card-kitty"
POSTGRESQL = "postgres://postgres@127.0.0.1:5432/"
DATABASE = "kittytd_bench_poll_and_tap"
KINDS = ("baseline", "poll", "own poll", "enter", "accept")

# The hidden fields of a page's forms, and the address its live part polls.
FORM = re.compile(r'<form method="post" action="([^"]*)"[^>]*>(.*?)</form>', re.S)
HIDDEN = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)">')
SINCE = re.compile(r'<div id="live" hx-get="[^"]*[?&]since=([^"&]*)')


def hidden_fields(page: str, action_end: str) -> dict[str, str]:
    for action, body in FORM.findall(page):
        if action.endswith(action_end):
            return {name: html.unescape(value) for name, value in HIDDEN.findall(body)}
    raise RuntimeError(f"no form posting to …{action_end}")


def admin_sql(*statements: str) -> None:
    import psycopg

    with psycopg.connect(POSTGRESQL + "postgres", autocommit=True, connect_timeout=5) as conn:
        for statement in statements:
            conn.execute(statement)


def start_django(code: Path, database: str) -> None:
    """Django on `code`'s checkout, on a fresh database of that kind."""
    sys.path.insert(0, str(code))
    os.environ.setdefault("CONN_MAX_AGE", "600")  # a server's worker keeps its connection
    if database == "postgresql":
        admin_sql(f"DROP DATABASE IF EXISTS {DATABASE}", f"CREATE DATABASE {DATABASE}")
        os.environ["DATABASE_URL"] = POSTGRESQL + DATABASE
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        import django

        django.setup()
    else:
        from bench.support import database as bench_database

        bench_database.start("poll_and_tap.sqlite3")
    import scoring

    if not Path(scoring.__file__).resolve().is_relative_to(code.resolve()):
        raise RuntimeError(f"the code comes from {scoring.__file__}, not {code}")
    from bench.support.database import migrate

    migrate()


def set_up(tables: int) -> list[tuple[str, str, str]]:
    """A published round of `tables` tables: each table's two side links, and the own link
    of North-South's first player."""
    import datetime

    from bench.support import bulk
    from draw.rounds import draw_next_round, publish
    from tournament.models import Tournament
    from tournament.own_links import links_for

    tournament = Tournament.objects.create(
        name="Poll and tap",
        slug="poll-and-tap",
        date=datetime.date.today(),
        game=GAME,
        published=True,
    )
    bulk.teams(tournament, 2 * tables)
    round_ = draw_next_round(tournament, seed=1)
    publish(round_)
    links = []
    for table in round_.tables.order_by("number"):
        north, east = table.seats.select_related("entrant").order_by("position")
        player = links_for([north.entrant], tournament.is_partnership)[(north.entrant_id, 1)]
        links.append((f"/s/{north.token}/", f"/s/{east.token}/", f"/p/{player.token}/"))
    return links


def measure(tables: int) -> dict[str, float]:
    """The median seconds of each kind of request, hand after hand at every table."""
    from django.test import Client
    from django.test.utils import setup_test_environment

    from tests.support.phone import HANDS

    setup_test_environment()  # as the tests run the app: DEBUG off, "testserver" allowed
    links = set_up(tables)
    client = Client()
    seconds: dict[str, list[float]] = {kind: [] for kind in KINDS}

    def timed(kind: str, status: int, method, url: str, data=None):
        start = time.perf_counter()
        response = method(url, data)
        seconds[kind].append(time.perf_counter() - start)
        if response.status_code != status:
            raise RuntimeError(f"{kind} {url}: {response.status_code}, expected {status}")
        return response

    client.get(f"/rules/{GAME}/")  # the first request of a process sets things up
    for hand in HANDS:
        for north, east, own in links:
            page = client.get(north).content.decode()
            since = html.unescape(SINCE.search(page).group(1))
            own_since = html.unescape(SINCE.search(client.get(own).content.decode()).group(1))
            timed("baseline", 200, client.get, f"/rules/{GAME}/")
            timed("poll", 204, client.get, north, {"since": since})
            timed("own poll", 204, client.get, own, {"since": own_since})
            form = hidden_fields(page, "/enter/")
            data = {k: form[k] for k in ("csrfmiddlewaretoken", "nonce", "slot")}
            timed("enter", 302, client.post, north + "enter/", {**data, **hand})
            accept = hidden_fields(client.get(east).content.decode(), "/accept/")
            timed("accept", 302, client.post, east + "accept/", accept)
    return {kind: statistics.median(values) for kind, values in seconds.items()}


def one_run(code: Path, database: str, tables: int) -> dict[str, float]:
    start_django(code, database)
    try:
        return measure(tables)
    finally:
        if database == "postgresql":
            from django.db import connections

            connections.close_all()
            admin_sql(f"DROP DATABASE IF EXISTS {DATABASE}")


def ratios(medians: dict[str, float]) -> dict[str, float]:
    return {kind: medians[kind] / medians["baseline"] for kind in KINDS[1:]}


def compare(this: Path, other: Path, runs: int, tables: int, databases: list[str]) -> None:
    """Checkout `this` against `other`, run after run in turn, each in a process of its own."""
    found: dict[tuple[str, str], list[dict[str, float]]] = {}
    for _ in range(runs):
        for database in databases:
            for name, code in (("this", this), ("other", other)):
                argv = [sys.executable, __file__, "--code", str(code), "--database", database]
                out = subprocess.run(
                    [*argv, "--tables", str(tables), "--json"],
                    check=True,
                    capture_output=True,
                    text=True,
                    cwd=code,
                ).stdout
                found.setdefault((database, name), []).append(json.loads(out.splitlines()[-1]))
    for database in databases:
        print(f"{database}: {tables} tables, {runs} runs of each checkout in turn")
        for kind in KINDS[1:]:
            each = {
                name: statistics.median(ratios(r)[kind] for r in found[(database, name)])
                for name in ("this", "other")
            }
            print(
                f"  {kind:<8} x baseline: this {each['this']:5.2f}, other {each['other']:5.2f}"
                f"  -> this / other {each['this'] / each['other']:.2f}"
            )
        for name in ("this", "other"):
            base = statistics.median(r["baseline"] for r in found[(database, name)])
            print(f"  baseline (rules page), {name}: {base * 1000:.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--code", type=Path, default=ROOT, help="the checkout to run (this one)")
    parser.add_argument("--compare", type=Path, help="another checkout to compare with")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", action="store_true", help="print the medians as JSON")
    args = parser.parse_args()
    if args.compare:
        compare(args.code, args.compare, args.runs, args.tables, ["sqlite", "postgresql"])
        return
    medians = one_run(args.code, args.database, args.tables)
    if args.json:
        print(json.dumps(medians))
        return
    print(f"{args.database}: {args.tables} tables, at each hand: a poll, an entry, an acceptance")
    for kind in KINDS:
        ratio = "" if kind == "baseline" else f"  = {medians[kind] / medians['baseline']:.2f} x"
        print(f"  {kind:<8} {medians[kind] * 1000:7.2f} ms{ratio}")


if __name__ == "__main__":
    main()
