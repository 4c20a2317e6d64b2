"""The director's console: every table of a round at a glance, and above it what needs the
director, most urgent first (a side calling the director, a dispute, a late table, a table
still playing after the round's time, a correction asked for after signing, a sheet
waiting for a signature, a player asking to leave after a round); the round's clock and
the night's announcements. The director's answers to them are in tables.console_actions."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import Count, Max, OuterRef, Q, Subquery
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from laptop import backups
from plumbing import live
from rules.base import count
from scoring import calls
from scoring.history import Action
from scoring.models import Change, CorrectionRequest, Hand
from scoring.results import results_for
from scoring.sheet_view import SheetView, build_sheet
from tournament import leaving, news
from tournament.access import director_required
from tournament.models import Entrant, Round, Table, Tournament

from .forms import AnnounceForm

# Most urgent first: a side waits at its table for the director; a disputed hand stops
# its table; a late table may forfeit; a table still playing after the round's time
# holds up the next round; a correction asked has a clock of its own; a sheet to sign
# only waits for its players; a player leaving after a round waits for the next draw.
URGENCY = ("call", "disputed", "late", "over", "correction", "unsigned", "leaving")


@dataclass(frozen=True)
class Need:
    """One thing on the console that needs the director, at one table (or, for a player
    asking to leave, of one entrant)."""

    kind: str  # one of URGENCY
    table: Table | None
    what: str  # "Hand 2 disputed by East-West (own link)"
    detail: str = ""  # the reason the side gave, when it gave one
    since: datetime | None = None
    entrant: Entrant | None = None

    @property
    def order(self) -> tuple:
        number = self.table.number if self.table is not None else 0
        return (URGENCY.index(self.kind), self.since or timezone.now(), number)


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


def hands_words(sheet: SheetView, ruleset) -> str:
    """The hands a table has played, as the round counted them: "2/4" while it plays, "4/4
    + tiebreaker" once a tie was settled by a hand whose points do not count (6 Card Kitty
    rule 6), "forfeit (rule 7)" for a round forfeited before a hand, "2/4, then forfeit
    (rule 41)" for one forfeited part-way; a game that ended before its planned hands (on
    the score, or a player out of chips) says how many it took. What was entered and not
    accepted yet is not counted: the state says it waits."""
    match = sheet.result.match
    played = sum(1 for tally in match.tally if not tally.tiebreaker)
    tiebreakers = len(match.tally) - played
    planned = sheet.planned
    if match.forfeit:
        forfeit = "forfeit" + _cited(_forfeit_cite(sheet, ruleset))
        if not played:
            return forfeit
        return f"{played}/{planned}, then {forfeit}" if planned else f"{played}, then {forfeit}"
    # A game with no set length, or one over before its planned hands: the hands it took.
    ended_early = match.complete and played < planned
    words = f"{played}/{planned}" if planned and not ended_early else str(played)
    if tiebreakers:
        words += " + " + ("tiebreaker" if tiebreakers == 1 else count(tiebreakers, "tiebreaker"))
    return words


def result_words(sheet: SheetView) -> str:
    """Who won the table, or the tie, beside its totals: "Winner: Aces High", "Winner: Aces
    High, on the tiebreaker", "Winner: Aces High, by forfeit", "Tied: Ann and Bea" (those
    level at the top, or "Tied" when every side is); while the round is tied with a
    tiebreaker hand to play, "Tied: tiebreaker hand next"; else nothing (the totals alone,
    while the table plays)."""
    match = sheet.result.match
    if match.complete and match.winner is not None:
        how = ""
        if match.forfeit:
            how = ", by forfeit"
        elif any(tally.tiebreaker for tally in match.tally):
            how = ", on the tiebreaker"
        return f"Winner: {sheet.winner}{how}"
    if match.complete:
        best = max(match.totals, default=0)
        tied = [s.entrant.name for s in sheet.sides if match.totals[s.index] == best]
        return "Tied" + (f": {_listed(tied)}" if len(tied) < len(sheet.sides) else "")
    if match.needs_tiebreaker:
        return "Tied: tiebreaker hand next"
    return ""


def _forfeit_cite(sheet: SheetView, ruleset) -> str:
    """The rule a round was forfeited under, as the console cites a rule ("rule 7")."""
    for ruling in sheet.result.round_rulings:
        try:
            cite = ruleset.infraction(ruling.code).cite
        except KeyError:
            continue
        return cite[:1].lower() + cite[1:] if cite.startswith("Rule") else cite
    return ""


def _cited(cite: str) -> str:
    return f" ({cite})" if cite else ""


def needs_you(
    tables: list[Table],
    sheets: dict[int, SheetView],
    late: set[int],
    corrections: list[CorrectionRequest],
    ruleset,
    *,
    said: dict[int, Change] | None = None,
    called: dict[int, calls.OpenCall] | None = None,
    over: set[int] = frozenset(),
    clock: news.RoundClock | None = None,
    asking: list[Entrant] = (),
    now: datetime | None = None,
) -> list[Need]:
    """What needs the director in this round, most urgent first, from what the console
    read (table_calls: the calls and what each dispute said; the clock; the asks to
    leave): no query."""
    said = said or {}
    now = now or timezone.now()
    needs: list[Need] = []
    by_id = {table.pk: table for table in tables}
    for table_id, call in (called or {}).items():
        at = timezone.localtime(call.at).strftime("%H:%M")
        what = f"{call.who} called the director at {at}, {since_words(now - call.at)}"
        needs.append(Need("call", by_id[table_id], what, call.reason, call.at))
    disputed = _disputed(tables, sheets)
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
    if clock is not None and clock.ends is not None:
        ended = timezone.localtime(clock.ends).strftime("%H:%M")
        for table in tables:
            if table.pk in over and table.pk not in late:  # a late table is listed as late
                what = f"Still playing after the round's end at {ended}"
                needs.append(Need("over", table, what, "", clock.ends))
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
        to_sign = set(result.to_sign) - set(signed)  # a side that forfeited does not sign
        waiting = [_side_label(sheet, s.index) for s in sheet.sides if s.index in to_sign]
        who = _listed(waiting) or "the director (every side forfeited)"
        last = max((h.hand.updated for h in result.hands), default=None)
        needs.append(Need("unsigned", table, f"Waiting for {who} to sign", "", last))
    for entrant in asking:
        needs.append(
            Need("leaving", None, _asks_to_leave(entrant), "", entrant.leave_asked_at, entrant)
        )
    return sorted(needs, key=lambda need: need.order)


def _disputed(tables: list[Table], sheets: dict[int, SheetView]) -> dict[int, tuple]:
    """Each disputed hand of the round, by id: (its table, the hand)."""
    return {
        hand.pk: (table, hand)
        for table in tables
        for hand in sheets[table.pk].result.pending
        if hand.status == Hand.Status.DISPUTED
    }


def table_calls(round_: Round, disputed) -> tuple[dict[int, calls.OpenCall], dict[int, Change]]:
    """The round's open calls to the director, by table, and what each disputed hand's
    dispute said, by hand: one query for both, as the console refreshes all evening."""
    wanted = Q(table__round=round_, action__in=calls.CALL_KINDS)
    if disputed:
        wanted |= Q(hand_id__in=list(disputed), action=Action.DISPUTED)
    changes = list(Change.objects.filter(wanted))
    said = {}
    for change in changes:
        if Action.of(change.action) is Action.DISPUTED:
            said[change.hand_id] = change  # ordered by time: the latest dispute wins
    called = calls.open_calls(c for c in changes if Action.of(c.action) in calls.CALL_KINDS)
    return called, said


def _asks_to_leave(entrant: Entrant) -> str:
    """ "Aces High asks to leave after round 2 (asked by Marta Kowalski, 21:10)"."""
    at = timezone.localtime(entrant.leave_asked_at).strftime("%H:%M")
    by = entrant.leave_asked_by
    asked = f"asked by {by}, {at}" if by and by != entrant.name else f"asked {at}"
    return f"{entrant.name} asks to leave after round {entrant.leave_after_round} ({asked})"


def console_round(slug: str, number: int) -> Round:
    """The round with its tournament, and the players' asks to leave (how many, the latest)
    for the console's version: one query, as the page refreshes all evening."""
    asking = Entrant.objects.filter(
        tournament=OuterRef("tournament"), withdrawn=False, leave_asked_at__isnull=False
    ).order_by()
    rounds = Round.objects.select_related("tournament").annotate(
        asking_n=Subquery(asking.values("tournament").annotate(n=Count("pk")).values("n")[:1]),
        asking_last=Subquery(asking.order_by("-leave_asked_at").values("leave_asked_at")[:1]),
    )
    return get_object_or_404(rounds, tournament__slug=slug, number=number)


