"""Standings read back from the PDF: shared ranks, the cut, the tiebreak note."""

from __future__ import annotations

from dataclasses import replace

import pytest
from pdftext import pages_text
from samples import LONG_NAME, standings

from printing import standings_pdf
from printing.standings import shown_ranks


def test_ranks_metrics_cut_and_tiebreaks() -> None:
    (text,) = pages_text(standings_pdf(standings()))
    lines = text.splitlines()
    assert "Standings after round 4" in text
    # Each row reads as one line: rank, entrant, then the metrics.
    assert sum(line.startswith("=3 ") for line in lines) == 2
    assert ["Wins", "Points", "Diff"] == lines[lines.index("Entrant") + 1 :][:3]
    assert "2 Łukasz & Renée 3 35 +9" in lines
    cut = lines.index("PLAYOFF CUT — top 4 advance")
    assert lines.index("=3 Zoë Brünhilde 3 30 +4") < cut
    assert cut < next(i for i, line in enumerate(lines) if line.startswith("5 "))
    assert "Tiebreak order: wins, then points, then points difference, then head to head" in text
    assert "李小龍" in text
    assert "…" not in text  # a long name shrinks, then takes a second line: never cut here
    assert "".join(LONG_NAME.split()) in "".join(text.split())


def test_shown_ranks_mark_ties() -> None:
    assert shown_ranks(["1", "2", "2", "4", "=5", "=5", "7"]) == [
        "1",
        "=2",
        "=2",
        "4",
        "=5",
        "=5",
        "7",
    ]


def test_no_cut_line_when_not_asked_or_after_the_last_row() -> None:
    for cut in (None, 6):
        (text,) = pages_text(standings_pdf(replace(standings(), cut_after=cut)))
        assert "PLAYOFF CUT" not in text


def test_a_row_of_the_wrong_length_is_refused_clearly() -> None:
    doc = replace(standings(), rows=(("1", "Ann", "3"),))
    with pytest.raises(ValueError, match="row 1 has 3 cells"):
        standings_pdf(doc)


def test_long_standings_repeat_the_header_and_end_with_the_footnote() -> None:
    rows = tuple((str(i), f"Entrant {i}", str(100 - i), str(i * 3), "+1") for i in range(1, 91))
    texts = pages_text(standings_pdf(replace(standings(), rows=rows, cut_after=8), "a4"))
    assert len(texts) >= 3
    assert all("Entrant" in t and "Wins" in t and "page" in t for t in texts)
    assert "Tiebreak order" in texts[-1]
    assert not any("Tiebreak order" in t for t in texts[:-1])
    joined = "\n".join(texts)
    assert all(f" Entrant {i} {100 - i} {i * 3} +1\n" in joined for i in range(1, 91))
