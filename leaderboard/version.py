"""The standings' version in one read: what the standings are made of, counted.

Every phone with the standings open asks every few seconds whether anything changed
(leaderboard.views.STANDINGS_POLL_SECONDS); most answers are "no" (204). The version is
the history of the tables the standings count (each hand, ruling and signature is in it),
the entrants (a rename too) and the rounds: read as columns of the tournament's row, in
one query whose SQL is written once per process (scoring.prepared), not three aggregates
built anew at each poll.

The public's standings count signed tables only (a signed table changes only when
reopened, which unsigns it) and the playoff matches the bracket shows: a hand entered at a
table still playing is not a new version of their page.
"""

from __future__ import annotations

from django.db.models import DateTimeField, F, Func, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce

from scoring.models import Change
from scoring.prepared import Prepared
from tournament.models import Entrant, Round, Tournament


def _one(rows: QuerySet, value: Func) -> Subquery:
    """`value` (an aggregate) over `rows`, as a column of the outer row."""
    return Subquery(rows.order_by().annotate(v=value).values("v")[:1])


def _count(rows: QuerySet) -> Coalesce:
    return Coalesce(_one(rows, Func(F("pk"), function="COUNT")), 0)


def _most(rows: QuerySet, field: str, **output) -> Subquery:
    return _one(rows, Func(F(field), function="MAX", **output))


def _facts(only_signed: bool) -> Prepared:
    changes = Change.objects.filter(table__round__tournament=OuterRef("pk"))
    if only_signed:
        changes = changes.filter(Q(table__outcome__final=True) | Q(table__round__playoff=True))
    entrants = Entrant.objects.filter(tournament=OuterRef("pk"))
    rounds = Round.objects.filter(tournament=OuterRef("pk"))
    by_status = {
        f"counted_rounds_{s}": _count(rounds.filter(status=s)) for s in Round.Status.values
    }
    return Prepared(
        lambda tournament: (
            Tournament.objects.filter(pk=tournament)
            .annotate(
                counted_changes=_count(changes),
                counted_last_change=_most(changes, "id"),
                counted_entrants=_count(entrants),
                counted_last_entrant=_most(entrants, "id"),
                # A save stamps `updated`; withdrawing or leaving may be written without one.
                counted_updated=_most(entrants, "updated", output_field=DateTimeField()),
                counted_withdrawn=_count(entrants.filter(withdrawn=True)),
                counted_left=_count(entrants.filter(left_in_round__isnull=False)),
                counted_rounds=_count(rounds),
                counted_last_round=_most(rounds, "id"),
                counted_playoff_rounds=_count(rounds.filter(playoff=True)),
                **by_status,
            )
            .only("pk")
        )
    )


FACTS = tuple(
    f"counted_{name}"
    for name in (
        "changes",
        "last_change",
        "entrants",
        "last_entrant",
        "updated",
        "withdrawn",
        "left",
        "rounds",
        "last_round",
        "playoff_rounds",
        *(f"rounds_{s}" for s in Round.Status.values),
    )
)
_SIGNED, _EVERY = _facts(only_signed=True), _facts(only_signed=False)


def standings_facts(tournament_id: int, only_signed: bool) -> tuple:
    """What the standings are made of, counted (leaderboard.views.standings_version)."""
    (row,) = (_SIGNED if only_signed else _EVERY)(tournament_id)
    return tuple(getattr(row, name) for name in FACTS)
