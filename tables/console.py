"""The director's console: every table of a round at a glance, and above it what needs the
director, most urgent first (a dispute, a late table, a correction asked for after
signing, a sheet waiting for a signature)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Count, Max
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from laptop import backups
from scoring.history import Action
from scoring.models import Change, CorrectionRequest, Hand
from scoring.results import results_for
from scoring.sheet import SheetView, build_sheet
from tournament import live
from tournament.access import director_required
from tournament.models import Round, Table, Tournament

# How often the console asks whether anything changed; an unchanged answer costs three
# queries, not a re-scoring of the round.
CONSOLE_POLL_SECONDS = 10

# Most urgent first: a disputed hand stops its table; a late table may forfeit; a
# correction asked has a clock of its own; a sheet to sign only waits for its players.
URGENCY = ("disputed", "late", "correction", "unsigned")


@dataclass(frozen=True)
class Need:
    """One thing on the console that needs the director, at one table."""

    kind: str  # one of URGENCY
    table: Table
    what: str  # "Hand 2 disputed by East-West (own link)"
    detail: str = ""  # the reason the side gave, when it gave one
    since: datetime | None = None

    @property
    def order(self) -> tuple:
        return (URGENCY.index(self.kind), self.since or timezone.now(), self.table.number)


def since_words(elapsed: timedelta) -> str:
    """ "under a minute ago", "23 min ago", "1 h 35 min ago"."""
    minutes = max(0, int(elapsed.total_seconds() // 60))
    if minutes < 1:
        return "under a minute ago"
    hours, minutes = divmod(minutes, 60)
    return (f"{hours} h " if hours else "") + f"{minutes} min ago"


def _side_label(sheet: SheetView, side: int) -> str:
    """North-South (Aces High) at a partnership game; the player's own name otherwise."""
    if not 0 <= side < len(sheet.sides):
        return f"Side {side + 1}"
    view = sheet.sides[side]
    name = view.entrant.name
    return view.name if view.name == name else f"{view.name} ({name})"


