"""Signing by name as a player types it (issue 48), for each of the four games: case,
accents and spacing do not count ("Jose Jimenez" signs for "José Jiménez"), every letter
does; the sheet, on the page and on paper, prints the name as registered."""

import io

import pytest
from django.test import Client
from pypdf import PdfReader

from scoring.models import Signature
from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support.helpers import FINISHING, accept_pending, enter, published_round, side_link
from tests.support.helpers import table_of as first_table

pytestmark = pytest.mark.django_db

# Each side's signer as registered, and as they type it on a phone with a plain keyboard.
SIGNERS = [
    ("José Jiménez", "Jose Jimenez"),
    ("Zoë O’Brien", "  zoe   o'brien "),
    ("Łukasz Nowak", "LUKASZ NOWAK"),
    ("Anne-Marie Dupré", "anne marie dupre"),
]


def night(game: str):
    """One table of the game, played to its end: each side's signer registered with the
    accents, apostrophes and hyphens above (a partner at 6 Card Kitty, the player
    elsewhere)."""
    options, hands = FINISHING[game]
    tournament = make_tournament(game, entrants=ONE_TABLE[game], published=True, options=options)
    for entrant, (registered, _) in zip(
        tournament.entrants.order_by("order"), SIGNERS, strict=False
    ):
        if tournament.is_partnership:
            entrant.player2 = registered
        else:
            entrant.name = registered
        entrant.save()
    table = first_table(published_round(tournament))
    for hand in hands:
        assert enter(Client(), table, hand, side=0).status_code == 302
        assert accept_pending(Client(), table, side=1).status_code == 302
    return tournament, table


def signer(seat) -> tuple[str, str]:
    return next(pair for pair in SIGNERS if pair[0] in seat.entrant.players)


def sheet_text(client, table) -> str:
    url = f"/t/{table.round.tournament.slug}/round/1/table/{table.number}/sheet.pdf"
    response = client.get(url)
    assert response.status_code == 200
    pages = PdfReader(io.BytesIO(response.content)).pages
    return " ".join(" ".join(page.extract_text().split()) for page in pages)


@pytest.mark.parametrize("game", GAMES)
def test_a_name_typed_without_its_accents_case_or_spacing_signs_as_registered(
    game, director_client
):
    tournament, table = night(game)
    seats = list(table.seats.select_related("entrant").order_by("position"))
    assert len(seats) == (2 if tournament.is_partnership else ONE_TABLE[game])
    for seat in seats:
        registered, typed = signer(seat)
        url = side_link(table, seat.position)
        response = Client().post(url + "sign/", {"player": registered, "typed": typed})
        assert response.status_code == 302, (typed, response.content.decode()[:500])
        page = Client().get(url).content.decode()
        assert f"signed by {registered} at" in page, registered
    assert [s.name for s in Signature.objects.filter(table=table).order_by("side")] == [
        signer(seat)[0] for seat in seats
    ]
    text = sheet_text(director_client, table)
    for seat in seats:
        registered, typed = signer(seat)
        assert f"Signed by {registered}" in text, (registered, text)
        assert " ".join(typed.split()) not in text  # what was typed is never printed


@pytest.mark.parametrize("game", GAMES)
def test_another_name_is_still_refused_by_the_field_and_signs_nothing(game):
    """Only case, accents and spacing are let go: a letter wrong or missing is refused."""
    tournament, table = night(game)
    seat = table.seats.select_related("entrant").get(position=0)
    registered, _ = signer(seat)
    url = side_link(table, seat.position)
    for typed in ("Jose Jimenes", "Jose", "Jiménez José", ""):
        response = Client().post(url + "sign/", {"player": registered, "typed": typed})
        assert response.status_code == 400, typed
        assert f"Type “{registered}” to sign." in response.content.decode()
    assert not Signature.objects.filter(table=table).exists()
