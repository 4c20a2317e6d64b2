"""Entering hands at the table and signing the sheet, as the players do it."""

import pytest
from django.test import Client

from scoring.models import Change, Hand, Signature
from scoring.results import results_for
from tests.conftest import make_tournament
from tests.support.helpers import accept_pending, enter, published_round, side_link, table_of
from tournament.models import Round

pytestmark = pytest.mark.django_db

# Bid 5 plain by North-South, 12 books: made, +6.
MADE = {"bidding_team": 0, "level": 5, "form": "plain", "books": 12}
# East-West bid 4 no uptown and take 10 books: made, +4.
EW_MADE = {"bidding_team": 1, "level": 4, "form": "no", "direction": "uptown", "books": 10}


def link(table, side: int = 0) -> str:
    return side_link(table, side)


def test_a_whole_six_card_kitty_round_at_one_table(client, kitty):
    round_ = published_round(kitty)
    table = table_of(round_)
    url = link(table)
    page = client.get(url)
    assert page.status_code == 200
    ns, ew = (s.entrant.name for s in table.seats.order_by("position"))
    assert ns in page.content.decode() and ew in page.content.decode()

    for hand in (MADE, EW_MADE, MADE, EW_MADE):
        response = enter(client, table, hand, side=0)  # North-South's own link
        assert response.status_code == 302, response.content.decode()[:2000]
        # Not counted until East-West accept it, on their own link.
        result = results_for(kitty, tables=[table])[table.pk]
        assert len(result.pending) == 1
        assert accept_pending(client, table, side=1).status_code == 302

    result = results_for(kitty, tables=[table])[table.pk]
    assert result.match.complete
    assert result.match.totals == (12, 8)  # 6 + 6 for North-South, 4 + 4 for East-West
    assert result.match.winner == 0
    round_.refresh_from_db()
    assert round_.status == Round.Status.IN_PLAY

    page = client.get(url).content.decode()
    assert "North-South bid 5" in page and "Sign for North-South" in page
    assert "East-West signs on this phone, with its PIN" in page

    north = table.seats.get(position=0).entrant
    east = table.seats.get(position=1).entrant
    response = client.post(
        url + "sign/",
        {"side": 0, "player": north.player1, "typed": "  " + north.player1.upper() + " "},
    )
    assert response.status_code == 302
    ew_url = link(table, 1)
    response = client.post(ew_url + "sign/", {"player": east.player2, "typed": "wrong"})
    assert response.status_code == 400
    assert f"Type “{east.player2}” to sign." in response.content.decode()
    client.post(ew_url + "sign/", {"player": east.player2, "typed": east.player2})
    assert Signature.objects.filter(table=table).count() == 2

    # Final: the page is read-only and nothing more can be entered.
    page = client.get(url)
    assert page.context["form"] is None and "Signed, final" in page.content.decode()
    response = client.post(url + "enter/", {"nonce": "late", "slot": "5:1", "side": 0, **MADE})
    assert response.status_code == 409
    assert Hand.objects.filter(table=table).count() == 4


def test_bad_hand_input_is_marked_by_the_field_and_nothing_stored(client, kitty):
    table = table_of(published_round(kitty))
    response = enter(client, table, {"bidding_team": 0, "level": 9, "form": "no", "books": 14})
    assert response.status_code == 400
    form = response.context["form"]
    assert "4 to 7" in form.errors["level"][0]
    assert "uptown or downtown" in form.errors["direction"][0]
    assert "1 to 13" in form.errors["books"][0]
    assert form["bidding_team"].value() == "0"  # the form keeps what was typed
    assert not Hand.objects.exists()


def test_a_link_enters_for_its_own_side_whatever_side_is_posted(client, kitty):
    table = table_of(published_round(kitty))
    url = link(table, 1)  # East-West's link, posting North-South's number
    data = {"nonce": client.get(url).context["nonce"], "slot": "1:1", "side": 0, **MADE}
    assert client.post(url + "enter/", data).status_code == 302
    assert Hand.objects.get().entered_by == 1
    assert Change.objects.get().actor == "East-West (own link)"


def test_the_entering_side_cannot_accept_its_own_hand(client, kitty):
    table = table_of(published_round(kitty))
    enter(client, table, MADE, side=0)
    response = accept_pending(client, table, side=0)
    assert response.status_code == 403
    assert Hand.objects.get().status == Hand.Status.ENTERED


