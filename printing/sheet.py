"""The score sheet of one table in one round, blank to fill by hand or filled from the app.

The layout is worked out from the bottom up: signatures, winner, rulings and notes get
the room they need, and the hand rows share what is left, so a 4-hand Kitty sheet has
roomy rows to write in and a 12-deal Ascot sheet still fits on its one page.

Both sides sign the sheet and a signed sheet is final (6 Card Kitty rule 40), so every
word and figure they sign is printed whole: a cell too long for its column wraps onto
more lines, never ends in "…". A round too long for one page flows onto the next, the
table's heads repeated, with the totals, winner, rulings and signatures together at the end.

The players check the paper before they sign it: a row says in words what its figures
alone would not ("ruling, see below", "void — replayed", a game's own remark), and the
figure columns are the game's (Sheet.figures, Sheet.pool: a bonus apart, a kitty's chips)
so that each row and each column adds up on the paper.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from reportlab.pdfgen.canvas import Canvas

from rules.base import cite

from .data import HandLine, RulingLine, Sheet, SideInfo, SignatureLine, shown_code
from .fonts import width as text_width
from .paper import MARGIN, new_canvas, page_size
from .qr import draw_qr
from .text import draw, draw_fitted, fit_lines, line_steps, wrap

INK = (0.0, 0.0, 0.0)
GREY = (0.42, 0.42, 0.42)
RULE = (0.55, 0.55, 0.55)
SHADE = (0.91, 0.91, 0.91)
QR_SIZE = 92.0
VOID_LABEL = "void — replayed"

PAD = 4.0  # inside a cell, left and right
FIG_PAD = 3.0  # inside a figure's cell: right-aligned figures need less
LEAD = 1.15  # line spacing, in font sizes
MIN_SIZE = 7.0  # the smallest a hand's cells print: still read at arm's length
FLOW_SIZE = 9.0  # a round too long for one page prints at this size over several
HEAD_SIZE = 10.0
HEADS = ("Hand", "Dealer", "Bidder", "Bid", "Taken")
NAME_SIZE, NAME_MIN = 9.5, 6.5  # a side's name in the table head
SUB_HEAD, SUB_SIZE = 16.0, 7.5  # the band under the side names: "pts", "total"
REMARK_MIN = 6.5  # a row's remarks ("ruling, see below") print a size under its facts
# Dealer, bidder, bid and taken: their least width, room to write a name or a bid by
# hand, and how width to spare is shared (names are the longest to write).
HAND_ROOM = (60.0, 60.0, 34.0, 34.0)
TEXT_SHARE = (0.32, 0.32, 0.18, 0.18)
NOTE_LEAD, RULING_LEAD = 11.5, 12.5
CONTINUED_H = 42.0  # the heading of a sheet's later page
AIR = 8.0  # between what the table is followed by and the signatures


def _status(sheet: Sheet) -> str:
    if sheet.final:
        return "FINAL"
    if sheet.hands:
        return "NOT FINAL"
    return ""


def _color(c: Canvas, rgb: tuple[float, float, float]) -> None:
    c.setFillColorRGB(*rgb)
    c.setStrokeColorRGB(*rgb)


# -- the hand table: measured first, then drawn ---------------------------------------------


@dataclass(frozen=True)
class _Columns:
    """x positions of the hand table: left edges and widths. After the hand number and
    the four text columns come the figures in groups: each side's (``per_side`` of them:
    points, [bonus,] total), then the pool's (its change and balance) if there is one."""

    x: tuple[float, ...]
    w: tuple[float, ...]
    n_sides: int
    per_side: int = 2
    pool: bool = False

    @property
    def left(self) -> float:
        return self.x[0]

    @property
    def right(self) -> float:
        return self.x[-1] + self.w[-1]

    @property
    def groups(self) -> int:
        return self.n_sides + (1 if self.pool else 0)

    def first(self, g: int) -> int:
        """The column index of group g's first figure (a side's, or the pool's after them)."""
        return 5 + self.per_side * g

    def size(self, g: int) -> int:
        return self.per_side if g < self.n_sides else 2

    def side(self, g: int) -> tuple[float, float]:
        """Left edge and width of group g's sub-columns together."""
        k = self.first(g)
        return self.x[k], sum(self.w[k : k + self.size(g)])

    def heavy(self, k: int) -> bool:
        """Whether column k starts a group (a heavy line at its left)."""
        return any(k == self.first(g) for g in range(self.groups))


