"""A table in a hall with weak Wi-Fi, in a real chromium: the network drops while hands are
entered, an answer is lost on the way back, the other side's phone updates by itself
without losing what is being typed (and, out of sight, asks nothing until it is seen
again), and the page opens again while offline."""

from __future__ import annotations

import re
import time

import pytest
from django.db import OperationalError
from django.test import Client
from playwright.sync_api import expect

from plumbing.live import EVERY
from scoring import entry
from scoring.models import Hand
from tests.browser.conftest import PHONE, opened
from tests.browser.steps import entry_form
from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support import helpers
from tests.support.helpers import SIMPLE_HAND, published_round, side_link, table_of

pytestmark = pytest.mark.django_db(transaction=True)

# Two hands of each game that do not end the round, as tapped into the form.
TWO_HANDS = {
    "columbus-6-card-kitty": [
        {"bidding_team": "0", "level": "5", "form": "plain", "books": "12"},
        {"bidding_team": "1", "level": "4", "form": "plain", "books": "10"},
    ],
    "three-legged-kitty": [
        {"cat": "0", "number": "7", "contract": "hearts", "tricks": "8"},
        {"passed_out": "on"},
    ],
    # Offline, deal 2 is typed into deal 1's form: seat 3 plays both (each dealer sits out).
    "ascot": [
        {"passed_out": "on"},
        {"bid": "60", "game": "suit", "card_points": "70", "declarer": "2"},
    ],
    "cutthroat-pinochle": [
        {"bidder": "0", "bid": "21", "conceded": "before_widow"},
        {"bidder": "1", "bid": "21", "conceded": "before_widow"},
    ],
}
WAITING = re.compile(r"^(\d) hands? waiting to send")


def seated_table(game: str, verify: bool = False):
    tournament = make_tournament(
        game, entrants=ONE_TABLE[game], published=True, verify_hands=verify
    )
    return table_of(published_round(tournament))


def tap_in(page, hand: dict) -> None:
    form = entry_form(page)
    for name, value in hand.items():
        inputs = form.locator(f"[name={name}]")
        kind = inputs.first.get_attribute("type")
        if kind == "radio":  # a button: the radio inside its label
            form.locator(f"label.choice:has(> input[name={name}][value='{value}'])").click()
            expect(form.locator(f"[name={name}][value='{value}']")).to_be_checked()
        elif kind == "checkbox":
            inputs.first.check()
        else:
            inputs.first.fill(value)


def enter(page, number: int, hand: dict) -> None:
    expect(page.get_by_role("heading", name=f"Hand {number}", exact=True)).to_be_visible()
    tap_in(page, hand)
    entry_form(page).get_by_role("button", name=f"Enter hand {number}").click()


def stored() -> list[tuple[int, dict]]:
    return [(h.number, h.record) for h in Hand.objects.order_by("number", "attempt")]


def wait_until(page, check, seconds: float = 20.0) -> None:
    """Until the check holds, asked every quarter second. The page waits, not the test's
    thread: Playwright answers the page only while the test waits on Playwright, so a
    route's handler never runs during a plain sleep (a resend waited on so failed in CI)."""
    end = time.monotonic() + seconds
    while not _checked(check):
        assert time.monotonic() < end, "timed out"
        page.wait_for_timeout(250)


def _checked(check) -> bool:
    """The check, read again later when the live server is writing the table it reads
    (SQLite may answer that the table is locked)."""
    try:
        return check()
    except OperationalError as error:
        if "locked" not in str(error):
            raise
        return False


