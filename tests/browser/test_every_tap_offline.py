"""Every tap at a table survives the hall's Wi-Fi, in a real chromium: not only a hand but
an accept, a dispute, a correction, taking a hand back, a signature, asking for a
correction, calling the director, checking in and asking to leave, from a side's link and
from a player's own link. Tapped while the network is down, the action stays on the phone
(the page, not the browser's error page, says it waits) and is stored once when the
network is back; one whose answer was lost is sent again and still stored once. A hand
the sheet no longer wants is settled, said, and the hands behind it go on; what is being
typed stays; the page follows the hands it has queued; no notice covers the Enter button.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from scoring.history import Action
from scoring.models import Change, CorrectionRequest, Hand, Signature
from tests.browser.conftest import PHONE, opened
from tests.browser.steps import entry_form
from tests.browser.test_live_and_offline import TWO_HANDS, enter, stored, tap_in, wait_until
from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support.helpers import (
    FINISHING,
    SIMPLE_HAND,
    accepted_hands,
    published_round,
    side_link,
    sign_every_side,
    table_of,
)
from tournament import own_links
from tournament.models import Entrant

pytestmark = pytest.mark.django_db(transaction=True)

KITTY = "columbus-6-card-kitty"


@pytest.fixture
def phone(browser, live_server):
    """A phone whose requests the test can cut or lose (no service worker in between)."""
    yield from opened(
        browser, live_server, viewport=PHONE, is_mobile=True, has_touch=True,
        service_workers="block",
    )  # fmt: skip


@pytest.fixture
def partner(browser, live_server):
    """Another phone on the same side's link (a partner's, or the other side's)."""
    yield from opened(browser, live_server, viewport=PHONE, is_mobile=True, has_touch=True)


def a_table(game: str = KITTY, *, verify: bool = False, finishing: bool = False, **options):
    tournament = make_tournament(
        game,
        entrants=ONE_TABLE[game],
        published=True,
        verify_hands=verify,
        options=FINISHING[game][0] if finishing else {},
        **options,
    )
    return table_of(published_round(tournament))


def nudge(page) -> None:
    """Tell the page the network is back (its `online` event), as a phone's browser does.
    Chromium may have told it already, the queue sent and the page moved on to the new
    page: then there is nothing left to tell."""
    try:
        page.evaluate("window.dispatchEvent(new Event('online'))")
    except PlaywrightError as error:
        if "context was destroyed" not in str(error):
            raise


def changes(table, action: Action) -> Callable[[], int]:
    return lambda: Change.objects.filter(table=table, action=action).count()


def own_link_of(entrant: Entrant) -> str:
    tournament = entrant.tournament
    link = own_links.links_for([entrant], tournament.is_partnership)[(entrant.pk, 1)]
    return own_links.own_path(link.token)


@dataclass
class Tap:
    """One kind of action at a table: the page it is tapped on, the tap, and how many times
    the database holds it."""

    url: str
    tap: Callable
    count: Callable[[], int]
    action: str  # the end of its address


def open_and_tap(summary: str, button) -> Callable:
    def tap(page):
        page.locator("summary", has_text=summary).click()
        button(page).click()

    return tap


def pending_hand(**options):
    table = a_table(verify=True, **options)
    accepted_hands(table, [SIMPLE_HAND[KITTY]], accept=False)
    return table


def accepting():
    table = pending_hand()
    tap = lambda page: page.get_by_role("button", name="Accept as East-West").click()  # noqa: E731
    return Tap(side_link(table, 1), tap, changes(table, Action.ACCEPTED), "accept")


def disputing():
    table = pending_hand()

    def tap(page):
        page.locator("summary", has_text="Dispute it").click()
        page.get_by_label("What is wrong?").first.fill("We took 11 books")
        page.get_by_role("button", name="Dispute as East-West").click()

    return Tap(side_link(table, 1), tap, changes(table, Action.DISPUTED), "dispute")


