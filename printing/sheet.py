"""The score sheet of one table in one round, blank to fill by hand or filled from the app.

The layout is worked out from the bottom up: signatures, winner, rulings and notes get
the room they need, and the hand rows share what is left, so a 4-hand Kitty sheet has
roomy rows to write in and a long Pinochle sheet still fits on its one page.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from printing.data import HandLine, RulingLine, Sheet, SideInfo, SignatureLine
from printing.paper import MARGIN, new_canvas, page_size
from printing.qr import draw_qr
from printing.text import draw, draw_fitted, fit, wrap
from rules.base import cite

INK = (0.0, 0.0, 0.0)
GREY = (0.42, 0.42, 0.42)
RULE = (0.55, 0.55, 0.55)
SHADE = (0.91, 0.91, 0.91)
QR_SIZE = 92.0
VOID_LABEL = "void — replayed"


def _status(sheet: Sheet) -> str:
    if sheet.final:
        return "FINAL"
    if sheet.hands:
        return "NOT FINAL"
    return ""


@dataclass(frozen=True)
class _Columns:
    """x positions of the hand table: left edges and widths, side columns in pairs."""

    x: tuple[float, ...]
    w: tuple[float, ...]
    n_sides: int

    def side(self, i: int) -> tuple[float, float]:
        """Left edge and width of side i's two sub-columns together."""
        k = 5 + 2 * i
        return self.x[k], self.w[k] + self.w[k + 1]


def _columns(left: float, width: float, n_sides: int) -> _Columns:
    sub = min(44.0, max(34.0, width * 0.3 / max(1, 2 * n_sides)))
    number = 40.0
    rest = width - number - 2 * n_sides * sub
    widths = [number, rest * 0.32, rest * 0.32, rest * 0.18, rest * 0.18] + [sub] * (2 * n_sides)
    xs: list[float] = []
    x = left
    for w in widths:
        xs.append(x)
        x += w
    return _Columns(tuple(xs), tuple(widths), n_sides)


def _color(c: Canvas, rgb: tuple[float, float, float]) -> None:
    c.setFillColorRGB(*rgb)
    c.setStrokeColorRGB(*rgb)


def _cell(
    c: Canvas,
    cols: _Columns,
    k: int,
    top: float,
    h: float,
    text: str,
    size: float,
    style: str = "regular",
    align: str = "left",
) -> None:
    if not text:
        return
    pad = 4.0
    w = cols.w[k] - 2 * pad
    base = top - h / 2 - size * 0.35
    if align == "right":
        draw_fitted(c, cols.x[k] + cols.w[k] - pad, base, text, w, size, 6, style, "right")
    elif align == "center":
        draw_fitted(c, cols.x[k] + cols.w[k] / 2, base, text, w, size, 6, style, "center")
    else:
        draw_fitted(c, cols.x[k] + pad, base, text, w, size, 6, style)


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
    status = _status(sheet)
    badge_w = 0.0
    if status:
        badge_w = 84.0 if status == "FINAL" else 100.0
        c.setLineWidth(1.6)
        c.roundRect(text_right - badge_w, y - 7, badge_w, 28, 5, stroke=1, fill=0)
        draw(c, text_right - badge_w / 2, y + 2, status, 14, "bold", "center")
    draw_fitted(
        c, left, y, f"Round {sheet.round} · Table {sheet.table}", tw - badge_w - 8, 26, 14, "bold"
    )
    y -= 20
    draw_fitted(c, left, y, sheet.game, tw, 13, 9)
    bottom = y - 10
    if sheet.qr_url:
        qx = right - QR_SIZE
        draw_qr(c, sheet.qr_url, qx, top - QR_SIZE, QR_SIZE)
        _color(c, GREY)
        url_y = top - QR_SIZE - 8
        # Small, but whole: the way in when the camera will not focus.
        lines = wrap(sheet.qr_url, 200, 6.5, max_lines=3)
        for i, line in enumerate(lines):
            draw(c, right, url_y - i * 8, line, 6.5, align="right")
        url_y -= 8 * (len(lines) - 1)
        draw(c, qx + QR_SIZE / 2, top + 3, "Scan to enter scores", 7, align="center")
        bottom = min(bottom, url_y - 14)
    return bottom


