"""The standings pages as a player and the director see them."""

import csv
import io

import pytest
from django.test import Client
from pypdf import PdfReader

from scoring.models import Hand, Signature
from tests.conftest import make_tournament
from tests.support.helpers import published_round
from tests.support.standings_helpers import play_round, play_table
from tournament.models import Round, Seat

pytestmark = pytest.mark.django_db


def names_in_order(response) -> list[str]:
    return [row["name"] for row in response.context["table"].data]


def ns_team(table):
    return table.seats.get(position=0).entrant


def test_the_public_sees_only_signed_sheets_the_director_sees_every_finished_table(
    director_client, kitty
):
    round_ = play_round(kitty, sign=False)
    first = round_.tables.get(number=1)
    Signature.objects.bulk_create(Signature(table=first, side=s, name="x") for s in (0, 1))
    public = Client().get(f"/t/{kitty.slug}/standings/")
    rows = {r["name"]: r for r in public.context["table"].data}
    assert rows[ns_team(first).name]["wins"] == 1
    assert sum(r["played"] for r in rows.values()) == 2  # one signed table, two teams
    assert "signed by every side" in public.content.decode()

    director = director_client.get(f"/t/{kitty.slug}/standings/")
    assert sum(r["played"] for r in director.context["table"].data) == 8
    assert "signed or not" in director.content.decode()


def test_live_view_counts_points_at_tables_still_playing(director_client, kitty):
    round_ = published_round(kitty)
    table = round_.tables.get(number=1)
    play_table(table, [0, 0], sign=False)  # two of four hands
    page = director_client.get(f"/t/{kitty.slug}/standings/?view=live")
    rows = {r["name"]: r for r in page.context["table"].data}
    assert rows[ns_team(table).name]["points"] == 8 and rows[ns_team(table).name]["wins"] == 0
    finished = director_client.get(f"/t/{kitty.slug}/standings/")
    assert {r["name"]: r for r in finished.context["table"].data}[ns_team(table).name][
        "points"
    ] == 0


def test_an_unpublished_tournament_has_no_public_standings(director_client):
    hidden = make_tournament(entrants=4, slug="hidden")
    assert Client().get("/t/hidden/standings/").status_code == 404
    assert Client().get("/t/hidden/standings/projector/").status_code == 404
    assert director_client.get("/t/hidden/standings/").status_code == 200
    assert hidden.entrants.count() == 4


def test_ties_read_as_shared_ranks_and_the_order_is_printed(kitty):
    play_round(kitty)  # every winner 16-0: four teams level at the top, four at the bottom
    page = Client().get(f"/t/{kitty.slug}/standings/")
    ranks = [r["shown_rank"] for r in page.context["table"].data]
    assert ranks == ["=1"] * 4 + ["=5"] * 4
    html = page.content.decode()
    assert "Rounds won, then Points, then Head-to-head, then Points conceded (fewest)" in html
    assert ">=1<" in html


def test_sorting_by_a_column_and_a_row_opens_the_entrants_record(kitty):
    play_round(kitty)
    page = Client().get(f"/t/{kitty.slug}/standings/?sort=-name")
    shown = [row.record["name"] for row in page.context["table"].rows]
    assert shown == sorted(shown, key=str.casefold, reverse=True)
    team = kitty.entrants.get(name="Team 3")
    assert f'data-href="/t/{kitty.slug}/standings/entrant/{team.pk}/"' in page.content.decode()


def test_csv_and_xlsx_export(kitty):
    play_round(kitty)
    response = Client().get(f"/t/{kitty.slug}/standings/?_export=csv")
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:5] == ["Rank", "Team", "Played", "Rounds won", "Points"]
    # A tied rank (=1) would run as a formula in a spreadsheet: it is kept as text.
    assert len(rows) == 9 and rows[1][0] == "'=1" and rows[1][3] == "1"
    xlsx = Client().get(f"/t/{kitty.slug}/standings/?_export=xlsx")
    assert xlsx.status_code == 200 and xlsx.content[:2] == b"PK"


