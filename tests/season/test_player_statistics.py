"""The public player and partnership pages, for all four games: figures a player would
work out by hand from a sheet, a ruling against them, a merged register entry, and a
season of ten nights with changing partnerships."""

from __future__ import annotations

import datetime
import re
from html import unescape

import pytest
from django.db import transaction
from django.db.models import Q
from django.test import Client

from club.models import Club, Player
from demo.season import play_night
from scoring.models import Hand
from tests.conftest import GAMES, make_tournament
from tests.scoring.test_rulings import rule
from tests.support.helpers import accept_pending, enter, published_round, sign_every_side, table_of
from tests.support.night_copies import copy_night
from tournament.models import Entrant, Seat, Tournament

pytestmark = pytest.mark.django_db

NAMES = {
    "columbus-6-card-kitty": "6 Card Kitty",
    "three-legged-kitty": "3 Legged Kitty",
    "ascot": "Ascot",
    "cutthroat-pinochle": "Cut Throat Pinochle",
}


# The club's players, and how many play each game's nights (whole tables: Ascot at four).
PEOPLE = ["Ann Bell", "Bob Cole", "Cy Dunn", "Di Eve", "Ed Fay", "Flo Gray", "Gus Hart", "Ida Ives"]
SEASON_PLAYERS = {
    "columbus-6-card-kitty": 8,
    "three-legged-kitty": 6,
    "ascot": 8,
    "cutthroat-pinochle": 6,
}


def figures(page) -> dict[str, dict[str, str]]:
    """Each game's figures as the page lists them: {game: {label: value}}."""
    html = page.content.decode()
    found = {}
    for part in html.split('<section class="game-statistics">')[1:]:
        name = unescape(re.search(r"<h2>(.*?)</h2>", part)[1])
        summary = part.split('class="plain record-summary statistics">')[1].split("</table>")[0]
        rows = re.findall(r"<tr><th>(.*?)</th><td>(.*?)</td></tr>", summary)
        found[name] = {unescape(k): unescape(v) for k, v in rows}
    return found


def table_rows(page, css: str) -> list[list[str]]:
    """The body rows of the page's table with this class, each cell's text."""
    html = page.content.decode()
    body = html.split(f'class="{css}"')[1].split("</tbody>")[0].split("<tbody")[1]
    return [
        [
            unescape(re.sub(r"<[^>]+>", "", cell)).strip()
            for cell in re.findall(r"<td.*?>(.*?)</td>", row, re.S)
        ]
        for row in re.findall(r"<tr.*?>(.*?)</tr>", body, re.S)
    ]


def links(page, prefix: str) -> list[str]:
    return re.findall(rf'href="({re.escape(prefix)}[^"]*)"', page.content.decode())


