"""The Jinja2 environment of the pages drawn on every tap at a table (templates/jinja2/).

The table page is every phone's page: it is drawn after each hand entered or accepted
and for each poll that finds a change. Django's template engine spent about 3 ms of a
6.5 ms request drawing it; Jinja2 compiles the same page to Python and draws it in about
1.7 ms, most of it in the Python the page calls (forms, filters, addresses). Every other
page stays a Django template (templates/).

The filters and globals are the Django ones the table page used, under the same names.
"""

from functools import lru_cache

from django.template.backends.utils import csrf_input
from django.template.defaultfilters import capfirst, default_if_none, time
from django.templatetags.static import static
from django.urls import reverse
from django.utils.functional import SimpleLazyObject
from django.utils.timezone import template_localtime
from django_htmx.jinja import htmx_script
from jinja2 import Environment

from tables.templatetags.history import facts, history_line
from tables.templatetags.sheet import score_cells


def csrf_once(request) -> dict:
    """A context processor: the page's CSRF field made once, as Django's own templates do
    (the backend's `csrf_input` masks the token again at each of the page's forms)."""
    return {"csrf_input": SimpleLazyObject(lambda: csrf_input(request))}


def url(name: str, *args) -> str:
    """{% url name a b %} of Django's templates."""
    return reverse(name, args=args)


def local_time(value, format: str) -> str:
    """Django's `time` filter: a moment in the site's time zone, "" for none."""
    return time(template_localtime(value), format)


def environment(**options) -> Environment:
    # Django's own templates keep a template's last newline; so do these, so the page is
    # the same to the byte whichever engine drew a part of it.
    env = Environment(keep_trailing_newline=True, **options)
    # A static file's address is fixed while the server runs (the manifest is read once).
    env.globals.update(static=lru_cache(static), url=url, htmx_script=htmx_script)
    env.filters.update(
        capfirst=capfirst,
        default_if_none=default_if_none,
        facts=facts,
        history_line=history_line,
        score_cells=score_cells,
        time=local_time,
    )
    return env
