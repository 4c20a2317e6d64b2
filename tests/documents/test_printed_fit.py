"""Every PDF the app prints keeps each string in its cell, and on the page.

Each string of every document is measured where it is drawn (printing.text), with the font
that draws it; `watched` lists any that leaves its box: its cell, else the page's printable
width. Read back, nothing is cut with "…" either: a header too long for its column wraps or
the layout gives it room, a footer wraps, a row's words ("void — replayed") get a line of
their own across the columns, whose lines stay open there.
"""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from printing.text import watched
from tests.conftest import GAMES
from tests.support.printed_nights import new_night, played_night
from tournament.models import Round, Tournament

pytestmark = pytest.mark.django_db


def printed(client, url: str) -> tuple[bytes, list]:
    with watched() as overflows:
        response = client.get(url)
    assert response.status_code == 200, url
    assert response["Content-Type"] == "application/pdf", url
    return response.content, list(overflows)


def lines_of(pdf: bytes) -> list[str]:
    pages = PdfReader(io.BytesIO(pdf)).pages
    return [line.strip() for page in pages for line in page.extract_text().splitlines()]


def every_pdf(tournament: Tournament) -> list[str]:
    """Every PDF the app prints for a night: each round's sheets (the round's, and one
    table's), its table cards with the list by name, the standings, the check-in codes."""
    slug = tournament.slug
    urls = [f"/t/{slug}/standings/pdf/", f"/t/{slug}/checkin/codes.pdf"]
    for round_ in Round.objects.filter(tournament=tournament).order_by("number"):
        base = f"/t/{slug}/round/{round_.number}/"
        urls += [base + "sheets.pdf", base + "table/1/sheet.pdf", base + "pairings.pdf"]
    return urls


@pytest.mark.parametrize("game", GAMES)
def test_every_pdf_of_a_night_keeps_each_string_in_its_cell(director_client, game):
    """Blank sheets, table cards and codes of a new night; filled, ruled and signed sheets
    and the standings of a played one."""
    printed_lines = {}
    for night in (new_night(game), played_night(game)):
        for url in every_pdf(night):
            pdf, overflows = printed(director_client, url)
            assert overflows == [], f"{url}: {overflows}"
            lines = lines_of(pdf)
            assert not [line for line in lines if "…" in line], url
            printed_lines[url] = lines
    played = [line for url, lines in printed_lines.items() if "sheets.pdf" in url for line in lines]
    # A row's words each a line, whole: across the text columns, whose lines open there.
    for words in ROW_WORDS[game]:
        assert words in played, words
    standings = printed_lines[f"/t/{game[:20]}-night/standings/pdf/"]
    assert {"Rank", "Entrant", "Played"} <= set(standings)


# The words the played night's sheets say on a row (tests/support/printed_nights.py rules
# on a hand of each: a renege, a misdeal, an out-of-turn call, a misdeal).
ROW_WORDS = {
    "columbus-6-card-kitty": ("ruling, see below", "tiebreaker — not needed"),
    "three-legged-kitty": ("void — replayed · ruling, see below",),
    "ascot": ("ruling, see below",),
    "cutthroat-pinochle": ("void — replayed · ruling, see below", "meld lost (no trick)"),
}
