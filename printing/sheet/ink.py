"""The score sheet's inks: black for what the players sign; grey for what guides them (the
date, notes, remarks, the footer), lighter for the rules between rows, the head's shade."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

INK = (0.0, 0.0, 0.0)
GREY = (0.42, 0.42, 0.42)
RULE = (0.55, 0.55, 0.55)
SHADE = (0.91, 0.91, 0.91)


def _color(c: Canvas, rgb: tuple[float, float, float]) -> None:
    c.setFillColorRGB(*rgb)
    c.setStrokeColorRGB(*rgb)