# --- a small case, worked out by hand ------------------------------------------------------
# One table; hand 1 is ruled a misdeal against side 0 (void, dealt again); then three
# known hands. What side 0's first player's page must say, as a player would add it up.
SMALL = {
    "columbus-6-card-kitty": (
        {"hands_per_round": 3},
        [
            # North-South bid 5 and take 12: +6. Bid 6 no uptown, take 11: missed, E-W +6.
            # East-West bid 4 special and take all 13: +7 and a Boston.
            {"bidding_team": "0", "level": "5", "form": "plain", "books": "12"},
            {"bidding_team": "0", "level": "6", "form": "no", "direction": "uptown", "books": "11"},
            {"bidding_team": "1", "level": "4", "form": "special", "books": "13"},
        ],
        {
            "Hands played": "3",
            "Bids won by the team": "2",
            "Bids made": "1 (50%)",
            "Average points per hand": "2.00",  # 6 points in 3 hands
            "Bostons": "0",
            "Penalties ruled against": "1",
        },
    ),
    "three-legged-kitty": (
        {"target": 10},
        [
            # Seat 0 is the Cat at 3 Hearts and takes 4: +3. Null 2 with 7 tricks (at most
            # 6): failed, the others +5 each. Seat 1 is the Cat at 5 Spades, takes 5: +5.
            {"cat": "0", "number": "3", "contract": "hearts", "tricks": "4"},
            {"cat": "0", "number": "2", "contract": "null", "tricks": "7"},
            {"cat": "1", "number": "5", "contract": "spades", "tricks": "5"},
        ],
        {
            "Hands played": "3",
            "Times Cat": "2",
            "Cat success": "1 (50%)",
            "Average points per hand": "1.00",  # 3 points in 3 hands
            "Penalties ruled against": "1",
        },
    ),
    "ascot": (
        {"deals": 3},
        [
            # Seat 0 declares 60 and takes 70: +70. Then 80 with Contra and only 61: lost,
            # -120 doubled = -240. Seat 1 declares a Grand 65 with 80: 80 + 40 = +120.
            {"declarer": "0", "bid": "60", "game": "suit", "card_points": "70"},
            {"declarer": "0", "bid": "80", "game": "suit", "contra": "on", "card_points": "61"},
            {"declarer": "1", "bid": "65", "game": "grand", "card_points": "80"},
        ],
        {
            "Hands played": "3",
            "Times declarer": "2",
            "Declarer success": "1 (50%)",
            "Average points per hand": "-56.67",  # (70 - 240) / 3
            "Contra against their game": "1, made 0",
            "Contra by their side": "0, beaten 0",
            "Penalties ruled against": "1",
        },
    ),
    "cutthroat-pinochle": (
        {"hands": 3},
        [
            # Seat 0 bids 25 in hearts and melds 30: made on the meld, 2 from each: +4.
            # Bids 22 in clubs, melds 10 and counts 5: a double set, 2 x 1 to each: -4.
            # Seat 1 bids 21 and concedes before the widow: pays the kitty 1.
            {"bidder": "0", "bid": "25", "trump": "hearts", "meld": "30"},
            {
                "bidder": "0",
                "bid": "22",
                "trump": "clubs",
                "meld": "10",
                "counters": "5",
                "took_trick": "on",
            },
            {"bidder": "1", "bid": "21", "conceded": "before_widow"},
        ],
        {
            "Hands played": "3",
            "Times bidder": "2",
            "Bidder success": "1 (50%)",
            "Average points per hand": "0.00",
            "Double sets": "1",
            "Penalties ruled against": "1",
        },
    ),
}
JUNK = {
    "columbus-6-card-kitty": {"bidding_team": "1", "level": "7", "form": "plain", "books": "2"},
    "three-legged-kitty": {"cat": "2", "number": "9", "contract": "clubs", "tricks": "0"},
    "ascot": {"declarer": "2", "bid": "100", "game": "suit", "card_points": "10"},
    "cutthroat-pinochle": {"bidder": "2", "bid": "50", "conceded": "before_widow"},
}


def one_table(game: str, options: dict, slug: str = "", club: Club | None = None) -> Tournament:
    """A published night of one table whose players are on the club's register."""
    size = 2 if game == "columbus-6-card-kitty" else 3
    extra = {"club": club} if club else {}
    tournament = make_tournament(
        game, entrants=size, published=True, options=options, slug=slug or game, **extra
    )
    for entrant in tournament.entrants.all():
        for field, name in (
            ("member1", entrant.player1 or entrant.name),
            ("member2", entrant.player2),
        ):
            if name:
                player, _ = Player.objects.get_or_create(club=tournament.club, name=name)
                setattr(entrant, field, player)
        entrant.save()
    return tournament


def play(client, table, hands):
    for data in hands:
        assert enter(client, table, data, side=0).status_code == 302
        assert accept_pending(client, table, side=1).status_code == 302


