"""The check of a signed sheet's code against the record, and what signing keeps of the
sheet (the code itself: printing.check).

A final sheet's code is derived from its content under the server's secret each time it is
asked for, never stored. What the sides signed is kept in the history (the "signed" change
that made the sheet final): an older code is still known after a correction, and the check
page says what changed since, when, by whom and why.

What a code covers is the content of the sheet as printed, which the documents app builds
(documents.printed_sheet); scoring may not import it (it imports scoring), so it hands its
builder here when the apps are ready (`covers`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from printing import check
from tournament.models import Table, Tournament

from .history import Action
from .models import Change
from .results import TableResult, results_for

Content = Callable[[TableResult, Tournament, int], dict]
_printed: Content | None = None  # the printed sheet's content, once documents is ready


def covers(printed: Content) -> None:
    """What a code covers of a table's sheet: the content of the sheet as printed (the
    documents app hands it, when the apps are ready)."""
    global _printed
    _printed = printed


def content(result: TableResult, tournament: Tournament, form: int = check.FORMAT) -> dict:
    """What a check code covers of the table's sheet now, as plain JSON data (in an earlier
    `form`: to check a code printed by an earlier release)."""
    if _printed is None:
        raise ImproperlyConfigured("the documents app builds the printed sheet: install it")
    return _printed(result, tournament, form)


def printed_code(data: dict) -> str:
    """The code printed for a content: under the server's current secret."""
    return check.code(data, _secrets()[0])


@dataclass
class Verdict:
    """What the check page says of a code: it matches the record, the sheet was changed
    after it was signed with that code, or the code is not one of this table's."""

    kind: str  # "matches", "changed" or "unknown"
    now: dict | None = None  # the sheet as the record has it now
    signed: dict | None = None  # the sheet as it was signed with this code
    signed_at: object = None
    differences: list[str] = field(default_factory=list)
    since: list[Change] = field(default_factory=list)  # the history after that signing


def verify(table: Table | None, typed: str) -> Verdict:
    """Re-derive the table's codes from its stored facts and compare (a few queries)."""
    if table is None:
        return Verdict("unknown")
    tournament = table.round.tournament
    result = results_for(tournament, tables=[table])[table.pk]
    now = content(result, tournament)
    if result.final and any(
        _matches(content(result, tournament, form), typed) for form in check.FORMATS
    ):
        return Verdict("matches", now=now)
    history = list(Change.objects.filter(table=table).select_related("hand"))
    for at in reversed(range(len(history))):
        change = history[at]
        signed = signed_sheet(change)
        if signed is not None and _matches(signed, typed):
            return Verdict(
                "changed",
                now=now,
                signed=signed,
                signed_at=change.at,
                differences=check.differences(signed, now),
                since=history[at + 1 :],
            )
    return Verdict("unknown")


def signed_sheet(change: Change) -> dict | None:
    """The sheet's content as every side signed it, kept with the signature that made it
    final (or the forfeit ruled after the side that was present signed: rulings.record);
    None for any other change, and for a kept copy that is not a sheet's content (a
    hand-made backup file): no page trusts a stored shape unchecked."""
    made_final = Action.of(change.action) in (Action.SIGNED, Action.RULING)
    after = change.after if made_final else None
    signed = after.get("sheet") if isinstance(after, dict) else None
    return signed if check.well_formed(signed) else None


def signing_code(change: Change) -> str:
    """The check code printed for the sheet this signature made final, as printed; blank
    for any other change."""
    signed = signed_sheet(change)
    return check.shown(printed_code(signed)) if signed is not None else ""


def _matches(data: dict, typed: str) -> bool:
    return any(check.same(check.code(data, secret), typed) for secret in _secrets())


def _secrets() -> list[str]:
    """The current secret first; the fallbacks keep the codes printed before a rotation."""
    return [settings.SECRET_KEY, *getattr(settings, "SECRET_KEY_FALLBACKS", [])]
