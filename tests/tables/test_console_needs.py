"""The console's "Needs you" list and the round's clock, for each of the four games, as
the players and the director would bring each item about and then resolve it."""

import re
from datetime import timedelta
from html import unescape

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from scoring import entry
from scoring.models import CorrectionRequest, Hand
from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support.helpers import (
    FINISHING,
    accept_pending,
    enter,
    published_round,
    side_link,
    table_of,
)
from tournament.models import Round

pytestmark = pytest.mark.django_db

# What each game calls a side in the list: 6 Card Kitty names the partnership and the
# team; the other games name the player. {0}, {1}, ... are the entrants seated 0, 1, ...
SIDE = {
    "columbus-6-card-kitty": ("North-South ({0})", "East-West ({1})"),
    "three-legged-kitty": ("{0}", "{1}", "{2}"),
    "ascot": ("{0}", "{1}", "{2}", "{3}"),
    "cutthroat-pinochle": ("{0}", "{1}", "{2}"),
}
# The late item: 6 Card Kitty cites its rule 7; the other games' texts have no such rule.
LATE = {
    "columbus-6-card-kitty": "No hand entered 5 minutes after the start (rule 7)",
    "three-legged-kitty": "No hand entered 5 minutes after the start",
    "ascot": "No hand entered 5 minutes after the start",
    "cutthroat-pinochle": "No hand entered 5 minutes after the start",
}
WAITING_ALL = {
    "columbus-6-card-kitty": "Waiting for {s0} and {s1} to sign",
    "three-legged-kitty": "Waiting for {s0}, {s1} and {s2} to sign",
    "ascot": "Waiting for {s0}, {s1}, {s2} and {s3} to sign",
    "cutthroat-pinochle": "Waiting for {s0}, {s1} and {s2} to sign",
}


def console_url(table) -> str:
    return f"/t/{table.round.tournament.slug}/round/{table.round.number}/console/"


def director_url(table) -> str:
    return f"/t/{table.round.tournament.slug}/round/{table.round.number}/table/{table.number}/"


def needs_on(client, table) -> list[tuple[str, str, str]]:
    """The list as the director reads it: (link, text, reason) per item, in order."""
    response = client.get(console_url(table))
    assert response.status_code == 200
    html = response.content.decode()
    section = html.split('id="needs-title"', 1)[1].split("</section>", 1)[0]
    items = []
    for li in re.findall(r'<li class="need [a-z]+">(.*?)</li>', section, re.S):
        href = re.search(r'href="([^"]+)"', li)[1]
        reason = re.search(r'<span class="reason">“(.*?)”</span>', li, re.S)
        text = re.sub(r"<[^>]+>", "", li.split('<span class="reason">')[0])
        items.append(
            (href, " ".join(unescape(text).split()), unescape(reason[1]) if reason else "")
        )
    if not items:
        assert "Nothing needs you." in section
    return items


def side_names(table) -> list[str]:
    game = table.round.tournament.game
    names = [seat.entrant.name for seat in table.seats.order_by("position")]
    return [label.format(*names) for label in SIDE[game]]


@pytest.fixture(params=GAMES)
def one_table(request):
    """A table of each game that one hand (four deals at Ascot) finishes."""
    game = request.param
    options, _ = FINISHING[game]
    tournament = make_tournament(game, entrants=ONE_TABLE[game], published=True, options=options)
    return table_of(published_round(tournament))


def play_out(table) -> None:
    """Every hand entered on side 0's link and accepted on side 1's: a sheet to sign."""
    for hand in FINISHING[table.round.tournament.game][1]:
        assert enter(Client(), table, hand, side=0).status_code == 302
        assert accept_pending(Client(), table, side=1).status_code == 302


def sign_all(table) -> None:
    for seat in table.seats.order_by("position"):
        player = seat.entrant.players[0]
        data = {"player": player, "typed": player}
        assert Client().post(side_link(table, seat.position) + "sign/", data).status_code == 302


def test_nothing_needs_the_director_on_a_fresh_round(director_client, one_table):
    assert needs_on(director_client, one_table) == []


