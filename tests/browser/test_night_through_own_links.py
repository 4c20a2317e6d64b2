"""A night played through the players' own links only, in a real browser, for each of the
four games: no table card is scanned. Every player opens their own link once (the QR code
of the check-in codes), checks in with one tap, and from then on their phone shows their
table by itself each round. The director draws, announces, starts the clock and answers a
call; the players enter, accept and sign on their own phones.

It also counts what a player does from walking in to entering hand 1 of round 2, with
their own link and with the table cards (the way before): printed as a figure, and the
own link must take fewer steps.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import Page, expect

from scoring.models import Hand
from tests.browser import steps
from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support.helpers import FINISHING, SIMPLE_HAND, accepted_hands, sign_every_side
from tournament import own_links
from tournament.models import Entrant, Round

# The pages ask every second (tests/browser/conftest.py): a night waits on page after page.
pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("quick_polls")]

# What a page shows by itself shows within two polls of the real interval (5 s) and a margin.
BY_ITSELF = 12_000


@dataclass
class Player:
    """One player's phone, counting what they do: each address opened (a QR code scanned
    or a link typed) and each tap; filling a hand's fields is counted apart."""

    name: str
    page: Page
    scans: int = 0
    taps: int = 0
    log: list[str] = field(default_factory=list)

    def scan(self, url: str) -> None:
        self.scans += 1
        self.log.append(f"scan {url.split('/')[1]}")
        self.page.goto(url)

    def tap(self, locator, what: str) -> None:
        self.taps += 1
        self.log.append(f"tap {what}")
        locator.tap()

    @property
    def steps(self) -> int:
        return self.scans + self.taps


def fill_hand(page: Page, hand: dict) -> None:
    """The hand's facts into the entry form, by the fields' names, as a phone fills them."""
    form = steps.entry_form(page)
    for name, value in hand.items():
        box = form.locator(f"[name={name}]")
        kind = box.first.get_attribute("type")
        if kind == "radio":
            form.locator(f"label:has(input[name={name}][value='{value}'])").tap()
        elif kind == "checkbox":
            box.first.check()
        elif box.first.evaluate("e => e.tagName") == "SELECT":
            box.select_option(str(value))
        else:
            box.fill(str(value))
            box.dispatch_event("change")


def enter_hand(player: Player, number: int, hand: dict) -> None:
    fill_hand(player.page, hand)
    button = steps.entry_form(player.page).get_by_role("button", name=f"Enter hand {number}")
    player.tap(button, f"enter hand {number}")
    expect(player.page.get_by_text(f"Hand {number} stored")).to_be_visible()


def draw_and_publish(page: Page, slug: str, number: int) -> None:
    page.goto(f"/t/{slug}/rounds/")
    page.get_by_role("button", name="Draw the next round").click()
    expect(page.get_by_text(f"Drew a draft of round {number}")).to_be_visible()
    page.get_by_role("button", name=f"Publish round {number}", exact=True).click()
    expect(page.get_by_text(f"Published round {number}")).to_be_visible()


def seat_of(entrant: Entrant, number: int):
    return entrant.seats.select_related("table").get(table__round__number=number)


