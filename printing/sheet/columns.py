"""The hand table's columns and their widths, from what they hold.

After the hand number come four text columns (dealer, bidder, bid, taken), then the
figures in groups: each side's, then the pool's if the game has one.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import accumulate

from ..data import HandLine, Sheet
from ..fonts import width as text_width
from ..text import line_steps
from .rows import _facts, _figures, _labels, _total_figures

PAD = 4.0  # inside a cell, left and right
FIG_PAD = 3.0  # inside a figure's cell: right-aligned figures need less
HEAD_SIZE = 10.0
HEADS = ("Hand", "Dealer", "Bidder", "Bid", "Taken")
NAME_SIZE, NAME_MIN = 9.5, 6.5  # a side's name in the table head
SUB_HEAD, SUB_SIZE = 16.0, 7.5  # the band under the side names: "pts", "total"
# Dealer, bidder, bid and taken: their least width, room to write a name or a bid by
# hand, and how width to spare is shared (names are the longest to write).
HAND_ROOM = (60.0, 60.0, 34.0, 34.0)
TEXT_SHARE = (0.32, 0.32, 0.18, 0.18)


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
class _Figures:
    """The figure columns' widths: a side's (the same for every side), then the pool's."""

    side: tuple[float, ...]
    pool: tuple[float, ...]
    n_sides: int

    @property
    def width(self) -> float:
        return self.n_sides * sum(self.side) + sum(self.pool)

    def widths(self) -> list[float]:
        return [*self.side * self.n_sides, *self.pool]


def _columns(
    sheet: Sheet, rows: Sequence[HandLine | None], left: float, width: float, size: float
) -> tuple[_Columns, int]:
    """Widths from what the columns hold: every figure on one line, the text columns the
    rest, shared so that the rows take as few lines as they can; and how whole the words
    are (2: all whole, 1: only a side's name in the head broken, 0: a cell's too)."""
    # "Hand" may print a little smaller than the other heads, to leave the figures room.
    number = max(text_width("Hand", 8.5, "bold"), _widest(_labels(rows), size, "bold"))
    number += 2 * PAD
    texts = [[_facts(r)[k] for r in rows] for k in range(4)]
    words = [_longest_word(t, size) for t in texts]
    # Every cell on one line, and never less than the least (room to write by hand).
    wants = [
        max(least, 2 * PAD + _widest(t, size))
        for least, t in zip(_least_text(_head_widths(), words), texts, strict=True)
    ]
    name_word = _name_word(sheet)
    figures = _least_figures(sheet, rows, width, size)
    figures = _for_the_names(figures, name_word, width - number, sum(wants))
    spare = width - number - figures.width
    if sum(wants) <= spare:  # room to spare: the figures have theirs first, then the text
        figures = _roomy(figures, width, spare - sum(wants))
        spare = width - number - figures.width
        text = wants
    else:
        text = _squeezed(texts, words, width, spare, size)
    rest = spare - sum(text)  # what no text needs: more room to write by hand
    text = [w + rest * s for w, s in zip(text, TEXT_SHARE, strict=True)]
    # 2: every word whole, 1: a long name broken in the head only, 0: in a cell too.
    cells_whole = all(w - 2 * PAD >= word for w, word in zip(text, words, strict=True))
    whole = 0 if not cells_whole else 2 if sum(figures.side) >= name_word else 1
    widths = [number, *text, *figures.widths()]
    xs = tuple(accumulate(widths[:-1], initial=left))  # each column's left edge
    return _Columns(xs, tuple(widths), figures.n_sides, len(figures.side), bool(sheet.pool)), whole


def _least_figures(
    sheet: Sheet, rows: Sequence[HandLine | None], width: float, size: float
) -> _Figures:
    """A figure's column: room to read and write it, and never narrower than its figures,
    its total (a size larger) or the word over it. A side's columns are as wide as the
    widest side's, so that the sides' groups match."""
    n, m = max(1, len(sheet.sides)), len(sheet.figures)
    cells = [_figures(sheet, r) for r in rows if r is not None and r.number]
    totals = _total_figures(sheet)
    assert len(totals) == n + (1 if sheet.pool else 0)
    # (Many figure columns, Ascot's four players with Seeger-Fabian, make do with less.)
    floor = min(44.0, max(22.0, width * 0.3 / (m * n + (2 if sheet.pool else 0))))

    def least(g: int, j: int, word: str) -> float:
        style = "bold" if j == len(totals[g]) - 1 else "regular"  # the running total's
        return max(
            floor,
            2 * FIG_PAD
            + max(
                _widest([c[g][j] for c in cells], size, style),
                _widest([totals[g][j]], size + 1, "bold"),
                text_width(word, SUB_SIZE, style),
            ),
        )

    side = tuple(max(least(g, j, sheet.figures[j]) for g in range(n)) for j in range(m))
    pool = tuple(least(n, j, sheet.pool_figures[j]) for j in range(2)) if sheet.pool else ()
    return _Figures(side, pool, n)


