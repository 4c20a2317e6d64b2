"""An Ascot night in a real browser: eight players at two tables of four, Ramsch and
Seeger-Fabian on. At a table of four the dealer sits out each deal (kitty-skat.txt, "For
four players"); the deal passes clockwise from seat 1, so over four deals everyone deals once.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scoring.results import results_for
from tests.browser import steps
from tournament.models import Tournament

pytestmark = pytest.mark.browser

NAME = "Ascot Thursday"
PLAYERS = [
    "Ada Quill",
    "Basil Stroud",
    "Cleo Marsh",
    "Dev Okafor",
    "Edie Lund",
    "Finn Roper",
    "Gus Hale",
    "Hana Ito",
]
GAME_LABELS = {
    "suit": "Suit (a trump suit)",
    "grand": "Grand (only the Jacks are trump)",
    "null": "Null (lose every trick)",
}
DECLARED = {"kitty_free": "KittyFree", "contra": "Contra", "redouble": "Redouble"}

# Table 1's four deals through the phone, seats 0-3. Deal n is dealt by seat (n - 1) % 4, who
# sits out and keeps the score: the dealer enters each deal. With Ramsch the minimum bid is 75
# and Contra needs 80 (Ramsch rules (a), (b)). Seeger-Fabian: +50 to a declarer who makes it;
# a lost game -50 to the declarer and +30 to each of the three others at four (the dealer too).
DEALS = [
    # Deal 1, seat 0 deals. Three passes: Ramsch. Card points 45 / 30 / 45 (120 in all): both
    # tied highest have 45 subtracted (Ramsch rule (c)). No declarer, so no Seeger-Fabian.
    {"ramsch": {1: 45, 2: 30, 3: 45}, "accepted_by": 2, "points": (0, -45, 0, -45)},
    # Deal 2, seat 1 deals. Seat 2 plays Null on 75 and takes no trick: +75 (declaration 4),
    # Seeger-Fabian +50: 125.
    {
        "declarer": 2,
        "bid": 75,
        "game": "null",
        "tricks": 0,
        "accepted_by": 3,
        "points": (0, 0, 125, 0),
    },
    # Deal 3, seat 2 deals. Seat 3 plays Grand KittyFree on 100 with Contra and Redouble,
    # 70 card points: 70 >= 60, so the bonus counts, 70 + 55 = 125 >= 100, made;
    # x4 for Redouble = 500; Seeger-Fabian +50 (never multiplied): 550.
    # First entered as 45 card points (45 < 60: no bonus, 45 < 100: lost, -120 x 4 - 50), the
    # declarer disputes it and the dealer corrects it.
    {
        "declarer": 3,
        "bid": 100,
        "game": "grand",
        "kitty_free": True,
        "contra": True,
        "redouble": True,
        "card_points": 45,
        "corrected": 70,
        "accepted_by": 3,
        "points": (0, 0, 0, 550),
    },
    # Deal 4, seat 3 deals. Seat 0 plays a suit game on 90 with 80 card points: 80 < 90, lost:
    # -120, Seeger-Fabian -50 = -170; +30 to each of the three others, the dealer included.
    {
        "declarer": 0,
        "bid": 90,
        "game": "suit",
        "card_points": 80,
        "accepted_by": 1,
        "points": (-170, 30, 30, 30),
    },
]
# The director then rules that seat 1 passed out of turn in deal 4: -10, not multiplied.
# Totals: seat 0: -170; seat 1: -45 + 30 - 10 = -25; seat 2: 125 + 30 = 155;
# seat 3: -45 + 550 + 30 = 535. Seat 3 wins.
TOTALS = (-170, -25, 155, 535)

# Table 2, finished as its phone would have (not the flow under test); deal n dealt by seat
# (n - 1) % 4, who never declares:
OTHER_TABLE = [
    # seat 1, suit on 80, 85 card points: made, 85 + 50 = 135
    {"declarer": 1, "bid": 80, "game": "suit", "card_points": 85},
    # seat 2, suit on 80 with Contra, 61 card points: lost, -120 x 2 - 50 = -290;
    # +30 to seats 0, 1, 3
    {"declarer": 2, "bid": 80, "game": "suit", "contra": True, "card_points": 61},
    # seat 3, Grand on 90, 60 card points: 60 + 40 = 100, made, 100 + 50 = 150
    {"declarer": 3, "bid": 90, "game": "grand", "card_points": 60},
    # seat 0, suit on 75, 78 card points: made, 78 + 50 = 128
    {"declarer": 0, "bid": 75, "game": "suit", "card_points": 78},
]
# Totals: seat 0: 30 + 128 = 158; seat 1: 135 + 30 = 165; seat 2: -290; seat 3: 30 + 150 = 180.

# The standings, ranked by Seeger-Fabian (the total with the bonuses), then games won, then
# games lost (fewest): (table, seat, Seeger-Fabian, games won, games lost, score without the
# bonuses, rounds won). Score = total - Seeger-Fabian part:
#   table 1 seat 3: 535 - (50 + 30) = 455     table 2 seat 3: 180 - (30 + 50) = 100
#   table 2 seat 1: 165 - (50 + 30) = 85      table 2 seat 0: 158 - (30 + 50) = 78
#   table 1 seat 2: 155 - (50 + 30) = 75      table 1 seat 1: -25 - 30 = -55
#   table 1 seat 0: -170 - (-50) = -120       table 2 seat 2: -290 - (-50) = -240
STANDINGS = [
    (1, 3, 535, 1, 0, 455, 1),
    (2, 3, 180, 1, 0, 100, 1),
    (2, 1, 165, 1, 0, 85, 0),
    (2, 0, 158, 1, 0, 78, 0),
    (1, 2, 155, 1, 0, 75, 0),
    (1, 1, -25, 0, 0, -55, 0),
    (1, 0, -170, 0, 1, -120, 0),
    (2, 2, -290, 0, 1, -240, 0),
]


def record(deal: dict) -> dict:
    """A table-2 deal as the entry form stores it."""
    return {
        "passed_out": False,
        "kitty_free": False,
        "contra": False,
        "redouble": False,
        "tricks": None,
        **deal,
    }


def tick(scope, label: str) -> None:
    box = scope.get_by_role("checkbox", name=label, exact=True)
    box.tap()
    expect(box).to_be_checked()


def fill_deal(form, deal: dict, seated: list[str]) -> None:
    """Tap and type one deal into an entry (or correction) form."""
    if "ramsch" in deal:
        tick(form, "Passed out")
        for seat, points in deal["ramsch"].items():
            steps.type_in(form, f"Ramsch card points: {seated[seat]}", points)
        return
    steps.tap_choice(form, "Declarer", seated[deal["declarer"]])
    steps.type_in(form, "Bid", deal["bid"])
    steps.tap_choice(form, "Game", GAME_LABELS[deal["game"]])
    for fact, label in DECLARED.items():
        if deal.get(fact):
            tick(form, label)
    if deal["game"] == "null":
        steps.tap_choice(form, "Declarer's tricks (Null)", str(deal["tricks"]))
    else:
        steps.type_in(form, "Declarer's card points", deal["card_points"])


def test_an_ascot_night(director_context, new_phone, shots, tmp_path):
    steps.make_director()
    director = director_context.new_page()
    steps.log_in(director, shots)
    slug = steps.new_tournament(director, shots, name=NAME, game="Ascot", rounds=1)
    steps.game_options(
        director,
        shots,
        name=NAME,
        game="Ascot",
        numbers={"Deals per round": 4},
        ticks=("Ramsch", "Seeger-Fabian scoring"),
    )
    tournament = Tournament.objects.get(slug=slug)
    assert tournament.game == "ascot"
    assert tournament.game_options["deals"] == 4
    assert tournament.game_options["ramsch"] and tournament.game_options["seeger_fabian"]

    csv_file = tmp_path / "players.csv"
    csv_file.write_text("name\n" + "".join(f"{p}\n" for p in PLAYERS), encoding="utf-8")
    steps.import_entrants(director, shots, slug, csv_file, len(PLAYERS))
    steps.check_in_everyone(director, shots, slug, PLAYERS)
    steps.draw_and_publish(director, shots, slug, 1)
    first = tournament.round_set.get(number=1)
    # Eight players: two tables of four, nobody sits out the round.
    assert [t.seats.count() for t in first.tables.all()] == [4, 4]

    links = steps.side_links(director, slug, 1, 1)
    table = first.tables.get(number=1)
    seated = steps.seated_names(table)
    assert [link.side for link in links] == seated
    pins = {link.side: link.pin for link in links}

    # Each player's own phone, on their own link.
    phones = {}
    for link in links:
        page = new_phone()
        page.goto(link.url)
        phones[link.side] = page
    phone = phones[seated[0]]
    expect(phone.get_by_role("heading", name=re.compile(r"^Table 1"))).to_be_visible()
    for seat, name in enumerate(seated, start=1):
        expect(phone.locator("ul.sides")).to_contain_text(f"{name} Seat {seat}")
    shots(phone, "phone-table-link")

    running = [0, 0, 0, 0]
    for number, deal in enumerate(DEALS, start=1):
        dealer = seated[(number - 1) % 4]
        phone = phones[dealer]  # the dealer keeps the score, on their own phone
        phone.reload()
        entry = steps.entry_form(phone)
        expect(phone.get_by_role("heading", name=f"Hand {number}", exact=True)).to_be_visible()
        expect(phone.get_by_text(f"Dealer: {dealer} (Seat {(number - 1) % 4 + 1})")).to_be_visible()
        # The dealer sits out: not offered as declarer, no Ramsch card points of their own.
        declarers = steps.field(entry, "Declarer").get_by_role("radio")
        expect(declarers).to_have_count(3)
        expect(steps.field(entry, "Declarer")).not_to_contain_text(dealer)
        expect(entry.get_by_label(f"Ramsch card points: {dealer}")).to_have_count(0)
        fill_deal(entry, deal, seated)
        expect(entry.locator(".preview")).to_contain_text("Scores as:")
        shots(phone, f"phone-deal-{number}-tapped")
        entry.get_by_role("button", name=f"Enter hand {number}").tap()
        expect(phone.get_by_text(f"Hand {number} stored.")).to_be_visible()
        if "corrected" in deal:
            # The declarer took 70, not 45: he disputes on the dealer's phone with his PIN;
            # the dealer, who entered it, corrects.
            pending = phone.locator("section.pending")
            # 45 < 60: no bonus; 45 < 100: lost, -120 x 4 = -480, Seeger-Fabian -50.
            expect(pending).to_contain_text(
                "45 card points + 0 = 45, lost with Redouble ×4: "
                f"{seated[deal['declarer']]} −480; Seeger-Fabian −50, +30 to each other player"
            )
            declarer = seated[deal["declarer"]]
            pending.get_by_text("Dispute it").tap()
            objection = pending.locator("form").filter(
                has=phone.get_by_role("button", name=f"Dispute as {declarer}")
            )
            objection.get_by_label("What is wrong?").fill("70 card points, not 45")
            objection.get_by_label("PIN").fill(pins[declarer])
            objection.get_by_role("button", name=f"Dispute as {declarer}").tap()
            expect(phone.get_by_text(f"Hand {number} disputed")).to_be_visible()
            expect(phone.get_by_role("heading", name=f"Hand {number}: disputed")).to_be_visible()
            shots(phone, f"phone-deal-{number}-disputed")
            fix = pending.locator("form.hand-form")
            expect(fix.get_by_label("Declarer's card points", exact=True)).to_have_value("45")
            steps.type_in(fix, "Declarer's card points", deal["corrected"])
            fix.get_by_label("Reason", exact=True).fill("The kitty was counted twice")
            expect(fix.locator(".preview")).to_contain_text("70 card points + 55 = 125, made")
            fix.get_by_role("button", name="Save the correction").tap()
            expect(phone.get_by_text(f"Hand {number} corrected.")).to_be_visible()
            expect(phone.locator("section.pending")).to_contain_text(
                f"{declarer} Grand KittyFree bid 100: 70 card points + 55 = 125, made with "
                f"Redouble ×4: {declarer} +500; Seeger-Fabian +50"
            )
        accepter = seated[deal["accepted_by"]]
        if number % 2:  # on the dealer's phone, with the accepting player's PIN
            steps.accept(phone, number, dealer, accepter, pin=pins[accepter])
        else:  # on the accepting player's own phone
            phones[accepter].reload()
            steps.accept(phones[accepter], number, dealer, accepter)
            phone.reload()
        row = phone.locator("table.sheet tbody tr").nth(number - 1)
        expect(row).to_contain_text(f"dealt by {dealer}")
        running = [r + p for r, p in zip(running, deal["points"], strict=True)]
        steps.expect_totals(phone, running)
        expect(phone.locator("table.sheet")).not_to_contain_text("Seat")
    # -170, 30 - 45 = -15, 155, 535 before the ruling.
    assert running == [-170, -15, 155, 535]
    expect(phone.locator("table.sheet tfoot")).to_contain_text(f"winner: {seated[3]}")
    history = phone.locator("ol.history")
    expect(history).to_contain_text(
        f"{seated[3]} (PIN on {seated[2]}'s phone): disputed Hand 3 — “70 card points, not 45”"
    )
    expect(history).to_contain_text(
        f"{seated[2]} (own link): edited Hand 3 — “The kitty was counted twice”"
    )
    shots(phone, "phone-four-deals")

    # Seat 1 passed out of turn in deal 4. The director first picks the dealer by mistake.
    director.goto(f"/t/{slug}/round/1/table/1/")
    form = director.locator("form.ruling-form")
    form.get_by_label("Infraction").select_option(label="Irregularities: Bid or pass out of turn")
    hand = form.get_by_label("Hand", exact=True)
    hand.select_option(hand.locator("option", has_text="Hand 4").get_attribute("value"))
    form.get_by_label("Offending side").select_option(label=seated[3])
    form.get_by_role("button", name="Preview the ruling").click()
    # Refused, with the rule's words by the field, and nothing recorded.
    offender = steps.field(director.locator("form.ruling-form"), "Offending side")
    expect(offender).to_contain_text(
        f"{seated[3]} dealt this deal and sits out (For four players: Dealer does not play): "
        "choose a player who played."
    )
    expect(offender.get_by_role("combobox")).to_have_value("3")
    expect(director.locator(".ruling-preview")).to_have_count(0)
    expect(director.locator("ul.rulings")).to_have_count(0)
    shots(director, "director-ruling-refused")
    steps.rule(
        director,
        shots,
        infraction="Irregularities: Bid or pass out of turn",
        hand="Hand 4",
        offender=seated[1],
        choice="",
    )
    steps.expect_totals(director, TOTALS)
    expect(director.locator("ul.rulings")).to_contain_text(
        f"{seated[1]} −10 for a bid or pass out of turn, not multiplied."
    )
    shots(director, "director-table-1-after-ruling")

    phone.reload()
    steps.expect_totals(phone, TOTALS)
    for name in seated:
        phones[name].reload()
        steps.sign(phones[name], name, name)
    phone.reload()
    expect(phone.get_by_text("Signed, final")).to_be_visible()
    shots(phone, "phone-signed")
    result = results_for(tournament, tables=[table])[table.pk]
    assert result.final and result.match.totals == TOTALS

    other = first.tables.get(number=2)
    others = steps.seated_names(other)
    steps.finish_through(other, [record(d) for d in OTHER_TABLE])
    director.goto(f"/t/{slug}/round/1/console/")
    expect(director.get_by_text("2 of 2 tables signed")).to_be_visible()
    shots(director, "console-round-1-done")

    names = {1: seated, 2: others}
    shown = steps.standings_rows(director, f"/t/{slug}/standings/")
    expected = [
        {
            "Rank": str(rank),
            "Player": names[t][seat],
            "Played": "1",
            "Seeger-Fabian": str(sf),
            "Games won": str(won),
            "Games lost": str(lost),
            "Score": str(score),
            "Rounds won": str(wins),
        }
        for rank, (t, seat, sf, won, lost, score, wins) in enumerate(STANDINGS, start=1)
    ]
    assert shown == expected, shown
    shots(director, "standings")

    pages = steps.sheets_pdf(director, slug, 1, shots.folder / "round-1-sheets-signed.pdf")
    sheet = pages[0]
    assert NAME in sheet and "Round 1 · Table 1" in sheet and "FINAL" in sheet, sheet
    for name in seated:
        assert f"Signed by {name}" in sheet, (name, sheet)
    # The totals: each player's Score (the deals' scores, as the standings count it), the
    # Seeger-Fabian points apart, and both (the standings' Seeger-Fabian).
    score = {seat: score for t, seat, _, _, _, score, _ in STANDINGS if t == 1}
    total = " ".join(f"{score[s]} {t - score[s]} {t}" for s, t in enumerate(TOTALS))
    assert f"Total {total} score: the deal's score; its sum is the standings' Score." in sheet
    assert f"Winner: {seated[3]}" in sheet, sheet
    # Each row: hand, dealer, declarer, bid, taken, then each player's score for the deal,
    # its Seeger-Fabian points and the running total.
    rows = [
        f"1 {seated[0]} Ramsch – / 45 / 30 / 45 0 0 0 -45 0 -45 0 0 0 -45 0 -45",
        f"2 {seated[1]} {seated[2]} 75 null 0 tricks 0 0 0 0 0 -45 75 50 125 0 0 -45",
        f"3 {seated[2]} {seated[3]} 100 grand KittyFree Contra Re 70 card points "
        "0 0 0 0 0 -45 0 0 125 500 50 505",
        # -10 for the out-of-turn pass, and +30 Seeger-Fabian
        f"4 {seated[3]} {seated[0]} 90 suit 80 card points -120 -50 -170 -10 30 -25 0 30 155 "
        "0 30 535",
    ]
    for row in rows:
        assert row in sheet, (row, sheet)
    assert (
        f"Hand 4 · Irregularities — Bid or pass out of turn: {seated[1]} −10 for a bid or pass "
        "out of turn, not multiplied." in sheet
    ), sheet

    # The public standings on a phone: signed sheets only, the same order.
    public = steps.standings_on_phone(phone, shots, f"/t/{slug}/standings/")
    assert public == [row["Player"] for row in expected], public