def correcting():
    table = pending_hand()

    def tap(page):
        page.locator("summary", has_text="Correct it").click()
        form = page.locator("form[action$='/edit/']")
        form.locator("label.choice:has(> input[name=edit-books][value='11'])").click()
        form.locator("[name=reason]").fill("miscounted")
        form.get_by_role("button", name=re.compile("^(Store|Save|Correct)")).first.click()

    return Tap(side_link(table, 0), tap, changes(table, Action.EDITED), "edit")


def taking_back():
    table = pending_hand()
    tap = open_and_tap(
        "Take it back", lambda page: page.get_by_role("button", name="Take back hand 1")
    )
    return Tap(side_link(table, 0), tap, changes(table, Action.TOOK_BACK), "take-back")


def signing():
    table = a_table(finishing=True)
    accepted_hands(table, FINISHING[KITTY][1])

    def tap(page):
        form = page.locator("form[action$='/sign/']").first
        player = form.locator("input[name=player]:checked").get_attribute("value")
        form.locator("[name=typed]").fill(player)
        form.get_by_role("button", name=re.compile("^Sign for")).click()

    count = lambda: Signature.objects.filter(table=table).count()  # noqa: E731
    return Tap(side_link(table, 0), tap, count, "sign")


def asking_a_correction():
    table = a_table(finishing=True)
    accepted_hands(table, FINISHING[KITTY][1])
    sign_every_side(table)

    def tap(page):
        form = page.locator("form[action$='/correction/']")
        form.locator("[name=reason]").fill("Hand 1 was 11 books")
        form.get_by_role("button", name="Ask for a correction").click()

    count = lambda: CorrectionRequest.objects.filter(table=table).count()  # noqa: E731
    return Tap(side_link(table, 0), tap, count, "correction")


def calling():
    table = a_table()
    tap = open_and_tap(
        "Call the director",
        lambda page: page.get_by_role("button", name="Call the director", exact=True),
    )
    return Tap(side_link(table, 0), tap, changes(table, Action.CALLED), "call")


def accepting_on_an_own_link():
    table = pending_hand()
    entrant = table.seats.get(position=1).entrant
    tap = lambda page: page.get_by_role("button", name="Accept as East-West").click()  # noqa: E731
    return Tap(own_link_of(entrant), tap, changes(table, Action.ACCEPTED), "accept")


def checking_in():
    tournament = make_tournament(KITTY, entrants=ONE_TABLE[KITTY], self_checkin=True)
    entrant = tournament.entrants.first()
    Entrant.objects.filter(pk=entrant.pk).update(checked_in=False)
    tap = lambda page: page.get_by_role("button", name="I am here: check me in").click()  # noqa: E731
    count = lambda: Entrant.objects.filter(pk=entrant.pk, checked_in=True).count()  # noqa: E731
    return Tap(own_link_of(entrant), tap, count, "check-in")


def asking_to_leave():
    table = a_table()
    entrant = table.seats.get(position=0).entrant
    tap = open_and_tap(
        "Leave the night", lambda page: page.get_by_role("button", name="Leave after round 1")
    )
    count = lambda: Entrant.objects.filter(pk=entrant.pk, leave_asked_at__isnull=False).count()  # noqa: E731
    return Tap(own_link_of(entrant), tap, count, "leave")


TAPS = {
    "accept": accepting,
    "dispute": disputing,
    "correct": correcting,
    "take back": taking_back,
    "sign": signing,
    "ask a correction": asking_a_correction,
    "call the director": calling,
    "accept on an own link": accepting_on_an_own_link,
    "check in": checking_in,
    "ask to leave": asking_to_leave,
}
WAITING = re.compile(r"waiting to send: “")


@pytest.mark.parametrize("kind", TAPS)
def test_a_tap_while_the_network_is_down_waits_on_the_phone_and_is_stored_once(kind, phone):
    case = TAPS[kind]()
    page = phone.new_page()
    page.goto(case.url)
    phone.set_offline(True)
    case.tap(page)
    waiting = page.locator(".net-status.queue")
    expect(waiting).to_have_text(WAITING)
    assert page.url.endswith(case.url)  # the page, not the browser's error page
    assert case.count() == 0

    phone.set_offline(False)
    nudge(page)
    expect(waiting).to_be_hidden(timeout=20_000)
    wait_until(page, lambda: case.count() == 1)
    expect(page.locator(".error-box")).to_have_count(0)
    assert case.count() == 1


