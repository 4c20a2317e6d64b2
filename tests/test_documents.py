"""The printed sheets and pairings, read back as a director would read the paper."""

import io

import pytest
from django.test import Client
from pypdf import PdfReader

from scoring.models import Hand
from tests.helpers import published_round, table_of

pytestmark = pytest.mark.django_db


def text_of(response) -> list[str]:
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(response.content))
    return [page.extract_text() for page in reader.pages]


def flat(text: str) -> str:
    return " ".join(text.split())


def test_round_sheets_blank_then_filled_signed_and_ruled(director_client, kitty):
    round_ = published_round(kitty)
    base = f"/t/{kitty.slug}/round/{round_.number}/"
    pages = text_of(director_client.get(base + "sheets.pdf"))
    assert len(pages) == 4  # one sheet a page, in table order
    first = table_of(round_)
    assert first.token in flat(pages[0]).replace(" ", "")  # the QR's link printed under it

    for number in range(1, 5):
        Hand.objects.create(
            table=first,
            number=number,
            nonce=str(number),
            status=Hand.Status.ACCEPTED,
            record={"bidding_team": 0, "level": 5, "form": "plain", "direction": None, "books": 12},
        )
    url = base + f"table/{first.number}/"
    hand = Hand.objects.get(table=first, number=2)
    director_client.post(
        url + "ruling/",
        {"code": "renege", "hand": hand.pk, "offender": 0, "choice": "books", "confirm": "1"},
    )
    ns = first.seats.get(position=0).entrant
    ew = first.seats.get(position=1).entrant
    scorer = Client()
    scorer.post(f"/s/{first.token}/sign/", {"side": 0, "player": ns.player1, "typed": ns.player1})
    scorer.post(f"/s/{first.token}/sign/", {"side": 1, "player": ew.player2, "typed": ew.player2})

    [page] = text_of(director_client.get(url + "sheet.pdf"))
    text = flat(page)
    assert ns.name in text and ew.name in text
    assert "Hand 2 · Rules 35, 37 — Renege" in text
    # Three hands made (+6 each) and the renege hand missed: East-West +5.
    assert f"Total 18 5 Winner: {ns.name}" in text, text
    assert f"Signed by {ns.player1}" in text and f"Signed by {ew.player2}" in text
    assert "Also signed" not in text
    assert "FINAL" in text


def test_table_cards_and_list_by_name(director_client, kitty):
    round_ = published_round(kitty)
    pages = text_of(director_client.get(f"/t/{kitty.slug}/round/{round_.number}/pairings.pdf"))
    text = flat(" ".join(pages))
    for entrant in kitty.entrants.all():
        assert entrant.name in text
    assert len(pages) >= 5  # four table cards, then the list


def test_print_is_for_directors(client, kitty):
    round_ = published_round(kitty)
    response = client.get(f"/t/{kitty.slug}/round/{round_.number}/sheets.pdf")
    assert response.status_code == 302
