"""A whole 6 Card Kitty night in a real browser: the director's laptop and a scorer's phone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from leaderboard.board import standings_for
from scoring.models import Hand
from scoring.results import results_for
from tests.browser import steps
from tournament.models import Round, Tournament

pytestmark = pytest.mark.browser

TEAMS = [
    ("Aces High", "Ann Archer", "Al Archer"),
    ("Bower Birds", "Bea Bower", "Bob Bower"),
    ("Cat's Cradle", "Cora Cole", "Cy Cole"),
    ("Deal Makers", "Dina Dale", "Dan Dale"),
    ("Even Books", "Eve Ebert", "Ed Ebert"),
    ("Full Kitty", "Fay Finch", "Fred Finch"),
    ("Go Downtown", "Gia Grant", "Gus Grant"),
    ("High Jokers", "Renée Holm", "Hal Holm"),
]
NAMES = [team for team, _, _ in TEAMS]

# The hands at table 1, entered by North-South and accepted by East-West:
# (bidding team, bid, form, direction, books) -> points (North-South, East-West).
HANDS = [
    ("North-South", "5", "plain", None, "12", (6, 0)),
    ("East-West", "4", "no", "uptown", "10", (0, 4)),
    ("North-South", "5", "plain", None, "12", (6, 0)),
    ("East-West", "4", "no", "uptown", "10", (0, 4)),
]
FORM_LABELS = {
    "plain": "plain: names trump, high cards win (uptown)",
    "no": "no: no trump, the bidder names the direction",
}
DIRECTION_LABELS = {"uptown": "uptown (high cards win)"}

# The other tables, finished through the ORM: (bidding side, bid, books) per hand, plain.
# Every total differs, so the standings have no tie: 24-0, 5-17, 18-4 (table 1 ends 6-13).
OTHER_TABLES = {
    2: [(0, 5, 12)] * 4,
    3: [(1, 5, 12), (1, 5, 12), (0, 5, 11), (1, 5, 11)],
    4: [(0, 5, 12), (1, 4, 10), (0, 5, 12), (0, 5, 12)],
}


def finish_with_hands(table, hands: list[tuple[int, int, int]]) -> None:
    """Accepted hands and both signatures, as if the table had played it through."""
    for number, (side, level, books) in enumerate(hands, start=1):
        Hand.objects.create(
            table=table,
            number=number,
            nonce=f"orm-{table.pk}-{number}",
            record={"bidding_team": side, "level": level, "form": "plain", "books": books},
            status=Hand.Status.ACCEPTED,
            entered_by=side,
        )
    seats = table.seats.filter(position__lt=2).select_related("entrant")
    steps.sign_through(table, {seat.position: seat.entrant.player1 for seat in seats})


def pairs_of(round_: Round) -> set[frozenset[int]]:
    return {
        frozenset(table.seats.values_list("entrant_id", flat=True)) for table in round_.tables.all()
    }


def points_by_name(tournament: Tournament) -> dict[str, tuple[int, int]]:
    rows, entrants = standings_for(tournament)
    return {entrants[r.entrant].name: (r.wins, r.points) for r in rows}


def test_a_six_card_kitty_night(
    director_context, phone_context, other_phone_context, projector_context, shots, tmp_path
):
    steps.make_director()
    director = director_context.new_page()
    steps.log_in(director, shots)

    slug = steps.new_tournament(director, shots, name="Friday Kitty", game="6 Card Kitty", rounds=3)
    tournament = Tournament.objects.get(slug=slug)
    assert tournament.game == "columbus-6-card-kitty" and tournament.published

    csv_file = tmp_path / "teams.csv"
    csv_file.write_text(
        "team,player1,player2\n" + "".join(f"{t},{a},{b}\n" for t, a, b in TEAMS),
        encoding="utf-8",
    )
    steps.import_entrants(director, shots, slug, csv_file, len(TEAMS))
    steps.check_in_everyone(director, shots, slug, NAMES)
    steps.draw_and_publish(director, shots, slug, 1)
    first = tournament.round_set.get(number=1)
    assert first.tables.count() == 4 and not first.byes.exists()

    # The director's page for table 1 lists each side's link and PIN: what each side's
    # half of the table card carries, and only there (the sheet both sign has none).
    ns_link, ew_link = steps.side_links(director, slug, 1, 1)
    assert (ns_link.side, ew_link.side) == ("North-South", "East-West")
    shots(director, "director-table-1-empty")
    cards = steps.table_cards_pdf(director, slug, 1, shots.folder / "round-1-table-cards.pdf")
    for link in (ns_link, ew_link):
        assert link.url in steps.squash(cards[0]), cards[0]
        assert f"PIN {link.pin[:3]} {link.pin[3:]}" in cards[0], cards[0]
    blank = steps.sheets_pdf(director, slug, 1, shots.folder / "round-1-sheets-blank.pdf")
    assert "/s/" not in steps.squash(blank[0]), blank[0]
    table = first.tables.get(number=1)
    seats = {s.position: s.entrant for s in table.seats.select_related("entrant")}
    ns, ew = seats[0], seats[1]

    # Each side's phone: no login, only its own link.
    phone = phone_context.new_page()
    phone.goto(ns_link.url)
    expect(phone.get_by_role("heading", name=re.compile(r"^Table 1"))).to_be_visible()
    expect(phone.get_by_text("This phone scores for North-South")).to_be_visible()
    expect(phone.get_by_text(f"North-South: {ns.name}")).to_be_visible()
    expect(phone.get_by_text(f"East-West: {ew.name}")).to_be_visible()
    expect(phone.get_by_role("button", name="Log out")).to_have_count(0)
    shots(phone, "phone-table-link")
    ew_phone = other_phone_context.new_page()
    ew_phone.goto(ew_link.url)
    expect(ew_phone.get_by_text("This phone scores for East-West")).to_be_visible()

    running = [0, 0]
    for number, (bidder, level, form, direction, books, points) in enumerate(HANDS, start=1):
        entry = steps.entry_form(phone)
        expect(phone.get_by_role("heading", name=f"Hand {number}", exact=True)).to_be_visible()
        steps.tap_choice(entry, "Bidding team", bidder)
        steps.tap_choice(entry, "Bid", level)
        steps.tap_choice(entry, "Form", FORM_LABELS[form])
        if direction:
            steps.tap_choice(entry, "Direction of the “no” bid", DIRECTION_LABELS[direction])
        steps.tap_choice(entry, "Books taken by the bidding team", books)
        # The app's own reading of the hand, before it counts.
        expect(entry.locator(".preview")).to_contain_text("Scores as:")
        if number == 1:
            shots(phone, "phone-hand-1-tapped")
        entry.get_by_role("button", name=f"Enter hand {number}").tap()
        expect(phone.get_by_text(f"Hand {number} stored.")).to_be_visible()
        pending = phone.get_by_role("heading", name=f"Hand {number}: check and accept")
        expect(pending).to_be_visible()
        if number == 1:
            shots(phone, "phone-hand-1-to-accept")
        if number == 1:
            # A wrong PIN accepts nothing and says so by the field.
            group = phone.get_by_role("group", name="East-West accepts on this phone")
            group.get_by_label("PIN").fill("000000" if ew_link.pin != "000000" else "111111")
            group.get_by_role("button", name="Accept as East-West").tap()
            # Said once, by the field; the top of the page says nothing was stored.
            expect(group.get_by_text(re.compile(r"not this side's PIN"))).to_have_count(1)
            expect(phone.get_by_text(re.compile(r"not this side's PIN"))).to_have_count(1)
            expect(phone.get_by_text("Nothing was stored: see the marked fields.")).to_be_visible()
            assert Hand.objects.get(table=table, number=1).status == Hand.Status.ENTERED
            shots(phone, "phone-wrong-pin")
        if number % 2:
            # The phone passed across: East-West type their PIN on North-South's phone.
            steps.accept(phone, number, "North-South", "East-West", pin=ew_link.pin)
        else:
            ew_phone.reload()  # East-West accept on their own phone
            steps.accept(ew_phone, number, "North-South", "East-West")
            phone.reload()
        running = [running[0] + points[0], running[1] + points[1]]
        totals = phone.locator("table.sheet tfoot")
        expect(totals).to_contain_text(f"{running[0]}")
        expect(totals.locator("th.num")).to_have_text([str(running[0]), str(running[1])])

    assert running == [12, 8]
    expect(phone.locator("table.sheet tfoot")).to_contain_text(f"winner: {ns.name}")
    expect(phone.get_by_role("heading", name=re.compile("^Signatures"))).to_be_visible()
    shots(phone, "phone-four-hands")

    steps.sign(phone, "North-South", ns.player2)
    ew_phone.reload()
    steps.sign(ew_phone, "East-West", ew.player1)
    phone.reload()
    expect(phone.get_by_text("Signed, final")).to_be_visible()
    expect(steps.entry_form(phone)).to_have_count(0)
    shots(phone, "phone-signed")
    assert results_for(tournament, tables=[table])[table.pk].final

    before = points_by_name(tournament)
    assert before[ns.name] == (1, 12) and before[ew.name] == (0, 8)
    standings_url = f"/t/{slug}/standings/"
    shown = steps.standings_names(director, standings_url)
    assert shown[:2] == [ns.name, ew.name], shown
    shots(director, "standings-before-ruling")

    # East-West find a renege by North-South in hand 1: they ask for a correction on their
    # own phone, within the correction period; the console flags the table.
    ew_phone.reload()
    ew_phone.get_by_label("What should be corrected?").fill("North-South reneged in hand 1")
    ew_phone.get_by_role("button", name="Ask for a correction").tap()
    expect(ew_phone.get_by_text("Correction asked: the director has been told.")).to_be_visible()
    shots(ew_phone, "phone-correction-asked")
    director.goto(f"/t/{slug}/round/1/console/")
    expect(director.get_by_text("1 asking for a correction")).to_be_visible()
    row = director.get_by_role("row").filter(has=director.get_by_role("link", name="1", exact=True))
    expect(row).to_contain_text("correction asked")
    expect(row).to_contain_text("signed")
    expect(row.locator("td.num").last).to_have_text("12 – 8")
    shots(director, "console-table-1-signed")
    row.get_by_role("link", name="1", exact=True).click()
    expect(director.get_by_text("Signed, final")).to_be_visible()
    director.get_by_label("Reason for reopening the sheet").fill(
        "East-West found a renege in hand 1"
    )
    director.get_by_role("button", name="Reopen the sheet").click()
    expect(director.get_by_text("Reopened: every side signs again")).to_be_visible()
    steps.rule(
        director,
        shots,
        infraction="Rules 35, 37: Renege",
        hand="Hand 1",
        offender="North-South",
        choice="Move books to the other team",
    )
    # 12 - 3 = 9 books: North-South's bid of 5 is missed, East-West +5.
    totals = director.locator("table.sheet tfoot")
    expect(totals.locator("th.num")).to_have_text(["6", "13"])
    expect(totals).to_contain_text(f"winner: {ew.name}")
    rulings = director.locator("ul.rulings")
    expect(rulings).to_contain_text("Hand 1 · Rules 35, 37, Renege")
    shots(director, "director-table-1-after-renege")
    after = points_by_name(tournament)
    assert after[ns.name] == (0, 6) and after[ew.name] == (1, 13)
    shown = steps.standings_names(director, standings_url)
    assert shown[:2] == [ew.name, ns.name], shown
    shots(director, "standings-after-ruling")

    # Both phones see what changed after signing, and why; both sides sign again, the
    # second on the first's phone with its PIN.
    for page in (phone, ew_phone):
        page.reload()
        expect(page.locator("table.sheet tfoot th.num")).to_have_text(["6", "13"])
        expect(page.get_by_text("Signed, final")).to_have_count(0)
        changed = page.locator(".changed")
        expect(changed).to_contain_text("Changed after signing")
        expect(changed).to_contain_text("East-West found a renege in hand 1")
    shots(phone, "phone-changed-after-signing")
    steps.sign(phone, "North-South", ns.player1)
    steps.sign(phone, "East-West", ew.player2, pin=ew_link.pin)
    expect(phone.get_by_text("Signed, final")).to_be_visible()
    shots(phone, "phone-signed-again")

    director.goto(f"/t/{slug}/round/1/console/")
    expect(row.locator("td.num").last).to_have_text("6 – 13")
    expect(row).to_contain_text("ruling")

    # The round's sheets as the director prints them, read back.
    pages = steps.sheets_pdf(director, slug, 1, shots.folder / "round-1-sheets-signed.pdf")
    assert len(pages) == 4
    sheet = pages[0]
    assert "Friday Kitty" in sheet and "Round 1 · Table 1" in sheet and "FINAL" in sheet
    for name in (ns.name, ew.name, ns.player1, ns.player2, ew.player1, ew.player2):
        assert name in sheet, (name, sheet)
    assert f"Signed by {ns.player1}" in sheet and f"Signed by {ew.player2}" in sheet
    assert f"Total 6 13 Winner: {ew.name}" in sheet, sheet
    assert "Hand 1 · Rules 35, 37 — Renege" in sheet and "East-West +5" in sheet
    for other in (2, 3, 4):
        for seat in first.tables.get(number=other).seats.select_related("entrant"):
            assert seat.entrant.name in pages[other - 1]

    # The other tables play through (not the flow under test).
    for number, books in OTHER_TABLES.items():
        finish_with_hands(first.tables.get(number=number), books)
    first.refresh_from_db()
    director.goto(f"/t/{slug}/round/1/console/")
    expect(director.get_by_text("4 of 4 tables signed")).to_be_visible()
    expect(director.get_by_role("heading", name="Round 1 console")).to_contain_text("Complete")
    shots(director, "console-round-1-done")

    # Round 2: no pair of round 1 meets again.
    steps.draw_and_publish(director, shots, slug, 2)
    second = tournament.round_set.get(number=2)
    assert second.tables.count() == 4
    assert not pairs_of(first) & pairs_of(second)

    # The room's screen: the standings in the order the app computes them.
    rows, entrants = standings_for(tournament, only_signed=True)
    expected = [entrants[r.entrant].name for r in rows]
    assert expected[0] == first.tables.get(number=2).seats.get(position=0).entrant.name
    assert len({(r.wins, r.points) for r in rows}) == len(rows), "no tie to order by chance"
    projector = projector_context.new_page()
    assert steps.standings_names(projector, f"/t/{slug}/standings/projector/") == expected
    expect(projector.locator("tbody td").first).to_have_text("1")
    shots(projector, "projector-standings")
