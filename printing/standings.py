"""Standings on paper: rank, entrant and the tournament's own metric columns.

The metrics arrive as data (headers and values) because each tournament picks and
orders its own; this module only lays them out, marks shared ranks and the playoff cut.
"""

from __future__ import annotations

import io
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from .data import StandingsDoc
from .fonts import width as text_width
from .paper import MARGIN, new_canvas, page_size
from .text import ELLIPSIS, TextRun, draw, draw_fitted, fit, wrap

GREY = (0.42, 0.42, 0.42)
SHADE = (0.93, 0.93, 0.93)
CUT = (0.75, 0.1, 0.1)
ROW_H = 22.0
SIZE = 13.0
NAME_MIN = 9.0  # an entrant's name shrinks to this, then takes a second line
NAME_WANT = 11.0  # the size a name keeps before the headers give it room
HEAD_SIZE, HEAD_MIN = 11.0, 8.0  # a column's header wraps between words, shrinking to this
HEAD_LEAD = 1.15
PAD = 4.5  # inside a column, each side: 9 points between two columns
CUT_GAP = 16.0  # room between the last qualifier and the next row for the cut's label


def shown_ranks(ranks: Sequence[str]) -> list[str]:
    """Ranks as printed: a rank held by more than one row reads "=3"; a row with no rank
    yet (a dash, or nothing) stays as it is, however many share it."""
    bare = [r.lstrip("=").strip() for r in ranks]
    counts = Counter(bare)
    return [f"={r}" if counts[r] > 1 and r.isdecimal() else r for r in bare]


def _check(doc: StandingsDoc) -> None:
    for i, row in enumerate(doc.rows, start=1):
        if len(row) != len(doc.headers) + 2:
            raise ValueError(
                f"standings row {i} has {len(row)} cells; expected rank, entrant and "
                f"{len(doc.headers)} values ({', '.join(doc.headers)})"
            )


@dataclass(frozen=True)
class _Layout:
    """Column widths, and each header's lines at the size they print."""

    rank_w: float
    name_w: float
    metric_w: tuple[float, ...]
    head_size: float
    heads: tuple[tuple[str, ...], ...]  # "Rank", "Entrant", then each metric's, line by line

    @property
    def head_h(self) -> float:
        lines = max(len(h) for h in self.heads)
        return max(ROW_H, lines * self.head_size * HEAD_LEAD + 9)


def _narrowest(header: str, size: float) -> float:
    """The least width a header takes wrapped, breaking only between words or after a
    hyphen ("Head-to-" / "head"), never inside a word."""
    pieces = [p for word in header.split() for p in re.findall(r"[^-]+-?|-", word)]
    return max((text_width(p, size, "bold") for p in pieces), default=0.0)


def _layout(doc: StandingsDoc, ranks: Sequence[str], width: float) -> _Layout:
    """Every column as wide as its figures and its header's longest word; the entrant's
    name the rest. When that leaves the name too little, the headers print smaller (down
    to HEAD_MIN), wrapping onto more lines, before a name takes two."""
    values = [[r[k + 2] for r in doc.rows] for k in range(len(doc.headers))]
    figures = [max((text_width(v, SIZE) for v in col), default=0.0) for col in values]
    rank_fig = max((text_width(r, SIZE, "bold") for r in ranks), default=0.0)
    # A name may shrink a little (to NAME_WANT) before a header shrinks or wraps further.
    named = [max((text_width(r[1], at) for r in doc.rows), default=0.0) for at in (NAME_WANT, SIZE)]
    head = text_width("Entrant", HEAD_SIZE, "bold")
    least, full = (min(width * 0.4, max(n, head) + 2 * PAD) for n in named)
    size = HEAD_SIZE
    while True:
        rank_w = 2 * PAD + max(rank_fig, text_width("Rank", size, "bold"))
        metric_w = [
            2 * PAD + max(fig, _narrowest(h, size), 24.0)
            for h, fig in zip(doc.headers, figures, strict=True)
        ]
        name_w = width - rank_w - sum(metric_w)
        if name_w >= least or size <= HEAD_MIN:
            break
        size = max(HEAD_MIN, size - 0.5)
    # What the names need at full size is theirs; then a header row with fewer lines;
    # then the figures' columns share what is left, up to a point.
    metric_w = _fewer_lines(doc.headers, metric_w, name_w - full, size)
    name_w = width - rank_w - sum(metric_w)
    if name_w > full:
        extra = min(name_w - full, len(metric_w) * 40.0)
        metric_w = [w + extra / len(metric_w) for w in metric_w]
        name_w = width - rank_w - sum(metric_w)
    heads = (
        ("Rank",),
        tuple(wrap("Entrant", name_w - 2 * PAD, size, "bold", max_lines=None)),
        *(
            tuple(wrap(h, w - 2 * PAD, size, "bold", max_lines=None))
            for h, w in zip(doc.headers, metric_w, strict=True)
        ),
    )
    return _Layout(rank_w, name_w, tuple(metric_w), size, heads)


