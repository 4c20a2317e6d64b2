"""The club's register in a real browser on a phone: the director makes two nights, the
second's near name waits under "Players to confirm" and is confirmed with one tap; on the
register a likely duplicate is merged after its confirm page; the pages work under the
Content-Security-Policy and fit a phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser import steps
from tests.browser.conftest import PHONE, opened

pytestmark = pytest.mark.browser


@pytest.fixture
def director_phone(browser, live_server):
    yield from opened(browser, live_server, viewport=PHONE, is_mobile=True, has_touch=True)


def register(page, slug: str, name: str) -> None:
    page.goto(f"/t/{slug}/entrants/")
    page.locator("#id_name").fill(name)
    page.get_by_role("button", name="Register").click()
    expect(page.get_by_text(f"Registered {name}.")).to_be_visible()


def fits(page) -> None:
    """Nothing wider than the phone's screen: no sideways scrolling of the page."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width


def test_confirm_and_merge_on_a_phone(director_phone, shots, db):
    steps.make_director()
    page = director_phone.new_page()
    steps.log_in(page, shots)
    first = steps.new_tournament(
        page, shots, name="Monday Pinochle", game="Cut Throat Pinochle", rounds=2
    )
    register(page, first, "Anne Bell")
    register(page, first, "Bob Stone")
    second = steps.new_tournament(
        page, shots, name="Tuesday Pinochle", game="Cut Throat Pinochle", rounds=2
    )
    register(page, second, "Ann Bell")
    register(page, second, "Robert Stone")

    confirm = page.locator("#to-confirm")
    expect(confirm).to_contain_text("Players to confirm (2)")
    fits(page)
    shots(page, "players-to-confirm")
    confirm.get_by_role("button", name="Same player as Anne Bell (1 night)").click()
    expect(page.get_by_text("Ann Bell is Anne Bell: linked.")).to_be_visible()
    page.locator("#to-confirm").get_by_role("button", name="A new player").click()
    expect(page.get_by_text("Robert Stone is a new player in the register.")).to_be_visible()
    expect(page.locator("#to-confirm")).to_have_count(0)

    page.get_by_role("link", name="The club's players").click()
    expect(page.get_by_role("heading", name="The club: the players")).to_be_visible()
    expect(page.locator("#duplicates")).to_contain_text("Bob Stone")
    fits(page)
    shots(page, "register")
    page.get_by_role("link", name="Keep Bob Stone").click()
    expect(page.get_by_role("heading", name="Merge two players")).to_be_visible()
    expect(page.get_by_text("Robert Stone's 1 night becomes Bob Stone's (1 now)")).to_be_visible()
    fits(page)
    shots(page, "merge-confirm")
    page.get_by_role("button", name="Merge into Bob Stone").click()
    expect(page.get_by_text("Merged Robert Stone into Bob Stone")).to_be_visible()
    row = page.locator("table.register tbody tr", has_text="Bob Stone")
    expect(row).to_contain_text("Robert Stone")
    expect(row.locator("td.num")).to_have_text("2")
    shots(page, "merged")