def test_the_entrants_record_round_by_round_with_a_bye(kitty):
    kitty.entrants.filter(name="Team 8").update(withdrawn=True)  # seven teams: one bye a round
    play_round(kitty, seed=2)
    bye = Round.objects.get(tournament=kitty).byes.get().entrant
    seated = Seat.objects.filter(table__round__tournament=kitty).select_related("entrant")
    seat = seated.get(table__number=1, position=1)
    page = Client().get(f"/t/{kitty.slug}/standings/entrant/{seat.entrant.pk}/")
    html = page.content.decode()
    opponent = seated.get(table__number=1, position=0).entrant
    assert opponent.name in html and "Lost" in html and "0–16" in html
    bye_page = Client().get(f"/t/{kitty.slug}/standings/entrant/{bye.pk}/").content.decode()
    assert "Bye: a round won" in bye_page
    assert Client().get(f"/t/{kitty.slug}/standings/entrant/999999/").status_code == 404


def test_an_unsigned_table_shows_no_score_to_the_public(kitty):
    round_ = play_round(kitty, sign=False)
    team = ns_team(round_.tables.get(number=1))
    html = Client().get(f"/t/{kitty.slug}/standings/entrant/{team.pk}/").content.decode()
    assert "Not signed yet" in html and "16–0" not in html


def test_the_projector_pages_through_a_long_list_and_refreshes_itself():
    big = make_tournament(entrants=30, published=True, slug="big")
    page = Client().get("/t/big/standings/projector/?rows=12")
    assert page.context["screens"] == 3 and len(page.context["rows"]) == 12
    assert 'http-equiv="refresh"' in page.content.decode()
    assert page.context["next_url"].startswith("?screen=2&")
    last = Client().get("/t/big/standings/projector/?rows=12&screen=3")
    assert len(last.context["rows"]) == 6 and last.context["next_url"].startswith("?screen=1&")
    junk = Client().get("/t/big/standings/projector/?rows=x&screen=-4&every=0")
    assert junk.status_code == 200 and junk.context["screen"] == 1 and junk.context["seconds"] == 5
    assert big.entrants.count() == 30


def test_the_standings_pdf_has_the_cut_and_the_tiebreak_order(director_client, kitty):
    play_round(kitty)
    kitty.playoff_size = 4
    kitty.save()
    response = Client().get(f"/t/{kitty.slug}/standings/pdf/")
    assert response["Content-Type"] == "application/pdf"
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(response.content)).pages)
    assert "PLAYOFF CUT" in text and "Team 1" in text and "Rounds won, then Points" in text
    assert (
        f'href="/t/{kitty.slug}/standings/pdf/"'
        in Client().get(f"/t/{kitty.slug}/standings/").content.decode()
    )


def test_the_boston_pot_shows_each_share(kitty):  # rule 39
    kitty.boston_pot = 30
    kitty.save()
    round_ = published_round(kitty)
    tables = list(round_.tables.all())
    play_table(tables[0], [0, 0, 0, 0], books=13)  # North-South: four Bostons
    play_table(tables[1], [1, 1, 1, 1], books=13)  # East-West: four Bostons
    for table in tables[2:]:
        play_table(table, [0, 0, 0, 0])
    html = Client().get(f"/t/{kitty.slug}/standings/").content.decode()
    a, b = ns_team(tables[0]).name, tables[1].seats.get(position=1).entrant.name
    assert "Boston pot" in html and f"{a} <strong>4</strong>" in html
    assert "15.00 each of 30.00" in html and a in html and b in html


def test_the_settings_form_takes_a_standings_order_and_refuses_a_bad_one(director_client, kitty):
    url = f"/t/{kitty.slug}/edit/"
    form = director_client.get(url).context["form"]
    data = {k: v for k, v in form.initial.items() if v is not None}
    data.update(date="2026-11-20", tiebreaks="points, rounds won, seeger_fabian")
    data["staff"] = [user.pk for user in data["staff"]]  # the ticked boxes post ids
    data = {k: ("on" if v is True else v) for k, v in data.items() if v is not False}
    response = director_client.post(url, data)
    assert response.status_code == 400
    assert "not a standings metric" in response.context["form"].errors["tiebreaks"][0]
    kitty.refresh_from_db()
    assert kitty.tiebreaks == ""

    data["tiebreaks"] = "Points, wins"
    assert director_client.post(url, data).status_code == 302
    kitty.refresh_from_db()
    assert kitty.tiebreaks == "points, wins"
    page = Client().get(f"/t/{kitty.slug}/standings/").content.decode()
    assert "Ranked by</strong> Points, then Rounds won." in page


