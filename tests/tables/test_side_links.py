"""Each side's own link, its PIN on another side's phone, and the correction period, for
each of the four games, as the players at the table and the director would try them."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone
from django.utils.html import escape

from scoring.entry import side_name
from scoring.forms import PIN_NEEDED
from scoring.models import Change, CorrectionRequest, Hand, Signature
from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support.helpers import (
    FINISHING,
    SIMPLE_HAND,
    accept_pending,
    enter,
    pin_of,
    published_round,
    side_link,
    table_of,
)

pytestmark = pytest.mark.django_db


def director_url(table) -> str:
    return f"/t/{table.round.tournament.slug}/round/{table.round.number}/table/{table.number}/"


def waiting_hand(table) -> Hand:
    """Side 0 entered a hand on its own link; it waits for another side."""
    assert (
        enter(Client(), table, SIMPLE_HAND[table.round.tournament.game], side=0).status_code == 302
    )
    return Hand.objects.get(table=table)


def signed_by_all(table) -> None:
    Signature.objects.bulk_create(
        Signature(table=table, side=seat.position, name=seat.entrant.players[0])
        for seat in table.seats.all()
    )


def stored() -> tuple:
    return (
        list(Hand.objects.values_list("status", "version")),
        Signature.objects.count(),
        CorrectionRequest.objects.count(),
        Change.objects.count(),
    )


def test_a_side_cannot_accept_or_dispute_its_own_hand_whatever_side_it_posts(table):
    hand = waiting_hand(table)
    url = side_link(table, 0)
    before = stored()
    for action, extra in (("accept/", {}), ("dispute/", {"reason": "no"})):
        # Its own side: refused; another side without that side's PIN: the PIN is asked for.
        for posted, status in (({}, 403), ({"side": 1}, 400)):
            data = {"hand": hand.pk, "version": hand.version, **posted, **extra}
            assert Client().post(url + action, data).status_code == status, (action, posted)
    assert stored() == before


def test_the_other_side_accepts_on_its_own_link(table):
    hand = waiting_hand(table)
    data = {"hand": hand.pk, "version": hand.version}
    assert Client().post(side_link(table, 1) + "accept/", data).status_code == 302
    hand.refresh_from_db()
    assert hand.status == Hand.Status.ACCEPTED
    assert Change.objects.filter(action="accepted").get().actor.endswith("(own link)")


@pytest.mark.parametrize("game", GAMES)
def test_a_side_signs_only_for_itself(game):
    """Posting another side's number without its PIN asks for that side's PIN and signs
    nothing, and naming another side's player is refused: each side signs through its own
    link, or with the other side's PIN on this phone."""
    options, hands = FINISHING[game]
    tournament = make_tournament(game, entrants=ONE_TABLE[game], published=True, options=options)
    table = table_of(published_round(tournament))
    for hand in hands:
        assert enter(Client(), table, hand, side=0).status_code == 302
        assert accept_pending(Client(), table, side=1).status_code == 302
    seats = list(table.seats.order_by("position"))
    url = side_link(table, 0)
    other = seats[1].entrant.players[0]
    refused = Client().post(url + "sign/", {"side": 1, "player": other, "typed": other})
    assert refused.status_code == 400
    assert not Signature.objects.exists()
    own = seats[0].entrant.players[0]
    assert Client().post(url + "sign/", {"side": 1, "player": own, "typed": own}).status_code == 400
    assert not Signature.objects.exists()
    assert Client().post(url + "sign/", {"side": 0, "player": own, "typed": own}).status_code == 302
    assert list(Signature.objects.values_list("side", "name")) == [(0, own)]
    wrong = "000000" if pin_of(table, 1) != "000000" else "111111"
    data = {"side": 1, "player": other, "typed": other, "pin": wrong}
    assert Client().post(url + "sign/", data).status_code == 403
    assert Signature.objects.count() == 1


