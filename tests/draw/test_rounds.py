"""Drawing, editing and publishing rounds through the director's pages."""

import pytest
from django.test import Client

from draw.rounds import RoundError, draw_next_round
from scoring.models import Hand
from tests.conftest import make_tournament
from tests.support.helpers import published_round
from tournament.draws import stored_draw
from tournament.models import Bye, Round, Seat

pytestmark = pytest.mark.django_db


def play_out(round_, winner_side: int = 0):
    """Every table's four hands, accepted: side `winner_side` makes bid 4 each time."""
    for table in round_.tables.all():
        for number in range(1, 5):
            Hand.objects.create(
                table=table,
                number=number,
                nonce=f"{table.pk}-{number}",
                status=Hand.Status.ACCEPTED,
                record={
                    "bidding_team": winner_side,
                    "level": 4,
                    "form": "plain",
                    "direction": None,
                    "books": 10,
                },
            )


def test_draw_publish_and_the_public_sees_only_published(director_client, kitty):
    client = Client()  # a visitor, not signed in
    response = director_client.post(f"/t/{kitty.slug}/rounds/draw/")
    assert response.status_code == 302 and response["Location"].endswith("/round/1/")
    round_ = kitty.round_set.get()
    assert round_.status == Round.Status.DRAFT
    assert round_.tables.count() == 4
    seated = list(Seat.objects.filter(table__round=round_).values_list("entrant_id", flat=True))
    assert sorted(seated) == sorted(kitty.entrants.values_list("id", flat=True))

    assert client.get(f"/t/{kitty.slug}/round/1/pairings/").status_code == 404
    assert "Round 1" not in client.get(f"/t/{kitty.slug}/rounds/").content.decode()

    director_client.post(f"/t/{kitty.slug}/round/1/publish/")
    round_.refresh_from_db()
    assert round_.status == Round.Status.PUBLISHED
    page = client.get(f"/t/{kitty.slug}/round/1/pairings/")
    assert page.status_code == 200
    names = [row[0] for row in page.context["by_name"]]
    assert names == sorted(names, key=str.casefold) and len(names) == 8


def test_only_checked_in_entrants_are_paired_and_an_odd_count_gets_a_bye(director_client):
    tournament = make_tournament(entrants=9)
    tournament.entrants.filter(name="Team 9").update(checked_in=False)
    tournament.entrants.filter(name="Team 8").update(withdrawn=True)
    round_ = draw_next_round(tournament, seed=3)
    draw = stored_draw(round_)
    ids = {i for t in draw.tables for i in t} | set(draw.byes)
    names = set(tournament.entrants.filter(id__in=ids).values_list("name", flat=True))
    assert names == {f"Team {i}" for i in range(1, 8)}
    assert len(draw.byes) == 1


def test_round_two_has_no_rematch_and_byes_rotate(kitty):
    kitty.entrants.filter(name="Team 8").update(withdrawn=True)  # 7 teams: a bye each round
    first = published_round(kitty, seed=5)
    play_out(first)
    second = draw_next_round(kitty, seed=5)
    met = {frozenset(t) for t in stored_draw(first).tables}
    assert not met & {frozenset(t) for t in stored_draw(second).tables}
    assert set(stored_draw(first).byes) != set(stored_draw(second).byes)


def test_next_round_waits_for_every_table(kitty):
    published_round(kitty)
    with pytest.raises(RoundError, match="still being played"):
        draw_next_round(kitty)


def test_a_draft_must_be_published_or_deleted_first(director_client, kitty):
    draw_next_round(kitty, seed=1)
    response = director_client.post(f"/t/{kitty.slug}/rounds/draw/")
    assert response.status_code == 409
    assert "A draft is waiting" in response.content.decode()
    director_client.post(f"/t/{kitty.slug}/round/1/delete/")
    assert not kitty.round_set.exists()


def test_swap_warns_of_a_rematch_and_move_refuses_a_broken_table(director_client, kitty):
    first = published_round(kitty, seed=2)
    play_out(first)
    second = draw_next_round(kitty, seed=2)
    one, two = stored_draw(second).tables[:2]
    first_round = {a: b for a, b in stored_draw(first).tables} | {
        b: a for a, b in stored_draw(first).tables
    }
    old_opponent = first_round[one[0]]  # 8 teams: nobody had a bye
    url = f"/t/{kitty.slug}/round/2/edit/"
    response = director_client.post(
        url, {"action": "swap", "entrant": one[1], "other": old_opponent}, follow=True
    )
    page = response.content.decode()
    assert "Changed the draft." in page and "have met once before" in page
    assert set(stored_draw(second).tables[0]) == {one[0], old_opponent}

    before = stored_draw(second)
    response = director_client.post(url, {"action": "move", "entrant": two[0], "table": 1})
    assert response.status_code == 409
    assert "That would leave table" in response.content.decode()
    assert stored_draw(second) == before


def test_a_published_round_cannot_be_edited(director_client, kitty):
    round_ = published_round(kitty)
    a, b = stored_draw(round_).tables[0]
    response = director_client.post(
        f"/t/{kitty.slug}/round/1/edit/", {"action": "swap", "entrant": a, "other": b}
    )
    assert response.status_code == 409
    assert "Only a draft can be changed" in response.content.decode()
    response = director_client.post(f"/t/{kitty.slug}/round/1/edit/", {"action": "swap"})
    assert response.status_code == 400 and "Choose who to swap" in response.content.decode()


def test_a_late_arrival_is_paired_next_round(kitty):
    kitty.entrants.filter(name="Team 8").update(checked_in=False)
    first = published_round(kitty, seed=1)
    assert Bye.objects.filter(round=first).count() == 1
    play_out(first)
    kitty.entrants.filter(name="Team 8").update(checked_in=True)
    second = draw_next_round(kitty, seed=1)
    assert len(stored_draw(second).tables) == 4 and not stored_draw(second).byes


def test_ascot_prefers_tables_of_four(db):
    tournament = make_tournament("ascot", entrants=10, slug="ascot")
    draw = stored_draw(draw_next_round(tournament, seed=1))
    assert sorted(len(t) for t in draw.tables) == [3, 3, 4]


def test_pinochle_seats_threes_and_sits_the_rest_out(db):
    tournament = make_tournament("cutthroat-pinochle", entrants=10, slug="pin")
    draw = stored_draw(draw_next_round(tournament, seed=1))
    assert [len(t) for t in draw.tables] == [3, 3, 3] and len(draw.byes) == 1


def test_the_round_page_shows_seats_and_warnings(director_client, kitty):
    draw_next_round(kitty, seed=1)
    page = director_client.get(f"/t/{kitty.slug}/round/1/")
    assert page.status_code == 200
    assert "North-South" in page.content.decode()
    assert "Repeated opponents in this draft: 0" in page.content.decode()
