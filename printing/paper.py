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


class Page(Canvas):
    """A canvas that says its paper's size (reportlab's Canvas keeps it private): the text
    drawn on it is checked against the printable width (printing/text.py)."""

    def __init__(self, buf: object, size: tuple[float, float], **options):
        super().__init__(buf, pagesize=size, **options)
        self.size = size


def new_canvas(buf: object, paper: str, title: str) -> Page:
    """A canvas whose output is the same bytes for the same input (no timestamps, no ids),
    so a reprinted sheet can be compared with the first print."""
    c = Page(buf, page_size(paper), invariant=True, pageCompression=1)
    c.setTitle(title)
    c.setAuthor("Kitty TD")
    c.setCreator("Kitty TD")
    return c
