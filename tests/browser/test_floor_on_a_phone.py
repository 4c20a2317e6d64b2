"""The floor of the night on a side's phone, in a real chromium: the round's clock counts
down by itself to "Time is up" with no request to the server, the side calls the
director, and the director's announcement and answer arrive at the next poll, without a
reload.

The clock, the news and the call's answer are the round's and the night's, the same in
every game, so each test plays one game (a different one each); what a call offers in
each game is tests/tables/test_call_the_director.py's."""

from __future__ import annotations

import re
import time
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect

from scoring import calls, entry
from tests.browser import steps
from tests.conftest import ONE_TABLE, make_tournament
from tests.support.helpers import published_round, side_link, table_of
from tournament import news
from tournament.models import Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CLAIM = {
    "columbus-6-card-kitty": "A renege claim",
    "three-legged-kitty": "A renege claim",
    "ascot": "A revoke claim",
    "cutthroat-pinochle": "A renege claim",
}


@pytest.mark.parametrize("game", ["ascot"])
def test_the_clock_counts_down_and_the_news_arrives_by_itself(phone_context, shots, game):
    tournament = make_tournament(game, entrants=ONE_TABLE[game], published=True, round_minutes=30)
    table = table_of(published_round(tournament))
    # Six seconds of the round's thirty minutes are left.
    started = timezone.now() - timedelta(minutes=30) + timedelta(seconds=6)
    Round.objects.filter(pk=table.round_id).update(started=started)
    phone = phone_context.new_page()
    asked = []
    phone.on("request", lambda request: asked.append(request.url))
    phone.goto(side_link(table, 1))
    clock = phone.locator(".round-clock time")
    expect(clock).to_have_text(re.compile(r"^[1-6] s left$"))
    phone.wait_for_load_state("networkidle")
    polls = len(asked)
    seen = []
    deadline = time.monotonic() + 12
    while time.monotonic() < deadline and (not seen or seen[-1] != "Time is up"):
        text = clock.inner_text()
        if not seen or seen[-1] != text:
            seen.append(text)
        time.sleep(0.2)
    assert seen[-1] == "Time is up", seen
    assert len([t for t in seen if t.endswith(" s left")]) >= 3, seen  # each second
    # Counted on the phone: no request but the page's own polls (one each 5 seconds).
    assert len(asked) - polls <= 3, asked[polls:]
    shots(phone, f"{game}-time-is-up")

    call = phone.locator("#call")
    call.locator("summary").click()
    call.locator(f"label.choice:has-text('{CLAIM[game]}')").click()
    call.get_by_role("button", name="Call the director").click()
    on_the_way = phone.get_by_text("The director is on the way")
    expect(on_the_way).to_be_visible()
    expect(phone.locator("#call")).to_have_count(0)
    shots(phone, f"{game}-director-called")

    news.announce(tournament, "Coffee is on in the back room", by="td")
    director = get_user_model().objects.create_user("td-floor")
    calls.answer(table, actor=entry.Actor(user=director, label="Director td"))
    expect(phone.get_by_text("Coffee is on in the back room")).to_be_visible(timeout=15_000)
    expect(on_the_way).to_have_count(0)
    expect(phone.locator("#call")).to_have_count(1)
    shots(phone, f"{game}-news-and-answer")


@pytest.mark.parametrize("game", ["cutthroat-pinochle"])
def test_the_clock_started_arrives_alone_and_leaves_what_is_typed(phone_context, shots, game):
    """The director starts the clock while a player types a hand: at the next poll the
    phone shows the time left and when to be seated by, what was typed stays, and the
    polls after it are answered "unchanged" again."""
    tournament = make_tournament(game, entrants=ONE_TABLE[game], published=True, round_minutes=30)
    table = table_of(published_round(tournament))
    phone = phone_context.new_page()
    polls = []
    phone.on(
        "response",
        lambda response: "since=" in response.url and polls.append((response.url, response.status)),
    )
    phone.goto(side_link(table, 0))
    choice = steps.entry_form(phone).locator("label.choice").first
    choice.click()  # the hand's first choice tapped: the form is being filled in
    typed = choice.locator("input")
    expect(typed).to_be_checked()
    expect(phone.locator(".round-clock")).to_have_count(0)

    Round.objects.filter(pk=table.round_id).update(started=timezone.now())
    expect(phone.locator(".round-clock time")).to_have_text("30 min left", timeout=12_000)
    expect(phone.get_by_text("Be seated by")).to_be_visible()
    expect(typed).to_be_checked()
    expect(phone.get_by_text("The page has changed since you started typing")).to_be_hidden()
    shots(phone, f"{game}-clock-started")
    swapped = len(polls)
    deadline = time.monotonic() + 12
    while len(polls) == swapped and time.monotonic() < deadline:
        phone.wait_for_timeout(200)
    assert polls[swapped][1] == 204 and "clock=" in polls[swapped][0], polls
