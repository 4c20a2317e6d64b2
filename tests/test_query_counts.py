"""Every page the app serves runs the same number of queries for a small night as for a
big one, in each game: each address is opened as the director (and, where public,
anonymously) at two sizes, and a query repeated per table, hand or entrant shows as a
difference. The busiest pages also have a budget (test_query_budget.py)."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from club.models import Club
from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support.helpers import FINISHING, accepted_hands, published_round, sign_every_side
from tests.test_permissions import PUBLIC, ROUTES, fill, placeholders

pytestmark = pytest.mark.django_db

# Actions that only post (a GET is refused before any work), and addresses that are not
# pages of a night.
SKIP = {"logout", "service_worker"} | {
    name
    for name, route in ROUTES.items()
    if name.startswith(("link_", "director_"))
    and name not in ("link_manifest", "director_table")
    or name.endswith(("_toggle", "_all", "_draw", "_publish", "_delete", "_create", "_next"))
    or name in ("start_clock", "playoff_size", "playoff_undo", "round_edit", "entrant_withdraw")
}
SIZES = (2, 12)  # tables in each round


def night(game: str, tables: int):
    """Round 1 played and signed at every table; round 2 under way, a hand waiting to be
    accepted at each table. Each size is its own club's only night, so the club's pages
    (ratings built from nothing, say) do the same work at both sizes."""
    options, hands = FINISHING[game]
    tournament = make_tournament(
        game,
        entrants=tables * ONE_TABLE[game],
        published=True,
        options=options,
        self_checkin=True,
        slug=f"size-{tables}",
        club=Club.objects.create(name=f"Club of {tables} tables", slug=f"club-{tables}"),
    )
    first = published_round(tournament)
    for table in first.tables.all():
        accepted_hands(table, hands)
        sign_every_side(table)
    second = published_round(tournament, seed=2)
    for table in second.tables.all():
        accepted_hands(table, hands[:1], accept=False)
    return tournament, first.tables.get(number=1)


def queries(client: Client, url: str) -> tuple[int, int]:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code < 500, url
    return response.status_code, len(captured.captured_queries)


@pytest.mark.parametrize("game", GAMES)
def test_every_page_runs_as_many_queries_for_a_big_night_as_for_a_small_one(game, director):
    # Django asks SQLite once per connection whether it has JSON functions, with queries
    # of its own: asked first, so that whichever page uses them first in this process
    # (in a run of this module alone, the small night's) is not charged for it.
    assert connection.features.supports_json_field
    counted = {}
    for tables in SIZES:
        tournament, table = night(game, tables)
        as_director = Client()
        as_director.force_login(director)
        tournament.staff.add(director)
        values = placeholders(tournament, table)
        for name in sorted(set(ROUTES) - SKIP):
            url = fill(ROUTES[name], tournament, table, values)
            counted[name, "director", tables] = queries(as_director, url)
            if name in PUBLIC:
                counted[name, "public", tables] = queries(Client(), url)
    small, big = SIZES
    grew = {
        (name, who): (counted[name, who, small], counted[name, who, big])
        for name, who, size in counted
        if size == small and counted[name, who, small] != counted[name, who, big]
    }
    assert grew == {}, "(status, queries) at a small night, then a big one"
    assert len({name for name, _, _ in counted}) >= 25
