"""Who may do what: directors change tournaments; everyone else only looks."""

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404

from .models import Director, Tournament


def is_director(user) -> bool:
    if not user.is_authenticated or not user.is_active:
        return False
    if user.is_superuser:
        return True
    cached = getattr(user, "_is_director", None)
    if cached is None:
        cached = user._is_director = Director.objects.filter(user=user).exists()
    return cached


def director_required(view):
    """Anonymous visitors go to the login page; signed-in non-directors get 403."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not is_director(request.user):
            raise PermissionDenied("Only a tournament director may do this.")
        return view(request, *args, **kwargs)

    wrapper.director_only = True
    return wrapper


def visible_tournament(request, slug: str) -> Tournament:
    """A tournament the visitor may see: directors see all, the public only published ones."""
    tournament = get_object_or_404(Tournament, slug=slug)
    if not tournament.published and not is_director(request.user):
        raise Http404("No such tournament.")
    return tournament
