"""The public standings' phones see each change the standings are made of, at their next
poll, for each of the four games: the version is read in one query of counted facts
(leaderboard/version.py), so each kind of change must move one of them, including those
written without a save (a withdrawal, a leave, a round's state)."""

import re
import time

import pytest
from django.test import Client

from draw.rounds import draw_next_round, publish
from leaderboard.version import POLL_FACTS_SECONDS
from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support.helpers import published_round
from tournament.models import Entrant, Round

pytestmark = pytest.mark.django_db


def shown_version(response) -> str:
    """The version the page polls with, as its HTML names it (a kept render has no
    context)."""
    return re.search(r'hx-get="[^"]*since=([0-9a-f]+)', response.content.decode())[1]


def polled(url: str, version: str) -> int:
    return Client().get(url, {"since": version}).status_code


def entrant_of(tournament) -> Entrant:
    return tournament.entrants.order_by("order").first()


def rename(entrant: Entrant, name: str) -> None:
    entrant.name = name
    entrant.save()  # as the director's form does


CHANGES = {
    "withdrawn without a save": lambda t: Entrant.objects.filter(pk=entrant_of(t).pk).update(
        withdrawn=True
    ),
    "left in round 1 without a save": lambda t: Entrant.objects.filter(pk=entrant_of(t).pk).update(
        left_in_round=1
    ),
    "an entrant renamed": lambda t: rename(entrant_of(t), "Someone Else Entirely"),
    "an entrant added": lambda t: Entrant.objects.create(
        tournament=t, name="Late Arrivals", order=999
    ),
    "the round finished": lambda t: Round.objects.filter(tournament=t).update(
        status=Round.Status.COMPLETE
    ),
}


@pytest.mark.parametrize("change", CHANGES)
@pytest.mark.parametrize("game", GAMES)
def test_each_change_to_what_the_standings_show_is_a_new_version(game, change):
    tournament = make_tournament(game, entrants=ONE_TABLE[game] * 2, published=True)
    published_round(tournament)
    url = f"/t/{tournament.slug}/standings/"
    version = shown_version(Client().get(url))
    assert polled(url, version) == 204
    CHANGES[change](tournament)
    assert polled(url, version) == 200


@pytest.mark.parametrize("game", GAMES)
def test_a_round_drawn_and_published_is_a_new_version(game):
    tournament = make_tournament(game, entrants=ONE_TABLE[game] * 2, published=True)
    url = f"/t/{tournament.slug}/standings/"
    version = shown_version(Client().get(url))
    drawn = draw_next_round(tournament)  # a draft
    assert polled(url, version) == 200
    version = shown_version(Client().get(url))
    publish(drawn)
    assert polled(url, version) == 200


@pytest.mark.parametrize("game", GAMES)
def test_a_round_back_in_play_is_a_new_version_and_its_first_hand_is_not(game):
    """The standings show a round complete or not (a correction puts a finished round back
    in play); published and in play look alike there, so a round's first hand, which puts
    it in play, redraws no phone."""
    tournament = make_tournament(game, entrants=ONE_TABLE[game] * 2, published=True)
    published_round(tournament)
    url = f"/t/{tournament.slug}/standings/"
    rounds = Round.objects.filter(tournament=tournament)
    version = shown_version(Client().get(url))
    rounds.update(status=Round.Status.IN_PLAY)
    assert polled(url, version) == 204
    rounds.update(status=Round.Status.COMPLETE)
    assert polled(url, version) == 200
    version = shown_version(Client().get(url))
    rounds.update(status=Round.Status.IN_PLAY)
    assert polled(url, version) == 200


@pytest.mark.parametrize("game", GAMES)
def test_the_phones_polls_share_the_facts_read_within_a_second(game, monkeypatch):
    """Every phone with the standings open polls the same facts: a poll takes them as this
    process read them within the last second, so a change reaches the polling phones a
    second later at most; a page loaded, not polled, shows it at once."""
    tournament = make_tournament(game, entrants=ONE_TABLE[game] * 2, published=True)
    published_round(tournament)
    url = f"/t/{tournament.slug}/standings/"
    version = shown_version(Client().get(url))

    def htmx_poll() -> int:
        return Client().get(url, {"since": version}, headers={"HX-Request": "true"}).status_code

    later = [0.0]  # seconds added to the clock the process's cache reads
    monkeypatch.setattr(time, "time", lambda real=time.time: real() + later[0])
    assert htmx_poll() == 204
    rename(entrant_of(tournament), "Someone Else Entirely")
    assert htmx_poll() == 204  # the facts as the poll before read them, in the same second
    loaded = Client().get(url, {"since": version})
    assert "Someone Else Entirely" in loaded.content.decode()
    later[0] += POLL_FACTS_SECONDS
    assert htmx_poll() == 200
