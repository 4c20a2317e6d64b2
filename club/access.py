"""Who keeps a club's register and seasons: its staff (a superuser keeps every club's).
Everyone may look at a club's public pages: its seasons, ladder and ratings."""

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404

from .models import Club

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
