"""Every word true at the table (issue 48, item 6), for each of the four games: the
director's console counts the hands played and shows a tiebreaker and a forfeit as what
they are, and names the winner or the tie beside the totals; each game's progress line
follows the night's options; the phone's hand line says the bid as the sheet prints it;
a player sitting a hand out (Ascot's dealer at a table of four) reads "sits out"."""

from __future__ import annotations

import html
import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from scoring import entry, rulings
from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support.helpers import (
    accepted_hands,
    enter,
    published_round,
    side_link,
    table_of,
)

pytestmark = pytest.mark.django_db


def words(fragment: str) -> str:
    return html.unescape(" ".join(re.sub(r"<[^>]+>", " ", fragment).split()))


def night_table(game: str, slug: str = "", **options):
    """Table 1 of a published round of `game`, played with `options`."""
    more = {"slug": slug} if slug else {}
    night = make_tournament(game, entrants=ONE_TABLE[game], published=True, options=options, **more)
    return table_of(published_round(night))


def names(table) -> list[str]:
    """Each side's entrant, in seat order."""
    return [seat.entrant.name for seat in table.seats.order_by("position")]


def console_row(client, table) -> dict[str, str]:
    """The table's row of the console, as the director reads it: hands, state, score and
    result; the score and the result are read as one ("9 – 9 Tied: ...")."""
    url = f"/t/{table.round.tournament.slug}/round/{table.round.number}/console/"
    page = client.get(url)
    assert page.status_code == 200
    body = page.content.decode().split('class="list console"', 1)[1]
    heads = [words(th) for th in re.findall(r"<th[^>]*>(.*?)</th>", body.split("</thead>")[0])]
    assert heads == ["Table", "Sides", "Hands", "State", "Score", "Result"]
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", body.split("<tbody>", 1)[1], re.S)
    for row in rows:
        cells = [words(td) for td in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        if cells[0] == str(table.number):
            row = dict(zip(heads, cells, strict=True))
            row["Score"] = " ".join(filter(None, (row["Score"], row.pop("Result"))))
            return row
    raise AssertionError(f"no row for table {table.number}")


def progress_line(table, side: int = 0) -> str:
    """The line under a side's sheet that says where the round stands."""
    page = Client().get(side_link(table, side)).content.decode()
    return words(re.search(r'<p class="status">(.*?)</p>', page, re.S)[1])


def sheet_cells(table, side: int = 0) -> list[list[str]]:
    """Each row of the sheet on a side's phone: the hand, what happened, a cell per side."""
    page = Client().get(side_link(table, side)).content.decode()
    body = page.split('class="list sheet"', 1)[1].split("<tbody>", 1)[1].split("</tbody>")[0]
    return [
        [words(td) for td in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)
    ]


def the_clock_ran(table, minutes: int = 10) -> None:
    """The round started a while ago: a late team's forfeit is not ruled early."""
    round_ = table.round
    round_.started = timezone.now() - timedelta(minutes=minutes)
    round_.save(update_fields=["started"])


def rule_on_the_round(director, table, code: str, offender: int) -> None:
    the_clock_ran(table)
    rulings.record(
        table,
        rulings.Proposal(code=code, hand="", offender=offender, note="as seen"),
        actor=entry.Actor(user=director, label="Director td"),
    )


def kitty(team: int, books: int, level: int = 4, form: str = "plain", direction: str = ""):
    hand = {"bidding_team": str(team), "level": str(level), "form": form, "books": str(books)}
    return hand | ({"direction": direction} if direction else {})


# -- the console: the hands played, a tiebreaker and a forfeit, the winner or the tie ----


def test_6_card_kitty_counts_the_round_then_its_tiebreaker_and_names_who_won_it(
    director_client,
):
    """Rule 6: tied 9-9 after four hands, one more hand decides, its points not counting.
    Before: "5/4" and "9 – 9" with no word."""
    table = night_table("columbus-6-card-kitty")
    ns, ew = names(table)
    accepted_hands(table, [kitty(0, 10), kitty(1, 10)])
    assert console_row(director_client, table)["Hands"] == "2/4"
    assert console_row(director_client, table)["Score"] == "4 – 4"
    accepted_hands(table, [kitty(0, 11), kitty(1, 11)], start=3)
    row = console_row(director_client, table)
    assert (row["Hands"], row["Score"]) == ("4/4", "9 – 9 Tied: tiebreaker hand next")
    accepted_hands(table, [kitty(1, 10)], start=5)  # East-West make it: they win the round
    row = console_row(director_client, table)
    assert row["Hands"] == "4/4 + tiebreaker"
    assert row["Score"] == f"9 – 9 Winner: {ew}, on the tiebreaker"
    assert ns not in row["Score"]


def test_6_card_kitty_shows_a_forfeit_as_a_forfeit(director, director_client):
    """Rule 7: a team not seated within 5 minutes forfeits; no hand was played. Before:
    "0/4" and "0 – 5" with no word."""
    table = night_table("columbus-6-card-kitty")
    ns, ew = names(table)
    rule_on_the_round(director, table, "7", offender=1)
    row = console_row(director_client, table)
    assert (row["Hands"], row["Score"]) == ("forfeit (rule 7)", f"5 – 0 Winner: {ns}, by forfeit")
    player = table.seats.get(position=0).entrant.players[0]  # the team that was there signs
    entry.sign(table, side=0, player=player, typed=player, actor=entry.Actor(side=0))
    row = console_row(director_client, table)
    assert (row["Hands"], row["Score"]) == ("forfeit (rule 7)", f"5 – 0 Winner: {ns}, by forfeit")


def test_6_card_kitty_shows_a_team_leaving_part_way_as_a_forfeit_after_its_hands(
    director, director_client
):
    """Rule 41: the hands played keep their points, the round goes to the opponents."""
    table = night_table("columbus-6-card-kitty")
    ns, ew = names(table)
    accepted_hands(table, [kitty(0, 11), kitty(1, 10)])
    rule_on_the_round(director, table, "41", offender=0)
    row = console_row(director_client, table)
    assert row["Hands"] == "2/4, then forfeit (rule 41)"
    assert row["Score"] == f"5 – 4 Winner: {ew}, by forfeit"


def test_3_legged_kitty_counts_hands_of_its_limit_or_alone_and_names_the_winner(
    director_client,
):
    limited = night_table("three-legged-kitty", hand_limit=4)
    passed = {"passed_out": "on"}
    accepted_hands(limited, [passed, passed])
    row = console_row(director_client, limited)
    assert (row["Hands"], row["Score"]) == ("2/4", "0 – 0 – 0")
    # Ended on the score before the limit: the hands it took, and who won.
    made = {"cat": "1", "number": "7", "contract": "hearts", "tricks": "8"}
    short = night_table("three-legged-kitty", target=7, hand_limit=4, slug="short-game")
    accepted_hands(short, [passed, made])
    row = console_row(director_client, short)
    assert (row["Hands"], row["Score"]) == ("2", f"0 – 7 – 0 Winner: {names(short)[1]}")
    open_ended = night_table("three-legged-kitty", slug="open-ended")
    accepted_hands(open_ended, [passed])
    assert console_row(director_client, open_ended)["Hands"] == "1"


def test_ascot_counts_its_deals_and_names_the_winner_or_the_tie(director_client):
    """One deal per seat at a table of four (deals rounded up), each dealer sitting out."""
    table = night_table("ascot", deals=1)
    passed = {"passed_out": "on"}
    accepted_hands(table, [passed, passed])
    assert console_row(director_client, table)["Hands"] == "2/4"
    accepted_hands(table, [passed, passed], start=3)
    row = console_row(director_client, table)
    assert (row["Hands"], row["Score"]) == ("4/4", "0 – 0 – 0 – 0 Tied")
    won = night_table("ascot", deals=1, slug="ascot-won")
    made = {"declarer": "2", "bid": "60", "game": "suit", "card_points": "70"}
    accepted_hands(won, [made, passed, passed, passed])
    row = console_row(director_client, won)
    assert (row["Hands"], row["Score"]) == ("4/4", f"0 – 0 – 70 – 0 Winner: {names(won)[2]}")


def test_pinochle_counts_its_hands_and_names_the_winner_or_those_tied(director_client):
    table = night_table("cutthroat-pinochle", hands=2)
    conceded = {"bidder": "1", "bid": "21", "conceded": "before_widow"}  # pays the kitty 1
    accepted_hands(table, [conceded])
    assert console_row(director_client, table)["Hands"] == "1/2"
    accepted_hands(table, [conceded], start=2)
    first, second, third = names(table)
    row = console_row(director_client, table)
    assert (row["Hands"], row["Score"]) == ("2/2", f"0 – -2 – 0 Tied: {first} and {third}")
    won = night_table("cutthroat-pinochle", hands=1, slug="pinochle-won")
    made = {"bidder": "1", "bid": "21", "meld": "21", "trump": "hearts"}  # meld alone makes it
    accepted_hands(won, [made])
    row = console_row(director_client, won)
    assert (row["Hands"], row["Score"]) == ("1/1", f"-1 – 2 – -1 Winner: {names(won)[1]}")


# -- the progress line follows the night's options ----------------------------------------

# Written out here: each game with an option that changes how long its round is, and the
# line a side reads after one hand. {0}, {1}, ... are the sides' names in seat order.
PROGRESS = {
    "columbus-6-card-kitty": (
        {"hands_per_round": 2},
        kitty(0, 10),
        "1 of 2 hands played: North-South 4, East-West 0.",
    ),
    "three-legged-kitty": (
        {"hand_limit": 4},
        {"passed_out": "on"},
        "1 of at most 4 hands played, first to 30: {0} 0, {1} 0, {2} 0.",
    ),
    "ascot": (
        {"deals": 5},  # rounded up to 8 at a table of four: everyone deals twice
        {"passed_out": "on"},
        "1 of 8 deals played: {0} 0, {1} 0, {2} 0, {3} 0.",
    ),
    "cutthroat-pinochle": (
        {"hands": 5},
        {"bidder": "1", "bid": "21", "conceded": "before_widow"},
        "1 of 5 hands played: {0} +0, {1} −1, {2} +0; kitty 76 chips.",
    ),
}


@pytest.mark.parametrize("game", GAMES)
def test_the_progress_line_follows_the_nights_options(game):
    options, hand, line = PROGRESS[game]
    table = night_table(game, **options)
    accepted_hands(table, [hand])
    assert progress_line(table) == line.format(*names(table))


def test_3_legged_kitty_with_no_hand_limit_says_only_its_target():
    table = night_table("three-legged-kitty", target=25)
    accepted_hands(table, [{"passed_out": "on"}])
    line = "1 hand played, first to 25: {0} 0, {1} 0, {2} 0."
    assert progress_line(table) == line.format(*names(table))


# -- the phone's hand line says the bid as the sheet prints it -----------------------------

# A hand with every part of a bid, and the sheet's Bid column for it (written out here).
BIDS = {
    "columbus-6-card-kitty": (kitty(0, 12, level=5, form="no", direction="uptown"), "5 no uptown"),
    "three-legged-kitty": (
        {"cat": "1", "number": "3", "contract": "null", "tricks": "2"},
        "3 null",
    ),
    "ascot": (
        {"declarer": "1", "bid": "70", "game": "grand", "kitty_free": "on", "card_points": "80"},
        "70 grand KittyFree",
    ),
    "cutthroat-pinochle": (
        {"bidder": "1", "bid": "30", "trump": "spades", "meld": "20", "counters": "12"}
        | {"took_trick": "on"},
        "30 spades",
    ),
}


@pytest.mark.parametrize("game", GAMES)
def test_the_phones_hand_line_says_the_bid_as_the_sheet_prints_it(game):
    """Before: 6 Card Kitty's line read "bid 5 no" where the sheet has "5 no uptown"."""
    table = night_table(game)
    hand, bid = BIDS[game]
    ruleset = table.round.tournament.ruleset
    size = ruleset.players_at_table(len(names(table)))
    record = ruleset.parse_hand(hand, size, table.round.tournament.game_options, 1)
    assert ruleset.summary(record)[1] == bid  # what the printed sheet's Bid column says
    assert enter(Client(), table, hand, side=0).status_code == 302
    page = Client().get(side_link(table, 1)).content.decode()  # the side that checks it
    line = words(
        re.search(r'<section class="pending card">.*?<p class="big-line">(.*?)</p>', page, re.S)[1]
    )
    said = line.casefold()
    assert all(word.casefold() in said for word in bid.split()), (bid, line)
    if game == "columbus-6-card-kitty":
        assert line == "North-South bid 5 no uptown, 12 books: North-South +6"


# -- a player sitting a hand out ------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_player_sitting_a_hand_out_reads_sits_out(game):
    """Ascot at a table of four: each deal's dealer sits out (kitty-skat.txt, "For four
    players: Dealer does not play"); with Seeger-Fabian a lost game still pays them their
    share. Every seat of the other games plays every hand. Before: "+0"."""
    options = {"seeger_fabian": True} if game == "ascot" else {}
    table = night_table(game, **options)
    first = {
        "columbus-6-card-kitty": kitty(0, 10),
        "three-legged-kitty": {"passed_out": "on"},
        # Seat 0 deals the first deal and sits out; seat 1 loses: +30 to each of the others.
        "ascot": {"declarer": "1", "bid": "60", "game": "suit", "card_points": "50"},
        "cutthroat-pinochle": {"bidder": "1", "bid": "21", "conceded": "before_widow"},
    }[game]
    second = {"declarer": "2", "bid": "60", "game": "suit", "card_points": "70"}
    accepted_hands(table, [first])
    if game == "ascot":
        assert enter(Client(), table, second, side=2).status_code == 302  # seat 1 deals it
    rows = sheet_cells(table)
    cells = [row[2:] for row in rows]
    if game != "ascot":
        assert not any("sits out" in cell for row in cells for cell in row)
        return
    assert cells[0] == ["sits out, +30 30", "-170 -170", "+30 30", "+30 30"]
    assert cells[1][1] == "(sits out)" and cells[1][0] == "(+0)"  # waiting to be accepted
