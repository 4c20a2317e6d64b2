"""Round pages: the director's draft and round page, and the public pairings."""

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from scoring import documents

from .access import director_required, is_director, visible_tournament
from .forms import DraftEditForm
from .models import Round, Tournament
from .rounds import (
    RoundError,
    delete_draft,
    draft_view,
    draw_next_round,
    move_entrant,
    publish,
    swap_entrants,
)


def rounds(request, slug):
    """Every round of the night; the public sees published ones only."""
    tournament = visible_tournament(request, slug)
    shown = tournament.round_set.all()
    if not is_director(request.user):
        shown = shown.exclude(status=Round.Status.DRAFT)
    return render(request, "tournament/rounds.html", {"tournament": tournament, "rounds": shown})


@director_required
@require_POST
def round_draw(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    try:
        round_ = draw_next_round(tournament)
    except RoundError as exc:
        shown = tournament.round_set.all()
        return render(
            request,
            "tournament/rounds.html",
            {"tournament": tournament, "rounds": shown, "draw_error": str(exc)},
            status=409,
        )
    messages.success(request, f"Drew a draft of round {round_.number}: check it, then publish.")
    return redirect("round", slug=slug, number=round_.number)


@director_required
def round_page(request, slug, number):
    tournament = get_object_or_404(Tournament, slug=slug)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    return render_round(request, tournament, round_)


def render_round(request, tournament, round_, *, error: str = "", status: int = 200):
    view = draft_view(round_)
    return render(
        request,
        "tournament/round.html",
        {
            "tournament": tournament,
            "round": round_,
            "view": view,
            "seat_labels": seat_labels(tournament, view),
            "edit_error": error,
        },
        status=status,
    )


def seat_labels(tournament, view) -> dict[int, list[str]]:
    """The seat (or side) names for each table, by its size."""
    ruleset = tournament.ruleset
    labels = {}
    for table, entrants in view.tables:
        if tournament.is_partnership:
            labels[table.pk] = ruleset.side_names(4)
        else:
            labels[table.pk] = ruleset.seat_names(len(entrants))
    return labels


@director_required
@require_POST
def round_edit(request, slug, number):
    """Swap two entrants, or move one to another table (0 = the bye list)."""
    tournament = get_object_or_404(Tournament, slug=slug)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    form = DraftEditForm(request.POST)
    if not form.is_valid():
        return render_round(
            request, tournament, round_, status=400, error="Choose who to swap or move, and where."
        )
    data = form.cleaned_data
    try:
        if data["action"] == "swap":
            warnings = swap_entrants(round_, data["entrant"], data["other"])
        else:
            warnings = move_entrant(round_, data["entrant"], data["table"])
    except RoundError as exc:
        return render_round(request, tournament, round_, status=409, error=str(exc))
    messages.success(request, "Changed the draft.")
    for warning in warnings:
        messages.warning(request, warning)
    return redirect("round", slug=slug, number=number)


@director_required
@require_POST
def round_publish(request, slug, number):
    tournament = get_object_or_404(Tournament, slug=slug)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    if round_.status != Round.Status.DRAFT:
        messages.info(request, f"Round {number} is already published.")
        return redirect("round", slug=slug, number=number)
    try:
        publish(round_)
    except RoundError as exc:
        return render_round(request, tournament, round_, status=409, error=str(exc))
    messages.success(request, f"Published round {number}: the tables can start.")
    return redirect("round", slug=slug, number=number)


@director_required
@require_POST
def round_delete(request, slug, number):
    tournament = get_object_or_404(Tournament, slug=slug)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    try:
        delete_draft(round_)
    except RoundError as exc:
        return render_round(request, tournament, round_, status=409, error=str(exc))
    messages.success(request, f"Deleted the draft of round {number}.")
    return redirect("rounds", slug=slug)


def pairings(request, slug, number):
    """Readable across a room: everyone by name with their table number."""
    tournament = visible_tournament(request, slug)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    if round_.status == Round.Status.DRAFT and not is_director(request.user):
        return render(
            request,
            "tournament/not_published.html",
            {"tournament": tournament, "round": round_},
            status=404,
        )
    view = draft_view(round_)
    labels = seat_labels(tournament, view)
    by_name = sorted(
        (
            (entrant.name, table.number, labels[table.pk][position], entrant)
            for table, entrants in view.tables
            for position, entrant in enumerate(entrants)
        ),
        key=lambda row: row[0].casefold(),
    )
    return render(
        request,
        "tournament/pairings.html",
        {
            "tournament": tournament,
            "round": round_,
            "by_name": by_name,
            "view": view,
            "labels": labels,
        },
    )


@director_required
def pairings_pdf(request, slug, number):
    """Table cards (with each table's QR code) and the list by name, to print."""
    tournament = get_object_or_404(Tournament, slug=slug)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    view = draft_view(round_)
    labels = seat_labels(tournament, view)
    cards = [
        (table, list(zip(labels[table.pk], entrants, strict=False)))
        for table, entrants in view.tables
    ]
    by_name = [(e.name, table.number) for table, entrants in view.tables for e in entrants]
    pdf = documents.round_pairings(request, round_, cards, by_name, [e.name for e in view.byes])
    return pdf_response(pdf, f"{slug}-round-{number}-pairings.pdf")


@director_required
def sheets_pdf(request, slug, number, table=None):
    """The round's score sheets: blank with QR codes before play, filled and signed after."""
    tournament = get_object_or_404(Tournament, slug=slug)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    if table is not None and not round_.tables.filter(number=table).exists():
        raise Http404("No such table.")
    pdf = documents.round_sheets(request, round_, table)
    suffix = f"table-{table}" if table is not None else "sheets"
    return pdf_response(pdf, f"{slug}-round-{number}-{suffix}.pdf")


def pdf_response(pdf: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response
