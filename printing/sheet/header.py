"""The top of each page and its foot: whose sheet it is, whether it is final, the QR code
to enter or check it, and the footer that says whether the sheet goes on overleaf."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from ..data import Sheet, shown_code
from ..paper import MARGIN
from ..qr import draw_qr
from ..text import draw, draw_fitted, wrap
from .ink import GREY, INK, _color

QR_SIZE = 92.0
CONTINUED_H = 42.0  # the heading of a sheet's later page


def _header(c: Canvas, sheet: Sheet, left: float, right: float, top: float) -> float:
    """Tournament, date, round and table, game, status and QR; returns the y below it."""
    text_right = right - (QR_SIZE + 14 if sheet.qr_url else 0)
    tw = text_right - left
    _color(c, INK)
    y = top - 17
    draw_fitted(c, left, y, sheet.tournament, tw, 17, 10, "bold")
    y -= 16
    _color(c, GREY)
    meta = " · ".join(p for p in (sheet.date, sheet.venue) if p)
    draw_fitted(c, left, y, meta, tw, 11, 8)
    y -= 30
    _color(c, INK)
    badge_w = _badge(c, _status(sheet), text_right, y)
    draw_fitted(
        c, left, y, f"Round {sheet.round} · Table {sheet.table}", tw - badge_w - 8, 26, 14, "bold"
    )
    y -= 20
    draw_fitted(c, left, y, sheet.game, tw, 13, 9)
    bottom = y - 10
    if sheet.qr_url:
        bottom = min(bottom, _qr(c, sheet, right, top))
    return bottom


def _status(sheet: Sheet) -> str:
    if sheet.final:
        return "FINAL"
    if sheet.hands:
        return "NOT FINAL"
    return ""


def _badge(c: Canvas, status: str, right: float, y: float) -> float:
    """The sheet's status boxed at the right of its title; returns the box's width."""
    if not status:
        return 0.0
    badge_w = 84.0 if status == "FINAL" else 100.0
    c.setLineWidth(1.6)
    c.roundRect(right - badge_w, y - 7, badge_w, 28, 5, stroke=1, fill=0)
    draw(c, right - badge_w / 2, y + 2, status, 14, "bold", "center")
    return badge_w


def _qr(c: Canvas, sheet: Sheet, right: float, top: float) -> float:
    """The QR code at the top right, what it is for over it, and under it the check code
    and the address; returns the y below them."""
    qx = right - QR_SIZE
    draw_qr(c, sheet.qr_url, qx, top - QR_SIZE, QR_SIZE)
    url_y = top - QR_SIZE - 8
    label, address = "Scan to enter scores", sheet.qr_url
    if sheet.check_code:
        # The code to type on the check page, when the camera will not do.
        label, address = "Scan to check this sheet", sheet.qr_url.split("?")[0]
        _color(c, INK)
        url_y -= 4
        draw(c, right, url_y, f"Code {shown_code(sheet.check_code)}", 10, "bold", "right")
        url_y -= 11
    _color(c, GREY)
    # Small, but whole: the way in when the camera will not focus.
    lines = wrap(address, 200, 6.5, max_lines=None)
    for i, line in enumerate(lines):
        draw(c, right, url_y - i * 8, line, 6.5, align="right")
    url_y -= 8 * (len(lines) - 1)
    draw(c, qx + QR_SIZE / 2, top + 3, label, 7, align="center")
    return url_y - 14


def _continued_header(c: Canvas, sheet: Sheet, left: float, right: float, top: float) -> float:
    """A later page of a long sheet: which table's sheet it continues."""
    _color(c, GREY)
    draw_fitted(c, left, top - 11, sheet.tournament, right - left, 11, 8)
    _color(c, INK)
    title = f"Round {sheet.round} · Table {sheet.table} — continued"
    draw_fitted(c, left, top - 30, title, right - left, 16, 11, "bold")
    return top - CONTINUED_H


def _footer(c: Canvas, sheet: Sheet, left: float, right: float, more: bool) -> None:
    _color(c, GREY)
    footer = f"{sheet.tournament} · Round {sheet.round} · Table {sheet.table}"
    draw_fitted(c, left, MARGIN - 12, footer, (right - left) * 0.7, 7.5, 6)
    draw(c, right, MARGIN - 12, "continued overleaf →" if more else "Kitty TD", 7.5, align="right")
