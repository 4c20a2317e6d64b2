"""The playoff through the director's standings page: the cut, the bracket, rule 6."""

import pytest
from django.test import Client

from scoring.models import Hand
from tests.conftest import make_tournament
from tests.support.helpers import side_link, standings_drawn
from tests.support.standings_helpers import play_round, play_table
from tournament.models import Bye, Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(db):
    """Eight teams, two rounds played, won by different margins: no two teams level."""
    t = make_tournament(entrants=8, published=True, rounds=2, first_round="registration")
    play_round(t, seed=1, books=lambda table: 9 + table.number)
    play_round(t, seed=2, winner=lambda table: table.number % 2, books=lambda table: 10)
    ranks = [r["shown_rank"] for r in standings_drawn(Client(), t).context["table"].data]
    assert ranks == [str(n) for n in range(1, 9)]
    return t


def pairs(round_) -> list[tuple[str, str]]:
    return [
        tuple(s.entrant.name for s in table.seats.order_by("position"))
        for table in round_.tables.all()
    ]


def ranked(t) -> list[str]:
    return [r["name"] for r in standings_drawn(Client(), t).context["table"].data]


def test_the_cut_then_a_bracket_of_one_v_four_and_two_v_three(director_client, night):
    url = f"/t/{night.slug}/standings/playoff/"
    top = ranked(night)
    response = director_client.post(url + "size/", {"size": "4"})
    assert response.status_code == 302
    page = director_client.get(f"/t/{night.slug}/standings/")
    assert "the top 4 advance" in page.content.decode()
    classes = [r["classes"] for r in page.context["table"].data]
    assert "cut" in classes[3] and "cut" not in classes[2]

    assert director_client.post(url + "create/").status_code == 302
    playoff = Round.objects.get(tournament=night, playoff=True)
    assert playoff.number == 3 and playoff.status == Round.Status.PUBLISHED
    assert pairs(playoff) == [(top[0], top[3]), (top[1], top[2])]
    table = playoff.tables.get(number=1)
    assert Client().get(side_link(table, 0)).status_code == 200  # the side's link works

    # The playoff never counts in the standings.
    before = {
        r["name"]: (r["wins"], r["points"])
        for r in standings_drawn(Client(), night).context["table"].data
    }
    for t in playoff.tables.all():
        play_table(t, [1, 1, 1, 1])  # the lower seeds win
    after = {
        r["name"]: (r["wins"], r["points"])
        for r in standings_drawn(Client(), night).context["table"].data
    }
    assert before == after

    assert director_client.post(url + "next/").status_code == 302
    final = Round.objects.get(tournament=night, playoff=True, number=4)
    assert pairs(final) == [(top[2], top[3])]  # the better surviving seed North-South
    play_table(final.tables.get(), [0, 0, 0, 0])
    page = Client().get(f"/t/{night.slug}/standings/").content.decode()
    assert f"Champions: {top[2]}" in page
    response = director_client.post(url + "next/")
    assert response.status_code == 409 and "The playoff is over" in response.content.decode()
    # Raising the number of rounds now cannot add a regular round after the playoff.
    night.rounds = 6
    night.save()
    response = director_client.post(f"/t/{night.slug}/rounds/draw/")
    assert response.status_code == 409 and "The playoff has begun" in response.content.decode()


def test_a_tied_playoff_match_goes_to_the_one_hand_tiebreaker(director_client, night):  # rule 6
    night.playoff_size = 2
    night.save()
    director_client.post(f"/t/{night.slug}/standings/playoff/create/")
    table = Round.objects.get(tournament=night, playoff=True).tables.get()
    play_table(table, [0, 1, 0, 1], sign=False)
    page = director_client.get(f"/t/{night.slug}/standings/").content.decode()
    assert "one tiebreaker hand (rule 6)" in page and "Champions" not in page
    Hand.objects.create(
        table=table,
        number=5,
        nonce="tb",
        status=Hand.Status.ACCEPTED,
        record={"bidding_team": 1, "level": 4, "form": "plain", "books": 10},
    )
    page = director_client.get(f"/t/{night.slug}/standings/").content.decode()
    east_west = table.seats.get(position=1).entrant.name
    assert f"Champions: {east_west}" in page


