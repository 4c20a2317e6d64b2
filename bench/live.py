"""What live pages cost the server: a poll that finds nothing new, against the page itself.

A round of 100 tables of 6 Card Kitty, two hands accepted at each, in a throwaway SQLite
database, served in-process (Django's test client: the whole request, no network). Each
open table page polls every EVERY.table_page seconds (plumbing/live.py); a poll that finds
the version it shows is answered 204. Prints, in one run: the time of a 204 poll, of the
whole table page, of the console and standings pages and their polls, of a player's own
link at their table (it follows the player through the night: a poll reads a little more
than the side's link's) and its poll, and of the rules page (reads no table) as the
baseline; then the server time per minute for 100 open table pages, idle and with a change
at every table each minute, as a share of one core.

Run from the repository root: python bench/live.py [--tables 100]
"""

from __future__ import annotations

import argparse
import html
import re
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.support import database  # noqa: E402

database.start("live.sqlite3")

import datetime  # noqa: E402

from django.contrib.auth import get_user_model  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

from bench.support import bulk  # noqa: E402
from draw.rounds import draw_next_round, publish  # noqa: E402
from plumbing.live import EVERY  # noqa: E402
from scoring import entry  # noqa: E402
from tournament import own_links  # noqa: E402
from tournament.models import Director, Tournament  # noqa: E402

TABLES = 100
OPEN_PAGES = 100  # the server time a minute is reckoned for this many open table pages
REPEAT = 3
HANDS = (
    {"bidding_team": 0, "level": 5, "form": "plain", "books": 12},
    {"bidding_team": 1, "level": 4, "form": "no", "direction": "uptown", "books": 10},
)


def build(tables: int) -> tuple[Tournament, list[str], list[str]]:
    tournament = Tournament.objects.create(
        name="Live bench",
        slug="live",
        date=datetime.date(2026, 11, 20),
        game="columbus-6-card-kitty",
        rounds=4,
        published=True,
    )
    bulk.teams(tournament, 2 * tables)
    round_ = draw_next_round(tournament, seed=1)
    publish(round_)
    links, own = [], []
    for table in round_.tables.order_by("number"):
        for number, record in enumerate(HANDS, start=1):
            hand = entry.enter_hand(
                table, record, actor=entry.Actor(side=0), nonce=f"b{number}", slot=(number, 1)
            )
            entry.accept_hand(table, hand.pk, actor=entry.Actor(side=1), version=hand.version)
        seat = table.seats.select_related("entrant").get(position=0)
        links.append(f"/s/{seat.token}/")
        player = own_links.links_for([seat.entrant], True)[(seat.entrant_id, 1)]
        own.append(f"/p/{player.token}/")
    return tournament, links, own


def timed(client: Client, url: str, data=None, status: int = 200) -> float:
    start = time.perf_counter()
    response = client.get(url, data or {})
    seconds = time.perf_counter() - start
    assert response.status_code == status, (url, response.status_code)
    return seconds


def median_of(client: Client, urls: list[str], data_for=None, status: int = 200) -> float:
    times = [
        timed(client, url, data_for(url) if data_for else None, status)
        for _ in range(REPEAT)
        for url in urls
    ]
    return statistics.median(times)


# The live part of a page and the address htmx polls, with the version the page shows.
HX_GET = re.compile(r'<div id="live" hx-get="([^"]*)"')


def version_of(client: Client, url: str) -> str:
    """The version a page shows, read off its poll address as a phone's htmx reads it (the
    table page's live part is Jinja2, whose context the test client is not told of)."""
    page = client.get(url)
    assert page.status_code == 200, (url, page.status_code)
    found = HX_GET.search(page.content.decode())
    assert found, f"{url}: no live part to poll"
    return parse_qs(urlsplit(html.unescape(found.group(1))).query)["since"][0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=TABLES)
    tables = parser.parse_args().tables
    setup_test_environment()  # as the tests run the app: DEBUG off, "testserver" allowed
    database.migrate()
    tournament, links, own = build(tables)
    user = get_user_model().objects.create_user("bench")
    Director.objects.create(user=user)
    tournament.staff.add(user)
    anyone, director = Client(), Client()
    director.force_login(user)
    shown = {url: version_of(anyone, url) for url in links + own}

    rules = median_of(anyone, [f"/rules/{tournament.game}/"])
    page = median_of(anyone, links)
    poll = median_of(anyone, links, lambda url: {"since": shown[url]}, status=204)
    own_page = median_of(anyone, own)
    own_poll = median_of(anyone, own, lambda url: {"since": shown[url]}, status=204)
    console_url = f"/t/{tournament.slug}/round/1/console/"
    console = median_of(director, [console_url])
    console_poll = median_of(
        director, [console_url], lambda url: {"since": version_of(director, url)}, 204
    )
    standings_url = f"/t/{tournament.slug}/standings/"
    standings = median_of(anyone, [standings_url])
    standings_poll = median_of(
        anyone, [standings_url], lambda url: {"since": version_of(anyone, url)}, 204
    )

    print(f"{tables} tables, {2 * tables} teams, {len(HANDS)} hands accepted at each")
    print(f"rules page (reads no table, baseline): {rules * 1000:7.2f} ms")
    print(
        f"table page: {page * 1000:7.2f} ms   its poll, unchanged (204): {poll * 1000:6.2f} ms"
        f"  = {poll / rules:.2f} x the baseline, {poll / page:.2f} x the page"
    )
    print(
        f"own link:   {own_page * 1000:7.2f} ms   its poll, unchanged (204): "
        f"{own_poll * 1000:6.2f} ms  = {own_poll / rules:.2f} x the baseline, "
        f"{own_poll / poll:.2f} x the side link's poll"
    )
    print(
        f"console:    {console * 1000:7.2f} ms   its poll, unchanged (204): "
        f"{console_poll * 1000:6.2f} ms  = {console_poll / console:.3f} x the page"
    )
    print(
        f"standings:  {standings * 1000:7.2f} ms   its poll, unchanged (204): "
        f"{standings_poll * 1000:6.2f} ms  = {standings_poll / standings:.3f} x the page"
    )
    polls = 60 / EVERY.table_page
    idle = OPEN_PAGES * polls * poll
    busy = OPEN_PAGES * ((polls - 1) * poll + page)  # every table changes once a minute
    print(
        f"{OPEN_PAGES} open table pages, each polling every {EVERY.table_page} s "
        f"({polls:.0f} polls a minute each):"
    )
    print(
        f"  idle:                            {idle:6.2f} s of server time a minute "
        f"= {idle / 60:.1%} of one core ({idle / OPEN_PAGES * 1000:.0f} ms per page a minute)"
    )
    print(
        f"  a change at every table a minute: {busy:6.2f} s of server time a minute "
        f"= {busy / 60:.1%} of one core ({busy / OPEN_PAGES * 1000:.0f} ms per page a minute)"
    )
    console_minute = (60 / EVERY.console - 1) * console_poll + console
    print(
        f"one console polling every {EVERY.console} s, changing every minute: "
        f"{console_minute * 1000:.0f} ms a minute (it reloaded in full every 20 s before: "
        f"{3 * console * 1000:.0f} ms a minute)"
    )
    standings_minute = 60 / EVERY.standings * standings_poll
    print(
        f"one standings page polling every {EVERY.standings} s, unchanged: "
        f"{standings_minute * 1000:.1f} ms a minute"
    )


if __name__ == "__main__":
    main()
