"""Every public page of a huge event, against a page that reads no tournament, in one run.

10,000 teams of 6 Card Kitty (5,000 tables a round), two rounds of four hands each played
and signed, in a throwaway SQLite database; each page is fetched anonymously through
Django's test client (the whole request, no network), best of three, after one fetch
that warms it (the standings' first read scores and stores every table: printed apart).
A public page should stay under a second, the director's print of a 250-table round
under two; each limit is judged at that size or more (a smaller run's figures are printed,
not judged: its fixed costs weigh more, and it says nothing of a huge event).

Run from the repository root: python bench/public_pages.py [teams] [--sheet-tables 250]
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.support import database  # noqa: E402

database.start("public.sqlite3")

import datetime  # noqa: E402

from django.contrib.auth import get_user_model  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

from bench.support import bulk  # noqa: E402
from documents.printed_sheet import printed_sheet  # noqa: E402
from leaderboard.views import ROWS_PER_PAGE  # noqa: E402
from scoring.check_code import shown  # noqa: E402
from scoring.results import results_for  # noqa: E402
from tournament.models import Director, Seat, Table, Tournament  # noqa: E402

TEAMS = 10_000
SHEET_TABLES = 250  # the director's print of a round
ROUNDS = 2
HANDS = 4
REPEAT = 3
LIMIT = 1.0  # seconds


def hand_record(rng: random.Random) -> dict:
    return {
        "bidding_team": rng.randint(0, 1),
        "level": rng.randint(4, 7),
        "form": "plain",
        "books": rng.randint(5, 13),
    }


def build(teams: int, slug: str = "huge") -> Tournament:
    rng = random.Random(7)
    tournament = Tournament.objects.create(
        name="Huge",
        slug=slug,
        date=datetime.date(2026, 11, 20),
        game="columbus-6-card-kitty",
        rounds=4,
        published=True,
        self_checkin=True,
    )
    ids = [t.pk for t in bulk.teams(tournament, teams, ("North ", "South "))]
    bulk.played_rounds(tournament, ids, ROUNDS, HANDS, rng, hand_record)
    return tournament


def fetch(client: Client, url: str) -> float:
    start = time.perf_counter()
    response = client.get(url)
    seconds = time.perf_counter() - start
    assert response.status_code == 200, (url, response.status_code)
    return seconds


def check_code(table: Table) -> str:
    """The signed sheet's check code, as its table page and its paper print it (the code is
    derived from the sheet under the server's secret: documents.printed_sheet)."""
    tournament = table.round.tournament
    result = results_for(tournament, tables=[table])[table.pk]
    return shown(printed_sheet(result, tournament).check_code)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("teams", type=int, nargs="?", default=TEAMS)
    parser.add_argument(
        "--sheet-tables", type=int, default=SHEET_TABLES, help="tables of the director's print"
    )
    args = parser.parse_args()
    teams = args.teams
    setup_test_environment()
    database.migrate()
    start = time.perf_counter()
    tournament = build(teams)
    print(
        f"built {teams:,} teams x {ROUNDS} rounds x {HANDS} hands "
        f"in {time.perf_counter() - start:.0f} s"
    )
    client = Client()
    seat = Seat.objects.filter(table__round__number=1).order_by("table__number").first()
    table = seat.table
    code = check_code(table)
    slug = tournament.slug
    entrant = seat.entrant_id
    page = min(50, math.ceil(teams / ROWS_PER_PAGE))  # the 50th, or the last there is
    pages = {
        "rules page (reads no tournament)": f"/rules/{tournament.game}/",
        "tournament": f"/t/{slug}/",
        "rounds": f"/t/{slug}/rounds/",
        "pairings, round 2": f"/t/{slug}/round/2/pairings/",
        "standings": f"/t/{slug}/standings/",
        f"standings, page {page}": f"/t/{slug}/standings/?page={page}",
        "standings projector": f"/t/{slug}/standings/projector/",
        "standings PDF (every team)": f"/t/{slug}/standings/pdf/",
        "a team's record": f"/t/{slug}/standings/entrant/{entrant}/",
        "a sheet's check": f"/t/{slug}/check/?round=1&table={table.number}&code={code}",
        "self check-in search": f"/t/{slug}/checkin/self/?q=Team+{min(1234, teams)}",
        "a side's table page": f"/s/{seat.token}/",
    }
    cold = fetch(client, pages["standings"])  # no outcome stored yet: scores every table
    checked = client.get(pages["a sheet's check"]).context["verdict"].kind
    assert checked == "matches", f"the check page says {checked!r} of the sheet's own code"
    timings = {}
    for name, url in pages.items():
        fetch(client, url)
        timings[name] = min(fetch(client, url) for _ in range(REPEAT))
    base = timings["rules page (reads no tournament)"]
    print(f"{teams:,} teams, best of {REPEAT}, anonymous:")
    print(f"  standings, first read (scores and stores every table): {cold * 1000:8.1f} ms")
    slow = []
    judged = teams >= TEAMS  # a smaller event's pages say nothing of a huge one's
    for name, seconds in timings.items():
        flag = "  over a second" if seconds > LIMIT else ""
        print(f"  {name:36s} {seconds * 1000:8.1f} ms  {seconds / base:7.0f} x{flag}")
        if seconds > LIMIT and judged:
            slow.append(name)
    # The director's print of a 250-table round: every sheet signed, with its check code.
    tables = args.sheet_tables
    round_ = build(2 * tables, "director-print")
    user = get_user_model().objects.create_user("bench")
    Director.objects.create(user=user)
    round_.staff.add(user)
    director = Client()
    director.force_login(user)
    url = f"/t/{round_.slug}/round/1/sheets.pdf"
    fetch(director, url)
    sheets = min(fetch(director, url) for _ in range(REPEAT))
    flag = "  over two seconds" if sheets > 2 * LIMIT else ""
    label = f"the director's {tables} score sheets (PDF)"
    print(f"  {label:36s} {sheets * 1000:8.1f} ms{flag}")
    if not judged or tables < SHEET_TABLES:
        print(f"  (limits judged only at {TEAMS:,} teams and {SHEET_TABLES} sheets or more)")
    return 1 if slow or (flag and tables >= SHEET_TABLES) else 0


if __name__ == "__main__":
    sys.exit(main())
