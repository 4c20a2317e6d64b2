"""A page rasterised as a printer would: something is really drawn on it."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image
from samples import SLUGS, blank_sheet, filled_sheet, game_sheet, long_round, pairings, standings

from printing import pairings_pdf, sheets_pdf, standings_pdf

pytestmark = pytest.mark.skipif(
    shutil.which("pdftoppm") is None,
    reason="pdftoppm not installed (Debian package poppler-utils); cannot rasterise the PDF",
)


def _dark_fraction(pdf: bytes, tmp_path: Path) -> float:
    src = tmp_path / "doc.pdf"
    src.write_bytes(pdf)
    subprocess.run(
        ["pdftoppm", "-png", "-r", "40", "-f", "1", "-l", "1", str(src), str(tmp_path / "page")],
        check=True,
        timeout=60,
    )
    (png,) = tmp_path.glob("page*.png")
    image = Image.open(png).convert("L")
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
def test_page_is_not_blank(pdf, tmp_path: Path) -> None:
    dark = _dark_fraction(pdf(), tmp_path)
    assert 0.01 < dark < 0.5  # ink on the page, but not a page of ink
