"""Checking in: at the door by the director, or by the players themselves.

A player may only check in, never out (only the director undoes a check-in), so a
mistaken or mischievous tap costs at most one entrant paired who is not there, which the
director sees at the table. The public search lists nobody until a few letters are typed,
and only a few at a time, so it is not a way to read the whole list of entrants.

Checking in gives nothing else. A player's own link for the night (tournament/own_links.py),
a side's link and its PIN are each a credential for one player or side, and anyone can
type three letters of another's name and tap, first or not: a tap proves nothing of who
taps. So the self check-in page, and an entrant's old check-in link (the code printed for
a team before players had links of their own, which proves nothing of either partner's),
show no link nor PIN: they say the player's link is on their check-in card, or with the
director. The card's QR code, the player's own link, is the proof: opening it checks its
player in (own_link/) and is their page for the night; the director shows or replaces a
lost one at the door, and hands out the table cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q, QuerySet

from .models import Entrant, Tournament

SEARCH_MIN_LETTERS = 3
SEARCH_MAX_SHOWN = 8


class CheckinError(Exception):
    """Why an entrant cannot check themselves in, in words for the player."""

    def __init__(self, message: str, status: int = 409):
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class Found:
    entrants: list[Entrant]
    more: bool  # more than shown matched: type more of the name
    too_short: bool  # fewer letters than SEARCH_MIN_LETTERS: nobody is listed


def matching(tournament: Tournament, query: str) -> QuerySet[Entrant]:
    """Entrants whose team or player name holds the query (withdrawn ones too: they are
    told why they cannot check in rather than not found)."""
    return tournament.entrants.filter(
        Q(name__icontains=query) | Q(player1__icontains=query) | Q(player2__icontains=query)
    )


def self_search(tournament: Tournament, query: str) -> Found:
    query = query.strip()
    if len(query) < SEARCH_MIN_LETTERS:
        return Found([], more=False, too_short=bool(query))
    found = list(matching(tournament, query).order_by("name")[: SEARCH_MAX_SHOWN + 1])
    return Found(found[:SEARCH_MAX_SHOWN], more=len(found) > SEARCH_MAX_SHOWN, too_short=False)


def tapped(tournament: Tournament, query: str, entrant_id: int | None) -> Entrant | None:
    """The entrant a player tapped, only if the search they typed finds them: an id alone
    (guessed, or sent by a script) checks nobody in."""
    query = query.strip()
    if entrant_id is None or len(query) < SEARCH_MIN_LETTERS:
        return None
    return matching(tournament, query).filter(pk=entrant_id).first()


def withdrawn_message(entrant: Entrant) -> str:
    return f"{entrant.name} has withdrawn from this tournament: see the director."


def self_check_in(entrant: Entrant) -> bool:
    """Check the entrant in: True if this did it, False if they were in already.

    A conditional update, so two phones tapping at once check in once and never out.
    """
    if entrant.withdrawn:
        raise CheckinError(withdrawn_message(entrant), status=409)
    done = Entrant.objects.filter(pk=entrant.pk, withdrawn=False, checked_in=False).update(
        checked_in=True
    )
    entrant.checked_in = True
    return bool(done)


def check_in_all(tournament: Tournament) -> int:
    """Check in everyone registered and not withdrawn; how many this checked in."""
    return tournament.entrants.filter(withdrawn=False, checked_in=False).update(checked_in=True)
