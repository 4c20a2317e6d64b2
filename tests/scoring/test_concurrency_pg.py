"""Fifty tables scoring at once against a real server: nothing lost, nothing doubled.

The guarantees in scoring.entry (the form's one-time key, the table row lock, the slot
check, the version check) are enforced by the database, so they are only proven with
real concurrent transactions: a live server (one thread per request, each with its own
connection) and many HTTP clients at once, on PostgreSQL. SQLite serialises every write
on the file lock, which proves nothing here, so the module is skipped there; the same
guarantees on the laptop's own server and SQLite file are tests/laptop/
test_served_concurrency.py's.
"""

from __future__ import annotations

import http.client
import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection

from leaderboard.board import standings_for
from scoring.models import Change, Hand
from tests.conftest import make_tournament
from tests.support.helpers import published_round
from tests.support.phone import HANDS, Forms, Phone
from tournament.models import Seat

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="proves row locks and unique constraints under concurrency: needs PostgreSQL "
        "(set DATABASE_URL=postgres://...)",
    ),
]

TABLES = 50


def send(client: Phone, method: str, path: str, data=None) -> tuple[int, str]:
    """As a phone's offline queue does it: a request the network cut before any answer
    came is sent again, the same form with the same one-time key (at most twice more).
    Fifty phones at once on a loaded machine may see a connection reset."""
    for attempt in range(3):
        try:
            return client.send(method, path, data)
        except (ConnectionResetError, http.client.RemoteDisconnected):
            if attempt == 2:
                raise
    raise AssertionError("unreachable")


def page(client: Phone, path: str) -> Forms:
    status, text = send(client, "GET", path)
    assert status == 200, text[:500]
    return Forms(text)


def hands_for(table: int) -> list[dict[str, str]]:
    """Different scores at different tables: every other table won by East-West."""
    flip = {"0": "1", "1": "0"} if table % 2 else {"0": "0", "1": "1"}
    hands = [{**h, "bidding_team": flip[h["bidding_team"]]} for h in HANDS]
    hands[0]["books"] = str(11 + table % 3)
    return hands


def entry_form(page: Forms, hand: dict) -> dict[str, str]:
    fields = page.form("/enter/")
    assert fields is not None and fields["nonce"], "no entry form on the page"
    return {
        "csrfmiddlewaretoken": fields["csrfmiddlewaretoken"],
        "nonce": fields["nonce"],
        "slot": fields["slot"],
        **hand,
    }


def side_links(round_) -> list[tuple[str, str]]:
    """Each table's two side links, North-South's then East-West's, in table order."""
    seats = Seat.objects.filter(table__round=round_).order_by("table__number", "position")
    tokens = list(seats.values_list("token", flat=True))
    return [(f"/s/{ns}/", f"/s/{ew}/") for ns, ew in zip(tokens[::2], tokens[1::2], strict=True)]


def score_table(base: str, links: tuple[str, str], hands=HANDS) -> list[tuple[str, int]]:
    """North-South enter every hand on their link, East-West accept each on theirs; every
    POST is sent twice."""
    north, east = Phone.at(base), Phone.at(base)
    ns_url, ew_url = links
    statuses = []
    for number, hand in enumerate(hands, start=1):
        form = entry_form(page(north, ns_url), hand)
        assert form["slot"] == f"{number}:1"
        for _ in range(2):  # the phone's retry: the same form, the same one-time key
            statuses.append(("enter", send(north, "POST", ns_url + "enter/", form)[0]))
        accept = page(east, ew_url).form("/accept/")
        assert accept is not None, f"hand {number} is not waiting to be accepted"
        for _ in range(2):  # a double tap on Accept
            statuses.append(("accept", send(east, "POST", ew_url + "accept/", accept)[0]))
    return statuses


def recomputed_points(tournament) -> dict[int, tuple[int, int]]:
    """Points for and against per entrant, summed straight from the stored hand records."""
    ruleset, options = tournament.ruleset, tournament.game_options
    sides = {(s.table_id, s.position): s.entrant_id for s in Seat.objects.all()}
    totals: dict[int, list[int]] = {}
    for hand in Hand.objects.filter(status=Hand.Status.ACCEPTED):
        record = ruleset.parse_hand(hand.record, 4, options)
        points = ruleset.score_hand(record, 4, options).points
        for side, mine in enumerate(points):
            row = totals.setdefault(sides[hand.table_id, side], [0, 0])
            row[0] += mine
            row[1] += sum(points) - mine
    return {entrant: tuple(row) for entrant, row in totals.items()}


def test_fifty_tables_enter_and_accept_at_once_with_every_request_sent_twice(
    live_server, transactional_db
):
    tournament = make_tournament(entrants=2 * TABLES, published=True, slug="big-night")
    round_ = published_round(tournament)
    links = side_links(round_)
    assert len(links) == TABLES

    with ThreadPoolExecutor(max_workers=TABLES) as pool:
        runs = list(
            pool.map(lambda i: score_table(live_server.url, links[i], hands_for(i)), range(TABLES))
        )

    statuses = Counter(s for run in runs for s in run)
    assert statuses == {("enter", 302): 2 * 4 * TABLES, ("accept", 302): 2 * 4 * TABLES}
    hands = Hand.objects.filter(table__round=round_)
    per_table = Counter(hands.values_list("table__number", flat=True))
    assert per_table == dict.fromkeys(range(1, TABLES + 1), 4)  # every hand once, none lost
    assert not hands.exclude(entered_by=0).exists()
    accepted = Change.objects.filter(table__round=round_, action="accepted")
    assert set(accepted.values_list("actor", flat=True)) == {"East-West (own link)"}
    assert sorted(set(hands.values_list("number", "attempt"))) == [(n, 1) for n in (1, 2, 3, 4)]
    assert not hands.exclude(status=Hand.Status.ACCEPTED).exists()
    assert len(set(hands.values_list("nonce", flat=True))) == 4 * TABLES

    rows, _ = standings_for(tournament)
    expected = recomputed_points(tournament)
    assert len(rows) == 2 * TABLES
    assert {r.entrant: (r.points, r.conceded) for r in rows} == expected
    assert all(r.played == 1 and r.wins + r.losses == 1 for r in rows)
    assert sum(r.wins for r in rows) == TABLES


