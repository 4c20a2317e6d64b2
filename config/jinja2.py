"""The Jinja2 environment of the table page's live part (templates/jinja2/).

The table page is every phone's page: it is drawn after each hand entered or accepted
and for each poll that finds a change. Django's template engine spent about 3 ms of a
6.5 ms request drawing it; Jinja2 compiles the same page to Python and draws it in about
1.7 ms, most of it in the Python the page calls (forms, filters, addresses). Only the
live part is Jinja2 (what a poll gets alone): a page opened places it inside the page
every other page has (templates/base.html, its header, navigation and scripts), drawn by
Django's templates with their context processors, so there is one of each. That costs a
page opened about 0.2 ms more than a Jinja2 copy of base.html did; a poll pays nothing
for it, and one that finds a change runs no context processor (about 0.1 ms less).

A name the live part misspells, or one its view forgot, fails the page (StrictUndefined)
where Jinja2 would otherwise draw nothing in its place, in the tests and on a night alike.

The filters and globals are the Django ones the table page used, under the same names.
"""

from django.template.defaultfilters import capfirst, default_if_none, time
from django.urls import reverse
from django.utils.timezone import template_localtime
from jinja2 import Environment, StrictUndefined

from tables.templatetags.history import facts, history_line
from tables.templatetags.sheet_cells import score_cells


def url(name: str, *args) -> str:
    """{% url name a b %} of Django's templates."""
    return reverse(name, args=args)


def local_time(value, format: str) -> str:
    """Django's `time` filter: a moment in the site's time zone, "" for none."""
    return time(template_localtime(value), format)


def environment(**options) -> Environment:
    # Django's own templates keep a template's last newline; so do these, so the page is
    # the same to the byte whichever engine drew a part of it.
    options["undefined"] = StrictUndefined  # not Django's default, which draws nothing
    env = Environment(keep_trailing_newline=True, **options)
    env.globals.update(url=url)
    env.filters.update(
        capfirst=capfirst,
        default_if_none=default_if_none,
        facts=facts,
        history_line=history_line,
        score_cells=score_cells,
        time=local_time,
    )
    return env
