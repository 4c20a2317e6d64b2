"""A side calls the director to its table; the director marks the call answered.

A call is what happened at the table, so it is kept where everything else that happened
there is: in the table's history, through the one write path (scoring.writes), as a
"called the director" line with the reason the side chose, in the game's own words (the
ruleset's call_reasons), and an "answered the call" line when the director has come. A
table's call is open while its latest call has no answer after it; nothing else is
stored, so the table page (which reads the history anyway), the console and a backup file
all see the same calls, and every page's version (which follows the history) moves with
them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from django import forms

from tournament.models import Table

from . import may
from .forms import INCOMPLETE, EntryErrors
from .history import Action
from .models import Change
from .writes import Actor, EntryError, table_write

CALL_KINDS = (Action.CALLED, Action.CALL_ANSWERED)


class CallForm(EntryErrors, forms.Form):
    """A side calls the director, with a reason from the game's short list, or none (the
    service checks the reason against the table's game). The page always sends the
    reason, empty for none: a post without it is not the page's, and calls nobody."""

    visible = ("reason",)
    reason = forms.CharField(max_length=20, required=False)

    def clean(self):
        if "reason" not in self.data:
            raise forms.ValidationError(INCOMPLETE)
        return super().clean()


class AnswerCallForm(EntryErrors, forms.Form):
    """The director marks the table's call answered: nothing to type."""

    visible = ()


@dataclass(frozen=True)
class OpenCall:
    """A call waiting for the director: who called (as the history names them), when, and
    why (the reason's words, "" when none was given)."""

    table_id: int
    who: str
    at: datetime
    reason: str


def reason_words(ruleset, reason: str) -> str:
    """The words of a reason the game offers ("" for none); a reason it does not offer is
    refused by its field."""
    if not reason:
        return ""
    words = dict(ruleset.call_reasons).get(reason)
    if words is None:
        message = "Choose a reason from the list, or none."
        raise EntryError(message, {"reason": message})
    return words


def open_call(history: Iterable[Change]) -> OpenCall | None:
    """The table's open call, from its history in order: its latest call, unless an answer
    came after it."""
    found = None
    for change in history:
        kind = Action.of(change.action)
        if kind is Action.CALLED:
            found = OpenCall(change.table_id, change.actor, change.at, change.reason)
        elif kind is Action.CALL_ANSWERED:
            found = None
    return found


def open_calls(changes: Iterable[Change]) -> dict[int, OpenCall]:
    """Each table's open call, by table id, from the calls and answers of any number of
    tables (Change rows of CALL_KINDS, in order: a console reads a round's at once)."""
    by_table: dict[int, list[Change]] = {}
    for change in changes:
        by_table.setdefault(change.table_id, []).append(change)
    found = {table_id: open_call(history) for table_id, history in by_table.items()}
    return {table_id: call for table_id, call in found.items() if call is not None}


def _open_at(table: Table) -> OpenCall | None:
    return open_call(Change.objects.filter(table=table, action__in=CALL_KINDS))


def call(table: Table, *, actor: Actor, reason: str = "", seated=None) -> bool:
    """A side calls the director to its table, with a reason the game offers (or none).
    False when a call of this table is open already: it stays as first made, and the
    director is not called twice."""
    may.call_director(actor).or_refuse()
    with table_write(table, actor, seated=seated) as w:
        words = reason_words(w.table.round.tournament.ruleset, reason)
        if _open_at(w.table) is not None:
            return False
        # Nothing the standings count changes.
        w.log(Action.CALLED, reason=words, counts=False)
    return True


def answer(table: Table, *, actor: Actor) -> None:
    """The director has come to the table: the call is answered. Refused when no call is
    open (answered already, from the console or another page): nothing changes."""
    may.answer_call(actor).or_refuse()
    with table_write(table, actor) as w:
        if _open_at(w.table) is None:
            raise EntryError("No call to the director is open at this table.", status=409)
        w.log(Action.CALL_ANSWERED, counts=False)
