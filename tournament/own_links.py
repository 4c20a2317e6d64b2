"""A player's own link for the night (`/p/<token>/`, OwnLink): one per player.

Each partner of a team has their own (place 1: the first player, 2: the second); at the
three-player games each entrant is one player (place 1). A link is made the first time
it is needed (the check-in codes, the director's check-in page) and kept all night; the
director replaces one that was lost or shared (a new token: the old one stops working).

The page behind it is own_link/; this module only keeps the links. Each is a bearer
credential for that player alone: printed on their check-in card, shown by the director
at the door (a lost card), never by the self check-in (tournament/checkin.py says why),
never written to a log nor sent in a Referer (config/logs.py, config/private.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import segno
from django.db import transaction
from django.http import HttpRequest
from django.urls import reverse

from laptop.links import phone_url

from .models import Entrant, OwnLink, new_token


def places(entrant: Entrant, partnerships: bool) -> tuple[int, ...]:
    """The players of an entrant, by place: both partners of a team, else the one player."""
    return (1, 2) if partnerships else (1,)


def links_for(entrants: Iterable[Entrant], partnerships: bool) -> dict[tuple[int, int], OwnLink]:
    """Every player's own link, keyed (entrant id, place): the missing ones are made in one
    write (two phones asking at once make each once: the constraint keeps the first), then
    all are read, each with its entrant. At most three queries, whatever the count."""
    entrants = list(entrants)
    if not entrants:
        return {}
    by_id = {entrant.pk: entrant for entrant in entrants}
    wanted = {(e.pk, place) for e in entrants for place in places(e, partnerships)}
    found = _read(by_id, wanted)
    missing = wanted - set(found)
    if missing:
        OwnLink.objects.bulk_create(
            [OwnLink(entrant_id=e, place=place) for e, place in sorted(missing)],
            ignore_conflicts=True,
        )
        found = _read(by_id, wanted)
    return found


def _read(by_id: dict[int, Entrant], wanted: set) -> dict[tuple[int, int], OwnLink]:
    found = {}
    for link in OwnLink.objects.filter(entrant_id__in=list(by_id)):
        key = (link.entrant_id, link.place)
        if key in wanted:
            link.entrant = by_id[link.entrant_id]  # already read: no query per link
            found[key] = link
    return found


def replace(entrant: Entrant, place: int) -> OwnLink:
    """A new link for this player (made if they had none): the old one stops working at
    once. ValueError for a place the entrant has no player at."""
    if place not in places(entrant, entrant.tournament.is_partnership):
        raise ValueError(f"{entrant.name} has no player {place}.")
    with transaction.atomic():
        link, made = OwnLink.objects.select_for_update().get_or_create(entrant=entrant, place=place)
        if not made:
            link.token = new_token()
            link.save(update_fields=["token"])
    link.entrant = entrant
    return link


def own_path(token: str) -> str:
    """The address of the player's page for this token, on this server (own_link/)."""
    return reverse("own_link", args=[token])


def own_url(request: HttpRequest, link: OwnLink) -> str:
    """The link as a phone in the room opens it (not the laptop's 127.0.0.1)."""
    return phone_url(request, own_path(link.token))


def player_name(entrant: Entrant, place: int, partnerships: bool) -> str:
    """A player by their place, as the cards and pages name them: a partner (their team's
    name when they have none of their own), or the entrant at the three-player games."""
    if not partnerships:
        return entrant.name
    return (entrant.player2 if place == 2 else entrant.player1) or entrant.name


@dataclass(frozen=True)
class Shown:
    """A player's own link as a page shows it to them: their name, the address a phone in
    the room opens, and its QR code (an image in the page: the site's CSP allows data:)."""

    player: str
    url: str
    qr: str


def shown(request: HttpRequest, entrants: list[Entrant], partnerships: bool) -> dict:
    """Each of these entrants' players' own links as a page shows them, by entrant id."""
    links = links_for(entrants, partnerships)
    found: dict[int, list[Shown]] = {}
    for entrant in entrants:
        for place in places(entrant, partnerships):
            url = own_url(request, links[entrant.pk, place])
            qr = segno.make(url, error="m").svg_data_uri(scale=4, border=2)
            player = player_name(entrant, place, partnerships)
            found.setdefault(entrant.pk, []).append(Shown(player, url, qr))
    return found