def _listed(names: list[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    return " and ".join(filter(None, [", ".join(names[:-1]), names[-1]])) if names else ""


def needs_you(
    tables: list[Table],
    sheets: dict[int, SheetView],
    late: set[int],
    corrections: list[CorrectionRequest],
    ruleset,
) -> list[Need]:
    """What needs the director in this round, most urgent first; two queries at most
    (the disputes' reasons, read only when there is a dispute)."""
    needs: list[Need] = []
    disputed = {
        hand.pk: (table, hand)
        for table in tables
        for hand in sheets[table.pk].result.pending
        if hand.status == Hand.Status.DISPUTED
    }
    said: dict[int, Change] = {}
    if disputed:
        for change in Change.objects.filter(hand_id__in=list(disputed), action=Action.DISPUTED):
            said[change.hand_id] = change  # ordered by time: the latest dispute wins
    for hand_id, (table, hand) in disputed.items():
        change = said.get(hand_id)
        who = f" by {change.actor}" if change and change.actor else ""
        reason = change.reason if change else ""
        what = f"{hand} disputed{who}" + ("" if reason else ", no reason given")
        needs.append(Need("disputed", table, what, reason, change.at if change else hand.updated))
    late_after = ruleset.late_after_minutes
    cite = ruleset.cites.get("late")
    for table in tables:
        if table.pk in late:
            words = f"No hand entered {late_after} minutes after the start"
            needs.append(Need("late", table, words + (f" ({cite})" if cite else ""), "", None))
    by_id = {table.pk: table for table in tables}
    for asked in corrections:
        sheet = sheets[asked.table_id]
        needs.append(
            Need(
                "correction",
                by_id[asked.table_id],
                f"{_side_label(sheet, asked.side)} asked for a correction",
                asked.reason,
                asked.asked_at,
            )
        )
    for table in tables:
        sheet = sheets[table.pk]
        result = sheet.result
        if sheet.final or result.pending or not result.match.complete:
            continue
        signed = sheet.signatures
        waiting = [_side_label(sheet, s.index) for s in sheet.sides if s.index not in signed]
        last = max((h.hand.updated for h in result.hands), default=None)
        needs.append(Need("unsigned", table, f"Waiting for {_listed(waiting)} to sign", "", last))
    return sorted(needs, key=lambda need: need.order)


@director_required
def console(request, slug, number):
    """Every table of the round at a glance; refreshes by itself."""
    # One query for both: the page refreshes all evening, so every query counts.
    rounds = Round.objects.select_related("tournament")
    round_ = get_object_or_404(rounds, tournament__slug=slug, number=number)
    tournament = round_.tournament
    now = timezone.now()
    current = console_version(round_, now)
    if unchanged := live.unchanged(request, current):
        return unchanged
    tables = list(round_.tables.select_related("round"))
    results = results_for(tournament, tables=tables)
    corrections = list(
        CorrectionRequest.objects.filter(table__round=round_, closed_at__isnull=True)
    )
    asked = {c.table_id for c in corrections}
    ruleset = tournament.ruleset
    options = tournament.game_options
    late_after = ruleset.late_after_minutes * 60  # seated within N minutes of the start
    late_round = bool(round_.started and (now - round_.started).total_seconds() > late_after)
    rows = []
    sheets = {}
    late = set()
    counts = {"tables": len(tables), "signed": 0, "disputed": 0, "late": 0, "asked": len(asked)}
    for table in tables:
        result = results[table.pk]
        sheet = sheets[table.pk] = build_sheet(result, ruleset, options)
        accepted = sum(1 for r in sheet.rows if r.status == "accepted")
        entered = sum(1 for r in sheet.rows if r.status == Hand.Status.ENTERED)
        is_late = late_round and not sheet.rows and not result.round_rulings
        if is_late:
            late.add(table.pk)
        counts["signed"] += sheet.final
        counts["disputed"] += sheet.disputed
        counts["late"] += is_late
        rows.append(
            {
                "table": table,
                "sheet": sheet,
                "accepted": accepted,
                "entered": entered,
                "late": is_late,
                "asked": table.pk in asked,
            }
        )
    elapsed = ""
    if round_.started:
        elapsed = since_words(now - round_.started)
    return render(
        request,
        "tables/_console_live.html" if live.polled(request) else "tables/console.html",
        {
            "tournament": tournament,
            "round": round_,
            "rows": rows,
            "counts": counts,
            "needs": needs_you(tables, sheets, late, corrections, ruleset),
            "elapsed": elapsed,
            "copies": backups.status(),
            "live_url": live.poll_url(request, current),
            "live_every": CONSOLE_POLL_SECONDS,
        },
    )


def console_version(round_: Round, now) -> str:
    """What the console shows: every table's history (hands, rulings, signatures and
    corrections are all in it), the round and its tables, the tournament's options, and
    the minute once the clock runs (the time since the start, the late tables)."""
    changes = Change.objects.filter(table__round=round_).aggregate(n=Count("id"), last=Max("id"))
    tables = round_.tables.aggregate(n=Count("id"), last=Max("id"))
    minute = int((now - round_.started).total_seconds() // 60) if round_.started else None
    # The copies of the night: a folder that fails shows at the next poll.
    copies = [(str(s.folder), s.newest and s.newest.path.name, s.failure) for s in backups.status()]
    return live.version(
        changes, tables, live.fields_of(round_), live.fields_of(round_.tournament), minute, copies
    )


@director_required
@require_POST
def start_clock(request, slug, number):
    """The round's clock starts when the director says play begins (the late tables are
    counted from it); a second tap changes nothing."""
    tournament = get_object_or_404(Tournament, slug=slug)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    if not round_.is_public:
        return render(
            request,
            "bad_request.html",
            {"message": f"Round {round_.number} is a draft: publish it before starting its clock."},
            status=409,
        )
    round_.start_clock()
    return redirect("console", slug=slug, number=number)
