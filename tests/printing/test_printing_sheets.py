"""Score sheets read back from the PDF: what the table and the director rely on."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from pdftext import pages_text, squash
from pypdf import PdfReader
from reportlab.lib.pagesizes import A4, LETTER
from samples import LONG_NAME, URL, blank_sheet, filled_sheet, kitty_sides, pinochle_sheet

from printing import SideInfo, sheets_pdf
from printing.sheet import VOID_LABEL


def test_filled_sheet_says_who_played_what_and_who_signed() -> None:
    (text,) = pages_text(sheets_pdf([filled_sheet()]))
    for expected in (
        "Spring Open — Club Ñandú",
        "2025-03-14 · Café Müller, Kraków",
        "Round 3 · Table 7",
        "6 Card Kitty (Columbus rules)",
        "José Núñez & Zoë Brünhilde",
        "Łukasz Wąs & Renée Françoise",
        "North-South",
        "East-West",
        "8 books",
        "FINAL",
        "Winner:",
        "Aces High",
        "Signed by José Núñez · 2025-03-14 21:42",
        "Signed by Renée Françoise · 2025-03-14 21:44",
        "Hand 2 · Rule 28 — Renege: 2 books transferred to East-West",
        "Rule 40 — Score sheet",
        VOID_LABEL,
        "2* corrected: bid was entered as 9",
        "3* misdeal",
        "TB",
    ):
        assert expected in text, expected
    lines = text.splitlines()
    assert lines[lines.index("Total") + 1 : lines.index("Total") + 3] == ["16", "11"]
    # Hand 2 row: points and running totals for both sides, in side order.
    row = lines.index("2*")
    assert lines[row + 1 : row + 9] == [
        "Łukasz Wąs",
        "Zoë Brünhilde",
        "10",
        "7",
        "-10",
        "-10",
        "3",
        "12",
    ]


def test_void_hand_shows_no_points() -> None:
    lines = [ln.strip() for ln in pages_text(sheets_pdf([filled_sheet()]))[0].splitlines()]
    void = lines.index(VOID_LABEL)  # under the hand's facts, a dash for each side's points
    assert lines[void - 7 : void] == ["3*", "Zoë Brünhilde", "Renée Françoise", "7", "—", "—", "—"]


def test_unsigned_filled_sheet_is_marked_not_final() -> None:
    sheet = filled_sheet(final=False, signatures=(), qr_url=URL)
    (text,) = pages_text(sheets_pdf([sheet]))
    assert "NOT FINAL" in text
    assert text.count("Sign here") == 2
    assert "Signed by" not in text


def test_blank_sheet_has_rows_to_fill_a_tiebreaker_and_the_qr_url() -> None:
    (text,) = pages_text(sheets_pdf([blank_sheet()]))
    lines = text.splitlines()
    for n in ("1", "2", "3", "4", "TB"):
        assert n in lines
    assert "5" not in lines
    assert "tiebreaker — only if tied" in text
    assert URL in squash(text)
    assert "…" not in text
    assert "Scan to enter scores" in text
    assert text.count("Sign here") == 2
    assert "FINAL" not in text


def test_blank_sheet_draws_the_qr_code() -> None:
    with_qr = sheets_pdf([blank_sheet()])
    without = sheets_pdf([blank_sheet(qr_url="")])
    assert len(with_qr) > len(without) + 200  # the code's squares are real page content


def test_round_is_one_sheet_a_page_in_the_order_given() -> None:
    sheets = [blank_sheet(table=t) if t % 2 else filled_sheet(table=t) for t in range(1, 8)]
    texts = pages_text(sheets_pdf(sheets))
    assert len(texts) == 7
    for t, text in enumerate(texts, start=1):
        assert f"Round 3 · Table {t}" in text
        assert f"Table {t + 1}" not in text


@pytest.mark.parametrize(("paper", "size"), [("letter", LETTER), ("a4", A4), ("A4", A4)])
def test_paper_size(paper: str, size: tuple[float, float]) -> None:
    reader = PdfReader(io.BytesIO(sheets_pdf([filled_sheet(), blank_sheet()], paper)))
    for page in reader.pages:
        box = page.mediabox
        assert (float(box.width), float(box.height)) == pytest.approx(size)


def test_unknown_paper_is_refused_clearly() -> None:
    with pytest.raises(ValueError, match="letter"):
        sheets_pdf([blank_sheet()], "legal")


def test_long_and_cjk_names_are_printed_whole_wrapped_not_cut() -> None:
    (text,) = pages_text(sheets_pdf([pinochle_sheet()]))
    assert "李小龍" in text
    assert "Jürgen Groß" in text
    assert "…" not in text
    # Over the players, on the signature line: wrapped onto more lines, every letter there.
    assert squash(text).count(squash(LONG_NAME)) >= 2
    assert [n for n in map(str, range(1, 13)) if n not in text.splitlines()] == []


def test_a_long_side_name_in_a_kitty_sheet_is_printed_whole_everywhere() -> None:
    a, b = kitty_sides()
    sheet = filled_sheet(sides=(SideInfo(LONG_NAME, a.players, a.seats), b), winner=LONG_NAME)
    (text,) = pages_text(sheets_pdf([sheet]))
    assert "…" not in text
    # Over the players, the winner and the signature line; the table head breaks its
    # longest word with a hyphen, but cuts nothing.
    assert squash(text).count(squash(LONG_NAME)) >= 3
    head = text[text.index("Taken") + len("Taken") : text.index("pts")]
    assert squash(head).replace("-", "") == squash(LONG_NAME).replace("-", "")


def test_a_signature_for_an_unlisted_side_is_still_printed() -> None:
    sheet = filled_sheet()
    sheet = replace(
        sheet, signatures=(*sheet.signatures, replace(sheet.signatures[0], side="Director"))
    )
    (text,) = pages_text(sheets_pdf([sheet]))
    assert "Also signed — Director: José Núñez 2025-03-14 21:42" in text


def test_a_long_round_flows_onto_more_pages_heads_repeated_signatures_last() -> None:
    sheet = filled_sheet()
    hands = tuple(replace(sheet.hands[0], number=n) for n in range(1, 41))
    pages = pages_text(sheets_pdf([replace(sheet, hands=hands, planned_hands=40)]))
    assert len(pages) == 2
    for page in pages:  # each page says whose sheet it is and heads its columns
        lines = page.splitlines()
        assert any("Round 3 · Table 7" in line for line in lines)
        for head in ("Hand", "Dealer", "Bidder", "Bid", "Taken", "Aces High", "pts", "total"):
            assert head in lines, head
    assert "Round 3 · Table 7 — continued" in pages[1]
    flat = [" ".join(p.split()) for p in pages]
    for n in range(1, 41):  # every hand once, whole, on one page or the other
        row = f" {n} José Núñez Łukasz Wąs 8 books 9 0 0 9 9 "
        assert sum(f" {p} ".count(row) for p in flat) == 1, n
    # The totals, winner and both signature lines together at the end, on the last page.
    assert "Winner:" not in pages[0] and "Signatures" not in pages[0]
    assert "continued overleaf →" in pages[0]
    text = " ".join(pages[1].split())
    assert "Total 16 11 Winner: Aces High" in text
    assert text.count("Signed by") == 2


def test_no_sheets_still_gives_a_pdf() -> None:
    assert [t.strip() for t in pages_text(sheets_pdf([]))] == ["No sheets to print."]


def test_same_input_same_bytes() -> None:
    assert sheets_pdf([filled_sheet()]) == sheets_pdf([filled_sheet()])
