"""The hand table's columns and their widths, from what they hold.

After the hand number come four text columns (dealer, bidder, bid, taken), then the
figures in groups: each side's, then the pool's if the game has one.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

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
