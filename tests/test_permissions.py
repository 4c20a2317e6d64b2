"""Who may open what. The public addresses are listed here by hand; every other address
of the app is refused: anonymous visitors go to the login page, signed-in players get
403, and so does a director on a tournament whose staff they are not.

The list is not read from the code under test, so a view that forgot its decorator is
caught: it answers where this file expects a refusal.

Some public addresses have a private part: a draft round, the live and unsigned standings,
an unpublished night, a register entry made for one. Only the tournament's staff (the
club's directors, for the register) see it; everyone else, a director of another
tournament too, sees what the public sees (VISITORS).
"""

import io
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from pypdf import PdfReader

from club.models import Player, Season
from draw.rounds import draw_next_round
from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support.helpers import FINISHING, accepted_hands, published_round, side_link, table_of
from tournament import own_links
from tournament.linking import confirm, link_entrants
from tournament.models import Director, Entrant, Tournament

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
    "link_take-back",
    "link_first-dealer",
    "link_call",
    "self_checkin",
    "self_checkin_link",
    # A player's own link (its token is the credential): the player's steps and their
    # side's actions at their table, never a director's.
    "own_link",
    "own_manifest",
    "own_check_in",
    "own_leave",
    "own_stay",
    "own_link_round",
    "own_link_preview",
    "own_enter",
    "own_accept",
    "own_dispute",
    "own_edit",
    "own_sign",
    "own_correction",
    "own_take-back",
    "own_first-dealer",
    "own_call",
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


def placeholders(tournament, table) -> dict[str, str]:
    """What each placeholder of an address stands for at this night and table (some
    register entries and an own link made for it): worked out once for every address."""
    player, _ = Player.objects.get_or_create(club=tournament.club, name="Ann Bell")
    partner, _ = Player.objects.get_or_create(club=tournament.club, name="Bob Cole")
    # Both entered the night (the public sees a register entry once it entered one).
    first, second = tournament.entrants.order_by("pk")[:2]
    Entrant.objects.filter(pk=first.pk).update(member1=player)
    Entrant.objects.filter(pk=second.pk).update(member1=partner)
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
    seated = table.seats.get(position=0).entrant  # a player's own link: side 0's first
    own = own_links.links_for([seated], tournament.is_partnership)[(seated.pk, 1)]
    values["<str:own_token>"] = own.token
    return values


def fill(route: str, tournament, table, values: dict[str, str] | None = None) -> str:
    """The route's address at this night and table (`values`: its placeholders())."""
    values = values or placeholders(tournament, table)
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
    # The director's answers from the console: a call, an announcement, an ask to leave.
    assert {
        "announce",
        "take_back_announcement",
        "console_answer_call",
        "confirm_leaving",
        "turn_down_leaving",
    } <= set(GUARDED)
    # The club's register and the confirming of players are its directors' only.
    assert {"register", "register_player", "register_merge", "player_link"} <= set(GUARDED)


@pytest.mark.parametrize("method", ["get", "post"])
def test_anonymous_visitors_are_sent_to_login(client, night, method):
    tournament, table = night
    values = placeholders(tournament, table)
    for name in GUARDED:
        url = fill(ROUTES[name], tournament, table, values)
        response = getattr(client, method)(url)
        assert response.status_code == 302, (name, url, response.status_code)
        assert response["Location"].startswith("/login/?next="), url


@pytest.mark.parametrize("method", ["get", "post"])
def test_signed_in_non_directors_are_refused(player_client, night, method):
    tournament, table = night
    values = placeholders(tournament, table)
    for name in GUARDED:
        url = fill(ROUTES[name], tournament, table, values)
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
    values = placeholders(tournament, table)
    for name in sorted(set(GUARDED) - ANY_DIRECTOR):
        url = fill(ROUTES[name], tournament, table, values)
        response = getattr(client, method)(url)
        assert response.status_code == 403, (name, url, response.status_code)
    assert client.get(f"/t/{tournament.slug}/round/1/table/{table.number}/").status_code == 403