@dataclass(frozen=True)
class _Row:
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


def _mark(hand: HandLine) -> str:
    return "*" if hand.note else ""


def _rows(sheet: Sheet) -> list[HandLine | None]:
    """The table's rows: played hands, blanks up to the plan, then the tiebreaker row(s).
    None is a blank row; a blank tiebreaker row is a HandLine with no facts."""
    regular = [h for h in sheet.hands if not h.tiebreaker]
    breakers = [h for h in sheet.hands if h.tiebreaker]
    rows: list[HandLine | None] = list(regular)
    # A void hand is dealt again under its number: it leaves the blanks as they were.
    rows += [None] * max(0, sheet.planned_hands - sum(1 for h in regular if not h.void))
    if breakers:
        rows += breakers
    elif sheet.tiebreaker_row:
        rows.append(HandLine(0, "", "", "", "", (), (), tiebreaker=True))
    return rows


def _labels(rows: Sequence[HandLine | None]) -> list[str]:
    """Each row's label: a played hand its own number, a blank row the number after the
    one above it (a hand struck off the sheet leaves a gap, 1, 2, 4: the blanks go on
    from 5, not from their place in the list)."""
    labels, last = [], 0
    for row in rows:
        if row is None:
            last += 1
            labels.append(str(last))
            continue
        if not row.tiebreaker:
            last = row.number
        labels.append(("TB" if row.tiebreaker else str(row.number)) + _mark(row))
    return labels


def _facts(row: HandLine | None) -> tuple[str, str, str, str]:
    if row is None:
        return ("", "", "", "")
    return (row.dealer, row.bidder, row.bid, row.taken)


def _totals(sheet: Sheet) -> tuple[int, ...] | None:
    if sheet.totals is not None or not sheet.hands:
        return sheet.totals
    counted = [r for r in sheet.hands if not r.void and r.running]
    return counted[-1].running if counted else None


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def _figures(sheet: Sheet, hand: HandLine) -> list[tuple[str, ...]]:
    """A hand's figures, group by group: each side's points (its bonus apart, when the
    sheet has a column for it) and running total; then the pool's change and balance."""
    m = len(sheet.figures)
    groups: list[tuple[str, ...]] = []
    for i in range(max(1, len(sheet.sides))):
        if hand.void:
            groups.append(("—",) + ("",) * (m - 1))
            continue
        points = hand.points[i] if i < len(hand.points) else None
        running = hand.running[i] if i < len(hand.running) else None
        bonus = hand.bonus[i] if i < len(hand.bonus) else 0
        if points is None:
            shown: tuple[str, ...] = ("",) * (m - 1)
        elif m == 3:
            shown = (str(points - bonus), str(bonus))
        else:
            shown = (str(points),) + ("",) * (m - 2)
        groups.append((*shown, "" if running is None else str(running)))
    if sheet.pool:
        if hand.void:
            groups.append(("—", ""))
        else:
            change = "" if hand.pool is None else _signed(hand.pool)
            balance = "" if hand.pool_balance is None else str(hand.pool_balance)
            groups.append((change, balance))
    return groups


def _total_figures(sheet: Sheet) -> list[tuple[str, ...]]:
    """The totals row, group by group: each side's total (with a bonus column, the sum of
    each column: the game's score, its bonus, and both), then the pool's."""
    m = len(sheet.figures)
    n = max(1, len(sheet.sides))
    totals = _totals(sheet)
    counted = [h for h in sheet.hands if not h.void and not h.tiebreaker]
    groups: list[tuple[str, ...]] = []
    for i in range(n):
        if totals is None or i >= len(totals):
            groups.append(("",) * m)
        elif m == 3:
            bonus = sum(h.bonus[i] for h in counted if i < len(h.bonus))
            groups.append((str(totals[i] - bonus), str(bonus), str(totals[i])))
        else:
            groups.append(("",) * (m - 1) + (str(totals[i]),))
    if sheet.pool:
        paid = [h for h in counted if h.pool is not None and h.pool_balance is not None]
        if paid:
            groups.append((_signed(sum(h.pool or 0 for h in paid)), str(paid[-1].pool_balance)))
        else:
            groups.append(("", ""))
    return groups


