"""The pages a phone or the laptop gets when an address is not found, a form cannot be
accepted, or the server fails: in the site's own page, saying what to do next, never
Django's bare text (the laptop runs with DEBUG off, so these are what people see)."""

from __future__ import annotations

from django.http import HttpResponseBadRequest
from django.shortcuts import render
from django.template.loader import render_to_string

# get_object_or_404's own words name a model and a query, not what anyone looked for.
QUERY_WORDS = "matches the given query."
NOT_FOUND = "Nothing is at this address. Check it, or start again from the home page."
REFUSED = "This page is not open to you."
NOT_UNDERSTOOD = (
    "The server could not read this request. If the address was typed, use the one the "
    "director's screen or the table card shows."
)
FORM_REFUSED = (
    "This form could not be accepted: the page it came from had no security cookie (cookies "
    "may be off, or the page was open a long time). Nothing was changed: go back, reload the "
    "page and send it again."
)


def said(exception) -> str:
    """What the view said when it refused, when it was written for people."""
    words = exception.args[0] if exception and exception.args else ""
    return words if isinstance(words, str) and not words.endswith(QUERY_WORDS) else ""


def not_understood(request, exception):
    """Drawn without the request: refused before the middleware read who is asking (an
    address the server does not answer to), the page's context processors have nothing."""
    page = render_to_string("error.html", {"heading": "Not understood", "message": NOT_UNDERSTOOD})
    return HttpResponseBadRequest(page)


def not_found(request, exception):
    message = said(exception) or NOT_FOUND
    return render(request, "error.html", {"heading": "Not found", "message": message}, status=404)


def refused(request, exception):
    message = said(exception) or REFUSED
    return render(request, "error.html", {"heading": "Not allowed", "message": message}, status=403)


def form_refused(request, reason=""):
    """Django's CSRF check refused a form (CSRF_FAILURE_VIEW)."""
    context = {"heading": "Not sent", "message": FORM_REFUSED}
    return render(request, "error.html", context, status=403)
