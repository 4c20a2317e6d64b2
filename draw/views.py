"""The director's rounds: draw, edit, publish or delete a draft, and the playoff's buttons;
plus the public pairings. One view per action; a refusal (RoundError, PlayoffError)
re-renders the action's page with the reason, as a 409 (`refused_on`)."""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from leaderboard.board import Counting, board
from leaderboard.views import PlayoffSizeForm, TieForm, counting_for, render_standings
from tournament.access import director_required, runs, visible_tournament
from tournament.forms import DraftEditForm
from tournament.models import Round, Tournament

from .playoff import PlayoffError, create_playoff, draw_next_playoff_round, undo_playoff
from .rounds import (
    RoundError,
    delete_draft,
    draft_view,
    draw_next_round,
    move_entrant,
    publish,
    swap_entrants,
)


def refused_on(page):
    """Turn a refusal into `page(request, why, **url)`: the action's own page, 409."""

    def decorate(view):
        @wraps(view)
        def wrapped(request, **url):
            try:
                return view(request, **url)
            except (RoundError, PlayoffError) as exc:
                return page(request, str(exc), **url)

        return wrapped

    return decorate


def rounds_page(request, why: str, *, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    shown = tournament.round_set.all()
    context = {"tournament": tournament, "rounds": shown, "draw_error": why}
    return render(request, "draw/rounds.html", context, status=409)


def round_page_refused(request, why: str, *, slug, number):
    tournament, round_ = _round(slug, number)
    return render_round(request, tournament, round_, status=409, error=why)


def standings_refused(request, why: str, *, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    messages.error(request, why)
    return render_standings(
        request, tournament, board(tournament, counting_for(request, tournament)), status=409
    )


def _round(slug, number) -> tuple[Tournament, Round]:
    tournament = get_object_or_404(Tournament, slug=slug)
    return tournament, get_object_or_404(Round, tournament=tournament, number=number)


# -- rounds ------------------------------------------------------------------------------------


def rounds(request, slug):
    """Every round of the night; anyone but its staff sees published ones only."""
    tournament = visible_tournament(request, slug)
    shown = tournament.round_set.all()
    if not runs(request.user, tournament):
        shown = shown.exclude(status=Round.Status.DRAFT)
    return render(request, "draw/rounds.html", {"tournament": tournament, "rounds": shown})


@director_required
@require_POST
@refused_on(rounds_page)
def round_draw(request, slug):
    round_ = draw_next_round(get_object_or_404(Tournament, slug=slug))
    messages.success(request, f"Drew a draft of round {round_.number}: check it, then publish.")
    return redirect("round", slug=slug, number=round_.number)


@director_required
def round_page(request, slug, number):
    return render_round(request, *_round(slug, number))


def render_round(request, tournament, round_, *, error: str = "", status: int = 200):
    view = draft_view(round_)
    return render(
        request,
        "draw/round.html",
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
    """The side names for each table, by its size: North-South and East-West for a game of
    partnerships, the seats for the others."""
    ruleset = tournament.ruleset
    return {
        table.pk: ruleset.side_names(ruleset.players_at_table(len(entrants)))
        for table, entrants in view.tables
    }


@director_required
@require_POST
@refused_on(round_page_refused)
def round_edit(request, slug, number):
    """Swap two entrants, or move one to another table (0 = the bye list)."""
    tournament, round_ = _round(slug, number)
    form = DraftEditForm(request.POST)
    if not form.is_valid():
        return render_round(
            request, tournament, round_, status=400, error="Choose who to swap or move, and where."
        )
    data = form.cleaned_data
    if data["action"] == "swap":
        warnings = swap_entrants(round_, data["entrant"], data["other"])
    else:
        warnings = move_entrant(round_, data["entrant"], data["table"])
    messages.success(request, "Changed the draft.")
    for warning in warnings:
        messages.warning(request, warning)
    return redirect("round", slug=slug, number=number)


@director_required
@require_POST
@refused_on(round_page_refused)
def round_publish(request, slug, number):
    _, round_ = _round(slug, number)
    if round_.status != Round.Status.DRAFT:
        messages.info(request, f"Round {number} is already published.")
        return redirect("round", slug=slug, number=number)
    publish(round_)
    messages.success(request, f"Published round {number}: the tables can start.")
    return redirect("round", slug=slug, number=number)


@director_required
@require_POST
@refused_on(round_page_refused)
def round_delete(request, slug, number):
    delete_draft(_round(slug, number)[1])
    messages.success(request, f"Deleted the draft of round {number}.")
    return redirect("rounds", slug=slug)


def pairings(request, slug, number):
    """Readable across a room: everyone by name with their table number."""
    tournament = visible_tournament(request, slug)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    if round_.status == Round.Status.DRAFT and not runs(request.user, tournament):
        return render(
            request,
            "draw/not_published.html",
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
        "draw/pairings.html",
        {
            "tournament": tournament,
            "round": round_,
            "by_name": by_name,
            "view": view,
            "labels": labels,
        },
    )


# -- the playoff (its forms show on the standings page) -----------------------------------------


@director_required
@require_POST
def playoff_size(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    b = board(tournament, counting_for(request, tournament))
    eligible = sum(1 for e in b.entrants.values() if not e.withdrawn)
    form = PlayoffSizeForm(request.POST, most=eligible)
    if tournament.playoff_seeds:
        form.is_valid()
        form.add_error("size", "The bracket is drawn: take it back first to change the cut.")
        return render_standings(request, tournament, b, size_form=form, status=409)
    if not form.is_valid():
        return render_standings(request, tournament, b, size_form=form, status=400)
    tournament.playoff_size = form.cleaned_data["size"]
    tournament.save(update_fields=["playoff_size"])
    if tournament.playoff_size:
        messages.success(request, f"The top {tournament.playoff_size} advance to the playoff.")
    else:
        messages.success(request, "No playoff.")
    return redirect("standings", slug=slug)


@director_required
@require_POST
@refused_on(standings_refused)
def playoff_create(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    b = board(tournament, Counting(only_signed=False))
    chosen: list[int] = []
    if b.cut and b.cut.tied:
        form = TieForm(request.POST, cut=b.cut, entrants=b.entrants)
        if not form.is_valid():
            return render_standings(request, tournament, b, tie_form=form, status=400)
        chosen = form.cleaned_data["through"]
    round_ = create_playoff(tournament, chosen)
    messages.success(request, f"Drew the playoff: round {round_.number} is published.")
    return redirect("standings", slug=slug)


@director_required
@require_POST
@refused_on(standings_refused)
def playoff_next(request, slug):
    round_ = draw_next_playoff_round(get_object_or_404(Tournament, slug=slug))
    messages.success(request, f"Drew the next playoff round: round {round_.number} is published.")
    return redirect("standings", slug=slug)


@director_required
@require_POST
@refused_on(standings_refused)
def playoff_undo(request, slug):
    undo_playoff(get_object_or_404(Tournament, slug=slug))
    messages.success(request, "Took the playoff back.")
    return redirect("standings", slug=slug)
