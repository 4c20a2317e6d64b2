"""The club's register through the director's pages, for every game: a player typed at
registration (form or CSV) is linked when the name is exactly one the register knows,
joins it when it is near no one, and waits for the director's tap when it is near
someone; entries are renamed and merged, and the nights follow."""

import datetime
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile

from club.models import Club, Player, default_club
from tests.conftest import GAMES, make_tournament
from tournament.models import Director

pytestmark = pytest.mark.django_db

# Written out here, not read from the code under test: the game of partnerships.
TEAMS = {"columbus-6-card-kitty"}
PARTNER = {"columbus-6-card-kitty": "Zed Partner"}


@pytest.fixture
def club(director):
    """The club every test night belongs to, kept by the director."""
    club = Club.objects.get(pk=default_club())
    club.staff.add(director)
    return club


def night(game: str, n: int = 1):
    tournament = make_tournament(game, slug=f"night-{n}", name=f"Night {n}")
    tournament.date = datetime.date(2026, 1, n)
    tournament.save(update_fields=["date"])
    return tournament


def register_entrant(client, tournament, name: str, partner: str = "", edit_pk=None):
    """The registration form as a director fills it: a team of `name` and a partner at
    the partnership game, else the player `name`."""
    if tournament.game in TEAMS:
        data = {"name": "", "player1": name, "player2": partner or "Zed Quinn"}
    else:
        data = {"name": name}
    url = f"/t/{tournament.slug}/entrants/" + (f"{edit_pk}/" if edit_pk else "")
    return client.post(url, data)


def register_rows(client, club, **query) -> dict[str, tuple[int, str]]:
    """The register page as read: player -> (nights, also known as)."""
    page = client.get(f"/club/{club.slug}/register/", query).content.decode()
    rows = re.findall(
        r'<tr[^>]*>\s*<td[^>]*><a href="[^"]*">([^<]+)</a></td>\s*<td[^>]*>([^<]*)</td>\s*'
        r"<td[^>]*>(\d+)</td>",
        page,
    )
    return {name: (int(nights), aliases.strip()) for name, aliases, nights in rows}


def to_confirm(client, tournament) -> list[str]:
    """The buttons of "Players to confirm" on the entrants page, in order."""
    page = client.get(f"/t/{tournament.slug}/entrants/").content.decode()
    if "Players to confirm" not in page:
        return []
    return re.findall(r'<button class="small" name="player" value="\w+">([^<]+)</button>', page)


def tap(client, tournament, label: str):
    """Tap the button of "Players to confirm" that says `label`."""
    page = client.get(f"/t/{tournament.slug}/entrants/").content.decode()
    for form in re.findall(
        r"<form method=\"post\" action=\"[^\"]*players/link/\".*?</form>", page, re.S
    ):
        button = re.search(r'name="player" value="(\w+)">' + re.escape(label) + "<", form)
        if button:
            fields = dict(re.findall(r'name="(entrant|slot)" value="(\d+)"', form))
            return client.post(
                f"/t/{tournament.slug}/players/link/", {**fields, "player": button[1]}
            )
    raise AssertionError(f"no button {label!r}")


@pytest.mark.parametrize("game", GAMES)
def test_new_exact_and_near_names_through_the_form(director_client, club, game):
    first, second, third = night(game, 1), night(game, 2), night(game, 3)
    assert register_entrant(director_client, first, "Anne Bell").status_code == 302
    assert to_confirm(director_client, first) == []  # a new player: joins the register
    assert register_rows(director_client, club)["Anne Bell"] == (1, "")

    register_entrant(director_client, second, "Anne Bell")  # the same text: linked at once
    assert to_confirm(director_client, second) == []
    assert register_rows(director_client, club)["Anne Bell"] == (2, "")

    register_entrant(director_client, third, "Ann Bell")  # near: the director says
    assert to_confirm(director_client, third) == [
        "Same player as Anne Bell (2 nights)",
        "A new player",
    ]
    assert "Ann Bell" not in register_rows(director_client, club)
    response = tap(director_client, third, "Same player as Anne Bell (2 nights)")
    assert response.status_code == 302
    assert to_confirm(director_client, third) == []
    assert register_rows(director_client, club)["Anne Bell"] == (3, "Ann Bell")
    # The entrant keeps the name as typed.
    assert "Ann Bell" in director_client.get(f"/t/{third.slug}/entrants/").content.decode()

    # Next week "Ann Bell" links at once: it is Anne Bell's alias now.
    fourth = night(game, 4)
    register_entrant(director_client, fourth, "Ann Bell")
    assert to_confirm(director_client, fourth) == []
    assert register_rows(director_client, club)["Anne Bell"] == (4, "Ann Bell")


