"""Ratings across nights, for each game, through the public pages as a player reads them:
who is rated, in what order, over how many tables; a player's history and partners;
the downloads; what a corrected sheet or a merged register entry does; the stored
ratings equal to those derived again; the pages' query counts whatever the season."""

from __future__ import annotations

import csv
import datetime
import io
import re

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from openpyxl import load_workbook

from club.models import Club, Player
from demo.season import play_night
from scoring.entry import Actor, reopen
from scoring.models import Change, Hand
from scoring.outcomes import stored_outcomes
from season.models import PlayerRating
from season.ratings.build import for_player
from tests.conftest import GAMES
from tests.support.helpers import sign_every_side
from tests.support.season_nights import copies, names, season
from tournament.models import Entrant, Seat, Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def club(db):
    return Club.objects.create(name="Riverside Card Club", slug="riverside")


def ratings_url(game: str, more: str = "") -> str:
    return f"/club/riverside/ratings/{game}/{more}"


def seen(html: str) -> str:
    """The page as the eye reads it: a shared rank's words for a screen reader left out."""
    return re.sub(r'<span class="visually-hidden">.*?</span>', "", html)


def rows_of(response) -> list[dict]:
    """The ratings table as a reader sees it: one dict per row, by column heading."""
    html = seen(response.content.decode())
    body = html[html.index('<table class="list ratings"') :]
    body = body[: body.index("</table>")]
    heads = [
        re.sub(r"<[^>]+>", "", h).strip() for h in re.findall(r"<th[^>]*>(.*?)</th>", body, re.S)
    ]
    rows = []
    for tr in re.findall(r"<tr[^>]*>(.*?)</tr>", body.split("<tbody")[1], re.S):
        cells = [
            re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", tr, re.S)
        ]
        rows.append(dict(zip(heads, cells, strict=True)))
    return rows


def tables_played(player: Player) -> int:
    """From the facts: the signed tables of published nights this player sat at."""
    return (
        Seat.objects.filter(table__round__tournament__published=True)
        .filter(
            entrant__in=Entrant.objects.filter(member1=player)
            | Entrant.objects.filter(member2=player)
        )
        .values("table")
        .distinct()
        .count()
    )


@pytest.mark.parametrize("game", GAMES)
def test_a_season_of_ten_nights_rates_every_player_at_every_signed_table(client, club, game):
    nights = season(club, game, 10, played=3)
    response = client.get(ratings_url(game))
    assert response.status_code == 200
    rows = rows_of(response)
    assert sorted(r["Player"] for r in rows) == sorted(names(game))
    tables = Table.objects.filter(round__tournament__in=nights).count()
    assert f"{tables} tables rated." in response.content.decode()
    # Best rating first, and the rank follows it.
    shown = [float(r["Rating"]) for r in rows]
    assert shown == sorted(shown, reverse=True)
    assert rows[0]["Rank"] == "1"
    for row in rows:
        player = Player.objects.get(club=club, name=row["Player"])
        assert int(row["Tables"]) == tables_played(player)
        assert re.fullmatch(r"-?\d+\.\d ± \d+\.\d", row["Skill ± uncertainty"])
    # Every player has played: nobody is as unsure as a newcomer (8.3).
    assert all(float(r["Skill ± uncertainty"].split("± ")[1]) < 8.3 for r in rows)
    call_command("rebuild_ratings", "--check")  # exits non-zero on a difference


@pytest.mark.parametrize("game", GAMES)
def test_a_players_page_shows_each_table_and_the_chart(client, club, game):
    season(club, game, 3, played=1)
    player = Player.objects.get(club=club, name=names(game)[0])
    page = client.get(ratings_url(game, f"{player.pk}/"))
    assert page.status_code == 200
    html = page.content.decode()
    assert "<svg" in html and "<polygon" in html and "style=" not in html
    assert "<script>" not in html
    lines = page.context["found"].lines
    assert len(lines) == tables_played(player)
    assert html.count('class="up"') + html.count('class="down"') == len(lines)
    for line in lines:
        assert 1 <= line.place <= line.sides
        if line.place == 1 and line.sides > 1:
            assert line.change > 0, "a table won raises the rating"
    # The latest table's rating is the one the club's list shows.
    listed = {r["Player"]: r for r in rows_of(client.get(ratings_url(game)))}
    assert listed[player.name]["Rating"] == f"{lines[-1].after.shown:.1f}"
    assert f"{lines[-1].after.shown:.1f}" in html


