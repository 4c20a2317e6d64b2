"""The paper lets the players check what they sign: read back from the printed sheet.

Each string of the PDF is read with where it stands on the page, so a row is what shares
its hand number's line: its figures across, its words ("ruling, see below") under it.
"""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from documents.printed_sheet import printed_sheet
from leaderboard.board import standings_for
from scoring.results import results_for
from tests.conftest import GAMES
from tests.support.printed_nights import RULING, new_night, played_night
from tournament.models import Tournament

pytestmark = pytest.mark.django_db

LABEL = re.compile(r"^(\d+)\*?$")
NUMBER = re.compile(r"^[+-]?\d+$")


def strings(pdf: bytes, page: int = 0) -> list[tuple[float, float, str]]:
    """Every string drawn on the page as (x, y, text), top to bottom, left to right."""
    found: list[tuple[float, float, str]] = []

    def seen(text, cm, tm, font, size):
        if text.strip():
            found.append((tm[4] * cm[0] + cm[4], tm[5] * cm[3] + cm[5], text.strip()))

    PdfReader(io.BytesIO(pdf)).pages[page].extract_text(visitor_text=seen)
    return sorted(found, key=lambda s: (-round(s[1], 1), s[0]))


def sheet_of(client, tournament: Tournament, table: int = 1) -> list[tuple[float, float, str]]:
    response = client.get(f"/t/{tournament.slug}/round/1/table/{table}/sheet.pdf")
    assert response.status_code == 200
    return strings(response.content)


def labels(drawn) -> dict[str, float]:
    """Each hand row's label (its number, "Total") and the height of its line: the labels
    stand at the left edge of the table, under its "Hand" head."""
    hand_x = next(x for x, _, text in drawn if text == "Hand")
    head_y = next(y for x, y, text in drawn if text == "Hand")
    rows = {}
    for x, y, text in drawn:
        if y < head_y and abs(x - hand_x) < 12 and LABEL.match(text):
            rows.setdefault(LABEL.match(text)[1], y)
    rows["Total"] = next(y for _, y, text in drawn if text == "Total")
    return rows


def figures(drawn, y: float, right_of: float) -> list[int]:
    """The figures on a row's line, left to right, right of the text columns."""
    return [
        int(text)
        for x, yy, text in sorted(drawn, key=lambda s: s[0])
        if abs(yy - y) < 1.5 and x > right_of and NUMBER.match(text)
    ]


def row_of(drawn, words: str) -> str:
    """The hand whose row holds these words: the nearest label above them."""
    y = next(yy for _, yy, text in drawn if text == words)
    above = {label: ly for label, ly in labels(drawn).items() if ly > y and label != "Total"}
    return min(above, key=lambda label: above[label] - y)


@pytest.mark.parametrize("game", GAMES)
def test_a_row_a_ruling_changed_says_so_on_the_row(director_client, game):
    night = played_night(game)
    drawn = sheet_of(director_client, night)
    _, at, _ = RULING[game]
    said = [text for _, _, text in drawn if "ruling, see below" in text]
    assert len(said) == 1, said  # on the ruled hand's row, and on no other
    assert row_of(drawn, said[0]) == str(at)
    assert any(text.startswith(f"Hand {at} ·") for _, _, text in drawn)  # and below it


def test_pinochle_the_kitty_in_and_out_so_every_row_and_column_adds_up(director_client):
    night = played_night("cutthroat-pinochle")
    drawn = sheet_of(director_client, night)
    heads = [text for _, _, text in drawn]
    assert heads.count("chips") == 3 and heads.count("total") == 3
    assert {"Kitty", "in/out", "holds"} <= set(heads)
    taken_x = next(x for x, _, text in drawn if text == "Taken")
    # The kitty holds 25 from each player before hand 1; the players start from nothing.
    start_y = next(y for _, y, text in drawn if text == "Kitty before hand 1: 75")
    assert figures(drawn, start_y, taken_x) == [0, 0, 0, 75]
    totals, kitty = [0, 0, 0], 75
    rows = labels(drawn)
    counted = 0
    for label, y in sorted(rows.items(), key=lambda r: -r[1]):
        if label == "Total":
            break
        row = figures(drawn, y, taken_x)
        if not row:  # the void hand: a dash for each, nothing paid
            continue
        chips, running, paid, holds = row[0:6:2], row[1:6:2], row[6], row[7]
        assert sum(chips) + paid == 0, (label, row)  # what the players win, the kitty paid
        totals = [t + c for t, c in zip(totals, chips, strict=True)]
        kitty += paid
        assert running == totals and holds == kitty, (label, row)
        counted += 1
    assert counted == 4
    row = figures(drawn, rows["Total"], taken_x)
    assert row == [*totals, kitty - 75, kitty]
    assert sum(totals) + kitty - 75 == 0
    # The bidder of hand 2 took no trick: the row says the meld was lost, in words.
    assert row_of(drawn, "meld lost (no trick)") == "2"
    assert "The kitty holds 75 before hand 1, 25 from each player" in " ".join(
        text for _, _, text in drawn
    )


@pytest.mark.parametrize("seeger_fabian", [True, False])
def test_ascot_deals_scores_and_seeger_fabian_apart_summed_as_the_standings_count(
    director_client, seeger_fabian
):
    night = played_night("ascot", seeger_fabian=seeger_fabian)
    drawn = sheet_of(director_client, night)
    words = [text for _, _, text in drawn]
    per_player = 3 if seeger_fabian else 2
    assert words.count("score") == 4 and words.count("total") == 4
    assert words.count("S-F") == (4 if seeger_fabian else 0)
    taken_x = next(x for x, _, text in drawn if text == "Taken")
    rows = labels(drawn)
    totals = [0, 0, 0, 0]
    for label, y in sorted(rows.items(), key=lambda r: -r[1]):
        if label == "Total":
            break
        row = figures(drawn, y, taken_x)
        for player in range(4):
            cells = row[player * per_player : (player + 1) * per_player]
            totals[player] += sum(cells[:-1])  # the deal's score and its S-F points
            assert cells[-1] == totals[player], (label, row)
    total_row = figures(drawn, rows["Total"], taken_x)
    result = next(iter(results_for(night).values()))
    sheet = printed_sheet(result, night)
    standing, _ = standings_for(night, include_incomplete=True)
    by_name = {night.entrants.get(pk=r.entrant).name: r for r in standing}
    per_total = per_player if seeger_fabian else 1  # without S-F, each player's total
    for player, side in enumerate(sheet.sides):
        cells = total_row[player * per_total : (player + 1) * per_total]
        assert cells[-1] == totals[player]
        # The score column sums to the standings' Score; the total, with the S-F points,
        # to the standings' Seeger-Fabian.
        row = by_name[side.name]
        assert (cells[0] if seeger_fabian else cells[-1]) == row.score
        if seeger_fabian:
            assert cells[-1] == row.seeger_fabian == cells[0] + cells[1]
    key = " ".join(words)
    assert "the standings' Score" in key
    assert ("the standings' Seeger-Fabian" in key) == seeger_fabian


@pytest.mark.parametrize("game", GAMES)
def test_a_blank_sheet_has_hand_rows_to_fill_in_by_pen(director_client, game):
    """3 Legged Kitty ends on the score, not after a number of hands: its paper backup has
    rows for a long game to 30, as every game's has a row for each of its hands."""
    night = new_night(game)
    drawn = sheet_of(director_client, night)
    rows = [label for label in labels(drawn) if label != "Total"]
    expected = {"three-legged-kitty": 15, "columbus-6-card-kitty": 4}.get(game, 4)
    assert rows == [str(n) for n in range(1, expected + 1)]
