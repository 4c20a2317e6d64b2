"""Putting text in a box so it never spills out: shrink first, then wrap or cut with "…".

A sheet is read at arm's length, so text keeps its size as long as it fits and only
shrinks down to a floor; past the floor it is cut with an ellipsis (one line) or
wrapped (several lines), always measured with the font that will draw it.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from printing.fonts import runs, width

ELLIPSIS = "…"


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


def _split_word(word: str, max_width: float, size: float, style: str) -> list[str]:
    pieces: list[str] = []
    while word:
        n = len(word)
        while n > 1 and width(word[:n], size, style) > max_width:
            n -= 1
        pieces.append(word[:n])
        word = word[n:]
    return pieces


def wrap(
    text: str, max_width: float, size: float, style: str = "regular", max_lines: int = 3
) -> list[str]:
    """Word-wrapped lines that fit; a word too long for a line is broken; when the text
    needs more than ``max_lines`` the last line ends in "…"."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        trial = f"{current} {word}" if current else word
        if width(trial, size, style) <= max_width:
            current = trial
            continue
        if current:
            lines.append(current)
        *full, current = _split_word(word, max_width, size, style)
        lines.extend(full)
    if current:
        lines.append(current)
    if len(lines) > max_lines:
        rest = " ".join(lines[max_lines - 1 :])
        lines = [*lines[: max_lines - 1], ellipsize(rest, max_width, size, style)]
    return lines


def draw(
    c: Canvas,
    x: float,
    y: float,
    text: str,
    size: float,
    style: str = "regular",
    align: str = "left",
) -> float:
    """Draw text at a baseline, font run by font run; returns its width."""
    w = width(text, size, style)
    if align == "center":
        x -= w / 2
    elif align == "right":
        x -= w
    for chunk, name in runs(text, style):
        c.setFont(name, size)
        c.drawString(x, y, chunk)
        x += c.stringWidth(chunk, name, size)
    return w


def draw_fitted(
    c: Canvas,
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
    draw(c, x, y, shown, used, style, align)
    return used
