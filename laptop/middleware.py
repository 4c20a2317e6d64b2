"""What plain HTTP on the hall's network needs, and the last line under a busy database."""

from django.db import OperationalError
from django.http import HttpResponse
from django.template.loader import render_to_string


class SecureCookiesOverHttps:
    """A cookie is marked Secure exactly when the request came over HTTPS.

    Behind a TLS proxy every request is HTTPS and every cookie stays Secure, as the settings
    ask. A phone on the hall's plain HTTP would drop a Secure cookie: no session, and every
    form refused for a missing CSRF cookie."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if not request.is_secure():
            for morsel in response.cookies.values():
                morsel["secure"] = ""
        return response


BUSY = "The server is busy"
AGAIN = "Nothing was changed. Send it again in a moment."


class DatabaseBusy:
    """SQLite's "database is locked", should a write wait past the timeout, answers 503
    with Retry-After, never 500: nothing was stored, and the phone sends the hand again."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if isinstance(exception, OperationalError) and "locked" in str(exception):
            # No context processors: they would read the database that is busy.
            page = render_to_string("bad_request.html", {"heading": BUSY, "message": AGAIN})
            response = HttpResponse(page, status=503)
            response["Retry-After"] = "2"
            return response
        return None
