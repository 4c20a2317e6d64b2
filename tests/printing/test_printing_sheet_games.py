"""Each game's sheet at its longest, read back from the PDF: both sides sign it and a
signed sheet is final (6 Card Kitty rule 40), so every word and figure on it is whole."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from pdftext import pages_text, squash
from samples import SLUGS, blank_sheet, game_sheet, long_round

from printing import HandLine, RulingLine, Sheet, SideInfo, sheets_pdf

PAPERS = ("letter", "a4")

# What the issue found cut ("65 suit C…", "90 gran…", "meld 15, cou…"), at its longest.
LONGEST = {
    "columbus-6-card-kitty": ("7 no downtown", "13 books", "Rules 35, 37 — Renege"),
    "three-legged-kitty": ("10 No Trump", "10 tricks", "passed out"),
    "ascot": (
        "95 Grand KittyFree Contra Re",
        "75 NoTrump KittyFree Contra",
        "40 / 35 / 45 / 0",
        "72 card points",
        "made with Redouble ×4",
    ),
    "cutthroat-pinochle": (
        "55 spades",
        "meld 150, counters 25",
        "conceded after widow",
        "conceded before widow",
    ),
}


def flat(text: str) -> str:
    return " " + " ".join(text.split()) + " "


def row(hand: HandLine) -> str:
    """A hand's row as a reader reads it across: number, facts, then each side's points
    and running total."""
    label = "TB" if hand.tiebreaker else str(hand.number)
    figures = [str(f) for pair in zip(hand.points, hand.running, strict=True) for f in pair]
    words = [label, hand.dealer, hand.bidder, hand.bid, hand.taken, *figures]
    return flat(" ".join(w for w in words if w))


def totals_line(sheet: Sheet) -> str:
    assert sheet.totals is not None
    return flat(f"Total {' '.join(map(str, sheet.totals))} Winner: {sheet.winner}")


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("slug", SLUGS)
def test_every_word_and_figure_to_sign_is_printed_whole(slug: str, paper: str) -> None:
    sheet = game_sheet(slug)
    pages = pages_text(sheets_pdf([sheet], paper))
    assert len(pages) == 1  # a normal round: one page
    (text,) = pages
    assert "…" not in text
    for expected in LONGEST[slug]:
        assert expected in flat(text), expected
    for hand in sheet.hands:  # every hand's facts, points and running totals, whole
        assert row(hand) in flat(text), row(hand)
    assert totals_line(sheet) in flat(text)
    for ruling in sheet.rulings:
        assert flat(f"{ruling.title}: {ruling.effect}") in flat(text), ruling.effect
    for side in sheet.sides:  # over the players and on the signature line
        assert squash(text).count(squash(side.name)) >= 2, side.name


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("slug", SLUGS)
def test_a_blank_sheet_of_each_game_is_one_page_with_every_row(slug: str, paper: str) -> None:
    played = game_sheet(slug)
    rule_6 = slug == "columbus-6-card-kitty"  # the only game with a tiebreaker hand
    sheet = blank_sheet(
        sides=played.sides,
        game=played.game,
        planned_hands=played.planned_hands,
        tiebreaker_row=rule_6,
    )
    (text,) = pages_text(sheets_pdf([sheet], paper))
    lines = text.splitlines()
    assert [str(n) for n in range(1, sheet.planned_hands + 1) if str(n) not in lines] == []
    assert ("TB" in lines) == rule_6
    assert "…" not in text
    assert text.count("Sign here") == len(sheet.sides)


@pytest.mark.parametrize("slug", SLUGS)
def test_a_long_round_flows_on_with_its_heads_and_ends_with_the_signatures(slug: str) -> None:
    sheet = long_round(slug, times=5)
    pages = pages_text(sheets_pdf([sheet]))
    assert len(pages) >= 2
    for page in pages:  # each page heads its columns again
        lines = [line.strip() for line in page.splitlines()]
        for head in ("Hand", "Dealer", "Bidder", "Bid", "Taken"):
            assert head in lines, head
        assert lines.count("pts") == lines.count("total") == len(sheet.sides)
    everything = "".join(flat(p) for p in pages)
    for hand in sheet.hands:  # every hand once, whole, on one page
        assert everything.count(row(hand)) == 1, row(hand)
    *before, last = pages
    assert totals_line(sheet) in flat(last)
    assert last.count("Sign here") == len(sheet.sides)
    for page in before:
        assert "Winner:" not in page and "Sign here" not in page
        assert "continued overleaf" in page


LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜéñłŁ0123456789 -/,"
words = st.text(alphabet=LETTERS, min_size=1, max_size=40).map(str.strip)
names = st.text(alphabet=LETTERS, min_size=1, max_size=100).filter(
    lambda s: s.strip() and s.strip() != "Sign here"
)


@st.composite
def sheets(draw: st.DrawFn) -> Sheet:
    players = draw(st.lists(names, min_size=2, max_size=4, unique_by=squash))
    hands = []
    running = [0] * len(players)
    for number in range(1, draw(st.integers(0, 24)) + 1):
        points = draw(
            st.lists(st.integers(-2000, 2000), min_size=len(players), max_size=len(players))
        )
        running = [a + b for a, b in zip(running, points, strict=True)]
        facts = (draw(st.sampled_from(players)), draw(st.sampled_from(["", *players])))
        hands.append(
            HandLine(number, *facts, draw(words), draw(words), tuple(points), tuple(running))
        )
    rulings = tuple(
        RulingLine(draw(st.integers(1, 9)), "Irregularities", draw(words), effect)
        for effect in draw(st.lists(st.text(alphabet=LETTERS, max_size=400), max_size=3))
    )
    return Sheet(
        tournament="Spring Open",
        date="2025-03-14",
        venue="",
        game="Ascot",
        round=3,
        table=7,
        sides=tuple(SideInfo(p, (p,), f"Seat {i}") for i, p in enumerate(players, start=1)),
        hands=tuple(hands),
        planned_hands=draw(st.integers(0, 12)),
        rulings=rulings,
        totals=tuple(running) if hands else None,
        winner=draw(st.sampled_from(["", *players])),
        signatures=(),
    )


def sign_here_sheet(names: tuple[str, ...], cells: tuple[str, str]) -> Sheet:
    """An Ascot sheet whose one hand has "Sign here" typed in its cells."""
    zeros = (0,) * len(names)
    return Sheet(
        tournament="Spring Open",
        date="2025-03-14",
        venue="",
        game="Ascot",
        round=3,
        table=7,
        sides=tuple(SideInfo(n, (n,), f"Seat {i}") for i, n in enumerate(names, 1)),
        hands=(HandLine(1, "0", "", *cells, zeros, zeros),),
        planned_hands=0,
        rulings=(),
        totals=zeros,
        winner="",
        signatures=(),
    )


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sheets())
# A table wrote "Sign here" in a cell: still one signature line per side (of two, of three).
@example(sign_here_sheet(("0", "1", "00"), ("0", "Sign here")))
@example(sign_here_sheet(("0", "00"), ("Sign here", "Sign here")))
def test_whatever_the_table_wrote_every_row_prints_whole_once(sheet: Sheet) -> None:
    pages = pages_text(sheets_pdf([sheet]))
    text = "".join(pages)
    assert "…" not in text
    everything = squash(text)
    for hand in sheet.hands:  # a word too long for its column breaks, but loses no letter
        assert everything.count(squash(row(hand))) >= 1, row(hand)
    for ruling in sheet.rulings:
        assert squash(ruling.effect) in everything
    # Count the signature lines under the signatures heading: a table may write "Sign here".
    # The heading names sides or players by the game ("both sides", "every player").
    assert pages[-1].count("Signatures — ") == 1
    block = pages[-1].rsplit("Signatures — ", 1)[-1]
    lines = [line.strip() for line in block.splitlines()]
    assert lines.count("Sign here") == len(sheet.sides)


def test_many_rulings_flow_on_each_whole_and_the_last_with_the_signatures() -> None:
    sheet = game_sheet("cutthroat-pinochle")
    (ruling,) = sheet.rulings
    pages = pages_text(sheets_pdf([replace(sheet, rulings=(ruling,) * 40)]))
    assert len(pages) >= 2
    whole = flat(f"{ruling.title}: {ruling.effect}")
    assert sum(flat(p).count(whole) for p in pages) == 40  # none split over two pages
    assert whole in flat(pages[-1]) and pages[-1].count("Sign here") == len(sheet.sides)
    assert all("Sign here" not in p for p in pages[:-1])
