"""The hall's Wi-Fi drops under a phone on WebKit (Safari's engine), as it does in chromium
(test_every_tap_offline.py): a tap of any kind waits on the phone and is stored once when
the network is back; a hand another phone entered meanwhile is settled and said, and the
hand typed behind it is stored; what is being typed stays while the hands before it are
sent.

Each phone reaches the live server through a Wi-Fi of its own (tests/support/wifi.py) that
the test drops. The page sends again on its own timer once the network is back; the test
tells it at once, as the browser does when it sees the network come back.
"""

from __future__ import annotations

import re

import pytest
from django.db import OperationalError
from selenium.webdriver.common.by import By

from scoring.models import Hand
from tests.browser.steps import seated_names
from tests.browser.test_every_tap_offline import TAPS, a_table
from tests.browser.webdriver_steps import (
    HANDS,
    RESEND_SECONDS,
    entry_form,
    heading,
    literal,
    open_box,
    shows,
    still_tapped,
    tap,
    tap_button,
    tap_in,
    type_into,
    wait,
    waiting,
)
from tests.browser.webkit import webkit_phone, webkit_session  # noqa: F401 (fixtures)
from tests.conftest import GAMES
from tests.support.helpers import side_link
from tests.support.wifi import Wifi

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WAITING = re.compile(r"waiting to send: “")


def back_online(session) -> None:
    """What the browser tells the page when it sees the network again."""
    session.execute_script("window.dispatchEvent(new Event('online'))")


def held(count) -> int | None:
    """A count from the database, or None while the live server holds its lock (SQLite)."""
    try:
        return count()
    except OperationalError as error:
        if "locked" not in str(error):
            raise
        return None


def numbers(table) -> list[int]:
    return list(
        Hand.objects.filter(table=table).order_by("number").values_list("number", flat=True)
    )


def names_at(table, game: str) -> list[str]:
    if game == "columbus-6-card-kitty":
        return ["North-South", "East-West"]
    return seated_names(table)


def refused(session) -> str:
    shown = session.find_elements(By.CSS_SELECTOR, ".net-status.refused")
    return " ".join(notice.text for notice in shown if notice.is_displayed())


def button_starting(scope, words: str):
    return scope.find_element(
        By.XPATH, f".//button[starts-with(normalize-space(), {literal(words)})]"
    )


# Each kind's tap as a player makes it on the page the setup opens (its words, its boxes).
def accept(phone) -> None:
    tap_button(phone, phone, "Accept as East-West")


def dispute(phone) -> None:
    open_box(phone, "Dispute it")
    form = phone.find_element(By.CSS_SELECTOR, "form[action$='/dispute/']")
    type_into(form, "What is wrong?", "We took 11 books")
    tap_button(phone, form, "Dispute as East-West")


def sign(phone) -> None:
    form = phone.find_element(By.CSS_SELECTOR, "form[action$='/sign/']")
    player = form.find_element(By.XPATH, ".//label[contains(@class, 'choice')][.//input[@checked]]")
    type_into(form, "Type the chosen player's name", player.text.strip())
    tap(phone, button_starting(form, "Sign for"))


def call_the_director(phone) -> None:
    open_box(phone, "Call the director")
    tap_button(
        phone, phone.find_element(By.CSS_SELECTOR, "form[action$='/call/']"), "Call the director"
    )


def check_in(phone) -> None:
    tap_button(phone, phone, "I am here: check me in")


KINDS = {
    "accept": accept,
    "dispute": dispute,
    "sign": sign,
    "call the director": call_the_director,
    "check in": check_in,
}


@pytest.mark.parametrize("kind", KINDS)
def test_a_tap_while_the_wifi_is_down_waits_on_the_phone_and_is_stored_once(
    kind, phone, live_server
):
    case = TAPS[kind]()
    with Wifi(live_server.url) as wifi:
        page = wifi.url + case.url
        phone.get(page)
        wait(phone).until(lambda s: s.find_elements(By.ID, "live"))
        wifi.down()
        KINDS[kind](phone)
        wait(phone).until(lambda s: WAITING.search(waiting(s)))
        assert phone.current_url == page  # the page, not the browser's error page
        assert case.count() == 0

        wifi.up()
        back_online(phone)
        wait(phone, RESEND_SECONDS).until(lambda s: held(case.count) == 1 and not waiting(s))
        wait(phone).until(lambda s: s.find_elements(By.ID, "live"))
        assert not phone.find_elements(By.CSS_SELECTOR, ".error-box")
        assert case.count() == 1


