"""A side's night on a phone, through W3C WebDriver, the same on any engine: a hand tapped
into the form, its score line read back, stored, accepted on the other side's page; then the
hall's Wi-Fi drops while the next hand is entered, and the hand is sent, once, when it is back.

`phone` is a session with selenium's API (WebKit's; Firefox's through tests/browser/firefox.py).
Selectors are what a person reads: a field's label, a button's words, a heading.
"""

from __future__ import annotations

import re

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from scoring.models import Hand
from tests.browser.steps import seated_names
from tests.conftest import ONE_TABLE, make_tournament
from tests.support.helpers import published_round, side_link, table_of
from tests.support.wifi import Wifi

WAIT_SECONDS = 15  # what a step waits for the page to show something
# Sent again by the phone's own timer once the network is back (kitty.js: every 10 s).
RESEND_SECONDS = 40


# An element of a page the browser has since replaced (a form sent, a poll's new page), or
# not there yet while the next page loads (no body): each driver's own words for it
# (selenium's WebDriverWait already ignores its own NoSuchElementException; Firefox's
# Marionette client is optional: its tests skip).
try:
    from marionette_driver.errors import NoSuchElementException as NotYetThere
    from marionette_driver.errors import StaleElementException
except ImportError:  # pragma: no cover - Firefox's tests skip without it
    StaleElementException = NotYetThere = StaleElementReferenceException
REPLACED = (StaleElementReferenceException, StaleElementException, NotYetThere)


def wait(session, seconds: float = WAIT_SECONDS) -> WebDriverWait:
    """Until a condition holds on the page, asked again and again (never a fixed sleep). A
    page that gives way to the next while a condition reads it (a form sent, a poll's new
    page, a notice redrawn) is asked again, not taken for an answer."""
    return WebDriverWait(session, seconds, poll_frequency=0.2, ignored_exceptions=REPLACED)


# Each game's two hands as a player taps them in, by what the form's labels and buttons say:
# (field, button) for a choice, (box,) for a tick, (field, number) for a number typed. A
# seat's number stands for the name of the player in it.
HANDS = {
    "columbus-6-card-kitty": [
        [
            ("Bidding team", "North-South"),
            ("Bid", "5"),
            ("Form", "plain: names trump, high cards win (uptown)"),
            ("Books taken by the bidding team", "12"),
        ],
        [
            ("Bidding team", "East-West"),
            ("Bid", "4"),
            ("Form", "plain: names trump, high cards win (uptown)"),
            ("Books taken by the bidding team", "10"),
        ],
    ],
    "three-legged-kitty": [
        [
            ("The Cat", 0),
            ("Contract number", "7"),
            ("Contract type", "Hearts"),
            ("Tricks taken by the Cat", "8"),
        ],
        [("Passed out",)],
    ],
    # Seat 1 deals the first deal and sits it out.
    "ascot": [
        [
            ("Declarer", 2),
            ("Bid", 60),
            ("Game", "Suit (a trump suit)"),
            ("Declarer's card points", 70),
        ],
        [("Passed out",)],
    ],
    # 21, not 20: only the player left of the hand's dealer holds 20.
    "cutthroat-pinochle": [
        [("Bidder", 0), ("Bid", 21), ("Conceded", "Conceded before the widow")],
        [("Bidder", 1), ("Bid", 21), ("Conceded", "Conceded before the widow")],
    ],
}


def literal(text: str) -> str:
    """A string as an XPath literal, whichever quotes it holds."""
    if "'" not in text:
        return f"'{text}'"
    if '"' not in text:
        return f'"{text}"'
    return "concat(" + ', "\'", '.join(f"'{part}'" for part in text.split("'")) + ")"


def entry_form(session):
    return session.find_element(By.CSS_SELECTOR, "form.hand-form[action$='/enter/']")


def field(form, label: str):
    """A field of the form by the words of its own label (a legend for a row of buttons)."""
    words = literal(label)
    return form.find_element(
        By.XPATH,
        f".//*[contains(concat(' ', @class, ' '), ' field ')]"
        f"[normalize-space(legend) = {words} or normalize-space(label) = {words}]",
    )


def tap(session, element) -> None:
    """A user's tap, scrolled to the middle of the screen first: WebDriver scrolls a button
    only to the bottom edge, under the bar of the hand being entered that stays there."""
    session.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


# The fields whose buttons are the players at the table, named as the phone shows them.
SEATED = {"The Cat", "Declarer", "Bidder"}


def tap_in(session, hand: list[tuple], names: list[str]) -> None:
    tap_into(session, entry_form(session), hand, names)


def chosen(form, label: str, value, names: list[str]):
    """The button of a field's choice, by the words it shows (a seat's number: its player)."""
    shown = names[value] if isinstance(value, int) and label in SEATED else value
    return field(form, label).find_element(
        By.XPATH, f".//label[contains(@class, 'choice')][normalize-space() = {literal(shown)}]"
    )


