"""Three browser tests in a row, run by test_after_a_hang.py in a pytest of their own (the
name keeps them out of the suite, as the first fails on purpose): a call chromium never
answers, a chromium that crashes, and the test after each, which must find a new chromium
and an empty database."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.conftest import make_tournament
from tournament.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NEVER = "() => new Promise(() => {})"  # evaluate takes no timeout: it waits on this forever
# The hung test's own timeout (the suite's is minutes), on its call alone: launching
# chromium and the live server took over 10 s once on a loaded machine, and a timeout in
# the setup is not the failure this shows.
LIMIT = 10
used: list = []  # the chromium each test ran in


def a_night_on_the_page(context) -> None:
    """Rows in the database, and a page of the live server showing them."""
    make_tournament(slug="friday-night", name="Friday Night Kitty", published=True)
    page = context.new_page()
    page.goto("/t/friday-night/")
    expect(page.get_by_role("heading", name="Friday Night Kitty")).to_be_visible()


@pytest.mark.timeout(LIMIT, func_only=True)
def test_a_call_never_answered(browser, director_context):
    used.append(browser)
    a_night_on_the_page(director_context)
    director_context.new_page().evaluate(NEVER)


def test_chromium_crashes(browser, director_context):
    assert Tournament.objects.count() == 0
    assert browser is not used[0] and not used[0].is_connected()  # closed after its failure
    used.append(browser)
    a_night_on_the_page(director_context)
    with pytest.raises(Exception, match="closed"):
        browser.new_browser_cdp_session().send("Browser.crash")
    assert not browser.is_connected()


def test_the_next_test_starts_afresh(browser, director_context):
    assert Tournament.objects.count() == 0
    assert browser is not used[1] and not used[1].is_connected()
    a_night_on_the_page(director_context)  # the same slug as the tests before
