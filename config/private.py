"""Pages whose address is a credential never send it on in a Referer.

A side's link (`/s/<token>/…`), a player's own link (`/p/<token>/…`) and an entrant's
check-in link (`/t/<slug>/checkin/me/<token>/`) each act for whoever holds them. A browser
names the page a request comes from in its Referer header: with Django's same-origin
policy, every link followed, form sent and script or style fetched from such a page
would carry the credential into this server's own access log (and the proxy's). Their
responses, whatever their status, say `Referrer-Policy: strict-origin`: a Referer names
the site alone, never the page. Not `no-referrer`, though it would hide the credential as
well: with it a browser sends `Origin: null` with every form the page posts, and Django's
CSRF check refuses them all (the hand entered, the hand accepted). Every other page keeps
the site's policy.
"""

from __future__ import annotations

import re

PRIVATE_PAGE = re.compile(r"^/(?:s|p)/|^/t/[^/]+/checkin/me/")
POLICY = "strict-origin"


def private_page(path: str) -> bool:
    """Whether an address (the path within the site) holds a credential."""
    return PRIVATE_PAGE.match(path) is not None


class SiteOnlyReferrer:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if private_page(request.path_info):
            response.headers["Referrer-Policy"] = POLICY
        return response
