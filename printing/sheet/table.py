"""The hand table drawn: the head, the rows, the totals and the grid, one page's part at
a time."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.pdfgen.canvas import Canvas

from ..data import Sheet
from ..fonts import width as text_width
from ..text import draw, wrap
from .columns import FIG_PAD, HEAD_SIZE, HEADS, PAD, SUB_HEAD, SUB_SIZE, _Columns
from .ink import GREY, INK, RULE, SHADE, _color
from .layout import LEAD, _remark_h, _remark_size, _Row, _Table
from .rows import _figures, _total_figures


def _table_part(
    c: Canvas,
    sheet: Sheet,
    t: _Table,
    rows: Sequence[_Row],
    top: float,
    totals: bool,
    first: bool = True,
) -> float:
    """The head, the given rows (after the pool's start on the first page) and (at the
    end) the totals; returns the y under them."""
    cols = t.cols
    y = _table_head(c, sheet, t, top)
    open_rows = []
    if first and t.start_h:
        open_rows.append((y, y - t.start_h))
        y = _start_row(c, sheet, t, y)
    for row in rows:
        band = _hand_row(c, sheet, t, row, y)
        if band is not None:
            open_rows.append(band)
        y -= row.height
        _color(c, RULE)
        c.setLineWidth(0.5)
        c.line(cols.left, y, cols.right, y)
    if totals:
        # "Total" spans the text columns, open in this row (it may not fit Taken alone).
        open_rows.append((y, y - t.total_h))
        y = _total_row(c, sheet, t, y)
    _grid(c, t, top, y, open_rows)
    return y


def _table_head(c: Canvas, sheet: Sheet, t: _Table, top: float) -> float:
    cols, h = t.cols, t.head_h
    _color(c, SHADE)
    c.rect(cols.left, top - h, cols.right - cols.left, h, stroke=0, fill=1)
    _color(c, INK)
    for k, label in enumerate(HEADS):
        size = _shrunk(label, cols.w[k] - 2 * PAD, HEAD_SIZE, "bold")
        _lines(c, cols, k, top, h, [label], size, "bold", "center" if k == 0 else "left")
    name_top = top - 4
    words = [sheet.figures] * len(sheet.sides) + ([sheet.pool_figures] if sheet.pool else [])
    for g, (name, size) in enumerate(t.names):
        x, w = cols.side(g)
        for j, line in enumerate(name):
            y = name_top - size * (0.95 + 1.15 * j)
            draw(c, x + w / 2, y, line, size, "bold", "center", (x, x + w))
        k = cols.first(g)
        for j, word in enumerate(words[g]):
            style = "bold" if j == len(words[g]) - 1 else "regular"
            size = _shrunk(word, cols.w[k + j] - 2 * FIG_PAD, SUB_SIZE, style)
            _lines(c, cols, k + j, top - h + SUB_HEAD, SUB_HEAD, [word], size, style, "right")
    return top - h


def _start_row(c: Canvas, sheet: Sheet, t: _Table, top: float) -> float:
    """The pool's balance before the first hand, the sides' totals at nothing: the row
    the columns are added from."""
    cols, h = t.cols, t.start_h
    _color(c, GREY)
    size = _remark_size(t.size)
    span = (cols.x[1], cols.x[5])
    label = f"{sheet.pool} before hand 1: {sheet.pool_start}"
    for j, line in enumerate(wrap(label, span[1] - span[0] - 2 * PAD, size, "italic", 1)):
        draw(c, span[0] + PAD, top - h / 2 - size * 0.35 - j * size, line, size, "italic", box=span)
    _color(c, INK)
    for g in range(cols.n_sides):
        _lines(c, cols, cols.first(g) + cols.per_side - 1, top, h, ["0"], t.size, "bold", "right")
    k = cols.first(cols.n_sides)
    _lines(c, cols, k + 1, top, h, [str(sheet.pool_start)], t.size, "bold", "right")
    _color(c, RULE)
    c.setLineWidth(0.5)
    c.line(cols.left, top - h, cols.right, top - h)
    return top - h


def _hand_row(c: Canvas, sheet: Sheet, t: _Table, row: _Row, top: float) -> tuple | None:
    """One row; returns its remarks' band, where the text columns' lines stay open."""
    cols, size = t.cols, t.size
    hand = row.hand
    h = row.height - (_remark_h(size, len(row.remarks)) if row.has_facts else 0.0)
    if hand is None:  # blank, to fill by hand
        _color(c, (0.8, 0.8, 0.8))
        _lines(c, cols, 0, top, row.height, [row.label], size, "bold", "center")
        return None
    if hand.tiebreaker:
        _color(c, SHADE)
        c.rect(cols.left, top - row.height, cols.right - cols.left, row.height, stroke=0, fill=1)
        if not hand.number:
            _color(c, INK)
            _lines(c, cols, 0, top, row.height, ["TB"], size, "bold", "center")
            return _remarks(c, t, row, top)
    _color(c, GREY if hand.void else INK)
    _lines(c, cols, 0, top, row.height, [row.label], size, "bold", "center")
    for k, lines in enumerate(row.cells, start=1):
        _lines(c, cols, k, top, h, lines, size)
    if hand.void:
        strike_y = top - h / 2
        c.setLineWidth(1.1)
        c.line(cols.x[1] + 2, strike_y, cols.x[5] - 2, strike_y)
    for g, figures in enumerate(_figures(sheet, hand)):
        k = cols.first(g)
        for j, figure in enumerate(figures):
            style = "bold" if j == len(figures) - 1 else "regular"
            shown = [figure] if figure else []
            _lines(c, cols, k + j, top, row.height, shown, size, style, "right")
    return _remarks(c, t, row, top)


def _remarks(c: Canvas, t: _Table, row: _Row, top: float) -> tuple[float, float] | None:
    """A row's remarks across the four text columns, in the band at its foot (the whole
    row when it has no facts); returns the band (top, bottom), where those columns' lines
    stay open."""
    if not row.remarks:
        return None
    cols = t.cols
    size = _remark_size(t.size)
    band = row.height if not row.has_facts else _remark_h(t.size, len(row.remarks))
    span = (cols.x[1], cols.x[5])
    lead = size * LEAD
    base = top - row.height + band / 2 + (len(row.remarks) - 1) * lead / 2 - size * 0.35
    _color(c, GREY)
    for j, line in enumerate(row.remarks):
        draw(c, span[0] + PAD, base - j * lead, line, size, "italic", box=span)
    return top - row.height + band, top - row.height


def _total_row(c: Canvas, sheet: Sheet, t: _Table, top: float) -> float:
    """Each column's total, a size larger, between heavy lines; returns the y under it."""
    cols, h, size = t.cols, t.total_h, t.size
    _color(c, INK)
    c.setLineWidth(1.4)
    c.line(cols.left, top, cols.right, top)
    span = (cols.x[1], cols.x[5])
    draw(c, span[1] - PAD, top - h / 2 - size * 0.35, "Total", size, "bold", "right", span)
    for g, figures in enumerate(_total_figures(sheet)):
        k = cols.first(g)
        for j, figure in enumerate(figures):
            if figure:
                _lines(c, cols, k + j, top, h, [figure], size + 1, "bold", "right")
    c.line(cols.left, top - h, cols.right, top - h)
    return top - h