def test_a_disputed_hand_shows_with_the_sides_reason_until_the_director_corrects_it(
    director_client, one_table
):
    table = one_table
    game = table.round.tournament.game
    hand = FINISHING[game][1][0]
    assert enter(Client(), table, hand, side=0).status_code == 302
    waiting = Hand.objects.get(table=table)
    data = {"hand": waiting.pk, "version": waiting.version, "reason": "We took 9 books, not 8"}
    assert Client().post(side_link(table, 1) + "dispute/", data).status_code == 302
    disputer = side_names(table)[1].split(" (")[0]  # the history's name: the side, not team
    assert needs_on(director_client, table) == [
        (
            director_url(table),
            f"Table 1: Hand 1 disputed by {disputer} (own link)",
            "We took 9 books, not 8",
        )
    ]
    edit = {"hand": waiting.pk, "version": waiting.version, "reason": "as the table agreed"}
    edit |= {f"edit-{k}": v for k, v in hand.items()}
    assert director_client.post(director_url(table) + "edit/", edit).status_code == 302
    # Gone (a one-hand round may now wait for its signatures instead).
    assert not [text for _, text, _ in needs_on(director_client, table) if "disputed" in text]


def test_a_dispute_without_a_reason_says_so(director_client, one_table):
    table = one_table
    assert enter(Client(), table, FINISHING[table.round.tournament.game][1][0]).status_code == 302
    waiting = Hand.objects.get(table=table)
    data = {"hand": waiting.pk, "version": waiting.version, "reason": ""}
    assert Client().post(side_link(table, 1) + "dispute/", data).status_code == 302
    [(_, text, reason)] = needs_on(director_client, table)
    assert text.endswith("(own link), no reason given") and reason == ""


def test_a_sheet_waiting_for_signatures_names_the_sides_that_have_not_signed(
    director_client, one_table
):
    table = one_table
    game = table.round.tournament.game
    play_out(table)
    names = side_names(table)
    expected = WAITING_ALL[game].format(**{f"s{i}": name for i, name in enumerate(names)})
    assert needs_on(director_client, table) == [(director_url(table), f"Table 1: {expected}", "")]
    player = table.seats.get(position=0).entrant.players[0]
    data = {"player": player, "typed": player}
    assert Client().post(side_link(table, 0) + "sign/", data).status_code == 302
    rest = names[1:]
    waiting = rest[0] if len(rest) == 1 else ", ".join(rest[:-1]) + " and " + rest[-1]
    assert needs_on(director_client, table) == [
        (director_url(table), f"Table 1: Waiting for {waiting} to sign", "")
    ]
    sign_all(table)
    assert needs_on(director_client, table) == []


def test_a_correction_request_shows_with_its_side_and_reason_until_answered(
    director_client, one_table
):
    table = one_table
    play_out(table)
    sign_all(table)
    reason = "Hand 1: we took 8 books, not 7"
    assert Client().post(side_link(table, 1) + "correction/", {"reason": reason}).status_code == 302
    side = side_names(table)[1]
    assert needs_on(director_client, table) == [
        (director_url(table), f"Table 1: {side} asked for a correction", reason)
    ]
    asked = CorrectionRequest.objects.get()
    answer = {"request": asked.pk, "answer": "The sheet is right: 7 books."}
    assert (
        director_client.post(director_url(table) + "answer-correction/", answer).status_code == 302
    )
    assert needs_on(director_client, table) == []


def test_the_table_page_shows_a_correction_asked_and_reads_none_before_one_is(
    director_client, one_table
):
    """Every side's page and the director's list the request with its reason; a table
    where none was asked (every table until its sheet is signed) is not read for them.
    Before, a side's page offers to ask and the director's has nothing to say of it."""
    table = one_table
    pages = [side_link(table, seat.position) for seat in table.seats.all()]
    pages.append(director_url(table))
    play_out(table)
    sign_all(table)
    for url in pages:
        with CaptureQueriesContext(connection) as read:
            page = director_client.get(url) if url.startswith("/t/") else Client().get(url)
        offered = "Ask for a correction" in page.content.decode()
        assert offered == (url != director_url(table))
        assert ("Corrections after signing" in page.content.decode()) == offered
        assert not [q for q in read.captured_queries if "correctionrequest" in q["sql"]]
    reason = "Hand 1: we took 8 books, not 7"
    assert Client().post(side_link(table, 1) + "correction/", {"reason": reason}).status_code == 302
    for url in pages:
        page = director_client.get(url) if url.startswith("/t/") else Client().get(url)
        assert f" asked: “{reason}”" in unescape(page.content.decode())


def test_a_table_with_no_hand_after_the_games_minutes_is_late_until_a_hand_is_in(
    director_client, one_table
):
    table = one_table
    game = table.round.tournament.game
    Round.objects.filter(pk=table.round_id).update(started=timezone.now() - timedelta(minutes=4))
    assert needs_on(director_client, table) == []  # within the five minutes
    Round.objects.filter(pk=table.round_id).update(started=timezone.now() - timedelta(minutes=6))
    assert needs_on(director_client, table) == [(director_url(table), f"Table 1: {LATE[game]}", "")]
    assert enter(Client(), table, FINISHING[game][1][0], side=0).status_code == 302
    assert needs_on(director_client, table) == []