def test_the_other_side_accepts_on_the_entering_phone_with_its_pin(table):
    hand = waiting_hand(table)
    phone = Client()
    url = side_link(table, 0)
    page = phone.get(url)
    # Every other side may accept here with its PIN: one at 6 Card Kitty, two or three
    # at the games of one player a side.
    others = list(range(1, ONE_TABLE[table.round.tournament.game]))
    assert [side.index for side, form in page.context["accept_pin_forms"]] == others
    data = {"hand": hand.pk, "version": hand.version, "side": 1, "pin": pin_of(table, 1)}
    assert phone.post(url + "accept/", data).status_code == 302
    hand.refresh_from_db()
    assert hand.status == Hand.Status.ACCEPTED
    said = Change.objects.get(action="accepted").actor
    assert "(PIN on " in said and said.endswith("'s phone)")


@pytest.mark.parametrize("action", ["accept", "dispute"])
def test_the_other_sides_box_sent_without_its_pin_asks_for_it_by_the_field(table, action):
    """On the entering phone, "<the other side> accepts on this phone" with the PIN left
    empty: that box comes back asking for their PIN, not a lecture that the entering side
    may not accept its own hand; nothing is stored and no wrong try is counted."""
    hand = waiting_hand(table)
    changes = Change.objects.filter(table=table).count()
    data = {"hand": hand.pk, "version": hand.version, "side": 1, "pin": "", "reason": "Not 8"}
    response = Client().post(side_link(table, 0) + f"{action}/", data)
    text = response.content.decode()
    assert response.status_code == 400
    assert f'<p class="error" id="{action}1-pin_error">{escape(PIN_NEEDED)}</p>' in text
    assert "Nothing was stored: see the marked fields." in text
    assert "not the side that entered it" not in text
    hand.refresh_from_db()
    assert hand.status == Hand.Status.ENTERED
    assert Change.objects.filter(table=table).count() == changes
    assert table.seats.get(position=1).pin_failures == 0


SCRIPTS = {"arabic": "٠١٢٣٤٥٦٧٨٩", "fullwidth": "０１２３４５６７８９"}


@pytest.mark.parametrize("script", SCRIPTS.values(), ids=SCRIPTS.keys())
def test_a_pin_typed_in_another_scripts_digits_is_read_as_those_digits(table, script):
    """A phone keyboard set to Arabic or to full-width types its own digits."""
    hand = waiting_hand(table)
    url = side_link(table, 0)
    right = pin_of(table, 1)
    wrong = "".join(str((int(d) + 1) % 10) for d in right)
    data = {"hand": hand.pk, "version": hand.version, "side": 1}
    typed_wrong = wrong.translate(str.maketrans("0123456789", script))
    assert Client().post(url + "accept/", {**data, "pin": typed_wrong}).status_code == 403
    assert table.seats.get(position=1).pin_failures == 1  # a wrong PIN, counted as one
    typed = right.translate(str.maketrans("0123456789", script))
    assert Client().post(url + "accept/", {**data, "pin": typed}).status_code == 302
    hand.refresh_from_db()
    assert hand.status == Hand.Status.ACCEPTED


def test_wrong_pins_lock_the_side_until_the_director_makes_a_new_one(table, director_client):
    hand = waiting_hand(table)
    url = side_link(table, 0)
    right = pin_of(table, 1)
    wrong = "000000" if right != "000000" else "111111"
    data = {"hand": hand.pk, "version": hand.version, "side": 1}
    for tries_left in range(9, -1, -1):
        response = Client().post(url + "accept/", {**data, "pin": wrong})
        assert response.status_code == 403
        body = response.content.decode()
        # Said once, by the PIN field; the top of the page says nothing was stored.
        tries = "1 try" if tries_left == 1 else f"{tries_left} tries"  # as it is said
        assert body.count(f"({tries} left)") == 1
        assert "Nothing was stored: see the marked fields." in body
        assert f'value="{wrong}"' not in body  # not shown again
    locked = Client().post(url + "accept/", {**data, "pin": right})
    assert locked.status_code == 403 and "locked" in locked.content.decode()
    assert Hand.objects.get().status == Hand.Status.ENTERED
    assert "PIN locked until" in director_client.get(director_url(table)).content.decode()

    assert director_client.post(director_url(table) + "new-link/", {"side": 1}).status_code == 302
    assert Client().post(url + "accept/", {**data, "pin": right}).status_code == 403  # old PIN
    new = pin_of(table, 1)
    typed = f"{new[:3]} {new[3:]}"  # as the card prints it
    assert Client().post(url + "accept/", {**data, "pin": typed}).status_code == 302
    assert Hand.objects.get().status == Hand.Status.ACCEPTED


