"""Who may open what. The public addresses are listed here by hand; every other address
of the app is refused: anonymous visitors go to the login page, signed-in players get
403, and so does a director on a tournament whose staff they are not.

The list is not read from the code under test, so a view that forgot its decorator is
caught: it answers where this file expects a refusal.
"""

import pytest
from django.contrib.auth import get_user_model
from django.urls import URLPattern, URLResolver, get_resolver

from club.models import Player, Season
from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.helpers import published_round, side_link, table_of
from tournament.models import Director, Tournament

pytestmark = pytest.mark.django_db

# Anyone may open these (a table's side link needs its token; a tournament's pages need
# it to be published; self check-in needs the director to turn it on).
PUBLIC = {
    "login",
    "logout",
    "home",
    "rules_help",
    "tournament",
    "rounds",
    "pairings",
    "standings",
    "standings_projector",
    "standings_pdf",
    "standings_entrant",
    "sheet_check",
    "table_link",
    "table_link_preview",
    "link_manifest",
    "service_worker",
    "link_enter",
    "link_accept",
    "link_dispute",
    "link_edit",
    "link_sign",
    "link_correction",
    "self_checkin",
    "self_checkin_link",
    "player",
    "pair",
    "club",
    "season",
    "season_ladder_csv",
    "season_ladder_xlsx",
    # A club's ratings (season): public, from its published nights only.
    "ratings",
    "ratings_csv",
    "ratings_xlsx",
    "rating_pair",
    "rating",
}
# Any director may open these: they belong to no tournament yet.
ANY_DIRECTOR = {"tournament_new", "tournament_import", "club_new"}


def named_routes(resolver=None, prefix="") -> dict[str, str]:
    """Every named address of the app (Django's admin, which guards itself, left out)."""
    found = {}
    for entry in (resolver or get_resolver()).url_patterns:
        if isinstance(entry, URLResolver):
            if entry.namespace != "admin":
                found |= named_routes(entry, prefix + str(entry.pattern))
        elif isinstance(entry, URLPattern) and entry.name:
            found[entry.name] = prefix + str(entry.pattern)
    return found


ROUTES = named_routes()
GUARDED = sorted(set(ROUTES) - PUBLIC)


def fill(route: str, tournament, table) -> str:
    player, _ = Player.objects.get_or_create(club=tournament.club, name="Ann Bell")
    partner, _ = Player.objects.get_or_create(club=tournament.club, name="Bob Cole")
    values = {
        "<slug:slug>": tournament.slug,
        "<int:pk>": str(tournament.entrants.order_by("pk").first().pk),
        "<int:number>": "1",
        "<int:table>": str(table.number),
        "<str:token>": table.seats.get(position=0).token,
        "<str:checkin_token>": tournament.entrants.order_by("pk").first().checkin_token,
        "<slug:game>": tournament.game,
        "<slug:club>": tournament.club.slug,
        "<int:player>": str(player.pk),
        "<int:a>": str(player.pk),
        "<int:b>": str(partner.pk),
        "<slug:season>": "season",
    }
    url = "/" + route
    for placeholder, value in values.items():
        url = url.replace(placeholder, value)
    assert "<" not in url, f"add a value for {url}"
    return url


def player_of(tournament):
    """A player of the club's register (made for the night's first entrant)."""
    from club.models import Player

    return Player.objects.get_or_create(club=tournament.club, name="Anne Bell")[0]


@pytest.fixture(params=GAMES)
def night(request):
    """A published tournament of each game with round 1 published (and self check-in on)."""
    game = request.param
    tournament = make_tournament(
        game, entrants=2 * ONE_TABLE[game], published=True, self_checkin=True
    )
    # The season of the night's game at its club (the ladder's pages take one).
    day = tournament.date
    Season.objects.create(
        club=tournament.club, game=game, name="Season", slug="season", starts=day, ends=day
    )
    return tournament, table_of(published_round(tournament))


def test_the_lists_name_real_addresses():
    assert PUBLIC | ANY_DIRECTOR <= set(ROUTES)
    assert len(GUARDED) >= 30
    # The director's side of check-in and the round's clock are never public.
    assert {"checkin", "checkin_toggle", "checkin_all", "checkin_pdf", "start_clock"} <= set(
        GUARDED
    )
    # The club's register and the confirming of players are its directors' only.
    assert {"register", "register_player", "register_merge", "player_link"} <= set(GUARDED)


