"""The PDFs to print: a round's table cards and list by name, its score sheets, and the
standings. Thin: the data is filled in documents.build (and the standings board), the
pages are drawn by the pure `printing` package."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.cache import never_cache

from draw.rounds import draft_view
from draw.views import seat_labels
from leaderboard.board import board
from leaderboard.views import counting_for
from printing import StandingsDoc, standings_pdf
from standings import shown_rank
from tournament.access import director_required, visible_tournament
from tournament.models import Round, Tournament

from . import build


def pdf_response(pdf: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


@director_required
@never_cache  # the table cards carry every side's link and PIN
def pairings_pdf(request, slug, number):
    """Table cards (each side's part with its QR code, link and PIN) and the list by name."""
    tournament = get_object_or_404(Tournament, slug=slug)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    view = draft_view(round_)
    labels = seat_labels(tournament, view)
    cards = [
        (table, list(zip(labels[table.pk], entrants, strict=False)))
        for table, entrants in view.tables
    ]
    by_name = [(e.name, table.number) for table, entrants in view.tables for e in entrants]
    pdf = build.round_pairings(request, round_, cards, by_name, [e.name for e in view.byes])
    return pdf_response(pdf, f"{slug}-round-{number}-pairings.pdf")


@director_required
def sheets_pdf(request, slug, number, table=None):
    """The round's score sheets: blank with QR codes before play, filled and signed after."""
    tournament = get_object_or_404(Tournament, slug=slug)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    if table is not None and not round_.tables.filter(number=table).exists():
        raise Http404("No such table.")
    pdf = build.round_sheets(request, round_, table)
    suffix = f"table-{table}" if table is not None else "sheets"
    return pdf_response(pdf, f"{slug}-round-{number}-{suffix}.pdf")


def standings_pdf_view(request, slug):
    """The standings as the viewer sees them on the page (the public: signed sheets only)."""
    tournament = visible_tournament(request, slug)
    b = board(tournament, counting_for(request, tournament))
    doc = StandingsDoc(
        tournament=tournament.name,
        date=tournament.date.strftime("%d %B %Y").lstrip("0"),
        title=" ".join(filter(None, ["Standings", b.heading])),
        headers=tuple(["Played"] + [b.labels[k] for k in b.columns]),
        rows=tuple(
            (shown_rank(row), b.name_of(row), str(row.played))
            + tuple(str(getattr(row, key)) for key in b.columns)
            for row in b.rows
        ),
        cut_after=b.cut.line_after if b.cut else None,
        tiebreaks=b.order_words + ". " + b.counting.words,
    )
    return pdf_response(standings_pdf(doc, tournament.paper), f"{tournament.slug}-standings.pdf")


@director_required
@never_cache  # every entrant's own check-in link
def checkin_pdf(request, slug):
    """Each entrant's check-in code (their own link as a QR code), to hand out."""
    tournament = get_object_or_404(Tournament, slug=slug)
    return pdf_response(build.checkin_codes(request, tournament), f"{slug}-checkin-codes.pdf")
