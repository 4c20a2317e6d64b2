"""Filling the printed documents (printing/) from the derived results.

Sheets, table cards and the list by name are built from the same TableResult the
table page shows, so paper and screen always agree.
"""

from __future__ import annotations

from django.urls import reverse
from django.utils.formats import date_format

import printing
from laptop.links import phone_url
from scoring.results import results_for
from tournament import own_links
from tournament.models import Round, Seat, Tournament

from .printed_sheet import check_url, printed_sheet


def _date(tournament: Tournament) -> str:
    return date_format(tournament.date, "DATE_FORMAT")


def round_sheets(request, round_: Round, table_number: int | None = None) -> bytes:
    """All sheets of a round (or one table's), one a page, in table order."""
    tournament = round_.tournament
    tables = list(round_.tables.select_related("round").order_by("number"))
    if table_number is not None:
        tables = [t for t in tables if t.number == table_number]
    results = results_for(tournament, tables=tables)
    slug, number = tournament.slug, round_.number

    def url_for(table):
        return lambda code: check_url(request, slug, number, table.number, code)

    sheets = [printed_sheet(results[t.pk], tournament, url_for(t)) for t in tables]
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
                url=phone_url(request, reverse("table_link", args=[seat.token])),
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
    """Every player of an entrant not withdrawn, with their own link for the night as a QR
    code: each partner of a team has their own (tournament.own_links)."""
    entrants = list(tournament.entrants.filter(withdrawn=False))
    partnerships = tournament.is_partnership
    links = own_links.links_for(entrants, partnerships)
    codes = []
    for entrant in entrants:
        for place in own_links.places(entrant, partnerships):
            link = links[entrant.pk, place]
            codes.append(
                printing.CheckinCode(
                    name=own_links.player_name(entrant, place, partnerships),
                    url=own_links.own_url(request, link),
                    team=entrant.name if partnerships else "",
                )
            )
    return printing.checkin_pdf(
        printing.CheckinCodes(
            tournament=tournament.name,
            date=_date(tournament),
            page_url=phone_url(request, reverse("self_checkin", args=[tournament.slug])),
            self_checkin=tournament.self_checkin,
            codes=tuple(codes),
        ),
        paper=tournament.paper,
    )
