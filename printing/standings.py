"""Standings on paper: rank, entrant and the tournament's own metric columns.

The metrics arrive as data (headers and values) because each tournament picks and
orders its own; this module only lays them out, marks shared ranks and the playoff cut.
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Sequence

from reportlab.pdfgen.canvas import Canvas

from printing.data import StandingsDoc
from printing.paper import MARGIN, new_canvas, page_size
from printing.text import TextRun, draw, draw_fitted, wrap

GREY = (0.42, 0.42, 0.42)
SHADE = (0.93, 0.93, 0.93)
CUT = (0.75, 0.1, 0.1)
ROW_H = 22.0
SIZE = 13.0
CUT_GAP = 16.0  # room between the last qualifier and the next row for the cut's label


def shown_ranks(ranks: Sequence[str]) -> list[str]:
    """Ranks as printed: a rank held by more than one row reads "=3"."""
    bare = [r.lstrip("=").strip() for r in ranks]
    counts = Counter(bare)
    return [f"={r}" if counts[r] > 1 else r for r in bare]


def _check(doc: StandingsDoc) -> None:
    for i, row in enumerate(doc.rows, start=1):
        if len(row) != len(doc.headers) + 2:
            raise ValueError(
                f"standings row {i} has {len(row)} cells; expected rank, entrant and "
                f"{len(doc.headers)} values ({', '.join(doc.headers)})"
            )


def _layout(doc: StandingsDoc, width: float) -> tuple[float, float, list[float]]:
    rank_w = 52.0
    metric_w = []
    for k, header in enumerate(doc.headers):
        widest = max([len(header) * 7.5] + [len(r[k + 2]) * 8.5 for r in doc.rows] + [44.0])
        metric_w.append(min(110.0, widest + 14))
    name_w = width - rank_w - sum(metric_w)
    if name_w < width * 0.35:  # many metrics: share what is left evenly
        name_w = width * 0.35
        each = (width - rank_w - name_w) / max(1, len(metric_w))
        metric_w = [each] * len(metric_w)
    return rank_w, name_w, metric_w


def standings_pdf(doc: StandingsDoc, paper: str = "letter") -> bytes:
    """Every row in rank order over as many pages as it takes; header row repeated."""
    _check(doc)
    pw, ph = page_size(paper)
    buf = io.BytesIO()
    c = new_canvas(buf, paper, f"{doc.title} — {doc.tournament}")
    left, width = MARGIN, pw - 2 * MARGIN
    rank_w, name_w, metric_w = _layout(doc, width)
    ranks = shown_ranks([r[0] for r in doc.rows])
    foot = wrap(f"Tiebreak order: {doc.tiebreaks}", width, 10, max_lines=4) if doc.tiebreaks else []
    first_top = ph - MARGIN - 70
    per_page = int((first_top - MARGIN - 30 - ROW_H - CUT_GAP) // ROW_H)
    chunks = [doc.rows[i : i + per_page] for i in range(0, len(doc.rows), per_page)] or [()]
    # The footnote needs room under the last page's rows.
    last_room = first_top - ROW_H - len(chunks[-1]) * ROW_H - CUT_GAP - MARGIN - 20
    if foot and last_room < len(foot) * 13 + 10:
        chunks.append(())
    pages = len(chunks)
    index = 0
    for p, chunk in enumerate(chunks):
        _page_header(c, doc, left, width, ph, p, pages)
        y = first_top
        _table_header(c, doc, left, y, rank_w, name_w, metric_w)
        y -= ROW_H
        cells = TextRun(c)  # drawn over the shading once the page's rows are laid out
        for row in chunk:
            if index % 2 == 1:
                c.setFillColorRGB(*SHADE)
                c.rect(left, y - ROW_H, width, ROW_H, stroke=0, fill=1)
            c.setFillColorRGB(0, 0, 0)
            base = y - ROW_H / 2 - SIZE * 0.35
            cells.draw(left + rank_w - 10, base, ranks[index], SIZE, "bold", "right")
            cells.fitted(left + rank_w, base, row[1], name_w - 10, SIZE, 9)
            x = left + rank_w + name_w
            for k, value in enumerate(row[2:]):
                cells.fitted(
                    x + metric_w[k] - 6, base, value, metric_w[k] - 10, SIZE, 8, align="right"
                )
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


def _table_header(
    c: Canvas,
    doc: StandingsDoc,
    left: float,
    top: float,
    rank_w: float,
    name_w: float,
    metric_w: list[float],
) -> None:
    c.setFillColorRGB(0, 0, 0)
    base = top - ROW_H / 2 - 4
    draw(c, left + rank_w - 10, base, "Rank", 11, "bold", "right")
    draw(c, left + rank_w, base, "Entrant", 11, "bold")
    x = left + rank_w + name_w
    for k, header in enumerate(doc.headers):
        draw_fitted(c, x + metric_w[k] - 6, base, header, metric_w[k] - 10, 11, 7, "bold", "right")
        x += metric_w[k]
    c.setLineWidth(1.4)
    c.setStrokeColorRGB(0, 0, 0)
    c.line(left, top - ROW_H, left + rank_w + name_w + sum(metric_w), top - ROW_H)


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