def _sides(c: Canvas, sheet: Sheet, left: float, width: float, top: float) -> float:
    """Who plays: names wrap to two lines before they shrink, so they stay readable."""
    n = max(1, len(sheet.sides))
    col = width / n
    size = 14.0 if n <= 2 else 12.0
    blocks = []
    for side in sheet.sides:
        name = wrap(side.name, col - 10, size, "bold", max_lines=2)
        players = [p for p in side.players if p and p != side.name]
        blocks.append((name, " & ".join(players)))
    name_lines = max((len(b[0]) for b in blocks), default=1)
    has_players = any(b[1] for b in blocks)
    for i, (side, (name, players)) in enumerate(zip(sheet.sides, blocks, strict=True)):
        x = left + i * col
        inner = col - 10
        _color(c, INK)
        y = top - size
        for line in name:
            draw(c, x, y, line, size, "bold")
            y -= size + 2
        y = top - size - name_lines * (size + 2) - 1
        if has_players:
            draw_fitted(c, x, y, players, inner, 11, 7)
            y -= 14
        _color(c, GREY)
        draw_fitted(c, x, y, side.seats, inner, 10, 7)
    return top - size - name_lines * (size + 2) - (14 if has_players else 0) - 12


def _table_header(c: Canvas, sheet: Sheet, cols: _Columns, top: float) -> float:
    h = 32.0
    left, right = cols.x[0], cols.x[-1] + cols.w[-1]
    _color(c, SHADE)
    c.rect(left, top - h, right - left, h, stroke=0, fill=1)
    _color(c, INK)
    for k, label in enumerate(("Hand", "Dealer", "Bidder", "Bid", "Taken")):
        _cell(c, cols, k, top, h, label, 10, "bold", "center" if k == 0 else "left")
    for i, side in enumerate(sheet.sides):
        x, w = cols.side(i)
        draw_fitted(c, x + w / 2, top - 13, side.name, w - 6, 9.5, 6, "bold", "center")
        k = 5 + 2 * i
        _cell(c, cols, k, top - 14, 18, "pts", 8.5, align="right")
        _cell(c, cols, k + 1, top - 14, 18, "total", 8.5, "bold", align="right")
    return top - h


def _mark(hand: HandLine) -> str:
    return "*" if (hand.status or hand.note) else ""


def _column_sizes(
    rows: Sequence[HandLine | None], cols: _Columns, size: float
) -> tuple[float, ...]:
    """One size per name column, small enough for its longest entry: a column whose rows
    jump between sizes reads as a mistake."""
    sizes = [size] * 5
    for k in range(1, 5):
        for row in rows:
            if row is None:
                continue
            text = (row.dealer, row.bidder, row.bid, row.taken)[k - 1]
            if text:
                sizes[k] = min(sizes[k], fit(text, cols.w[k] - 8, size, 7.5)[1])
    return tuple(sizes)


def _hand_row(
    c: Canvas,
    sheet: Sheet,
    cols: _Columns,
    top: float,
    h: float,
    hand: HandLine,
    size: float,
    sizes: tuple[float, ...],
) -> None:
    number = ("TB" if hand.tiebreaker else str(hand.number)) + _mark(hand)
    _color(c, GREY if hand.void else INK)
    _cell(c, cols, 0, top, h, number, size, "bold", "center")
    for k, text in enumerate((hand.dealer, hand.bidder, hand.bid, hand.taken), start=1):
        _cell(c, cols, k, top, h, text, sizes[k])
    if hand.void:
        strike_y = top - h / 2
        c.setLineWidth(1.1)
        c.line(cols.x[1] + 2, strike_y, cols.x[5] - 2, strike_y)
        x, _ = cols.side(0)
        end = cols.x[-1] + cols.w[-1]
        draw_fitted(
            c,
            (x + end) / 2,
            top - h / 2 - size * 0.35,
            VOID_LABEL,
            end - x - 8,
            size,
            7,
            "italic",
            "center",
        )
        return
    for i in range(len(sheet.sides)):
        k = 5 + 2 * i
        if i < len(hand.points):
            _cell(c, cols, k, top, h, str(hand.points[i]), size, align="right")
        if i < len(hand.running):
            _cell(c, cols, k + 1, top, h, str(hand.running[i]), size, "bold", "right")


def _rows(sheet: Sheet) -> list[HandLine | None]:
    """The table's rows: played hands, blanks up to the plan, then the tiebreaker row(s).
    None is a blank row; a blank tiebreaker row is a HandLine with no facts."""
    regular = [h for h in sheet.hands if not h.tiebreaker]
    breakers = [h for h in sheet.hands if h.tiebreaker]
    rows: list[HandLine | None] = list(regular)
    rows += [None] * max(0, sheet.planned_hands - len(regular))
    if breakers:
        rows += breakers
    else:
        rows.append(HandLine(0, "", "", "", "", (), (), tiebreaker=True))
    return rows


