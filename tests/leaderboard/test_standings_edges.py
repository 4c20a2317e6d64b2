"""The standings pages at their edges, as ruled for every game (rules-decisions.md, "Every
game: byes, entrants who have not played, signatures"): the bye of a 6 Card Kitty night
scored and marked, an entrant with no table and no bye listed last with a dash, and the
Boston pot's lead (rule 39) shared by every team level on the best record. Worked by hand
on the page, the projector, the downloads and the PDF."""

import csv
import io
import re

import pytest
from django.test import Client

from leaderboard.board import PUBLIC, board
from scoring.models import Hand, Signature
from tests.conftest import GAMES
from tests.printing.pdftext import pages_text
from tests.support.helpers import published_round
from tests.support.printed_nights import played_night
from tests.support.standings_helpers import made
from tournament.models import Entrant

pytestmark = pytest.mark.django_db

DASH = "\N{EN DASH}"


def rows_of(response) -> list[dict]:
    return list(response.context["table"].data)


def play(table, hands: list[dict]) -> None:
    for number, record in enumerate(hands, start=1):
        Hand.objects.create(
            table=table,
            number=number,
            nonce=f"{table.pk}-{number}",
            status=Hand.Status.ACCEPTED,
            record=record,
        )
    Signature.objects.bulk_create(Signature(table=table, side=s, name="x") for s in (0, 1))


def sides(table):
    return [s.entrant for s in table.seats.select_related("entrant").order_by("position")]


# Seven teams checked in of eight: three tables and a bye. At every table North-South
# make three bids of 4 with 11 books (5 points each: 15); East-West make one bid of 4,
# with 10, 11 and 12 books at tables 1, 2 and 3 (4, 5 and 6 points).
#   the bye scores (15 + 15 + 15) / 3 = 15 and concedes (4 + 5 + 6) / 3 = 5
#   1  table 1's North-South   15, conceded 4
#   =2 table 2's North-South   15, conceded 5, and the bye: 15, conceded 5
#   4  table 3's North-South   15, conceded 6
#   5, 6, 7: East-West of tables 3, 2 and 1 (6, 5 and 4 points)
#   –  Team 8, not checked in: no table, no bye
# The Boston pot (40, no Boston made): the best record is 1 round won and 15 points,
# shared by the three winners and the bye: 10.00 each.
EAST_WEST_BOOKS = {1: 10, 2: 11, 3: 12}


@pytest.fixture
def night(kitty):
    kitty.boston_pot = 40
    kitty.save()
    late = kitty.entrants.get(name="Team 8")
    late.checked_in = False
    late.save()
    round_ = published_round(kitty)
    tables = {t.number: t for t in round_.tables.all()}
    assert sorted(tables) == [1, 2, 3]
    for number, table in tables.items():
        play(table, [made(0, 11)] * 3 + [made(1, EAST_WEST_BOOKS[number])])
    return kitty, tables, round_.byes.get().entrant, late


def test_the_bye_scores_and_concedes_the_rounds_averages_and_ranks_with_its_record(night):
    kitty, tables, bye, late = night
    rows = rows_of(Client().get(f"/t/{kitty.slug}/standings/"))
    (ns1, ew1), (ns2, ew2), (ns3, ew3) = (sides(tables[n]) for n in (1, 2, 3))
    level = sorted([ns2, bye], key=lambda e: e.pk)
    assert [(r["shown_rank"], r["name"]) for r in rows] == [
        ("1", ns1.name),
        ("=2", level[0].name),
        ("=2", level[1].name),
        ("4", ns3.name),
        ("5", ew3.name),
        ("6", ew2.name),
        ("7", ew1.name),
        (DASH, late.name),
    ]
    figures = {r["name"]: (r["wins"], r["points"], r["conceded"], r["byes"]) for r in rows}
    assert figures[bye.name] == (1, 15, 5, 1)
    assert figures[ns1.name] == (1, 15, 4, 0) and figures[ns3.name] == (1, 15, 6, 0)
    assert figures[late.name] == (0, 0, 0, 0)


def test_the_page_marks_the_bye_and_the_dash_and_shares_the_pots_lead(night):
    kitty, tables, bye, late = night
    html = Client().get(f"/t/{kitty.slug}/standings/").content.decode()
    assert f'{bye.name}</a> <span class="badge bye">bye in round 1</span>' in html
    assert html.count('class="badge bye"') == 1
    assert 'title="not ranked yet"' in html and "no table or bye counted yet" in html
    assert "conceding its average losing points" in html
    (lead,) = re.findall(r"Leading now: ([^<]*)</p>", html)
    names, share = lead.split(" — ")
    winners = {sides(tables[n])[0].name for n in (1, 2, 3)} | {bye.name}
    assert set(names.split(", ")) == winners
    assert share == "10.00 each of 40.00"
    kitty.boston_pot = 0  # no amount entered: the shares are said in words
    kitty.save()
    html = Client().get(f"/t/{kitty.slug}/standings/").content.decode()
    (lead,) = re.findall(r"Leading now: ([^<]*)</p>", html)
    assert lead.endswith(" — an equal share each") and lead.count(", ") == 3