LOST = ("dispute", "correct", "sign", "ask a correction", "call the director", "accept")


@pytest.mark.parametrize("kind", LOST)
def test_a_tap_whose_answer_is_lost_is_sent_again_and_stored_once(kind, phone):
    case = TAPS[kind]()
    page = phone.new_page()
    page.goto(case.url)
    lost = []

    def reach_then_drop(route):
        route.fetch(max_redirects=0)  # the server stores it...
        lost.append(route.request.url)
        route.abort()  # ...and the answer never comes back

    page.route(f"**/{case.action}/", reach_then_drop)
    case.tap(page)
    expect(page.locator(".net-status.queue")).to_have_text(WAITING)
    assert case.count() == 1 and len(lost) == 1
    page.unroute(f"**/{case.action}/")
    nudge(page)
    expect(page.locator(".net-status.queue")).to_be_hidden(timeout=20_000)
    expect(page.get_by_text("Sent already: it was stored the first time.")).to_be_visible()
    expect(page.locator(".error-box")).to_have_count(0)
    expect(page.locator(".net-status.refused")).to_be_hidden()
    assert case.count() == 1


def answer_503(route):
    route.fulfill(status=503, body="503 from the proxy")


@pytest.mark.parametrize("game", GAMES)
def test_a_hand_another_phone_entered_first_is_settled_and_the_next_is_stored(
    game, phone, partner, shots
):
    """The jam once seen: phone 1's hand 1 waits (a 503); the partner's phone enters hand 1
    meanwhile. Phone 1's hand 1 is then refused for good, said on its page, and its hand 2,
    typed behind it, is stored."""
    table = a_table(game)
    first, second = TWO_HANDS[game]
    one = phone.new_page()
    one.goto(side_link(table, 0))
    one.route("**/enter/", answer_503)
    enter(one, 1, first)
    expect(one.locator(".net-status.queue")).to_have_text(re.compile(r"^1 hand waiting to send"))

    other = partner.new_page()
    other.goto(side_link(table, 0))
    enter(other, 1, first)
    wait_until(other, lambda: len(stored()) == 1)

    enter(one, 2, second)  # the form took hand 2 at once
    one.unroute("**/enter/")
    nudge(one)
    wait_until(one, lambda: len(stored()) == 2)
    assert [n for n, _ in stored()] == [1, 2]
    refused = one.locator(".net-status.refused")
    expect(refused).to_contain_text("Hand 1 was not stored: Another phone has just changed")
    expect(refused).to_contain_text(" It was: ")  # what phone 1 had typed, not lost
    expect(one.locator(".net-status.queue")).to_be_hidden()
    assert Hand.objects.get(number=2).nonce != Hand.objects.get(number=1).nonce
    expect(one.get_by_role("heading", name="Hand 3", exact=True)).to_be_visible()
    shots(one, f"{game}-hand-1-settled", full_page=False)
    refused.get_by_role("button", name="Close").click()
    expect(refused).to_be_hidden()


def expect_tapped(form, hand: dict) -> None:
    """The form shows the hand as it was tapped in."""
    for name, value in hand.items():
        box = form.locator(f"[name={name}]")
        if box.first.get_attribute("type") == "radio":
            expect(form.locator(f"[name={name}][value='{value}']")).to_be_checked()
        elif box.first.get_attribute("type") == "checkbox":
            expect(box.first).to_be_checked()
        else:
            expect(box.first).to_have_value(value)


