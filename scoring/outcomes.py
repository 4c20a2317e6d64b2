"""Each table's outcome as the standings read it, stored beside the facts.

Scoring every hand of a big night again on every standings view costs twenty times a
bare read of the hands. So each write at a table that can change what the standings
count keeps one row per table, and the standings read those rows: every write at a
table goes through scoring.writes, whose log stores the table's outcome, derived from
the facts as the write left them, in the same transaction and under the table's row
lock (or leaves the row as it is when the write cannot change what the standings count).
Saving a hand, ruling or signature any other way (the admin, a script) drops the table's
row (a signal), so it leaves no stale row. A table without a row (a restored backup) or
with one scored under other options is scored from the facts when it is read, and
stored. `verify` re-derives every stored row and lists the differences; `manage.py
check_results` runs it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import astuple, dataclass, fields
from pathlib import Path

from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

import standings
from plumbing import live
from tournament.models import Round, Table, Tournament

from . import results as results_module
from .models import Hand, Ruling, Signature, TableOutcome
from .results import TableResult, results_for


@dataclass(frozen=True)
class StoredOutcome:
    """One table as the standings read it: its outcome and whether it is final."""

    table_id: int
    final: bool
    outcome: standings.Outcome

    @property
    def round(self) -> int:
        return self.outcome.round

    @property
    def playoff(self) -> bool:
        return self.outcome.playoff

    @property
    def complete(self) -> bool:
        return self.outcome.complete


def fingerprint(tournament: Tournament) -> str:
    """What a stored outcome was derived under: the game, its options and the scoring
    code's version (the game's, and this layer's reading of it), so an outcome stored by
    older code is derived again when read, as one stored under other options is."""
    return live.version(
        tournament.game,
        sorted(tournament.game_options.items()),
        tournament.ruleset.scoring_version,
        _RESULTS_CODE,
    )


# The module that turns a table's facts into its outcome (TableResult.outcome).
_RESULTS_CODE = hashlib.sha256(Path(results_module.__file__).read_bytes()).hexdigest()[:16]


# standings.Outcome's fields, in the order a stored row holds them.
FIELDS = (
    "round",
    "table",
    "entrants",
    "totals",
    "winner",
    "complete",
    "bostons",
    "games_won",
    "games_lost",
    "bonus",
    "playoff",
    "played",
)
assert FIELDS == tuple(f.name for f in fields(standings.Outcome)), "store the new field too"


def _row(result: TableResult, options: str) -> TableOutcome:
    return TableOutcome(
        table_id=result.table.pk,
        data=json.dumps(astuple(result.outcome()), separators=(",", ":")),
        final=result.final,
        options=options,
    )


def _outcome(r: list) -> standings.Outcome:
    """A stored row's array back into its record (the tuples came back as lists)."""
    return standings.Outcome(
        r[0], r[1], tuple(r[2]), tuple(r[3]), r[4], r[5],
        tuple(r[6]), tuple(r[7]), tuple(r[8]), tuple(r[9]), r[10], r[11],
    )  # fmt: skip


def _decode(texts: list[str]) -> list[list]:
    """Every stored row's array in one decode."""
    return json.loads("[" + ",".join(texts) + "]")


def store(tables: Iterable[Table], tournament: Tournament) -> None:
    """Score these tables from their facts and store their outcomes (replacing any)."""
    tables = list(tables)
    if tables:
        put(results_for(tournament, tables=tables).values(), tournament)


def put(results: Iterable[TableResult], tournament: Tournament) -> None:
    """Store these results' outcomes, replacing any, in one statement: the results must be
    derived from the facts as the current transaction leaves them."""
    options = fingerprint(tournament)
    TableOutcome.objects.bulk_create(
        [_row(r, options) for r in results],
        update_conflicts=True,
        unique_fields=["table"],
        update_fields=["data", "final", "options"],
    )


def stored_outcomes(tournament: Tournament) -> list[StoredOutcome]:
    """The outcome of every table of the published rounds (a draft's seats may still
    move, and it has no result): one query when all are stored; the missing or stale
    ones are scored from the facts and stored."""
    options = fingerprint(tournament)
    rows = (
        Table.objects.filter(round__tournament=tournament)
        .exclude(round__status=Round.Status.DRAFT)
        .values_list("id", "outcome__data", "outcome__final", "outcome__options")
    )
    kept, texts, missing = [], [], []
    for table_id, data, final, scored_under in rows:
        if data is None or scored_under != options:
            missing.append(table_id)
        else:
            kept.append((table_id, final))
            texts.append(data)
    found = [
        StoredOutcome(table_id, final, _outcome(r))
        for (table_id, final), r in zip(kept, _decode(texts), strict=True)
    ]
    if missing:
        found += _fill(tournament, missing, options)
    return found


