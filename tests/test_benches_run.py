"""The benches still run: each at a tiny size, for a few seconds, on SQLite.

Not a timed test: the machine running the suite may be busy, so no latency or ratio is
asserted (a bench judges its time limit at its own size only, not at these); only that
the bench completes, with no traceback, that the server answered no 5xx where there is
one, and that the figures the bench exists to print were printed. Each runs in its own
process with its own temporary folder, which it must leave empty.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from rules import RULESETS
from tests.support import nginx

pytestmark = pytest.mark.spawns

ROOT = Path(__file__).resolve().parent.parent

MS = r"[\d.]+ ms"
X = r"[\d.]+ ?x"

# Each bench of bench/: its tiny command's arguments, and lines its output must have.
BENCHES: dict[str, tuple[list[str], list[str]]] = {
    "live.py": (
        ["--tables", "2"],
        [
            r"^2 tables, 4 teams, 2 hands accepted at each$",
            rf"^rules page \(reads no table, baseline\): +{MS}$",
            rf"^table page: +{MS} +its poll, unchanged \(204\): +{MS} += {X} the baseline",
            rf"^console: +{MS} +its poll, unchanged \(204\): +{MS} += {X} the page$",
            rf"^standings: +{MS} +its poll, unchanged \(204\): +{MS} += {X} the page$",
            r"^  idle: +[\d.]+ s of server time a minute = [\d.]+% of one core",
            r"^  a change at every table a minute: +[\d.]+ s of server time a minute",
        ],
    ),
    "load.py": (
        ["--database", "sqlite", "--tables", "2", "--deadline", "90"],
        [
            *(
                rf"^  {kind} +\d+ req +[\d.]+ req/s +p50 +{MS} +p95 +{MS} +p99 +{MS}"
                r"  failures 0 \(5xx 0\)$"
                for kind in ("hand entry", "accept", "table page", "trivial view")
            ),
            r"^  CPU per request: server [\d.]+ ms",
            r"^hand entry / trivial view: latency p50 x[\d.]+, p95 x[\d.]+, p99 x[\d.]+",
            r"^hands stored 8/8, accepted 8, doubled 0: ok$",
            r"^goal figures: hands stored 8/8, 5xx 0, hand entry p50 \d+ ms, p99 \d+ ms",
        ],
    ),
    "pairing.py": (
        ["--teams", "20", "--players", "21"],
        [
            rf"^{label}: round 4 in [\d.]+ s, \d+ repeats, \d+ out; ranking alone {MS} "
            r"\(x\d+\); under 2 s: (yes|no) \(not judged\)$"
            for label in ("20 teams, Swiss", "21 players, tables of 3", "21 players, by standings")
        ],
    ),
    "player_statistics.py": (
        ["--nights", "2"],
        [
            r"^2 nights per game; one player's statistics against a bare SELECT",
            *(rf"^{game}: built in [\d.]+s, [1-9]\d* hands at Ann's tables$" for game in RULESETS),
            rf"^  statistics \(load and tally\): +{MS} += {X}$",
            rf"^  the player's page: +{MS} += {X} \(\d+ queries\)$",
        ],
    ),
    "poll_and_tap.py": (
        ["--tables", "2"],
        [
            r"^sqlite: 2 tables, at each hand: a poll, an entry, an acceptance$",
            rf"^  baseline +{MS}$",
            *(rf"^  {kind} +{MS} += {X}$" for kind in ("poll", "own poll", "enter", "accept")),
        ],
    ),
    "public_pages.py": (
        ["20", "--sheet-tables", "2"],
        [
            r"^built 20 teams x 2 rounds x 4 hands in \d+ s$",
            rf"^  standings, first read \(scores and stores every table\): +{MS}$",
            *(
                rf"^  {re.escape(page)} +{MS} +{X}"
                for page in (
                    "rules page (reads no tournament)",
                    "standings",
                    "standings PDF (every team)",
                    "a sheet's check",
                    "a side's table page",
                )
            ),
            rf"^  the director's 2 score sheets \(PDF\) +{MS}$",
        ],
    ),
    "ratings.py": (
        ["--players", "8", "--nights", "3"],
        [
            r"^built 8 players x 3 nights \(\d+ tables, \d+ hands\)",
            r"^[1-9]\d* tables rated, \d+ waiting for a link$",
            rf"^reading the results alone: +{MS}$",
            rf"^rebuilding all ratings \(stored\): +{MS} += {X}$",
            rf"^a new night's tables carried on: +{MS} += {X}",
            r"^stored ratings differing from the facts: 0$",
        ],
    ),
    "register.py": (
        ["--players", "100", "--night", "20"],
        [
            r"^register of 100 players, a night of 20 names$",
            rf"^  read the register \(baseline\) +{MS}$",
            rf"^  link the night's players +{MS}  x\d+$",
            rf"^  likely duplicates \(\d+ pairs\) +{MS}  x\d+$",
        ],
    ),
    "restore.py": (
        ["--teams", "20"],
        [
            r"^a night of 20 teams: its backup file [\d.]+ MB$",
            *(
                rf"^  {label} +[\d.]+ s   10 teams: +[\d.]+ s   x[\d.]+ for twice the teams$"
                for label in (
                    "restored, the club's register empty",
                    "restored again, every name an entry's",
                )
            ),
        ],
    ),
    "season_ladder.py": (
        ["--nights", "3", "--teams", "4"],
        [
            r"^built 3 nights x 4 teams x 5 rounds \(120 hands\)",
            r"^[1-9]\d* players on the ladder; the leader has -?\d+ points$",
            rf"^the ladder: +{MS} += {X}$",
            rf"^the season page \(table and chart\): +{MS} += {X}$",
            rf"^the ladder, nothing stored yet: +{MS}",
        ],
    ),
    "sheets.py": (
        ["--tables", "3"],
        [
            r"^3 sheets, one PDF: +[\d.]+ s +[\d,]+ bytes \([\d.]+ MB\)  3 pages ",
            rf"^one sheet x 3: +[\d.]+ s  \(one sheet {MS}, [\d,]+ bytes\)  ratio [\d.]+$",
            r"^empty 3-page PDF: +[\d.]+ s +[\d,]+ bytes  ratio \d+x$",
        ],
    ),
    "standings.py": (
        ["--teams", "8", "--rounds", "2"],
        [
            r"^built 8 teams x 2 rounds x 4 hands \(32 hands\)",
            rf"^bare SELECT of every hand row: +{MS}$",
            rf"^standings, nothing stored yet: +{MS} += {X} \(scores and stores every table\)$",
            rf"^standings \(signed only\): +{MS} += {X} the SELECT$",
            r"^stored outcomes differing from the facts: 0$",
        ],
    ),
    "standings_page.py": (
        ["30"],
        [
            r"^30 entrants, best of 3$",
            rf"^  rules page \(reads no tournament\): +{MS} +[\d,]+ bytes$",
            rf"^  public standings page: +{MS} +[\d,]+ bytes  peak [\d.]+ MB$",
            r"^  ratio standings / rules page: \d+x$",
        ],
    ),
}
# Not benches of their own: the app wrapped for bench/night.py, which runs it below, and
# the servers it can measure beside the laptop's (`--server waitress,cheroot`: the `bench`
# extra, not installed for the tests).
NOT_RUN_ALONE = {"served_cpu.py", "laptop_servers.py"}


def run_bench(name: str, args: list[str], tmp_path: Path, timeout: float = 120) -> str:
    """The bench's output, once it ended well: exit code 0, no traceback, and its temporary
    files (the throwaway database, the server's folder) all gone."""
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    done = subprocess.run(
        [sys.executable, f"bench/{name}", *args],
        cwd=ROOT,
        env={**os.environ, "TMPDIR": str(scratch)},
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    out = done.stdout
    both = out + done.stderr
    assert done.returncode == 0, both
    assert "Traceback" not in both, both
    assert "log, failing lines" not in out, out  # bench/load.py's summary of the server's log
    assert list(scratch.iterdir()) == [], f"{name} left {list(scratch.iterdir())}"
    return out


def test_every_bench_is_run_here():
    benches = {p.name for p in (ROOT / "bench").glob("*.py")} - {"__init__.py"}
    assert benches == BENCHES.keys() | {"night.py"} | NOT_RUN_ALONE


@pytest.mark.parametrize("name", sorted(BENCHES))
def test_the_bench_runs_at_a_tiny_size_and_prints_its_figures(name, tmp_path):
    args, lines = BENCHES[name]
    out = run_bench(name, args, tmp_path)
    for line in lines:
        assert re.search(line, out, re.M), f"no line matching {line!r}:\n{out}"


# A row of bench/night.py's table: kind, n, req/s, p50, p95, p99, max, failures, 5xx, CPU.
ROW = re.compile(
    r"^(?P<kind>[a-z][a-z0-9 ()/]*?)\s+(?P<n>\d+)\s+[\d.]+\s+[\d.]+\s+[\d.]+\s+[\d.]+"
    r"\s+[\d.]+\s+(?P<failures>\d+)\s+(?P<errors>\d+)\s+\S+$"
)


def tiny_night(tmp_path, *setup: str, timeout: float = 180) -> tuple[str, dict]:
    """bench/night.py at two tables, a hand every 2 s, 10 s of play: its output and its
    table's rows, every kind of a night in them, with no 5xx and the hands all stored."""
    short = ("--tables", "2", "--pace", "2", "--previews", "1", "--burst", "2", "--play", "10")
    out = run_bench("night.py", [*short, "--tail", "1", *setup], tmp_path, timeout=timeout)
    rows = {m["kind"]: m for m in map(ROW.match, out.splitlines()) if m}
    for kind in ("page load", "standings load", "console load", "projector", "enter"):
        assert kind in rows, f"no {kind!r} row:\n{out}"
    # A table poll is answered 204, with the clock alone, or with the changed part.
    table_polls = {"poll 204", "poll clock", "poll changed"}
    assert table_polls & rows.keys(), f"no table poll:\n{out}"
    assert all(int(m["errors"]) == 0 for m in rows.values()), out
    assert re.search(r"^hands: .*: ok$", out, re.M), out
    assert re.search(r"^held: ", out, re.M), out
    assert "per phase" in out and "round end" in out, out
    return out, rows


def test_the_modelled_night_runs_two_tables_on_the_laptop_server(tmp_path):
    tiny_night(tmp_path, "--database", "sqlite")


@pytest.mark.postgres
@pytest.mark.skipif(
    "postgres" not in os.environ.get("DATABASE_URL", ""),
    reason="the production setup runs on PostgreSQL: run the tests on it (DATABASE_URL)",
)
@pytest.mark.skipif(nginx.binary() is None, reason="needs nginx (.ci/run installs nginx-light)")
def test_the_modelled_night_runs_two_tables_behind_nginx_on_postgresql(tmp_path):
    """As production runs it: nginx in front (the static files from disk, the phones'
    connections kept), gunicorn's threaded workers, PostgreSQL."""
    server = os.environ["DATABASE_URL"].rsplit("/", 1)[0]
    out, rows = tiny_night(
        tmp_path,
        "--proxy",
        "--workers",
        "2",
        "--gunicorn-threads",
        "2",
        "--postgres",
        server,
        timeout=240,
    )
    assert {"static", "manifest"} <= rows.keys(), out
    assert all(int(m["failures"]) == 0 for m in rows.values()), out
    assert "behind nginx" in out and re.search(r"^ +server [\d.]+ .*, proxy [\d.]+ ", out, re.M)
    # Each phone kept one connection: the proxy holds them (sync gunicorn closes each).
    opened = int(re.search(r"^client: (\d+) connections opened", out, re.M)[1])
    assert opened <= 4 + 2 + 1 + 1, out  # side phones, standings phones, projector, director
