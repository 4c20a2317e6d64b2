"""The busy pages cost the same number of queries for 4 tables as for 24.

The director's console refreshes by itself all evening and the pairings page is on
every phone at the start of a round: a query per table or per hand would make a big
night slow exactly when everyone is looking. Each page is measured at two sizes with
one bound, so a query that repeats per table fails here.
"""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from scoring import calls, entry
from scoring.models import Ruling
from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support.helpers import FINISHING, published_round, side_link, sign_every_side
from tournament import leaving, news
from tournament.models import Round

pytestmark = pytest.mark.django_db

SIZES = (8, 48)
# Bid 5 plain by North-South, 12 books; East-West bid 4 no uptown, 10 books.
MADE = {"bidding_team": 0, "level": 5, "form": "plain", "books": 12}
EW_MADE = {"bidding_team": 1, "level": 4, "form": "no", "direction": "uptown", "books": 10}

# The most queries each page may run, whatever the size of the round.
# The console includes the version its live poll asks with (two small counts), and reads
# once for the round: the calls to the director with the disputes' reasons, the asks to
# leave, the announcements. The table page takes its version from the history it shows
# (its calls too), reads the announcements once, and once the newest round with the
# entrant's place in it (a later round's table: tables/next_table.py).
BUDGET = {"console": 16, "table": 8, "pairings": 9, "check": 8}


def round_in_play(teams: int) -> Round:
    """A published round with its clock running: table 1 played out and signed, the rest
    part-way, one ruling; the director called to table 2, two announcements, a team
    asking to leave after the round."""
    tournament = make_tournament(
        entrants=teams, published=True, slug=f"budget-{teams}", round_minutes=90
    )
    round_ = published_round(tournament)
    round_.start_clock()
    news.announce(tournament, "Coffee is on", by="td")
    news.announce(tournament, "Round 2 at 21:00", by="td")
    leaving.ask_to_leave(tournament.entrants.first(), after_round=1, by="North 1")
    north, east = entry.Actor(side=0, label="NS"), entry.Actor(side=1, label="EW")
    for table in round_.tables.all():
        hands = 4 if table.number == 1 else 2
        for number in range(1, hands + 1):
            hand = entry.enter_hand(
                table,
                MADE if number % 2 else EW_MADE,
                actor=north,
                nonce=f"{table.pk}-{number}",
                slot=(number, 1),
            )
            if number < hands or table.number == 1:
                entry.accept_hand(table, hand.pk, actor=east, version=hand.version)
        Ruling.objects.create(table=table, hand=hand, code="renege", offender=1, choice="books")
    first = round_.tables.get(number=1)
    for side, seat in enumerate(first.seats.order_by("position")):
        player = seat.entrant.player1
        entry.sign(first, side=side, player=player, typed=player, actor=entry.Actor(side=side))
    calls.call(round_.tables.get(number=2), actor=entry.Actor(side=1), reason="ruling")
    return round_


@pytest.mark.parametrize("teams", SIZES)
def test_the_console_does_not_grow_with_the_round(
    director_client, django_assert_max_num_queries, teams
):
    round_ = round_in_play(teams)
    url = f"/t/{round_.tournament.slug}/round/{round_.number}/console/"
    with django_assert_max_num_queries(BUDGET["console"]):
        response = director_client.get(url)
    assert response.status_code == 200
    assert response.context["counts"]["tables"] == teams // 2
    kinds = [need.kind for need in response.context["needs"]]
    assert kinds[0] == "call" and kinds[-1] == "leaving"
    assert len(response.context["announcements"]) == 2


@pytest.mark.parametrize("teams", SIZES)
def test_the_table_page_does_not_grow_with_the_round(django_assert_max_num_queries, teams):
    round_ = round_in_play(teams)
    url = side_link(round_.tables.get(number=2), 1)
    with django_assert_max_num_queries(BUDGET["table"]):
        response = Client().get(url)
    assert response.status_code == 200
    assert response.context["pending"] is not None
    assert response.context["open_call"] is not None and response.context["clock"] is not None
    assert len(response.context["announcements"]) == 2


@pytest.mark.parametrize("teams", SIZES)
def test_the_pairings_page_does_not_grow_with_the_round(django_assert_max_num_queries, teams):
    round_ = round_in_play(teams)
    url = f"/t/{round_.tournament.slug}/round/{round_.number}/pairings/"
    with django_assert_max_num_queries(BUDGET["pairings"]):
        response = Client().get(url)
    assert response.status_code == 200
    assert len(response.context["by_name"]) == teams


@pytest.mark.parametrize("teams", SIZES)
def test_the_signed_sheet_and_its_check_do_not_grow_with_the_round(
    django_assert_max_num_queries, teams
):
    round_ = round_in_play(teams)
    url = side_link(round_.tables.get(number=1), 0)
    with django_assert_max_num_queries(BUDGET["table"]):
        signed = Client().get(url)
    code = signed.context["check"]["code"]
    url = f"/t/{round_.tournament.slug}/check/"
    with django_assert_max_num_queries(BUDGET["check"]):
        response = Client().get(url, {"round": round_.number, "table": 1, "code": code})
    assert response.context["verdict"].kind == "matches"


def round_needing_the_director(game: str, tables: int) -> Round:
    """A started round of `tables` tables, each needing the director in turn: a disputed
    hand, a sheet to sign, a correction asked of a signed sheet, a late table."""
    options, hands = FINISHING[game]
    tournament = make_tournament(
        game, entrants=tables * ONE_TABLE[game], published=True, options=options, slug="needs"
    )
    round_ = published_round(tournament)
    for table in round_.tables.all():
        kind = (table.number - 1) % 4
        if kind == 3:
            continue  # late: no hand
        size = table.seats.count()
        ruleset = tournament.ruleset
        for number, hand in enumerate(hands, start=1):
            data = ruleset.parse_hand(hand, ruleset.players_at_table(size), tournament.game_options)
            stored = entry.enter_hand(
                table,
                ruleset.hand_to_dict(data),
                actor=entry.Actor(side=0),
                nonce=f"{table.pk}-{number}",
                slot=(number, 1),
            )
            if kind == 0:
                entry.dispute_hand(
                    table, stored.pk, actor=entry.Actor(side=1), version=1, reason="not so"
                )
                break
            entry.accept_hand(table, stored.pk, actor=entry.Actor(side=1), version=1)
        if kind == 2:
            sign_every_side(table)
            entry.ask_correction(table, actor=entry.Actor(side=1), reason="hand 1 was ours")
    Round.objects.filter(pk=round_.pk).update(started=timezone.now() - timedelta(minutes=30))
    return round_


@pytest.mark.parametrize("tables", (2, 30))
@pytest.mark.parametrize("game", GAMES)
def test_the_needs_you_list_does_not_grow_with_the_round(
    director_client, django_assert_max_num_queries, game, tables
):
    round_ = round_needing_the_director(game, tables)
    url = f"/t/{round_.tournament.slug}/round/{round_.number}/console/"
    with django_assert_max_num_queries(BUDGET["console"]):
        response = director_client.get(url)
    assert response.status_code == 200
    kinds = [need.kind for need in response.context["needs"]]
    # Table 1 disputed, 2 to sign; from 4 tables on, 3 asks a correction and 4 is late.
    expected = {2: ["disputed", "unsigned"], 30: ["disputed"] * 8 + ["late"] * 7}[tables]
    if tables == 30:
        expected += ["correction"] * 7 + ["unsigned"] * 8
    assert kinds == expected