def _fill(tournament: Tournament, table_ids: list[int], options: str) -> list[StoredOutcome]:
    """Score and store tables that have no row, or a stale one. A write at one of them
    meanwhile stores its own row: the stale ones are replaced, a current one is kept."""
    tables = Table.objects.filter(pk__in=table_ids).select_related("round")
    results = results_for(tournament, tables=tables)
    with transaction.atomic():
        TableOutcome.objects.filter(table__in=table_ids).exclude(options=options).delete()
        TableOutcome.objects.bulk_create(
            (_row(r, options) for r in results.values()), ignore_conflicts=True
        )
    return [StoredOutcome(r.table.pk, r.final, r.outcome()) for r in results.values()]


# Set while a write at a table (scoring.writes.table_write) changes its facts: it stores
# the table's outcome itself, so the signal below leaves the row alone.
_logged = ContextVar("logged_write", default=False)


@contextmanager
def logged_write() -> Iterator[None]:
    """The facts saved inside are a logged write's, which keeps the stored outcome right
    itself (stores it again, or leaves a row that the write cannot change)."""
    token = _logged.set(True)
    try:
        yield
    finally:
        _logged.reset(token)


@receiver([post_save, post_delete], sender=Hand)
@receiver([post_save, post_delete], sender=Ruling)
@receiver([post_save, post_delete], sender=Signature)
def _facts_changed(sender, instance, **kwargs) -> None:
    """A safety net for edits made outside the app (the admin, a script): a fact saved or
    deleted other than through a write at the table drops the table's stored outcome,
    which is scored again when next read. No write of the app relies on it: each stores
    the outcome itself (scoring.writes), and a queryset's update() would pass it by."""
    if _logged.get():
        return
    TableOutcome.objects.filter(table_id=instance.table_id).delete()


def verify(tournament: Tournament) -> list[str]:
    """Every stored outcome against the one derived from the facts now: the differences,
    in words (none, if the store is right)."""
    options = fingerprint(tournament)
    derived = results_for(tournament)
    stored = {
        row.table_id: row
        for row in TableOutcome.objects.filter(table__round__tournament=tournament)
    }
    differences = []
    for table_id, result in derived.items():
        row = stored.get(table_id)
        if row is None or row.options != options:
            continue  # not stored, or stored under other options: scored again when read
        where = f"{tournament.slug}: round {result.round.number}, table {result.table.number}"
        if _outcome(json.loads(row.data)) != result.outcome():
            derived_data = json.dumps(astuple(result.outcome()))
            differences.append(f"{where}: stored {row.data}, derived {derived_data}")
        if row.final != result.final:
            differences.append(f"{where}: stored final={row.final}, derived {result.final}")
    return differences


def stored_outcomes_of(tournaments: Iterable[Tournament]) -> dict[int, list[StoredOutcome]]:
    """`stored_outcomes` for many nights at once (a season's): one query for every night's stored
    outcomes; a night with a missing or stale row has it scored and stored as `stored_outcomes`
    does, at the cost of that night's own queries."""
    nights = {t.pk: t for t in tournaments}
    options = {pk: fingerprint(t) for pk, t in nights.items()}
    rows = (
        Table.objects.filter(round__tournament__in=list(nights))
        .exclude(round__status=Round.Status.DRAFT)
        .values_list(
            "round__tournament_id", "id", "outcome__data", "outcome__final", "outcome__options"
        )
    )
    kept, texts, missing = [], [], {}
    for night, table_id, data, final, scored_under in rows:
        if data is None or scored_under != options[night]:
            missing.setdefault(night, []).append(table_id)
        else:
            kept.append((night, table_id, final))
            texts.append(data)
    found: dict[int, list[StoredOutcome]] = {pk: [] for pk in nights}
    for (night, table_id, final), r in zip(kept, _decode(texts), strict=True):
        found[night].append(StoredOutcome(table_id, final, _outcome(r)))
    for night, table_ids in missing.items():
        found[night] += _fill(nights[night], table_ids, options[night])
    return found