@pytest.mark.parametrize("method", ["get", "post"])
def test_anonymous_visitors_are_sent_to_login(client, night, method):
    tournament, table = night
    for name in GUARDED:
        url = fill(ROUTES[name], tournament, table)
        response = getattr(client, method)(url)
        assert response.status_code == 302, (name, url, response.status_code)
        assert response["Location"].startswith("/login/?next="), url


@pytest.mark.parametrize("method", ["get", "post"])
def test_signed_in_non_directors_are_refused(player_client, night, method):
    tournament, table = night
    for name in GUARDED:
        url = fill(ROUTES[name], tournament, table)
        response = getattr(player_client, method)(url)
        assert response.status_code == 403, (name, url, response.status_code)


@pytest.mark.parametrize("method", ["get", "post"])
def test_a_director_of_another_tournament_is_refused(client, night, method):
    """Staff of one tournament get 403 on every director page of another."""
    tournament, table = night
    other = get_user_model().objects.create_user("other-td", password="pw-for-tests-2")
    Director.objects.create(user=other)
    make_tournament(tournament.game, slug="their-own").staff.add(other)
    client.force_login(other)
    for name in sorted(set(GUARDED) - ANY_DIRECTOR):
        url = fill(ROUTES[name], tournament, table)
        response = getattr(client, method)(url)
        assert response.status_code == 403, (name, url, response.status_code)
    assert client.get(f"/t/{tournament.slug}/round/1/table/{table.number}/").status_code == 403


def test_the_public_pages_open_for_anyone(client, night):
    tournament, table = night
    for name in sorted(PUBLIC - {"logout", "link_correction"}):
        url = fill(ROUTES[name], tournament, table)
        response = client.get(url)
        # A pair's rating is only for a game of partnerships.
        expected = (404,) if name == "rating_pair" and not tournament.is_partnership else (200, 405)
        assert response.status_code in expected, (name, url, response.status_code)


def test_a_side_link_has_no_director_action(client, night):
    """The director's actions have no address under a side's link at all."""
    tournament, table = night
    url = side_link(table, 0)
    for action in (
        "ruling",
        "withdraw-ruling",
        "reopen",
        "answer-correction",
        "new-link",
        "clear-pin-tries",
    ):
        assert client.post(url + action + "/", {"reason": "x", "side": 0}).status_code == 404


def test_a_director_added_to_the_staff_may_run_the_tournament(director_client, night):
    """The creator adds a second director on the settings page; then it is theirs too."""
    tournament, table = night
    other = get_user_model().objects.create_user("second-td", password="pw-for-tests-2")
    Director.objects.create(user=other)
    second = director_client.__class__()
    second.force_login(other)
    console = f"/t/{tournament.slug}/round/1/console/"
    assert second.get(console).status_code == 403

    url = f"/t/{tournament.slug}/edit/"
    form = director_client.get(url).context["form"]
    data = {k: v for k, v in form.initial.items() if v is not None and v is not False}
    data = {k: ("on" if v is True else v) for k, v in data.items()}
    data.update(date="2026-11-20", staff=[u.pk for u in data["staff"]] + [other.pk])
    assert director_client.post(url, data).status_code == 302
    assert second.get(console).status_code == 200

    data["staff"] = []  # a tournament is never left without a director
    response = director_client.post(url, data)
    assert response.status_code == 400 and response.context["form"].errors["staff"]


@pytest.mark.parametrize("game", GAMES)
def test_a_superuser_runs_the_tournament_it_creates_and_saves_its_settings(client, game):
    """docs/production.md: `createsuperuser` makes a director. Such an account has no
    director row; it is listed and kept among the tournament's directors all the same."""
    boss = get_user_model().objects.create_superuser("boss", password="pw-for-tests-3")
    client.force_login(boss)
    new = {
        "name": "Boss Night",
        "date": "2026-11-27",
        "game": game,
        "rounds": "3",
        "paper": "letter",
        "first_round": "random",
        "boston_pot": "0",
    }
    assert client.post("/t/new/", new).status_code == 302
    tournament = Tournament.objects.get(name="Boss Night")
    url = f"/t/{tournament.slug}/edit/"
    form = client.get(url).context["form"]
    assert list(form.fields["staff"].queryset) == [boss]
    assert "checked" in str(form["staff"])
    data = {k: v for k, v in form.initial.items() if v is not None and v is not False}
    data = {k: ("on" if v is True else v) for k, v in data.items()}
    data.update(date="2026-11-28", staff=[u.pk for u in data["staff"]])
    saved = client.post(url, data)
    assert saved.status_code == 302, saved.context["form"].errors
    tournament.refresh_from_db()
    assert str(tournament.date) == "2026-11-28"
