"""The director's console: every table of a round at a glance, flagging what needs the
director (a dispute, a late table, a correction asked for after signing)."""

from __future__ import annotations

from django.db.models import Count, Q
from django.shortcuts import get_object_or_404, render
from django.utils import timezone

from tournament.access import director_required
from tournament.models import Round, Tournament

from .models import Hand
from .results import results_for
from .sheet import build_sheet


@director_required
def console(request, slug, number):
    """Every table of the round at a glance; refreshes by itself."""
    tournament = get_object_or_404(Tournament, slug=slug)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    tables = list(
        round_.tables.select_related("round").annotate(
            asked=Count("corrections", filter=Q(corrections__closed_at__isnull=True))
        )
    )
    results = results_for(tournament, tables=tables)
    ruleset = tournament.ruleset
    options = tournament.settings
    late_after = ruleset.late_after_minutes * 60  # seated within N minutes of the start
    late = bool(round_.started and (timezone.now() - round_.started).total_seconds() > late_after)
    rows = []
    counts = {"tables": len(tables), "signed": 0, "disputed": 0, "late": 0, "asked": 0}
    for table in tables:
        result = results[table.pk]
        sheet = build_sheet(result, ruleset, options)
        accepted = sum(1 for r in sheet.rows if r.status == "accepted")
        entered = sum(1 for r in sheet.rows if r.status == Hand.Status.ENTERED)
        is_late = late and not sheet.rows and not result.round_rulings
        counts["signed"] += sheet.final
        counts["disputed"] += sheet.disputed
        counts["late"] += is_late
        counts["asked"] += bool(table.asked)
        rows.append(
            {
                "table": table,
                "sheet": sheet,
                "accepted": accepted,
                "entered": entered,
                "late": is_late,
            }
        )
    return render(
        request,
        "scoring/console.html",
        {"tournament": tournament, "round": round_, "rows": rows, "counts": counts},
    )
