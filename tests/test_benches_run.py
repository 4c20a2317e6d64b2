"""The benches still run: each at a tiny size, for a few seconds, on SQLite.

Not a timed test: the machine running the suite may be busy, so no latency is asserted;
only that the bench completes, the server answered no 5xx, and the figures were printed.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# A row of bench/night.py's table: kind, n, req/s, p50, p95, p99, max, failures, 5xx, CPU.
ROW = re.compile(
    r"^(?P<kind>[a-z][a-z0-9 ()/]*?)\s+(?P<n>\d+)\s+[\d.]+\s+[\d.]+\s+[\d.]+\s+[\d.]+"
    r"\s+[\d.]+\s+(?P<failures>\d+)\s+(?P<errors>\d+)\s+\S+$"
)


def test_the_modelled_night_runs_two_tables_on_the_laptop_server():
    done = subprocess.run(
        [
            sys.executable,
            "bench/night.py",
            "--database",
            "sqlite",
            "--tables",
            "2",
            "--pace",
            "2",
            "--previews",
            "1",
            "--burst",
            "2",
            "--play",
            "10",
            "--tail",
            "1",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=180,
    )
    out = done.stdout
    assert done.returncode == 0, out + done.stderr
    rows = {m["kind"]: m for m in map(ROW.match, out.splitlines()) if m}
    for kind in ("page load", "standings load", "console load", "projector", "enter"):
        assert kind in rows, f"no {kind!r} row:\n{out}"
    assert {"poll 204", "poll changed"} & rows.keys(), f"no table poll:\n{out}"
    assert all(int(m["errors"]) == 0 for m in rows.values()), out
    assert re.search(r"^hands: .*: ok$", out, re.M), out
    assert re.search(r"^held: ", out, re.M), out
    assert "per phase" in out and "round end" in out, out
