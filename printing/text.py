"""Putting text in a box so it never spills out: shrink first, then wrap or cut with "…".

A sheet is read at arm's length, so text keeps its size as long as it fits and only
shrinks down to a floor; past the floor it is cut with an ellipsis (one line) or
wrapped (several lines), always measured with the font that will draw it. What players
sign is never cut: it wraps onto as many lines as it needs (``wrap`` with no line limit,
``fit_lines``).

Every string of every document is drawn here, measured with the font that draws it, so
this is also the one place that knows whether a string stays in its box: its cell when
the caller names one (``box``), else the page's printable width. ``watched`` lists each
one that does not; printing never stops for it (the night must not stall on a page), a
test does.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from .fonts import runs, width
from .paper import MARGIN, Page

ELLIPSIS = "…"
SLACK = 0.01  # points: rounding, not ink

Box = tuple[float, float]  # a cell's left and right edges


@dataclass(frozen=True)
class Overflow:
    """A string drawn past its box: where it ran, and the box it had."""

    text: str
    left: float
    right: float
    box: Box


_WATCH: ContextVar[list[Overflow] | None] = ContextVar("printing_overflows", default=None)


@contextmanager
def watched() -> Iterator[list[Overflow]]:
    """Every string drawn inside the block that leaves its box, as a list filled as the
    documents are drawn."""
    seen: list[Overflow] = []
    token = _WATCH.set(seen)
    try:
        yield seen
    finally:
        _WATCH.reset(token)


def _aligned(x: float, w: float, align: str) -> float:
    if align == "center":
        return x - w / 2
    if align == "right":
        return x - w
    return x


def _box_of(x: float, max_width: float, align: str) -> Box:
    left = _aligned(x, max_width, align)
    return left, left + max_width


def _check(c: Page, text: str, left: float, w: float, box: Box | None) -> None:
    seen = _WATCH.get()
    if seen is None:
        return
    if box is None:  # no cell named: the page's printable width
        box = (MARGIN, c.size[0] - MARGIN)
    if left < box[0] - SLACK or left + w > box[1] + SLACK:
        seen.append(Overflow(text, left, left + w, box))


def ellipsize(text: str, max_width: float, size: float, style: str = "regular") -> str:
    """The longest prefix of text that fits with "…" appended (the text itself if it fits)."""
    if width(text, size, style) <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # largest n whose prefix + ellipsis fits
        mid = (lo + hi + 1) // 2
        if width(text[:mid].rstrip() + ELLIPSIS, size, style) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    if lo == 0:
        return ELLIPSIS if width(ELLIPSIS, size, style) <= max_width else ""
    return text[:lo].rstrip() + ELLIPSIS


def fit(
    text: str,
    max_width: float,
    size: float,
    min_size: float | None = None,
    style: str = "regular",
) -> tuple[str, float]:
    """Text and font size that fit on one line: shrink to ``min_size``, then cut with "…"."""
    floor = size * 0.7 if min_size is None else min(min_size, size)
    w = width(text, size, style)
    if w <= max_width:
        return text, size
    shrunk = max(floor, size * max_width / w) if w else size
    if width(text, shrunk, style) <= max_width:
        return text, shrunk
    return ellipsize(text, max_width, floor, style), floor


def _split_word(
    word: str, max_width: float, size: float, style: str, hyphen: bool = False
) -> list[str]:
    """A word too long for a line, in pieces that fit: after a hyphen or slash when one
    falls on the line ("Featherstonehaugh-" / "Wojciechowski"), else between letters,
    marked with a "-" when ``hyphen`` is set."""
    pieces: list[str] = []
    while word:
        n, mark = len(word), ""
        if width(word, size, style) > max_width:
            mark = "-" if hyphen else ""
            lo, hi = 1, len(word) - 1  # the longest piece that fits, by bisection
            while lo < hi:
                mid = (lo + hi + 1) // 2
                lo, hi = (
                    (mid, hi)
                    if width(word[:mid] + mark, size, style) <= max_width
                    else (lo, mid - 1)
                )
            n = lo
        if n < len(word):  # a hyphen or slash on the line, or just after it
            soft = max(word.rfind("-", 0, n + 1), word.rfind("/", 0, n + 1))
            if soft > 0 and width(word[: soft + 1], size, style) <= max_width:
                n, mark = soft + 1, ""
        pieces.append(word[:n] + (mark if n < len(word) else ""))
        word = word[n:]
    return pieces


def wrap(
    text: str,
    max_width: float,
    size: float,
    style: str = "regular",
    max_lines: int | None = 3,
    hyphen: bool = False,
) -> list[str]:
    """Word-wrapped lines that fit; a word too long for a line is broken (with a "-" when
    ``hyphen`` is set); when the text needs more than ``max_lines`` the last line ends in
    "…" (None: every line, uncut)."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        trial = f"{current} {word}" if current else word
        if width(trial, size, style) <= max_width:
            current = trial
            continue
        if current:
            lines.append(current)
        *full, current = _split_word(word, max_width, size, style, hyphen)
        lines.extend(full)
    if current:
        lines.append(current)
    if max_lines is not None and len(lines) > max_lines:
        rest = " ".join(lines[max_lines - 1 :])
        lines = [*lines[: max_lines - 1], ellipsize(rest, max_width, size, style)]
    return lines


