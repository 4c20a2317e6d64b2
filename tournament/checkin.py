"""Checking in: at the door by the director, or by the players themselves.

A player may only check in, never out (only the director undoes a check-in), so a
mistaken or mischievous tap costs at most one entrant paired who is not there, which the
director sees at the table. The public search lists nobody until a few letters are typed,
and only a few at a time, so it is not a way to read the whole list of entrants.

A player's own link for the night (tournament/own_links.py) is a credential for that
player alone, and anyone can type three letters of another's name and tap. So the self
check-in page shows an entrant's own links only to the browser whose tap checked them in
(changed them from out to in: the session remembers it), never to a tap on someone
already in, which is told their link is on their check-in card or with the director. A
phone lent round the room keeps showing the links of those it checked in, to whoever
finds their names on it: the page is for the players' own phones; the director checks in
the others at the door. The holder of an entrant's own check-in link (the code printed
for the team before players had links of their own) is that entrant: once checked in,
it shows their players' links.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q, QuerySet

from .models import Entrant, Tournament

SEARCH_MIN_LETTERS = 3
SEARCH_MAX_SHOWN = 8
# The entrants this browser checked in itself (their ids, in its session): it alone is
# shown their own links. The most recent few: a phone checks in its owner, or a family.
CHECKED_IN_HERE = "checked_in_here"
CHECKED_IN_HERE_KEPT = 12


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


def remember_checked_in_here(session, entrant: Entrant) -> None:
    """This browser's tap checked the entrant in: it may be shown their own links."""
    kept = [pk for pk in session.get(CHECKED_IN_HERE, []) if pk != entrant.pk]
    session[CHECKED_IN_HERE] = [*kept, entrant.pk][-CHECKED_IN_HERE_KEPT:]


def checked_in_here(session, entrants: list[Entrant]) -> list[Entrant]:
    """Those of `entrants` this browser checked in, still in and not withdrawn."""
    mine = set(session.get(CHECKED_IN_HERE, []))
    return [e for e in entrants if e.pk in mine and e.checked_in and not e.withdrawn]
