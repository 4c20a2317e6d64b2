"""Every kind of page of a night, on a phone, through axe-core's checks (issue 47), for each
of the four games: the demo's nights, with a hand waiting to be accepted at a table of the
newest round. A finding axe-core rates serious or critical, a repeated id or a label for
nothing fails the test, each one named by its rule, impact, element and page; every finding
of a night, of any impact, is written to test-artifacts/axe/<night>.json for a reviewer."""

from __future__ import annotations

import json
import random
import re
from dataclasses import asdict

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from demo.demo import DEMO_SLUGS, build_demo
from demo.hands import ascot_hand, kitty_hand, pinochle_hand, three_legged_hand
from scoring import entry
from scoring.models import Hand
from tests.browser import axe
from tests.browser.conftest import ARTIFACTS, PHONE, opened
from tests.browser.steps import log_in, make_director
from tests.support.helpers import side_link
from tournament import own_links
from tournament.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

REPORTS = ARTIFACTS.parent / "axe"
DEALS = {
    "friday-night-kitty": lambda rng, number, size: kitty_hand(rng),
    "sunday-three-legged": three_legged_hand,
    "ascot-wednesday": ascot_hand,
    "pinochle-thursday": pinochle_hand,
}


def waiting_hand(tournament: Tournament) -> Hand:
    """A hand waiting to be accepted at a table of the newest round: the demo's own, else
    one entered at a table still playing, as its dealer's side would."""
    round_ = tournament.round_set.order_by("-number").first()
    waiting = Hand.objects.filter(table__round=round_, status=Hand.Status.ENTERED).first()
    if waiting is not None:
        return waiting
    for table in round_.tables.order_by("number"):
        slot = entry.next_slot(entry.table_result(table))
        if slot is not None:
            size = table.seats.count()
            hand = DEALS[tournament.slug](random.Random(1), slot[0], size)
            side = entry.Actor(side=slot[0] % size)
            return entry.enter_hand(table, hand, actor=side, nonce="a11y-waiting", slot=slot)
    raise AssertionError(f"no table of {tournament.slug} is still playing")


# The four nights in one test: the demo is built once (its club's weeks gone by are a dozen
# nights played hand by hand, 7 s), where a test a night built it four times over.
@pytest.mark.timeout(600)
def test_every_page_of_each_night_passes_axe_core_on_a_phone(browser, live_server):
    make_director()
    build_demo()
    failed = {}
    for slug in DEMO_SLUGS:
        found = night_findings(browser, live_server, slug)
        REPORTS.mkdir(parents=True, exist_ok=True)
        report = {"counts": axe.by_impact(found), "findings": [asdict(f) for f in found]}
        (REPORTS / f"{slug}.json").write_text(json.dumps(report, indent=1), encoding="utf-8")
        failed[slug] = axe.failing(found)
    said = [
        f"{slug}: {len(f)} findings:\n" + "\n".join(map(str, f)) for slug, f in failed.items() if f
    ]
    assert not said, "\n".join(said)


def night_findings(browser, live_server, slug: str) -> list[axe.Finding]:
    """What axe-core finds on every kind of page of the night, on a phone."""
    tournament = Tournament.objects.get(slug=slug)
    hand = waiting_hand(tournament)
    table, round_ = hand.table, hand.table.round
    others = [s for s in table.seats.order_by("position") if s.position != hand.entered_by]
    links = own_links.links_for([others[0].entrant], tournament.is_partnership)
    own = own_links.own_path(next(iter(links.values())).token)
    args = [slug, round_.number]
    found: list[axe.Finding] = []

    for context in opened(browser, live_server, viewport=PHONE, is_mobile=True, has_touch=True):
        page = context.new_page()
        # Each side's phone at the table with the hand waiting, then a player's own link:
        # a phone that may dispute the hand offers it for its own side first, before the
        # sides that would need their PIN typed on it.
        for url in [side_link(table, seat.position) for seat in others] + [own]:
            found += seen(page, url)
            mine = page.locator("p.you strong").inner_text()
            disputes = page.get_by_role("button", name=re.compile(r"^Dispute as "))
            expect(disputes.first).to_have_text(f"Dispute as {mine}")
        found += seen(page, side_link(table, hand.entered_by))
        # A refused form: a wrong PIN typed to accept for another side on the entering phone.
        group = page.get_by_role("group", name=re.compile("accepts on this phone")).first
        group.get_by_label("PIN").fill("000 000")
        group.get_by_role("button", name="Accept as").tap()
        expect(page.locator(".field.has-error")).to_be_visible()
        found += axe.findings(page)
        # What anyone in the room reads.
        for name, where in [
            ("tournament", [slug]),
            ("pairings", args),
            ("standings", [slug]),
            ("standings_projector", [slug]),
            ("standings_entrant", [slug, others[0].entrant_id]),
            ("sheet_check", [slug]),
            ("self_checkin", [slug]),
        ]:
            found += seen(page, reverse(name, args=where))
        # The director's pages.
        log_in(page, lambda *shown, **options: None)
        for name in ("tournament", "rounds", "checkin", "standings"):
            found += seen(page, reverse(name, args=[slug]))
        found += seen(page, reverse("round", args=args))
        found += seen(page, reverse("console", args=args))
        for at in round_.tables.order_by("number"):
            found += seen(page, reverse("director_table", args=[*args, at.number]))
    return found


def seen(page, url: str) -> list[axe.Finding]:
    """The page at `url` once it shows, through axe-core."""
    page.goto(url)
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    return axe.findings(page)