def test_the_public_pages_open_for_anyone(client, night):
    tournament, table = night
    values = placeholders(tournament, table)
    for name in sorted(PUBLIC - {"logout", "link_correction"}):
        url = fill(ROUTES[name], tournament, table, values)
        response = client.get(url)
        # A pair's rating is only for a game of partnerships.
        expected = (404,) if name == "rating_pair" and not tournament.is_partnership else (200, 405)
        if name == "own_link_round":  # the round in play: the page that follows the player
            expected = (302,)
        if url.startswith("/s/") and response.status_code == 302:
            # A side's action address, opened: back to that side's page.
            assert response["Location"] == "/".join(url.split("/")[:3]) + "/", (name, url)
            continue
        assert response.status_code in expected, (name, url, response.status_code)


def test_a_side_link_has_no_director_action(client, night):
    """The director's actions have no address under a side's link at all."""
    tournament, table = night
    url = side_link(table, 0)
    for action in (
        "ruling",
        "withdraw-ruling",
        "strike",
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


# --- what only a tournament's staff see on its public addresses ---------------------------
VISITORS = ("anonymous", "signed-in player", "director of another tournament")


def visiting(who: str, tournament) -> Client:
    """A visitor who is not on the tournament's staff (nor keeps its club's register)."""
    client = Client()
    if who == "signed-in player":
        client.force_login(get_user_model().objects.create_user("player", password="pw-x-1"))
    elif who == "director of another tournament":
        other = get_user_model().objects.create_user("other-td", password="pw-x-2")
        Director.objects.create(user=other)
        make_tournament(tournament.game, slug="their-own", published=True).staff.add(other)
        client.force_login(other)
    return client


def staff_of(tournament) -> Client:
    """A director who runs the tournament and keeps its club's register."""
    user = get_user_model().objects.create_user("night-td", password="pw-x-3")
    Director.objects.create(user=user)
    tournament.staff.add(user)
    tournament.club.staff.add(user)
    client = Client()
    client.force_login(user)
    return client


def text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


def pdf_text(response) -> str:
    assert response["Content-Type"] == "application/pdf"
    pages = PdfReader(io.BytesIO(response.content)).pages
    return re.sub(r"\s+", " ", " ".join(page.extract_text() for page in pages))


@pytest.mark.parametrize("who", VISITORS)
@pytest.mark.parametrize("game", GAMES)
def test_a_draft_round_is_its_staffs_only(game, who):
    tournament = make_tournament(game, entrants=ONE_TABLE[game], published=True, slug="draft")
    draw_next_round(tournament)  # round 1: a draft, not public
    staff, visitor = staff_of(tournament), visiting(who, tournament)
    pairings = f"/t/{tournament.slug}/round/1/pairings/"
    named = tournament.entrants.first().name

    seen = staff.get(pairings)
    assert seen.status_code == 200 and named in text(seen) and "draft, not public" in text(seen)
    assert "Round 1" in text(staff.get(f"/t/{tournament.slug}/rounds/"))

    refused = visitor.get(pairings)
    assert refused.status_code == 404, who
    assert "Round 1 is not published yet" in text(refused) and named not in text(refused)
    for page in (f"/t/{tournament.slug}/rounds/", f"/t/{tournament.slug}/"):
        shown = visitor.get(page)
        assert shown.status_code == 200 and "Round 1" not in text(shown), (who, page)


@pytest.mark.parametrize("who", VISITORS)
def test_live_and_unsigned_standings_are_its_staffs_only(night, who):
    """A hand accepted at a table still playing: the staff's live standings count it; any
    other visitor asking for the live view (page, an entrant's record, CSV, PDF) gets the
    public's, which counts signed sheets only."""
    tournament, table = night
    accepted_hands(table, FINISHING[tournament.game][1][:1])
    staff, visitor, public = staff_of(tournament), visiting(who, tournament), Client()
    base = f"/t/{tournament.slug}/standings/"
    entrant = f"{base}entrant/{table.seats.get(position=0).entrant_id}/"
    signed_only = "Counted: sheets signed by every side"

    assert "Counted live" in text(staff.get(base + "?view=live"))
    assert "signed or not" in text(staff.get(base))
    for url in (base, base + "?view=live", entrant + "?view=live"):
        shown = text(visitor.get(url))
        assert signed_only in shown and "signed or not" not in shown, (who, url)
    assert signed_only in text(public.get(entrant))

    csv = base + "?view=live&_export=csv"
    assert visitor.get(csv).content == public.get(csv).content
    assert staff.get(csv).content != public.get(csv).content  # the hand's points

    pdf = base + "pdf/?view=live"
    assert pdf_text(visitor.get(pdf)) == pdf_text(public.get(pdf))
    assert "signed by every side" in pdf_text(visitor.get(pdf))
    assert "Counted live" in pdf_text(staff.get(pdf))


@pytest.mark.parametrize("who", VISITORS)
@pytest.mark.parametrize("game", GAMES)
def test_an_unpublished_nights_self_checkin_shows_neither_its_name_nor_its_entrants(game, who):
    """As the night's other pages: 404 as if there were none, open or closed. Only an
    entrant's own link (their credential, like a side's table link) still works."""
    tournament = make_tournament(
        game, entrants=4, published=False, self_checkin=True, name="Secret Friday"
    )
    tournament.entrants.update(checked_in=False)
    first = tournament.entrants.order_by("pk").first()
    staff, visitor = staff_of(tournament), visiting(who, tournament)
    page = f"/t/{tournament.slug}/checkin/self/"
    found = f"{page}?q={first.name[:4]}"

    assert first.name in text(staff.get(found)) and "Secret Friday" in text(staff.get(page))
    for response in (
        visitor.get(page),
        visitor.get(found),
        visitor.post(page, {"q": first.name, "entrant": first.pk}),
        visitor.get(f"/t/{tournament.slug}/checkin/me/not-a-real-token/"),
    ):
        assert response.status_code == 404, who
        assert "Secret Friday" not in text(response) and first.name not in text(response)
    assert not tournament.entrants.filter(checked_in=True).exists()
    own = f"/t/{tournament.slug}/checkin/me/{first.checkin_token}/"
    assert visitor.post(own).status_code == 302
    assert list(tournament.entrants.filter(checked_in=True)) == [first]

    tournament.self_checkin = False  # closed: says nothing more
    tournament.save()
    for url in (page, f"/t/{tournament.slug}/checkin/me/not-a-real-token/"):
        response = visitor.get(url)
        assert response.status_code == 404 and "Secret Friday" not in text(response), url


def secret_night(tournament):
    """An unpublished night of the same club: a new player, and one of the published
    night's players entered under another name (the director confirms it is them)."""
    secret = make_tournament(tournament.game, slug="secret", name="Secret Friday")
    partnership = secret.is_partnership
    known = tournament.entrants.order_by("pk").first()
    known_player = known.member1
    rows = [("Zed Quill", "Zed Quill", "Yan Quill"), ("Known Again", "Alias Typed", "Cy Dunn")]
    made = Entrant.objects.bulk_create(
        Entrant(
            tournament=secret,
            name=team if partnership else first,
            player1=first if partnership else "",
            player2=second if partnership else "",
            order=i,
        )
        for i, (team, first, second) in enumerate(rows, start=1)
    )
    link_entrants(secret, made[:1])
    confirm(Entrant.objects.get(pk=made[1].pk), 1, known_player)  # "Alias Typed" is them
    hidden = Player.objects.get(club=tournament.club, name="Zed Quill")
    return hidden, known_player


@pytest.mark.parametrize("who", VISITORS)
def test_a_register_entry_of_an_unpublished_night_is_not_public(night, who):
    """The club's public player pages (statistics, partnership, rating) show the entries
    who entered a published night, under the names typed there; the club's directors see
    every entry and every name."""
    tournament, _ = night
    link_entrants(tournament, tournament.entrants.all())
    hidden, known = secret_night(tournament)
    staff, visitor = staff_of(tournament), visiting(who, tournament)
    club, game = tournament.club.slug, tournament.game
    pages = [
        f"/club/{club}/players/{hidden.pk}/",
        f"/club/{club}/pair/{hidden.pk}/{known.pk}/",
        f"/club/{club}/ratings/{game}/{hidden.pk}/",
    ]
    for url in pages:
        assert staff.get(url).status_code == 200, url
        refused = visitor.get(url)
        assert refused.status_code == 404, (who, url)
        assert "Zed Quill" not in text(refused)
    own = f"/club/{club}/players/{known.pk}/"
    assert "Also entered as Alias Typed" in text(staff.get(own))
    shown = visitor.get(own)
    assert shown.status_code == 200 and known.name in text(shown)
    assert "Alias Typed" not in text(shown)
    assert visitor.get(f"/club/{club}/ratings/{game}/{known.pk}/").status_code == 200
