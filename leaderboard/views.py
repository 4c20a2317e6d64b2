"""Standings pages: the sortable table, the projector and an entrant's record, with the
director's playoff forms on the page (the playoff's buttons post to the draw app).
Thin: the facts load and add up in leaderboard.board."""

from __future__ import annotations

import hashlib

from django import forms
from django.contrib import messages
from django.core.cache import cache
from django.http import HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django_tables2 import RequestConfig

import standings
from plumbing import live
from tournament import news
from tournament.access import runs, visible_tournament
from tournament.inputs import paging_refused
from tournament.models import Round, Tournament

from .board import PUBLIC, Board, Counting, board, entrant_lines
from .listings import SafeExport, standings_table, table_rows
from .version import standings_facts, standings_facts_for_a_poll

PROJECTOR_ROWS = 12
# The downloads the page offers; tablib knows more names, but not all are installed.
EXPORTS = ("csv", "xlsx")
ROWS_PER_PAGE = 100


class PlayoffSizeForm(forms.Form):
    size = forms.IntegerField(
        label="Teams advancing",
        required=False,
        min_value=2,
        help_text="The top teams by the standings order. Empty: no playoff.",
        error_messages={"min_value": "At least two teams make a playoff."},
    )

    def __init__(self, *args, most: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.most = most

    def clean_size(self):
        size = self.cleaned_data["size"]
        if size is not None and size > self.most:
            raise forms.ValidationError(f"Only {self.most} teams can play: choose at most that.")
        return size


class TieForm(forms.Form):
    """Rule 6 settles a match, not a standings tie: the director says who goes through."""

    through = forms.MultipleChoiceField(
        label="Who takes the last places", widget=forms.CheckboxSelectMultiple, required=False
    )

    def __init__(self, *args, cut, entrants, **kwargs):
        super().__init__(*args, **kwargs)
        self.cut = cut
        self.fields["through"].choices = [(str(e), entrants[e].name) for e in cut.tied]
        self.fields[
            "through"
        ].help_text = f"Tick exactly {cut.places_in_tie} of the {len(cut.tied)} tied teams."

    def clean_through(self):
        chosen = [int(e) for e in self.cleaned_data["through"]]
        if len(chosen) != self.cut.places_in_tie:
            raise forms.ValidationError(
                f"Tick exactly {self.cut.places_in_tie} of the {len(self.cut.tied)} tied teams."
            )
        return chosen


def counting_for(request, tournament: Tournament) -> Counting:
    """The public sees signed sheets only (and so does a director of another night); the
    tournament's staff see finished tables, or live."""
    if not runs(request.user, tournament) or request.GET.get("view") == "public":
        return PUBLIC
    return Counting(only_signed=False, include_incomplete=request.GET.get("view") == "live")


def _entrant_label(tournament: Tournament) -> str:
    return "Team" if tournament.is_partnership else "Player"


def standings_version(tournament: Tournament, counting: Counting, *, poll: bool = False) -> str:
    """What the standings are made of (leaderboard.version, one query, or for a `poll` the
    one this process read within the last second) and the tournament's own options."""
    if poll:
        facts = standings_facts_for_a_poll(tournament, counting.only_signed)
    else:
        facts = standings_facts(tournament.pk, counting.only_signed)
    return live.version(counting, facts, live.fields_of(tournament))


def render_standings(
    request, tournament, b: Board, *, size_form=None, tie_form=None, status=200, version=""
):
    # One reverse() for the page, not one per row (10,000 of them took most of a second).
    record_url = reverse("standings_entrant", args=[tournament.slug, 0]).removesuffix("0/")

    def url_for(entrant):
        return f"{record_url}{entrant.pk}/"

    table = standings_table(table_rows(b, url_for), b.columns, _entrant_label(tournament), b.labels)
    export = request.GET.get("_export")
    if refused := paging_refused(request):
        return render(request, "bad_request.html", {"message": refused}, status=400)
    # A page of rows at a time, so a big event's page stays quick; a download has them all.
    paginate = False if export in EXPORTS else {"per_page": ROWS_PER_PAGE}
    RequestConfig(request, paginate=paginate).configure(table)
    if export in EXPORTS:
        return SafeExport(export, table).response(f"{tournament.slug}-standings.{export}")
    if export is not None:
        return render(
            request,
            "bad_request.html",
            {"message": "The standings download as CSV or XLSX: use the buttons on the page."},
            status=400,
        )
    director = runs(request.user, tournament)
    eligible = sum(1 for e in b.entrants.values() if not e.withdrawn)
    if director and size_form is None:
        size_form = PlayoffSizeForm(initial={"size": tournament.playoff_size}, most=eligible)
    if director and tie_form is None and b.cut and b.cut.tied:
        tie_form = TieForm(cut=b.cut, entrants=b.entrants)
    by_rank = not table.order_by or table.order_by[0] == "rank"
    return render(
        request,
        "standings/standings.html",
        {
            "tournament": tournament,
            "board": b,
            "table": table,
            "by_rank": by_rank,
            "size_form": size_form,
            "tie_form": tie_form,
            "tied_names": [b.entrants[e].name for e in b.cut.tied] if b.cut else [],
            "view": request.GET.get("view", ""),
            "live_url": live.poll_url(request, version) if version else "",
            "live_every": live.EVERY.standings,
        },
        status=status,
    )


def standings_page(request, slug):
    tournament = visible_tournament(request, slug)
    counting = counting_for(request, tournament)
    current = standings_version(tournament, counting, poll=live.polled(request))
    if unchanged := live.unchanged(request, current):
        return unchanged
    # The players' phones all open the same page at the round's end: one render of each
    # version serves them all (what only staff or a message would show is never kept).
    key = _kept_key(request, tournament, current) if counting == PUBLIC else None
    if key and (kept := cache.get(key)) is not None:
        return HttpResponse(kept)
    response = render_standings(request, tournament, board(tournament, counting), version=current)
    if key and response.status_code == 200 and not response.streaming:
        cache.set(key, response.content, KEEP_SECONDS)
    return response


# A kept render is only ever served for the version it shows; this bounds the memory.
KEEP_SECONDS = 300


def _kept_key(request, tournament: Tournament, version: str) -> str | None:
    """The page as anyone who is not logged in and has no message waiting sees it, at this
    address (less the poll's `since`, which the page names anew) and version."""
    if request.user.is_authenticated or len(messages.get_messages(request)):
        return None
    query = request.GET.copy()
    query.pop(live.SINCE, None)
    if "_export" in query:
        return None
    where = hashlib.sha256(f"{request.path}?{query.urlencode()}".encode()).hexdigest()
    return f"standings:{tournament.pk}:{version}:{where}"


def projector(request, slug):
    """For the room: large type, a screenful at a time, the next screen on each refresh."""
    tournament = visible_tournament(request, slug)
    b = board(tournament, PUBLIC)
    rows_per_screen = _clamp(request.GET.get("rows"), PROJECTOR_ROWS, 5, 40)
    seconds = _clamp(request.GET.get("every"), live.EVERY.projector, 5, 300)
    screens = max(1, -(-len(b.rows) // rows_per_screen))
    screen = _clamp(request.GET.get("screen"), 1, 1, screens)
    start = (screen - 1) * rows_per_screen
    shown = list(enumerate(b.rows, start=1))[start : start + rows_per_screen]
    following = screen % screens + 1
    # The round in play (the latest published): its clock, with the night's news.
    in_play = tournament.round_set.exclude(status=Round.Status.DRAFT).order_by("-number").first()
    return render(
        request,
        "standings/projector.html",
        {
            "tournament": tournament,
            "board": b,
            # Across a room only what ranks: the tiebreak columns, in their order.
            "rows": [
                (
                    i,
                    row,
                    b.entrants[row.entrant],
                    [getattr(row, k) for k in b.order],
                    standings.bye_note(row),
                )
                for i, row in shown
            ],
            "headers": [b.labels[k] for k in b.order],
            "screen": screen,
            "screens": screens,
            "seconds": seconds,
            "next_url": f"?screen={following}&rows={rows_per_screen}&every={seconds}",
            "clock": news.clock(in_play, tournament, timezone.now()),
            "announcements": news.announcements(tournament),
        },
    )


def _clamp(value, default: int, low: int, high: int) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError):
        return default
    return min(high, max(low, number))


def entrant_record(request, slug, pk):
    """Round by round: table, opponents, score, won or lost, byes; playoff rounds apart."""
    tournament = visible_tournament(request, slug)
    b = board(tournament, counting_for(request, tournament))
    entrant = b.entrants.get(pk)
    if entrant is None:
        return render(request, "standings/no_entrant.html", {"tournament": tournament}, status=404)
    # An entrant withdrawn before playing is not ranked (standings.compute): no row.
    row = next((r for r in b.rows if r.entrant == entrant.pk), None)
    return render(
        request,
        "standings/entrant.html",
        {
            "tournament": tournament,
            "board": b,
            "entrant": entrant,
            "row": row,
            "metrics": [(b.labels[k], getattr(row, k)) for k in b.columns] if row else [],
            "lines": [
                (line, [b.entrants[o] for o in line.opponents])
                for line in entrant_lines(b, entrant)
            ],
        },
    )