@pytest.mark.parametrize("game", GAMES)
def test_what_is_typed_stays_while_the_hands_before_it_are_sent(game, phone):
    table = a_table(game)
    first, second = TWO_HANDS[game]
    page = phone.new_page()
    page.goto(side_link(table, 0))
    phone.set_offline(True)
    enter(page, 1, first)
    expect(page.get_by_role("heading", name="Hand 2", exact=True)).to_be_visible()
    tap_in(page, second)  # hand 2, typed, not sent

    phone.set_offline(False)
    nudge(page)
    wait_until(page, lambda: len(stored()) == 1)
    expect(page.locator(".net-status.queue")).to_have_text("Hand 1 sent.")
    form = entry_form(page)
    expect_tapped(form, second)
    form.get_by_role("button", name="Enter hand 2").click()
    expect(page.get_by_text("Hand 2 stored.")).to_be_visible()
    assert [n for n, _ in stored()] == [1, 2]


@pytest.mark.parametrize("game", GAMES)
def test_a_hand_typed_comes_back_when_the_page_is_drawn_again(game, phone):
    table = a_table(game)
    first = TWO_HANDS[game][0]
    page = phone.new_page()
    page.goto(side_link(table, 0))
    tap_in(page, first)
    page.reload()
    form = entry_form(page)
    expect_tapped(form, first)
    form.get_by_role("button", name="Enter hand 1").click()
    expect(page.get_by_text("Hand 1 stored.")).to_be_visible()
    # Stored: the next hand's form is blank.
    expect(entry_form(page).locator("input:checked")).to_have_count(0)


@pytest.mark.parametrize("game", GAMES)
def test_the_page_follows_the_hands_it_has_queued(game, phone):
    table = a_table(game)
    first, second = TWO_HANDS[game]
    page = phone.new_page()
    page.goto(side_link(table, 0))
    phone.set_offline(True)
    enter(page, 1, first)
    enter(page, 2, second)
    expect(page.get_by_role("heading", name="Hand 3", exact=True)).to_be_visible()
    expect(page.locator(".next-step")).to_have_text("Enter hand 3 when it has been played.")
    expect(entry_form(page).get_by_role("button", name="Enter hand 3")).to_be_visible()
    expect(entry_form(page).locator(".preview")).to_have_text("")
    phone.set_offline(False)
    nudge(page)
    wait_until(page, lambda: len(stored()) == 2)
    # The queue sent, the page moves on to the server's own: offline before it arrived, it
    # was the browser's error page (the heading is the same on both pages).
    expect(page.get_by_text("Hand 2 stored.")).to_be_visible()
    expect(page.get_by_role("heading", name="Hand 3", exact=True)).to_be_visible()
    # Offline again: the dealer the phone shows for hand 4 is the one the server shows.
    phone.set_offline(True)
    enter(page, 3, second if game == "three-legged-kitty" else first)  # passed out: any cat
    expect(page.get_by_role("heading", name="Hand 4", exact=True)).to_be_visible()
    shown_offline = page.locator(".dealer").inner_text()
    phone.set_offline(False)
    nudge(page)
    wait_until(page, lambda: len(stored()) == 3)
    expect(page.get_by_text("Hand 3 stored.")).to_be_visible()  # the server's page
    expect(page.get_by_role("heading", name="Hand 4", exact=True)).to_be_visible()
    expect(page.locator(".dealer")).to_have_text(shown_offline)


def centre_is(page, locator) -> bool:
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    return page.evaluate(
        "([x, y, el]) => { const at = document.elementFromPoint(x, y);"
        " return at === el || el.contains(at); }",
        [x, y, locator.element_handle()],
    )


def test_no_notice_covers_the_enter_button(phone, shots):
    """On a 390 x 844 phone, each notice in turn and all at once: the centre of the Enter
    button is the button."""
    table = a_table(KITTY, verify=True)
    page = phone.new_page()
    page.goto(side_link(table, 0))
    button = entry_form(page).get_by_role("button", name=re.compile("^Enter hand"))
    assert centre_is(page, button)
    phone.set_offline(True)
    page.evaluate("window.dispatchEvent(new Event('offline'))")
    expect(page.locator(".net-status").first).to_contain_text("Offline")
    assert centre_is(page, button)
    enter(page, 1, TWO_HANDS[KITTY][0])  # queued: the queue's notice shows too
    expect(page.locator(".net-status.queue")).to_be_visible()
    tap_in(page, TWO_HANDS[KITTY][1])
    assert centre_is(page, button)
    shots(page, "offline-and-waiting", full_page=False)
    phone.set_offline(False)
    nudge(page)
    wait_until(page, lambda: len(stored()) == 1)
    # Hand 1 waits for acceptance; hand 2 is being typed: the page has changed.
    expect(page.locator(".net-status").first).to_contain_text(
        "The page has changed", timeout=15_000
    )
    assert centre_is(page, button)
    button.click()  # the tap lands on the button, and hand 2 waits behind hand 1
    expect(page.locator(".net-status.queue")).to_contain_text("hand 2")