def _name_word(sheet: Sheet) -> float:
    """The room a side's name needs over its figures to keep its longest word whole."""
    return 6 + max(
        (text_width(w, NAME_MIN, "bold") for s in sheet.sides for w in s.name.split()),
        default=0.0,
    )


def _for_the_names(figures: _Figures, name_word: float, room: float, wants: float) -> _Figures:
    """The figure columns widened for a side's name over them to keep its words whole, if
    no cell has to wrap for it (the text columns still ``wants`` of the ``room``)."""
    m = len(figures.side)
    grow = max(0.0, min(88.0, name_word) - sum(figures.side)) / m
    if grow and room - figures.width - figures.n_sides * m * grow >= wants:
        return replace(figures, side=tuple(w + grow for w in figures.side))
    return figures


def _roomy(figures: _Figures, width: float, spare: float) -> _Figures:
    """The figure columns widened towards ``nice``, room to write them by hand, out of the
    ``spare`` the text columns do not need: each by the same part of what it lacks."""
    m, n = len(figures.side), figures.n_sides
    nice = min(44.0, max(34.0, width * 0.3 / (m * n + len(figures.pool))))

    def short(widths: Sequence[float]) -> list[float]:
        return [max(0.0, nice - w) for w in widths]

    room = n * sum(short(figures.side)) + sum(short(figures.pool))
    share = min(1.0, spare / room) if room else 0.0
    side = tuple(w + share * s for w, s in zip(figures.side, short(figures.side), strict=True))
    pool = tuple(w + share * s for w, s in zip(figures.pool, short(figures.pool), strict=True))
    return replace(figures, side=side, pool=pool)


def _head_widths() -> list[float]:
    """The text columns' heads: Dealer, Bidder, Bid, Taken."""
    return [text_width(h, HEAD_SIZE, "bold") for h in HEADS[1:]]


def _least_text(heads: Sequence[float], words: Sequence[float]) -> list[float]:
    """Each text column's least: room to write a name or a bid by hand, its head and its
    longest word."""
    return [
        max(hand, 2 * PAD + max(h, w)) for hand, h, w in zip(HAND_ROOM, heads, words, strict=True)
    ]


def _squeezed(
    texts: Sequence[Sequence[str]],
    words: Sequence[float],
    width: float,
    spare: float,
    size: float,
) -> list[float]:
    """The text columns when not every cell fits on one line: each at least its least, then
    widened where that saves the most lines. With less room than that, the figures keep
    theirs and the text columns give up first the room to write by hand, then whole words;
    narrower still, all shrink alike."""
    heads = _head_widths()
    mins = _least_text(heads, words)
    if sum(mins) > spare:  # the figures need the room to write by hand: what words need
        mins = [2 * PAD + max(h, w) for h, w in zip(heads, words, strict=True)]
    if sum(mins) > spare:  # a word longer than this (a double-barrelled name) is broken
        cap = width * 0.16
        mins = [2 * PAD + max(h, min(cap, w)) for h, w in zip(heads, words, strict=True)]
    if sum(mins) <= spare:
        return _share([[line_steps(t, size) for t in col] for col in texts], mins, spare)
    return [least * spare / sum(mins) for least in mins]


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


def _lines_at(steps: Sequence[tuple[float, int]], room: float) -> int:
    """Lines a cell takes in that much room (an estimate below its longest word)."""
    fitting = [lines for w, lines in steps if w <= room + 1e-6]
    if fitting:
        return fitting[-1]
    narrowest, lines = steps[0]
    return lines + math.ceil(narrowest / max(room, 1.0)) - 1


def _widest(texts: Sequence[str], size: float, style: str = "regular") -> float:
    return max((text_width(t, size, style) for t in texts if t), default=0.0)


def _longest_word(texts: Sequence[str], size: float) -> float:
    return _widest([w for t in texts for w in t.split()], size)
