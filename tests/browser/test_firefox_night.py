"""A side's night on Firefox (Gecko), for each game: the same steps as on WebKit
(test_webkit_night.py), through Firefox's own remote protocol."""

from __future__ import annotations

import pytest

from tests.browser.firefox import VIEWPORT, firefox_phone, firefox_session  # noqa: F401 (fixtures)
from tests.browser.webdriver_steps import a_sides_night
from tests.conftest import GAMES

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    # Said by the imports of Mozilla's client as Firefox starts, about nothing of ours.
    pytest.mark.filterwarnings(
        "ignore:distro.linux_distribution:DeprecationWarning",
        "ignore:'telnetlib' is deprecated:DeprecationWarning",
    ),
]


@pytest.mark.parametrize("game", GAMES)
def test_a_sides_night_on_firefox(game, phone, live_server):
    a_sides_night(phone, live_server, game, viewport=VIEWPORT)
