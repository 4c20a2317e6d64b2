"""The sheet both sides sign, as printed: the paper, the table page's check code and QR
code, and what the code covers (scoring.check_code) are built here from the same TableResult,
so they always agree.

Scoring keeps what the code covers when a sheet becomes final and checks a typed code
against it, but may not import this app: it is handed `content` when the apps are ready
(documents.apps).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from urllib.parse import urlencode

from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format

import printing
from laptop.links import phone_url
from rules.base import SheetWords
from scoring import check_code
from scoring.results import TableResult
from scoring.sheet_view import RulingRow, SheetRow, SheetView, build_sheet, ruling_lines
from tournament.models import Tournament


def content(result: TableResult, tournament: Tournament, form: int = check_code.FORMAT) -> dict:
    """What a check code covers, as plain JSON data (in an earlier `form`: to check a code
    printed by an earlier release)."""
    return check_code.content(_sheet(result, tournament), tournament.slug, form)


def printed_sheet(
    result: TableResult,
    tournament: Tournament,
    url_for: Callable[[str], str] | None = None,
    *,
    shown: tuple[SheetView, list[RulingRow]] | None = None,
) -> printing.Sheet:
    """The sheet to print; a final one carries its check code, and with `url_for` (the code
    to its check page's address) a QR code that opens that page. `shown`: the result's
    sheet and ruling lines as a page built them already (build_sheet, ruling_lines)."""
    sheet = _sheet(result, tournament, shown)
    if not sheet.final:
        return sheet
    code = check_code.printed_code(check_code.content(sheet, tournament.slug))
    return replace(sheet, check_code=code, qr_url=url_for(code) if url_for else "")


def check_url(request, slug: str, round_number: int, table_number: int, code: str) -> str:
    """The check page of a table's sheet with the code filled in (what its QR opens)."""
    address = reverse("sheet_check", args=[slug])
    query = urlencode({"round": round_number, "table": table_number, "code": code})
    return phone_url(request, f"{address}?{query}")


def _sheet(
    result: TableResult,
    tournament: Tournament,
    shown: tuple[SheetView, list[RulingRow]] | None = None,
) -> printing.Sheet:
    """The sheet both sides sign, as printed: it carries no side's link, since each side's
    is its own (the table card's parts)."""
    ruleset = tournament.ruleset
    options = tournament.game_options
    if shown is None:
        shown = build_sheet(result, ruleset, options), ruling_lines(result, ruleset, options)
    sheet, lines = shown
    words = ruleset.sheet_words(result.size, options)
    hands = _hand_lines(sheet, ruleset, words)
    return printing.Sheet(
        tournament=tournament.name,
        date=date_format(tournament.date, "DATE_FORMAT"),
        venue=tournament.venue,
        game=tournament.get_game_display(),
        round=result.round.number,
        table=result.table.number,
        sides=_side_lines(sheet, ruleset),
        hands=hands,
        planned_hands=_paper_rows(result, ruleset, options, hands),
        rulings=_ruling_lines(lines),
        totals=sheet.totals if hands or result.round_rulings else None,
        winner=sheet.winner,
        signatures=_signature_lines(result, sheet, ruleset),
        final=sheet.final,
        tiebreaker_row=ruleset.tiebreaker_hand,
        figures=words.figures,
        pool=words.pool,
        pool_figures=words.pool_figures,
        pool_start=words.pool_start,
        key=words.key,
    )


def _side_lines(sheet: SheetView, ruleset) -> tuple[printing.SideInfo, ...]:
    """Each side with its players, and where they sit: a partnership's side (North-South),
    or a player's seat."""
    return tuple(
        printing.SideInfo(
            name=side.entrant.name,
            players=tuple(p for _, p in side.seats),
            seats=side.name if ruleset.partnerships else side.seats[0][0],
        )
        for side in sheet.sides
    )


def _hand_lines(sheet: SheetView, ruleset, words: SheetWords) -> tuple[printing.HandLine, ...]:
    """The hands the sheet counts, with the running totals and the pool's balance (Pinochle's
    kitty) as the hands go."""
    hands: list[printing.HandLine] = []
    pool = words.pool_start
    for row in sheet.rows:
        if row.status not in ("accepted", "void"):
            continue  # not counted until the other side accepts it
        # A void or tiebreaker row adds nothing: it shows the totals as they stood.
        running = row.running or (hands[-1].running if hands else (0,) * len(sheet.sides))
        line = _hand_line(row, sheet, ruleset, words, running, pool)
        hands.append(line)
        pool = line.pool_balance if line.pool_balance is not None else pool
    return tuple(hands)


def _hand_line(
    row: SheetRow,
    sheet: SheetView,
    ruleset,
    words: SheetWords,
    running: tuple[int, ...],
    pool: int,
) -> printing.HandLine:
    """One hand as printed, after the pool's balance `pool`."""
    bidder, bid, taken = _bid(row, sheet, ruleset)
    points = tuple(p or 0 for p, _ in row.cells)
    bonus, paid = _beside(row, words, points)
    return printing.HandLine(
        number=row.hand.number,
        dealer=row.dealer,
        bidder=bidder,
        bid=bid,
        taken=taken,
        points=points,
        running=tuple(running),
        void=row.void,
        tiebreaker=row.tiebreaker,
        note=row.note,
        facts=tuple(sorted((row.hand.record or {}).items())),
        bonus=bonus,
        pool=paid,
        pool_balance=pool + paid if paid is not None else None,
        remarks=_remarks(row, ruleset),
    )


def _beside(
    row: SheetRow, words: SheetWords, points: tuple[int, ...]
) -> tuple[tuple[int, ...], int | None]:
    """What the sheet prints for the players to check the row, outside the check code: the
    hand's bonus apart, and what the sides paid into the pool (what they did not keep). A
    void or tiebreaker row has neither."""
    if row.void or row.tiebreaker:
        return (), None
    bonus = row.score.bonus if words.bonus and row.score else ()
    return tuple(bonus), (-sum(points) if words.pool else None)


def _bid(row: SheetRow, sheet: SheetView, ruleset) -> tuple[str, str, str]:
    """Who bid, the bid and what was taken, in the game's words (blank without a record)."""
    if row.record is None:
        return "", "", ""
    who, bid, taken = ruleset.summary(row.record)
    return (sheet.sides[who].entrant.name if who is not None else ""), bid, taken


def _remarks(row: SheetRow, ruleset) -> tuple[str, ...]:
    """What a row says in words that its figures alone would not."""
    remarks = ("ruling, see below",) if row.rulings else ()
    if row.record is not None and not row.void:
        remarks += ruleset.remarks(row.record)
    return remarks


def _ruling_lines(lines: list[RulingRow]) -> tuple[printing.RulingLine, ...]:
    """The rulings in force, each with its facts as stored (what the check code covers)."""
    return tuple(
        printing.RulingLine(
            hand=line.hand.number if line.hand else None,
            rule=line.rule,
            title=line.title,
            effect=line.effect,
            facts=(
                ("amount", line.ruling.amount),
                ("code", line.ruling.code),
                ("choice", line.ruling.choice),
                ("note", line.ruling.note),
                ("offender", line.ruling.offender),
            ),
        )
        for line in lines
    )


def _signature_lines(
    result: TableResult, sheet: SheetView, ruleset
) -> tuple[printing.SignatureLine, ...]:
    """Each side's signature: who signed and when, or why the side need not sign."""
    lines = []
    for side in sheet.sides:
        signature = sheet.signatures.get(side.index)
        lines.append(
            printing.SignatureLine(
                side=side.entrant.name,
                signer=signature.name if signature is not None else "",
                signed_at=_signed_at(signature) if signature is not None else "",
                unneeded=unneeded(result, ruleset, side.index),
            )
        )
    return tuple(lines)


def _signed_at(signature) -> str:
    return date_format(timezone.localtime(signature.signed_at), "DATETIME_FORMAT")


def unneeded(result: TableResult, ruleset, side: int) -> str:
    """Why a side's signature is not needed, in words ("" when it is): it forfeited the
    round (rules-decisions.md). The page, the paper and the check page say the same."""
    forfeit = result.forfeited.get(side)
    if forfeit is None or not result.to_sign:
        return ""
    return f"Forfeited ({ruleset.infraction(forfeit.code).cite}): no signature needed"


def _paper_rows(result: TableResult, ruleset, options: dict, hands: list) -> int:
    """Rows for the round's hands: to write on by pen while it is played (a game that
    ends on the score has as many as a long game takes), none left blank once it is over."""
    rows = ruleset.paper_rows(result.size, options)
    if result.match.complete:
        rows = min(rows, sum(1 for h in hands if not h.void and not h.tiebreaker))
    return rows
