import datetime
import os

import pytest
from django.contrib.auth import get_user_model
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

from tournament.models import Director, Entrant, Tournament

# CI (.ci/run) draws the same examples every run, so a red run is the change's, not the
# draw's; a developer's run draws new ones, and keeps what failed in .hypothesis/. Either
# way a failure prints its example and the `@reproduce_failure` line that draws it again.
# Neither profile times an example (deadline) or its drawing (the too_slow health check):
# each is a clock in a test, and on a loaded machine a first call (imports, a cold cache)
# took 547 ms against the 200 ms deadline and failed a whole-suite run that passed again.
UNTIMED = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
hypothesis_settings.register_profile("ci", derandomize=True, print_blob=True, **UNTIMED)
hypothesis_settings.register_profile("default", print_blob=True, **UNTIMED)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def pytest_addoption(parser):
    parser.addoption(
        "--only-database-tests",
        action="store_true",
        help="run only the tests of what PostgreSQL changes (the PostgreSQL run in .ci/run: "
        "every test ran in the SQLite run just before)",
    )


# What PostgreSQL changes, which its run (.ci/run) runs again, each for why; and every test
# marked `postgres` or `each_database`. The rest, pages and flows whose SQL is the same on
# both, ran on SQLite just before.
POSTGRES_CHANGES = {
    "tests/scoring/": "every write: row locks, savepoints, the stored outcomes' upsert",
    "tests/tables/test_sent_once.py": "a form sent twice: a unique key inside a savepoint",
    "tests/tables/test_live_pages.py": "the polls' fingerprints, in SQL of their own",
    "tests/own_link/": "the own link's poll, one read in SQL of its own",
    "tests/leaderboard/test_standings_version.py": "the standings' version, an aggregate",
    "tests/test_query_budget.py": "the queries each page runs",
    "tests/test_query_counts.py": "the queries each page runs",
    "tests/test_golden_pages.py": "every list in its order (the database's collation)",
    "tests/test_night_per_game.py": "a whole night of each game",
    "tests/test_fuzz_inputs.py": "NUL bytes and numbers past a column's limits (SQLite keeps them)",
    "tests/test_bad_input.py": "NUL bytes and numbers past a column's limits",
    "tests/backup/": "a restored night's rows, ids and JSON",
    "tests/register/": "names matched without regard to case or accents",
    "tests/tournament/test_csv_import.py": "names matched as they are imported",
    "tests/season/": "the season's aggregates and JSON",
    "tests/test_migrations.py": "the migrations",
    "tests/upgrade/": "the migrations of a database an earlier release wrote",
}
# Of those, what is refused before any SQL runs: the same on either database.
SAME_ON_EVERY_DATABASE = {
    "tests/test_fuzz_inputs.py::test_a_post_in_another_charset": "a body Django cannot decode",
    "tests/test_fuzz_inputs.py::test_a_body_past_what_any_form_sends": "a body past Django's caps",
}


# A test driving chromium or served by the live server, still running after 5 minutes, has
# hung (the longest, a whole Pinochle night, took 2 on a loaded 2-core machine): it fails
# there, and the next gets a new chromium (tests/browser/chromium.py). Every other test has
# pyproject's limit.
SERVED_TEST_LIMIT = 300
SERVED_FIXTURES = {"live_server", "chromium"}


# The modules that take longest, longest first (their tests' time at three workers on two
# cores, 2026-12-02: a Pinochle night 89 s, the fuzz 220 s in all). They run first: each
# xdist worker takes its share of the collection in order, and one out of tests takes the
# end of another's, so the run ends on short tests. In the order collected, it ended on
# four browser nights at once, slowed by each other, while one worker stood idle.
SLOWEST_FIRST = (
    "tests/browser/test_night_pinochle.py",
    "tests/browser/test_night_three_player.py",
    "tests/browser/test_night_ascot.py",
    "tests/test_fuzz_inputs.py",
    "tests/browser/test_night_kitty.py",
    "tests/browser/test_night_through_own_links.py",
    "tests/browser/test_accessibility.py",
    "tests/laptop/test_room_network.py",
    "tests/browser/test_firefox_night.py",
    "tests/browser/test_webkit_night.py",
    "tests/test_benches_run.py",
    "tests/laptop/test_survives_the_laptop.py",
    "tests/laptop/test_served_concurrency.py",
    "tests/browser/test_after_a_hang.py",
    "tests/browser/test_floor_on_a_phone.py",
    "tests/browser/test_live_and_offline.py",
    "tests/browser/test_every_tap_offline.py",
)


def slowest_first(root, items) -> None:
    """SLOWEST_FIRST's modules first, in its order; the rest as collected (a module's
    tests stay together, so its fixtures are set up once)."""
    rank = {path: i for i, path in enumerate(SLOWEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.relative_to(root).as_posix(), len(rank)))