def test_a_dispute_flags_the_table_and_the_entering_side_corrects_it(director_client, kitty):
    client = Client()
    round_ = published_round(kitty)
    table = table_of(round_)
    url = link(table)
    enter(client, table, MADE, side=0)
    hand = Hand.objects.get()
    client.post(
        link(table, 1) + "dispute/",
        {"hand": hand.pk, "version": hand.version, "reason": "we took 2 books"},
    )
    hand.refresh_from_db()
    assert hand.status == Hand.Status.DISPUTED
    console = director_client.get(f"/t/{kitty.slug}/round/{round_.number}/console/")
    assert console.context["counts"]["disputed"] == 1

    corrected = {f"edit-{k}": v for k, v in {**MADE, "books": 11}.items()}
    response = client.post(url + "edit/", {"hand": hand.pk, "version": hand.version, **corrected})
    assert response.status_code == 302
    hand.refresh_from_db()
    assert hand.status == Hand.Status.ENTERED and hand.record["books"] == 11
    assert Change.objects.filter(action="edited").get().before["books"] == 12


def test_the_same_form_submitted_twice_stores_one_hand(client, kitty):
    table = table_of(published_round(kitty))
    url = link(table)
    page = client.get(url)
    data = {"nonce": page.context["nonce"], "slot": "1:1", "side": 0, **MADE}
    assert client.post(url + "enter/", data).status_code == 302
    assert client.post(url + "enter/", data).status_code == 302  # the phone's retry
    assert Hand.objects.count() == 1


def test_two_phones_entering_the_same_hand_leave_one_and_a_message(client, kitty):
    table = table_of(published_round(kitty))
    url = link(table)
    first = {"nonce": "phone-a", "slot": "1:1", **MADE}
    second = {"nonce": "phone-b", "slot": "1:1", **EW_MADE}
    assert client.post(url + "enter/", first).status_code == 302
    response = Client().post(link(table, 1) + "enter/", second)
    assert response.status_code == 409
    assert "just entered from another phone" in response.content.decode()
    assert Hand.objects.count() == 1 and Hand.objects.get().nonce == "phone-a"


def test_an_edit_from_a_stale_page_is_refused(client, kitty):
    table = table_of(published_round(kitty))
    url = link(table)
    enter(client, table, MADE, side=0)
    hand = Hand.objects.get()
    stale = hand.version
    edit = {f"edit-{k}": v for k, v in {**MADE, "books": 10}.items()}
    client.post(url + "edit/", {"hand": hand.pk, "version": stale, "side": 0, **edit})
    edit2 = {f"edit-{k}": v for k, v in {**MADE, "books": 9}.items()}
    response = client.post(url + "edit/", {"hand": hand.pk, "version": stale, "side": 0, **edit2})
    assert response.status_code == 409
    assert "was not saved" in response.content.decode()
    hand.refresh_from_db()
    assert hand.record["books"] == 10


def test_single_entry_counts_at_once(client, kitty):
    kitty.verify_hands = False
    kitty.save()
    table = table_of(published_round(kitty))
    enter(client, table, MADE, side=0)
    assert Hand.objects.get().status == Hand.Status.ACCEPTED


def test_a_table_link_reaches_only_its_own_table(client, kitty):
    round_ = published_round(kitty)
    three, four = table_of(round_, 1), table_of(round_, 2)
    enter(client, three, MADE, side=0)
    hand = Hand.objects.get()
    # The other table's East-West cannot accept this table's hand.
    response = client.post(link(four, 1) + "accept/", {"hand": hand.pk, "version": 1})
    assert response.status_code == 404
    hand.refresh_from_db()
    assert hand.status == Hand.Status.ENTERED
    assert client.get("/s/not-a-token/").status_code == 404


def test_a_reissued_link_refuses_the_old_one(director_client, kitty):
    client = Client()
    round_ = published_round(kitty)
    table = table_of(round_)
    old, other = link(table, 1), link(table, 0)
    old_pin = table.seats.get(position=1).pin
    url = f"/t/{kitty.slug}/round/{round_.number}/table/{table.number}/"
    assert director_client.post(url + "new-link/", {"side": 1}).status_code == 302
    assert client.get(old).status_code == 404
    assert client.get(other).status_code == 200  # North-South's link is untouched
    seat = table.seats.get(position=1)
    assert client.get(link(table, 1)).status_code == 200
    assert len(seat.token) >= 22  # at least 128 bits of randomness, URL-safe
    assert seat.pin != old_pin or len(seat.pin) == 6
    assert director_client.get(url).context["side_links"][1][2] == f"{seat.pin[:3]} {seat.pin[3:]}"


def test_a_draft_round_has_no_working_links(client, kitty):
    from draw.rounds import draw_next_round

    round_ = draw_next_round(kitty, seed=1)
    assert client.get(link(table_of(round_), 0)).status_code == 404