def test_a_malformed_pin_is_refused_by_its_field_and_not_counted(table):
    hand = waiting_hand(table)
    data = {"hand": hand.pk, "version": hand.version, "side": 1, "pin": "12 a456"}
    response = Client().post(side_link(table, 0) + "accept/", data)
    assert response.status_code == 400
    [(side, form)] = [f for f in response.context["accept_pin_forms"] if f[0].index == 1]
    assert "6 digits" in form["pin"].errors[0]
    assert table.seats.get(position=1).pin_failures == 0


def test_a_side_asks_for_a_correction_within_the_period(table, director_client):
    signed_by_all(table)
    url = side_link(table, 1)
    page = Client().get(url)
    assert page.context["correction_open"]
    response = Client().post(url + "correction/", {"reason": "hand 2 was 11 books", "side": 0})
    assert response.status_code == 302
    asked = CorrectionRequest.objects.get()
    assert asked.side == 1 and asked.open  # the link's own side, whatever was posted
    Client().post(url + "correction/", {"reason": "again"})  # a second tap asks once
    assert CorrectionRequest.objects.count() == 1

    console = director_client.get(f"/t/{table.round.tournament.slug}/round/1/console/")
    assert console.context["counts"]["asked"] == 1
    assert "correction asked" in console.content.decode()

    answered = {"request": asked.pk, "answer": "The sheet is right: hand 2 was 12 books."}
    assert (
        director_client.post(director_url(table) + "answer-correction/", answered).status_code
        == 302
    )
    asked.refresh_from_db()
    assert not asked.open and "12 books" in Client().get(url).content.decode()


def test_after_the_period_only_the_director_reopens(table, director_client):
    signed_by_all(table)
    period = table.round.tournament.correction_minutes
    Signature.objects.update(signed_at=timezone.now() - timedelta(minutes=period + 1))
    url = side_link(table, 0)
    assert not Client().get(url).context["correction_open"]
    before = stored()
    response = Client().post(url + "correction/", {"reason": "too late"})
    assert response.status_code == 403 and "period is over" in response.content.decode()
    assert stored() == before

    reopen = {"reason": "East-West found a miscount"}
    assert director_client.post(director_url(table) + "reopen/", reopen).status_code == 302
    for side in range(table.seats.count()):
        changed = Client().get(side_link(table, side)).context["after_signing"]
        assert changed[0].reason == "East-West found a miscount"


def test_a_director_reopening_closes_the_open_requests(table, director_client):
    signed_by_all(table)
    Client().post(side_link(table, 0) + "correction/", {"reason": "wrong total"})
    director_client.post(director_url(table) + "reopen/", {"reason": "checked: wrong total"})
    asked = CorrectionRequest.objects.get()
    assert not asked.open and asked.answer == "Reopened: checked: wrong total"


def test_the_director_sees_each_sides_link_and_pin(table, director_client):
    links = director_client.get(director_url(table)).context["side_links"]
    seats = list(table.seats.order_by("position"))
    assert [(url.split("/s/")[1].rstrip("/"), pin, tries) for side, url, pin, tries in links] == [
        (seat.token, f"{seat.pin[:3]} {seat.pin[3:]}", "")  # as the card prints it
        for seat in seats
    ]
    page = Client().get(side_link(table, 0))
    assert page.context["side_links"] == [] and "PIN <strong>" not in page.content.decode()


