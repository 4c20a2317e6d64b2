"""The sides: who plays, under the header, and who signs, at the foot of the last page."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.pdfgen.canvas import Canvas

from ..data import Sheet, SideInfo, SignatureLine
from ..text import draw, draw_fitted, fit_lines, wrap
from .ink import GREY, INK, _color


def _sides(c: Canvas, sheet: Sheet, left: float, width: float, top: float) -> float:
    """Who plays: names wrap to two lines before they shrink, and are never cut."""
    n = max(1, len(sheet.sides))
    col = width / n
    inner = col - 10
    size = 14.0 if n <= 2 else 12.0
    names = [fit_lines(side.name, inner, size, 9, "bold", lines=2) for side in sheet.sides]
    players = [fit_lines(_players(side), inner, 11, 8) for side in sheet.sides]
    name_h = max((len(lines) * (s + 2) for lines, s in names), default=size + 2)
    players_h = max((len(lines) * (s + 3) for lines, s in players), default=0.0)
    for i, side in enumerate(sheet.sides):
        x = left + i * col
        _color(c, INK)
        lines, name_size = names[i]
        for j, line in enumerate(lines):
            draw(c, x, top - name_size - j * (name_size + 2), line, name_size, "bold")
        lines, players_size = players[i]
        for j, line in enumerate(lines):
            draw(c, x, top - size - name_h - 1 - j * (players_size + 3), line, players_size)
        _color(c, GREY)
        draw_fitted(c, x, top - size - name_h - players_h - 1, side.seats, inner, 10, 7)
    return top - size - name_h - players_h - 12


def _players(side: SideInfo) -> str:
    return " & ".join(p for p in side.players if p and p != side.name)


def _signatures(
    c: Canvas | None, sheet: Sheet, left: float, width: float, top: float = 0.0
) -> float:
    """Each side's line to sign, whose it is under it; returns the block's height (and
    only measures it when there is no canvas)."""
    sides = sheet.sides or (SideInfo("", (), ""),)
    col = width / len(sides)
    if c is not None:
        _color(c, INK)
        # Two sides at a partnership table; at a three- or four-player game, each player.
        who = "both sides agree" if len(sheet.sides) == 2 else "every player agrees"
        draw(c, left, top - 11, f"Signatures — {who} the scores above", 11, "bold")
    under = 0.0
    for i, side in enumerate(sides):
        sig = _signature_for(sheet, side)
        under = max(under, _sign_line(c, side, sig, left + i * col, col - 18, top - 50))
    height = 50 + under + 8
    return height + _also_signed(c, sheet, sides, left, width, top - height)


def _signature_for(sheet: Sheet, side: SideInfo) -> SignatureLine:
    for sig in sheet.signatures:
        if sig.side == side.name:
            return sig
    return SignatureLine(side.name)


def _sign_line(
    c: Canvas | None, side: SideInfo, sig: SignatureLine, x: float, w: float, line_y: float
) -> float:
    """One side's line, the signer's name on it (none for a side that need not sign), and
    under it the side, its players and who signed; returns how far under the line."""
    parts = (
        (*fit_lines(side.name, w, 10, 7.5, "bold"), "bold", INK),
        (*fit_lines(_players(side), w, 9, 7), "regular", INK),
        (*_who_signed(sig, w), "regular" if sig.signer else "italic", GREY),
    )
    y = line_y
    for lines, size, style, ink in parts:
        for line in lines:
            y -= size + 2.5
            if c is not None:
                _color(c, ink)
                draw(c, x, y, line, size, style)
    if c is not None and (sig.signer or not sig.unneeded):
        _color(c, INK)
        c.setLineWidth(0.9)
        c.line(x, line_y, x + w, line_y)
        if sig.signer:
            draw_fitted(c, x + 4, line_y + 6, sig.signer, w - 8, 16, 8, "italic")
    return line_y - y


def _who_signed(sig: SignatureLine, w: float) -> tuple[list[str], float]:
    """Who signed and when; or why the side need not sign (it forfeited: no line to sign
    on); or where to sign."""
    if sig.signer:
        when = f" · {sig.signed_at}" if sig.signed_at else ""
        return fit_lines(f"Signed by {sig.signer}{when}", w, 9, 6.5)
    if sig.unneeded:
        return fit_lines(sig.unneeded, w, 9, 6.5)
    return ["Sign here"], 9.0


def _also_signed(
    c: Canvas | None, sheet: Sheet, sides: Sequence[SideInfo], left: float, width: float, top: float
) -> float:
    """A signature for a side the sheet does not list: printed, never dropped; returns
    the height it takes."""
    listed = {s.name for s in sides}
    extra = [s for s in sheet.signatures if s.side not in listed]
    if not extra:
        return 0
    text = "; ".join(f"{s.side}: {s.signer} {s.signed_at}".strip() for s in extra)
    lines = wrap(f"Also signed — {text}", width, 8, max_lines=None)
    if c is not None:
        _color(c, GREY)
        for j, line in enumerate(lines):
            draw(c, left, top - j * 10, line, 8)
    return 10 * len(lines)
