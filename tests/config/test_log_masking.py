"""A side's link, a player's own link or a check-in link never reaches the log: Django
logs the path of every refused request, and a phone's routine 409 is one (config/logs.py)."""

import io
import logging
import sys

import pytest
from django.test import Client

from config.logs import MaskPrivateLinks, masked
from tests.conftest import GAMES, make_tournament
from tests.support.helpers import SIMPLE_HAND, enter, published_round, table_of
from tournament import own_links

pytestmark = pytest.mark.django_db


@pytest.fixture
def log():
    """What the configured log handler (settings.LOGGING's console) writes."""
    (handler,) = [h for h in logging.getLogger().handlers if h.get_name() == "console"]
    written = io.StringIO()
    before = handler.setStream(written)
    yield written
    handler.setStream(before)


def test_a_refused_request_on_a_side_link_is_logged_without_the_link(log):
    tournament = make_tournament(entrants=2, published=True)
    table = table_of(published_round(tournament))
    token = table.seats.get(position=0).token
    assert enter(Client(), table, SIMPLE_HAND["columbus-6-card-kitty"]).status_code == 302
    stale = Client().post(f"/s/{token}/enter/", {"nonce": "x" * 20, "slot": "1:1"})
    assert stale.status_code in (400, 409)
    forbidden = Client().post(f"/s/{token}/reopen/", {"reason": "x"})
    assert forbidden.status_code >= 400
    logged = log.getvalue()
    assert "/s/…/" in logged
    assert token not in logged


def test_a_checkin_link_and_a_traceback_are_masked():
    try:
        raise ValueError("no entrant at /t/x/checkin/me/Ab9_-z/")
    except ValueError:
        caught = sys.exc_info()
    record = logging.LogRecord(
        "django.request",
        logging.ERROR,
        __file__,
        1,
        "%s: %s",
        ("Gone", "/t/x/checkin/me/Ab9_-z/"),
        caught,
    )
    MaskPrivateLinks().filter(record)
    written = logging.Formatter().format(record)
    assert written.startswith("Gone: /t/x/checkin/me/…/\n")
    assert "ValueError: no entrant at /t/x/checkin/me/…/" in written
    assert "Ab9_-z" not in written
    assert masked("GET /s/abcDEF123_-/accept/?x=1") == "GET /s/…/accept/?x=1"


@pytest.mark.parametrize("game", GAMES)
def test_a_players_own_link_is_logged_masked(log, game):
    """A player's own link (`/p/<token>/…`) is theirs alone: a refused request on it is
    logged without the token, as a side's is."""
    tournament = make_tournament(game, entrants=2, published=True)
    links = own_links.links_for(tournament.entrants.all(), tournament.is_partnership)
    token = next(iter(links.values())).token
    assert Client().get(f"/p/{token}/no-such-page/").status_code == 404
    assert Client().post(f"/p/{token}/r/1/enter/", {"nonce": "x"}).status_code >= 400
    logged = log.getvalue()
    assert "/p/…/no-such-page/" in logged and "/p/…/r/1/enter/" in logged
    assert token not in logged
    assert masked(f"GET /p/{token}/r/2/accept/?x=1") == "GET /p/…/r/2/accept/?x=1"
    assert masked(f"http://192.168.1.23:8000/p/{token}/") == "http://192.168.1.23:8000/p/…/"
