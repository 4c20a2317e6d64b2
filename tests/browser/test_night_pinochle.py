"""A Cut Throat Pinochle night in a real browser: six players at two tables of three, a short
game of five hands, and a bank small enough that one player at table 2 runs out of chips.

Chips per player 60, 10 of them into the kitty: each player starts the game with 50 and the
kitty with 3 x 10 = 30 (Scoring the game). The kitty pays and is paid on bids of 35 or more.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from playwright.sync_api import expect

from scoring.results import results_for
from tests.browser import steps
from tournament.models import Tournament

pytestmark = pytest.mark.browser

NAME = "Pinochle Monday"
PLAYERS = ["Ann Abbott", "Ben Brandt", "Cass Cole", "Dot Dunn", "Eli Eames", "Flo Ford"]
CONCEDED = {
    "before": "Conceded before the widow",
    "after": "Conceded after the widow (single set)",
}
SUITS = {"spades": "Spades", "hearts": "Hearts", "clubs": "Clubs"}

# Table 1, seats 0-2. Base values (The Bid): 25-29 = 2, 30-34 = 4, 35-39 = 7, 40-44 = 10;
# spades doubles. Each hand: who enters it, who accepts it, the facts, each seat's chips.
TABLE_1 = [
    # Seat 0 bids 25 in hearts and melds 26: made on the meld alone, no play (Melds).
    # Base 2 from each other player; the kitty does not pay under 35.
    {
        "by": 0,
        "ok": 1,
        "bidder": 0,
        "bid": 25,
        "trump": "hearts",
        "meld": 26,
        "chips": (4, -2, -2),
    },
    # Seat 1 bids 30 and concedes before the widow: pays only the kitty the base, 4.
    {"by": 1, "ok": 2, "bidder": 1, "bid": 30, "conceded": "before", "chips": (0, -4, 0)},
    # Seat 2 bids 36 and concedes after the widow (single set): base 7 to each player and,
    # the bid being 35 or more, to the kitty: -21.
    {"by": 2, "ok": 0, "bidder": 2, "bid": 36, "conceded": "after", "chips": (7, 7, -21)},
    # Seat 0 bids 27 in clubs: meld 10 + 12 counters (a trick taken) = 22 < 27, a double set:
    # 2 x 2 = 4 to each player, nothing to the kitty under 35.
    {
        "by": 1,
        "ok": 2,
        "bidder": 0,
        "bid": 27,
        "trump": "clubs",
        "meld": 10,
        "counters": 12,
        "trick": True,
        "chips": (-8, 4, 4),
    },
    # Seat 1 bids 40 in spades: meld 20 + 22 counters = 42 >= 40, made. Base 10, doubled for
    # spades: 20 from each player and 20 from the kitty: +60.
    {
        "by": 2,
        "ok": 0,
        "bidder": 1,
        "bid": 40,
        "trump": "spades",
        "meld": 20,
        "counters": 22,
        "trick": True,
        "chips": (-20, 60, -20),
    },
]
# Totals: seat 0: 4 + 7 - 8 - 20 = -17; seat 1: -2 - 4 + 7 + 4 + 60 = 65;
# seat 2: -2 - 21 + 4 - 20 = -39. The kitty: 30 + 4 + 7 - 20 = 21 (chips are kept: 30 - 9).
# Nobody runs short: the lowest balance is seat 2's 50 - 2 - 21 + 4 - 20 = 11.
TOTALS_1 = (-17, 65, -39)
KITTY_1 = 21

# Table 2: the bank runs dry in hand 2.
TABLE_2 = [
    # Seat 0 bids 30 in hearts, melds 31: made on the meld, 4 from each: 58 / 46 / 46.
    {
        "by": 1,
        "ok": 2,
        "bidder": 0,
        "bid": 30,
        "trump": "hearts",
        "meld": 31,
        "chips": (8, -4, -4),
    },
    # Seat 1 bids 40 in spades: meld 15 + 20 counters = 35 < 40, a double set. Base 10 x 2
    # for spades = 20, twice over = 40 to each player and to the kitty: 120 owed, 46 held.
    # The players from the bidder's left first (seat 2: 40), then seat 0 gets the last 6,
    # the kitty nothing. Seat 1 cannot pay: the game ends after this hand.
    {
        "by": 2,
        "ok": 0,
        "bidder": 1,
        "bid": 40,
        "trump": "spades",
        "meld": 15,
        "counters": 20,
        "trick": True,
        "chips": (6, -46, 40),
    },
]
# Totals: seat 0: 8 + 6 = 14; seat 1: -4 - 46 = -50; seat 2: -4 + 40 = 36. Kitty still 30.
TOTALS_2 = (14, -50, 36)

# The standings, by score (the change in chips), then games won, then games lost (fewest):
# (table, seat, score, games won, games lost, rounds won). A conceded hand is a game lost.
STANDINGS = [
    (1, 1, 65, 1, 1, 1),  # made hand 5, conceded hand 2; wins table 1
    (2, 2, 36, 0, 0, 1),  # never bid; wins table 2
    (2, 0, 14, 1, 0, 0),
    (1, 0, -17, 1, 1, 0),  # made hand 1, double set in hand 4
    (1, 2, -39, 0, 1, 0),
    (2, 1, -50, 0, 1, 0),
]


def play_hand(table: Table, shots, number: int, hand: dict, seated: list[str], shot: str = ""):
    """The entering player's phone enters the hand; the checking player types their PIN on
    it (one phone passed round the table). Returns the phone, showing the sheet."""
    page = table.phones[seated[hand["by"]]]
    page.reload()
    entry = steps.entry_form(page)
    expect(page.get_by_role("heading", name=f"Hand {number}", exact=True)).to_be_visible()
    dealer = seated[(number - 1) % 3]
    expect(page.get_by_text(f"Dealer: {dealer}")).to_be_visible()
    steps.tap_choice(entry, "Bidder", seated[hand["bidder"]])
    steps.type_in(entry, "Bid", hand["bid"])
    if "conceded" in hand:
        steps.tap_choice(entry, "Conceded", CONCEDED[hand["conceded"]])
    else:
        steps.tap_choice(entry, "Trump", SUITS[hand["trump"]])
        steps.type_in(entry, "Meld", hand["meld"])
        if "counters" in hand:
            steps.type_in(entry, "Counters", hand["counters"])
        if hand.get("trick"):
            box = entry.get_by_role("checkbox", name="Bidder took a trick")
            box.tap()
            expect(box).to_be_checked()
    expect(entry.locator(".preview")).to_contain_text("Scores as:")
    if shot:
        shots(page, shot)
    entry.get_by_role("button", name=f"Enter hand {number}").tap()
    expect(page.get_by_text(f"Hand {number} stored.")).to_be_visible()
    checker = seated[hand["ok"]]
    steps.accept(page, number, seated[hand["by"]], checker, pin=table.pins[checker])
    return page


@dataclass
class Table:
    phones: dict[str, object]  # each player's phone, on their own link
    pins: dict[str, str]


def open_table(new_phone, links: list, seated: list[str], number: int) -> Table:
    """Each player's own phone, on their own link."""
    assert [link.side for link in links] == seated
    phones = {}
    for link in links:
        page = new_phone()
        page.goto(link.url)
        expect(page.get_by_role("heading", name=re.compile(rf"^Table {number}"))).to_be_visible()
        for seat, name in enumerate(seated, start=1):
            expect(page.locator("ul.sides")).to_contain_text(f"{name} Seat {seat}")
        phones[link.side] = page
    return Table(phones, {link.side: link.pin for link in links})