@pytest.mark.parametrize("game", GAMES)
def test_a_near_name_may_be_a_new_player(director_client, club, game):
    first, second = night(game, 1), night(game, 2)
    register_entrant(director_client, first, "Anne Bell")
    register_entrant(director_client, second, "anne  bell")
    assert to_confirm(director_client, second)[0] == "Same player as Anne Bell (1 night)"
    # A new player of a name the register has in another case cannot be told apart.
    refused = tap(director_client, second, "A new player")
    assert refused.status_code == 400
    assert "The register already has Anne Bell" in refused.content.decode()

    third = night(game, 3)
    register_entrant(director_client, third, "Anna Bell")
    assert tap(director_client, third, "A new player").status_code == 302
    rows = register_rows(director_client, club)
    assert rows["Anna Bell"] == (1, "") and rows["Anne Bell"] == (1, "")
    # Sent again (the back button), the tap says it is done and changes nothing.
    again = director_client.post(
        f"/t/{third.slug}/players/link/",
        {"entrant": third.entrants.get().pk, "slot": "1", "player": "new"},
    )
    assert again.status_code == 302 and Player.objects.filter(name="Anna Bell").count() == 1


@pytest.mark.parametrize("game", GAMES)
def test_two_neighbouring_letters_swapped_are_near(director_client, club, game):
    """ "Mable Ortiz" typed for "Mabel Ortiz" is one slip of the fingers: offered as the
    same player, and, once the director says it is a new one, listed as a likely
    duplicate at the top of the register."""
    first, second = night(game, 1), night(game, 2)
    register_entrant(director_client, first, "Mabel Ortiz")
    register_entrant(director_client, second, "Mable Ortiz")
    assert to_confirm(director_client, second) == [
        "Same player as Mabel Ortiz (1 night)",
        "A new player",
    ]
    assert tap(director_client, second, "A new player").status_code == 302
    rows = register_rows(director_client, club)
    assert rows["Mable Ortiz"] == (1, "") and rows["Mabel Ortiz"] == (1, "")
    page = director_client.get(f"/club/{club.slug}/register/").content.decode()
    duplicates = page[page.index('id="duplicates"') : page.index("</section>")]
    assert "Likely the same player (1)" in duplicates
    assert "Keep Mabel Ortiz" in duplicates and "Keep Mable Ortiz" in duplicates


@pytest.mark.parametrize("game", GAMES)
def test_csv_import_links_the_same_way(director_client, club, game):
    first, second = night(game, 1), night(game, 2)
    register_entrant(director_client, first, "Anne Bell", partner="Bob Stone")
    if game not in TEAMS:
        register_entrant(director_client, first, "Bob Stone")
    if game in TEAMS:
        csv = "player1,player2\nDee Fox,Cy Dale\nAnn Bell,Bob Stone\n"
    else:
        csv = "name\nDee Fox\nCy Dale\nAnn Bell\nBob Stone\n"
    upload = SimpleUploadedFile("players.csv", csv.encode())
    response = director_client.post(f"/t/{second.slug}/entrants/import/", {"file": upload})
    assert response.status_code == 302
    rows = register_rows(director_client, club)
    assert rows["Bob Stone"][0] == 2  # exact
    assert rows["Cy Dale"] == (1, "")  # new
    assert to_confirm(director_client, second) == [
        "Same player as Anne Bell (1 night)",
        "A new player",
    ]


@pytest.mark.parametrize("game", GAMES)
def test_editing_a_players_name_links_it_again(director_client, club, game):
    first, second = night(game, 1), night(game, 2)
    register_entrant(director_client, first, "Anne Bell")
    register_entrant(director_client, second, "Zoe Quill")
    entrant = second.entrants.get()
    response = register_entrant(director_client, second, "Anne Bell", edit_pk=entrant.pk)
    assert response.status_code == 302
    rows = register_rows(director_client, club)
    assert rows["Anne Bell"][0] == 2 and rows["Zoe Quill"][0] == 0


