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

from django.core.cache import cache
from django.db.models import DateTimeField, OuterRef, Q

from scoring.columns import count_of, most_of
from scoring.models import Change
from scoring.prepared import Prepared
from tournament.models import Entrant, Round, Tournament


def _columns(only_signed: bool) -> dict:
    changes = Change.objects.filter(table__round__tournament=OuterRef("pk"))
    if only_signed:
        changes = changes.filter(Q(table__outcome__final=True) | Q(table__round__playoff=True))
    entrants = Entrant.objects.filter(tournament=OuterRef("pk"))
    rounds = Round.objects.filter(tournament=OuterRef("pk"))
    return {
        "counted_changes": count_of(changes),
        "counted_last_change": most_of(changes, "id"),
        "counted_entrants": count_of(entrants),
        "counted_last_entrant": most_of(entrants, "id"),
        # A save stamps `updated`; withdrawing or leaving may be written without one.
        "counted_updated": most_of(entrants, "updated", output_field=DateTimeField()),
        "counted_withdrawn": count_of(entrants.filter(withdrawn=True)),
        "counted_left": count_of(entrants.filter(left_in_round__isnull=False)),
        "counted_rounds": count_of(rounds),
        "counted_last_round": most_of(rounds, "id"),
        "counted_playoff_rounds": count_of(rounds.filter(playoff=True)),
        # The pages tell a draft and a complete round from the others, never published
        # from in play (Round.state_shown_to_players): a round's first hand is not news.
        "counted_rounds_draft": count_of(rounds.filter(status=Round.Status.DRAFT)),
        "counted_rounds_complete": count_of(rounds.filter(status=Round.Status.COMPLETE)),
    }


def _facts(only_signed: bool) -> Prepared:
    columns = _columns(only_signed)
    return Prepared(
        lambda tournament: Tournament.objects.filter(pk=tournament).annotate(**columns).only("pk")
    )


FACTS = tuple(_columns(only_signed=False))
_SIGNED, _EVERY = _facts(only_signed=True), _facts(only_signed=False)


def standings_facts(tournament_id: int, only_signed: bool) -> tuple:
    """What the standings are made of, counted (leaderboard.views.standings_version)."""
    (row,) = (_SIGNED if only_signed else _EVERY)(tournament_id)
    return tuple(getattr(row, name) for name in FACTS)


# Every phone with the standings open polls the same facts: at 1,000 tables about 70 polls
# a second during play and 200 at the round's end, each a count over the whole night (about
# 2 ms of PostgreSQL's work at that size). A poll takes the facts this process read within
# the last POLL_FACTS_SECONDS (Django's cache, in the process): a change reaches the phones
# that much later at most, against a poll every 15 s. A page loaded, not polled, always
# reads them afresh.
POLL_FACTS_SECONDS = 1


def standings_facts_for_a_poll(tournament: Tournament, only_signed: bool) -> tuple:
    # Named by its creation too: a night deleted and another made may reuse its id.
    key = f"standings-facts:{tournament.pk}:{tournament.created.isoformat()}:{only_signed}"
    facts = cache.get(key)
    if facts is None:
        facts = standings_facts(tournament.pk, only_signed)
        cache.set(key, facts, POLL_FACTS_SECONDS)
    return facts