@director_required
def console(request, slug, number):
    """Every table of the round at a glance; refreshes by itself."""
    return console_page(request, console_round(slug, number))


@dataclass
class AtAGlance:
    """Every table of the round as the console lists it: a row each, their sheets, which
    are late or still playing after the round's time, and the counts above them."""

    rows: list[dict]
    sheets: dict[int, SheetView]
    late: set[int]
    over: set[int]
    counts: dict[str, int]

    @classmethod
    def of(cls, round_: Round, tables, results, corrections, clock, now) -> AtAGlance:
        ruleset = round_.tournament.ruleset
        options = round_.tournament.game_options
        asked = {c.table_id for c in corrections}
        late_after = ruleset.late_after_minutes * 60  # seated within N minutes of the start
        late_round = bool(round_.started and (now - round_.started).total_seconds() > late_after)
        time_up = clock is not None and clock.over
        glance = cls([], {}, set(), set(), dict.fromkeys(("signed", "disputed", "late", "over"), 0))
        glance.counts = {"tables": len(tables), **glance.counts, "asked": len(asked)}
        for table in tables:
            result = results[table.pk]
            sheet = glance.sheets[table.pk] = build_sheet(result, ruleset, options)
            is_late = late_round and not sheet.rows and not result.round_rulings
            # Still playing once the round's time is up: not every hand in (nor signed).
            is_over = time_up and not sheet.final and not result.match.complete
            glance.add(table, sheet, ruleset, late=is_late, over=is_over, asked=table.pk in asked)
        return glance

    def add(self, table: Table, sheet: SheetView, ruleset, *, late: bool, over: bool, asked: bool):
        if late:
            self.late.add(table.pk)
        if over:
            self.over.add(table.pk)
        self.counts["signed"] += sheet.final
        self.counts["disputed"] += sheet.disputed
        self.counts["late"] += late
        self.counts["over"] += over
        self.rows.append(
            {
                "table": table,
                "sheet": sheet,
                "hands": hands_words(sheet, ruleset),
                "result": result_words(sheet),
                "entered": sum(1 for r in sheet.rows if r.status == Hand.Status.ENTERED),
                "late": late,
                "over": over,
                "asked": asked,
            }
        )