def _grid(
    c: Canvas, t: _Table, top: float, bottom: float, open_rows: Sequence[tuple[float, float]]
) -> None:
    """The outer box and the column lines of one page's part of the table; the lines
    between the text columns stay open across ``open_rows`` (top, bottom), where a row's
    remarks span them."""
    cols = t.cols
    _color(c, INK)
    c.setLineWidth(1.2)
    c.rect(cols.left, bottom, cols.right - cols.left, top - bottom, stroke=1, fill=0)
    _color(c, RULE)
    sub_top = top - t.head_h + SUB_HEAD + 1  # a group's figures share its name above
    for k in range(1, len(cols.x)):
        heavy = cols.heavy(k)
        c.setLineWidth(1.2 if heavy else 0.5)
        upper = sub_top if (k >= 5 and not heavy) else top
        if 2 <= k <= 4:
            for band_top, band_bottom in sorted(open_rows, reverse=True):
                if band_top < upper:
                    c.line(cols.x[k], band_top, cols.x[k], upper)
                upper = min(upper, band_bottom)
        c.line(cols.x[k], bottom, cols.x[k], upper)


def _lines(
    c: Canvas,
    cols: _Columns,
    k: int,
    top: float,
    h: float,
    lines: Sequence[str],
    size: float,
    style: str = "regular",
    align: str = "left",
) -> None:
    """Lines in column k, as a block centred on the row's middle, each within its cell."""
    if not lines:
        return
    lead = size * LEAD
    base = top - h / 2 + (len(lines) - 1) * lead / 2 - size * 0.35
    cell = (cols.x[k], cols.x[k] + cols.w[k])
    pad = FIG_PAD if k >= 5 else PAD
    for j, line in enumerate(lines):
        y = base - j * lead
        if align == "right":
            draw(c, cell[1] - pad, y, line, size, style, "right", cell)
        elif align == "center":
            draw(c, (cell[0] + cell[1]) / 2, y, line, size, style, "center", cell)
        else:
            draw(c, cell[0] + PAD, y, line, size, style, box=cell)


def _shrunk(text: str, room: float, size: float, style: str = "regular") -> float:
    """The size at which a word fits its room: smaller if it must, never cut."""
    w = text_width(text, size, style)
    return size if w <= room else size * room / w
