"""A side's table page on the phone's home screen: its web app manifest, and the service
worker that lets it open while the network is briefly gone (templates/tables/sw.js)."""

from __future__ import annotations

from django.http import JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.views.decorators.cache import never_cache

from .page import link_access

ICONS = (("icons/icon-192.png", "192x192"), ("icons/icon-512.png", "512x512"))


@never_cache  # it names the side's own link
def link_manifest(request, token):
    access = link_access(request, token)
    table = access.table
    name = f"Table {table.number}, round {table.round.number} · {access.tournament.name}"
    return manifest(name, f"Table {table.number}", access.url)


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
