"""Polish, Greek and Cyrillic names on every PDF the director prints, read back from the
paper letter for letter, in each of the four games."""

import io

import pytest
from pypdf import PdfReader

from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support.helpers import published_round

pytestmark = pytest.mark.django_db

TEAMS = {  # a partnership's name and its two players
    "Wąsowski": ("Piotr Wąsowski", "Νίκος Παπαδόπουλος"),
    "Иванов": ("Иван Иванов", "Łucja Żółć"),
}
PLAYERS = ("Wąsowski", "Παπαδόπουλος", "Иванов", "Łucja Żółć")


def flat_text(response) -> str:
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    pages = PdfReader(io.BytesIO(response.content)).pages
    return " ".join(" ".join(page.extract_text() for page in pages).split())


@pytest.mark.parametrize("game", GAMES)
def test_every_pdf_prints_the_names_as_typed(director_client, game):
    tournament = make_tournament(game, entrants=ONE_TABLE[game], self_checkin=True)
    entrants = list(tournament.entrants.order_by("order"))
    if tournament.is_partnership:
        for entrant, (team, (first, second)) in zip(entrants, TEAMS.items(), strict=True):
            entrant.name, entrant.player1, entrant.player2 = team, first, second
            entrant.save()
    else:
        for entrant, name in zip(entrants, PLAYERS, strict=False):
            entrant.name = name
            entrant.save()
    round_ = published_round(tournament)
    at = f"/t/{tournament.slug}/"

    sheets = flat_text(director_client.get(at + f"round/{round_.number}/sheets.pdf"))
    pairings = flat_text(director_client.get(at + f"round/{round_.number}/pairings.pdf"))
    standings = flat_text(director_client.get(at + "standings/pdf/"))
    codes = flat_text(director_client.get(at + "checkin/codes.pdf"))
    for name in (e.name for e in entrants):
        assert name in sheets and name in pairings and name in standings and name in codes
    if tournament.is_partnership:  # each partner: on the side's sheet, and a code of their own
        for first, second in TEAMS.values():
            assert f"{first} & {second}" in sheets
            assert first in codes and second in codes
    for text in (sheets, pairings, standings, codes):
        assert "Wasowski" not in text and "Zolc" not in text
