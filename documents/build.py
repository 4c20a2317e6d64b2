"""Filling the printed documents (printing/) from the derived results.

Sheets, table cards and the list by name are built from the same TableResult the
table page shows, so paper and screen always agree.
"""

from __future__ import annotations

from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format

import printing
from scoring.results import TableResult, results_for
from scoring.sheet import build_sheet, ruling_lines
from tournament.models import Round, Seat, Tournament


def _date(tournament: Tournament) -> str:
    return date_format(tournament.date, "DATE_FORMAT")


def sheet_of(result: TableResult, tournament: Tournament) -> printing.Sheet:
    """The sheet both sides sign: it carries no link, since each side's is its own (the
    table card's parts)."""
    ruleset = tournament.ruleset
    options = tournament.settings
    sheet = build_sheet(result, ruleset, options)
    side_names = [s.name for s in sheet.sides]
    hands = []
    for row in sheet.rows:
        if row.status not in ("accepted", "void"):
            continue  # not counted until the other side accepts it
        bidder, bid, taken = ("", "", "")
        if row.record is not None:
            who, bid, taken = ruleset.summary(row.record)
            bidder = sheet.sides[who].entrant.name if who is not None else ""
        points = tuple(p or 0 for p, _ in row.cells)
        # A void or tiebreaker row adds nothing: it shows the totals as they stood.
        running = row.running or (hands[-1].running if hands else (0,) * len(side_names))
        hands.append(
            printing.HandLine(
                number=row.hand.number,
                dealer=row.dealer,
                bidder=bidder,
                bid=bid,
                taken=taken,
                points=tuple(points),
                running=tuple(running),
                void=row.void,
                tiebreaker=row.tiebreaker,
                note=row.note,
            )
        )
    rulings = tuple(
        printing.RulingLine(
            hand=line.hand.number if line.hand else None,
            rule=line.rule,
            title=line.title,
            effect=line.effect,
        )
        for line in ruling_lines(result, ruleset, options)
    )
    signatures = tuple(
        printing.SignatureLine(
            side=side.entrant.name,
            signer=sheet.signatures[side.index].name if side.index in sheet.signatures else "",
            signed_at=(
                date_format(
                    timezone.localtime(sheet.signatures[side.index].signed_at), "DATETIME_FORMAT"
                )
                if side.index in sheet.signatures
                else ""
            ),
        )
        for side in sheet.sides
    )
    return printing.Sheet(
        tournament=tournament.name,
        date=_date(tournament),
        venue=tournament.venue,
        game=tournament.get_game_display(),
        round=result.round.number,
        table=result.table.number,
        sides=tuple(
            printing.SideInfo(
                name=side.entrant.name,
                players=tuple(p for _, p in side.seats),
                seats=side.name if ruleset.partnerships else side.seats[0][0],
            )
            for side in sheet.sides
        ),
        hands=tuple(hands),
        planned_hands=sheet.planned,
        rulings=rulings,
        totals=sheet.totals if hands or result.round_rulings else None,
        winner=sheet.winner,
        signatures=signatures,
        final=sheet.final,
        tiebreaker_row=ruleset.tiebreaker_hand,
    )


def round_sheets(request, round_: Round, table_number: int | None = None) -> bytes:
    """All sheets of a round (or one table's), one a page, in table order."""
    tournament = round_.tournament
    tables = list(round_.tables.select_related("round").order_by("number"))
    if table_number is not None:
        tables = [t for t in tables if t.number == table_number]
    results = results_for(tournament, tables=tables)
    sheets = [sheet_of(results[t.pk], tournament) for t in tables]
    return printing.sheets_pdf(sheets, paper=tournament.paper)


def round_pairings(request, round_: Round, cards, by_name, byes) -> bytes:
    """Table cards with each side's own link and PIN (a draft round has neither yet: its
    seats may still move), and the list by name."""
    tournament = round_.tournament
    seat_of = {}
    if round_.is_public:
        for seat in Seat.objects.filter(table__round=round_):
            seat_of[seat.table_id, seat.entrant_id] = seat

    def links(table, entrants) -> tuple:
        found = [seat_of.get((table.pk, entrant.pk)) for _, entrant in entrants]
        if not found or None in found:
            return ()
        return tuple(
            printing.SideLink(
                url=request.build_absolute_uri(reverse("table_link", args=[seat.token])),
                pin=seat.pin,
            )
            for seat in found
        )

    return printing.pairings_pdf(
        printing.Pairings(
            tournament=tournament.name,
            date=_date(tournament),
            round=round_.number,
            cards=tuple(
                printing.TableCard(
                    round=round_.number,
                    table=table.number,
                    seats=tuple((label, entrant.name) for label, entrant in seats),
                    links=links(table, seats),
                )
                for table, seats in cards
            ),
            by_name=tuple(by_name),
            byes=tuple(byes),
        ),
        paper=tournament.paper,
    )


def checkin_codes(request, tournament: Tournament) -> bytes:
    """Every entrant not withdrawn, with their own check-in link as a QR code."""
    entrants = tournament.entrants.filter(withdrawn=False)
    return printing.checkin_pdf(
        printing.CheckinCodes(
            tournament=tournament.name,
            date=_date(tournament),
            page_url=request.build_absolute_uri(reverse("self_checkin", args=[tournament.slug])),
            codes=tuple(
                printing.CheckinCode(
                    name=entrant.name,
                    players=tuple(p for p in (entrant.player1, entrant.player2) if p),
                    url=request.build_absolute_uri(
                        reverse("self_checkin_link", args=[tournament.slug, entrant.checkin_token])
                    ),
                )
                for entrant in entrants
            ),
        ),
        paper=tournament.paper,
    )
