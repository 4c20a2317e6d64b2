"""The guarantees of tests/scoring/test_concurrency_pg.py on the laptop's own server, on SQLite.

The night on one laptop is `manage.py serve`: granian, one worker process, eight threads, one
SQLite file (IMMEDIATE transactions, WAL, a 20 s busy timeout). Here it runs as a real
server in a subprocess (tests/support/served.py) on its own file, whatever database this
test run has, and phones post to it as in the PostgreSQL test: fifty tables at once with
every request sent twice, two phones racing for one hand, answers the network dropped, and
the server killed mid-round and started again on the same file.
"""

from __future__ import annotations

import http.client
import socket
import threading
import time
import urllib.parse
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from functools import partial

import pytest

from tests.scoring.test_concurrency_pg import entry_form, hands_for, page, score_table, send
from tests.support.phone import HANDS, Forms, Phone
from tests.support.served import served, wait_for

pytestmark = pytest.mark.spawns


@pytest.fixture
def laptop(tmp_path):
    with served(tmp_path / "laptop") as running:
        yield running


def links_of(night) -> list[tuple[str, str]]:
    return [table.links for table in night.tables]


def check_every_hand_once(facts: dict, tables: int) -> None:
    """Four hands at every table, each stored once (attempt 1), entered by North-South,
    accepted; one form (one-time key) per hand; the standings are the stored hands'."""
    hands = [h for t in facts["tables"].values() for h in t["hands"]]
    per_table = {int(n): len(t["hands"]) for n, t in facts["tables"].items()}
    assert per_table == dict.fromkeys(range(1, tables + 1), 4)  # every hand once, none lost
    for table in facts["tables"].values():
        assert [(h[0], h[1]) for h in table["hands"]] == [(n, 1) for n in (1, 2, 3, 4)]
    assert {h[2] for h in hands} == {"accepted"}
    assert {h[3] for h in hands} == {0}
    assert len({h[4] for h in hands}) == 4 * tables
    assert facts["accepted_by"] == ["East-West (own link)"]
    assert facts["standings"] == facts["recomputed"]
    assert len(facts["standings"]) == 2 * tables
    assert all(played == 1 and wins + losses == 1 for played, wins, losses in facts["played"])
    assert sum(wins for _, wins, _ in facts["played"]) == tables
    assert facts["differences"] == []


def test_fifty_tables_enter_and_accept_at_once_with_every_request_sent_twice(laptop):
    tables = 50
    night = laptop.night(tables)
    links = links_of(night)

    with ThreadPoolExecutor(max_workers=tables) as pool:
        runs = list(
            pool.map(lambda i: score_table(laptop.url, links[i], hands_for(i)), range(tables))
        )

    statuses = Counter(s for run in runs for s in run)  # no 5xx, no 409: every one 302
    assert statuses == {("enter", 302): 2 * 4 * tables, ("accept", 302): 2 * 4 * tables}
    check_every_hand_once(laptop.facts(night.slug), tables)


def test_two_phones_racing_for_the_same_hand_store_one_and_refuse_the_other(laptop):
    tables = 10
    night = laptop.night(tables)
    links = links_of(night)
    start = threading.Barrier(2 * tables)

    def race(table: int, side: int) -> int:
        """Each side's phone, on its own link, taps Enter for hand 1 at the same moment."""
        phone = Phone.at(laptop.url, timeout=30)
        url = links[table][side]
        form = entry_form(page(phone, url), HANDS[side])
        start.wait(timeout=30)
        return send(phone, "POST", url + "enter/", form)[0]

    with ThreadPoolExecutor(max_workers=2 * tables) as pool:
        futures = {(t, side): pool.submit(race, t, side) for t in range(tables) for side in (0, 1)}
        results = {key: future.result(timeout=60) for key, future in futures.items()}

    facts = laptop.facts(night.slug)
    for t in range(tables):
        assert sorted((results[t, 0], results[t, 1])) == [302, 409], t
        stored = facts["tables"][str(t + 1)]["hands"]
        assert [(h[0], h[1]) for h in stored] == [(1, 1)], t  # one hand, hand 1
        winner = 0 if results[t, 0] == 302 else 1
        assert stored[0][3] == winner
        assert stored[0][5]["level"] == int(HANDS[winner]["level"])


def send_and_drop(phone: Phone, path: str, data: dict, stored) -> None:
    """The request as Phone.send makes it; once the server has stored it (`stored()`), the
    connection is closed with its answer unread: the Wi-Fi dropped as the answer came."""
    body = urllib.parse.urlencode(data).encode()
    head = [
        f"POST {path} HTTP/1.1",
        f"Host: {phone.host}:{phone.port}",
        "Content-Type: application/x-www-form-urlencoded",
        f"Content-Length: {len(body)}",
        f"X-CSRFToken: {phone.cookies.get('csrftoken', '')}",
        "Cookie: " + "; ".join(f"{k}={v}" for k, v in phone.cookies.items()),
        "Connection: close",
    ]
    with socket.create_connection((phone.host, phone.port), timeout=10) as conn:
        conn.sendall("\r\n".join(head).encode() + b"\r\n\r\n" + body)
        wait_for(stored, f"the request to {path} stored")


