"""Every director URL: anonymous → login, signed in but not a director → 403."""

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

from tests.conftest import make_tournament

pytestmark = pytest.mark.django_db


def director_patterns(resolver=None, prefix=""):
    resolver = resolver or get_resolver()
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            yield from director_patterns(entry, prefix + str(entry.pattern))
        elif isinstance(entry, URLPattern) and getattr(entry.callback, "director_only", False):
            yield prefix + str(entry.pattern)


def fill(pattern: str, tournament) -> str:
    url = "/" + pattern
    values = {
        "<slug:slug>": tournament.slug,
        "<int:pk>": "1",
        "<int:number>": "1",
        "<int:table>": "1",
        "<int:hand>": "1",
        "<int:ruling>": "1",
        "<str:token>": "x",
        "<slug:action>": "enter",
    }
    for placeholder, value in values.items():
        url = url.replace(placeholder, value)
    assert "<" not in url, f"add a value for {url}"
    return url


def test_there_are_director_urls():
    assert len(list(director_patterns())) >= 8


@pytest.mark.parametrize("method", ["get", "post"])
def test_anonymous_visitors_are_sent_to_login(client, method):
    tournament = make_tournament(entrants=2)
    for pattern in director_patterns():
        url = fill(pattern, tournament)
        response = getattr(client, method)(url)
        assert response.status_code == 302, url
        assert response["Location"].startswith("/login/?next="), url


@pytest.mark.parametrize("method", ["get", "post"])
def test_signed_in_non_directors_are_refused(player_client, method):
    tournament = make_tournament(entrants=2)
    for pattern in director_patterns():
        url = fill(pattern, tournament)
        response = getattr(player_client, method)(url)
        assert response.status_code == 403, url