def _widest(texts: Sequence[str], size: float, style: str = "regular") -> float:
    return max((text_width(t, size, style) for t in texts if t), default=0.0)


def _longest_word(texts: Sequence[str], size: float) -> float:
    return _widest([w for t in texts for w in t.split()], size)


def _lines_at(steps: Sequence[tuple[float, int]], room: float) -> int:
    """Lines a cell takes in that much room (an estimate below its longest word)."""
    fitting = [lines for w, lines in steps if w <= room + 1e-6]
    if fitting:
        return fitting[-1]
    narrowest, lines = steps[0]
    return lines + math.ceil(narrowest / max(room, 1.0)) - 1


def _share(
    cells: Sequence[Sequence[tuple[tuple[float, int], ...]]],
    mins: Sequence[float],
    spare: float,
) -> list[float]:
    """Widths for the text columns from ``mins`` up, within ``spare`` in all: each step
    widens the column that saves the most lines of the table per point of width, so the
    rows stay as short as the page allows. ``cells[k][r]`` are column k's line steps."""
    widths = list(mins)
    rows = range(len(cells[0]))

    def lines(ws: Sequence[float]) -> tuple[int, int]:
        per_cell = [
            [_lines_at(col[r], w - 2 * PAD) for r in rows] for col, w in zip(cells, ws, strict=True)
        ]
        tallest = sum(max(col[r] for col in per_cell) for r in rows)
        return tallest, sum(map(sum, per_cell))

    now = lines(widths)
    while True:
        best: tuple[tuple[float, float], int, float, tuple[int, int]] | None = None
        for k, col in enumerate(cells):
            wider = [w + 2 * PAD for steps in col for w, _ in steps if w + 2 * PAD > widths[k]]
            if not wider or min(wider) - widths[k] > spare - sum(widths) + 1e-6:
                continue
            trial = [*widths[:k], min(wider), *widths[k + 1 :]]
            after = lines(trial)
            cost = min(wider) - widths[k]
            score = ((now[0] - after[0]) / cost, (now[1] - after[1]) / cost)
            if best is None or score > best[0]:
                best = (score, k, min(wider), after)
        if best is None:
            break
        _, k, w, now = best
        widths[k] = w
    return widths


