"""A page rasterised as a printer would: something is really drawn on it."""

from __future__ import annotations

import pypdfium2
import pytest
from samples import SLUGS, blank_sheet, filled_sheet, game_sheet, long_round, pairings, standings

from printing import pairings_pdf, sheets_pdf, standings_pdf


def _dark_fraction(pdf: bytes) -> float:
    """The first page drawn at 40 dpi (pdfium, as a browser draws a PDF), in grey."""
    image = pypdfium2.PdfDocument(pdf)[0].render(scale=40 / 72).to_pil().convert("L")
    histogram = image.histogram()
    return sum(histogram[:128]) / sum(histogram)


@pytest.mark.parametrize(
    "pdf",
    [
        pytest.param(lambda: sheets_pdf([filled_sheet()]), id="filled-sheet"),
        pytest.param(lambda: sheets_pdf([blank_sheet()], "a4"), id="blank-sheet"),
        pytest.param(lambda: pairings_pdf(pairings()), id="table-card"),
        pytest.param(lambda: standings_pdf(standings()), id="standings"),
        *(pytest.param(lambda s=s: sheets_pdf([game_sheet(s)]), id=s) for s in SLUGS),
        pytest.param(lambda: sheets_pdf([long_round("ascot", 5)]), id="ascot-long-round"),
    ],
)
def test_page_is_not_blank(pdf) -> None:
    dark = _dark_fraction(pdf())
    assert 0.01 < dark < 0.5  # ink on the page, but not a page of ink