@pytest.mark.parametrize("game", GAMES)
def test_the_figures_of_a_small_case_worked_out_by_hand(director_client, game):
    options, hands, expected = SMALL[game]
    tournament = one_table(game, options)
    table = table_of(published_round(tournament))
    play(director_client, table, [JUNK[game]])
    rule(director_client, tournament, table, "misdeal", hand=table.hands.get().pk, offender=0)
    play(director_client, table, hands)
    sign_every_side(table)
    first = table.seats.get(position=0).entrant.member1
    other = table.seats.get(position=1).entrant.member1

    visitor = Client()
    page = visitor.get(f"/club/{tournament.club.slug}/players/{first.pk}/")
    assert page.status_code == 200
    shown = figures(page)
    assert list(shown) == [NAMES[game]]
    assert shown[NAMES[game]] | expected == shown[NAMES[game]], shown
    assert shown[NAMES[game]]["Nights played"] == "1"
    assert links(page, f"/t/{tournament.slug}/") == [f"/t/{tournament.slug}/"]
    # The other side was not the offender.
    theirs = figures(visitor.get(f"/club/{tournament.club.slug}/players/{other.pk}/"))
    assert theirs[NAMES[game]]["Penalties ruled against"] == "0"


@pytest.mark.parametrize("game", GAMES)
def test_only_signed_sheets_of_published_nights_count(client, game):
    options, hands, _ = SMALL[game]
    tournament = one_table(game, options)
    table = table_of(published_round(tournament))
    play(client, table, hands)
    first = table.seats.get(position=0).entrant.member1
    url = f"/club/{tournament.club.slug}/players/{first.pk}/"
    assert figures(client.get(url)) == {}  # played, not yet signed
    sign_every_side(table)
    assert figures(client.get(url))[NAMES[game]]["Hands played"] == "3"
    Tournament.objects.filter(pk=tournament.pk).update(published=False)
    # Its only night is not public any more: nor is its register entry.
    assert client.get(url).status_code == 404


def test_a_player_of_another_club_or_unknown_is_not_found(client):
    home = Club.objects.create(name="Home", slug="home")
    away = Club.objects.create(name="Away", slug="away")
    ann = Player.objects.create(club=away, name="Ann")
    bob = Player.objects.create(club=away, name="Bob")
    night = make_tournament("ascot", club=away, published=True)  # the public sees who played
    for i, player in enumerate((ann, bob)):
        Entrant.objects.create(tournament=night, name=player.name, order=i, member1=player)
    assert client.get(f"/club/home/players/{ann.pk}/").status_code == 404
    assert client.get(f"/club/away/players/{ann.pk}/").status_code == 200
    assert client.get("/club/away/players/999999/").status_code == 404
    assert client.get("/club/nowhere/players/1/").status_code == 404
    assert client.get(f"/club/home/pair/{ann.pk}/{bob.pk}/").status_code == 404
    assert client.get(f"/club/away/pair/{ann.pk}/{ann.pk}/").status_code == 404
    assert client.get(f"/club/away/pair/{ann.pk}/{bob.pk}/").status_code == 200
    assert home.players.count() == 0


@pytest.mark.parametrize("game", GAMES)
def test_a_merged_player_shows_the_sum(client, game):
    club = Club.objects.create(name="Merge Club", slug="merge")
    names = ["Ann Bell", *PEOPLE[1 : SEASON_PLAYERS[game]]]
    play_night(club, game, datetime.date(2026, 1, 6), names, slug="one", seed=1)
    again = ["Anne Bell", *names[1:]]
    play_night(club, game, datetime.date(2026, 1, 13), again, slug="two", seed=2)
    ann, anne = Player.objects.get(name="Ann Bell"), Player.objects.get(name="Anne Bell")
    before = [figures(client.get(f"/club/merge/players/{p.pk}/"))[NAMES[game]] for p in (ann, anne)]

    # The register's merge: every link follows, the old entry goes, its name stays an alias.
    Entrant.objects.filter(member1=anne).update(member1=ann)
    Entrant.objects.filter(member2=anne).update(member2=ann)
    anne.delete()
    ann.aliases = ["Anne Bell"]
    ann.save()

    page = client.get(f"/club/merge/players/{ann.pk}/")
    after = figures(page)[NAMES[game]]
    assert "Also entered as Anne Bell" in page.content.decode()
    for label in ("Nights played", "Hands played", "Penalties ruled against"):
        assert int(after[label]) == int(before[0][label]) + int(before[1][label]), label
    assert after["Nights played"] == "2"
    assert client.get(f"/club/merge/players/{anne.pk}/").status_code == 404


# --- a season of ten nights, partnerships changing every night ---------------------------
PLAYED_NIGHTS = 4  # each with its own partnerships; the other six nights repeat them


