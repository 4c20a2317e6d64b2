"""What follows the table: notes, the winner and the rulings, each a block that stays whole
on its page."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from rules.base import cite

from ..data import RulingLine, Sheet
from ..fonts import width as text_width
from ..text import draw, fit_lines, wrap
from .ink import GREY, INK, RULE, _color

NOTE_LEAD, RULING_LEAD = 11.5, 12.5


@dataclass(frozen=True)
class _Block:
    """A part of what follows the table, whole on one page."""

    height: float
    draw: Callable[[Canvas, float], None]  # draws with its top at the y given
    keep_with_next: bool = False


def _tail(sheet: Sheet, left: float, right: float, sig_top: Callable[[], float]) -> list[_Block]:
    """Notes, the winner and the rulings, in the order they print under the table."""
    width = right - left
    return [
        _space(6.0),
        *_notes(sheet, left, width),
        _winner(sheet, left, width),
        *_rulings(sheet, left, right, sig_top),
    ]


def _space(height: float) -> _Block:
    return _Block(height, lambda c, y: None)


def _notes(sheet: Sheet, left: float, width: float) -> list[_Block]:
    """How the figures add up, in the game's words; then the notes on single hands."""
    lines = [line for text in sheet.key for line in wrap(text, width - 12, 9, max_lines=None)]
    lines += _note_lines(sheet, width - 12)
    if not lines:
        return []
    return [*(_note(line, left) for line in lines), _space(4.0)]


def _note(line: str, left: float) -> _Block:
    def paint(c: Canvas, y: float) -> None:
        _color(c, GREY)
        draw(c, left + 2, y - NOTE_LEAD, line, 9)

    return _Block(NOTE_LEAD, paint)


def _note_lines(sheet: Sheet, width: float) -> list[str]:
    lines: list[str] = []
    for hand in sheet.hands:
        if not hand.note:
            continue
        label = "TB" if hand.tiebreaker else str(hand.number)
        lines += wrap(f"{label}*  {hand.note}", width, 9, max_lines=None)
    return lines


def _winner(sheet: Sheet, left: float, width: float) -> _Block:
    """The winner's name, or a line to write it on."""
    label_w, winner, winner_size = _winner_lines(sheet, width)

    def paint(c: Canvas, y: float) -> None:
        _color(c, INK)
        base = y - 16
        draw(c, left, base, "Winner:", 15, "bold")
        x = left + label_w + 8
        if not winner:
            c.setLineWidth(0.9)
            c.line(x, base - 3, left + width * 0.6, base - 3)
        for j, line in enumerate(winner):
            draw(c, x, base - j * (winner_size + 3), line, winner_size, "bold")

    return _Block(30.0 + max(0, len(winner) - 1) * (winner_size + 3), paint)


def _winner_lines(sheet: Sheet, width: float) -> tuple[float, list[str], float]:
    label_w = text_width("Winner:", 15, "bold")
    if not sheet.winner:
        return label_w, [], 16.0
    lines, size = fit_lines(sheet.winner, width - label_w - 8, 16, 11, "bold")
    return label_w, lines, size


def _rulings(sheet: Sheet, left: float, right: float, sig_top: Callable[[], float]) -> list[_Block]:
    """The heading, kept with the first ruling, then each ruling; on a blank sheet, lines
    to write them on."""
    heading = _rulings_heading(sheet, left)
    if not sheet.rulings and not sheet.hands:
        return [_blank_rulings(heading, left, right, sig_top)]
    blocks = [_Block(13.0 if sheet.rulings else 27.0, heading, keep_with_next=True)]
    return blocks + [_ruling(r, left, right - left) for r in sheet.rulings]


def _rulings_heading(sheet: Sheet, left: float) -> Callable[[Canvas, float], None]:
    """The heading, "Rulings", with "none" once hands are played without one."""

    def paint(c: Canvas, y: float) -> None:
        _color(c, INK)
        draw(c, left, y - 13, "Rulings", 11, "bold")
        if not sheet.rulings and sheet.hands:
            _color(c, GREY)
            draw(c, left + 56, y - 13, "none", 10, "italic")

    return paint


def _blank_rulings(
    heading: Callable[[Canvas, float], None],
    left: float,
    right: float,
    sig_top: Callable[[], float],
) -> _Block:
    """The heading and lines to write on, down to the signatures: rulings are rare but
    never short."""

    def paint(c: Canvas, y: float) -> None:
        heading(c, y)
        _color(c, RULE)
        c.setLineWidth(0.5)
        y -= 13
        for i in range(1, max(2, int((y - sig_top() - 8) // 22)) + 1):
            c.line(left, y - 22 * i, right, y - 22 * i)

    return _Block(18 + 2 * 20, paint)


def _ruling(r: RulingLine, left: float, width: float) -> _Block:
    """A ruling, all its lines on one page."""
    lines = wrap(_ruling_text(r), width - 12, 10, max_lines=None)

    def paint(c: Canvas, y: float) -> None:
        _color(c, INK)
        for j, line in enumerate(lines, start=1):
            draw(c, left + 12, y - j * RULING_LEAD, line, 10)

    return _Block(RULING_LEAD * len(lines), paint)


def _ruling_text(r: RulingLine) -> str:
    where = f"Hand {r.hand}" if r.hand is not None else "Table"
    title = f" — {r.title}" if r.title else ""
    effect = f": {r.effect}" if r.effect else ""
    return f"{where} · {cite(r.rule)}{title}{effect}"