def _hand_table(c: Canvas, sheet: Sheet, cols: _Columns, top: float, bottom: float) -> float:
    """Hands, tiebreaker and totals between top and bottom; returns the y under the table."""
    y = _table_header(c, sheet, cols, top)
    rows = _rows(sheet)
    h = max(9.0, min(30.0, (y - bottom) / (len(rows) + 1)))
    size = max(6.5, min(13.0, h * 0.52))
    sizes = _column_sizes(rows, cols, size)
    left, right = cols.x[0], cols.x[-1] + cols.w[-1]
    played_tb = any(r is not None and r.tiebreaker and r.number for r in rows)
    for index, row in enumerate(rows):
        row_top = y
        if row is not None and row.tiebreaker:
            _color(c, SHADE)
            c.rect(left, row_top - h, right - left, h, stroke=0, fill=1)
            if not row.number:
                _color(c, INK)
                _cell(c, cols, 0, row_top, h, "TB", size, "bold", "center")
                _color(c, GREY)
                label = (
                    "tiebreaker — only if tied"
                    if not (sheet.final and not played_tb)
                    else ("tiebreaker — not needed")
                )
                draw_fitted(
                    c,
                    cols.x[1] + 4,
                    row_top - min(h, 20) + 4 + (h - min(h, 20)) / 2,
                    label,
                    cols.side(0)[0] - cols.x[1] - 8,
                    min(8.0, size),
                    5.5,
                    "italic",
                )
        elif row is None:
            _color(c, (0.8, 0.8, 0.8))
            _cell(c, cols, 0, row_top, h, str(index + 1), size, "bold", "center")
        if row is not None and row.number:
            _hand_row(c, sheet, cols, row_top, h, row, size, sizes)
        y -= h
        _color(c, RULE)
        c.setLineWidth(0.5)
        c.line(left, y, right, y)
    # Totals row.
    _color(c, INK)
    c.setLineWidth(1.4)
    c.line(left, y, right, y)
    label_w = cols.side(0)[0] - left
    draw(c, left + label_w - 6, y - h / 2 - size * 0.35, "Total", size, "bold", "right")
    totals = sheet.totals
    if totals is None and sheet.hands:
        counted = [r for r in sheet.hands if not r.void and r.running]
        totals = counted[-1].running if counted else None
    for i in range(len(sheet.sides)):
        if totals is not None and i < len(totals):
            _cell(c, cols, 5 + 2 * i + 1, y, h, str(totals[i]), size + 1, "bold", "right")
    y -= h
    c.line(left, y, right, y)
    # Grid: outer box and column lines.
    c.setLineWidth(1.2)
    c.rect(left, y, right - left, top - y, stroke=1, fill=0)
    c.setLineWidth(0.5)
    _color(c, RULE)
    for k in range(1, len(cols.x)):
        heavy = k >= 5 and (k - 5) % 2 == 0
        c.setLineWidth(1.2 if heavy else 0.5)
        x = cols.x[k]
        c.line(x, y, x, top - (17 if (k >= 5 and not heavy) else 0))
    return y


def _notes_lines(sheet: Sheet, width: float) -> list[str]:
    lines: list[str] = []
    for hand in sheet.hands:
        if not (hand.status or hand.note):
            continue
        label = "TB" if hand.tiebreaker else str(hand.number)
        text = " — ".join(p for p in (hand.status, hand.note) if p)
        lines += wrap(f"{label}*  {text}", width, 9, max_lines=2)
    return lines[:6]


def _ruling_text(r: RulingLine) -> str:
    where = f"Hand {r.hand}" if r.hand is not None else "Table"
    title = f" — {r.title}" if r.title else ""
    effect = f": {r.effect}" if r.effect else ""
    withdrawn = " (withdrawn)" if r.withdrawn else ""
    return f"{where} · {cite(r.rule)}{title}{effect}{withdrawn}"


def _ruling_lines(sheet: Sheet, width: float) -> list[tuple[list[str], bool]]:
    return [(wrap(_ruling_text(r), width, 10, max_lines=2), r.withdrawn) for r in sheet.rulings]


def _signature_for(sheet: Sheet, side: SideInfo) -> SignatureLine:
    for sig in sheet.signatures:
        if sig.side == side.name:
            return sig
    return SignatureLine(side.name)


def _signatures(c: Canvas, sheet: Sheet, left: float, width: float, top: float) -> None:
    _color(c, INK)
    draw(c, left, top - 11, "Signatures — both sides agree the scores above", 11, "bold")
    sides = sheet.sides or (SideInfo("", (), ""),)
    sigs = [_signature_for(sheet, s) for s in sides]
    extra = [s for s in sheet.signatures if s.side not in {x.name for x in sides}]
    n = len(sides)
    col = width / n
    line_y = top - 50
    for i, (side, sig) in enumerate(zip(sides, sigs, strict=True)):
        x = left + i * col
        w = col - 18
        _color(c, INK)
        c.setLineWidth(0.9)
        c.line(x, line_y, x + w, line_y)
        if sig.signer:
            draw_fitted(c, x + 4, line_y + 6, sig.signer, w - 8, 16, 8, "italic")
        draw_fitted(c, x, line_y - 12, side.name, w, 10, 7.5, "bold")
        players = [p for p in side.players if p and p != side.name]
        if players:
            draw_fitted(c, x, line_y - 23, " & ".join(players), w, 9, 7)
        _color(c, GREY)
        y = line_y - (34 if players else 23)
        if sig.signer:
            when = f" · {sig.signed_at}" if sig.signed_at else ""
            draw_fitted(c, x, y, f"Signed by {sig.signer}{when}", w, 9, 6.5)
        else:
            draw_fitted(c, x, y, "Sign here", w, 9, 6.5, "italic")
    if extra:  # a signature for a side the sheet does not list: print it, never drop it
        text = "; ".join(f"{s.side}: {s.signer} {s.signed_at}".strip() for s in extra)
        _color(c, GREY)
        draw_fitted(c, left, line_y - 46, f"Also signed — {text}", width, 8, 6)


