"""The hand table laid out: each row's lines and height, and the print size at which the
whole table fits the page (or, too long for one, the size it flows over several at)."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from ..data import HandLine, Sheet
from ..text import fit_lines, wrap
from .columns import NAME_MIN, NAME_SIZE, PAD, SUB_HEAD, _Columns, _columns
from .rows import _facts, _labels, _remark, _rows

LEAD = 1.15  # line spacing, in font sizes
MIN_SIZE = 7.0  # the smallest a hand's cells print: still read at arm's length
FLOW_SIZE = 9.0  # a round too long for one page prints at this size over several
REMARK_MIN = 6.5  # a row's remarks ("ruling, see below") print a size under its facts


@dataclass(frozen=True)
class _Row:
    """One row of the table at a print size: its cells line by line, and its height."""

    hand: HandLine | None  # None: a blank row to fill by hand
    label: str  # what the Hand column says
    cells: tuple[tuple[str, ...], ...]  # dealer, bidder, bid, taken: each line by line
    height: float
    # Words under the facts, across the four text columns (open there), line by line:
    # "void — replayed", "ruling, see below", the game's own (rules: remarks).
    remarks: tuple[str, ...] = ()

    @property
    def has_facts(self) -> bool:
        return any(self.cells_text)

    @property
    def cells_text(self) -> tuple[str, ...]:
        return tuple(" ".join(c) for c in self.cells)


@dataclass(frozen=True)
class _Table:
    """The table at one print size: its columns, its head's and rows' heights."""

    cols: _Columns
    size: float
    names: tuple[tuple[tuple[str, ...], float], ...]  # each side's name in the head: lines, size
    head_h: float
    rows: tuple[_Row, ...]
    total_h: float
    start_h: float = 0.0  # the pool's balance before the first hand, under the head

    @property
    def height(self) -> float:
        return self.head_h + self.start_h + sum(r.height for r in self.rows) + self.total_h


def _head_names(sheet: Sheet, cols: _Columns) -> tuple[tuple[tuple[str, ...], float], ...]:
    """Each side's name over its columns, line by line, and its size: two lines at most
    before it shrinks; past the floor it takes more, a word too long broken with "-"."""
    heads = []
    names = [side.name for side in sheet.sides] + ([sheet.pool] if sheet.pool else [])
    for g, name in enumerate(names):
        room = cols.side(g)[1] - 6
        _, size = fit_lines(name, room, NAME_SIZE, NAME_MIN, "bold", lines=2)
        heads.append((tuple(wrap(name, room, size, "bold", None, hyphen=True)), size))
    return tuple(heads)


def _line_h(size: float, lines: int) -> float:
    """A row holding that many lines at that size, with air above and below."""
    return max(1, lines) * size * LEAD + 0.65 * size


def _remark_size(size: float) -> float:
    return max(REMARK_MIN, size - 1.5)


def _remark_h(size: float, lines: int) -> float:
    """The band a row's remarks take under its facts."""
    rs = _remark_size(size)
    return lines * rs * LEAD + 0.35 * rs if lines else 0.0


def _natural(size: float, row: _Row) -> float:
    """A row's least height: its facts' lines, then its remarks' band under them (or, with
    no facts, the remarks alone)."""
    if not row.has_facts and row.remarks:
        return _line_h(_remark_size(size), len(row.remarks))
    return _line_h(size, max(len(c) for c in row.cells)) + _remark_h(size, len(row.remarks))


def _measure(
    sheet: Sheet, left: float, width: float, size: float, base_h: float
) -> tuple[_Table, int]:
    """The table at that print size, each row at least ``base_h`` tall; and how whole its
    words are (as _columns says)."""
    rows = _rows(sheet)
    cols, whole = _columns(sheet, rows, left, width, size)
    names = _head_names(sheet, cols)
    head_h = max(32.0, 6 + max((len(n) * s * 1.15 for n, s in names), default=0) + SUB_HEAD)
    span = cols.x[5] - cols.x[1] - 2 * PAD  # the four text columns, where remarks go
    measured = []
    for row, label in zip(rows, _labels(rows), strict=True):
        cells = tuple(
            tuple(wrap(text, cols.w[k] - 2 * PAD, size, max_lines=None))
            for k, text in enumerate(_facts(row), start=1)
        )
        remarks = tuple(wrap(_remark(sheet, row), span, _remark_size(size), "italic", None))
        shaped = _Row(row, label, cells, 0.0, remarks)
        measured.append(replace(shaped, height=max(base_h, _natural(size, shaped))))
    total_h = max(base_h, _line_h(size + 1, 1))
    start_h = max(base_h, _line_h(size, 1)) if sheet.pool else 0.0
    table = _Table(cols, size, names, head_h, tuple(measured), total_h, start_h)
    return table, whole


def _stretch(t: _Table, room: float, most: float) -> _Table:
    """The rows made as tall as ``room`` allows, up to ``most``: room to write in."""
    natural = [_natural(t.size, r) for r in t.rows]
    total = _line_h(t.size + 1, 1)
    start = _line_h(t.size, 1) if t.start_h else 0.0

    def height(base: float) -> float:
        rows = sum(max(base, h) for h in natural)
        return t.head_h + rows + max(base, total) + (max(base, start) if start else 0.0)

    base = most
    if height(base) > room:  # the tallest base row that fits, by bisection
        low, high = 0.0, most
        for _ in range(24):
            mid = (low + high) / 2
            low, high = (mid, high) if height(mid) <= room else (low, mid)
        base = low
    rows = tuple(replace(r, height=max(base, h)) for r, h in zip(t.rows, natural, strict=True))
    return replace(t, rows=rows, total_h=max(base, total), start_h=max(base, start) if start else 0)


def _one_page_table(sheet: Sheet, left: float, width: float, room: float) -> _Table | None:
    """The largest size at which the whole table fits in ``room`` with every word whole
    (else with the fewest broken), its rows stretched to fill the room; None when it does
    not fit even at the smallest size."""
    n = len(_rows(sheet)) + 1 + (1 if sheet.pool else 0)
    most = max(9.0, min(30.0, (room - 32) / n))  # roomy rows to write in, when they fit
    size0 = max(MIN_SIZE, min(13.0, math.floor(most * 0.52 * 2) / 2))  # in half points
    best: dict[int, _Table] = {}
    size = size0
    while size >= MIN_SIZE and 2 not in best:
        table, whole = _measure(sheet, left, width, size, 0.0)
        if table.height <= room:
            best.setdefault(whole, table)
        size -= 0.5
    if not best:
        return None
    # A name broken in the head is worth a point of the hands' print size, not more.
    table = best[max(best)]
    if 1 in best and best[1].size - 1 > table.size:
        table = best[1]
    return _stretch(table, room, most)


def _table_over_pages(sheet: Sheet, left: float, width: float) -> _Table:
    """A table too long for one page, at the size it flows over several at: smaller,
    rather than a word broken in a cell, down to the smallest."""
    size = FLOW_SIZE
    table, whole = _measure(sheet, left, width, size, 0.0)
    while not whole and size > MIN_SIZE:
        size -= 0.5
        table, whole = _measure(sheet, left, width, size, 0.0)
    return table
