"""The sheet on its page(s): the parts laid out from the bottom up, and a round too long for
one page flowed over as many as it needs."""

from __future__ import annotations

import io
from collections.abc import Sequence

from reportlab.pdfgen.canvas import Canvas

from ..data import Sheet
from ..paper import MARGIN, new_canvas, page_size
from ..text import draw
from .header import CONTINUED_H, _continued_header, _footer, _header
from .ink import GREY, INK, _color
from .layout import _one_page_table, _Row, _table_over_pages
from .sides import _sides, _signatures
from .table import _table_part
from .tail import _Block, _tail

AIR = 8.0  # between what the table is followed by and the signatures


def sheets_pdf(sheets: Sequence[Sheet], paper: str = "letter") -> bytes:
    """All the given sheets in the order given (the caller sorts by table), each on a new
    page, one page each unless a round is too long for one."""
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


def draw_sheet(c: Canvas, sheet: Sheet, page: tuple[float, float]) -> None:
    """Draw one sheet from the current page on; it takes more pages only when one cannot
    hold it (the caller starts the page after it)."""
    pw, ph = page
    left, right = MARGIN, pw - MARGIN
    width = right - left
    y = _header(c, sheet, left, right, ph - MARGIN)
    _color(c, INK)
    c.setLineWidth(1.2)
    c.line(left, y, right, y)
    y = _sides(c, sheet, left, width, y - 6) - 4

    # Bottom-up: footer and signatures at the foot of the page, then what follows the table.
    sig_h = _signatures(None, sheet, left, width)
    sig_top = MARGIN + sig_h
    tail = _tail(sheet, left, right, lambda: sig_top)
    tail_h = sum(b.height for b in tail) + 4 + AIR
    table = _one_page_table(sheet, left, width, y - sig_top - tail_h)
    if table is not None:
        y = _table_part(c, sheet, table, table.rows, y, totals=True)
    else:
        y = _flow_table(c, sheet, left, right, y, ph, sig_h + tail_h)
    _flow_tail(c, sheet, tail, y, sig_top, left, right, ph)
    _footer(c, sheet, left, right, more=False)
    _signatures(c, sheet, left, width, sig_top)


def _flow_table(
    c: Canvas, sheet: Sheet, left: float, right: float, top: float, ph: float, end_h: float
) -> float:
    """A table too long for one page, over as many as it needs: each page repeats the head,
    and the last keeps at least one hand with the totals and what follows them."""
    table = _table_over_pages(sheet, left, right - left)
    rows = list(table.rows)
    # What follows the table stays with its last hand, unless no page could hold them.
    fresh_room = ph - 2 * MARGIN - CONTINUED_H - table.head_h
    if rows[-1].height + table.total_h + end_h > fresh_room:
        end_h, keep = 0.0, 0
    else:
        keep = 1
    fresh, first = False, True
    while True:
        room = top - MARGIN - table.head_h - (table.start_h if first else 0.0)
        if sum(r.height for r in rows) + table.total_h + end_h <= room:
            break
        take = _rows_that_fit(rows, room, keep)
        if not take and fresh:  # a hand taller than a page: on a page of its own, whole
            if len(rows) <= keep:
                break
            take = 1
        if take:
            _table_part(c, sheet, table, rows[:take], top, totals=False, first=first)
            rows, first = rows[take:], False
        top = _new_page(c, sheet, left, right, ph)
        fresh = True
    return _table_part(c, sheet, table, rows, top, totals=True, first=first)


def _rows_that_fit(rows: Sequence[_Row], room: float, keep: int) -> int:
    """How many rows from the first fit in ``room``, leaving at least ``keep`` for later."""
    take, used = 0, 0.0
    while take < len(rows) - keep and used + rows[take].height <= room:
        used += rows[take].height
        take += 1
    return take


def _flow_tail(
    c: Canvas,
    sheet: Sheet,
    tail: Sequence[_Block],
    y: float,
    sig_top: float,
    left: float,
    right: float,
    ph: float,
) -> None:
    """Notes, winner and rulings under the table, going on to a new page only if they must;
    the signatures always have their room at the foot of the last page."""
    above = sig_top + AIR
    for i, block in enumerate(tail):
        rest = sum(b.height for b in tail[i:])
        need = block.height + (
            tail[i + 1].height if block.keep_with_next and i + 1 < len(tail) else 0
        )
        # The last line goes over the signatures, never leaving them a page of their own.
        if y - rest < above and (y - need < MARGIN or i == len(tail) - 1):
            y = _new_page(c, sheet, left, right, ph)
        block.draw(c, y)
        y -= block.height
    if y < above:
        _new_page(c, sheet, left, right, ph)


def _new_page(c: Canvas, sheet: Sheet, left: float, right: float, ph: float) -> float:
    _footer(c, sheet, left, right, more=True)
    c.showPage()
    return _continued_header(c, sheet, left, right, ph - MARGIN)