def _columns(
    sheet: Sheet, rows: Sequence[HandLine | None], left: float, width: float, size: float
) -> tuple[_Columns, int]:
    """Widths from what the columns hold: every figure on one line, the text columns the
    rest, shared so that the rows take as few lines as they can; and how whole the words
    are (2: all whole, 1: only a side's name in the head broken, 0: a cell's too)."""
    n = max(1, len(sheet.sides))
    m = len(sheet.figures)
    labels = _labels(rows)
    # "Hand" may print a little smaller than the other heads, to leave the figures room.
    number = max(text_width("Hand", 8.5, "bold"), _widest(labels, size, "bold"))
    number += 2 * PAD
    played = [r for r in rows if r is not None and r.number]
    cells = [_figures(sheet, r) for r in played]
    totals = _total_figures(sheet)
    groups = n + (1 if sheet.pool else 0)
    # A figure's column: room to read and write it, and never narrower than its figures.
    # (Many figure columns, Ascot's four players with Seeger-Fabian, make do with less.)
    floor = min(44.0, max(22.0, width * 0.3 / (m * n + (2 if sheet.pool else 0))))

    def least(g: int, j: int, word: str) -> float:
        last = j == len(totals[g]) - 1
        style = "bold" if last else "regular"
        return max(
            floor,
            2 * FIG_PAD
            + max(
                _widest([c[g][j] for c in cells], size, style),
                _widest([totals[g][j]], size + 1, "bold"),
                text_width(word, SUB_SIZE, style),
            ),
        )

    side_w = [max(least(g, j, sheet.figures[j]) for g in range(n)) for j in range(m)]
    pool_w = [least(n, j, sheet.pool_figures[j]) for j in range(2)] if sheet.pool else []

    def figures_w() -> float:
        return n * sum(side_w) + sum(pool_w)

    texts = [[_facts(r)[k] for r in rows] for k in range(4)]
    heads = [text_width(h, HEAD_SIZE, "bold") for h in HEADS[1:]]
    words = [_longest_word(t, size) for t in texts]
    mins = [
        max(hand, 2 * PAD + max(h, w)) for hand, h, w in zip(HAND_ROOM, heads, words, strict=True)
    ]
    wants = [max(m_, 2 * PAD + _widest(t, size)) for m_, t in zip(mins, texts, strict=True)]
    # A side's name in the head keeps its words whole if no cell has to wrap for it.
    name_word = 6 + max(
        (text_width(w, NAME_MIN, "bold") for s in sheet.sides for w in s.name.split()),
        default=0.0,
    )
    grow = max(0.0, min(88.0, name_word) - sum(side_w)) / m
    if grow and width - number - figures_w() - n * m * grow >= sum(wants):
        side_w = [w + grow for w in side_w]
    spare = width - number - figures_w()
    if sum(mins) > spare:  # the figures need the room to write by hand: what words need
        mins = [2 * PAD + max(h, w) for h, w in zip(heads, words, strict=True)]
    if sum(mins) > spare:  # a word longer than this (a double-barrelled name) is broken
        cap = width * 0.16
        mins = [2 * PAD + max(h, min(cap, w)) for h, w in zip(heads, words, strict=True)]
    if sum(wants) <= spare:
        # Room to spare: figures get room to write them by hand first, then the text.
        nice = min(44.0, max(34.0, width * 0.3 / (m * n + len(pool_w))))
        room = n * sum(max(0.0, nice - w) for w in side_w) + sum(max(0.0, nice - w) for w in pool_w)
        share = min(1.0, (spare - sum(wants)) / room) if room else 0.0
        side_w = [w + share * max(0.0, nice - w) for w in side_w]
        pool_w = [w + share * max(0.0, nice - w) for w in pool_w]
        spare = width - number - figures_w()
        text = wants
    elif sum(mins) <= spare:
        text = _share([[line_steps(t, size) for t in col] for col in texts], mins, spare)
    else:
        text = [m_ * spare / sum(mins) for m_ in mins]
    rest = spare - sum(text)  # what no text needs: more room to write by hand
    text = [w + rest * s for w, s in zip(text, TEXT_SHARE, strict=True)]
    # 2: every word whole, 1: a long name broken in the head only, 0: in a cell too.
    cells_whole = all(w - 2 * PAD >= word for w, word in zip(text, words, strict=True))
    whole = 0 if not cells_whole else 2 if sum(side_w) >= name_word else 1
    widths = [number, *text] + side_w * n + pool_w
    xs: list[float] = []
    x = left
    for w in widths:
        xs.append(x)
        x += w
    assert len(totals) == groups
    return _Columns(tuple(xs), tuple(widths), n, m, bool(sheet.pool)), whole


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


def _remark(sheet: Sheet, row: HandLine | None) -> str:
    """What a row says in words under its facts."""
    if row is None:
        return ""
    if row.tiebreaker and not row.number:
        return _tiebreaker_label(sheet)
    return " · ".join([VOID_LABEL] * row.void + list(row.remarks))


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


def _shrunk(text: str, room: float, size: float, style: str = "regular") -> float:
    """The size at which a word fits its room: smaller if it must, never cut."""
    w = text_width(text, size, style)
    return size if w <= room else size * room / w


def _tiebreaker_label(sheet: Sheet) -> str:
    played = any(h.tiebreaker and h.number for h in sheet.hands)
    return "tiebreaker — not needed" if sheet.final and not played else "tiebreaker — only if tied"


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
        h, size = t.total_h, t.size
        _color(c, INK)
        c.setLineWidth(1.4)
        c.line(cols.left, y, cols.right, y)
        # The word across the text columns, open in this row (it may not fit Taken alone).
        open_rows.append((y, y - h))
        span = (cols.x[1], cols.x[5])
        draw(c, span[1] - PAD, y - h / 2 - size * 0.35, "Total", size, "bold", "right", span)
        for g, figures in enumerate(_total_figures(sheet)):
            k = cols.first(g)
            for j, figure in enumerate(figures):
                if figure:
                    _lines(c, cols, k + j, y, h, [figure], size + 1, "bold", "right")
        y -= h
        c.line(cols.left, y, cols.right, y)
    _grid(c, t, top, y, open_rows)
    return y


