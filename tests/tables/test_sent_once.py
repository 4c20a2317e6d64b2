"""A form a phone sends again is stored once, and a refusal says whether to send it again.

Every action but a hand's (whose `nonce` does it) may carry a one-time key (the page's
script adds one: static/kitty.js): kept with what it stored, the same form sent again is
answered as stored and does nothing more; refused, the key is not kept, so the form can
be put right and sent. A hand refused because the sheet has moved past it is refused for
good (409); one whose turn has not come is a 409 with Retry-After, which the phone's
queue keeps and sends again.
"""

from __future__ import annotations

import pytest
from django.test import Client

from scoring.models import Change, CorrectionRequest, Hand, SentAction
from tests.support.helpers import (
    SIMPLE_HAND,
    accepted_hands,
    enter,
    page_form_values,
    pin_of,
    side_link,
    sign_every_side,
)
from tournament.models import Tournament

pytestmark = pytest.mark.django_db
KITTY_ONLY = pytest.mark.parametrize("table", ["columbus-6-card-kitty"], indirect=True)


def changed(table, **fields) -> None:
    Tournament.objects.filter(pk=table.round.tournament_id).update(**fields)


def pending(table) -> Hand:
    (hand,) = accepted_hands(table, [SIMPLE_HAND[table.round.tournament.game]], accept=False)
    return hand


@pytest.mark.parametrize("table", ["columbus-6-card-kitty", "ascot"], indirect=True)
def test_a_dispute_sent_again_with_its_key_is_stored_once(table):
    changed(table, verify_hands=True)
    hand = pending(table)
    url = side_link(table, 1) + "dispute/"
    form = {"hand": hand.pk, "version": hand.version, "reason": "We took 11", "key": "k1"}
    phone = Client()
    assert phone.post(url, form).status_code == 302
    again = phone.post(url, form, follow=True)
    assert "Sent already: it was stored the first time." in again.content.decode()
    assert Change.objects.filter(table=table, action="disputed").count() == 1
    assert SentAction.objects.filter(table=table, key="k1", action="dispute").count() == 1


@KITTY_ONLY
def test_a_correction_asked_twice_with_one_key_is_asked_once(table):
    accepted_hands(table, [SIMPLE_HAND[table.round.tournament.game]])
    changed(table, options={"hands_per_round": 1})
    sign_every_side(table)
    url = side_link(table, 0) + "correction/"
    form = {"reason": "Hand 1 was 11 books", "key": "once"}
    assert Client().post(url, form).status_code == 302
    assert Client().post(url, form).status_code == 302  # the phone's resend
    assert CorrectionRequest.objects.filter(table=table).count() == 1


@KITTY_ONLY
def test_a_refused_form_keeps_no_key_and_a_wrong_pin_still_counts(table):
    changed(table, verify_hands=True)
    hand = pending(table)
    url = side_link(table, 0) + "accept/"  # East-West accept on North-South's phone
    wrong = "".join(str((int(d) + 1) % 10) for d in pin_of(table, 1))
    form = {"hand": hand.pk, "version": hand.version, "side": 1, "pin": wrong, "key": "k2"}
    assert Client().post(url, form).status_code == 403
    assert not SentAction.objects.filter(key="k2").exists()
    assert table.seats.get(position=1).pin_failures == 1
    right = {**form, "pin": pin_of(table, 1)}
    assert Client().post(url, right).status_code == 302  # the same key, put right
    hand.refresh_from_db()
    assert hand.status == Hand.Status.ACCEPTED


def test_a_hand_the_sheet_has_moved_past_is_refused_for_good(table):
    game = table.round.tournament.game
    first = Client().get(side_link(table, 0))
    stale = {**page_form_values(first), **SIMPLE_HAND[game]}
    assert enter(Client(), table, SIMPLE_HAND[game]).status_code == 302  # another phone
    refused = Client().post(side_link(table, 0) + "enter/", stale)
    assert refused.status_code == 409
    assert "Retry-After" not in refused.headers
    assert Hand.objects.filter(table=table).count() == 1


@KITTY_ONLY
def test_a_hand_whose_turn_has_not_come_is_a_409_to_send_again(table):
    changed(table, verify_hands=True)
    game = table.round.tournament.game
    first = page_form_values(Client().get(side_link(table, 0)))
    assert enter(Client(), table, SIMPLE_HAND[game]).status_code == 302  # waits to be accepted
    ahead = {**first, **SIMPLE_HAND[game], "slot": "2:1", "nonce": "ahead"}
    waits = Client().post(side_link(table, 0) + "enter/", ahead)
    assert waits.status_code == 409 and waits.headers["Retry-After"] == "10"
    behind = {**first, **SIMPLE_HAND[game], "nonce": "behind"}  # hand 1 again
    refused = Client().post(side_link(table, 0) + "enter/", behind)
    assert refused.status_code == 409 and "Retry-After" not in refused.headers