@pytest.mark.parametrize("game", GAMES)
def test_rename_and_merge_and_the_nights_follow(director_client, club, game):
    nights = [night(game, n) for n in range(1, 5)]
    for t, name in zip(nights, ["Anne Bell", "Anne Bell", "Zoe Quill", "Zoe Quill"], strict=True):
        register_entrant(director_client, t, name)
    register_entrant(director_client, nights[3], "Anne Bell", partner="Al Stone")  # both, once
    anne = Player.objects.get(name="Anne Bell")
    zoe = Player.objects.get(name="Zoe Quill")

    # Rename: the name must be free, whatever its case.
    url = f"/club/{club.slug}/register/{zoe.pk}/"
    refused = director_client.post(url, {"name": "anne bell"})
    assert refused.status_code == 400
    assert "The register has Anne Bell already." in refused.content.decode()
    assert director_client.post(url, {"name": "Ann Bell"}).status_code == 302
    rows = register_rows(director_client, club)
    assert rows["Ann Bell"] == (2, "Zoe Quill")

    # Likely duplicates are offered at the top of the register.
    page = director_client.get(f"/club/{club.slug}/register/").content.decode()
    assert "Likely the same player" in page and "Keep Anne Bell" in page

    # Both played night 4: two people, the merge is refused and nothing changes.
    merge = f"/club/{club.slug}/register/merge/"
    shown = director_client.get(merge, {"kept": anne.pk, "merged": zoe.pk})
    assert shown.status_code == 400 and "they are two people" in shown.content.decode()
    nights[3].entrants.filter(member1=anne).delete()

    shown = director_client.get(merge, {"kept": anne.pk, "merged": zoe.pk})
    text = shown.content.decode()
    assert shown.status_code == 200
    assert "Ann Bell's 2 nights become Anne Bell's (2 now)" in text.replace("&#x27;", "'")
    assert Player.objects.filter(pk=zoe.pk).exists()  # shown, not done
    done = director_client.post(merge, {"kept": anne.pk, "merged": zoe.pk, "confirm": "1"})
    assert done.status_code == 302
    rows = register_rows(director_client, club)
    assert "Ann Bell" not in rows and rows["Anne Bell"] == (4, "Ann Bell, Zoe Quill")
    assert not Player.objects.filter(pk=zoe.pk).exists()
    # The merged entry's page (a link kept from before) leads to the kept one's.
    old_page = director_client.get(f"/club/{club.slug}/players/{zoe.pk}/")
    assert (old_page.status_code, old_page["Location"]) == (
        301,
        f"/club/{club.slug}/players/{anne.pk}/",
    )
    assert director_client.get(f"/club/{club.slug}/players/{zoe.pk + 999}/").status_code == 404

    # The merged name links exactly next time.
    fifth = night(game, 5)
    register_entrant(director_client, fifth, "Ann Bell")
    assert to_confirm(director_client, fifth) == []
    assert register_rows(director_client, club)["Anne Bell"][0] == 5


def test_the_register_is_searched_whatever_the_case_and_accents(director_client, club):
    t = night("ascot")
    for name in ("Anne Bèll", "Bob Stone", "Cy Dale"):
        register_entrant(director_client, t, name)
    assert list(register_rows(director_client, club, q="BELL")) == ["Anne Bèll"]
    assert list(register_rows(director_client, club, q="bèll  ")) == ["Anne Bèll"]
    page = director_client.get(f"/club/{club.slug}/register/", {"q": "BELL"}).content.decode()
    assert "1 of 3 players match" in page


def test_the_register_pages_are_the_clubs_directors_only(client, director_client, club):
    t = night("ascot")
    register_entrant(director_client, t, "Anne Bell")
    player = Player.objects.get()
    urls = [
        f"/club/{club.slug}/register/",
        f"/club/{club.slug}/register/{player.pk}/",
        f"/club/{club.slug}/register/merge/",
    ]
    other = get_user_model().objects.create_user("other-td", password="pw-for-tests-2")
    Director.objects.create(user=other)
    stranger = client.__class__()
    stranger.force_login(other)
    anonymous = client.__class__()
    for url in urls:
        assert director_client.get(url).status_code == 200, url
        assert stranger.get(url).status_code == 403, url
        assert stranger.post(url, {"name": "X"}).status_code == 403, url
        assert anonymous.get(url)["Location"].startswith("/login/"), url
    assert Player.objects.get().name == "Anne Bell"


