"""Every player's own link on paper: a QR code with their name under the player's eyes,
in cells to cut out and hand over at registration (or pin by the door); each partner of
a team has their own, side by side.

Scanning a code opens that player's own page for the night: one tap checks them in (while
self check-in is on), then it shows their table each round and acts for their side there.
"""

from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas

from .data import CheckinCode, CheckinCodes
from .pairings import sort_key
from .paper import MARGIN, new_canvas, page_size
from .qr import draw_qr
from .text import draw, draw_fitted, wrap

GREY = (0.42, 0.42, 0.42)
COLUMNS = 2
ROWS = 5
HEADER = 64.0  # the title and the self check-in page's address
PAD = 8.0
DOES_SIZES = (8.5, 8.0, 7.5, 7.0, 6.5, 6.0)  # what the link does: the largest that fits


def _header(c: Canvas, doc: CheckinCodes, page: tuple[float, float], n: int, of: int) -> None:
    pw, ph = page
    width = pw - 2 * MARGIN
    c.setFillColorRGB(0, 0, 0)
    draw_fitted(c, MARGIN, ph - MARGIN - 20, "Check-in codes", width - 90, 22, 14, "bold")
    if of > 1:
        c.setFillColorRGB(*GREY)
        draw(c, pw - MARGIN, ph - MARGIN - 20, f"page {n} of {of}", 10, align="right")
    c.setFillColorRGB(*GREY)
    meta = " · ".join(p for p in (doc.tournament, doc.date) if p)
    draw_fitted(c, MARGIN, ph - MARGIN - 36, meta, width, 11, 8)
    note = "Scan your code and tap to check in"
    if not doc.self_checkin:
        note = "Self check-in is off: the director checks you in; your code shows your table"
        note += " each round"
    elif doc.page_url:
        note += f", or search your name at {doc.page_url}"
    draw_fitted(c, MARGIN, ph - MARGIN - 52, note + ".", width, 10, 6)


def what_it_does(self_checkin: bool) -> str:
    """What a player's link does, on their card: with self check-in off it checks nobody in."""
    does = "see your table each round, enter and accept hands, call the director."
    return "Your link for the night: " + ("check in, " if self_checkin else "") + does


def _cell(c: Canvas, code: CheckinCode, what: str, x: float, y: float, w: float, h: float) -> None:
    """One player's cell, whose top-left corner is (x, y): the QR code at the left; at the
    right their name and team at the top, what the link does and its address at the foot."""
    qr = min(h - 2 * PAD, w * 0.45)
    draw_qr(c, code.url, x + PAD, y - PAD - qr, qr)
    text_x = x + 2 * PAD + qr
    text_w = w - qr - 3 * PAD
    box = (text_x, text_x + text_w)  # the cell's text, right of its code
    c.setFillColorRGB(0, 0, 0)
    size = 15.0
    lines = wrap(code.name, text_w, size, "bold", max_lines=2)
    line_y = y - PAD - size
    for line in lines:
        draw(c, text_x, line_y, line, size, "bold", box=box)
        bottom = line_y - 0.25 * size  # where the text above the foot ends, so far
        line_y -= size + 3
    c.setFillColorRGB(*GREY)
    if code.team and code.team != code.name:
        for line in wrap(code.team, text_w, 10, max_lines=2):
            line_y -= 2
            draw(c, text_x, line_y, line, 10, box=box)
            bottom = line_y - 2.5
            line_y -= 12
    # At the foot, the address, small, to type in if the camera fails (never cut, only
    # wrapped), and above it what the link does, as large as the room left allows.
    url_lines = wrap(code.url, text_w, 6, max_lines=None)
    foot = y - h + PAD + 3 + 7 * len(url_lines)
    for size in DOES_SIZES:
        does = wrap(what, text_w, size, max_lines=None)
        top = foot + 2 + (len(does) - 1) * (size + 1.5) + 0.8 * size
        if top + 3 <= bottom or size == DOES_SIZES[-1]:
            break
    c.setFillColorRGB(0, 0, 0)
    for i, line in enumerate(does):  # top down: the PDF's text reads in order
        draw(c, text_x, foot + 2 + (len(does) - 1 - i) * (size + 1.5), line, size, box=box)
    c.setFillColorRGB(*GREY)
    for i, line in enumerate(url_lines):
        draw(c, text_x, y - h + PAD + 3 + (len(url_lines) - 1 - i) * 7, line, 6, box=box)


def checkin_pdf(doc: CheckinCodes, paper: str = "letter") -> bytes:
    """The codes alphabetically by team (a team's two side by side, as the caller gives
    them) or name, COLUMNS x ROWS a page, with dashed lines to cut."""
    page = page_size(paper)
    pw, ph = page
    buf = io.BytesIO()
    c = new_canvas(buf, paper, f"Check-in codes — {doc.tournament}")
    codes = sorted(doc.codes, key=lambda code: sort_key(code.team or code.name))
    what = what_it_does(doc.self_checkin)
    per_page = COLUMNS * ROWS
    pages = max(1, -(-len(codes) // per_page))
    top = ph - MARGIN - HEADER
    cell_w = (pw - 2 * MARGIN) / COLUMNS
    cell_h = (top - MARGIN) / ROWS
    for p in range(pages):
        _header(c, doc, page, p + 1, pages)
        chunk = codes[p * per_page : (p + 1) * per_page]
        if not chunk:
            c.setFillColorRGB(*GREY)
            draw(c, MARGIN, top - 20, "Nobody is registered yet.", 12)
        for i, code in enumerate(chunk):
            row, col = divmod(i, COLUMNS)
            _cell(c, code, what, MARGIN + col * cell_w, top - row * cell_h, cell_w, cell_h)
        used_rows = -(-len(chunk) // COLUMNS)
        c.saveState()
        c.setDash(6, 4)
        c.setLineWidth(0.6)
        c.setStrokeColorRGB(*GREY)
        for r in range(used_rows + 1 if chunk else 0):
            c.line(MARGIN, top - r * cell_h, pw - MARGIN, top - r * cell_h)
        if chunk:
            c.line(pw / 2, top, pw / 2, top - used_rows * cell_h)
        c.restoreState()
        c.setFillColorRGB(*GREY)
        draw(c, pw - MARGIN, MARGIN - 12, "Kitty TD", 7.5, align="right")
        c.showPage()
    c.save()
    return buf.getvalue()
