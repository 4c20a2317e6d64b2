"""The table page: one side's own link (`/s/<token>/`), or a director of the tournament.

A side's link shows the sheet and only what that side may do; what another side must
do on this phone (accept a hand this side entered, sign for itself) asks for that side's
PIN. A director sees every side's actions and the director's tools. What the page shows
is built in tables/model.py, the actions themselves are in tables/actions.py; every write
is in scoring/entry.py.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.template.backends.utils import csrf_input
from django.template.loader import get_template
from django.urls import reverse
from django.utils.functional import SimpleLazyObject
from django.utils.safestring import mark_safe
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from plumbing import live
from rules import InvalidHand
from scoring import entry, may
from scoring.forms import EditForm, EnterForm, HandForm
from scoring.results import results_for
from tournament.access import director_required
from tournament.models import Round, Seat, Table, Tournament

from . import unchanged_poll
from .later import NEWEST_ROUND
from .model import (
    Failed,
    TablePage,
    clock_part,
    clock_shown,
    facts_stored,
    history_length,
    table_version,
)


@dataclass
class Access:
    """Who is looking at the table page: a side through its own link, or a director."""

    table: Table
    tournament: Tournament
    url: str  # the page's own address; the actions post to url + "<action>/"
    user: object | None = None  # a director
    seat: Seat | None = None  # the side whose link this is
    # Every seat's (position, entrant), when the link's own read brought them.
    seated: list | None = None
    # Where the page lives and polls when that is not `url`: a player's own link
    # (`/p/<token>/`) follows its player from round to round, while its actions stay bound
    # to this table's round (`url`), so a form sent late never lands at the next table.
    home: str = ""
    # What the page follows besides the table (a player's own link: the night's newest
    # round, the player's entrant): part of the page's version.
    follows: tuple = ()
    # What the templates add above the sheet for such a page (the player's own strip).
    own: object | None = None
    # The table's (changes, newest change id), when the page's own read brought them:
    # its version costs no query more (tables.model.history_length).
    history_length: tuple | None = None
    # The newest public round's number, when the same read brought it: a side's link
    # follows its entrant to it (tables.later), so it is part of the link's version.
    newest: int | None = None
    # Whether any hand, ruling or signature is stored at the table, when the same read
    # brought it (tables.model.facts_stored): a table where none is reads none.
    facts_stored: bool | None = None

    @property
    def page_url(self) -> str:
        return self.home or self.url

    @property
    def director(self) -> bool:
        return self.user is not None

    @property
    def side(self) -> int | None:
        return self.seat.position if self.seat is not None else None

    def actor(self, side: int | None = None) -> entry.Actor:
        """A director acts for the side it names; a link acts for its own side only."""
        return may.acting(director=self.user, side=side, link_side=self.side)

    def for_side(self, side: int) -> entry.Actor:
        """Who acts for `side` from this page: the director; on a link, that side itself
        (the link's own, or another by its PIN typed on this phone)."""
        return may.acting(director=self.user, side=side, link_side=side)


LINK_NOT_VALID = "This link is not valid: ask the director for your side's current one."


# Every request of a side's phone starts here: the link's seat with its table, round and
# tournament, and every seat at that table with its entrant, in one read. Built once: each
# request adds its token.
_SEATS = (
    Seat.objects.select_related("entrant", "table__round__tournament")
    .exclude(table__round__status=Round.Status.DRAFT)
    .order_by("position")
)
# A page or a poll reads the page's version with them (the table's history length and the
# newest public round) and the fingerprint of its rows, so that a poll answered "unchanged",
# most of a night's requests, is one read (tables.unchanged_poll).
_LINK = _SEATS.annotate(
    **history_length("table"), **facts_stored("table"), newest=NEWEST_ROUND
).annotate(fingerprint=unchanged_poll.SIDE.column)


def link_access(request, token: str) -> Access:
    # A write answers with a redirect: it reads no version, whose columns are a dear part of
    # this read to build (a refused form's page reads it then, as a director's page does).
    paged = request.method != "POST"
    seats = list((_LINK if paged else _SEATS).filter(table__seats__token=token))
    seat = next((s for s in seats if s.token == token), None)  # the token is unique
    if seat is None:
        raise Http404(LINK_NOT_VALID)
    table = seat.table
    url = reverse("table_link", args=[token])
    seated = [(s.position, s.entrant) for s in seats]
    access = Access(table, table.round.tournament, url, seat=seat, seated=seated)
    if paged:
        access.history_length = (seat.history_n, seat.history_last)
        access.newest, access.facts_stored = seat.newest, seat.facts_stored
    return access


def director_access(request, slug: str, number: int, table: int) -> Access:
    table_obj = get_object_or_404(
        Table.objects.select_related("round__tournament"),
        round__tournament__slug=slug,
        round__number=number,
        number=table,
    )
    url = reverse("director_table", args=[slug, number, table])
    return Access(table_obj, table_obj.round.tournament, url, user=request.user)


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


def hand_specs(access: Access):
    """Every input a hand of this table can have (whatever its dealer): the ruleset then
    judges the values against the hand's number."""
    tournament = access.tournament
    seats = len(access.seated) if access.seated is not None else access.table.seats.count()
    size = tournament.ruleset.players_at_table(seats)
    return tournament.ruleset.hand_fields(size, tournament.game_options)


def preview(request, access: Access):
    """The app's score for the hand as typed, before it counts: JSON for the form's script,
    or, from the form's own button on a phone without the script (`show`), the page again
    with the hand as typed and its score beside the Enter button."""
    tournament = access.tournament
    result = results_for(tournament, tables=[access.table], seated=access.seated)[access.table.pk]
    ruleset = result.ruleset  # the game as dealt at this table: the hand's own dealer
    page = request.POST.get("show")
    prefix = "edit" if (page or request.POST.get("prefix")) == "edit" else None
    form = HandForm(request.POST, specs=hand_specs(access), prefix=prefix)
    score, errors = None, {}
    if not form.is_valid():
        errors = {k: v[0] for k, v in form.errors.items()}
    else:
        number = _preview_number(result, request.POST)
        try:
            record = ruleset.parse_hand(
                form.record_data(), result.size, tournament.game_options, number
            )
        except InvalidHand as exc:
            errors = exc.errors
        else:
            score = ruleset.score_hand(
                record, result.size, tournament.game_options, (), number, result.names
            )
    if page in ("enter", "edit"):
        return _preview_page(request, access, page, form, score, errors)
    if score is None:
        return JsonResponse({"ok": False, "errors": errors})
    return JsonResponse({"ok": True, "explanation": score.explanation})


def _preview_page(request, access: Access, action: str, hand_form: HandForm, score, errors):
    """A phone without the script: the page again, its form as typed (as a refused hand's
    is), with the score beside the Enter button, or why it would be refused by the fields.
    Nothing is stored."""
    meta = (EditForm if action == "edit" else EnterForm)(request.POST)
    meta.is_valid()
    rest = hand_form.add_entry_errors(
        {k: v for k, v in errors.items() if k not in hand_form.errors}
    )
    hand_form.scored = f"Scores as: {score.explanation}" if score is not None else ""
    top = list(dict.fromkeys(rest.values()))
    if top or hand_form.errors:
        top.insert(0, "Not entered: as typed, this hand would be refused (see the marked fields).")
    from .actions import ACTIONS  # the actions' own module imports this one

    failed = Failed(action, meta, hand_form, section=ACTIONS[action].section, told=top)
    return render_table(request, access, failed=failed, status=400 if top else 200)


def _preview_number(result, post) -> int | None:
    """The number of the hand being typed: the one corrected, else the one due."""
    hands = {str(h.hand.pk): h.hand for h in result.hands} | {str(h.pk): h for h in result.pending}
    if post.get("hand") in hands:
        return hands[post["hand"]].number
    slot = entry.next_slot(result)
    return slot[0] if slot else None


@never_cache
@require_POST
def table_link_preview(request, token):
    return preview(request, link_access(request, token))


@director_required
@never_cache
@require_POST
def director_table_preview(request, slug, number, table):
    return preview(request, director_access(request, slug, number, table))