@pytest.mark.parametrize("game", GAMES)
def test_two_hands_entered_offline_are_stored_once_each_in_order(game, phone_context, shots):
    table = seated_table(game)
    phone = phone_context.new_page()
    phone.goto(side_link(table, 0))
    phone_context.set_offline(True)
    first, second = TWO_HANDS[game]
    enter(phone, 1, first)
    waiting = phone.locator(".net-status.queue")
    expect(waiting).to_have_text(re.compile(r"^1 hand waiting to send: hand 1\."))
    enter(phone, 2, second)  # the form took the next hand at once
    expect(waiting).to_have_text(re.compile(r"^2 hands waiting to send: hand 1, hand 2\."))
    shots(phone, f"{game}-offline-two-waiting", full_page=False)
    assert stored() == []

    phone_context.set_offline(False)
    expect(phone.get_by_role("heading", name="Hand 3", exact=True)).to_be_visible(timeout=15_000)
    expect(waiting).to_be_hidden()
    hands = stored()
    assert [number for number, _ in hands] == [1, 2]
    assert len({h.nonce for h in Hand.objects.all()}) == 2
    shots(phone, f"{game}-back-online", full_page=False)


def test_with_verification_the_second_waits_for_the_first_to_be_accepted(phone_context):
    game = "columbus-6-card-kitty"
    table = seated_table(game, verify=True)
    phone = phone_context.new_page()
    phone.goto(side_link(table, 0))
    phone_context.set_offline(True)
    first, second = TWO_HANDS[game]
    enter(phone, 1, first)
    enter(phone, 2, second)
    phone_context.set_offline(False)
    wait_until(phone, lambda: len(stored()) == 1)
    waiting = phone.locator(".net-status.queue")
    expect(waiting).to_contain_text("Hand 2 waits until the hand before it is accepted")
    hand = Hand.objects.get()
    entry.accept_hand(table, hand.pk, actor=entry.Actor(side=1), version=hand.version)
    wait_until(phone, lambda: len(stored()) == 2)
    assert [(n, r["books"]) for n, r in stored()] == [(1, 12), (2, 10)]


@pytest.fixture
def routed_phone_context(browser, live_server):
    """A phone whose requests the test can cut: without the page's service worker, since a
    request sent once the worker controls the page passes by the test's route (it did on a
    loaded machine, and the lost answer came back)."""
    yield from opened(
        browser,
        live_server,
        viewport=PHONE,
        is_mobile=True,
        has_touch=True,
        service_workers="block",
    )


def test_a_submit_whose_answer_is_lost_is_stored_once(routed_phone_context):
    table = seated_table("columbus-6-card-kitty")
    phone = routed_phone_context.new_page()
    phone.goto(side_link(table, 0))
    lost = []

    def reach_then_drop(route):
        route.fetch(max_redirects=0)  # the server stores the hand...
        lost.append(route.request.url)
        route.abort()  # ...and the answer never comes back

    phone.route("**/enter/", reach_then_drop)
    enter(phone, 1, TWO_HANDS["columbus-6-card-kitty"][0])
    expect(phone.locator(".net-status.queue")).to_contain_text("1 hand waiting to send")
    assert len(stored()) == 1 and len(lost) == 1
    phone.unroute("**/enter/")
    # Sent again with the same one-time key: the server knows it and stores nothing new.
    expect(phone.get_by_role("heading", name="Hand 2", exact=True)).to_be_visible(timeout=15_000)
    assert len(stored()) == 1


def answer(failure: str):
    """The server's side of a fault: an error status, or no answer at all in time."""

    def handle(route):
        if failure == "timeout":
            route.abort("timedout")
        else:
            route.fulfill(status=int(failure), body=f"{failure} from the proxy")

    return handle


