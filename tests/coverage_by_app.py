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

# Percent of statements and branches run (coverage.py's figure with branch = true).
FLOORS = {
    "backup": 0,
    "club": 0,
    "config": 0,
    "demo": 0,
    "documents": 0,
    "draw": 0,
    "kittytd": 0,
    "laptop": 0,
    "leaderboard": 0,
    "league": 0,
    "own_link": 0,
    "pairing": 0,
    "plumbing": 0,
    "printing": 0,
    "register": 0,
    "rules": 0,
    "scoring": 0,
    "season": 0,
    "standings": 0,
    "tables": 0,
    "tournament": 0,
    "upgrade": 0,
}
WHOLE_FLOOR = 0


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
