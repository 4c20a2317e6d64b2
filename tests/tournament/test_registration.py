"""Tournaments, entrants and check-in, as a director uses them."""

import re

import pytest
from django.db import IntegrityError

from tests.conftest import make_tournament
from tournament.models import Entrant, Tournament

pytestmark = pytest.mark.django_db


def new_tournament_data(**extra):
    data = {
        "name": "Club Night",
        "slug": "",
        "date": "2026-11-27",
        "venue": "Hall",
        "game": "columbus-6-card-kitty",
        "rounds": "4",
        "paper": "letter",
        "first_round": "random",
        "verify_hands": "on",
        "boston_pot": "0",
    }
    data.update(extra)
    return data


def test_director_creates_a_tournament_with_the_default_options(director_client):
    response = director_client.post("/t/new/", new_tournament_data())
    assert response.status_code == 302
    tournament = Tournament.objects.get(slug="club-night")
    assert response["Location"] == "/t/club-night/"
    assert tournament.options == {}  # nothing differs from the rules-decisions defaults
    assert tournament.game_options == tournament.ruleset.resolve_options({})
    page = director_client.get("/t/club-night/").content.decode()
    assert "Club Night" in page and "6 Card Kitty" in page


def test_a_changed_option_is_stored_as_an_override(director_client):
    ruleset = Tournament(game="columbus-6-card-kitty").ruleset
    option = next(o for o in ruleset.options if o.kind == "int")
    data = new_tournament_data(
        **{f"opt_{o.key}": o.default for o in ruleset.options if o.kind != "bool" or o.default}
    )
    data[f"opt_{option.key}"] = option.default + 1
    response = director_client.post("/t/new/", data)
    assert response.status_code == 302
    assert Tournament.objects.get().options == {option.key: option.default + 1}


def test_bad_tournament_input_is_refused_by_the_field(director_client):
    response = director_client.post("/t/new/", new_tournament_data(date="31/02/2026", rounds="0x"))
    assert response.status_code == 400
    page = response.content.decode()
    assert "Enter a valid date." in page and "Enter a whole number." in page
    assert not Tournament.objects.exists()


def test_two_tournaments_cannot_share_a_slug(director_client):
    make_tournament(slug="club-night")
    response = director_client.post("/t/new/", new_tournament_data())
    assert response.status_code == 400
    assert "Another tournament already uses" in response.content.decode()


def test_register_a_team_with_its_players(director_client, kitty):
    response = director_client.post(
        f"/t/{kitty.slug}/entrants/", {"name": "", "player1": "Zoë", "player2": "Łukasz"}
    )
    assert response.status_code == 302
    team = Entrant.objects.get(name="Zoë & Łukasz")
    assert team.order == 9 and not team.checked_in


def test_duplicate_names_are_refused_whatever_the_case(director_client, kitty):
    response = director_client.post(
        f"/t/{kitty.slug}/entrants/", {"name": "TEAM 1", "player1": "A", "player2": "B"}
    )
    assert response.status_code == 400
    assert "already registered in this tournament" in response.content.decode()
    assert kitty.entrants.count() == 8
    with pytest.raises(IntegrityError):  # and the database agrees
        Entrant.objects.create(tournament=kitty, name="team 1")


def test_the_same_name_may_play_in_another_tournament(director_client, kitty):
    other = make_tournament(slug="other")
    response = director_client.post(
        f"/t/{other.slug}/entrants/", {"name": "Team 1", "player1": "A", "player2": "B"}
    )
    assert response.status_code == 302


def test_a_team_needs_two_players(director_client, kitty):
    response = director_client.post(f"/t/{kitty.slug}/entrants/", {"player1": "A"})
    assert response.status_code == 400
    assert "This field is required." in response.content.decode()


def test_individual_games_register_one_player(director_client):
    tournament = make_tournament("cutthroat-pinochle")
    response = director_client.post(f"/t/{tournament.slug}/entrants/", {"name": "Ana Muñoz"})
    assert response.status_code == 302
    assert tournament.entrants.get().players == ["Ana Muñoz"]


