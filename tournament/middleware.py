"""A NUL character in a request answers 400 with a page that says so, never a 500.

Forms refuse a NUL in what was typed, by the field. What no form reads is caught here: a
NUL in the address itself (/s/%00/), and, as the last line, any NUL that still reaches
PostgreSQL, which refuses it in text where SQLite would store it.
"""

from django.db import DataError
from django.http import HttpResponseBadRequest
from django.shortcuts import render
from django.template.loader import render_to_string

IN_ADDRESS = "This address contains a NUL character (%00), which no page of Kitty TD has."
IN_INPUT = (
    "Something sent with this page contains a NUL character (\\0), which cannot be stored. "
    "Nothing was changed: go back, retype it and send it again."
)


class RefuseNulMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if "\x00" in request.path:
            return render(request, "bad_request.html", {"message": IN_ADDRESS}, status=400)
        return self.get_response(request)

    def process_exception(self, request, exception):
        if isinstance(exception, DataError) and is_nul_refusal(exception):
            # No context processors: the failed query may have ended the transaction.
            page = render_to_string("bad_request.html", {"message": IN_INPUT})
            return HttpResponseBadRequest(page)
        return None


def is_nul_refusal(exception: Exception) -> bool:
    text = str(exception)
    return "NUL" in text or "\\u0000" in text
