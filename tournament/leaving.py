"""A player leaves the night after a round: asked from their own link, confirmed or turned
down by the director. Confirmed, the entrant is withdrawn: the round in play is played
out (a withdrawn entrant keeps their seat and their results), and the next draw leaves
them out (it draws only the checked in and not withdrawn). A team leaves as one: either
partner may ask for it."""

from __future__ import annotations

from django.utils import timezone

from .models import Entrant, Tournament


class LeavingError(Exception):
    """Why a player cannot ask to leave, in words for them."""


def ask_to_leave(entrant: Entrant, after_round: int, by: str) -> bool:
    """Ask for the entrant to leave after round `after_round`: True if this asked, False if
    it was asked already (a second tap, the partner's phone) and stays as first asked."""
    if entrant.withdrawn:
        raise LeavingError(f"{entrant.name} has already left this tournament.")
    asked = Entrant.objects.filter(
        pk=entrant.pk, withdrawn=False, leave_asked_at__isnull=True
    ).update(leave_after_round=after_round, leave_asked_at=timezone.now(), leave_asked_by=by[:100])
    entrant.refresh_from_db(fields=["leave_after_round", "leave_asked_at", "leave_asked_by"])
    return bool(asked)


def take_back(entrant: Entrant) -> bool:
    """The player changed their mind before the director confirmed: True if there was an
    ask to take back."""
    return _clear(entrant)


def confirm(entrant: Entrant) -> bool:
    """The director confirms: the entrant is withdrawn (the ask is kept, to say when they
    left). False if there was no open ask."""
    done = Entrant.objects.filter(
        pk=entrant.pk, withdrawn=False, leave_asked_at__isnull=False
    ).update(withdrawn=True, updated=timezone.now())
    entrant.refresh_from_db(fields=["withdrawn", "updated"])
    return bool(done)


def turn_down(entrant: Entrant) -> bool:
    """The director turns the ask down (the player stays in the draw)."""
    return _clear(entrant)


def _clear(entrant: Entrant) -> bool:
    done = Entrant.objects.filter(
        pk=entrant.pk, withdrawn=False, leave_asked_at__isnull=False
    ).update(leave_after_round=None, leave_asked_at=None, leave_asked_by="", updated=timezone.now())
    entrant.refresh_from_db(fields=["leave_after_round", "leave_asked_at", "leave_asked_by"])
    return bool(done)


def asking(tournament: Tournament):
    """The entrants whose ask to leave waits for the director, first asked first."""
    return tournament.entrants.filter(withdrawn=False, leave_asked_at__isnull=False).order_by(
        "leave_asked_at", "pk"
    )
