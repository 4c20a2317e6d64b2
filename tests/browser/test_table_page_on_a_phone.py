"""The table page in a real chromium on a phone, for a side and for the director, in the
four games: at every step of a table it is as wide as the screen (a side's long link
wraps, the sheet scrolls inside its own box), and the Content-Security-Policy refuses
nothing."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, opened
from tests.browser.steps import log_in, make_director
from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support.helpers import (
    FINISHING,
    accept_pending,
    enter,
    published_round,
    side_link,
    table_of,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("game", GAMES)
def test_the_table_page_fits_a_phone_at_every_step(browser, live_server, shots, game):
    options, hands = FINISHING[game]
    tournament = make_tournament(game, entrants=ONE_TABLE[game], published=True, options=options)
    table = table_of(published_round(tournament))
    make_director()
    tournament.staff.add(get_user_model().objects.get(username="td"))
    pages = {
        "first side": side_link(table, 0),
        "second side": side_link(table, 1),
        "director": f"/t/{tournament.slug}/round/1/table/{table.number}/",
    }

    def every_page_fits(step: str) -> None:
        for who, url in pages.items():
            page = director if who == "director" else phone
            page.goto(url)
            expect(page.get_by_role("heading", level=1)).to_contain_text(f"Table {table.number}")
            width = page.evaluate("document.documentElement.scrollWidth")
            shots(page, f"{game}-{step}-{who.replace(' ', '-')}")
            assert width <= PHONE["width"], f"{who}'s page {step} is {width} px wide"

    for phone_context in opened(browser, live_server, viewport=PHONE, is_mobile=True):
        for director_context in opened(browser, live_server, viewport=PHONE, is_mobile=True):
            phone, director = phone_context.new_page(), director_context.new_page()
            log_in(director, shots)
            every_page_fits("before-a-hand")
            assert enter(Client(), table, hands[0], side=0).status_code == 302
            every_page_fits("a-hand-waiting")
            assert accept_pending(Client(), table, side=1).status_code == 302
            for hand in hands[1:]:
                assert enter(Client(), table, hand, side=0).status_code == 302
                assert accept_pending(Client(), table, side=1).status_code == 302
            every_page_fits("to-sign")


# A small phone (375 x 667 CSS pixels): the hand's form is taller than its screen.
SMALL_PHONE = {"width": 375, "height": 667}
# Whether the focused control's middle shows, or something else (the sticky bar) covers it.
COVERED = """() => {
  const e = document.activeElement, r = e.getBoundingClientRect();
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return top && !(top === e || e.contains(top) || top.contains(e) || top.control === e)
    ? `${e.outerHTML.slice(0, 80)} under ${top.outerHTML.slice(0, 80)}` : "";
}"""


@pytest.mark.parametrize("game", GAMES)
def test_a_control_given_focus_is_never_under_the_enter_bar(browser, live_server, game):
    """Tabbing through a hand's form on a small phone, every control the browser scrolls to
    shows above the sticky bar with the Enter button (WCAG 2.4.11, focus not obscured)."""
    tournament = make_tournament(game, entrants=ONE_TABLE[game], published=True)
    table = table_of(published_round(tournament))
    for context in opened(
        browser, live_server, viewport=SMALL_PHONE, is_mobile=True, has_touch=True
    ):
        phone = context.new_page()
        phone.goto(side_link(table, 0))
        bar = phone.locator(".hand-form > .enter-bar")
        expect(bar).to_be_visible()
        assert phone.evaluate("document.documentElement.scrollHeight") > SMALL_PHONE["height"]
        covered, scrolled = [], 0
        for _ in range(60):  # every control of the form, and on past it
            phone.keyboard.press("Tab")
            if not phone.evaluate("!!document.activeElement.closest('.hand-form')"):
                continue
            scrolled = max(scrolled, phone.evaluate("window.scrollY"))
            if (found := phone.evaluate(COVERED)) and found not in covered:
                covered.append(found)
        assert scrolled > 0, "the form fits the screen: nothing was scrolled to"
        assert not covered, "\n".join(covered)
