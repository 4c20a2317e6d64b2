"""Who may do what: a tournament's staff change it; everyone else only looks.

A director is an account marked as one (it may create tournaments); a tournament's staff
are the directors who run it (its creator and those added to it). A superuser runs all.

What only a tournament's staff see (draft rounds, unsigned results, an unpublished night)
is decided by `runs`, never by "a director somewhere" (`is_director`): a director of
another night sees what the public sees. The club's register entries are shown to the
public only once they entered one of the club's published nights (`shown_players`).
"""

from functools import wraps

from django.contrib.auth import get_user_model
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db.models import Exists, OuterRef, Q
from django.http import Http404
from django.shortcuts import get_object_or_404

from club.access import runs_club
from club.models import Club, Player
from rules import RULESETS

from .models import Director, Entrant, Tournament

NOT_STAFF = "Only this tournament's directors may do this: ask one of them to add you."


def directors():
    """The accounts that may run tournaments: directors, and superusers (`createsuperuser`
    makes one with no director row)."""
    users = get_user_model().objects.filter(is_active=True)
    return users.filter(Q(director__isnull=False) | Q(is_superuser=True)).distinct()


def is_director(user) -> bool:
    if not user.is_authenticated or not user.is_active:
        return False
    if user.is_superuser:
        return True
    cached = getattr(user, "_is_director", None)
    if cached is None:
        cached = user._is_director = Director.objects.filter(user=user).exists()
    return cached


def runs(user, tournament: Tournament) -> bool:
    """Whether the user is on this tournament's staff (a superuser runs every tournament):
    what decides who sees its drafts, its unsigned results and the night unpublished."""
    if not user.is_authenticated or not user.is_active:
        return False  # no query: the tournament is at hand
    return runs_slug(user, tournament.slug) is True


def runs_slug(user, slug: str) -> bool | None:
    """Staff of the tournament with this slug? None when there is no such tournament."""
    if not user.is_authenticated or not user.is_active:
        return False if Tournament.objects.filter(slug=slug).exists() else None
    cache = user.__dict__.setdefault("_runs", {})
    if slug not in cache:
        if user.is_superuser:
            found = Tournament.objects.filter(slug=slug).exists()
            cache[slug] = True if found else None
        else:
            staffed = Tournament.staff.through.objects.filter(tournament=OuterRef("pk"), user=user)
            row = (
                Tournament.objects.filter(slug=slug).values_list(Exists(staffed), flat=True).first()
            )
            cache[slug] = row and is_director(user) if row is not None else None
    return cache[slug]


def director_required(view):
    """Anonymous visitors go to the login page; signed-in non-directors get 403, and so do
    directors on the pages of a tournament (the `slug` in the address) they do not run."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not is_director(request.user):
            raise PermissionDenied("Only a tournament director may do this.")
        slug = kwargs.get("slug")
        if slug is not None and runs_slug(request.user, slug) is False:
            raise PermissionDenied(NOT_STAFF)
        return view(request, *args, **kwargs)

    return wrapper


def sees(user, tournament: Tournament) -> bool:
    """Its staff see a tournament always, everyone else once it is published."""
    return tournament.published or runs(user, tournament)


def visible_tournament(request, slug: str) -> Tournament:
    """A tournament the visitor may see, else 404 (as if there were none)."""
    tournament = get_object_or_404(Tournament, slug=slug)
    if not sees(request.user, tournament):
        raise Http404("No such tournament.")
    return tournament


def _published_entries(club: Club):
    return Entrant.objects.filter(tournament__club=club, tournament__published=True)


def shown_players(user, club: Club):
    """The club's register entries this visitor may see: all of them for the club's
    directors; for anyone else those who entered one of its published nights (an entry
    made for a night not published is as private as the night). In the same one query."""
    players = Player.objects.filter(club=club)
    if runs_club(user, club):
        return players
    entered = _published_entries(club)
    return players.filter(
        Exists(entered.filter(member1=OuterRef("pk")))
        | Exists(entered.filter(member2=OuterRef("pk")))
    )


def shown_aliases(user, player: Player) -> list[str]:
    """The other names a register entry was entered under, as this visitor may see them:
    all for the club's directors; for anyone else those typed at the club's published
    nights (one query, none without aliases)."""
    if not player.aliases or runs_club(user, player.club):
        return list(player.aliases)
    typed = set()
    rows = (
        _published_entries(player.club)
        .filter(Q(member1=player) | Q(member2=player))
        .values_list("tournament__game", "name", "player1", "player2", "member1_id")
    )
    for game, name, player1, player2, member1 in rows:
        if not RULESETS[game].partnerships:  # one player on their own: the entrant's name
            typed.add(name.strip())
        else:
            typed.add((player1 if member1 == player.pk else player2).strip())
    return [alias for alias in player.aliases if alias in typed]