def test_an_answer_the_network_dropped_is_sent_again_and_stored_once(laptop):
    tables = 10
    night = laptop.night(tables)
    links = links_of(night)

    def stored_as(nonce: str, status: str) -> bool:
        rows = laptop.query("SELECT status FROM scoring_hand WHERE nonce = ?", (nonce,))
        return rows == [(status,)]

    def play(table: int) -> list[int]:
        """Every entry and every accept: sent, its answer lost, then sent again as it was."""
        north, east = Phone.at(laptop.url, timeout=30), Phone.at(laptop.url, timeout=30)
        ns_url, ew_url = links[table]
        statuses = []
        for number, hand in enumerate(hands_for(table), start=1):
            form = entry_form(page(north, ns_url), hand)
            assert form["slot"] == f"{number}:1"
            # The server stores it, and the phone never hears so.
            entered = partial(stored_as, form["nonce"], "entered")
            send_and_drop(north, ns_url + "enter/", form, entered)
            statuses.append(send(north, "POST", ns_url + "enter/", form)[0])
            accept = page(east, ew_url).form("/accept/")
            assert accept is not None, f"hand {number} is not waiting to be accepted"
            accepted = partial(stored_as, form["nonce"], "accepted")
            send_and_drop(east, ew_url + "accept/", accept, accepted)
            statuses.append(send(east, "POST", ew_url + "accept/", accept)[0])
        return statuses

    with ThreadPoolExecutor(max_workers=tables) as pool:
        runs = list(pool.map(play, range(tables)))

    assert Counter(s for run in runs for s in run) == {302: 2 * 4 * tables}
    check_every_hand_once(laptop.facts(night.slug), tables)


CUT = (OSError, http.client.HTTPException)  # refused, reset, closed without an answer


class Persistent:
    """A phone's offline queue: a request without an answer (the server is down, or died
    while answering) is sent again, the same form with the same one-time key, until an
    answer comes or the deadline passes."""

    def __init__(self, base: str, deadline: float):
        self.phone = Phone.at(base, timeout=30)
        self.deadline = deadline
        self.resent: list[tuple[str, str]] = []  # each request sent again: method, path

    def send(self, method: str, path: str, data=None) -> tuple[int, str]:
        while True:
            try:
                return self.phone.send(method, path, data)
            except CUT:
                assert time.monotonic() < self.deadline, f"no answer to {method} {path}"
                self.resent.append((method, path))
                time.sleep(0.1)


def test_a_server_killed_mid_round_loses_and_doubles_nothing(laptop):
    tables = 20
    night = laptop.night(tables)
    links = links_of(night)
    deadline = time.monotonic() + 50
    resent: list[tuple[str, str]] = []

    def play(table: int) -> list[tuple[str, int]]:
        north, east = Persistent(laptop.url, deadline), Persistent(laptop.url, deadline)
        ns_url, ew_url = links[table]
        statuses = []
        for number, hand in enumerate(hands_for(table), start=1):
            status, text = north.send("GET", ns_url)
            assert status == 200, text[:300]
            form = entry_form(Forms(text), hand)
            # A hand the phone was told is stored is still there after the kill.
            assert form["slot"] == f"{number}:1", (table, number)
            statuses.append(("enter", north.send("POST", ns_url + "enter/", form)[0]))
            status, text = east.send("GET", ew_url)
            assert status == 200, text[:300]
            accept = Forms(text).form("/accept/")
            assert accept is not None, f"table {table + 1}: hand {number} not waiting"
            statuses.append(("accept", east.send("POST", ew_url + "accept/", accept)[0]))
        resent.extend(north.resent + east.resent)
        return statuses

    with ThreadPoolExecutor(max_workers=tables) as pool:
        futures = [pool.submit(play, t) for t in range(tables)]
        # Mid-round: a third of the hands in, the phones still posting.
        entered = "SELECT count(*) FROM scoring_hand"
        wait_for(lambda: laptop.query(entered)[0][0] >= tables * 4 // 3, "a third of the hands")
        laptop.kill()
        before = laptop.query(entered)[0][0]
        laptop.start()
        runs = [future.result(timeout=60) for future in futures]

    statuses = Counter(s for run in runs for s in run)  # no 5xx, no 409: every one 302
    assert statuses == {("enter", 302): 4 * tables, ("accept", 302): 4 * tables}
    assert 0 < before < 4 * tables
    # Phones did lose answers to their posts, and sent them again.
    assert any(method == "POST" for method, _ in resent), resent
    check_every_hand_once(laptop.facts(night.slug), tables)


def test_wrong_pins_at_once_are_each_counted_and_no_more_than_the_tries_are_compared(laptop):
    """32 phones type a wrong PIN for East-West at the same moment, on North-South's link:
    each try is counted before the PIN is compared, so ten are compared and refused with
    the tries left, the rest find the PIN locked, and then the right PIN is locked too."""
    night = laptop.night(1)
    (north_link, _), (_, east_pin) = night.tables[0].links, night.tables[0].pins
    north = Phone.at(laptop.url, timeout=30)
    form = entry_form(page(north, north_link), HANDS[0])
    assert send(north, "POST", north_link + "enter/", form)[0] == 302
    accept = page(north, north_link).form("/accept/")
    assert accept is not None, "no accept form on North-South's page"
    wrong = "".join(str((int(d) + 1) % 10) for d in east_pin)
    phones = 32
    start = threading.Barrier(phones)

    def guess(_) -> tuple[int, str]:
        phone = Phone.at(laptop.url, timeout=30)
        fields = page(phone, north_link).form("/accept/")
        start.wait(timeout=30)
        data = {**fields, "side": "1", "pin": wrong}
        status, text = send(phone, "POST", north_link + "accept/", data)
        tries = "try left)" in text or "tries left)" in text  # "1 try left", "9 tries left"
        said = "tries left" if tries else "locked" if "locked" in text else text
        return status, said

    with ThreadPoolExecutor(max_workers=phones) as pool:
        answers = Counter(pool.map(guess, range(phones)))
    assert answers == {(403, "tries left"): 10, (403, "locked"): phones - 10}
    right = {**accept, "side": "1", "pin": east_pin}
    status, text = send(north, "POST", north_link + "accept/", right)
    assert status == 403 and "locked" in text