def test_a_cut_throat_pinochle_night(director_context, new_phone, shots, tmp_path):
    steps.make_director()
    director = director_context.new_page()
    steps.log_in(director, shots)
    slug = steps.new_tournament(director, shots, name=NAME, game="Cut Throat Pinochle", rounds=1)
    steps.game_options(
        director,
        shots,
        name=NAME,
        game="Cut Throat Pinochle",
        numbers={
            "Hands per game": 5,
            "Chips per player": 60,
            "Chips each player puts in the kitty": 10,
        },
    )
    tournament = Tournament.objects.get(slug=slug)
    assert tournament.game == "cutthroat-pinochle"
    assert (tournament.game_options["hands"], tournament.game_options["starting_chips"]) == (5, 60)
    assert tournament.game_options["kitty_ante"] == 10
    # The options not touched keep their defaults: spades doubles, the kitty from 35.
    assert tournament.game_options["spades_double"] and tournament.game_options["kitty_bid"] == 35

    csv_file = tmp_path / "players.csv"
    csv_file.write_text("name\n" + "".join(f"{p}\n" for p in PLAYERS), encoding="utf-8")
    steps.import_entrants(director, shots, slug, csv_file, len(PLAYERS))
    steps.check_in_everyone(director, shots, slug, PLAYERS)
    steps.draw_and_publish(director, shots, slug, 1)
    first = tournament.round_set.get(number=1)
    assert [t.seats.count() for t in first.tables.all()] == [3, 3]
    tables = {n: first.tables.get(number=n) for n in (1, 2)}
    names = {n: steps.seated_names(t) for n, t in tables.items()}
    links = {n: steps.side_links(director, slug, 1, n) for n in (1, 2)}

    # Table 1 plays its five hands.
    seated = names[1]
    table_1 = open_table(new_phone, links[1], seated, 1)
    shots(table_1.phones[seated[0]], "phone-table-1")
    running = [0, 0, 0]
    for number, hand in enumerate(TABLE_1, start=1):
        phone = play_hand(table_1, shots, number, hand, seated, shot=f"phone-hand-{number}-tapped")
        running = [r + c for r, c in zip(running, hand["chips"], strict=True)]
        steps.expect_totals(phone, running)
        expect(phone.locator("table.sheet")).not_to_contain_text("Seat")
    assert tuple(running) == TOTALS_1
    expect(phone.locator("table.sheet tfoot")).to_contain_text(f"winner: {seated[1]}")
    expect(phone.locator("p.status")).to_have_text(
        f"{seated[1]} wins after 5 hands: {seated[0]} −17, {seated[1]} +65, {seated[2]} −39; "
        f"kitty {KITTY_1} chips."
    )
    expect(steps.entry_form(phone)).to_have_count(0)
    shots(phone, "phone-table-1-five-hands")
    for name in seated:  # each on their own phone
        table_1.phones[name].reload()
        steps.sign(table_1.phones[name], name, name)
    phone.reload()
    expect(phone.get_by_text("Signed, final")).to_be_visible()
    shots(phone, "phone-table-1-signed")

    # Table 2: a player runs out of chips in hand 2 and the game ends there.
    others = names[2]
    table_2 = open_table(new_phone, links[2], others, 2)
    for number, hand in enumerate(TABLE_2, start=1):
        phone2 = play_hand(table_2, shots, number, hand, others)
    steps.expect_totals(phone2, TOTALS_2)
    short = phone2.locator("table.sheet tbody tr").nth(1)
    expect(short).to_contain_text(f"{others[1]} had only 46 chips: paid 46 of 120")
    # Each player's chips for the hand over the running total.
    expect(short.locator("td.num")).to_have_text(
        ["+6 14", "-46 -50", "+40 36"], use_inner_text=True
    )
    expect(phone2.locator("p.status")).to_have_text(
        f"{others[1]} cannot pay and is out: game over after hand 2; {others[2]} wins. "
        "Kitty 30 chips."
    )
    expect(phone2.get_by_role("heading", name="Hand 3", exact=True)).to_have_count(0)
    shots(phone2, "phone-table-2-out-of-chips")
    # All sign on one phone: its owner, then the others with their PINs.
    phone2 = table_2.phones[others[0]]
    phone2.reload()
    steps.sign(phone2, others[0], others[0])
    for name in others[1:]:
        steps.sign(phone2, name, name, pin=table_2.pins[name])
    expect(phone2.get_by_text("Signed, final")).to_be_visible()
    for n, totals in ((1, TOTALS_1), (2, TOTALS_2)):
        result = results_for(tournament, tables=[tables[n]])[tables[n].pk]
        assert result.final and result.match.totals == totals

    director.goto(f"/t/{slug}/round/1/console/")
    expect(director.get_by_text("2 of 2 tables signed")).to_be_visible()
    shots(director, "console-round-1-done")
    shown = steps.standings_rows(director, f"/t/{slug}/standings/")
    expected = [
        {
            "Rank": str(rank),
            "Player": names[t][seat],
            "Played": "1",
            "Score": str(score),
            "Bids made": str(won),
            "Bids failed": str(lost),
            "Rounds won": str(wins),
        }
        for rank, (t, seat, score, won, lost, wins) in enumerate(STANDINGS, start=1)
    ]
    assert shown == expected, shown
    shots(director, "standings")

    pages = steps.sheets_pdf(director, slug, 1, shots.folder / "round-1-sheets-signed.pdf")
    sheet = pages[0]
    assert NAME in sheet and "Round 1 · Table 1" in sheet and "FINAL" in sheet, sheet
    # Each row: hand, dealer, bidder, bid, taken, then each player's chips and running total.
    rows = [
        f"1 {seated[0]} {seated[0]} 25 hearts meld 26 4 4 -2 -2 -2 -2",
        f"2 {seated[1]} {seated[1]} 30 conceded before widow 0 4 -4 -6 0 -2",
        f"3 {seated[2]} {seated[2]} 36 conceded after widow 7 11 7 1 -21 -23",
        f"4 {seated[0]} {seated[0]} 27 clubs meld 10, counters 12 -8 3 4 5 4 -19",
        f"5 {seated[1]} {seated[1]} 40 spades meld 20, counters 22 -20 -17 60 65 -20 -39",
    ]
    for row in rows:
        assert row in sheet, (row, sheet)
    # The kitty's column beside them: 30 before hand 1, and each row adds up to nothing.
    assert "Kitty before hand 1: 30 0 0 0 30" in sheet, sheet
    assert f"Total -17 65 -39 {KITTY_1 - 30} {KITTY_1} Chips: each row adds up" in sheet, sheet
    assert f"Winner: {seated[1]}" in sheet, sheet
    for name in seated:
        assert f"Signed by {name}" in sheet, (name, sheet)
    sheet = pages[1]
    # Hand 2 is starred, its note printed under the totals.
    row = f"2* {others[1]} {others[1]} 40 spades meld 15, counters 20 6 14 -46 -50 40 36"
    assert row in sheet, sheet
    assert "Total 14 -50 36 0 30 Chips: each row adds up" in sheet, sheet
    assert (
        f"from each player. 2* {others[1]} had only 46 chips: paid 46 of 120 Winner: {others[2]}"
        in sheet
    ), sheet

    # The public standings on a phone: signed sheets only, the same order.
    public = steps.standings_on_phone(phone, shots, f"/t/{slug}/standings/")
    assert public == [row["Player"] for row in expected], public
