"""How long the public standings page of a huge event takes, against a page that reads no
tournament, both measured in the same run.

10,000 players of Cut Throat Pinochle checked in, in a throwaway in-memory database; the
page is fetched through Django's test client as an anonymous visitor would.

Run from the repository root: python bench/standings_page.py [entrants]
"""

from __future__ import annotations

import argparse
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.support import database  # noqa: E402

database.start()

import datetime  # noqa: E402

from django.test import Client  # noqa: E402

from tournament.models import Entrant, Tournament  # noqa: E402

ENTRANTS = 10_000
REPEAT = 3


def timed(client: Client, url: str) -> tuple[float, int, int]:
    """Best wall time of REPEAT fetches, the page's size, and the peak memory of one more
    fetch (traced apart, since tracing slows Python down)."""
    best = float("inf")
    for _ in range(REPEAT):
        start = time.perf_counter()
        response = client.get(url)
        best = min(best, time.perf_counter() - start)
        assert response.status_code == 200, (url, response.status_code)
    tracemalloc.start()
    client.get(url)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return best, len(response.content), peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("entrants", type=int, nargs="?", default=ENTRANTS)
    entrants = parser.parse_args().entrants
    database.migrate()
    tournament = Tournament.objects.create(
        name="Huge",
        slug="huge",
        date=datetime.date(2026, 11, 20),
        game="cutthroat-pinochle",
        published=True,
    )
    Entrant.objects.bulk_create(
        Entrant(tournament=tournament, name=f"Player {i:05}", order=i, checked_in=True)
        for i in range(1, entrants + 1)
    )
    client = Client()
    base, base_size, _ = timed(client, "/rules/cutthroat-pinochle/")
    page, size, peak = timed(client, "/t/huge/standings/")
    print(f"{entrants:,} entrants, best of {REPEAT}")
    print(f"  rules page (reads no tournament): {base * 1000:8.1f} ms  {base_size:>10,} bytes")
    print(
        f"  public standings page:            {page * 1000:8.1f} ms  {size:>10,} bytes  "
        f"peak {peak / 1e6:.1f} MB"
    )
    print(f"  ratio standings / rules page: {page / base:.0f}x")


if __name__ == "__main__":
    main()