def test_six_teams_the_top_two_have_a_bye(director_client, night):
    night.playoff_size = 6
    night.save()
    top = ranked(night)
    director_client.post(f"/t/{night.slug}/standings/playoff/create/")
    first = Round.objects.get(tournament=night, playoff=True)
    assert sorted(pairs(first)) == sorted([(top[3], top[4]), (top[2], top[5])])
    assert sorted(b.entrant.name for b in Bye.objects.filter(round=first)) == sorted(top[:2])
    standings = {
        r["name"]: r["byes"] for r in standings_drawn(Client(), night).context["table"].data
    }
    assert standings[top[0]] == 0  # a playoff bye is no standings bye


def test_bad_sizes_are_refused_next_to_the_field(director_client, night):
    url = f"/t/{night.slug}/standings/playoff/size/"
    for value, words in [("1", "At least two"), ("9", "Only 8 teams"), ("x", "whole number")]:
        response = director_client.post(url, {"size": value})
        assert response.status_code == 400, value
        assert words in response.context["size_form"].errors["size"][0]
    night.refresh_from_db()
    assert night.playoff_size is None


def test_a_tie_across_the_cut_needs_the_directors_choice(director_client):
    t = make_tournament(entrants=8, published=True, rounds=1, first_round="registration")
    play_round(t)  # four winners level on everything
    t.playoff_size = 2
    t.save()
    page = director_client.get(f"/t/{t.slug}/standings/")
    assert "Tied across the cut" in page.content.decode()
    cut = page.context["board"].cut
    assert len(cut.tied) == 4 and cut.places_in_tie == 2
    url = f"/t/{t.slug}/standings/playoff/create/"
    response = director_client.post(url, {"through": [str(cut.tied[0])]})
    assert response.status_code == 400 and "Tick exactly 2" in response.content.decode()
    assert not Round.objects.filter(tournament=t, playoff=True).exists()
    chosen = [str(cut.tied[3]), str(cut.tied[1])]
    assert director_client.post(url, {"through": chosen}).status_code == 302
    t.refresh_from_db()
    assert t.playoff_seeds == [cut.tied[1], cut.tied[3]]


def test_no_playoff_before_every_round_is_played(director_client):
    t = make_tournament(entrants=8, published=True, rounds=3, playoff_size=4)
    play_round(t)
    response = director_client.post(f"/t/{t.slug}/standings/playoff/create/")
    assert response.status_code == 409
    assert "Only 1 of 3 rounds" in response.content.decode()
    assert not Round.objects.filter(playoff=True).exists()


def test_the_playoff_can_be_taken_back_until_a_hand_is_entered(director_client, night):
    night.playoff_size = 4
    night.save()
    url = f"/t/{night.slug}/standings/playoff/"
    director_client.post(url + "create/")
    assert director_client.post(url + "undo/").status_code == 302
    night.refresh_from_db()
    assert night.playoff_seeds == [] and not night.round_set.filter(playoff=True).exists()
    director_client.post(url + "create/")
    play_table(Round.objects.get(playoff=True).tables.first(), [0])
    response = director_client.post(url + "undo/")
    assert response.status_code == 409 and "can no longer be taken back" in (
        response.content.decode()
    )
    assert night.round_set.filter(playoff=True).exists()


def test_the_public_cannot_touch_the_playoff(night):
    response = Client().post(f"/t/{night.slug}/standings/playoff/size/", {"size": "4"})
    assert response.status_code == 302 and response["Location"].startswith("/login/")
    night.refresh_from_db()
    assert night.playoff_size is None