def test_two_phones_racing_for_the_same_hand_store_one_and_refuse_the_other(
    live_server, transactional_db
):
    tables = 10
    tournament = make_tournament(entrants=2 * tables, published=True, slug="race-night")
    round_ = published_round(tournament)
    links = side_links(round_)
    start = threading.Barrier(2 * tables)

    def race(table: int, side: int) -> int:
        """Each side's phone, on its own link, taps Enter for hand 1 at the same moment."""
        phone = Phone.at(live_server.url)
        url = links[table][side]
        form = entry_form(page(phone, url), HANDS[side])
        start.wait(timeout=60)
        return send(phone, "POST", url + "enter/", form)[0]

    with ThreadPoolExecutor(max_workers=2 * tables) as pool:
        futures = {(t, side): pool.submit(race, t, side) for t in range(tables) for side in (0, 1)}
        results = {key: future.result() for key, future in futures.items()}

    for t in range(tables):
        assert sorted((results[t, 0], results[t, 1])) == [302, 409], t
        stored = Hand.objects.get(table__round=round_, table__number=t + 1)  # one, hand 1
        assert (stored.number, stored.attempt) == (1, 1)
        winner = 0 if results[t, 0] == 302 else 1
        assert stored.entered_by == winner
        assert stored.record["level"] == int(HANDS[winner]["level"])


def test_a_take_back_and_an_accept_at_the_same_moment_one_wins(live_server, transactional_db):
    """North-South take back the hand they entered as East-West accept it, at once, at ten
    tables: the table's lock lets one in, the other is refused (409) and changes nothing."""
    tables = 10
    tournament = make_tournament(entrants=2 * tables, published=True, slug="take-back-night")
    round_ = published_round(tournament)
    links = side_links(round_)
    north = [Phone.at(live_server.url) for _ in range(tables)]
    for t in range(tables):
        form = entry_form(page(north[t], links[t][0]), HANDS[0])
        assert send(north[t], "POST", links[t][0] + "enter/", form)[0] == 302
    start = threading.Barrier(2 * tables)

    def race(table: int, side: int) -> int:
        phone = north[table] if side == 0 else Phone.at(live_server.url)
        url = links[table][side]
        action = "/take-back/" if side == 0 else "/accept/"
        form = page(phone, url).form(action)
        assert form is not None, f"no {action} on side {side}'s page"
        start.wait(timeout=60)
        return send(phone, "POST", url + action.strip("/") + "/", form)[0]

    with ThreadPoolExecutor(max_workers=2 * tables) as pool:
        futures = {(t, side): pool.submit(race, t, side) for t in range(tables) for side in (0, 1)}
        results = {key: future.result() for key, future in futures.items()}

    for t in range(tables):
        assert sorted((results[t, 0], results[t, 1])) == [302, 409], t
        hand = Hand.objects.get(table__round=round_, table__number=t + 1)
        took_back = results[t, 0] == 302
        assert (hand.taken_back_at is not None) == took_back
        assert (hand.status == Hand.Status.ACCEPTED) == (not took_back)
        actions = set(Change.objects.filter(hand=hand).values_list("action", flat=True))
        assert actions == {"entered", "took back" if took_back else "accepted"}


def test_the_same_dispute_sent_twice_at_once_is_stored_once(live_server, transactional_db):
    """A phone's queue resends a form whose answer it lost while the first is still being
    stored, at ten tables: the form's one-time key lets one in; the other is answered as
    stored ("Sent already"), and the history holds one dispute, its reason once."""
    tables = 10
    tournament = make_tournament(
        entrants=2 * tables, published=True, slug="dispute-night", verify_hands=True
    )
    round_ = published_round(tournament)
    links = side_links(round_)
    forms = []
    for t in range(tables):
        north = Phone.at(live_server.url)
        form = entry_form(page(north, links[t][0]), HANDS[0])
        assert send(north, "POST", links[t][0] + "enter/", form)[0] == 302
        east = Phone.at(live_server.url)
        dispute = page(east, links[t][1]).form("/dispute/")
        assert dispute is not None, "no dispute on East-West's page"
        forms.append((east, {**dispute, "reason": "We took 11", "key": f"key-{t}"}))
    start = threading.Barrier(2 * tables)

    def send_at_once(table: int) -> int:
        phone, form = forms[table]
        start.wait(timeout=60)
        return send(phone, "POST", links[table][1] + "dispute/", form)[0]

    with ThreadPoolExecutor(max_workers=2 * tables) as pool:
        statuses = list(pool.map(send_at_once, [t for t in range(tables) for _ in (0, 1)]))

    assert statuses == [302] * 2 * tables
    disputes = Change.objects.filter(table__round=round_, action="disputed")
    assert Counter(disputes.values_list("table__number", flat=True)) == dict.fromkeys(
        range(1, tables + 1), 1
    )
