"""A round's pairings on paper: a large card for each table, then everyone's table by name.

The cards stand on the tables and the list hangs by the door, so both are set large
enough to read from a few steps away.
"""

from __future__ import annotations

import io
import unicodedata

from reportlab.pdfgen.canvas import Canvas

from .data import Pairings, TableCard
from .paper import MARGIN, new_canvas, page_size
from .qr import draw_qr
from .text import draw, draw_fitted, fit, wrap

GREY = (0.42, 0.42, 0.42)
SHADE = (0.93, 0.93, 0.93)
BYE = "bye"
CUT_HERE = (
    "Cut along the dashed lines: each side keeps its own part. Its link enters and checks "
    "hands; its PIN accepts on the other side's phone."
)
FOOT_LEAD = 11.0


# Letters that Unicode does not split into base + accent, spelled as a reader files them.
_FOLD = str.maketrans(
    {
        "ł": "l",
        "Ł": "L",
        "ø": "o",
        "Ø": "O",
        "đ": "d",
        "Đ": "D",
        "ß": "ss",
        "æ": "ae",
        "Æ": "AE",
        "œ": "oe",
        "Œ": "OE",
        "þ": "th",
        "Þ": "Th",
    }
)


def sort_key(name: str) -> tuple[str, str]:
    """Alphabetical as a person expects: case and accents ignored ("Émile" with the E's,
    "Łukasz" with the L's)."""
    decomposed = unicodedata.normalize("NFKD", name.translate(_FOLD))
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return bare.casefold(), name


def _card(c: Canvas, doc: Pairings, card: TableCard, page: tuple[float, float]) -> None:
    pw, ph = page
    left, right, width = MARGIN, pw - MARGIN, pw - 2 * MARGIN
    top = ph - MARGIN
    c.setFillColorRGB(*GREY)
    meta = " · ".join(p for p in (doc.tournament, doc.date) if p)
    draw_fitted(c, pw / 2, top - 14, meta, width, 14, 9, align="center")
    c.setFillColorRGB(0, 0, 0)
    draw_fitted(c, pw / 2, top - 140, f"Table {card.table}", width, 110, 40, "bold", "center")
    draw(c, pw / 2, top - 186, f"Round {card.round}", 30, align="center")
    c.setLineWidth(2)
    c.line(left, top - 206, right, top - 206)

    linked = len(card.links) == len(card.seats) > 0
    # How to cut the card, whole across the page's printable width: as many lines as it takes.
    foot = wrap(CUT_HERE, width, 9, max_lines=None) if linked else []
    bottom = MARGIN + (FOOT_LEAD * len(foot) + 10 if foot else 0)
    y = top - 214
    n = max(1, len(card.seats))
    slot = min(150.0 if linked else 120.0, (y - bottom) / n)
    name_size = min(30.0, slot * (0.2 if linked else 0.3))
    qr = min(120.0, slot - 22) if linked else 0.0
    text_w = width - (qr + 16 if qr else 0)
    for i, (seat, entrant) in enumerate(card.seats):
        c.setFillColorRGB(*GREY)
        # A part cut off the card still says where it belongs.
        label = f"{seat} · Table {card.table} · Round {card.round}" if linked else seat
        draw_fitted(c, left, y - 18, label, text_w, 16, 9)
        c.setFillColorRGB(0, 0, 0)
        lines = wrap(entrant, text_w, name_size, "bold", max_lines=2)
        for j, line in enumerate(lines):
            y_line = y - 20 - (j + 1) * (name_size + 4)
            draw(c, left, y_line, line, name_size, "bold", box=(left, left + text_w))
        if linked:
            _side_link(c, card.links[i], left, right, y, slot, qr, text_w)
            if i:  # each side keeps its own part: its link and PIN are its alone
                c.saveState()
                c.setDash(6, 4)
                c.setLineWidth(0.8)
                c.line(left, y + 4, right, y + 4)
                c.restoreState()
        y -= slot
    c.setFillColorRGB(*GREY)
    for j, line in enumerate(foot):
        draw(c, pw / 2, MARGIN + 6 + (len(foot) - 1 - j) * FOOT_LEAD, line, 9, align="center")