def test_edit_and_withdraw_an_entrant(director_client, kitty):
    team = kitty.entrants.get(name="Team 3")
    response = director_client.post(
        f"/t/{kitty.slug}/entrants/{team.pk}/",
        {"name": "Third Team", "player1": "X", "player2": "Y"},
    )
    assert response.status_code == 302
    director_client.post(f"/t/{kitty.slug}/entrants/{team.pk}/withdraw/")
    team.refresh_from_db()
    assert team.name == "Third Team" and team.withdrawn and not team.active
    director_client.post(f"/t/{kitty.slug}/entrants/{team.pk}/withdraw/")
    team.refresh_from_db()
    assert not team.withdrawn


def test_checkin_search_and_one_tap(director_client, kitty):
    kitty.entrants.update(checked_in=False)
    page = director_client.get(f"/t/{kitty.slug}/checkin/?q=team 7").content.decode()
    assert "Team 7" in page and "Team 6" not in page
    assert '<strong id="checked-count">0</strong> of 8' in page
    team = kitty.entrants.get(name="Team 7")
    response = director_client.post(
        f"/t/{kitty.slug}/checkin/{team.pk}/", {"checked_in": "1", "q": "team 7"}
    )
    assert response.status_code == 302 and "q=team+7" in response["Location"]
    page = director_client.get(f"/t/{kitty.slug}/checkin/").content.decode()
    assert '<strong id="checked-count">1</strong> of 8' in page
    # The same tap sent twice (a double tap) leaves them checked in.
    director_client.post(f"/t/{kitty.slug}/checkin/{team.pk}/", {"checked_in": "1"})
    team.refresh_from_db()
    assert team.checked_in


def test_public_sees_only_published_tournaments(client, kitty):
    hidden = make_tournament(slug="hidden", name="Hidden Night")
    home = client.get("/").content.decode()
    assert kitty.name in home and "Hidden Night" not in home
    assert client.get(f"/t/{hidden.slug}/").status_code == 404
    assert client.get(f"/t/{kitty.slug}/").status_code == 200


def test_rules_help_lists_options_and_rulings(client, db):
    for slug in ("columbus-6-card-kitty", "three-legged-kitty", "ascot", "cutthroat-pinochle"):
        response = client.get(f"/rules/{slug}/")
        assert response.status_code == 200
        tournament = Tournament(game=slug)
        page = response.content.decode()
        for option in tournament.ruleset.options:
            assert option.label in page
    assert client.get("/rules/poker/").status_code == 404


def test_game_options_are_fixed_once_a_hand_is_entered(director_client, kitty):
    from scoring.models import Hand
    from tests.support.helpers import published_round, table_of

    table = table_of(published_round(kitty))
    Hand.objects.create(
        table=table,
        number=1,
        nonce="n",
        status=Hand.Status.ACCEPTED,
        record={"bidding_team": 0, "level": 4, "form": "plain", "direction": None, "books": 10},
    )
    page = director_client.get(f"/t/{kitty.slug}/edit/")
    assert page.context["form"].fields["opt_renege_books"].disabled
    data = {
        name: field.value()
        for name, field in ((f.name, f) for f in page.context["form"])
        if field.value() is not None
    }
    data.update({"opt_renege_books": 5, "name": "Renamed Night"})
    response = director_client.post(f"/t/{kitty.slug}/edit/", data)
    assert response.status_code == 302, response.content.decode()[:1500]
    kitty.refresh_from_db()
    assert kitty.name == "Renamed Night" and kitty.game_options["renege_books"] == 3