@pytest.mark.parametrize("failure", ["500", "502", "503", "timeout"])
def test_a_resend_the_server_errs_on_keeps_the_hand_until_it_is_stored(
    failure, routed_phone_context
):
    table = seated_table("columbus-6-card-kitty")
    phone = routed_phone_context.new_page()
    alerts = []
    phone.on("dialog", lambda dialog: (alerts.append(dialog.message), dialog.dismiss()))
    phone.goto(side_link(table, 0))
    routed_phone_context.set_offline(True)
    enter(phone, 1, TWO_HANDS["columbus-6-card-kitty"][0])
    waiting = phone.locator(".net-status.queue")
    expect(waiting).to_have_text(re.compile(r"^1 hand waiting to send: hand 1\."))
    tried = []
    phone.route("**/enter/", lambda route: (tried.append(1), answer(failure)(route)))
    routed_phone_context.set_offline(False)
    phone.evaluate("window.dispatchEvent(new Event('online'))")
    wait_until(phone, lambda: tried)
    phone.wait_for_timeout(500)
    expect(waiting).to_have_text(re.compile(r"^1 hand waiting to send: hand 1\."))
    assert stored() == [] and alerts == []
    phone.unroute("**/enter/")  # the server answers again: sent again, with the same key
    expect(waiting).to_be_hidden(timeout=20_000)
    expect(phone.get_by_text("Hand 1 stored.")).to_be_visible()
    assert [n for n, _ in stored()] == [1] and alerts == []


@pytest.mark.parametrize("failure", ["502", "timeout"])
def test_a_first_submit_the_server_errs_on_waits_on_the_phone(failure, routed_phone_context):
    table = seated_table("cutthroat-pinochle")
    phone = routed_phone_context.new_page()
    phone.goto(side_link(table, 0))
    phone.route("**/enter/", answer(failure))
    enter(phone, 1, TWO_HANDS["cutthroat-pinochle"][0])
    waiting = phone.locator(".net-status.queue")
    expect(waiting).to_have_text(re.compile(r"^1 hand waiting to send: hand 1\."))
    expect(phone.get_by_role("heading", name="Hand 2", exact=True)).to_be_visible()
    assert stored() == []
    phone.unroute("**/enter/")
    expect(waiting).to_be_hidden(timeout=20_000)
    expect(phone.get_by_text("Hand 1 stored.")).to_be_visible()
    assert [n for n, _ in stored()] == [1]


def test_the_other_phone_updates_by_itself_and_keeps_what_is_typed(
    phone_context, other_phone_context, shots
):
    game = "columbus-6-card-kitty"
    table = seated_table(game, verify=True)
    entering, checking = phone_context.new_page(), other_phone_context.new_page()
    entering.goto(side_link(table, 0))
    checking.goto(side_link(table, 1))
    expect(checking.locator(".next-step")).to_have_text("Enter hand 1 when it has been played.")

    enter(entering, 1, TWO_HANDS[game][0])
    expect(entering.locator(".next-step")).to_have_text(
        "Waiting for East-West to check hand 1 and accept it."
    )
    # No reload on the other phone: the hand to accept appears by itself.
    expect(checking.locator(".next-step")).to_have_text(
        "East-West: check hand 1 and accept it.", timeout=15_000
    )
    shots(checking, "other-phone-hand-to-accept", full_page=False)

    # East-West start a dispute; meanwhile North-South correct the hand. What East-West
    # typed stays, and a line says the page has changed.
    checking.get_by_text("Dispute it").click()
    reason = checking.get_by_label("What is wrong?")
    reason.fill("We took 11 books")
    hand = Hand.objects.get()
    corrected = {**hand.record, "books": 11}
    entry.edit_hand(
        table,
        hand.pk,
        {k: v for k, v in corrected.items() if v is not None},
        actor=entry.Actor(side=0),
        version=hand.version,
        reason="miscounted",
    )
    notice = checking.locator(".net-status").first
    expect(notice).to_contain_text("The page has changed since you started typing", timeout=15_000)
    expect(reason).to_have_value("We took 11 books")
    shots(checking, "other-phone-kept-typing", full_page=False)


