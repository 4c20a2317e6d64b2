"""Self check-in, for each of the four games: the director turns it on, players find
themselves and check in (never out), and are shown no link (test_self_checkin_gives_nothing
searches every answer for credentials); the director checks everyone in at once and
prints every player's code."""

import io
import re

import pytest
from django.test import Client
from pypdf import PdfReader

from tests.conftest import GAMES, make_tournament
from tournament.models import Entrant, OwnLink

pytestmark = pytest.mark.django_db

# How each game's entrants are named by make_tournament: a team (with its two players)
# at 6 Card Kitty, a player at the others.
NAME = {
    "columbus-6-card-kitty": "Team",
    "three-legged-kitty": "Player",
    "ascot": "Player",
    "cutthroat-pinochle": "Player",
}


@pytest.fixture(params=GAMES)
def night(request, director):
    """Twelve entrants, none checked in yet, self check-in on."""
    tournament = make_tournament(request.param, entrants=12, published=True, self_checkin=True)
    tournament.entrants.update(checked_in=False)
    return tournament


def page(tournament) -> str:
    return f"/t/{tournament.slug}/checkin/self/"


def entrant(tournament, number: int) -> Entrant:
    return tournament.entrants.get(name=f"{NAME[tournament.game]} {number}")


def link(e: Entrant) -> str:
    return f"/t/{e.tournament.slug}/checkin/me/{e.checkin_token}/"


def listed(html: str) -> list[str]:
    """The names the page lists, in order."""
    return re.findall(r'<span class="name">([^<]+)', html)


def checked_in(tournament) -> set[str]:
    return set(tournament.entrants.filter(checked_in=True).values_list("name", flat=True))


def test_self_checkin_is_off_by_default_and_the_director_turns_it_on(director_client):
    tournament = make_tournament("ascot", entrants=4, published=True)
    assert tournament.self_checkin is False
    closed = Client().get(page(tournament))
    assert closed.status_code == 404 and "Self check-in is closed" in closed.content.decode()
    url = f"/t/{tournament.slug}/edit/"
    form = director_client.get(url).context["form"]
    assert "self_checkin" in form.fields
    data = {k: v for k, v in form.initial.items() if v is not None and v is not False}
    data = {k: ("on" if v is True else v) for k, v in data.items()}
    data.update(date="2026-11-20", staff=[u.pk for u in data["staff"]], self_checkin="on")
    assert director_client.post(url, data).status_code == 302
    tournament.refresh_from_db()
    assert tournament.self_checkin is True
    assert Client().get(page(tournament)).status_code == 200


@pytest.mark.parametrize("game", GAMES)
def test_when_off_nobody_checks_in_by_the_page_or_a_link(game):
    tournament = make_tournament(game, entrants=3, published=True)
    tournament.entrants.update(checked_in=False)
    e = tournament.entrants.first()
    name = NAME[game]
    for response in (
        Client().get(page(tournament), {"q": name}),
        Client().post(page(tournament), {"q": name, "entrant": e.pk}),
        Client().get(link(e)),
        Client().post(link(e)),
    ):
        assert response.status_code == 404
        html = response.content.decode()
        assert "Self check-in is closed" in html and e.name not in html
    assert checked_in(tournament) == set()


def test_the_search_lists_nobody_until_three_letters_are_typed(night):
    for query in ("", "  ", "Te", "Pl", "1"):
        response = Client().get(page(night), {"q": query})
        assert response.status_code == 200
        assert listed(response.content.decode()) == [], query
    short = Client().get(page(night), {"q": "ab"}).content.decode()
    assert "Type at least 3 letters" in short


def test_the_search_finds_a_name_and_shows_a_few_at_most(night):
    name = NAME[night.game]
    response = Client().get(page(night), {"q": f"{name} 1"})  # 1, 10, 11, 12
    assert listed(response.content.decode()) == [
        f"{name} 1",
        f"{name} 10",
        f"{name} 11",
        f"{name} 12",
    ]
    everyone = Client().get(page(night), {"q": name}).content.decode()
    assert len(listed(everyone)) == 8 and "More names match: type more of yours." in everyone
    nobody = Client().get(page(night), {"q": "Zebedee"}).content.decode()
    assert listed(nobody) == [] and "Nobody matches “Zebedee”" in nobody


def test_a_team_is_found_by_either_players_name():
    tournament = make_tournament(
        "columbus-6-card-kitty", entrants=4, published=True, self_checkin=True
    )
    html = Client().get(page(tournament), {"q": "south 3"}).content.decode()
    assert listed(html) == ["Team 3"] and "North 3 &amp; South 3" in html


