"""The inks of the score sheet: black for what is signed, grey for what guides the pen."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

INK = (0.0, 0.0, 0.0)
GREY = (0.42, 0.42, 0.42)
RULE = (0.55, 0.55, 0.55)
SHADE = (0.91, 0.91, 0.91)


def _color(c: Canvas, rgb: tuple[float, float, float]) -> None:
    c.setFillColorRGB(*rgb)
    c.setStrokeColorRGB(*rgb)
