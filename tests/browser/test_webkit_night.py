"""A side's night on WebKit (Safari's engine), for each game: a hand tapped into the phone's
form, its score line read back, stored, accepted on the other side's page; then the hall's
Wi-Fi drops while the next hand is entered, and the hand is sent, once, when it is back."""

from __future__ import annotations

import pytest

from tests.browser.conftest import PHONE
from tests.browser.webdriver_steps import a_sides_night
from tests.browser.webkit import webkit_phone, webkit_session  # noqa: F401 (fixtures)
from tests.conftest import GAMES

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("game", GAMES)
def test_a_sides_night_on_webkit(game, phone, live_server):
    a_sides_night(phone, live_server, game, viewport=[PHONE["width"], PHONE["height"]])