@pytest.fixture(scope="module", params=GAMES)
def season(request, django_db_setup, django_db_blocker):
    """Ten nights of one game for the club's players, built once for the module's tests:
    four played (one round each), and six more copied from them."""
    game = request.param
    with django_db_blocker.unblock():
        atomic = transaction.atomic()
        atomic.__enter__()
        try:
            club = Club.objects.create(name="Season Club", slug="season")
            names = PEOPLE[: SEASON_PLAYERS[game]]
            start = datetime.date(2026, 1, 6)
            played = []
            for week in range(10):
                date = start + datetime.timedelta(weeks=week)
                if week < PLAYED_NIGHTS:
                    night = play_night(
                        club, game, date, names, slug=f"week-{week}", seed=week, rounds=1
                    )
                    played.append(night)
                else:  # the same facts again, stored without playing every hand again
                    copy_night(played[week % PLAYED_NIGHTS], f"week-{week}", date)
            yield game, club
        finally:
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)


def sat_out(game: str, hand: Hand, position: int, seats: int) -> bool:
    """Ascot at four: the dealer (seat 0 deals hand 1, then the deal passes left) sits out."""
    return game == "ascot" and seats == 4 and (hand.number - 1) % 4 == position


def test_each_players_hands_and_points_are_those_of_their_tables(client, season):
    from scoring.outcomes import stored_outcomes

    game, club = season
    nights = list(Tournament.objects.filter(club=club))
    totals = {}  # the standings' points of each register player, over the nights
    for night in nights:
        entrants = {e.pk: e for e in night.entrants.all()}
        for table in stored_outcomes(night):
            for entrant_id, total in zip(table.outcome.entrants, table.outcome.totals, strict=True):
                for member in (entrants[entrant_id].member1_id, entrants[entrant_id].member2_id):
                    if member:
                        totals[member] = totals.get(member, 0) + total
    seats = {}  # table id -> (position, register players) of each seat
    for seat in Seat.objects.filter(table__round__tournament__club=club).select_related("entrant"):
        members = {seat.entrant.member1_id, seat.entrant.member2_id}
        seats.setdefault(seat.table_id, []).append((seat.position, members))
    hands = list(
        Hand.objects.filter(table__round__tournament__club=club, status=Hand.Status.ACCEPTED)
    )
    for player in Player.objects.filter(club=club):
        shown = figures(client.get(f"/club/{club.slug}/players/{player.pk}/"))[NAMES[game]]
        played = sum(
            not sat_out(game, hand, position, len(seats[hand.table_id]))
            for hand in hands
            for position, members in seats[hand.table_id]
            if player.pk in members
        )
        assert shown["Nights played"] == "10"
        assert int(shown["Hands played"]) == played, player
        average = float(shown["Average points per hand"])
        assert abs(average - totals[player.pk] / played) <= 0.005 + 1e-9, player  # 2 decimals


def test_partnerships_change_and_add_up(client, season):
    game, club = season
    if game != "columbus-6-card-kitty":
        assert "Partners" not in client.get(f"/club/{club.slug}/players/1/").content.decode()
        return
    changing = 0
    for player in Player.objects.filter(club=club):
        page = client.get(f"/club/{club.slug}/players/{player.pk}/")
        mine = figures(page)[NAMES[game]]
        rows = table_rows(page, "list record partners")
        changing += len(rows) > 1
        # Partner, Nights, Hands, Bids won, Made %, Avg points
        assert sum(int(row[2]) for row in rows) == int(mine["Hands played"])
        assert sum(int(row[1]) for row in rows) == 10  # one partner a night
        for row, url in zip(rows, links(page, f"/club/{club.slug}/pair/"), strict=True):
            pair = client.get(url)
            together = figures(pair)[NAMES[game]]
            assert (together["Nights played"], together["Hands played"]) == (row[1], row[2])
            a, b = url.rstrip("/").split("/")[-2:]
            swapped = client.get(f"/club/{club.slug}/pair/{b}/{a}/")
            assert figures(swapped) == figures(pair)
            assert len(links(pair, "/t/")) == int(row[1])
    assert changing == Player.objects.filter(club=club).count()  # everyone had several


