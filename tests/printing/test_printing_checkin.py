"""Every player's own link on paper, read back from the PDF: one card a player, each
partner of a team their own, saying what the link does."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from pdftext import pages_text, squash
from pypdf import PdfReader
from reportlab.lib.pagesizes import A4, LETTER
from samples import LONG_NAME

from printing import CheckinCode, CheckinCodes, checkin_pdf

PAGE = "https://kitty.example.org/t/spring-open/checkin/self/"


def code(name: str, team: str = "", token: str = "") -> CheckinCode:
    token = token or name.split()[-1].lower()
    return CheckinCode(name, f"https://kitty.example.org/p/{token}/", team)


def codes(n: int) -> CheckinCodes:
    return CheckinCodes(
        "Spring Open",
        "20 November 2026",
        PAGE,
        tuple(code(f"Player {i:02d}", token=f"tok{i:02d}") for i in range(1, n + 1)),
    )


def test_ten_codes_a_page_alphabetically_with_the_page_to_search() -> None:
    texts = pages_text(checkin_pdf(codes(23)))
    assert len(texts) == 3
    assert "Check-in codes" in texts[0] and "page 1 of 3" in texts[0]
    assert "Spring Open · 20 November 2026" in texts[0]
    assert PAGE in squash(texts[0])
    assert [f"Player {i:02d}" in texts[0] for i in (1, 10, 11)] == [True, True, False]
    assert "Player 23" in texts[2]
    assert "/p/tok07/" in squash(texts[0])


def test_names_sort_as_a_person_expects_and_partners_sit_side_by_side() -> None:
    doc = CheckinCodes(
        "Spring Open",
        "",
        PAGE,
        (
            code("Zoë Brünhilde", "Zebras"),
            code("Al Zed", "Zebras"),
            code("Émile Roux", "Émile Team"),
            code("Ann Lee", "Émile Team"),
            code("José Núñez", "aces"),
            code("Bo Li", "aces"),
        ),
    )
    [text] = pages_text(checkin_pdf(doc))
    order = ["José Núñez", "Bo Li", "Émile Roux", "Ann Lee", "Zoë Brünhilde", "Al Zed"]
    assert sorted(order, key=text.index) == order  # by team, each team's two in a row
    assert text.count("Zebras") == 2 and text.count("aces") == 2  # each card names its team


def test_each_card_says_what_the_link_does() -> None:
    [text] = pages_text(checkin_pdf(codes(3)))
    said = squash(
        "Your link for the night: check in, see your table each round, enter and accept "
        "hands, call the director."
    )
    assert squash(text).count(said) == 3


def test_a_long_name_and_its_address_stay_in_their_cell() -> None:
    [text] = pages_text(checkin_pdf(CheckinCodes("Spring Open", "", PAGE, (code(LONG_NAME),))))
    assert "Maximiliano" in text
    # The address is wrapped, never cut: it is typed in when a camera fails.
    assert "/p/" + LONG_NAME.split()[-1].lower() + "/" in squash(text)


@pytest.mark.parametrize(("paper", "size"), [("letter", LETTER), ("a4", A4)])
def test_the_tournaments_paper(paper: str, size: tuple[float, float]) -> None:
    reader = PdfReader(io.BytesIO(checkin_pdf(codes(3), paper)))
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == tuple(round(v) for v in size)


def test_nobody_registered_prints_one_page_that_says_so() -> None:
    texts = pages_text(checkin_pdf(codes(0)))
    assert len(texts) == 1 and "Nobody is registered yet." in texts[0]


def test_the_same_codes_print_the_same_bytes() -> None:
    assert checkin_pdf(codes(4)) == checkin_pdf(codes(4))


def test_with_self_check_in_off_the_page_says_so_and_sends_nobody_to_a_closed_page() -> None:
    """The director may print the codes before turning self check-in on (or check everyone
    in at the door): the page must not point players at a search page that answers
    "closed", nor tell them their code checks them in."""
    on, off = (
        squash(pages_text(checkin_pdf(replace(codes(3), self_checkin=flag)))[0])
        for flag in (True, False)
    )
    assert squash(f"or search your name at {PAGE}") in on
    assert squash(PAGE) not in off
    assert squash("Self check-in is off: the director checks you in") in off
    assert "checkin," not in off and "tapto" not in off
    assert off.count(squash("Your link for the night: see your table each round")) == 3
