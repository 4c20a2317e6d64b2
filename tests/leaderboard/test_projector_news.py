"""The projector shows the room the round's clock and the director's announcements, for
each of the four games."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from draw.rounds import draw_next_round
from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support.floor import words
from tests.support.helpers import FINISHING, accepted_hands, published_round
from tournament import news
from tournament.models import Round

pytestmark = pytest.mark.django_db


def projector(tournament) -> str:
    response = Client().get(f"/t/{tournament.slug}/standings/projector/")
    assert response.status_code == 200
    return words(response)


@pytest.mark.parametrize("game", GAMES)
def test_the_projector_shows_the_clock_of_the_round_in_play_and_the_news(game):
    options, _ = FINISHING[game]
    tournament = make_tournament(
        game, entrants=ONE_TABLE[game], published=True, options=options, round_minutes=45
    )
    round_ = published_round(tournament)
    page = projector(tournament)
    assert "min left" not in page and "From the director" not in page
    started = timezone.now() - timedelta(minutes=20)
    Round.objects.filter(pk=round_.pk).update(started=started)
    ends = timezone.localtime(started + timedelta(minutes=45)).strftime("%H:%M")
    assert f"25 min left · the round ends at {ends}" in projector(tournament)
    first = news.announce(tournament, "Coffee is on", by="td")
    news.announce(tournament, "Last round at 22:00", by="td")
    at = timezone.localtime(first.at).strftime("%H:%M")
    page = projector(tournament)
    assert f"From the director, {at} Last round at 22:00" in page
    assert f"Earlier announcements (1) {at} Coffee is on" in page
    Round.objects.filter(pk=round_.pk).update(started=started - timedelta(minutes=30))
    assert "Time is up · the round ended at" in projector(tournament)


def test_a_draft_round_is_not_the_round_in_play(director):
    tournament = make_tournament(entrants=4, published=True, round_minutes=30)
    first = published_round(tournament)
    Round.objects.filter(pk=first.pk).update(started=timezone.now() - timedelta(minutes=10))
    for table in first.tables.all():
        accepted_hands(table, [FINISHING[tournament.game][1][0]] * 4)
    draw_next_round(tournament, seed=2)  # a draft: its clock is not the room's
    assert "20 min left" in projector(tournament)
