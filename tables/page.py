"""The table page: one side's own link (`/s/<token>/`), or a director of the tournament.

A side's link shows the sheet and only what that side may do; what another side must
do on this phone (accept a hand this side entered, sign for itself) asks for that side's
PIN. A director sees every side's actions and the director's tools. Who looks is read in
tables/access.py, what the page shows is built in tables/model.py, its forms in
tables/forms.py; the actions are in tables/registry.py, the score line of a hand as typed
in tables/preview.py; every write is in scoring/entry.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.http import HttpResponse
from django.shortcuts import render
from django.template.backends.utils import csrf_input
from django.template.loader import get_template
from django.utils.functional import SimpleLazyObject
from django.utils.safestring import mark_safe
from django.views.decorators.cache import never_cache

from plumbing import live
from tournament.access import director_required

from . import unchanged_poll
from .access import Access, director_access, link_access
from .model import TablePage, clock_part, clock_shown, table_version

if TYPE_CHECKING:
    from .forms import Failed


def live_table(request, access: Access):
    """The table page; to a poll that already shows the current version, 204, or the clock
    alone when only the clock's start changed (the director started it: every phone of the
    night asks within one poll's interval, and the table's facts are as they were)."""
    if live.SINCE not in request.GET:  # opened, not polled: the page names its own version
        return render_table(request, access)
    version = table_version(access)
    if request.GET.get(live.SINCE) != version:
        return render_table(request, access)
    if not live.clock_changed(request, clock_shown(access.table.round)):
        return live.unchanged(request, version)
    if live.polled(request):
        return live.part_alone("#round-clock", clock_part(access))
    return render_table(request, access)


def render_table(request, access: Access, *, failed: Failed | None = None, ruling=None, status=200):
    """The page as it stands, or with a refused action's form (`failed`) or a ruling to
    confirm (`ruling`): built once (tables.model.TablePage), then drawn."""
    page = TablePage(request, access, failed=failed, ruling=ruling)
    return draw_table(request, page.context(), status)


def draw_table(request, context: dict, status: int = 200) -> HttpResponse:
    """The live part, drawn by Jinja2 (config/jinja2.py says why): an htmx poll gets it
    alone; a page opened gets it inside the page every other page has (templates/base.html,
    its header, navigation and scripts, drawn by Django's templates). Its forms share one
    CSRF field, made when the first is drawn."""
    context["csrf_input"] = SimpleLazyObject(lambda: csrf_input(request))
    part = get_template("tables/_table_live.html", using="jinja2").render(context)
    if live.polled(request):
        return HttpResponse(part, status=status)
    context["live"] = mark_safe(part)  # escaped by Jinja2 already: not a second time
    return render(request, "tables/table.html", context, status=status)


# A side's page holds its credentials (and the director's, every side's): never cached, so
# a shared phone's back button or a proxy does not keep them.
@never_cache
def table_link(request, token):
    answered = unchanged_poll.SIDE.answered(request, token)
    if answered is not None:
        return answered
    access = link_access(request, token)
    response = live_table(request, access)
    if request.method != "POST":  # a write's read brings no version nor fingerprint
        version, clock = table_version(access), clock_shown(access.table.round)
        unchanged_poll.SIDE.remember(token, access.seat.fingerprint, version, clock)
    return response


@director_required
@never_cache
def director_table(request, slug, number, table):
    return live_table(request, director_access(request, slug, number, table))