def _winner(c: Canvas, sheet: Sheet, left: float, width: float, top: float) -> None:
    _color(c, INK)
    base = top - 16
    w = draw(c, left, base, "Winner:", 15, "bold")
    if sheet.winner:
        draw_fitted(c, left + w + 8, base, sheet.winner, width - w - 8, 16, 9, "bold")
    else:
        c.setLineWidth(0.9)
        c.line(left + w + 8, base - 3, left + width * 0.6, base - 3)


def draw_sheet(c: Canvas, sheet: Sheet, page: tuple[float, float]) -> None:
    """Draw one sheet on the current page (the caller starts the next page)."""
    pw, ph = page
    left, right = MARGIN, pw - MARGIN
    width = right - left
    y = _header(c, sheet, left, right, ph - MARGIN)
    _color(c, INK)
    c.setLineWidth(1.2)
    c.line(left, y, right, y)
    y = _sides(c, sheet, left, width, y - 6)

    # Bottom-up: footer, signatures, rulings, notes, winner.
    bottom = MARGIN
    _color(c, GREY)
    footer = f"{sheet.tournament} · Round {sheet.round} · Table {sheet.table}"
    draw_fitted(c, left, bottom - 12, footer, width * 0.75, 7.5, 6)
    draw(c, right, bottom - 12, "Kitty TD", 7.5, align="right")
    sig_h = (
        100.0
        if not any(s.side not in {x.name for x in sheet.sides} for s in sheet.signatures)
        else 112.0
    )
    sig_top = bottom + sig_h
    _signatures(c, sheet, left, width, sig_top)

    rulings = _ruling_lines(sheet, width - 12)
    blank_rulings = not sheet.rulings and not sheet.hands
    rulings_h = 18 + (sum(len(lines) for lines, _ in rulings) * 12.5 if rulings else 14)
    if blank_rulings:
        rulings_h = 18 + 2 * 20
    notes = _notes_lines(sheet, width - 12)
    notes_h = len(notes) * 11.5 + (4 if notes else 0)
    winner_h = 30.0
    below_table = winner_h + notes_h + rulings_h + 10

    cols = _columns(left, width, max(1, len(sheet.sides)))
    table_bottom = _hand_table(c, sheet, cols, y - 4, sig_top + below_table)

    y = table_bottom - 6
    _color(c, GREY)
    for line in notes:
        y -= 11.5
        draw(c, left + 2, y, line, 9)
    if notes:
        y -= 4
    _winner(c, sheet, left, width, y)
    y -= winner_h

    _color(c, INK)
    y -= 13
    draw(c, left, y, "Rulings", 11, "bold")
    if blank_rulings:
        _color(c, RULE)
        c.setLineWidth(0.5)
        # Lines to write on, down to the signatures: rulings are rare but never short.
        for i in range(1, max(2, int((y - sig_top - 8) // 22)) + 1):
            c.line(left, y - 22 * i, right, y - 22 * i)
    elif not rulings:
        _color(c, GREY)
        draw(c, left + 56, y, "none", 10, "italic")
    for lines, withdrawn in rulings:
        _color(c, GREY if withdrawn else INK)
        for line in lines:
            y -= 12.5
            w = draw(c, left + 12, y, line, 10)
            if withdrawn:
                c.setLineWidth(0.7)
                c.line(left + 12, y + 3.5, left + 12 + w, y + 3.5)


def sheets_pdf(sheets: Sequence[Sheet], paper: str = "letter") -> bytes:
    """All the given sheets, one a page, in the order given (the caller sorts by table)."""
    page = page_size(paper)
    buf = io.BytesIO()
    title = (
        f"Score sheets — {sheets[0].tournament}, round {sheets[0].round}"
        if sheets
        else ("Score sheets")
    )
    c = new_canvas(buf, paper, title)
    for sheet in sheets:
        draw_sheet(c, sheet, page)
        c.showPage()
    if not sheets:
        _color(c, GREY)
        draw(c, MARGIN, page[1] - MARGIN - 14, "No sheets to print.", 14)
        c.showPage()
    c.save()
    return buf.getvalue()