def tap_into(session, form, hand: list[tuple], names: list[str]) -> None:
    """A hand's fields tapped into a form (the new hand's, or a correction's)."""
    for label, *value in hand:
        if not value:  # a box to tick
            box = field(form, label).find_element(By.CSS_SELECTOR, "input[type=checkbox]")
            tap(session, box)
            assert box.is_selected()
            continue
        shown = names[value[0]] if isinstance(value[0], int) and label in SEATED else value[0]
        boxes = field(form, label).find_elements(By.CSS_SELECTOR, "input[type=number]")
        if boxes:  # typed, then the keyboard closed: the change the preview listens for
            boxes[0].clear()
            boxes[0].send_keys(str(shown), Keys.TAB)
            continue
        button = chosen(form, label, value[0], names)
        tap(session, button)
        assert button.find_element(By.TAG_NAME, "input").is_selected()


def still_tapped(form, hand: list[tuple], names: list[str]) -> bool:
    """Whether the form shows each field of the hand as it was tapped in."""
    for label, *value in hand:
        if not value:
            box = field(form, label).find_element(By.CSS_SELECTOR, "input[type=checkbox]")
            if not box.is_selected():
                return False
            continue
        boxes = field(form, label).find_elements(By.CSS_SELECTOR, "input[type=number]")
        if boxes:
            if boxes[0].get_attribute("value") != str(value[0]):
                return False
        elif (
            not chosen(form, label, value[0], names)
            .find_element(By.TAG_NAME, "input")
            .is_selected()
        ):
            return False
    return True


def type_into(scope, label: str, text: str) -> None:
    """Words typed into the box whose label begins with these words (a required one's ends
    with a mark)."""
    words = literal(label)
    box = scope.find_element(
        By.XPATH,
        ".//*[contains(concat(' ', @class, ' '), ' field ')]"
        f"[starts-with(normalize-space(label), {words})]//*[self::input or self::textarea]",
    )
    box.clear()
    box.send_keys(text)


def open_box(session, summary: str) -> None:
    """A folded part of the page opened by its summary's words."""
    tap(
        session,
        session.find_element(By.XPATH, f"//summary[normalize-space() = {literal(summary)}]"),
    )


def shows(text: str):
    """A wait's condition: the text is on the page where a user can see it."""

    return lambda s: text in s.find_element(By.TAG_NAME, "body").text


def heading(text: str):
    """A wait's condition: a heading with these words shows."""
    return lambda s: any(
        h.is_displayed()
        for h in s.find_elements(
            By.XPATH, f"//*[self::h1 or self::h2][normalize-space() = {literal(text)}]"
        )
    )


def tap_button(session, scope, name: str) -> None:
    tap(session, scope.find_element(By.XPATH, f".//button[normalize-space() = {literal(name)}]"))


def waiting(session) -> str:
    """What the phone's notice of actions kept on it says, when it shows."""
    shown = session.find_elements(By.CSS_SELECTOR, ".net-status.queue")
    return " ".join(notice.text for notice in shown if notice.is_displayed())


def hands_numbered(table, number: int) -> int:
    return Hand.objects.filter(table=table, number=number).count()


def a_sides_night(phone, live_server, game: str, viewport: list[int]) -> None:
    tournament = make_tournament(game, entrants=ONE_TABLE[game], published=True, verify_hands=True)
    table = table_of(published_round(tournament))
    if game == "columbus-6-card-kitty":
        names = sides = ["North-South", "East-West"]
    else:
        names = sides = seated_names(table)
    first, second = HANDS[game]

    with Wifi(live_server.url) as wifi:
        phone.get(wifi.url + side_link(table, 0))
        wait(phone).until(shows(f"This phone scores for {sides[0]}"))
        assert phone.execute_script("return [innerWidth, innerHeight]") == viewport

        # Hand 1, tapped in: the app reads it back before it counts.
        wait(phone).until(heading("Hand 1"))
        tap_in(phone, first, names)
        preview = entry_form(phone).find_element(By.CSS_SELECTOR, ".preview")
        wait(phone).until(lambda s: "Scores as:" in preview.text)
        tap_button(phone, entry_form(phone), "Enter hand 1")
        wait(phone).until(shows("Hand 1 stored."))
        assert hands_numbered(table, 1) == 1

        # The other side accepts it on its own page (another tab, its own link).
        home = phone.current_window_handle
        phone.switch_to.new_window("tab")
        phone.get(wifi.url + side_link(table, 1))
        wait(phone).until(heading("Hand 1: check and accept"))
        tap_button(
            phone, phone.find_element(By.CSS_SELECTOR, "section.pending"), f"Accept as {sides[1]}"
        )
        wait(phone).until(shows("Hand 1 accepted."))
        phone.close()
        phone.switch_to.window(home)

        # The Wi-Fi drops as hand 2 is entered: the phone keeps it and says it waits.
        phone.refresh()
        wait(phone).until(heading("Hand 2"))
        tap_in(phone, second, names)
        wifi.down()
        tap_button(phone, entry_form(phone), "Enter hand 2")
        wait(phone).until(lambda s: re.search(r"\bwaiting\b", waiting(s)))
        assert hands_numbered(table, 2) == 0

        # Back: sent by itself, stored once, and the page shows it.
        wifi.up()
        wait(phone, RESEND_SECONDS).until(heading("Hand 2: check and accept"))
        wait(phone).until(lambda s: not waiting(s))
        assert hands_numbered(table, 2) == 1