def test_one_tap_checks_in_and_a_second_says_already_never_out(night):
    e = entrant(night, 5)
    phone = Client()
    response = phone.post(page(night), {"q": e.name, "entrant": e.pk}, follow=True)
    assert response.redirect_chain[-1][1] == 302
    assert f"{e.name}: checked in: welcome!" in response.content.decode()
    assert checked_in(night) == {e.name}
    again = phone.post(page(night), {"q": e.name, "entrant": e.pk}, follow=True)
    assert f"{e.name}: already checked in." in again.content.decode()
    assert checked_in(night) == {e.name}  # still in: a player never checks out
    html = phone.get(page(night), {"q": e.name}).content.decode()
    assert "Checked in" in html and 'name="entrant"' not in html


def own_links_shown(html: str) -> list[str]:
    """The players' own links a page shows, each beside its QR code."""
    assert html.count('class="own-link"') == html.count('<img src="data:image/svg+xml')
    return re.findall(r'<a href="http://testserver(/p/[^"]+/)"', html)


def test_an_entrant_the_director_checked_in_is_shown_no_link_by_a_tap(night, director_client):
    e = entrant(night, 3)
    director_client.post(f"/t/{night.slug}/checkin/{e.pk}/", {"checked_in": "1"})
    tap = Client().post(page(night), {"q": e.name, "entrant": e.pk}, follow=True)
    html = tap.content.decode()
    assert "Your link is on your check-in card, or ask the director." in html
    assert own_links_shown(html) == []


def test_an_id_alone_checks_nobody_in(night):
    """The tap must carry a search that finds the entrant: guessing ids does nothing."""
    target = entrant(night, 7)
    other = entrant(night, 2)
    for data in (
        {"entrant": target.pk},
        {"q": "", "entrant": target.pk},
        {"q": "xyz", "entrant": target.pk},
        {"q": other.name, "entrant": target.pk},
        {"q": target.name},
    ):
        response = Client().post(page(night), data)
        assert response.status_code == 400, data
        assert 'class="error"' in response.content.decode()
    assert checked_in(night) == set()


def test_a_withdrawn_entrant_is_refused(night):
    e = entrant(night, 4)
    Entrant.objects.filter(pk=e.pk).update(withdrawn=True)
    html = Client().get(page(night), {"q": e.name}).content.decode()
    assert "Withdrawn: see the director" in html
    response = Client().post(page(night), {"q": e.name, "entrant": e.pk})
    assert response.status_code == 400
    assert f"{e.name} has withdrawn from this tournament: see the director." in (
        response.content.decode()
    )
    by_link = Client().post(link(e))
    assert by_link.status_code == 409 and "has withdrawn" in by_link.content.decode()
    assert checked_in(night) == set()


def test_the_personal_link_checks_in_after_a_tap_only(night):
    e = entrant(night, 9)
    phone = Client()
    shown = phone.get(link(e))
    assert shown.status_code == 200 and "Tap to check in" in shown.content.decode()
    assert checked_in(night) == set()  # opening it (a chat app's preview) does nothing
    done = phone.post(link(e), follow=True)
    assert f"{e.name}: checked in: welcome!" in done.content.decode()
    assert checked_in(night) == {e.name}
    again = phone.post(link(e), follow=True)
    assert f"{e.name}: already checked in." in again.content.decode()
    assert checked_in(night) == {e.name}


def test_a_personal_link_is_long_random_and_its_own(night):
    tokens = list(night.entrants.values_list("checkin_token", flat=True))
    assert len(set(tokens)) == 12 and all(len(t) >= 32 for t in tokens)
    other = make_tournament(night.game, entrants=1, slug="another-night", self_checkin=True)
    other.entrants.update(checked_in=False)
    theirs = other.entrants.get()
    # A real token under another tournament's address, and unknown ones, find nobody.
    for url in (
        f"/t/{night.slug}/checkin/me/{theirs.checkin_token}/",
        f"/t/{night.slug}/checkin/me/{tokens[0][:-1]}/",
        f"/t/{night.slug}/checkin/me/{'A' * 5000}/",
        f"/t/{night.slug}/checkin/me/%E2%9C%93/",
    ):
        assert Client().post(url).status_code == 404, url
    assert Client().get(f"/t/{night.slug}/checkin/me/%00/").status_code == 400
    assert checked_in(night) == set() and checked_in(other) == set()


