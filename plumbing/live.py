"""Pages that keep themselves up to date: htmx polls them, each as often as `EVERY` says
(static/kitty.js keeps what a user is typing).

A live page names the version of the facts it shows, and its poll asks with
`?since=<that version>`. The same version is answered 204 No Content after a query or
two, and htmx swaps nothing; a new one gets the whole page, of which htmx swaps in the
live part (`#live`) only. A page that can draw its live part alone (the table page, the
console) answers an htmx poll with that part (`polled`).

What changes on every phone at once and is cheap to draw alone stays out of the version:
the table page's clock. Its poll also says the clock it shows (`clock=`, added by
static/kitty.js), and gets that part alone when only the clock changed (`part_alone`).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.http import HttpResponse
from django.utils.cache import add_never_cache_headers


@dataclass(frozen=True)
class Every:
    """How often each live page asks again, in seconds: its live part's htmx trigger
    (`every <n>s`), drawn into the page from here (README, "How often the live pages ask").
    An unchanged answer costs a few queries, so what sets each is how soon its reader must
    see a change."""

    # A side's phone: the other side sees a hand to accept within this (unchanged: two queries).
    table_page: int = 5
    # A player's own link, a side's table page while seated: a round published shows within this.
    own_link: int = 5
    # The director's console: a call or a dispute shows within this (unchanged: three queries).
    console: int = 10
    # The standings: results come at a table's pace, not a tap's (unchanged: no recount).
    standings: int = 15
    # The projector: time to read a screenful across the room before the next (`?every=` 5-300).
    projector: int = 15


EVERY = Every()

SINCE = "since"
# What a page shows apart from its version's facts (a table page's clock: its start), as
# static/kitty.js adds it to each poll from the page.
CLOCK = "clock"


def version(*facts) -> str:
    """A short fingerprint of the facts a page shows."""
    return hashlib.sha256(repr(facts).encode()).hexdigest()[:16]


def fields_of(obj) -> tuple:
    """Every stored field of a row already loaded (a tournament's options, say): no query."""
    return tuple(getattr(obj, f.attname) for f in obj._meta.concrete_fields)


def poll_url(request, version: str, path: str | None = None) -> str:
    """The page's own address, as it was asked for, with the version it shows."""
    query = request.GET.copy()
    query[SINCE] = version
    query.pop(CLOCK, None)  # added to each poll from the page (static/kitty.js)
    return f"{path or request.path}?{query.urlencode()}"


def polled(request) -> bool:
    """An htmx poll of a live page, which swaps in the live part alone: answered with that
    part, the page around it (and its messages, which a poll would use up before the page
    they were for) is neither drawn nor read."""
    return SINCE in request.GET and request.headers.get("HX-Request") == "true"


def unchanged(request, current: str) -> HttpResponse | None:
    """204 No Content when the poll already shows this version, else None."""
    if request.GET.get(SINCE) != current:
        return None
    response = HttpResponse(status=204)
    add_never_cache_headers(response)
    return response


def clock_changed(request, current: str) -> bool:
    """Whether the poll's page shows another clock than `current` (none: "")."""
    return request.GET.get(CLOCK, "") != current


def part_alone(target: str, html: str) -> HttpResponse:
    """One part of a live page, which htmx swaps in for the element `target` names, in
    place of the live part it asked for (htmx's HX-Retarget, HX-Reswap, HX-Reselect)."""
    response = HttpResponse(html)
    response["HX-Retarget"] = target
    response["HX-Reswap"] = "outerHTML"
    response["HX-Reselect"] = target
    add_never_cache_headers(response)
    return response
