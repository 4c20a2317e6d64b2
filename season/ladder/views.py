"""The club's public home, the season pages and their staff forms. Thin: the season's
nights load in season.ladder.load, the points add up in league.ladder."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import NoReverseMatch, reverse

from club.access import club_staff_required, runs_club
from club.models import Club, Season
from leaderboard.listings import SafeExport
from league.ladder import TIES_WORDS
from rules import get_ruleset
from tournament.inputs import saved_once

from .chart import ladder_chart
from .forms import LadderSettingsForm, SeasonForm
from .listings import ladder_table
from .load import season_ladder


def club_home(request, club):
    """The club's seasons and its published nights, by game, newest first."""
    club = get_object_or_404(Club, slug=club)
    nights = club.tournaments.filter(published=True).order_by("-date", "name")
    by_game: dict[tuple[str, str], list] = {}
    for night in nights:
        by_game.setdefault((night.get_game_display(), night.game), []).append(night)
    return render(
        request,
        "season/club.html",
        {
            "club": club,
            "seasons": club.seasons.all(),
            "by_game": [(name, game, found) for (name, game), found in sorted(by_game.items())],
            "staff": runs_club(request.user, club),
        },
    )


def _player_url(club: Club):
    """Each player's public page, once the register's pages are there (one reverse for
    the page, not one per row); until then the names are not links."""
    try:
        base = reverse("player", args=[club.slug, 0]).removesuffix("0/")
    except NoReverseMatch:
        return lambda player: None
    return lambda player: f"{base}{player}/"


def _season(club: str, season: str) -> Season:
    return get_object_or_404(Season.objects.select_related("club"), club__slug=club, slug=season)


def season_page(request, club, season):
    found = _season(club, season)
    board = season_ladder(found)
    names = {pk: p.name for pk, p in board.players.items()}
    return render(
        request,
        "season/season.html",
        {
            "club": found.club,
            "season": found,
            "board": board,
            "table": ladder_table(board, _player_url(found.club)),
            "chart": ladder_chart(board.rows, board.progress, names, len(board.nights)),
            "ties_words": TIES_WORDS,
            "partnership": get_ruleset(found.game).partnerships,
            "staff": runs_club(request.user, found.club),
        },
    )


def ladder_export(request, club, season, fmt):
    found = _season(club, season)
    board = season_ladder(found)
    table = ladder_table(board, lambda player: None)
    export = SafeExport(fmt, table, dataset_kwargs={"title": "Ladder"})  # the sheet's name
    return export.response(f"{found.club.slug}-{found.slug}-ladder.{fmt}")


def _save_season(request, club: Club, form, season=None):
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            saved = saved_once(form)
            if saved is not None:
                messages.success(request, f"Saved {saved.name}.")
                return redirect("season", club=club.slug, season=saved.slug)
            status = 409  # the same name taken a moment ago: the field says so
    return render(
        request,
        "season/season_form.html",
        {"club": club, "form": form, "season": season},
        status=status,
    )


@club_staff_required
def season_new(request, club):
    return _save_season(request, club, SeasonForm(request.POST or None, club=club))


@club_staff_required
def season_edit(request, club, season):
    found = get_object_or_404(Season, club=club, slug=season)
    form = SeasonForm(request.POST or None, instance=found, club=club)
    return _save_season(request, club, form, Season.objects.get(pk=found.pk))


@club_staff_required
def ladder_settings(request, club):
    form = LadderSettingsForm(request.POST or None, instance=club)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            form.save()
            messages.success(request, "Saved the ladder's points.")
            return redirect("club", club=club.slug)
        status = 400
    return render(
        request,
        "season/ladder_settings.html",
        {"club": Club.objects.get(pk=club.pk), "form": form},
        status=status,
    )