def test_a_partner_waiting_to_be_confirmed_is_a_partner_and_the_rows_add_up(client):
    """A night whose partner the register does not know yet (typed otherwise: a near match
    waiting for the director): the player played it, so their figures count it, and their
    partners list it too, by the name typed; the rows add up to the player's figures."""
    game = "columbus-6-card-kitty"
    club = Club.objects.create(name="Partners Club", slug="partners")
    start = datetime.date(2026, 1, 6)
    nights = [
        play_night(
            club, game, start + datetime.timedelta(weeks=w), PEOPLE, slug=f"p-{w}", seed=w, rounds=1
        )
        for w in range(3)
    ]
    ann = Player.objects.get(club=club, name="Ann Bell")
    team = nights[-1].entrants.get(Q(member1=ann) | Q(member2=ann))
    slot = 2 if team.member1 == ann else 1
    partner = getattr(team, f"member{slot}")
    typed = f"{partner.name}e"  # a letter more: near, so it waits for the director's tap
    setattr(team, f"player{slot}", typed)
    setattr(team, f"member{slot}", None)
    team.save()

    page = client.get(f"/club/{club.slug}/players/{ann.pk}/")
    mine = figures(page)[NAMES[game]]
    rows = table_rows(page, "list record partners")
    # Partner, Nights, Hands, Bids won, Made %, Avg points
    assert mine["Nights played"] == "3"
    assert sum(int(row[1]) for row in rows) == 3
    assert sum(int(row[2]) for row in rows) == int(mine["Hands played"])
    waiting = [row for row in rows if row[0] == f"{typed} (waiting to be confirmed)"]
    assert len(waiting) == 1 and waiting[0][1] == "1"
    hands = Hand.objects.filter(
        table__seats__entrant=team, table__round__tournament=nights[-1], record__isnull=False
    ).count()
    assert waiting[0][2] == str(hands)
    # No page of its own to lead to yet: the register's confirmed partners are linked.
    assert len(links(page, f"/club/{club.slug}/pair/")) == len(rows) - 1


# --- query budgets: the same at 10 nights and at 40 ---------------------------------------
# (a query a night would show; bench/player_statistics.py measures more nights)
# club, player, tables, seats, hands, rulings, signatures, partners; then the ratings
# (season.ratings.build.for_player, stored: fingerprints, sets, nights played, the player's rows)
PLAYER_PAGE_QUERIES = 8 + 6
PAIR_PAGE_QUERIES = 7  # club, the two players, tables, seats, hands, rulings, signatures


@pytest.mark.parametrize("game", GAMES)
def test_the_pages_cost_the_same_queries_at_10_and_40_nights(
    client, game, django_assert_max_num_queries
):
    club = Club.objects.create(name="Big Club", slug="big")
    names = PEOPLE[: SEASON_PLAYERS[game]]
    start = datetime.date(2025, 1, 7)
    played = [
        play_night(
            club, game, start + datetime.timedelta(weeks=w), names, slug=f"n{w}", seed=w, rounds=1
        )
        for w in range(2)
    ]
    ann = Player.objects.get(club=club, name="Ann Bell")
    teams = Entrant.objects.filter(tournament__club=club, member1=ann, member2__isnull=False)
    partner = teams[0].member2 if teams else Player.objects.get(club=club, name="Bob Cole")
    for nights in (10, 40):
        for week in range(Tournament.objects.filter(club=club).count(), nights):
            copy_night(played[week % 2], f"n{week}", start + datetime.timedelta(weeks=week))
        client.get(f"/club/big/players/{ann.pk}/")  # the new nights' ratings, stored once
        with django_assert_max_num_queries(PLAYER_PAGE_QUERIES):
            page = client.get(f"/club/big/players/{ann.pk}/")
        assert figures(page)[NAMES[game]]["Nights played"] == str(nights)
        with django_assert_max_num_queries(PAIR_PAGE_QUERIES):
            assert client.get(f"/club/big/pair/{partner.pk}/{ann.pk}/").status_code == 200
