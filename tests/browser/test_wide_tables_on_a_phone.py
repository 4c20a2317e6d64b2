"""Wide tables on a 390 px phone, in a real chromium: the public standings keep the names
in view while their figures scroll, and say that they scroll (a line above, a fading
edge) only when they do; the sheet four Ascot players sign fits the phone, unscrolled."""

from __future__ import annotations

import pytest

from tests.browser.conftest import PHONE, opened
from tests.conftest import GAMES, make_tournament
from tests.support.helpers import FINISHING, accepted_hands, published_round, side_link, table_of
from tournament.models import Entrant

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Names as a club's are: some long, none cut.
NAMES = ["Greta Lindqvist", "Hans Weber", "Anke Busch", "Otto Brandt", "Ilse Roth", "Paul Frey"]
TEAMS = ["Aces High", "Kitty Litter", "Bostonians", "Downtown Crew"]


def named(tournament) -> None:
    names = TEAMS if tournament.is_partnership else NAMES
    for entrant, name in zip(tournament.entrants.order_by("order"), names, strict=False):
        Entrant.objects.filter(pk=entrant.pk).update(name=name)


def one_hand_played(game: str):
    """A night of club names with its widest standings (Ascot's Seeger-Fabian columns)
    and one hand accepted in round 1."""
    options = {"seeger_fabian": True} if game == "ascot" else {}
    entrants = 4 if game == "columbus-6-card-kitty" else 6
    tournament = make_tournament(game, entrants=entrants, published=True, options=options)
    named(tournament)
    table = table_of(published_round(tournament))
    accepted_hands(table, FINISHING[game][1][:1])
    return tournament


def visible(page, cell, box) -> bool:
    """Whether the cell is inside the box's visible part and nothing covers its middle."""
    return page.evaluate(
        """([cell, box]) => {
            const c = cell.getBoundingClientRect(), b = box.getBoundingClientRect();
            if (c.left < b.left - 1 || c.right > b.right + 1 || c.width === 0) return false;
            const hit = document.elementFromPoint(c.left + c.width / 2, c.top + c.height / 2);
            return cell.contains(hit);
        }""",
        [cell.element_handle(), box.element_handle()],
    )


@pytest.mark.parametrize("game", GAMES)
def test_the_standings_keep_the_names_in_view_and_say_they_scroll(
    browser, live_server, shots, game
):
    tournament = one_hand_played(game)
    for context in opened(browser, live_server, viewport=PHONE, is_mobile=True, has_touch=True):
        page = context.new_page()
        page.goto(f"/t/{tournament.slug}/standings/")
        box = page.locator(".standings-wrap")
        hint = page.locator(".scroll-hint")
        name = box.locator("tbody tr").first.locator("td").nth(1)
        played = box.locator("thead th").nth(2)
        box.scroll_into_view_if_needed()
        shots(page, f"{game}-standings", full_page=False)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert box.evaluate("b => b.scrollWidth > b.clientWidth"), "the figures fit: no scroll"
        assert hint.is_visible() and "Scroll sideways for more" in hint.inner_text()
        assert "overflows" in box.get_attribute("class")
        assert visible(page, name, box) and visible(page, played, box)

        box.evaluate("b => b.scrollTo(b.scrollWidth, 0)")
        page.wait_for_function("() => document.querySelector('.standings-wrap').scrollLeft > 0")
        shots(page, f"{game}-standings-scrolled", full_page=False)
        # The figures moved under the names: the first ones are out of sight, the names not.
        assert not visible(page, played, box)
        assert visible(page, name, box), "the name column scrolled out of view"
        assert visible(page, box.locator("thead th").nth(1), box)
        assert "at-end" in box.get_attribute("class")  # the last column in view: no fade


def test_the_sheet_four_ascot_players_sign_fits_a_phone(browser, live_server, shots):
    options, hands = FINISHING["ascot"]
    tournament = make_tournament(
        "ascot",
        entrants=4,
        published=True,
        options={**options, "seeger_fabian": True, "ramsch": True},
    )
    named(tournament)
    table = table_of(published_round(tournament))
    accepted_hands(table, [{**hand, "bid": "75"} for hand in hands])
    for context in opened(browser, live_server, viewport=PHONE, is_mobile=True, has_touch=True):
        page = context.new_page()
        page.goto(side_link(table, 0))
        sheet = page.locator("#sheet")
        assert sheet.locator("thead th").count() == 2 + 4
        sheet.scroll_into_view_if_needed()
        shots(page, "ascot-four-players-sheet")
        page_width = page.evaluate(
            "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
        )
        assert page_width[0] <= page_width[1] <= PHONE["width"], page_width
        box = sheet.locator(".scroll")
        assert box.evaluate("b => b.scrollWidth <= b.clientWidth"), "the sheet scrolls"
        assert not page.locator("#sheet .scroll-hint").is_visible()
        sheet.locator("thead").scroll_into_view_if_needed()
        for column in range(6):  # every player's column, whole, on the screen
            assert visible(page, sheet.locator("thead th").nth(column), box), column


@pytest.mark.parametrize("game", GAMES)
def test_the_projectors_standings_opened_on_a_phone_scroll_within_the_page(
    browser, live_server, shots, game
):
    """The public standings link the room's screen; a player opening it on a phone gets a
    page as wide as the phone, whose table scrolls to its last column."""
    tournament = one_hand_played(game)
    for context in opened(browser, live_server, viewport=PHONE, is_mobile=True, has_touch=True):
        page = context.new_page()
        page.goto(f"/t/{tournament.slug}/standings/projector/")
        shots(page, f"{game}-projector", full_page=False)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        box = page.locator(".scroll:has(table.proj)")
        last = box.locator("thead th").last
        box.evaluate("b => { b.scrollLeft = b.scrollWidth; }")
        assert visible(page, last, box), "the last column cannot be scrolled into view"