def test_ascot_with_seeger_fabian_ranks_by_the_seeger_fabian_total(db):
    ascot = make_tournament(
        "ascot", entrants=3, slug="ascot", published=True, options={"seeger_fabian": True}
    )
    round_ = published_round(ascot)
    table = round_.tables.get()
    hands = [
        {"passed_out": False, "declarer": 0, "bid": 60, "game": "suit", "card_points": 70},
        {"passed_out": False, "declarer": 1, "bid": 80, "game": "suit", "card_points": 70},
    ]
    Hand.objects.bulk_create(
        Hand(
            table=table,
            number=n,
            nonce=str(n),
            status=Hand.Status.ACCEPTED,
            record=hands[(n - 1) % 2],
        )
        for n in range(1, 13)
    )
    Signature.objects.bulk_create(Signature(table=table, side=s, name="x") for s in range(3))
    page = Client().get("/t/ascot/standings/")
    rows = {r["name"]: r for r in page.context["table"].data}
    seat = {s.position: s.entrant.name for s in table.seats.all()}
    # Six deals made by seat 1 (70 + 50 each), six lost by seat 2 (-120 - 50, +40 to the others).
    assert rows[seat[0]]["seeger_fabian"] == 6 * 120 + 6 * 40
    assert rows[seat[0]]["score"] == 6 * 70
    assert rows[seat[1]]["seeger_fabian"] == 6 * -170 and rows[seat[1]]["games_lost"] == 6
    assert "Ranked by</strong> Seeger-Fabian, then Games won" in page.content.decode()


@pytest.mark.parametrize("teams", [8, 40])
def test_standings_pages_take_the_same_number_of_queries_whatever_the_size(
    django_assert_max_num_queries, director_client, teams
):
    tournament = make_tournament(entrants=teams, published=True, slug=f"size-{teams}")
    tournament.playoff_size = 4
    tournament.save()
    play_round(tournament, seed=1)
    play_round(tournament, seed=2, winner=lambda table: table.number % 2)
    entrant = tournament.entrants.first()
    public = Client()
    base = f"/t/{tournament.slug}/standings/"
    for client, url in [
        (public, base),
        (director_client, base),
        (director_client, base + "?view=live"),
        (public, base + "projector/"),
        (public, base + f"entrant/{entrant.pk}/"),
        (public, base + "pdf/"),
    ]:
        # 17: the standings page also reads the version it shows (three small queries),
        # which its live poll asks for.
        with django_assert_max_num_queries(17):
            assert client.get(url).status_code == 200, url


@pytest.mark.parametrize(
    "game", ["columbus-6-card-kitty", "three-legged-kitty", "ascot", "cutthroat-pinochle"]
)
def test_an_entrant_withdrawn_before_playing_holds_no_rank(director_client, game):
    tournament = make_tournament(game, entrants=7, published=True)
    gone = tournament.entrants.get(order=7)
    director_client.post(f"/t/{tournament.slug}/entrants/{gone.pk}/withdraw/")
    gone.refresh_from_db()
    assert gone.withdrawn
    published_round(tournament)
    page = director_client.get(f"/t/{tournament.slug}/standings/")
    shown = names_in_order(page)
    assert gone.name not in shown and len(shown) == 6
    # Their own page (an old link, a search) says so, for the director and the public.
    for client in (director_client, Client()):
        record = client.get(f"/t/{tournament.slug}/standings/entrant/{gone.pk}/")
        assert record.status_code == 200
        assert "Withdrew before playing a round: not ranked." in record.content.decode()


def test_a_team_withdrawn_after_playing_keeps_its_results(director_client, kitty):
    round_ = play_round(kitty)
    winner = ns_team(round_.tables.get(number=1))
    director_client.post(f"/t/{kitty.slug}/entrants/{winner.pk}/withdraw/")
    rows = {
        r["name"]: r
        for r in director_client.get(f"/t/{kitty.slug}/standings/").context["table"].data
    }
    assert rows[winner.name]["wins"] == 1


def test_the_heading_says_what_the_figures_count(director_client, kitty):
    play_round(kitty)
    page = director_client.get(f"/t/{kitty.slug}/standings/").content.decode()
    assert "Standings after round 1</h1>" in page
    second = play_round(kitty, seed=2, sign=False)
    Hand.objects.filter(table__round=second).exclude(table__number=1).delete()
    page = director_client.get(f"/t/{kitty.slug}/standings/").content.decode()
    assert "Standings after round 1 and 1 of 4 tables of round 2</h1>" in page
    public = Client().get(f"/t/{kitty.slug}/standings/").content.decode()
    assert "Standings after round 1</h1>" in public  # round 2's sheet is not signed yet
