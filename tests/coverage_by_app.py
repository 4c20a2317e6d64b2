"""Each app's share of lines and branches the suite ran, against its floor.

Run after the suite with `--cov` (`python3 dev.py test --coverage` does both, as CI does):
`python -m tests.coverage_by_app` prints a line per app and the whole, and fails when any
is below its floor. A floor is the figure reached when it was set, less a point of
leeway: raise it when tests are added, never lower it to let a change in."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import coverage

ROOT = Path(__file__).resolve().parents[1]

# Percent of statements and branches run (coverage.py's figure with branch = true), as
# first measured on 2026-12-02 less a point. config, laptop and upgrade are low because
# most of what they do runs in a process a test starts (a served laptop, a command).
FLOORS = {
    "backup": 95,
    "club": 94,
    "config": 60,
    "demo": 96,
    "documents": 97,
    "draw": 91,
    "kittytd": 91,
    "laptop": 67,
    "leaderboard": 98,
    "league": 98,
    "own_link": 94,
    "pairing": 96,
    "plumbing": 99,
    "printing": 96,
    "register": 95,
    "rules": 95,
    "scoring": 95,
    "season": 96,
    "standings": 97,
    "tables": 96,
    "tournament": 96,
    "upgrade": 63,
}
WHOLE_FLOOR = 93


def apps() -> list[str]:
    """The app's packages: each folder at the top with an __init__.py, but the tests'."""
    found = {p.parent.name for p in ROOT.glob("*/__init__.py")} - {"tests", "bench"}
    return sorted(found)


def figure(measured: coverage.Coverage, include: list[str]) -> float:
    """coverage.py's percentage for the files matching `include` (its own report, unseen);
    none for files the suite never imported."""
    try:
        return measured.report(include=include, file=io.StringIO())
    except coverage.exceptions.NoDataError:
        return 0.0


def main() -> int:
    measured = coverage.Coverage(data_file=str(ROOT / ".coverage"))
    measured.load()
    below = []
    print(f"{'app':<12} {'covered':>8} {'floor':>6}")
    for app in apps():
        percent = figure(measured, [f"{ROOT / app}/*"])
        floor = FLOORS.get(app)
        print(f"{app:<12} {percent:7.1f}% {floor if floor is not None else '-':>5}")
        if floor is None or percent < floor:
            below.append(app if floor is not None else f"{app} (no floor: add it to FLOORS)")
    whole = figure(measured, [f"{ROOT / app}/*" for app in apps()])
    print(f"{'the whole':<12} {whole:7.1f}% {WHOLE_FLOOR:>5}")
    if whole < WHOLE_FLOOR:
        below.append("the whole")
    if below:
        print(f"below the floor: {', '.join(below)} (tests/coverage_by_app.py)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
