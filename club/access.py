"""Who keeps a club's register and seasons: its staff (a superuser keeps every club's).
Everyone may look at a club's public pages: its seasons, ladder and ratings."""

from functools import wraps

from django import forms
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404

from .models import Club, default_club

NOT_STAFF = "Only this club's directors may do this: ask one of them to add you."


def runs_club(user, club: Club) -> bool:
    if not user.is_authenticated or not user.is_active:
        return False
    if user.is_superuser:
        return True
    cache = user.__dict__.setdefault("_runs_club", {})
    if club.pk not in cache:
        cache[club.pk] = club.staff.filter(pk=user.pk).exists()
    return cache[club.pk]


def club_staff_required(view):
    """For views taking `club` (the club's slug): anonymous visitors go to the login page,
    others who do not keep the club get 403; the view is called with the Club itself."""

    @wraps(view)
    def wrapper(request, club: str, *args, **kwargs):
        found = get_object_or_404(Club, slug=club)
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not runs_club(request.user, found):
            raise PermissionDenied(NOT_STAFF)
        return view(request, found, *args, **kwargs)

    return wrapper


def clubs_offered(user) -> list[Club]:
    """The clubs a director may make (or restore) a night in: those they keep (a
    superuser: every club). A director who keeps none is offered the first club while
    nobody keeps it, and keeps it by making a night there: a club running the software
    alone never has to make one."""
    clubs = Club.objects.all()
    if user is None or user.is_superuser:
        default_club()  # at least one
        return list(clubs)
    mine = list(clubs.filter(staff=user))
    if not mine:
        mine = list(Club.objects.filter(pk=default_club(), staff=None))
    return mine


def club_choice(field, user) -> list[Club]:
    """Make a form's club field offer the clubs_offered; returns them. With one club
    offered the field may be left empty (clean_club_choice then answers that one)."""
    offered = clubs_offered(user)
    field.queryset = Club.objects.filter(pk__in=[c.pk for c in offered])
    field.required = False
    field.empty_label = None
    field.help_text = "The club whose night it is: its players link to the club's register."
    if len(offered) == 1:
        field.initial = offered[0].pk
    elif not offered:
        field.help_text = NO_CLUB
    return offered


NO_CLUB = "You keep no club yet: make one first (New club)."


def clean_club_choice(club, offered: list[Club]) -> Club:
    if club is None:
        if len(offered) != 1:
            raise forms.ValidationError(
                "Choose the club whose night it is." if offered else NO_CLUB
            )
        club = offered[0]
    return club