# A refused form's messages are each game's (tests/tables); what the phone does with a
# refusal is the same in every game: one game.
@pytest.mark.parametrize("game", ["three-legged-kitty"])
def test_a_refused_form_is_kept_and_the_table_as_it_is_now_is_offered(
    game, phone_context, other_phone_context
):
    """A side's hand refused (nothing chosen) stays on its phone as typed while the other
    side enters the hand on its own phone; a line says the table changed, and its button
    opens the side's page (not the form's address, which a reload would post again)."""
    table = seated_table(game)
    refused, other = phone_context.new_page(), other_phone_context.new_page()
    url = side_link(table, 0)
    refused.goto(url)
    entry_form(refused).get_by_role("button", name="Enter hand 1").click()
    expect(refused.locator(".error-box, .errors").first).to_be_visible()
    # Shown in the page, not at the form's address: sent once, and a reload posts nothing.
    assert refused.url.endswith(url)
    other.goto(side_link(table, 1))
    enter(other, 1, TWO_HANDS[game][0])
    wait_until(other, lambda: len(stored()) == 1)
    notice = refused.locator(".net-status").first
    expect(notice).to_contain_text("The page has changed", timeout=15_000)
    refused.get_by_role("button", name="Show it now").click()
    expect(refused.get_by_role("heading", name="Hand 2", exact=True)).to_be_visible()
    assert refused.url.endswith(url)


def test_the_side_page_opens_offline_and_says_so(phone_context):
    table = seated_table("cutthroat-pinochle")
    phone = phone_context.new_page()
    url = side_link(table, 0)
    phone.goto(url)
    phone.evaluate("navigator.serviceWorker.ready.then(() => true)")
    phone.reload()  # now under the service worker, which keeps a copy
    expect(phone.get_by_role("heading", name="Hand 1", exact=True)).to_be_visible()
    phone_context.set_offline(True)
    phone.reload()
    expect(phone.get_by_role("heading", name="Hand 1", exact=True)).to_be_visible()
    expect(phone.locator(".net-status").first).to_contain_text("Offline")
    phone_context.set_offline(False)


# Chromium shows every page of a headless run: a page out of sight (the phone locked,
# another app in front) is this one's document told so, as the browser tells it. `due`
# counts the page's polls that came due (before kitty.js may hold one), `sent` those sent.
SIGHT = """() => {
    window.setSight = seen => {
        Object.defineProperty(document, "hidden", {configurable: true, get: () => !seen});
        Object.defineProperty(document, "visibilityState", {
            configurable: true, get: () => seen ? "visible" : "hidden"});
        document.dispatchEvent(new Event("visibilitychange"));
    };
    window.due = window.sent = 0;
    document.addEventListener("htmx:beforeRequest", e => {
        if (e.detail.elt.id === "live") window.due += 1;
    }, true);
    document.addEventListener("htmx:beforeSend", e => {
        if (e.detail.elt.id === "live") window.sent += 1;
    }, true);
}"""


# Polling is the page's, not the game's: one game.
@pytest.mark.parametrize("game", ["columbus-6-card-kitty"])
def test_a_phone_out_of_sight_does_not_poll_and_shows_the_table_at_once_when_seen(
    game, phone_context
):
    table = seated_table(game, verify=True)
    checking = phone_context.new_page()
    polls: list[str] = []
    checking.on("request", lambda r: polls.append(r.url) if "since=" in r.url else None)
    checking.goto(side_link(table, 1))
    expect(checking.locator(".next-step")).not_to_contain_text("accept it")
    checking.evaluate(SIGHT)
    checking.evaluate("() => setSight(false)")
    sent_before = len(polls)
    assert helpers.enter(Client(), table, SIMPLE_HAND[game]).status_code == 302  # other side
    checking.wait_for_function("() => window.due >= 1", timeout=15_000)  # a poll came due
    assert checking.evaluate("() => window.sent") == 0, "a page out of sight polled"
    expect(checking.locator(".next-step")).not_to_contain_text("accept it")

    # Seen again just after a poll came due: the next is a whole interval away, and the
    # hand to accept shows well before it.
    checking.evaluate("""() => new Promise(seen => document.addEventListener(
        "htmx:beforeRequest", () => setTimeout(() => { setSight(true); seen(); }, 50),
        {once: true}))""")
    expect(checking.locator(".next-step")).to_have_text(
        re.compile(r": check \w+ 1 and accept it\.$"), timeout=EVERY.table_page * 1000 // 3
    )
    assert len(polls) > sent_before  # and none was sent out of sight, as counted above