@pytest.mark.parametrize(
    ("player1", "player2", "field", "words"),
    [
        ("south 1", "NORTH  1", "player1", "south 1 and NORTH  1 are already registered as team"),
        ("North 1", "Zoë", "player1", "North 1 already plays in team Team 1"),
        ("Zoë", "South 2", "player2", "South 2 already plays in team Team 2"),
        ("Zoë", "zoë", "player2", "Zoë cannot partner themselves"),
    ],
)
def test_the_same_players_cannot_register_twice(
    director_client, kitty, player1, player2, field, words
):
    response = director_client.post(
        f"/t/{kitty.slug}/entrants/", {"name": "", "player1": player1, "player2": player2}
    )
    assert response.status_code == 400
    assert words in response.context["form"].errors[field][0]
    assert kitty.entrants.count() == 8


@pytest.mark.django_db
def test_an_import_refuses_players_already_in_a_team(director_client, kitty):
    from django.core.files.uploadedfile import SimpleUploadedFile

    text = b"team,player1,player2\nAgain,South 3,North 3\nNew,Ann,Bob\nCopy,bob,Cy\n"
    upload = SimpleUploadedFile("teams.csv", text, content_type="text/csv")
    response = director_client.post(f"/t/{kitty.slug}/entrants/import/", {"file": upload})
    page = response.content.decode()
    assert response.status_code == 400 and kitty.entrants.count() == 8
    assert "Line 2: South 3 and North 3 are already registered as team Team 3." in page
    assert "Line 4: bob already plays in team New." in page


def test_the_new_form_offers_each_games_options_before_the_first_save(director_client):
    page = director_client.get("/t/new/").content.decode()
    for name in ("6 Card Kitty", "3 Legged Kitty", "Ascot", "Cut Throat Pinochle"):
        assert f"<legend>Options of {name}</legend>" in page
    assert page.count('class="game-options"') == 4 and page.count(" hidden>") == 3
    ascot = director_client.get("/t/new/?game=ascot").context["form"]
    assert ascot.ruleset.slug == "ascot"
    assert [g.ruleset.slug for g in ascot.option_groups if g.chosen] == ["ascot"]


def test_a_new_tournament_reads_only_its_own_games_options(director_client):
    # The page shows Pinochle's "spades doubles" ticked (its default), so the browser sends
    # it; another game's option sent along is not read.
    page = director_client.get("/t/new/?game=cutthroat-pinochle").content.decode()
    assert re.search(r'name="opt_spades_double"[^>]* checked', page)
    response = director_client.post(
        "/t/new/",
        new_tournament_data(
            game="cutthroat-pinochle", opt_spades_double="on", opt_hands_per_round="junk"
        ),
    )
    assert response.status_code == 302
    pinochle = Tournament.objects.get()
    assert pinochle.options == {} and pinochle.game_options["spades_double"] is True
    response = director_client.post(
        "/t/new/",
        new_tournament_data(
            name="Ascot Night", game="ascot", opt_ramsch="on", opt_deals="8", opt_target="5"
        ),
    )
    assert response.status_code == 302
    assert Tournament.objects.get(slug="ascot-night").options == {"ramsch": True, "deals": 8}
    refused = director_client.post(
        "/t/new/", new_tournament_data(name="Bad", game="ascot", opt_deals="0")
    )
    assert refused.status_code == 400 and "opt_deals" in refused.context["form"].errors
    assert not Tournament.objects.filter(name="Bad").exists()


@pytest.mark.parametrize(
    "game, partnership",
    [
        ("columbus-6-card-kitty", True),
        ("three-legged-kitty", False),
        ("ascot", False),
        ("cutthroat-pinochle", False),
    ],
)
def test_the_settings_of_a_drawn_night_offer_only_its_games_fields(
    director_client, game, partnership
):
    from tests.conftest import ONE_TABLE
    from tests.support.helpers import published_round

    tournament = make_tournament(game, entrants=ONE_TABLE[game], published=True, boston_pot=10)
    published_round(tournament)
    form = director_client.get(f"/t/{tournament.slug}/edit/").context["form"]
    offered = set(form.fields)
    for name in ("bye_points", "boston_pot", "playoff_size"):
        assert (name in offered) is partnership, name
    assert {"name", "rounds", "verify_hands", "correction_minutes"} <= offered