def _fewer_lines(
    headers: Sequence[str], widths: list[float], spare: float, size: float
) -> list[float]:
    """Widths given from ``spare`` to the headers on the most lines, each just enough to
    take one line fewer, while it lasts: a header row as short as the page allows."""
    widths = list(widths)

    def lines(k: int, w: float) -> int:
        return len(wrap(headers[k], w - 2 * PAD, size, "bold", max_lines=None))

    while spare > 0 and headers:
        k = max(range(len(headers)), key=lambda i: (lines(i, widths[i]), -i))
        now = lines(k, widths[k])
        if now <= 1 or lines(k, widths[k] + spare) >= now:
            break
        low, high = widths[k], widths[k] + spare  # the least width that saves a line
        for _ in range(20):
            mid = (low + high) / 2
            low, high = (low, mid) if lines(k, mid) < now else (mid, high)
        spare -= high - widths[k]
        widths[k] = high
    return widths


def _name(cells: TextRun, x: float, base: float, name: str, w: float) -> None:
    """An entrant's name on one line, shrunk down to NAME_MIN; past that on two lines in
    the row (an ellipsis only past two)."""
    shown, used = fit(name, w, SIZE, NAME_MIN)
    if ELLIPSIS not in shown or shown == name:
        cells.draw(x, base, shown, used, box=(x, x + w))
        return
    lines = wrap(name, w, NAME_MIN, max_lines=2)
    lead = NAME_MIN * 1.1
    top = base + SIZE * 0.35 + lead / 2 - NAME_MIN * 0.35
    for j, line in enumerate(lines):
        cells.draw(x, top - j * lead, line, NAME_MIN, box=(x, x + w))