# Where the game's own text numbers a step of the club's procedure, the page cites it; the
# other games' pages state the same step without a number that is not theirs.
LATE_BADGE = {
    "columbus-6-card-kitty": "late (rule 7)",
    "three-legged-kitty": "late</span>",
    "ascot": "late</span>",
    "cutthroat-pinochle": "late</span>",
}


def test_a_late_table_is_flagged_citing_the_rule_only_where_the_game_has_it(table, director_client):
    from tournament.models import Round

    Round.objects.filter(pk=table.round_id).update(started=timezone.now() - timedelta(minutes=6))
    game = table.round.tournament.game
    console = director_client.get(f"/t/{table.round.tournament.slug}/round/1/console/")
    html = console.content.decode()
    assert console.context["counts"]["late"] == 1
    assert LATE_BADGE[game] in html and "not started after 5 minutes" in html
    assert ("rule 7" in html) == (game == "columbus-6-card-kitty")


def lock_out(table, url: str, data: dict) -> None:
    right = pin_of(table, 1)
    wrong = "000000" if right != "000000" else "111111"
    for _ in range(10):
        assert Client().post(url + "accept/", {**data, "pin": wrong}).status_code == 403


def test_a_locked_pin_rests_for_a_while_then_works_again_longer_each_time(table):
    hand = waiting_hand(table)
    url = side_link(table, 0)
    data = {"hand": hand.pk, "version": hand.version, "side": 1}
    seat = table.seats.filter(position=1)
    lock_out(table, url, data)
    first = seat.get().pin_rests_until - timezone.now()
    assert timedelta(minutes=14) < first <= timedelta(minutes=15)
    assert Client().post(url + "accept/", {**data, "pin": pin_of(table, 1)}).status_code == 403
    seat.update(pin_rests_until=timezone.now() - timedelta(seconds=1))  # the rest is over
    lock_out(table, url, data)  # ten tries again, then a longer rest
    second = seat.get().pin_rests_until - timezone.now()
    assert timedelta(minutes=29) < second <= timedelta(minutes=30)
    seat.update(pin_rests_until=timezone.now() - timedelta(seconds=1))
    accepted = Client().post(url + "accept/", {**data, "pin": pin_of(table, 1)})
    assert accepted.status_code == 302
    assert seat.get().pin_failures == 0 and seat.get().pin_rests == 0


def test_the_director_lets_a_locked_pin_be_typed_again_and_the_card_still_works(
    table, director_client
):
    hand = waiting_hand(table)
    url = side_link(table, 0)
    data = {"hand": hand.pk, "version": hand.version, "side": 1}
    token, pin = table.seats.get(position=1).token, pin_of(table, 1)
    lock_out(table, url, data)
    page = director_client.get(director_url(table)).content.decode()
    assert "PIN locked until" in page and "type its PIN again" in page
    cleared = director_client.post(director_url(table) + "clear-pin-tries/", {"side": 1})
    assert cleared.status_code == 302
    seat = table.seats.get(position=1)
    assert (seat.token, seat.pin, seat.pin_failures, seat.pin_rests_until) == (token, pin, 0, None)
    (cleared,) = Change.objects.filter(action="PIN tries cleared")
    assert cleared.reason.startswith(f"{side_name(table, 1)}'s PIN may be typed again")
    assert Client().post(url + "accept/", {**data, "pin": pin}).status_code == 302
    # Only a director may: not a side's link.
    assert Client().post(url + "clear-pin-tries/", {"side": 1}).status_code == 404


@pytest.mark.parametrize("action", ["enter", "accept", "sign"])
def test_an_actions_address_opened_again_goes_back_to_the_table(table, action, director_client):
    """A refused form's page stays at the action's address (…/enter/): a reload or the
    address kept on the phone opens the table's page again, not an empty 405."""
    link = side_link(table, 0)
    response = Client().get(link + f"{action}/")
    assert response.status_code == 302 and response["Location"] == link
    director = director_url(table)
    response = director_client.get(director + f"{action}/")
    assert response.status_code == 302 and response["Location"] == director
    assert Client().get(f"/s/no-such-link/{action}/").status_code == 404
