"""The ratings' public pages: a club's ratings at a game, a player's history, a pair,
and the download. Thin: season.ratings.build loads, rates and stores; these render."""

from __future__ import annotations

from django import forms
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_safe
from django_tables2 import RequestConfig

from club.models import Club
from league.ratings import combined
from rules import RULESETS
from tournament.access import shown_players
from tournament.inputs import paging_refused

from . import build as ratings
from .chart import chart
from .history import player_ratings
from .listings import history_table, partnership_table, ratings_dataset, ratings_table

ROWS_PER_PAGE = 100
CONTENT_TYPES = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}


def _club_game(club: str, game: str):
    found = get_object_or_404(Club, slug=club)
    ruleset = RULESETS.get(game)
    if ruleset is None:
        raise Http404("No such game.")
    return found, ruleset


def _player_url(club: Club, game: str):
    """One reverse() for the page, not one per row."""
    base = reverse("rating", args=[club.slug, game, 0]).removesuffix("0/")
    return lambda player: f"{base}{player.pk}/"


@require_safe
def ratings_page(request, club, game):
    club, ruleset = _club_game(club, game)
    if refused := paging_refused(request):
        return render(request, "bad_request.html", {"message": refused}, status=400)
    kept = ratings.current(club, ruleset.slug)
    ranked = ratings.ranked(kept)
    table = ratings_table(ranked, _player_url(club, ruleset.slug))
    RequestConfig(request, paginate={"per_page": ROWS_PER_PAGE}).configure(table)
    return render(
        request,
        "season/ratings.html",
        {
            "club": club,
            "ruleset": ruleset,
            "kept": kept,
            "table": table,
            "games": RULESETS.values(),
            "pair_form": PairForm(players=[r.player for r in ranked])
            if ruleset.partnerships
            else None,
        },
    )


@require_safe
def ratings_export(request, club, game, fmt):
    club, ruleset = _club_game(club, game)
    ranked = ratings.ranked(ratings.current(club, ruleset.slug))
    data = ratings_dataset(ranked, f"{ruleset.name} ratings")
    response = HttpResponse(data.export(fmt), content_type=CONTENT_TYPES[fmt])
    response["Content-Disposition"] = (
        f'attachment; filename="{club.slug}-{ruleset.slug}-ratings.{fmt}"'
    )
    return response


@require_safe
def player_page(request, club, game, player):
    club, ruleset = _club_game(club, game)
    player = get_object_or_404(shown_players(request.user, club), pk=player)
    kept = ratings.current(club, ruleset.slug)
    found = player_ratings(kept, player)
    url_for = _player_url(club, ruleset.slug)
    night_base = reverse("standings", args=["x"]).removesuffix("x/standings/")
    return render(
        request,
        "season/rating.html",
        {
            "club": club,
            "ruleset": ruleset,
            "player": player,
            "found": found,
            "chart": chart(found.steps) if found.lines else None,
            "history": history_table(
                found.lines, ruleset.partnerships, lambda slug: f"{night_base}{slug}/standings/"
            ),
            "partnerships": partnership_table(found.partnerships, url_for)
            if ruleset.partnerships
            else None,
        },
    )


class PairForm(forms.Form):
    """Any two rated players of a partnership game, as a pair."""

    a = forms.TypedChoiceField(label="First player", coerce=int)
    b = forms.TypedChoiceField(label="Partner", coerce=int)

    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        choices = [("", "Choose a player")] + [
            (p.pk, p.name) for p in sorted(players, key=lambda p: p.name.casefold())
        ]
        for name in ("a", "b"):
            self.fields[name].choices = choices
            self.fields[name].error_messages["invalid_choice"] = "Choose one of the rated players."
            self.fields[name].error_messages["required"] = "Choose a player."

    def clean(self):
        data = super().clean()
        if data.get("a") is not None and data.get("a") == data.get("b"):
            self.add_error("b", "Choose a partner other than the first player.")
        return data


@require_safe
def pair_page(request, club, game):
    """A pair's combined rating: the two ratings added up as openskill rates a team."""
    club, ruleset = _club_game(club, game)
    if not ruleset.partnerships:
        raise Http404("A pair's rating is for a partnership game.")
    kept = ratings.current(club, ruleset.slug)
    ranked = {r.player.pk: r for r in ratings.ranked(kept)}
    players = [r.player for r in ranked.values()]
    # The player page's link names the first player only: the form starts from it.
    if "a" in request.GET and "b" in request.GET:
        form = PairForm(request.GET, players=players)
    else:
        form = PairForm(initial={"a": request.GET.get("a")}, players=players)
    pair = together = None
    status = 200
    if form.is_bound and form.is_valid():
        a, b = ranked[form.cleaned_data["a"]], ranked[form.cleaned_data["b"]]
        pair = {"a": a, "b": b, "rating": combined([a.rating, b.rating])}
        history = player_ratings(kept, a.player)
        together = next((p for p in history.partnerships if p.partner.pk == b.player.pk), None)
    elif form.is_bound:
        status = 400
    return render(
        request,
        "season/rating_pair.html",
        {
            "club": club,
            "ruleset": ruleset,
            "form": form,
            "pair": pair,
            "together": together,
        },
        status=status,
    )