def pytest_collection_modifyitems(config, items):
    """The slowest modules first; a served test's timeout (pytest-timeout), unless it sets
    its own; every test of tests/browser marked `browser`.

    `--only-database-tests`: on PostgreSQL, what PostgreSQL changes, and says how many it
    left out."""
    slowest_first(config.rootpath, items)
    browsers = config.rootpath / "tests" / "browser"
    for item in items:
        served = SERVED_FIXTURES & set(getattr(item, "fixturenames", ()))
        if served and item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(SERVED_TEST_LIMIT))
        if item.path.is_relative_to(browsers):
            item.add_marker(pytest.mark.browser)  # the quick run leaves them out (dev.py)
    if not config.getoption("--only-database-tests"):
        return
    kept, left = [], []
    root = config.rootpath
    for item in items:
        where = item.path.relative_to(root).as_posix()
        changes = where.startswith(tuple(POSTGRES_CHANGES))
        changes &= not item.nodeid.startswith(tuple(SAME_ON_EVERY_DATABASE))
        marked = any(item.get_closest_marker(m) for m in ("postgres", "each_database"))
        (kept if changes or marked else left).append(item)
    config.hook.pytest_deselected(items=left)
    items[:] = kept


def pytest_configure(config):
    """The tests' profile (tests/settings.py) on the settings read. And the table page's
    context in `response.context`, as for every other page."""
    from django.conf import settings

    from tests.settings import apply_to

    apply_to(settings)
    _tell_the_test_client_of_jinja2_renders()

    # The live server keeps up to 128 connections waiting, as a production server does
    # (gunicorn keeps 2048); Django's 10 reset phones when fifty tables post at once.
    from django.core.servers.basehttp import WSGIServer

    WSGIServer.request_queue_size = 128


def _tell_the_test_client_of_jinja2_renders():
    """Django's test client reads a page's context from the `template_rendered` signal,
    which only its own engine sends while testing; the table page's live part is Jinja2
    (config/jinja2.py), and a poll gets it alone. Its renders send the signal too, with
    the view's context."""
    from django.template.backends.jinja2 import Template
    from django.test.signals import template_rendered

    render = Template.render

    def render_and_tell(self, context=None, request=None):
        template_rendered.send(sender=self, template=self, context=dict(context or {}))
        return render(self, context, request)

    Template.render = render_and_tell


@pytest.fixture(autouse=True)
def _no_kept_pages():
    """The process's cache keeps rendered pages by row ids, which a rolled-back test
    hands out again: each test starts with none."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture(autouse=True)
def _stored_outcomes_follow_the_facts(request):
    """After every test that used the database: each table's stored outcome (what the
    standings read) equals the one derived from the facts now."""
    marker = request.node.get_closest_marker("django_db")
    names = set(request.fixturenames)
    if marker is None and not names & {"db", "transactional_db"}:
        yield
        return
    transactional = "transactional_db" in names or bool(
        marker and (marker.kwargs.get("transaction") or (marker.args and marker.args[0]))
    )
    request.getfixturevalue("transactional_db" if transactional else "db")  # torn down after
    yield
    from django.db import connection

    from scoring.models import TableOutcome
    from scoring.outcomes import verify

    if connection.needs_rollback:
        return  # the test ended inside a failed transaction: nothing more can be read

    # Only the nights with an outcome stored (verify compares stored rows alone): most
    # tests store none, and pay one query for the check.
    stored = TableOutcome.objects.values_list("table__round__tournament", flat=True)
    nights = Tournament.objects.filter(pk__in=stored.distinct())
    differences = [line for t in nights for line in verify(t)]
    assert differences == [], "stored outcomes differ from the facts"


@pytest.fixture
def director(db):
    user = get_user_model().objects.create_user("td", password="pw-for-tests-1")
    Director.objects.create(user=user)
    for tournament in Tournament.objects.all():  # made before this fixture: td runs them
        tournament.staff.add(user)
    return user


@pytest.fixture
def director_client(client, director):
    client.force_login(director)
    return client


@pytest.fixture
def player_client(client, db):
    """Signed in, but not a director."""
    user = get_user_model().objects.create_user("player", password="pw-for-tests-1")
    client.force_login(user)
    return client


# The four games, written out here (not read from the code under test), and how many
# entrants fill one table of each.
GAMES = ("columbus-6-card-kitty", "three-legged-kitty", "ascot", "cutthroat-pinochle")
ONE_TABLE = {
    "columbus-6-card-kitty": 2,
    "three-legged-kitty": 3,
    "ascot": 4,
    "cutthroat-pinochle": 3,
}


def make_tournament(game: str = "columbus-6-card-kitty", entrants: int = 0, **kwargs) -> Tournament:
    slug = kwargs.pop("slug", game[:20] + "-night")
    tournament = Tournament.objects.create(
        name=kwargs.pop("name", f"{game} night"),
        slug=slug,
        date=datetime.date(2026, 11, 20),
        game=game,
        **kwargs,
    )
    # The directors there are run it (tests of staff scoping add a stranger after).
    tournament.staff.add(*get_user_model().objects.filter(director__isnull=False))
    partnership = tournament.is_partnership
    Entrant.objects.bulk_create(
        Entrant(
            tournament=tournament,
            name=f"Team {i}" if partnership else f"Player {i}",
            player1=f"North {i}" if partnership else "",
            player2=f"South {i}" if partnership else "",
            order=i,
            checked_in=True,
        )
        for i in range(1, entrants + 1)
    )
    return tournament


@pytest.fixture
def kitty(db):
    return make_tournament(entrants=8, published=True)


@pytest.fixture(params=GAMES)
def table(request):
    """Table 1 of a published round, in each of the four games."""
    from tests.support.helpers import published_round, table_of

    game = request.param
    tournament = make_tournament(game, entrants=ONE_TABLE[game], published=True)
    return table_of(published_round(tournament))
