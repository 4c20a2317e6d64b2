"""How long the director waits for a big round's score sheets, and how big the PDF is.

All sheets of a 250-table 6 Card Kitty round as one PDF (four hands, sometimes a
tiebreaker, a ruling here and there, long names), against the same-run cost of one
sheet times 250, and of an empty 250-page PDF.

Run from the repository root: python bench/sheets.py [--tables 250]
"""

from __future__ import annotations

import argparse
import io
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pypdf import PdfReader  # noqa: E402
from reportlab.pdfgen.canvas import Canvas  # noqa: E402

from printing import (  # noqa: E402
    HandLine,
    RulingLine,
    Sheet,
    SideInfo,
    SignatureLine,
    sheets_pdf,
)

TABLES = 250
FIRST = [
    "Ana",
    "José",
    "Zoë",
    "Łukasz",
    "Renée",
    "Jürgen",
    "Søren",
    "Maximiliano Bartholomew",
    "Mei",
    "Siobhán",
    "Agnieszka",
    "Björn",
]
LAST = [
    "Muñoz",
    "Núñez",
    "Brünhilde",
    "Wąs",
    "Françoise",
    "Groß",
    "Kierkegaard",
    "Featherstonehaugh-Wojciechowski",
    "李",
    "Ó Súilleabháin",
    "Brzęczyszczykiewicz",
]


def person(rng: random.Random) -> str:
    return f"{rng.choice(FIRST)} {rng.choice(LAST)}"


def sheet(table: int, rng: random.Random) -> Sheet:
    """A filled, signed sheet shaped like a 6 Card Kitty table's."""
    players = [person(rng) for _ in range(4)]
    sides = (
        SideInfo(f"Team {players[0].split()[-1]} {table}", (players[0], players[1]), "North-South"),
        SideInfo(f"Team {players[2].split()[-1]} {table}", (players[2], players[3]), "East-West"),
    )
    hands: list[HandLine] = []
    running = [0, 0]
    tied_after = rng.random() < 0.15
    for n in range(1, 5 + tied_after):
        bidder = rng.randrange(4)
        bid = rng.randint(6, 12)
        taken = rng.randint(0, 12)
        side = bidder % 2
        pts = [0, 0]
        pts[side] = bid if taken >= bid else -bid
        pts[1 - side] = 12 - taken
        if rng.random() < 0.05:
            hands.append(
                HandLine(
                    n,
                    players[(n - 1) % 4],
                    players[bidder],
                    str(bid),
                    "—",
                    (0, 0),
                    tuple(running),
                    void=True,
                    note="misdeal",
                )
            )
        running = [running[0] + pts[0], running[1] + pts[1]]
        hands.append(
            HandLine(
                n,
                players[(n - 1) % 4],
                players[bidder],
                str(bid),
                str(taken),
                tuple(pts),
                tuple(running),
                tiebreaker=n == 5,
            )
        )
    rulings = ()
    if rng.random() < 0.2:
        rulings = (
            RulingLine(
                rng.randint(1, 4), "28", "Renege", "Two books transferred to the other side"
            ),
        )
    winner = sides[0].name if running[0] >= running[1] else sides[1].name
    return Sheet(
        "Spring Open — Club Ñandú",
        "2025-03-14",
        "Café Müller, Kraków",
        "6 Card Kitty (Columbus rules)",
        3,
        table,
        sides,
        tuple(hands),
        4,
        rulings,
        tuple(running),
        winner,
        (
            SignatureLine(sides[0].name, players[0], "2025-03-14 21:42"),
            SignatureLine(sides[1].name, players[2], "2025-03-14 21:44"),
        ),
        # A signed sheet prints its check code, and a QR code of its check page.
        qr_url=f"https://club.example/t/spring-open/check/?round=3&table={table}&code=K7QM4XPA9DZ2",
        final=True,
        check_code="K7QM4XPA9DZ2",
    )


def empty_pdf(pages: int) -> bytes:
    buf = io.BytesIO()
    c = Canvas(buf, invariant=True)
    for _ in range(pages):
        c.showPage()
    c.save()
    return buf.getvalue()


def timed(fn, *args):  # noqa: ANN001, ANN202 - a bench helper
    start = time.perf_counter()
    out = fn(*args)
    return out, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=TABLES)
    tables = parser.parse_args().tables
    rng = random.Random(3)
    sheets = [sheet(t, rng) for t in range(1, tables + 1)]
    sheets_pdf(sheets[:1])  # fonts registered and caches warm, as in a running server

    one, one_s = timed(sheets_pdf, sheets[:1])
    pdf, all_s = timed(sheets_pdf, sheets)
    empty, empty_s = timed(empty_pdf, tables)
    pages = len(PdfReader(io.BytesIO(pdf)).pages)

    print(
        f"{tables} sheets, one PDF:   {all_s:7.3f} s  {len(pdf):>10,} bytes "
        f"({len(pdf) / 1e6:.2f} MB)  {pages} pages  {len(pdf) / pages / 1024:.1f} KiB/page"
    )
    print(
        f"one sheet x {tables}:       {one_s * tables:7.3f} s  (one sheet {one_s * 1000:.1f} ms, "
        f"{len(one):,} bytes)  ratio {all_s / (one_s * tables):.2f}"
    )
    print(
        f"empty {tables}-page PDF:    {empty_s:7.3f} s  {len(empty):>10,} bytes  "
        f"ratio {all_s / empty_s:.0f}x"
    )


if __name__ == "__main__":
    main()