@pytest.mark.parametrize("game", GAMES)
def test_a_hand_another_phone_entered_first_is_settled_and_the_next_is_stored(
    game, phone, live_server
):
    """Phone 1's hand 1 cannot be sent; its partner's phone, on the same side's link,
    enters hand 1 meanwhile. When phone 1's Wi-Fi is back, its hand 1 is refused for good
    and said, and its hand 2, typed behind it, is stored."""
    table = a_table(game)
    names = names_at(table, game)
    first, second = HANDS[game]
    with Wifi(live_server.url) as wifi, Wifi(live_server.url) as partners_wifi:
        phone.get(wifi.url + side_link(table, 0))
        one = phone.current_window_handle
        wait(phone).until(heading("Hand 1"))
        wifi.down()
        tap_in(phone, first, names)
        tap_button(phone, entry_form(phone), "Enter hand 1")
        wait(phone).until(lambda s: waiting(s).startswith("1 hand waiting to send: hand 1."))

        phone.switch_to.new_window("tab")  # the partner's phone
        phone.get(partners_wifi.url + side_link(table, 0))
        wait(phone).until(heading("Hand 1"))
        tap_in(phone, first, names)
        tap_button(phone, entry_form(phone), "Enter hand 1")
        wait(phone).until(lambda s: held(lambda: numbers(table)) == [1])
        phone.close()

        phone.switch_to.window(one)
        wait(phone).until(heading("Hand 2"))  # the form took hand 2 at once
        tap_in(phone, second, names)
        key = entry_form(phone).find_element(By.NAME, "nonce").get_attribute("value")
        tap_button(phone, entry_form(phone), "Enter hand 2")
        wait(phone).until(lambda s: waiting(s).startswith("2 hands waiting to send"))

        wifi.up()
        back_online(phone)
        wait(phone, RESEND_SECONDS).until(lambda s: held(lambda: numbers(table)) == [1, 2])
        wait(phone).until(lambda s: "Hand 1 was not stored" in refused(s))
        wait(phone).until(heading("Hand 3"))
        assert not waiting(phone)
        assert Hand.objects.get(table=table, number=2).nonce == key  # phone 1's
        tap_button(phone, phone.find_element(By.CSS_SELECTOR, ".net-status.refused"), "Close")
        wait(phone).until(lambda s: not refused(s))


@pytest.mark.parametrize("game", GAMES)
def test_what_is_typed_stays_while_the_hand_before_it_is_sent(game, phone, live_server):
    table = a_table(game)
    names = names_at(table, game)
    first, second = HANDS[game]
    typed, rest = (second[:-1], second[-1:]) if len(second) > 1 else (second, [])
    with Wifi(live_server.url) as wifi:
        phone.get(wifi.url + side_link(table, 0))
        wait(phone).until(heading("Hand 1"))
        wifi.down()
        tap_in(phone, first, names)
        tap_button(phone, entry_form(phone), "Enter hand 1")
        wait(phone).until(heading("Hand 2"))
        tap_in(phone, typed, names)  # part of hand 2, not sent

        wifi.up()
        back_online(phone)
        wait(phone, RESEND_SECONDS).until(lambda s: held(lambda: numbers(table)) == [1])
        wait(phone).until(lambda s: waiting(s) == "Hand 1 sent.")
        wait(phone).until(heading("Hand 2"))
        assert still_tapped(entry_form(phone), typed, names)

        tap_in(phone, rest, names)
        tap_button(phone, entry_form(phone), "Enter hand 2")
        wait(phone).until(shows("Hand 2 stored."))
        assert numbers(table) == [1, 2]
