"""Every word true about a night (issue 48, item 6), for each of the four games: its state
on the home page and its own page follows its rounds, whatever was last stored; its
standings order is chosen on the settings page from the game's tiebreaks by their names,
never typed in code words."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support.helpers import FINISHING, accepted_hands, published_round, sign_every_side
from tournament.models import Round, Tournament

pytestmark = pytest.mark.django_db


def words(fragment: str) -> str:
    return html.unescape(" ".join(re.sub(r"<[^>]+>", " ", fragment).split()))


def state_on_home(client, night) -> str:
    """What the home page's line for the night says of it, after its game."""
    page = client.get("/").content.decode()
    (line,) = [li for li in re.findall(r"<li>(.*?)</li>", page, re.S) if night.slug in li]
    parts = words(line).split(" · ")
    return parts[parts.index(night.ruleset.name) + 1 + bool(night.venue)]


def state_on_its_page(client, night) -> str:
    """What the night's own page says of it, under its name, after its rounds."""
    page = client.get(f"/t/{night.slug}/").content.decode()
    line = words(re.search(r'</h1>\s*<p class="muted">(.*?)</p>', page, re.S)[1])
    return line.split(" · ")[-1 if night.published else -2]


@pytest.mark.parametrize("game", GAMES)
def test_a_nights_state_follows_its_rounds(director_client, game):
    options, hands = FINISHING[game]
    night = make_tournament(
        game, entrants=ONE_TABLE[game], published=True, options=options, rounds=1
    )
    for client in (director_client, Client()):
        assert state_on_home(client, night) == "Setting up"
    round_ = published_round(night)
    for client in (director_client, Client()):
        assert state_on_home(client, night) == "Running"
        assert state_on_its_page(client, night) == "Running"
    # As a copy restored from a file keeps it: stored as setting up, with a round out.
    Tournament.objects.filter(pk=night.pk).update(status=Tournament.Status.SETUP)
    for client in (director_client, Client()):
        assert state_on_home(client, night) == "Running"
        assert state_on_its_page(client, night) == "Running"
    table = round_.tables.get()
    accepted_hands(table, hands)
    sign_every_side(table)
    assert Round.objects.get(pk=round_.pk).status == Round.Status.COMPLETE
    for client in (director_client, Client()):
        assert state_on_home(client, night) == "All rounds played"
        assert state_on_its_page(client, night) == "All rounds played"


# Written out here, not read from the code under test: what each game's standings may be
# ranked by, in the game's own words, in the order the settings page offers them.
TIEBREAKS = {
    "columbus-6-card-kitty": ("Rounds won", "Points", "Head-to-head", "Points conceded"),
    "three-legged-kitty": ("Score", "Contracts made", "Contracts failed", "Rounds won"),
    "ascot": ("Score", "Seeger-Fabian", "Games won", "Games lost", "Rounds won"),
    "cutthroat-pinochle": ("Score", "Bids made", "Bids failed", "Rounds won"),
}
CODE_WORDS = ("head_to_head", "games_won", "games_lost", "seeger_fabian", "wins, points")


def order_choices(page, game: str) -> list[list[tuple[str, str, bool]]]:
    """Each place of the game's standings order: (value, name, chosen) per choice."""
    group = page.split(f'data-game="{game}"', 1)[1].split('class="game-options"', 1)[0]
    places = []
    for select in re.findall(r'<select name="tiebreaks"[^>]*>(.*?)</select>', group, re.S):
        places.append(
            [
                (value, html.unescape(name), bool(chosen))
                for value, chosen, name in re.findall(
                    r'<option value="([^"]*)"( selected)?>(.*?)</option>', select
                )
            ]
        )
    return places


def settings_data(client, night) -> dict:
    form = client.get(f"/t/{night.slug}/edit/").context["form"]
    return {
        field.name: field.value()
        for field in form
        if field.value() is not None and not field.field.disabled
    }


@pytest.mark.parametrize("game", GAMES)
def test_the_standings_order_is_chosen_from_the_games_tiebreaks_by_their_names(
    director_client, game
):
    night = make_tournament(game, entrants=ONE_TABLE[game], published=True)
    url = f"/t/{night.slug}/edit/"
    page = director_client.get(url).content.decode()
    places = order_choices(page, game)
    names = TIEBREAKS[game]
    assert len(places) == len(names)
    for place, choices in enumerate(places):
        blank = "The game's usual order" if place == 0 else "\N{EM DASH}"
        assert [name for _, name, _ in choices] == [blank, *names]
        assert [chosen for *_, chosen in choices] == [True] + [False] * len(names)
    said = words(page)
    assert not [word for word in CODE_WORDS if word in said], "code words on the page"
    assert "The game's usual order: " in said

    # The last and the first, chosen by name: saved, shown chosen, and ranked so.
    value = {name: value for value, name, _ in places[0]}
    first, then = value[names[-1]], value[names[0]]
    data = settings_data(director_client, night)
    data["tiebreaks"] = [first, then] + [""] * (len(names) - 2)
    response = director_client.post(url, data)
    assert response.status_code == 302, words(response.content.decode())[-1500:]
    again = order_choices(director_client.get(url).content.decode(), game)
    chosen = [name for choices in again for _, name, on in choices if on]
    assert chosen == [names[-1], names[0]] + ["\N{EM DASH}"] * (len(names) - 2)
    standings = words(Client().get(f"/t/{night.slug}/standings/").content.decode())
    ranked = rf"Ranked by {re.escape(names[-1])}( \(fewest\))?, then {re.escape(names[0])}\."
    assert re.search(ranked, standings), standings

    # The same twice is refused by its name.
    data["tiebreaks"] = [first, first]
    refused = director_client.post(url, data)
    assert refused.status_code == 400
    assert f"“{names[-1]}” is listed twice." in words(refused.content.decode())


def test_ascot_ranks_by_seeger_fabian_only_with_its_scoring_on(director_client):
    night = make_tournament("ascot", entrants=4, published=True)
    data = settings_data(director_client, night)
    data["tiebreaks"] = ["seeger_fabian", "score"]
    refused = director_client.post(f"/t/{night.slug}/edit/", data)
    assert refused.status_code == 400
    said = words(refused.content.decode())
    assert (
        "“Seeger-Fabian” is not a standings metric here; use some of: Score, Games won, "
        "Games lost, Rounds won." in said
    )
    data["opt_seeger_fabian"] = "on"
    assert director_client.post(f"/t/{night.slug}/edit/", data).status_code == 302
    night.refresh_from_db()
    assert night.tiebreaks == "seeger_fabian, score"
