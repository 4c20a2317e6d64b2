"""Paper sizes the club prints on."""

from __future__ import annotations

from reportlab.lib.pagesizes import A4, LETTER
from reportlab.pdfgen.canvas import Canvas

SIZES: dict[str, tuple[float, float]] = {"letter": LETTER, "a4": A4}
MARGIN = 36.0  # half an inch: inside every office printer's unprintable edge


def page_size(paper: str) -> tuple[float, float]:
    """Width and height in points for "letter" or "a4" (any case)."""
    try:
        return SIZES[paper.lower()]
    except KeyError:
        raise ValueError(f"unknown paper {paper!r}; use 'letter' or 'a4'") from None


def new_canvas(buf: object, paper: str, title: str) -> Canvas:
    """A canvas whose output is the same bytes for the same input (no timestamps, no ids),
    so a reprinted sheet can be compared with the first print."""
    c = Canvas(buf, pagesize=page_size(paper), invariant=True, pageCompression=1)
    c.setTitle(title)
    c.setAuthor("Kitty TD")
    c.setCreator("Kitty TD")
    return c
