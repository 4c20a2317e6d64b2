"""Every document at its longest keeps each drawn string in its cell and on the page.

printing.text measures each string where it is drawn, with the font that draws it, and
`watched` lists any that leaves its box (its cell, else the page's printable width). Here
the longest names and words the club has seen, on every kind of page and both papers.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from pdftext import pages_text
from samples import LONG_NAME, SLUGS, blank_sheet, game_sheet, long_round, pairings, standings

from printing import CheckinCode, CheckinCodes, checkin_pdf, pairings_pdf, sheets_pdf, standings_pdf
from printing.text import watched

PAPERS = ("letter", "a4")


def game_words(slug: str, sheet):
    """The sheet with its game's own figure columns, as the rulesets give them."""
    if slug == "ascot":  # with Seeger-Fabian: each deal's score and its S-F points apart
        hands = tuple(replace(h, bonus=(50, -50, 30, 30)[: len(h.points)]) for h in sheet.hands)
        return replace(sheet, hands=hands, figures=("score", "S-F", "total"))
    if slug == "cutthroat-pinochle":  # the kitty's in and out and what it holds
        balance, hands = 75, []
        for h in sheet.hands:
            balance -= sum(h.points)
            hands.append(replace(h, pool=-sum(h.points), pool_balance=balance))
        return replace(
            sheet, hands=tuple(hands), pool="Kitty", pool_figures=("in/out", "holds"),
            pool_start=75, key=("Chips: each row adds up to nothing. " * 4,),
        )  # fmt: skip
    return sheet


def documents():
    for slug in SLUGS:
        played = game_words(slug, game_sheet(slug))
        yield f"{slug}-filled", lambda p, s=played: sheets_pdf([s], p)
        blank = blank_sheet(sides=played.sides, game=played.game, planned_hands=12)
        blank = replace(blank, figures=played.figures, pool=played.pool)
        yield f"{slug}-blank", lambda p, s=blank: sheets_pdf([s], p)
        long = game_words(slug, long_round(slug, 4))
        yield f"{slug}-long", lambda p, s=long: sheets_pdf([s], p)
    yield "standings", lambda p: standings_pdf(standings(), p)
    many = replace(
        standings(),
        headers=(
            "Played", "Rounds won", "Points", "Head-to-head", "Points conceded", "Rounds lost",
            "Bostons", "Byes", "Seeger-Fabian",
        ),
        rows=tuple(r[:2] + ("1", "2", "31", "0", "-150", "1", "2", "0", "1234") for r in
                   standings().rows),
    )  # fmt: skip
    yield "standings-many-columns", lambda p: standings_pdf(many, p)
    yield "pairings", lambda p: pairings_pdf(pairings(), p)
    codes = CheckinCodes(
        "Spring Open",
        "2025-03-14",
        "https://kitty.example.org/t/spring-open/checkin/self/",
        tuple(
            CheckinCode(name, f"https://kitty.example.org/p/{i}{LONG_NAME[:40]}/", team)
            for i, name in enumerate([LONG_NAME, "Ana Muñoz", "李小龍"])
            for team in ("", LONG_NAME, "Ana & Bo")
        ),
    )
    yield "checkin", lambda p: checkin_pdf(codes, p)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize(("name", "make"), list(documents()), ids=[n for n, _ in documents()])
def test_no_string_leaves_its_cell(name: str, make, paper: str) -> None:
    with watched() as overflows:
        pdf = make(paper)
    assert overflows == [], overflows
    assert pages_text(pdf)


def test_a_standings_header_is_never_cut() -> None:
    doc = replace(
        standings(),
        headers=("Played", "Rounds won", "Head-to-head", "Points conceded", "Seeger-Fabian"),
        rows=tuple((r[0], f"Entrant {i}", "1", "2", "0", "15", "194")
                   for i, r in enumerate(standings().rows)),
    )  # fmt: skip
    (text,) = pages_text(standings_pdf(doc))
    assert "…" not in text
    words = text.split()
    for word in ("Played", "Rounds", "won", "Points", "conceded"):
        assert word in words, word
    squashed = "".join(words)
    assert "Head-to-head" in squashed and "Seeger-Fabian" in squashed
