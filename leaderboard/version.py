"""The standings' version in one read: what the standings are made of, counted.

Every phone with the standings open asks every few seconds whether anything changed
(plumbing.live.EVERY.standings); most answers are "no" (204). The version is
the history of the tables the standings count (each hand, ruling and signature is in it),
the entrants (a rename too) and the rounds: read as columns of the tournament's row, in
one query, not three aggregates.

The public's standings count signed tables only (a signed table changes only when
reopened, which unsigns it) and the playoff matches the bracket shows: a hand entered at a
table still playing is not a new version of their page.
"""

from __future__ import annotations

from django.core.cache import cache
from django.db.models import DateTimeField, OuterRef, Q

from plumbing.subqueries import count, count_where, counted, most
from scoring.models import Change
from tournament.models import Entrant, Round, Tournament


def _columns(only_signed: bool) -> dict:
    """Each kind of row counted in one scan of its rows (a standings page opened on every
    phone at the round's end reads them all: the database's largest share of that burst)."""
    changes = Change.objects.filter(table__round__tournament=OuterRef("pk"))
    if only_signed:
        changes = changes.filter(Q(table__outcome__final=True) | Q(table__round__playoff=True))
    entrants = Entrant.objects.filter(tournament=OuterRef("pk"))
    rounds = Round.objects.filter(tournament=OuterRef("pk"))
    return {
        "counted_changes": counted(changes, n=count(), last=most("id")),
        "counted_entrants": counted(
            entrants,
            n=count(),
            last=most("id"),
            # A save stamps `updated`; withdrawing or leaving may be written without one.
            updated=most("updated", output_field=DateTimeField()),
            withdrawn=count_where(Q(withdrawn=True)),
            left=count_where(Q(left_in_round__isnull=False)),
        ),
        "counted_rounds": counted(
            rounds,
            n=count(),
            last=most("id"),
            playoff=count_where(Q(playoff=True)),
            # The pages tell a draft and a complete round from the others, never published
            # from in play (Round.state_shown_to_players): a round's first hand is not news.
            draft=count_where(Q(status=Round.Status.DRAFT)),
            complete=count_where(Q(status=Round.Status.COMPLETE)),
        ),
    }


FACTS = tuple(_columns(only_signed=False))
_SIGNED, _EVERY = (
    Tournament.objects.annotate(**_columns(only_signed)).only("pk") for only_signed in (True, False)
)


def standings_facts(tournament_id: int, only_signed: bool) -> tuple:
    """What the standings are made of, counted (leaderboard.views.standings_version)."""
    row = (_SIGNED if only_signed else _EVERY).get(pk=tournament_id)
    return tuple(tuple(sorted(getattr(row, name).items())) for name in FACTS)


# Every phone with the standings open polls the same facts: at 1,000 tables about 70 polls
# a second during play and 200 at the round's end, each a count over the whole night (about
# 2 ms of PostgreSQL's work at that size). A poll takes the facts this process read within
# the last POLL_FACTS_SECONDS (Django's cache, in the process): a change reaches the phones
# that much later at most, against a poll every EVERY.standings seconds (plumbing.live). A
# page loaded, not polled, always reads them afresh.
POLL_FACTS_SECONDS = 1


def standings_facts_for_a_poll(tournament: Tournament, only_signed: bool) -> tuple:
    # Named by its creation too: a night deleted and another made may reuse its id.
    key = f"standings-facts:{tournament.pk}:{tournament.created.isoformat()}:{only_signed}"
    facts = cache.get(key)
    if facts is None:
        facts = standings_facts(tournament.pk, only_signed)
        cache.set(key, facts, POLL_FACTS_SECONDS)
    return facts