def test_a_three_legged_kitty_game_through_the_table_page(client):
    """Six players, tables of three; the game ends in the hand someone reaches the target."""
    tournament = make_tournament(
        "three-legged-kitty", entrants=6, published=True, slug="tlk", options={"target": 12}
    )
    round_ = published_round(tournament)
    table = table_of(round_)
    url = link(table)
    players = [s.entrant for s in table.seats.order_by("position")]
    page = client.get(url)
    assert {"passed_out", "cat", "number", "contract", "tricks"} <= set(page.context["form"].fields)

    # Seat 2 is Cat at 7 hearts and takes 8 tricks: made, +7. Seat 1 accepts.
    made = {"cat": 1, "number": 7, "contract": "hearts", "tricks": 8}
    assert enter(client, table, made, side=1).status_code == 302
    assert accept_pending(client, table, side=0).status_code == 302
    # Passed out: no score, the deal moves on.
    assert enter(client, table, {"passed_out": "on"}, side=2).status_code == 302
    assert accept_pending(client, table, side=1).status_code == 302
    # A Null bid made past the limit is refused by the field, nothing stored.
    null = {"cat": 0, "number": 9, "contract": "null", "tricks": 0}
    response = enter(client, table, null, side=0)
    assert response.status_code == 400
    assert "Null" in response.context["form"].errors["number"][0]
    # Seat 2 again, 5 spades with 6 tricks: +5, reaching 12: the game is over.
    assert (
        enter(
            client, table, {**made, "number": 5, "contract": "spades", "tricks": 6}, side=1
        ).status_code
        == 302
    )
    assert accept_pending(client, table, side=2).status_code == 302

    result = results_for(tournament, tables=[table])[table.pk]
    assert result.match.complete and result.match.winner == 1
    assert result.match.totals == (0, 12, 0)
    assert client.get(url).context["form"] is None  # nothing more to enter

    for side, player in enumerate(players):
        response = client.post(
            link(table, side) + "sign/", {"player": player.name, "typed": player.name}
        )
        assert response.status_code == 302
    assert results_for(tournament, tables=[table])[table.pk].final
    assert Hand.objects.filter(table=table).count() == 3


def test_the_director_corrects_an_accepted_hand_with_a_reason(director_client, kitty):
    round_ = published_round(kitty)
    table = table_of(round_)
    hand = Hand.objects.create(
        table=table,
        number=1,
        nonce="x",
        record={**MADE, "direction": None},
        status=Hand.Status.ACCEPTED,
    )
    url = f"/t/{kitty.slug}/round/{round_.number}/table/{table.number}/"
    page = director_client.get(url)
    assert [row.hand for row, _ in page.context["edit_forms"]] == [hand]
    edit = {f"edit-{k}": v for k, v in {**MADE, "books": 13}.items()}
    response = director_client.post(
        url + "edit/", {"hand": hand.pk, "version": hand.version, "reason": "miscounted", **edit}
    )
    assert response.status_code == 302
    hand.refresh_from_db()
    assert hand.record["books"] == 13 and hand.status == Hand.Status.ACCEPTED
    change = Change.objects.get(action="edited")
    assert (change.before["books"], change.after["books"], change.reason) == (12, 13, "miscounted")
    assert change.actor.startswith("Director")


def test_a_tampered_form_key_is_refused_without_storing(client, kitty):
    table = table_of(published_round(kitty))
    response = client.post(
        link(table) + "enter/", {"nonce": "x" * 500, "slot": "1:1", "side": 0, **MADE}
    )
    assert response.status_code == 400
    assert not Hand.objects.exists()


def test_the_history_reads_as_words(director_client, kitty):
    round_ = published_round(kitty)
    table = table_of(round_)
    hand = Hand.objects.create(
        table=table,
        number=1,
        nonce="x",
        status=Hand.Status.ACCEPTED,
        record={**MADE, "direction": None},
    )
    url = f"/t/{kitty.slug}/round/{round_.number}/table/{table.number}/"
    edit = {f"edit-{k}": v for k, v in {**MADE, "books": 11}.items()}
    director_client.post(url + "edit/", {"hand": hand.pk, "version": 1, **edit})
    page = director_client.get(url).content.decode()
    # As the sheet words a hand, with the side's name, not the stored seat numbers.
    was = page.split("was: ", 1)[1].split("<", 1)[0]
    now = page.split("now: ", 1)[1].split("<", 1)[0]
    assert was == "North-South bid 5, 12 books: North-South +6"
    assert now == "North-South bid 5, 11 books: North-South +5"
    assert "{&#x27;" not in page and "{'" not in page and "bidding team 0" not in page
