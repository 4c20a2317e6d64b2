"""Round pages: the director's draft and round page, and the public pairings."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from .access import director_required, is_director, visible_tournament
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
        messages.error(request, str(exc))
        return redirect("rounds", slug=slug)
    messages.success(request, f"Drew a draft of round {round_.number}: check it, then publish.")
    return redirect("round", slug=slug, number=round_.number)


@director_required
def round_page(request, slug, number):
    tournament = get_object_or_404(Tournament, slug=slug)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    view = draft_view(round_)
    return render(
        request,
        "tournament/round.html",
        {
            "tournament": tournament,
            "round": round_,
            "view": view,
            "seat_labels": seat_labels(tournament, view),
        },
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
    try:
        a = int(request.POST.get("entrant", ""))
        if request.POST.get("action") == "swap":
            warnings = swap_entrants(round_, a, int(request.POST.get("other", "")))
        else:
            warnings = move_entrant(round_, a, int(request.POST.get("table", "")))
    except ValueError:
        messages.error(request, "Choose who to swap or move, and where.")
        return redirect("round", slug=slug, number=number)
    except RoundError as exc:
        messages.error(request, str(exc))
        return redirect("round", slug=slug, number=number)
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
        messages.error(request, str(exc))
    else:
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
        messages.error(request, str(exc))
        return redirect("round", slug=slug, number=number)
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
