"""The club's home and a season's ladder in chromium, on a phone and a laptop: readable
without the page scrolling sideways (the ladder's wide table scrolls in its own box),
the chart drawn, nothing refused under the Content-Security-Policy."""

from __future__ import annotations

import datetime

import pytest
from playwright.sync_api import expect

from demo.season import play_night
from tests.browser.conftest import LAPTOP, PHONE, opened
from tests.conftest import GAMES
from tests.support.season_helpers import START, a_club, a_season

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ["Ann Bell", "Bob Cole", "Cat Dunn", "Dan Eyre", "Eve Ford", "Fay Gold", "Gus Hart"]
NAMES += ["Hal Ives"]
PLAYERS = {"columbus-6-card-kitty": 8, "three-legged-kitty": 6, "ascot": 8, "cutthroat-pinochle": 6}


@pytest.mark.parametrize("game", GAMES)
def test_the_season_reads_on_a_phone_and_a_laptop(browser, live_server, shots, game):
    club = a_club()
    season = a_season(club, game)
    for n in range(4):
        day = START + datetime.timedelta(days=7 * n)
        play_night(club, game, day, NAMES[: PLAYERS[game]], slug=f"night-{n}", rounds=1, seed=n)
    for name, viewport in (("phone", PHONE), ("laptop", LAPTOP)):
        for context in opened(browser, live_server, viewport=viewport):
            page = context.new_page()
            page.goto(f"/club/{club.slug}/")
            expect(page.get_by_role("link", name=season.name)).to_be_visible()
            page.get_by_role("link", name=season.name).click()
            expect(page.get_by_role("heading", name=season.name)).to_be_visible()
            expect(page.locator("table.ladder tbody tr")).to_have_count(PLAYERS[game])
            chart = page.locator("svg.chart")
            expect(chart).to_be_visible()
            box = chart.bounding_box()
            assert box and box["width"] <= viewport["width"]
            assert page.locator("svg.chart polyline").count() == 6
            wide = page.evaluate("document.documentElement.scrollWidth")
            assert wide <= viewport["width"], f"the page scrolls sideways on a {name}"
            shots(page, f"{game}-season-{name}")