def console_page(request, round_: Round, *, announce_form=None, status: int = 200):
    """The console as it stands, or with the announcement refused as typed
    (`announce_form`): such a page is not polled, so what was typed stays."""
    tournament = round_.tournament
    now = timezone.now()
    current = console_version(round_, now)
    if announce_form is None and (unchanged := live.unchanged(request, current)):
        return unchanged
    tables = list(round_.tables.select_related("round"))
    corrections = list(
        CorrectionRequest.objects.filter(table__round=round_, closed_at__isnull=True)
    )
    ruleset = tournament.ruleset
    clock = news.clock(round_, tournament, now)
    glance = AtAGlance.of(
        round_, tables, results_for(tournament, tables=tables), corrections, clock, now
    )
    rows, sheets, counts = glance.rows, glance.sheets, glance.counts
    called, said = table_calls(round_, _disputed(tables, sheets))
    counts["called"] = len(called)
    for row in rows:
        row["called"] = row["table"].pk in called
    asking = list(leaving.asking(tournament)) if round_.asking_n else []
    elapsed = ""
    if round_.started:
        elapsed = since_words(now - round_.started)
    if announce_form is None:
        announce_form = AnnounceForm(auto_id="news-%s")
    polled = live.polled(request) and status == 200
    return render(
        request,
        "tables/_console_live.html" if polled else "tables/console.html",
        {
            "tournament": tournament,
            "round": round_,
            "rows": rows,
            "counts": counts,
            "needs": needs_you(
                tables,
                sheets,
                glance.late,
                corrections,
                ruleset,
                said=said,
                called=called,
                over=glance.over,
                clock=clock,
                asking=asking,
                now=now,
            ),
            "elapsed": elapsed,
            "clock": clock,
            "announcements": news.announcements(tournament),
            "announce_form": announce_form,
            "copies": backups.status(),
            "data_folder": settings.DATA_DIR,
            "live_url": live.poll_url(request, current) if status == 200 else "",
            "live_every": live.EVERY.console,
        },
        status=status,
    )


def console_version(round_: Round, now) -> str:
    """What the console shows: every table's history (hands, rulings, signatures,
    corrections and calls to the director are all in it), the round and its tables, the
    tournament's options and news, the players' asks to leave (read with the round), and
    the minute once the clock runs (the time since the start, the late tables, the tables
    over time)."""
    changes = Change.objects.filter(table__round=round_).aggregate(n=Count("id"), last=Max("id"))
    tables = round_.tables.aggregate(n=Count("id"), last=Max("id"))
    minute = int((now - round_.started).total_seconds() // 60) if round_.started else None
    # The copies of the night: a folder that fails shows at the next poll.
    copies = [(str(s.folder), s.newest and s.newest.path.name, s.failure) for s in backups.status()]
    asking = (getattr(round_, "asking_n", None), getattr(round_, "asking_last", None))
    return live.version(
        changes,
        tables,
        live.fields_of(round_),
        live.fields_of(round_.tournament),
        asking,
        minute,
        copies,
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