def test_sorted_by_rank_the_dash_stays_last_and_the_downloads_keep_plain_names(night):
    kitty, _, bye, late = night
    by_rank = Client().get(f"/t/{kitty.slug}/standings/?sort=rank")
    assert [row.record["name"] for row in by_rank.context["table"].rows][-1] == late.name
    response = Client().get(f"/t/{kitty.slug}/standings/?_export=csv")
    lines = list(csv.reader(io.StringIO(response.content.decode())))
    assert lines[-1][:3] == [DASH, late.name, "0"]
    assert [line[1] for line in lines].count(bye.name) == 1


def test_the_projector_and_the_pdf_mark_the_bye_and_the_dash(night):
    kitty, _, bye, late = night
    projector = Client().get(f"/t/{kitty.slug}/standings/projector/").content.decode()
    assert f'{bye.name} <span class="badge bye">bye in round 1</span>' in projector
    assert 'title="not ranked yet"' in projector
    pdf = Client().get(f"/t/{kitty.slug}/standings/pdf/")
    lines = "\n".join(pages_text(pdf.content)).splitlines()
    # Rank, team, played, rounds won, points, head-to-head, conceded, lost, Bostons, byes.
    assert f"=2 {bye.name} (bye in round 1) 1 1 15 0 5 0 0 1" in lines
    assert f"{DASH} {late.name} 0 0 0 0 0 0 0 0" in lines


def test_the_byes_record_shows_the_rounds_averages(night):
    kitty, _, bye, _ = night
    html = Client().get(f"/t/{kitty.slug}/standings/entrant/{bye.pk}/").content.decode()
    assert "Bye: a round won" in html and "15–5" in html


def test_a_team_with_no_rank_neither_makes_the_cut_nor_shows_a_place(night):
    kitty, _, _, late = night
    html = Client().get(f"/t/{kitty.slug}/standings/entrant/{late.pk}/").content.decode()
    assert "Not ranked yet" in html and 'class="badge"' not in html
    kitty.playoff_size = 8
    kitty.save()
    assert board(kitty, PUBLIC).cut_error == "Only 7 teams can play: 8 cannot advance."


def test_before_any_table_is_signed_no_one_leads_the_pot(kitty):
    kitty.boston_pot = 40
    kitty.save()
    published_round(kitty)
    html = Client().get(f"/t/{kitty.slug}/standings/").content.decode()
    assert "Leading now" not in html and "No one leads yet" in html


# -- every game: a night whose table 1 is signed and table 2 still playing ----------------


@pytest.mark.parametrize("game", GAMES)
def test_entrants_nothing_counts_for_yet_are_listed_last_with_a_dash(director_client, game):
    tournament = played_night(game)
    late = Entrant.objects.create(
        tournament=tournament,
        name="Late Comer",
        player1="Late A" if tournament.is_partnership else "",
        player2="Late B" if tournament.is_partnership else "",
        order=99,
    )
    round_ = tournament.round_set.get()
    first = {s.entrant.name for s in round_.tables.get(number=1).seats.select_related("entrant")}
    rows = rows_of(Client().get(f"/t/{tournament.slug}/standings/"))
    ranked = [r for r in rows if r["shown_rank"] != DASH]
    assert {r["name"] for r in ranked} == first  # table 1's, signed
    assert rows[: len(ranked)] == ranked and rows[-1]["name"] == late.name
    assert all(r["played"] == 0 for r in rows[len(ranked) :])
    assert min(r["rank"] for r in ranked) == 1
    # Counted live, table 2 counts as it stands; the late entrant has still played nothing.
    live = rows_of(director_client.get(f"/t/{tournament.slug}/standings/?view=live"))
    assert [r["name"] for r in live if r["shown_rank"] == DASH] == [late.name]
    pdf = Client().get(f"/t/{tournament.slug}/standings/pdf/")
    dashes = [x for x in "\n".join(pages_text(pdf.content)).splitlines() if x.startswith(DASH)]
    assert len(dashes) == len(rows) - len(ranked) and dashes[-1].startswith(f"{DASH} Late Comer")


def test_3_legged_kitty_worked_by_hand(director):
    # Table 1: seat 0 is the Cat each hand, bids 9 and takes all 10 tricks: 9 a hand, 36
    # after the fourth (the game ends past 30; the misdeal's hand scores nothing); seats 1
    # and 2 score 0 and fail no contract. Table 2 is still playing: its players have no
    # rank, nor the player registered after the draw. Before, those four were level with
    # seats 1 and 2 at "=2".
    tournament = played_night("three-legged-kitty")
    Entrant.objects.create(tournament=tournament, name="Late Comer", order=99)
    table = tournament.round_set.get().tables.get(number=1)
    cat, second, third = sides(table)
    rows = rows_of(Client().get(f"/t/{tournament.slug}/standings/"))
    assert [(r["shown_rank"], r["score"], r["games_won"]) for r in rows] == [
        ("1", 36, 4),
        ("=2", 0, 0),
        ("=2", 0, 0),
        (DASH, 0, 0),
        (DASH, 0, 0),
        (DASH, 0, 0),
        (DASH, 0, 0),
    ]
    assert rows[0]["name"] == cat.name
    assert {rows[1]["name"], rows[2]["name"]} == {second.name, third.name}
    assert rows[-1]["name"] == "Late Comer"