def words_fit(text: str, max_width: float, size: float, style: str = "regular") -> bool:
    """Whether every word fits on a line of its own, so wrapping never breaks one."""
    return all(width(word, size, style) <= max_width for word in text.split())


def line_steps(text: str, size: float, style: str = "regular") -> tuple[tuple[float, int], ...]:
    """Each width at which the wrapped text takes one line fewer, as ``(width, lines)``
    from the narrowest (its longest word: the most lines) to the one-line width."""
    words = text.split()
    if not words:
        return ((0.0, 0),)
    sizes = [width(w, size, style) for w in words]
    space = width(" ", size, style)
    n = len(words)
    spans = {sum(sizes[i:j]) + space * (j - i - 1) for i in range(n) for j in range(i + 1, n + 1)}
    steps: list[tuple[float, int]] = []
    for room in sorted(w for w in spans if w >= max(sizes)):
        lines, current = 1, -space
        for w in sizes:  # greedy, as wrap() fills its lines
            if current + space + w > room + 1e-6:
                lines, current = lines + 1, w
            else:
                current += space + w
        if not steps or lines < steps[-1][1]:
            steps.append((room, lines))
    return tuple(steps)


def fit_lines(
    text: str,
    max_width: float,
    size: float,
    min_size: float,
    style: str = "regular",
    lines: int = 1,
) -> tuple[list[str], float]:
    """The whole text at the largest size, down to ``min_size``, that takes at most
    ``lines`` lines without breaking a word; past the floor it takes more lines, never
    an ellipsis. Returns the lines and the size."""
    step = 0.5
    current = size
    while True:
        wrapped = wrap(text, max_width, current, style, max_lines=None)
        if current <= min_size or (
            len(wrapped) <= lines and words_fit(text, max_width, current, style)
        ):
            return wrapped, current
        current = max(min_size, current - step)


def draw(
    c: Page,
    x: float,
    y: float,
    text: str,
    size: float,
    style: str = "regular",
    align: str = "left",
    box: Box | None = None,
) -> float:
    """Draw text at a baseline, font run by font run, within ``box`` (its cell's edges;
    None: the page's printable width); returns its width."""
    w = width(text, size, style)
    x = _aligned(x, w, align)
    _check(c, text, x, w, box)
    for chunk, name in runs(text, style):
        c.setFont(name, size)
        c.drawString(x, y, chunk)
        x += c.stringWidth(chunk, name, size)
    return w


class TextRun:
    """Many short texts through one PDF text object: a page of table cells drawn this way
    costs a fraction of drawing each alone (one object per cell was two thirds of a
    10,000-row standings PDF). Black, like the page's body text; `close` draws them."""

    def __init__(self, c: Page):
        self.c = c
        self.text = c.beginText()
        self.text.setFillColorRGB(0, 0, 0)
        self.font: tuple[str, float] | None = None

    def draw(self, x: float, y: float, text: str, size: float, style="regular", align="left",
             box: Box | None = None):  # fmt: skip
        w = width(text, size, style)
        x = _aligned(x, w, align)
        _check(self.c, text, x, w, box)
        self.text.setTextOrigin(x, y)
        for chunk, name in runs(text, style):
            if self.font != (name, size):
                self.text.setFont(name, size)
                self.font = (name, size)
            self.text.textOut(chunk)
        return w

    def fitted(self, x, y, text: str, max_width: float, size, min_size=None, style="regular",
               align="left") -> float:  # fmt: skip
        shown, used = fit(text, max_width, size, min_size, style)
        self.draw(x, y, shown, used, style, align, _box_of(x, max_width, align))
        return used

    def close(self) -> None:
        self.c.drawText(self.text)


def draw_fitted(
    c: Page,
    x: float,
    y: float,
    text: str,
    max_width: float,
    size: float,
    min_size: float | None = None,
    style: str = "regular",
    align: str = "left",
) -> float:
    """Draw text shrunk or cut to ``max_width``; x is the left edge, centre or right edge
    by ``align``. Returns the size used."""
    shown, used = fit(text, max_width, size, min_size, style)
    draw(c, x, y, shown, used, style, align, _box_of(x, max_width, align))
    return used