def test_partnerships_change_and_each_pair_has_its_rating(client, club):
    game = "columbus-6-card-kitty"
    season(club, game, 10, played=4)  # partners drawn afresh on each night played
    player = Player.objects.get(club=club, name=names(game)[0])
    page = client.get(ratings_url(game, f"{player.pk}/"))
    pairs = page.context["found"].partnerships
    assert len(pairs) >= 2, "partnerships change from night to night"
    assert sum(p.tables for p in pairs) == tables_played(player)
    html = page.content.decode()
    for pair in pairs:
        assert pair.partner.name in html
    # Any pair, looked up: the two ratings combined as a team's.
    partner = pairs[0].partner
    looked = client.get(ratings_url(game, "pair/"), {"a": player.pk, "b": partner.pk})
    assert looked.status_code == 200
    text = looked.content.decode()
    assert f"{pairs[0].rating.shown:.1f}" in text
    assert f"{pairs[0].tables} table" in text
    mine = looked.context["pair"]
    assert mine["rating"].mu == pytest.approx(mine["a"].rating.mu + mine["b"].rating.mu)


def test_a_bad_pair_is_refused_by_its_field(client, club):
    game = "columbus-6-card-kitty"
    season(club, game, 1)
    player = Player.objects.get(club=club, name=names(game)[0])
    same = client.get(ratings_url(game, "pair/"), {"a": player.pk, "b": player.pk})
    assert same.status_code == 400
    assert same.context["form"].errors == {"b": ["Choose a partner other than the first player."]}
    junk = client.get(ratings_url(game, "pair/"), {"a": "x", "b": "99999"})
    assert junk.status_code == 400
    assert set(junk.context["form"].errors) == {"a", "b"}
    started = client.get(ratings_url(game, "pair/"), {"a": player.pk})
    assert started.status_code == 200 and not started.context["form"].errors


@pytest.mark.parametrize("game", GAMES[1:])
def test_a_pair_is_only_for_a_partnership_game(client, club, game):
    assert client.get(ratings_url(game, "pair/")).status_code == 404


@pytest.mark.parametrize("game", GAMES)
def test_the_downloads_hold_what_the_page_shows(client, club, game):
    season(club, game, 2)
    rows = rows_of(client.get(ratings_url(game)))
    response = client.get(ratings_url(game, "ratings.csv"))
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    lines = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert [line["Player"] for line in lines] == [r["Player"] for r in rows]
    for line, row in zip(lines, rows, strict=True):  # two decimals there, one here
        assert abs(float(line["Rating"]) - float(row["Rating"])) <= 0.051
    response = client.get(ratings_url(game, "ratings.xlsx"))
    sheet = load_workbook(io.BytesIO(response.content)).active
    values = list(sheet.iter_rows(values_only=True))
    assert values[0] == ("Rank", "Player", "Rating", "Skill", "Uncertainty", "Tables")
    assert [v[1] for v in values[1:]] == [r["Player"] for r in rows]
    assert all(isinstance(v[2], float) for v in values[1:])


def test_a_name_like_a_formula_is_not_run_by_the_spreadsheet(client, club):
    game = "three-legged-kitty"
    season(club, game, 1)
    Player.objects.filter(club=club, name=names(game)[0]).update(name="=HYPERLINK(1)")
    text = client.get(ratings_url(game, "ratings.csv")).content.decode()
    assert "'=HYPERLINK(1)" in text


@pytest.mark.parametrize("game", GAMES)
def test_unknown_game_club_or_player_is_not_found(client, club, game):
    season(club, game, 1)
    other = Club.objects.create(name="Elsewhere", slug="elsewhere")
    stranger = Player.objects.create(club=other, name="Stranger")
    assert client.get(ratings_url("bridge")).status_code == 404
    assert client.get(ratings_url("bridge", "ratings.csv")).status_code == 404
    assert client.get(f"/club/nowhere/ratings/{game}/").status_code == 404
    assert client.get(ratings_url(game, f"{stranger.pk}/")).status_code == 404
    assert client.get(ratings_url(game, "999999/")).status_code == 404
    assert client.post(ratings_url(game)).status_code == 405