def standings_pdf(doc: StandingsDoc, paper: str = "letter") -> bytes:
    """Every row in rank order over as many pages as it takes; header row repeated."""
    _check(doc)
    pw, ph = page_size(paper)
    buf = io.BytesIO()
    c = new_canvas(buf, paper, f"{doc.title} — {doc.tournament}")
    left, width = MARGIN, pw - 2 * MARGIN
    ranks = shown_ranks([r[0] for r in doc.rows])
    lay = _layout(doc, ranks, width)
    rank_w, name_w, metric_w = lay.rank_w, lay.name_w, lay.metric_w
    foot = wrap(f"Tiebreak order: {doc.tiebreaks}", width, 10, max_lines=None)
    foot = foot if doc.tiebreaks else []
    first_top = ph - MARGIN - 70
    per_page = int((first_top - MARGIN - 30 - lay.head_h - CUT_GAP) // ROW_H)
    chunks = [doc.rows[i : i + per_page] for i in range(0, len(doc.rows), per_page)] or [()]
    # The footnote needs room under the last page's rows.
    last_room = first_top - lay.head_h - len(chunks[-1]) * ROW_H - CUT_GAP - MARGIN - 20
    if foot and last_room < len(foot) * 13 + 10:
        chunks.append(())
    pages = len(chunks)
    index = 0
    for p, chunk in enumerate(chunks):
        _page_header(c, doc, left, width, ph, p, pages)
        y = first_top
        _table_header(c, lay, left, y)
        y -= lay.head_h
        cells = TextRun(c)  # drawn over the shading once the page's rows are laid out
        for row in chunk:
            if index % 2 == 1:
                c.setFillColorRGB(*SHADE)
                c.rect(left, y - ROW_H, width, ROW_H, stroke=0, fill=1)
            c.setFillColorRGB(0, 0, 0)
            base = y - ROW_H / 2 - SIZE * 0.35
            right = left + rank_w - PAD
            cells.draw(right, base, ranks[index], SIZE, "bold", "right", box=(left, right))
            _name(cells, left + rank_w + PAD, base, row[1], name_w - 2 * PAD)
            x = left + rank_w + name_w
            for k, value in enumerate(row[2:]):
                cells.fitted(
                    x + metric_w[k] - PAD, base, value, metric_w[k] - 2 * PAD, SIZE, 8,
                    align="right",
                )  # fmt: skip
                x += metric_w[k]
            y -= ROW_H
            index += 1
            if doc.cut_after is not None and index == doc.cut_after and index < len(doc.rows):
                cells.close()  # the rows above the line come first when the text is read
                _cut_line(c, left, width, y - CUT_GAP / 2, doc.cut_after)
                cells = TextRun(c)
                y -= CUT_GAP
        cells.close()
        if p == pages - 1 and foot:
            c.setFillColorRGB(*GREY)
            y -= 22
            for line in foot:
                draw(c, left, y, line, 10)
                y -= 13
        c.setFillColorRGB(*GREY)
        draw(c, pw - MARGIN, MARGIN - 12, "Kitty TD", 7.5, align="right")
        c.showPage()
    c.save()
    return buf.getvalue()


def _page_header(
    c: Canvas, doc: StandingsDoc, left: float, width: float, ph: float, p: int, pages: int
) -> None:
    c.setFillColorRGB(0, 0, 0)
    draw_fitted(c, left, ph - MARGIN - 24, doc.title, width - 100, 24, 13, "bold")
    c.setFillColorRGB(*GREY)
    meta = " · ".join(x for x in (doc.tournament, doc.date) if x)
    draw_fitted(c, left, ph - MARGIN - 44, meta, width - 100, 12, 8)
    if pages > 1:
        draw(c, left + width, ph - MARGIN - 24, f"page {p + 1} of {pages}", 11, align="right")


def _table_header(c: Canvas, lay: _Layout, left: float, top: float) -> None:
    """Each header whole, its lines standing on the rule under them (a spreadsheet's way)."""
    c.setFillColorRGB(0, 0, 0)
    size, lead = lay.head_size, lay.head_size * HEAD_LEAD
    bottom = top - lay.head_h + 7
    edges = [left, left + lay.rank_w, left + lay.rank_w + lay.name_w]
    for w in lay.metric_w:
        edges.append(edges[-1] + w)
    for k, lines in enumerate(lay.heads):
        cell = (edges[k], edges[k + 1])
        for j, line in enumerate(lines):
            y = bottom + (len(lines) - 1 - j) * lead
            if k == 1:
                draw(c, cell[0] + PAD, y, line, size, "bold", box=cell)
            else:
                draw(c, cell[1] - PAD, y, line, size, "bold", "right", box=cell)
    c.setLineWidth(1.4)
    c.setStrokeColorRGB(0, 0, 0)
    c.line(left, top - lay.head_h, edges[-1], top - lay.head_h)


def _cut_line(c: Canvas, left: float, width: float, y: float, n: int) -> None:
    """A heavy dashed rule with its label, so the cut is plain even on a grey printer."""
    c.saveState()
    c.setStrokeColorRGB(*CUT)
    c.setFillColorRGB(*CUT)
    c.setLineWidth(2.2)
    c.setDash(8, 4)
    label = f"PLAYOFF CUT — top {n} advance"
    w = draw(c, left + width, y - 3.5, label, 9, "bold", "right")
    c.line(left, y, left + width - w - 8, y)
    c.restoreState()
