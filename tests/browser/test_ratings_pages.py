"""The ratings pages in a real chromium, on a phone and on a laptop: they fit the screen
(the tables scroll inside their own box), the chart is drawn, and the
Content-Security-Policy refuses nothing."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from club.models import Club, Player
from tests.browser.conftest import LAPTOP, PHONE, opened
from tests.conftest import GAMES
from tests.support.season_nights import names, season

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("game", GAMES)
def test_the_ratings_pages_fit_a_phone_and_a_laptop(browser, live_server, shots, game):
    club = Club.objects.create(name="Riverside Card Club", slug="riverside")
    season(club, game, 3)
    player = Player.objects.get(club=club, name=names(game)[0])
    for label, size in (("phone", PHONE), ("laptop", LAPTOP)):
        for context in opened(browser, live_server, viewport=size):
            page = context.new_page()
            page.goto(f"/club/riverside/ratings/{game}/")
            expect(page.get_by_role("heading", level=1)).to_contain_text("ratings")
            expect(page.locator("table.ratings tbody tr")).to_have_count(len(names(game)))
            assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
            shots(page, f"{game}-ratings-{label}")
            page.get_by_role("link", name=player.name).first.click()
            expect(page.get_by_role("heading", level=1)).to_contain_text(player.name)
            chart = page.locator(".rating-chart svg")
            expect(chart).to_be_visible()
            assert chart.bounding_box()["width"] <= size["width"]
            assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
            shots(page, f"{game}-player-{label}")
