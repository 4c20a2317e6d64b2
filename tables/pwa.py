"""A side's table page on the phone's home screen: its web app manifest, and the service
worker that lets it open while the network is briefly gone (templates/tables/sw.js)."""

from __future__ import annotations

from django.http import Http404, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.cache import never_cache

from tournament.models import Round, Seat

from .access import LINK_NOT_VALID

ICONS = (("icons/icon-192.png", "192x192"), ("icons/icon-512.png", "512x512"))


# What the manifest names: the link's table, round and night, no more. Every phone asks
# for it with its first page, as the round starts.
_NAMED = (
    Seat.objects.exclude(table__round__status=Round.Status.DRAFT)
    .select_related("table__round__tournament")
    .only("token", "table__number", "table__round__number", "table__round__tournament__name")
)


@never_cache  # it names the side's own link
def link_manifest(request, token):
    seat = _NAMED.filter(token=token).first()
    if seat is None:
        raise Http404(LINK_NOT_VALID)
    table = seat.table
    name = f"Table {table.number}, round {table.round.number} · {table.round.tournament.name}"
    return manifest(name, f"Table {table.number}", reverse("table_link", args=[token]))


def manifest(name: str, short_name: str, url: str) -> JsonResponse:
    """The manifest of a page a phone keeps on its home screen, opening at `url`."""
    return JsonResponse(
        {
            "name": name,
            "short_name": short_name,
            "start_url": url,
            "scope": url,
            "display": "standalone",
            "background_color": "#f5f6f8",
            "theme_color": "#182137",
            "icons": [
                {"src": static(path), "sizes": sizes, "type": "image/png", "purpose": "any"}
                for path, sizes in ICONS
            ],
        },
        content_type="application/manifest+json",
    )


def service_worker(request):
    response = render(request, "tables/sw.js", content_type="text/javascript")
    response["Cache-Control"] = "no-cache"  # a new version is picked up at the next visit
    return response
