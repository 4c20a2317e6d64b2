"""Polish, Greek and Cyrillic names on every printed page, exactly as typed, from the font
that ships with the app, whatever fonts the laptop has (stock Windows and macOS have no
DejaVu, and reportlab's Vera would print "Wasowski" and empty boxes)."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import reportlab
from pdftext import pages_text
from pypdf import PdfReader
from samples import URL, blank_sheet, filled_sheet

from printing import (
    CheckinCode,
    CheckinCodes,
    Pairings,
    SideInfo,
    SideLink,
    SignatureLine,
    StandingsDoc,
    TableCard,
    checkin_pdf,
    pairings_pdf,
    sheets_pdf,
    standings_pdf,
)

PLAYERS = ("Piotr Wąsowski", "Νίκος Παπαδόπουλος", "Иван Иванов", "Łucja Żółć")
TEAMS = ("Wąsowski", "Παπαδόπουλος", "Иванов")
SIDES = (
    SideInfo("Wąsowski & Παπαδόπουλος", PLAYERS[:2], "North-South"),
    SideInfo("Иванов", PLAYERS[2:], "East-West"),
)


def partnership_sheet():
    return filled_sheet(
        sides=SIDES,
        winner="Иванов",
        signatures=(SignatureLine("Wąsowski & Παπαδόπουλος", "Piotr Wąsowski"),),
    )


def free_for_all_sheet():
    sides = tuple(SideInfo(n, (n,), f"Seat {i}") for i, n in enumerate(PLAYERS[:3], start=1))
    return blank_sheet(sides=sides, game="3 Legged Kitty", planned_hands=0)


def table_cards() -> Pairings:
    cards = (
        TableCard(
            3,
            1,
            (("North-South", "Wąsowski & Παπαδόπουλος"), ("East-West", "Иванов")),
            (SideLink(URL + "ns", "204917"), SideLink(URL + "ew", "861230")),
        ),
    )
    by_name = (("Wąsowski & Παπαδόπουλος", 1), ("Иванов", 1))
    return Pairings("Spring Open", "2025-03-14", 3, cards, by_name, byes=("Łucja Żółć",))


def standings() -> StandingsDoc:
    rows = tuple((str(i), team, "3", str(30 - i), "+1") for i, team in enumerate(TEAMS, 1))
    return StandingsDoc(
        "Spring Open", "2025-03-14", "Standings after round 3", ("Wins", "Points", "Diff"), rows
    )


def checkin_codes() -> CheckinCodes:
    codes = tuple(
        CheckinCode(name, f"https://kitty.example.org/p/tok{i}/", team)
        for i, (name, team) in enumerate(
            zip(PLAYERS, ("Wąsowski", "Παπαδόπουλος", "Иванов", "Иванов"), strict=True)
        )
    )
    return CheckinCodes("Spring Open", "2025-03-14", URL, codes)


@pytest.mark.parametrize(
    ("pdf", "names"),
    [
        pytest.param(lambda: sheets_pdf([partnership_sheet()]), PLAYERS + TEAMS, id="sheet"),
        pytest.param(lambda: sheets_pdf([blank_sheet(sides=SIDES)], "a4"), TEAMS, id="blank"),
        pytest.param(lambda: sheets_pdf([free_for_all_sheet()]), PLAYERS[:3], id="seats"),
        pytest.param(lambda: pairings_pdf(table_cards()), TEAMS + PLAYERS[3:], id="pairings"),
        pytest.param(lambda: standings_pdf(standings()), TEAMS, id="standings"),
        pytest.param(lambda: checkin_pdf(checkin_codes()), PLAYERS + TEAMS, id="checkin"),
    ],
)
def test_every_document_prints_the_names_letter_for_letter(pdf, names) -> None:
    text = " ".join(" ".join(pages_text(pdf())).split())  # a long name may wrap at a space
    for name in names:
        assert name in text
    assert "Wasowski" not in text and "Lucja" not in text  # no accent dropped


def fonts_of_the_words(pdf: bytes) -> set[str]:
    """The fonts that draw the words on the pages, without their subset tags (ABCDEF+)."""
    names = set()

    def seen(text, cm, tm, font, size):
        if text.strip() and font is not None:
            names.add(str(font["/BaseFont"]).lstrip("/").split("+")[-1])

    for page in PdfReader(io.BytesIO(pdf)).pages:
        page.extract_text(visitor_text=seen)
    return names


PRINT_WITH_THESE_SYSTEM_FONTS = """
import sys
from pathlib import Path
from printing import fonts, sheets_pdf
from test_printing_scripts import partnership_sheet

fonts._font_dirs = lambda: [Path(p) for p in sys.argv[1:]]
sys.stdout.buffer.write(sheets_pdf([partnership_sheet()]))
"""


@pytest.mark.spawns  # a Python of its own, with other font folders
@pytest.mark.parametrize("system", ["no fonts", "another font named DejaVuSans.ttf"])
def test_the_shipped_font_prints_whatever_the_system_folders_hold(system, tmp_path) -> None:
    """A fresh Windows or macOS has no DejaVu; a system may have a file of that name that
    is some other font. Either way the page carries the shipped DejaVu Sans."""
    folders = []
    if system != "no fonts":
        vera = Path(reportlab.__file__).parent / "fonts" / "Vera.ttf"
        for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf"):
            shutil.copy(vera, tmp_path / name)
        folders.append(str(tmp_path))
    here = Path(__file__).resolve().parent
    pdf = subprocess.run(
        [sys.executable, "-c", PRINT_WITH_THESE_SYSTEM_FONTS, *folders],
        cwd=here,
        env={**os.environ, "PYTHONPATH": os.pathsep.join([str(here.parent.parent), str(here)])},
        check=True,
        capture_output=True,
        timeout=120,
    ).stdout

    assert fonts_of_the_words(pdf) == {"DejaVuSans", "DejaVuSans-Bold", "DejaVuSans-Oblique"}
    text = "\n".join(pages_text(pdf))
    assert all(name in text for name in PLAYERS + TEAMS)
