"""The director's answers from the console to what the floor asks of them: a call from a
table marked answered, an announcement made or taken back, a player's ask to leave
confirmed or turned down. Each is a POST of the tournament's staff (director_required,
CSRF), and comes back to the console it was made on."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_POST

from scoring import calls, may
from scoring.writes import EntryError
from tournament import leaving, news
from tournament.access import director_required
from tournament.models import Announcement, Entrant, Table

from .console import console_page, console_round
from .forms import AnnounceForm


def _back(slug: str, number: int):
    return redirect("console", slug=slug, number=number)


def _by(user) -> str:
    return user.get_full_name() or user.get_username()


@director_required
@require_POST
def announce(request, slug, number):
    round_ = console_round(slug, number)
    form = AnnounceForm(request.POST, auto_id="news-%s")
    if not form.is_valid():
        return console_page(request, round_, announce_form=form, status=400)
    news.announce(round_.tournament, form.cleaned_data["text"], by=_by(request.user))
    messages.success(request, "Announced: every phone shows it at its next refresh.")
    return _back(slug, number)


@director_required
@require_POST
def take_back_announcement(request, slug, number, pk):
    round_ = console_round(slug, number)
    announcement = get_object_or_404(Announcement, pk=pk, tournament=round_.tournament)
    news.take_back(announcement)
    messages.success(request, "Taken back: the phones no longer show it.")
    return _back(slug, number)


@director_required
@require_POST
def answer_call(request, slug, number, table):
    round_ = console_round(slug, number)
    tables = Table.objects.select_related("round__tournament")
    table_obj = get_object_or_404(tables, round=round_, number=table)
    try:
        calls.answer(table_obj, actor=may.acting(director=request.user))
    except EntryError as exc:  # answered already (a double tap, another director)
        messages.info(request, f"Table {table}: {exc} Nothing changed.")
    else:
        messages.success(request, f"Table {table}: the call is marked answered.")
    return _back(slug, number)


def _asking(round_, pk) -> Entrant:
    return get_object_or_404(Entrant, pk=pk, tournament=round_.tournament)


@director_required
@require_POST
def confirm_leaving(request, slug, number, pk):
    """The player leaves after the round they named: withdrawn now, so the round in play
    is played out and the next draw leaves them out (tournament.leaving)."""
    entrant = _asking(console_round(slug, number), pk)
    if leaving.confirm(entrant):
        messages.success(
            request,
            f"{entrant.name} leaves after round {entrant.leave_after_round}: "
            "the next draw leaves them out.",
        )
    else:
        messages.info(request, f"{entrant.name} has no ask to leave waiting: nothing changed.")
    return _back(slug, number)


@director_required
@require_POST
def turn_down_leaving(request, slug, number, pk):
    entrant = _asking(console_round(slug, number), pk)
    if leaving.turn_down(entrant):
        messages.success(request, f"{entrant.name} stays in the draw.")
    else:
        messages.info(request, f"{entrant.name} has no ask to leave waiting: nothing changed.")
    return _back(slug, number)