@pytest.mark.parametrize("game", GAMES)
def test_only_published_nights_and_linked_players_count(client, club, game):
    first, second = season(club, game, 2, played=1)
    per_night = Table.objects.filter(round__tournament=first).count()
    assert f"{2 * per_night} tables rated." in client.get(ratings_url(game)).content.decode()

    second.published = False
    second.save()
    assert f"{per_night} tables rated." in client.get(ratings_url(game)).content.decode()

    # A player not linked to the register yet (a near match awaiting the director).
    entrant = first.entrants.order_by("pk").first()
    Entrant.objects.filter(pk=entrant.pk).update(member1=None)
    waiting = Seat.objects.filter(entrant=entrant).count()
    text = client.get(ratings_url(game)).content.decode()
    assert f"{per_night - waiting} table{'s' if per_night - waiting != 1 else ''} rated." in text
    assert f"{waiting} finished table" in text and "linked to the club's register" in text


@pytest.mark.parametrize("game", GAMES)
def test_a_sheet_reopened_stops_counting_and_signed_again_counts_the_same(
    client, director_client, director, club, game
):
    season(club, game, 2)
    before = rows_of(client.get(ratings_url(game)))
    table = Table.objects.filter(round__tournament__club=club).order_by("pk").last()
    url = f"/t/{table.round.tournament.slug}/round/{table.round.number}/table/{table.number}/"
    table.round.tournament.staff.add(director)
    response = director_client.post(url + "reopen/", {"reason": "a card counted twice"})
    assert response.status_code in (200, 302)
    after = rows_of(client.get(ratings_url(game)))
    assert after != before
    sign_every_side(table)
    assert rows_of(client.get(ratings_url(game))) == before


def test_a_hand_corrected_after_reopening_changes_the_ratings(
    client, director_client, director, club
):
    game = "columbus-6-card-kitty"
    season(club, game, 2)
    before = {r["Player"]: r["Rating"] for r in rows_of(client.get(ratings_url(game)))}
    table = Table.objects.filter(round__tournament__club=club).order_by("pk").last()
    tournament = table.round.tournament
    tournament.staff.add(director)
    url = f"/t/{tournament.slug}/round/{table.round.number}/table/{table.number}/"
    director_client.post(url + "reopen/", {"reason": "the books were miscounted"})
    # The losing team made a Boston at each hand: it now wins the round.
    result = next(c for c in stored_outcomes(tournament) if c.table_id == table.pk).outcome
    loser = 1 - result.winner if result.winner is not None else 1
    for hand in Hand.objects.filter(table=table).order_by("number")[:4]:
        boston = {"bidding_team": loser, "level": 7, "form": "plain", "books": 13}
        response = director_client.post(
            url + "edit/",
            {
                "hand": hand.pk,
                "version": hand.version,
                "reason": "miscounted",
                **{f"edit-{k}": v for k, v in boston.items()},
            },
        )
        assert response.status_code in (200, 302), response.content[:300]
    sign_every_side(table)
    after = {r["Player"]: r["Rating"] for r in rows_of(client.get(ratings_url(game)))}
    assert after != before
    call_command("rebuild_ratings", "--check")


@pytest.mark.parametrize("game", GAMES)
def test_a_merged_player_takes_the_tables_of_both(client, club, game):
    season(club, game, 2, played=1)
    keep, gone = (Player.objects.get(club=club, name=n) for n in names(game)[:2])
    # Two entries that sat at the same table cannot be one person at it: those tables
    # are left out (and said so); the rest follow the merge.
    both = tables_played(keep) + tables_played(gone)
    Entrant.objects.filter(member1=gone).update(member1=keep)
    Entrant.objects.filter(member2=gone).update(member2=keep)
    gone.delete()
    page = client.get(ratings_url(game))
    rows = {r["Player"]: r for r in rows_of(page)}
    assert gone.name not in rows
    clashes = page.context["kept"].clashes
    assert int(rows[keep.name]["Tables"]) == both - 2 * clashes
    if clashes:
        assert "one register entry sits on two sides" in page.content.decode()
    call_command("rebuild_ratings", "--check")


