"""The table's QR code, drawn as vector squares so it prints sharp at any size."""

from __future__ import annotations

import segno
from reportlab.pdfgen.canvas import Canvas

QUIET_ZONE = 2  # modules of white around the code; the page margin adds the rest


def draw_qr(c: Canvas, url: str, x: float, y: float, size: float) -> None:
    """Draw the QR code for url in a ``size`` square whose lower-left corner is (x, y).

    Dark modules of a row are merged into one rectangle: fewer path operators, smaller
    pages, and no hairline seams between neighbouring modules in some viewers.
    """
    # A fixed mask: trying all eight for the best took three quarters of a 250-sheet
    # round's PDF, and any mask reads alike on a printed page.
    code = segno.make(url, error="m", micro=False, mask=0)
    rows = [list(r) for r in code.matrix_iter(scale=1, border=QUIET_ZONE)]
    n = len(rows)
    module = size / n
    c.saveState()
    c.setFillColorRGB(1, 1, 1)
    c.rect(x, y, size, size, stroke=0, fill=1)
    c.setFillColorRGB(0, 0, 0)
    path = c.beginPath()
    for i, row in enumerate(rows):
        top = y + size - (i + 1) * module
        j = 0
        while j < n:
            if row[j]:
                start = j
                while j < n and row[j]:
                    j += 1
                path.rect(x + start * module, top, (j - start) * module, module)
            else:
                j += 1
    c.drawPath(path, stroke=0, fill=1)
    c.restoreState()
