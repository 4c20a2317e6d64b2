"""Every entrant's check-in code on paper: a QR code with the name under the player's
eyes, in cells to cut out and hand over at registration (or pin by the door).

Scanning a code opens that entrant's own check-in page, where one tap checks them in.
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
        note = "Self check-in is off: these codes work once the director turns it on"
    elif doc.page_url:
        note += f", or search your name at {doc.page_url}"
    draw_fitted(c, MARGIN, ph - MARGIN - 52, note + ".", width, 10, 6)


def _cell(c: Canvas, code: CheckinCode, x: float, y: float, w: float, h: float) -> None:
    """One entrant's cell, whose top-left corner is (x, y): the QR code at the left, the
    name and players at the right."""
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
        line_y -= size + 3
    players = " & ".join(p for p in code.players if p and p != code.name)
    c.setFillColorRGB(*GREY)
    if players:
        for line in wrap(players, text_w, 10, max_lines=2):
            line_y -= 2
            draw(c, text_x, line_y, line, 10, box=box)
            line_y -= 12
    # The address too, small, to type in if the camera fails: never cut, only wrapped.
    url_lines = wrap(code.url, text_w, 6, max_lines=None)
    for i, line in enumerate(url_lines):
        draw(c, text_x, y - h + PAD + 3 + (len(url_lines) - 1 - i) * 7, line, 6, box=box)
    draw_fitted(c, text_x, y - h + PAD + 6 + 7 * len(url_lines), "Scan to check in", text_w, 9, 6)


def checkin_pdf(doc: CheckinCodes, paper: str = "letter") -> bytes:
    """The codes alphabetically by name, COLUMNS x ROWS a page, with dashed lines to cut."""
    page = page_size(paper)
    pw, ph = page
    buf = io.BytesIO()
    c = new_canvas(buf, paper, f"Check-in codes — {doc.tournament}")
    codes = sorted(doc.codes, key=lambda code: sort_key(code.name))
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
            _cell(c, code, MARGIN + col * cell_w, top - row * cell_h, cell_w, cell_h)
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