@pytest.mark.parametrize("game", GAMES)
def test_a_night_through_own_links_only(game, new_phone, director_context, shots):
    options, hands = FINISHING[game]
    size = ONE_TABLE[game]
    steps.make_director()  # before the night: it runs it
    tournament = make_tournament(
        game,
        entrants=2 * size,
        published=True,
        self_checkin=True,
        options=options,
        rounds=2,
        round_minutes=45,
    )
    Entrant.objects.filter(tournament=tournament).update(checked_in=False)
    entrants = list(tournament.entrants.order_by("order"))
    links = own_links.links_for(entrants, tournament.is_partnership)
    director = director_context.new_page()
    steps.log_in(director, shots)
    slug = tournament.slug

    pages = [new_phone() for _ in entrants]
    players = [
        Player(own_links.player_name(e, 1, tournament.is_partnership), page)
        for e, page in zip(entrants, pages, strict=True)
    ]
    # Walking in: each opens their own link (the check-in codes' QR) and taps once.
    for entrant, player in zip(entrants, players, strict=True):
        player.scan(f"/p/{links[(entrant.pk, 1)].token}/")
        expect(player.page.get_by_text("Not checked in yet")).to_be_visible()
        player.tap(player.page.get_by_role("button", name="I am here: check me in"), "check in")
        expect(player.page.get_by_text("Checked in", exact=True)).to_be_visible()
    shots(players[0].page, "own-link-checked-in")

    # Round 1 is published: every phone shows its table by itself, and buzzes.
    draw_and_publish(director, slug, 1)
    first = Round.objects.get(tournament=tournament, number=1)
    for entrant, player in zip(entrants, players, strict=True):
        seat = seat_of(entrant, 1)
        expect(player.page.locator(".own-strip")).to_contain_text(
            f"table {seat.table.number}", timeout=BY_ITSELF
        )
        expect(player.page.locator("html")).to_have_attribute(
            "data-alerted", f"r1-t{seat.table.number}"
        )
    shots(players[0].page, "own-link-round-1-table")

    # The director starts the clock and announces: every phone shows both by itself.
    director.goto(f"/t/{slug}/round/1/console/")
    director.get_by_role("button", name="Start the clock").click()
    director.get_by_label("Announce to every phone").fill("Coffee is on in the back room")
    director.get_by_role("button", name="Announce", exact=True).click()
    for player in players:
        expect(player.page.get_by_text("Coffee is on in the back room")).to_be_visible(
            timeout=BY_ITSELF
        )
        expect(player.page.locator(".round-clock time")).to_have_text(re.compile(r"left$"))
    shots(players[0].page, "own-link-clock-and-news")

    # Table 1 plays its round on the players' own phones; table 2 plays it through.
    at_table = {
        seat.position: players[entrants.index(seat.entrant)]
        for seat in first.tables.get(number=1).seats.select_related("entrant")
    }
    # A player at table 1 calls the director from their own link; the console shows it by
    # itself, the director answers, and the phone stops saying the director is on the way.
    caller = at_table[1]
    call = caller.page.locator("#call")
    call.locator("summary").click()
    call.locator("label.choice").filter(has_text="A misdeal").click()
    call.get_by_role("button", name="Call the director").click()
    on_the_way = caller.page.get_by_text("The director is on the way")
    expect(on_the_way).to_be_visible()
    shots(caller.page, "own-link-director-called")
    needs = director.locator("section.needs")
    expect(needs).to_contain_text("Table 1", timeout=2 * BY_ITSELF)  # the console's poll
    expect(needs).to_contain_text("A misdeal")
    shots(director, "console-call")
    needs.get_by_role("button", name="Answered").click()
    expect(on_the_way).to_have_count(0, timeout=BY_ITSELF)

    for number, hand in enumerate(hands, start=1):
        by, ok = at_table[0], at_table[1]
        enter_hand(by, number, hand)
        heading = ok.page.get_by_role("heading", name=f"Hand {number}: check and accept")
        expect(heading).to_be_visible(timeout=BY_ITSELF)  # the other phone's next poll
        ok.tap(
            ok.page.get_by_role("button", name=re.compile(r"^Accept as ")).first,
            f"accept hand {number}",
        )
        expect(ok.page.get_by_text(f"Hand {number} accepted.")).to_be_visible()
    table1 = first.tables.get(number=1)
    assert Hand.objects.filter(table=table1, status=Hand.Status.ACCEPTED).count() == len(hands)
    for player in at_table.values():
        page = player.page
        group = page.get_by_role("group", name=re.compile(r" signs$"))
        expect(group).to_be_visible(timeout=BY_ITSELF)
        radio = group.get_by_role("radio").first
        radio.tap()
        signer = radio.get_attribute("value")
        group.get_by_label("Type the chosen player's name").fill(signer)
        player.tap(group.get_by_role("button", name=re.compile(r"^Sign for ")), "sign")
        expect(page.get_by_text("Signed.", exact=True)).to_be_visible()
    table2 = first.tables.get(number=2)
    accepted_hands(table2, hands)
    sign_every_side(table2)
    shots(at_table[0].page, "own-link-round-1-signed")

    # Round 2: every phone moves to its new table by itself; hand 1 is entered there.
    draw_and_publish(director, slug, 2)
    walker = at_table[0]
    entrant = entrants[players.index(walker)]
    seat = seat_of(entrant, 2)
    # Waited on by the round's name: a player drawn at the same table number again shows it
    # before the poll brings round 2.
    expect(walker.page.locator(".own-strip")).to_contain_text("Round 2", timeout=BY_ITSELF)
    expect(walker.page.locator(".own-strip")).to_contain_text(f"table {seat.table.number}")
    enter_hand(walker, 1, SIMPLE_HAND[game] if game != "ascot" else hands[0])
    assert Hand.objects.filter(table=seat.table, number=1).exists()
    shots(walker.page, "own-link-round-2-hand-1")
    print(
        f"\n{game}: own link, walking in to hand 1 of round 2: {walker.scans} scan(s), "
        f"{walker.taps} tap(s) ({', '.join(walker.log)})"
    )
    assert walker.scans == 1


@pytest.mark.parametrize("game", GAMES)
def test_the_table_cards_way_takes_a_scan_each_round(game, browser, live_server, phone_context):
    """The way before own links, for the figure to compare with: the team's check-in code,
    then each round's table card, scanned at the table."""
    from tests.support.helpers import published_round

    options, hands = FINISHING[game]
    size = ONE_TABLE[game]
    tournament = make_tournament(
        game, entrants=size, published=True, self_checkin=True, options=options, rounds=2
    )
    Entrant.objects.filter(tournament=tournament).update(checked_in=False)
    entrant = tournament.entrants.order_by("order").first()
    player = Player(entrant.players[0], phone_context.new_page())
    player.scan(f"/t/{tournament.slug}/checkin/me/{entrant.checkin_token}/")
    player.tap(player.page.get_by_role("button", name=re.compile("Tap to check in")), "check in")
    expect(player.page.get_by_text("Checked in", exact=True)).to_be_visible()
    Entrant.objects.filter(tournament=tournament).update(checked_in=True)
    for number in (1, 2):
        round_ = published_round(tournament, seed=number)
        seat = seat_of(entrant, number)
        player.scan(f"/s/{seat.token}/")  # the table card's QR code for their side
        if number == 2:
            enter_hand(player, 1, SIMPLE_HAND[game] if game != "ascot" else hands[0])
            break
        table = round_.tables.get(number=seat.table.number)
        accepted_hands(table, hands)  # the same play as with the own link:
        player.taps += len(hands)  # each hand entered or accepted on this phone, one tap
        sign_every_side(table)
        player.taps += 1  # signed on this phone
    print(
        f"\n{game}: table cards, walking in to hand 1 of round 2: {player.scans} scan(s), "
        f"{player.taps} tap(s) ({', '.join(player.log)})"
    )
    assert player.scans == 3