# -- around the table -----------------------------------------------------------------------


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
        bottom = min(bottom, url_y - 14)
    return bottom


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


def _players(side: SideInfo) -> str:
    return " & ".join(p for p in side.players if p and p != side.name)


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


def _note_lines(sheet: Sheet, width: float) -> list[str]:
    lines: list[str] = []
    for hand in sheet.hands:
        if not hand.note:
            continue
        label = "TB" if hand.tiebreaker else str(hand.number)
        lines += wrap(f"{label}*  {hand.note}", width, 9, max_lines=None)
    return lines


def _ruling_text(r: RulingLine) -> str:
    where = f"Hand {r.hand}" if r.hand is not None else "Table"
    title = f" — {r.title}" if r.title else ""
    effect = f": {r.effect}" if r.effect else ""
    return f"{where} · {cite(r.rule)}{title}{effect}"


def _signature_for(sheet: Sheet, side: SideInfo) -> SignatureLine:
    for sig in sheet.signatures:
        if sig.side == side.name:
            return sig
    return SignatureLine(side.name)


def _signatures(
    c: Canvas | None, sheet: Sheet, left: float, width: float, top: float = 0.0
) -> float:
    """Each side's line to sign, whose it is under it; returns the block's height (and
    only measures it when there is no canvas)."""
    sides = sheet.sides or (SideInfo("", (), ""),)
    listed = {s.name for s in sides}
    extra = [s for s in sheet.signatures if s.side not in listed]
    col = width / len(sides)
    w = col - 18
    line_y = top - 50
    under = 0.0
    if c is not None:
        _color(c, INK)
        # Two sides at a partnership table; at a three- or four-player game, each player.
        who = "both sides agree" if len(sheet.sides) == 2 else "every player agrees"
        draw(c, left, top - 11, f"Signatures — {who} the scores above", 11, "bold")
    for i, side in enumerate(sides):
        sig = _signature_for(sheet, side)
        x = left + i * col
        if sig.signer:
            when = f" · {sig.signed_at}" if sig.signed_at else ""
            signed = fit_lines(f"Signed by {sig.signer}{when}", w, 9, 6.5)
        elif sig.unneeded:  # a side that forfeited: no line to sign on
            signed = fit_lines(sig.unneeded, w, 9, 6.5)
        else:
            signed = (["Sign here"], 9.0)
        parts = (
            (*fit_lines(side.name, w, 10, 7.5, "bold"), "bold", INK),
            (*fit_lines(_players(side), w, 9, 7), "regular", INK),
            (*signed, "regular" if sig.signer else "italic", GREY),
        )
        y = line_y
        for lines, size, style, ink in parts:
            for line in lines:
                y -= size + 2.5
                if c is not None:
                    _color(c, ink)
                    draw(c, x, y, line, size, style)
        under = max(under, line_y - y)
        if c is not None and (sig.signer or not sig.unneeded):
            _color(c, INK)
            c.setLineWidth(0.9)
            c.line(x, line_y, x + w, line_y)
            if sig.signer:
                draw_fitted(c, x + 4, line_y + 6, sig.signer, w - 8, 16, 8, "italic")
    height = 50 + under + 8
    if extra:  # a signature for a side the sheet does not list: print it, never drop it
        text = "; ".join(f"{s.side}: {s.signer} {s.signed_at}".strip() for s in extra)
        lines = wrap(f"Also signed — {text}", width, 8, max_lines=None)
        if c is not None:
            _color(c, GREY)
            for j, line in enumerate(lines):
                draw(c, left, top - height - j * 10, line, 8)
        height += 10 * len(lines)
    return height


def _winner_lines(sheet: Sheet, width: float) -> tuple[float, list[str], float]:
    label_w = text_width("Winner:", 15, "bold")
    if not sheet.winner:
        return label_w, [], 16.0
    lines, size = fit_lines(sheet.winner, width - label_w - 8, 16, 11, "bold")
    return label_w, lines, size