@pytest.mark.parametrize(
    "data",
    [
        {"q": "\x00", "entrant": "1"},
        {"q": "Team\x00", "entrant": "1"},
        {"q": "x" * 5000, "entrant": "1"},
        {"q": "Player 1", "entrant": "9" * 40},
        {"q": "Player 1", "entrant": "-1"},
        {"q": "Player 1", "entrant": "junk"},
        {"q": ["Player 1", "Team 1"], "entrant": ["1", "2"]},
    ],
)
def test_junk_is_refused_by_the_field_and_changes_nothing(night, data):
    response = Client().post(page(night), data)
    assert response.status_code == 400
    assert 'class="error"' in response.content.decode()
    assert Client().get(page(night), {"q": data["q"]}).status_code in (200, 400)
    assert checked_in(night) == set()


def test_unknown_tournament_is_a_404():
    assert Client().get("/t/no-such-night/checkin/self/").status_code == 404
    assert Client().post("/t/no-such-night/checkin/me/abc/").status_code == 404


# -- the director: check in all, and the codes --------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_check_in_all_checks_in_everyone_not_withdrawn_and_says_how_many(director_client, game):
    tournament = make_tournament(game, entrants=6)
    tournament.entrants.update(checked_in=False)
    tournament.entrants.filter(order=1).update(checked_in=True)
    tournament.entrants.filter(order=2).update(withdrawn=True)
    url = f"/t/{tournament.slug}/checkin/all/"
    assert director_client.get(url).status_code == 405
    response = director_client.post(url, follow=True)
    assert "Checked in 4 entrants." in response.content.decode()
    assert tournament.entrants.filter(checked_in=True).count() == 5
    assert not tournament.entrants.get(order=2).checked_in
    again = director_client.post(url, follow=True).content.decode()
    assert "Everyone registered was already checked in." in again


def test_the_checkin_page_offers_check_in_all_and_the_codes(director_client):
    tournament = make_tournament("cutthroat-pinochle", entrants=3)
    tournament.entrants.filter(order=3).update(checked_in=False)
    html = director_client.get(f"/t/{tournament.slug}/checkin/").content.decode()
    assert "Check in all (1 not in yet)" in html
    assert f"/t/{tournament.slug}/checkin/codes.pdf" in html
    assert "Self check-in is off" in html


@pytest.mark.parametrize("game", GAMES)
def test_the_codes_pdf_gives_each_player_their_own_link(director_client, game):
    """One card a player, with their own link for the night: both partners of a team at
    6 Card Kitty, each with the team's name; the one player of an entrant elsewhere."""
    tournament = make_tournament(game, entrants=12, self_checkin=True)
    tournament.entrants.filter(order=12).update(withdrawn=True)
    response = director_client.get(f"/t/{tournament.slug}/checkin/codes.pdf")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert "no-cache" in response["Cache-Control"] or "no-store" in response["Cache-Control"]
    pages = [p.extract_text() for p in PdfReader(io.BytesIO(response.content)).pages]
    partnership = game == "columbus-6-card-kitty"
    assert len(pages) == (3 if partnership else 2)  # ten cards a page: 22 players, or 11
    text = " ".join(pages)
    squashed = "".join(text.split())
    name = NAME[game]
    for number in range(1, 12):
        if partnership:  # each partner's card, named, with their team's name
            assert text.count(f"Team {number}\n") == 2, number
            assert f"North {number}" in text and f"South {number}" in text
        else:
            assert f"{name} {number}\n" in text
    assert f"{name} 12" not in text  # withdrawn
    assert f"http://testserver/t/{tournament.slug}/checkin/self/" in squashed
    links = OwnLink.objects.filter(entrant__tournament=tournament)
    assert links.count() == (22 if partnership else 11)  # made for each player, once
    for link in links:
        assert f"http://testserver/p/{link.token}/" in squashed, (link.entrant_id, link.place)
    for e in tournament.entrants.all():  # the team's old check-in link is not printed
        assert e.checkin_token not in squashed
    said = "Yourlinkforthenight:checkin,seeyourtableeachround,enterandaccepthands,callthedirector."
    assert squashed.count(said) == links.count()
    assert "Check-in codes" in pages[0] and "page 1 of" in pages[0]
    again = director_client.get(f"/t/{tournament.slug}/checkin/codes.pdf").content
    assert again == response.content  # printed again: the same links


def test_a_backup_keeps_self_checkin_on_but_never_the_links(night):
    from backup.exporting import export_json
    from backup.importing import import_json

    old = set(night.entrants.values_list("checkin_token", flat=True))
    text = export_json(night)
    assert not [token for token in old if token in text]
    night.delete()
    restored = import_json(text)
    assert restored.self_checkin is True and restored.entrants.count() == 12
    new = set(restored.entrants.values_list("checkin_token", flat=True))
    assert len(new) == 12 and not new & old  # a restored night prints its codes again
