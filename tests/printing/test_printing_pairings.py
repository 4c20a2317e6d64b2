"""Table cards and the list by name, read back from the PDF."""

from __future__ import annotations

import io

import pytest
from pdftext import pages_text, squash
from pypdf import PdfReader
from reportlab.lib.pagesizes import A4
from samples import LONG_NAME, URL, pairings

from printing import Pairings, TableCard, pairings_pdf
from printing.pairings import sort_key


def test_one_card_per_table_then_the_list() -> None:
    texts = pages_text(pairings_pdf(pairings()))
    assert len(texts) == 3
    first, second, by_name = texts
    assert "Table 1" in first and "Round 3" in first
    assert "North-South" in first and "Łukasz & Renée" in first
    # each side's own part: its link and its PIN, and a line to cut between them
    assert URL + "ns" in squash(first) and URL + "ew" in squash(first)
    assert "PIN 204 917" in first and "PIN 861 230" in first
    assert "each side keeps its own part" in first
    assert "PIN" not in second  # a card without links (a draft) prints no QR and no PIN
    assert "Table 2" in second and "李小龍" in second and "Seat 3" in second
    assert "Maximiliano" in second  # wrapped onto two lines, not dropped
    assert "Round 3 — your table" in by_name


def test_cards_come_in_table_order() -> None:
    doc = pairings()
    shuffled = Pairings(doc.tournament, doc.date, doc.round, doc.cards[::-1], doc.by_name)
    texts = pages_text(pairings_pdf(shuffled))
    assert "Table 1" in texts[0] and "Table 2" in texts[1]


def test_list_is_alphabetical_ignoring_case_and_accents() -> None:
    lines = pages_text(pairings_pdf(pairings()))[-1].splitlines()
    names = [ln.strip() for ln in lines if ln.strip() not in {"1", "2", "bye", "Name", "Table"}][2:]
    assert names[:9] == [
        "adam smith",
        "Ana Muñoz",
        "Émile Zola",
        "José Núñez",
        "Łukasz Wąs",
        names[5],  # the long name, cut to its column
        "Ola Ødegård",
        "Renée Françoise",
        "Zoë Brünhilde",
    ]
    assert names[5].startswith("Maximiliano") and names[5].endswith("…")
    assert LONG_NAME not in lines
    table_of = dict(zip(lines, lines[1:], strict=False))
    assert table_of["Łukasz Wąs"] == "1"
    assert table_of["Ana Muñoz"] == "2"
    assert table_of["Ola Ødegård"] == "bye"


def test_sort_key_files_letters_as_readers_do() -> None:
    names = ["Zoë", "Łukasz", "émile", "Ørjan", "Lars", "Oscar", "Adam"]
    assert sorted(names, key=sort_key) == [
        "Adam",
        "émile",
        "Lars",
        "Łukasz",
        "Ørjan",
        "Oscar",
        "Zoë",
    ]


def test_a_big_field_runs_over_several_pages_and_loses_no_one() -> None:
    names = [f"Player {i:03d} Ñúñez" for i in range(300)]
    cards = tuple(TableCard(1, t, (("Seat 1", names[t]),)) for t in range(1, 4))
    doc = Pairings(
        "Big Night", "2025-03-14", 1, cards, tuple((n, i // 3 + 1) for i, n in enumerate(names))
    )
    pdf = pairings_pdf(doc, "a4")
    reader = PdfReader(io.BytesIO(pdf))
    assert all(float(p.mediabox.height) == pytest.approx(A4[1]) for p in reader.pages)
    lists = pages_text(pdf)[3:]
    assert len(lists) >= 3
    assert all("page" in t and "of" in t for t in lists)
    listed = "\n".join(lists)
    assert all(n in listed for n in names)