def asks_for(route, points: str) -> bool:
    """Whether a preview asks the score of these card points (the form, as multipart)."""
    return bool(
        re.search(rf'name="card_points"\r\n\r\n{points}\r\n', route.request.post_data or "")
    )


def test_the_score_line_is_grey_while_it_may_not_match_what_is_typed(phone):
    """The answer for "5" arrives after "8" was typed, before the page asks for 58: it is
    shown grey, never as the score of what the box says."""
    table = a_table("ascot")
    page = phone.new_page()
    page.clock.install()  # the page's pause before asking runs when the test says
    page.goto(side_link(table, 0))
    held = []
    page.route("**/preview/", lambda route: held.append(route))
    form = entry_form(page)
    tap_in(page, {"bid": "60", "game": "suit", "declarer": "2"})
    page.clock.run_for(1000)
    for route in list(held):  # what the taps asked: answered
        held.remove(route)
        route.continue_()
    points = form.locator("[name=card_points]")
    points.fill("5")
    page.clock.run_for(300)  # the typing paused: 5 is asked
    wait_until(page, lambda: any(asks_for(r, "5") for r in held))
    points.press("End")
    points.press("8")  # the box says 58; not asked yet
    preview = form.locator(".preview")
    for route in list(held):  # the answer for 5 arrives now
        held.remove(route)
        route.continue_()
    expect(preview).to_contain_text("card points")
    expect(preview).to_have_class(re.compile(r"\bstale\b"))
    page.unroute("**/preview/")
    page.clock.run_for(300)  # 58 is asked
    expect(preview).to_contain_text("58")
    expect(preview).not_to_have_class(re.compile(r"\bstale\b"))


# The games whose round has a set number of hands (3 Legged Kitty's ends at a score: a
# phone offline cannot know its last hand, and the server refuses one too many).
@pytest.mark.parametrize("game", ["columbus-6-card-kitty", "ascot", "cutthroat-pinochle"])
def test_offline_the_round_s_last_hand_entered_no_other_is_offered(game, phone):
    table = a_table(game, finishing=True)
    # Ascot's deals passed out: offline, each later deal is typed into the first deal's
    # form, which offers the first deal's three players (its dealer sits out).
    hands = [{"passed_out": "on"}] * 4 if game == "ascot" else FINISHING[game][1]
    page = phone.new_page()
    page.goto(side_link(table, 0))
    phone.set_offline(True)
    for number, hand in enumerate(hands, start=1):
        enter(page, number, hand)
    expect(entry_form(page)).to_be_hidden()
    expect(page.locator(".next-step")).to_have_text(
        "Every hand of the round is entered: they are sent when the network is back."
    )
    phone.set_offline(False)
    nudge(page)
    wait_until(page, lambda: len(stored()) == len(hands))
    expect(page.locator("#sign")).to_be_visible()


def test_a_kept_accept_leaves_no_contrary_tap_and_the_top_line_says_it_waits(phone):
    case = accepting()
    page = phone.new_page()
    page.goto(case.url)
    phone.set_offline(True)
    case.tap(page)
    expect(page.locator(".next-step")).to_have_text(
        "“Accept as East-West” waits to be sent: it goes when the network is back."
    )
    page.locator("summary", has_text="Dispute it").click()
    expect(page.get_by_role("button", name="Dispute as East-West")).to_be_disabled()