@pytest.mark.parametrize("game", GAMES)
def test_each_new_night_carries_the_stored_ratings_on_to_the_same_numbers(client, club, game):
    """Read after every night, the stored ratings go on from where they were (the rows of
    players not at the new night are not written again), and end exactly as rating every
    table again would."""
    (first,) = season(club, game, 1)
    client.get(ratings_url(game))
    kept_rows = dict(PlayerRating.objects.values_list("player_id", "pk"))
    for week in (1, 2):
        play_night(
            club,
            game,
            first.date + datetime.timedelta(weeks=week),
            names(game)[: 4 if game == GAMES[0] else 3],  # one table: the others sit out
            slug=f"later-{week}",
            seed=week + 7,
        )
        rows = rows_of(client.get(ratings_url(game)))
    sitting_out = set(names(game)[4 if game == GAMES[0] else 3 :])
    for player_id, pk in PlayerRating.objects.values_list("player_id", "pk"):
        if Player.objects.get(pk=player_id).name in sitting_out:
            assert kept_rows[player_id] == pk  # carried, not rewritten
    call_command("rebuild_ratings", "--check")  # the same numbers as rating them all again
    call_command("rebuild_ratings")
    assert rows_of(client.get(ratings_url(game))) == rows


def test_rebuilt_ratings_equal_the_stored_and_a_wrong_one_is_found(club, capsys):
    for game in GAMES:
        season(club, game, 2, played=1)
    call_command("rebuild_ratings")
    call_command("rebuild_ratings", "--check")
    assert "0 differences" in capsys.readouterr().out
    row = PlayerRating.objects.order_by("pk").first()
    row.mu += 1
    row.save()
    with pytest.raises(CommandError, match="differ"):
        call_command("rebuild_ratings", "--check")
    assert "1 differences" in capsys.readouterr().out
    call_command("rebuild_ratings")
    call_command("rebuild_ratings", "--check")


def pages(game: str, player: Player) -> list[str]:
    return [
        ratings_url(game),
        ratings_url(game, f"{player.pk}/"),
        ratings_url(game, "ratings.csv"),
        *(
            [ratings_url(game, "pair/") + f"?a={player.pk}&b={player.pk + 1}"]
            if game == GAMES[0]
            else []
        ),
    ]


# The same at 10 nights and at 40 (a query a night would show; bench/ratings.py measures
# more): the club, the fingerprint (three), the stored set, the rows; a player's page adds
# the player, the tables, the names, their ratings.
READ_BUDGET = 10
# Rebuilt (a write since the last read): the nights, tables, entrants, and the writes.
REBUILD_BUDGET = 20


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("nights", [10, 40])
def test_the_pages_cost_the_same_queries_whatever_the_season(
    club, game, nights, django_assert_max_num_queries
):
    (first,) = season(club, game, 1)
    copies(first, nights - 1)
    client = Client()
    player = Player.objects.get(club=club, name=names(game)[0])
    table = Table.objects.filter(round__tournament=first).first()
    for url in pages(game, player):
        assert client.get(url).status_code == 200  # stores what was not stored yet
    for url in pages(game, player):
        with django_assert_max_num_queries(READ_BUDGET):
            assert client.get(url).status_code == 200
    for url in pages(game, player):
        # A write at a table (every one is logged): the ratings are derived again.
        Change.objects.create(table=table, actor="Director", action="Gave a side a new link")
        with django_assert_max_num_queries(REBUILD_BUDGET):
            assert client.get(url).status_code == 200


def test_hands_at_a_table_still_playing_leave_the_ratings_stored(
    client, director, club, django_assert_max_num_queries
):
    game = "three-legged-kitty"
    season(club, game, 1)
    table = Table.objects.filter(round__tournament__club=club).order_by("pk").last()
    reopen(table, actor=Actor(user=director), reason="a card counted twice")
    rated = client.get(ratings_url(game)).context["kept"].rated
    # A write at the reopened table, which counts again only once signed again.
    Change.objects.create(table=table, actor="Ann", action="Entered hand 1")
    with django_assert_max_num_queries(READ_BUDGET):
        assert client.get(ratings_url(game)).context["kept"].rated == rated
    sign_every_side(table)
    assert client.get(ratings_url(game)).context["kept"].rated == rated + 1