@pytest.mark.parametrize("game", GAMES)
def test_the_list_puts_the_most_urgent_first(director_client, game):
    """A dispute, then a late table, then a correction asked, then a sheet to sign."""
    options, hands = FINISHING[game]
    tournament = make_tournament(
        game, entrants=4 * ONE_TABLE[game], published=True, options=options
    )
    round_ = published_round(tournament)
    disputed, to_sign, asked, late = (table_of(round_, n) for n in (1, 2, 3, 4))
    for table in (to_sign, asked):
        play_out(table)
    sign_all(asked)
    reason = "The last hand was ours"
    assert Client().post(side_link(asked, 0) + "correction/", {"reason": reason}).status_code == 302
    assert enter(Client(), disputed, hands[0], side=0).status_code == 302
    hand = Hand.objects.get(table=disputed)
    data = {"hand": hand.pk, "version": hand.version, "reason": "Not what we played"}
    assert Client().post(side_link(disputed, 1) + "dispute/", data).status_code == 302
    Round.objects.filter(pk=round_.pk).update(started=timezone.now() - timedelta(minutes=30))
    listed = needs_on(director_client, disputed)
    assert [href for href, _, _ in listed] == [
        director_url(disputed),
        director_url(late),
        director_url(asked),
        director_url(to_sign),
    ]
    assert [text.split(": ", 1)[1].split(" ")[0] for _, text, _ in listed] == [
        "Hand",
        "No",
        side_names(asked)[0].split(" ")[0],
        "Waiting",
    ]
    assert [reason for _, _, reason in listed] == ["Not what we played", "", reason, ""]


# -- the clock ----------------------------------------------------------------------------


def test_publishing_leaves_the_clock_for_the_director_to_start(director_client, one_table):
    table = one_table
    round_ = table.round
    round_.refresh_from_db()
    assert round_.started is None
    html = director_client.get(console_url(table)).content.decode()
    assert "Start the clock" in html and "Clock started" not in html
    url = console_url(table) + "start-clock/"
    assert director_client.post(url).status_code == 302
    round_.refresh_from_db()
    first = round_.started
    assert first is not None and abs((timezone.now() - first).total_seconds()) < 60
    html = director_client.get(console_url(table)).content.decode()
    local = timezone.localtime(first).strftime("%H:%M")
    assert f"Clock started {local}</strong>, under a minute ago" in html
    assert "Start the clock" not in html


def test_starting_the_clock_twice_keeps_the_first_start(director_client, one_table):
    table = one_table
    started = timezone.now() - timedelta(minutes=23)
    Round.objects.filter(pk=table.round_id).update(started=started)
    assert director_client.post(console_url(table) + "start-clock/").status_code == 302
    assert Round.objects.get(pk=table.round_id).started == started
    html = director_client.get(console_url(table)).content.decode()
    assert (
        f"Clock started {timezone.localtime(started).strftime('%H:%M')}</strong>, 23 min ago"
        in (html)
    )


def test_the_clock_is_started_by_post_only_and_never_on_a_draft(director_client, kitty):
    from draw.rounds import draw_next_round

    draft = draw_next_round(kitty, seed=1)
    url = f"/t/{kitty.slug}/round/{draft.number}/console/start-clock/"
    assert director_client.get(url).status_code == 405
    response = director_client.post(url)
    assert response.status_code == 409 and "publish it before" in response.content.decode()
    draft.refresh_from_db()
    assert draft.started is None


def test_the_clock_counts_late_tables_from_the_directors_start(director_client, kitty):
    round_ = published_round(kitty)
    table = table_of(round_)
    entry.enter_hand(
        table,
        {"bidding_team": 0, "level": 5, "form": "plain", "books": 12},
        actor=entry.Actor(side=0),
        nonce="t1",
        slot=(1, 1),
    )
    Round.objects.filter(pk=round_.pk).update(started=timezone.now() - timedelta(minutes=6))
    listed = needs_on(director_client, table)
    # Tables 2-4 have no hand: late; table 1 has one waiting, which is not late.
    assert [href.rstrip("/").rsplit("/", 1)[1] for href, _, _ in listed] == ["2", "3", "4"]


def test_the_clock_says_hours_past_the_hour(director_client, one_table):
    table = one_table
    started = timezone.now() - timedelta(minutes=95)
    Round.objects.filter(pk=table.round_id).update(started=started)
    html = director_client.get(console_url(table)).content.decode()
    local = timezone.localtime(started).strftime("%H:%M")
    assert f"Clock started {local}</strong>, 1 h 35 min ago" in html