def test_a_new_tournament_belongs_to_a_club_its_director_keeps(director_client, club):
    from tests.tournament.test_registration import new_tournament_data

    theirs = Club.objects.create(name="Other Club", slug="other-club")
    refused = director_client.post("/t/new/", new_tournament_data(club=str(theirs.pk)))
    assert refused.status_code == 400
    assert "Select a valid choice" in refused.content.decode()
    ok = director_client.post("/t/new/", new_tournament_data())  # the one club they keep
    assert ok.status_code == 302


def test_a_director_who_keeps_no_club_makes_one(client, club):
    from tests.tournament.test_registration import new_tournament_data

    user = get_user_model().objects.create_user("new-td", password="pw-for-tests-2")
    Director.objects.create(user=user)
    client.force_login(user)
    refused = client.post("/t/new/", new_tournament_data())  # the first club is kept already
    assert refused.status_code == 400 and "You keep no club yet" in refused.content.decode()
    bad = client.post("/club/new/", {"name": club.name})
    assert bad.status_code == 400 and "There is a club called" in bad.content.decode()
    made = client.post("/club/new/", {"name": "Tuesday Whist"})
    assert made.status_code == 302 and made["Location"] == "/t/new/?club=tuesday-whist"
    assert client.post("/t/new/", new_tournament_data()).status_code == 302
    assert client.get("/club/tuesday-whist/register/").status_code == 200
    assert client.get(f"/club/{club.slug}/register/").status_code == 403


@pytest.mark.parametrize("game", GAMES)
def test_one_player_is_linked_once_a_night(director_client, club, game):
    """Two names of one register entry on one night (its name and an alias): the second
    is not linked to the same player, it waits for the director."""
    first, second, third = night(game, 1), night(game, 2), night(game, 3)
    register_entrant(director_client, first, "Anne Bell")
    register_entrant(director_client, second, "Ann Bell")
    tap(director_client, second, "Same player as Anne Bell (1 night)")
    register_entrant(director_client, third, "Anne Bell", partner="Bob Stone")
    register_entrant(director_client, third, "Ann Bell", partner="Cy Dale")
    assert register_rows(director_client, club)["Anne Bell"] == (3, "Ann Bell")
    assert to_confirm(director_client, third) == ["A new player"]


@pytest.mark.parametrize("game", GAMES)
def test_a_player_typed_with_other_spacing_is_refused_as_already_registered(
    director_client, club, game
):
    """ "Bill  Evans" (two spaces) is Bill Evans: the form and the CSV both refuse him a
    second entry at the same night, by the field, and nothing is stored."""
    tournament = night(game)
    assert register_entrant(director_client, tournament, "Bill Evans").status_code == 302
    count = tournament.entrants.count()
    response = register_entrant(director_client, tournament, "Bill  evans", partner="Al Bee")
    assert response.status_code == 400
    field = "player1" if game in TEAMS else "name"
    errors = response.context["form"].errors[field]
    assert "already" in " ".join(errors), errors
    header = "team,player1,player2\n" if game in TEAMS else "name\n"
    row = "Evans,Bill  Evans,Cy Dee\n" if game in TEAMS else "Bill  Evans\n"
    upload = SimpleUploadedFile("e.csv", (header + row).encode())
    page = director_client.post(f"/t/{tournament.slug}/entrants/import/", {"file": upload})
    assert page.status_code == 400 and "Line 2" in page.content.decode()
    assert tournament.entrants.count() == count


@pytest.mark.parametrize("game", GAMES)
def test_a_near_name_of_a_player_already_playing_tonight_is_not_offered_as_the_same(
    director_client, club, game
):
    """Ana Muñoz plays tonight; "Ana Munoz" registered too is near her, but she cannot sit
    twice: the page says so instead of offering a tap it would refuse."""
    tournament = night(game)
    register_entrant(director_client, tournament, "Ana Muñoz")
    register_entrant(director_client, tournament, "Ana Munoz", partner="Bo Lind")
    assert to_confirm(director_client, tournament) == ["A new player"]
    page = director_client.get(f"/t/{tournament.slug}/entrants/").content.decode()
    assert "Near Ana Muñoz, who plays in another entry tonight already" in page
