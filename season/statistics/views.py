"""The public statistics pages: a player's, and a 6 Card Kitty partnership's. Only the
club's published nights appear, and of them only sheets signed by every side; a register
entry that entered none of them is not there for the public (tournament.access)."""

from __future__ import annotations

from django.db.models import Q
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render

from club.models import Club
from season.ratings.build import for_player
from tournament.access import shown_aliases, shown_players

from .listings import bid_tables, partner_table
from .load import pair_games, player_games


def player_page(request, club: str, player: int):
    found = get_object_or_404(Club, slug=club)
    shown = shown_players(request.user, found)
    person = shown.filter(pk=player).first()
    if person is None:  # an entry merged into another: its old address leads there
        kept = next((p for p in shown.only("merged") if player in p.merged), None)
        if kept is None:
            raise Http404("No such player in this club's register.")
        return redirect("player", club=found.slug, player=kept.pk, permanent=True)
    person.club = found  # the ratings read it
    person.aliases = shown_aliases(request.user, person)
    games = [
        {
            "section": section,
            "bids": bid_tables(section.ruleset, section.statistics),
            "partners": partner_table(found.slug, person.pk, section.partners)
            if section.ruleset.partnerships
            else None,
        }
        for section in player_games(found, person)
    ]
    return render(
        request,
        "season/player.html",
        {"club": found, "player": person, "games": games, "ratings": for_player(person)},
    )


def pair_page(request, club: str, a: int, b: int):
    if a == b:
        raise Http404("A partnership is two players.")
    found = get_object_or_404(Club, slug=club)
    # Each id on its own: an id past 64 bits finds no one, where `pk__in` sent it to the
    # database (OverflowError on SQLite, a 500).
    people = shown_players(request.user, found).filter(Q(pk=a) | Q(pk=b)).in_bulk()
    if len(people) != 2:
        raise Http404("No such players in this club's register.")
    first, second = sorted(people.values(), key=lambda p: (p.name, p.pk))
    games = [
        {"section": section, "bids": bid_tables(section.ruleset, section.statistics)}
        for section in pair_games(found, first, second)
    ]
    return render(
        request,
        "season/pair.html",
        {"club": found, "first": first, "second": second, "games": games},
    )