def test_a_players_ratings_at_every_game_for_their_page(club, django_assert_max_num_queries):
    """What the player page shows (season.ratings.build.for_player and its include): a line per
    game the player is rated in, with the rank among the club's players."""
    for game in GAMES[:2]:
        season(club, game, 1)
    player = Player.objects.get(club=club, name=names(GAMES[0])[0])
    Entrant.objects.filter(member1__name=names(GAMES[1])[0]).update(member1=player)
    found = for_player(player)  # stores the ratings not stored yet
    assert [r.game for r in found] == list(GAMES[:2])
    with django_assert_max_num_queries(6):
        found = for_player(player)
    listed = {r["Player"]: r for r in rows_of(Client().get(ratings_url(GAMES[0])))}
    shown = listed[player.name]["Rank"]  # "=3" when another has the same rating
    assert found[0].rank == int(shown.lstrip("=")) and found[0].of == len(listed)
    assert found[0].tied == shown.startswith("=")
    html = Client().get(f"/club/riverside/players/{player.pk}/").content.decode()
    assert f"/club/riverside/ratings/{GAMES[1]}/{player.pk}/" in html
    assert f"{found[1].rating.shown:.1f}" in html


def test_the_club_home_leads_to_each_games_ratings_and_a_player_page_to_theirs(client, club):
    """A visitor starts at the club's page: each game it has played links its ratings, and a
    player's own page gives their rating at each game, linked to the history."""
    for game in GAMES[:2]:
        season(club, game, 1)
    home = client.get("/club/riverside/").content.decode()
    for game in GAMES[:2]:
        assert f'href="{ratings_url(game)}"' in home
    assert ratings_url(GAMES[2]) not in home  # a game the club has not played
    player = Player.objects.get(club=club, name=names(GAMES[0])[0])
    page = client.get(f"/club/riverside/players/{player.pk}/").content.decode()
    listed = {r["Player"]: r for r in rows_of(client.get(ratings_url(GAMES[0])))}
    assert f'href="{ratings_url(GAMES[0], f"{player.pk}/")}"' in page
    said = re.sub(r"<[^>]+>", "", seen(page))
    assert f"{listed[player.name]['Rank']} of {len(listed)} in the club's ratings" in said


def test_a_round_forfeited_before_any_hand_is_not_a_table_rated(director_client, club):
    """6 Card Kitty rule 7: a team not seated within 5 minutes forfeits the round; the
    opponents win it with 5 points. The standings count it as won and lost, but no card
    was played: the ratings do not rate it, nor count it among a player's tables."""
    from tests.conftest import make_tournament
    from tests.scoring.test_rulings import rule
    from tests.support.helpers import FINISHING, accepted_hands, published_round
    from tournament.linking import link_entrants

    game = "columbus-6-card-kitty"
    options, hands = FINISHING[game]
    night = make_tournament(game, entrants=4, published=True, club=club, options=options)
    people = [
        "Ann Bell",
        "Bob Cole",
        "Cy Dunn",
        "Di Eve",
        "Ed Fay",
        "Flo Gray",
        "Gus Hart",
        "Ida Ng",
    ]
    for n, team in enumerate(night.entrants.order_by("order")):  # names told apart
        team.player1, team.player2 = people[2 * n : 2 * n + 2]
        team.save()
    link_entrants(night, night.entrants.all())
    round_ = published_round(night)
    forfeited, played = round_.tables.order_by("number")
    rule(director_client, night, forfeited, "7", offender="0")  # North-South were late
    sign_every_side(forfeited)
    accepted_hands(played, hands)
    sign_every_side(played)
    late, waiting = (s.entrant for s in forfeited.seats.order_by("position"))

    standings = director_client.get(f"/t/{night.slug}/standings/?view=public").context["board"]
    row = next(r for r in standings.rows if r.entrant == waiting.pk)
    assert (row.played, row.wins) == (1, 1)  # the forfeit is won, in the standings

    response = Client().get(ratings_url(game))
    assert "1 table rated." in response.content.decode()
    rated = {r["Player"]: r for r in rows_of(response)}
    at_the_forfeit = set(late.players + waiting.players)
    assert not at_the_forfeit & set(rated), "nobody played at the forfeited table"
    assert len(rated) == 4 and all(r["Tables"] == "1" for r in rated.values())
    for name in late.players:
        player = Player.objects.get(club=club, name=name)
        assert for_player(player) == []  # no rating at all: no game played
