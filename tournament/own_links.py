"""Each player's own link for the night (tournament.models.OwnLink): made when first
needed, for every player at once, and replaced by the director when a phone is lost.

The page behind it is own_link/; this module only keeps the links."""

from __future__ import annotations

from collections.abc import Iterable

from .models import Entrant, OwnLink, new_token

OWN_LINK_PATH = "/p/{token}/"  # served by own_link/urls.py


def places(entrant: Entrant, partnerships: bool) -> tuple[int, ...]:
    """Whose links an entrant has: each partner of a team, or the one player."""
    return (1, 2) if partnerships else (1,)


def links_for(entrants: Iterable[Entrant], partnerships: bool) -> dict[tuple[int, int], OwnLink]:
    """Every player's link, keyed (entrant id, place): the missing ones made in one insert
    (two phones printing at once make each once: the constraint keeps the first), then
    all read in one query."""
    entrants = list(entrants)
    wanted = [(e, place) for e in entrants for place in places(e, partnerships)]
    OwnLink.objects.bulk_create(
        [OwnLink(entrant=e, place=place) for e, place in wanted], ignore_conflicts=True
    )
    rows = OwnLink.objects.filter(entrant__in=[e.pk for e in entrants]).select_related("entrant")
    return {(link.entrant_id, link.place): link for link in rows}


def replace(entrant: Entrant, place: int) -> OwnLink:
    """A new link for the player: the old one stops working at once."""
    link = links_for([entrant], place == 2)[(entrant.pk, place)]
    link.token = new_token()
    link.save(update_fields=["token"])
    return link


def own_path(token: str) -> str:
    return OWN_LINK_PATH.format(token=token)