def _side_link(c, link, left, right, y, slot, qr, text_w) -> None:
    """One side's QR code at the right of its part; its PIN and address under its name."""
    draw_qr(c, link.url, right - qr, y - 8 - qr, qr)
    c.setFillColorRGB(0, 0, 0)
    pin = f"{link.pin[:3]} {link.pin[3:]}" if len(link.pin) == 6 else link.pin
    draw(c, left, y - slot + 34, f"PIN {pin}", 18, "bold")
    c.setFillColorRGB(*GREY)
    draw_fitted(c, left, y - slot + 18, link.url, text_w, 8, 5.5)


def _list_pages(c: Canvas, doc: Pairings, page: tuple[float, float]) -> None:
    """Everyone alphabetically with their table, in columns, as many pages as it takes."""
    pw, ph = page
    entries = [(name, str(table)) for name, table in doc.by_name]
    entries += [(name, BYE) for name in doc.byes]
    entries.sort(key=lambda e: sort_key(e[0]))
    columns = 2
    gap = 18.0
    col_w = (pw - 2 * MARGIN - gap * (columns - 1)) / columns
    row_h = 24.0
    size = 15.0
    number_w = 52.0
    top = ph - MARGIN - 76
    per_col = int((top - MARGIN - 16) // row_h)
    per_page = per_col * columns
    pages = max(1, -(-len(entries) // per_page))
    for p in range(pages):
        c.setFillColorRGB(0, 0, 0)
        title = f"Round {doc.round} — your table"
        draw_fitted(c, MARGIN, ph - MARGIN - 24, title, pw - 2 * MARGIN - 90, 26, 14, "bold")
        c.setFillColorRGB(*GREY)
        meta = " · ".join(x for x in (doc.tournament, doc.date) if x)
        draw_fitted(c, MARGIN, ph - MARGIN - 42, meta, pw - 2 * MARGIN - 90, 12, 8)
        if pages > 1:
            draw(c, pw - MARGIN, ph - MARGIN - 24, f"page {p + 1} of {pages}", 11, align="right")
        chunk = entries[p * per_page : (p + 1) * per_page]
        c.setFillColorRGB(*GREY)
        for col in range(min(columns, -(-len(chunk) // per_col))):
            x = MARGIN + col * (col_w + gap)
            draw(c, x + 5, top + 6, "Name", 10, "bold")
            draw(c, x + col_w - 6, top + 6, "Table", 10, "bold", "right")
        for i, (name, table) in enumerate(chunk):
            col, row = divmod(i, per_col)
            x = MARGIN + col * (col_w + gap)
            y = top - row * row_h
            if row % 2 == 0:
                c.setFillColorRGB(*SHADE)
                c.rect(x, y - row_h + 5, col_w, row_h, stroke=0, fill=1)
            c.setFillColorRGB(0, 0, 0)
            base = y - row_h / 2 - 1
            shown, used = fit(name, col_w - number_w - 10, size, 11)
            draw(c, x + 5, base, shown, used, box=(x + 5, x + col_w - number_w - 5))
            style = "italic" if table == BYE else "bold"
            draw(c, x + col_w - 6, base, table, 17 if table != BYE else 14, style, "right")
        c.setFillColorRGB(*GREY)
        draw(c, pw - MARGIN, MARGIN - 12, "Kitty TD", 7.5, align="right")
        c.showPage()


def pairings_pdf(pairings: Pairings, paper: str = "letter") -> bytes:
    """The table cards in table order, one a page, then the list by name."""
    page = page_size(paper)
    buf = io.BytesIO()
    c = new_canvas(buf, paper, f"Pairings — {pairings.tournament}, round {pairings.round}")
    for card in sorted(pairings.cards, key=lambda k: k.table):
        _card(c, pairings, card, page)
        c.showPage()
    _list_pages(c, pairings, page)
    c.save()
    return buf.getvalue()