# -- what follows the table: notes, winner, rulings, each a block that stays whole ---------


@dataclass(frozen=True)
class _Block:
    height: float
    draw: Callable[[Canvas, float], None]  # draws with its top at the y given
    keep_with_next: bool = False


def _tail(sheet: Sheet, left: float, right: float, sig_top: Callable[[], float]) -> list[_Block]:
    """Notes, the winner and the rulings, in the order they print under the table."""
    width = right - left
    blocks: list[_Block] = [_Block(6.0, lambda c, y: None)]

    def note(line: str) -> _Block:
        def paint(c: Canvas, y: float) -> None:
            _color(c, GREY)
            draw(c, left + 2, y - NOTE_LEAD, line, 9)

        return _Block(NOTE_LEAD, paint)

    # How the figures add up, in the game's words; then the notes on single hands.
    notes = [line for text in sheet.key for line in wrap(text, width - 12, 9, max_lines=None)]
    notes += _note_lines(sheet, width - 12)
    blocks += [note(line) for line in notes]
    if notes:
        blocks.append(_Block(4.0, lambda c, y: None))

    label_w, winner, winner_size = _winner_lines(sheet, width)

    def paint_winner(c: Canvas, y: float) -> None:
        _color(c, INK)
        base = y - 16
        draw(c, left, base, "Winner:", 15, "bold")
        x = left + label_w + 8
        if not winner:
            c.setLineWidth(0.9)
            c.line(x, base - 3, left + width * 0.6, base - 3)
        for j, line in enumerate(winner):
            draw(c, x, base - j * (winner_size + 3), line, winner_size, "bold")

    blocks.append(_Block(30.0 + max(0, len(winner) - 1) * (winner_size + 3), paint_winner))

    def paint_heading(c: Canvas, y: float) -> None:
        _color(c, INK)
        draw(c, left, y - 13, "Rulings", 11, "bold")
        if not sheet.rulings and sheet.hands:
            _color(c, GREY)
            draw(c, left + 56, y - 13, "none", 10, "italic")

    if not sheet.rulings and not sheet.hands:

        def paint_blank(c: Canvas, y: float) -> None:
            paint_heading(c, y)
            _color(c, RULE)
            c.setLineWidth(0.5)
            # Lines to write on, down to the signatures: rulings are rare but never short.
            y -= 13
            for i in range(1, max(2, int((y - sig_top() - 8) // 22)) + 1):
                c.line(left, y - 22 * i, right, y - 22 * i)

        blocks.append(_Block(18 + 2 * 20, paint_blank))
        return blocks
    blocks.append(_Block(13.0 if sheet.rulings else 27.0, paint_heading, keep_with_next=True))

    def ruling(r: RulingLine) -> _Block:
        """A ruling, all its lines on one page."""
        lines = wrap(_ruling_text(r), width - 12, 10, max_lines=None)

        def paint(c: Canvas, y: float) -> None:
            _color(c, INK)
            for j, line in enumerate(lines, start=1):
                draw(c, left + 12, y - j * RULING_LEAD, line, 10)

        return _Block(RULING_LEAD * len(lines), paint)

    return blocks + [ruling(r) for r in sheet.rulings]


# -- the page(s) ----------------------------------------------------------------------------


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


def _new_page(c: Canvas, sheet: Sheet, left: float, right: float, ph: float) -> float:
    _footer(c, sheet, left, right, more=True)
    c.showPage()
    return _continued_header(c, sheet, left, right, ph - MARGIN)


def _flow_table(
    c: Canvas, sheet: Sheet, left: float, right: float, top: float, ph: float, end_h: float
) -> float:
    """A table too long for one page, over as many as it needs: each page repeats the head,
    and the last keeps at least one hand with the totals and what follows them."""
    size = FLOW_SIZE
    table, whole = _measure(sheet, left, right - left, size, 0.0)
    while not whole and size > MIN_SIZE:  # smaller, rather than a word broken in a cell
        size -= 0.5
        table, whole = _measure(sheet, left, right - left, size, 0.0)
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
        take, used = 0, 0.0
        while take < len(rows) - keep and used + rows[take].height <= room:
            used += rows[take].height
            take += 1
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
