"""The one path of every write at a table: lock, facts, checks, write, history.

Every write that changes a table (entering, accepting, signing: scoring.entry; rulings:
scoring.rulings; who deals first: scoring.dealing) runs inside `table_write`: one
transaction, with the table's row locked for its length, so two phones cannot both add
hand 3 and a write never acts on facts another has just changed; the table's facts read
once under that lock, and its result derived from them, for the checks (scoring.may);
and `log`, which keeps the change in the table's history and, when the change can move
the standings, stores the table's outcome derived from the facts as the write left them
(scoring.outcomes), in the same transaction.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from django.db import transaction

from tournament.models import Table

from . import outcomes
from .history import Action
from .models import Change, Hand
from .results import Facts, TableResult, derive, load_facts


class EntryError(Exception):
    """A refused write: `errors` maps a form field (or "__all__") to a message."""

    def __init__(
        self,
        message: str,
        errors: dict[str, str] | None = None,
        status: int = 400,
        *,
        retry: bool = False,
    ):
        super().__init__(message)
        self.errors = errors or {"__all__": message}
        self.status = status
        # Not refused for good: the same form may be stored later (a hand whose turn has
        # not come), so a phone's queue keeps it and sends it again (Retry-After).
        self.retry = retry

    def messages(self) -> list[str]:
        """The message, then each field's own when it says more."""
        first = str(self)
        return [first, *(m for m in dict.fromkeys(self.errors.values()) if m != first)]


@dataclass(frozen=True)
class Actor:
    """Who is writing: a side at the table (through its own link, or by its PIN typed on
    another side's phone) or a director. `how` is what the history says of it. Which one
    acts is decided in scoring.may (acting)."""

    side: int | None = None
    user: object | None = None
    label: str = ""
    how: str = ""

    @property
    def is_director(self) -> bool:
        return self.user is not None


# The table's row, locked (PostgreSQL), with its round and tournament as they are now.
_LOCKED = Table.objects.select_for_update().select_related("round__tournament")


class TableWrite:
    """One write at a locked table. Its facts are read when first asked for, so a write
    that changes the database before reading them reads its own change; a write that read
    them first keeps them in step with what it changes (a hand added, a signature gone),
    since `log` stores the outcome derived from them."""

    def __init__(self, table: Table, actor: Actor, seated: list | None = None):
        self.table = table
        self.actor = actor
        self._seated = seated  # the seats as the side's link read them (none: read here)
        self._facts: Facts | None = None
        self._result: TableResult | None = None

    @property
    def facts(self) -> Facts:
        if self._facts is None:
            self._facts = load_facts(self.table.round.tournament, [self.table], seated=self._seated)
        return self._facts

    @property
    def result(self) -> TableResult:
        """The result derived from the facts as first read (or as derived last)."""
        return self._result if self._result is not None else self.derive()

    def derive(self) -> TableResult:
        """The result of the facts as the write has changed them (no query)."""
        self._result = derive(self.table.round.tournament, self.facts)[self.table.pk]
        return self._result

    def hand(self, hand_id, *, off_sheet: bool = False) -> Hand:
        """The hand as read with the table's facts. One taken back or struck meanwhile is
        refused in words (the other phone's page still shows it), unless the write asks for
        it (`off_sheet`)."""
        for hand in self.facts.hands.get(self.table.pk, ()):
            if str(hand.pk) == str(hand_id):
                if not hand.on_sheet and not off_sheet:
                    raise EntryError(
                        f"{gone(self.table, hand)}: it is no longer on the sheet.", status=409
                    )
                return hand
        raise EntryError("No such hand at this table.", status=404)

    def log(
        self,
        action: Action,
        hand: Hand | None = None,
        *,
        what: str = "",
        before=None,
        after=None,
        reason: str = "",
        counts: bool,
    ) -> None:
        """Keep the write in the table's history (`what`: what a ruling or a first dealer
        was about). When it `counts` (it can change what the standings count: not a hand
        waiting to be accepted, a dispute, a new link, a correction asked or answered), the
        table's outcome derived from the facts as the write left them is stored with it."""
        Change.objects.create(
            table=self.table,
            hand=hand,
            user=self.actor.user,
            actor=self.who()[:100],
            action=action.said(what),
            before=before,
            after=after,
            reason=reason,
        )
        if counts:
            outcomes.put([self.derive()], self.table.round.tournament)

    def who(self) -> str:
        """ "East-West (own link)", "North-South (PIN on East-West's phone)", "Director td":
        who did it, and how, as the history shows it."""
        actor = self.actor
        if actor.is_director:
            return actor.label or f"Director {actor.user}"
        if actor.side is None:
            return actor.label or "Table link"
        return f"{side_name(self.table, actor.side, self.result)} ({actor.how or 'own link'})"


@contextmanager
def table_write(table: Table, actor: Actor, *, seated: list | None = None) -> Iterator[TableWrite]:
    """A write at `table` by `actor`: in one transaction, the table's row locked for its
    length (PostgreSQL; SQLite locks the file). The facts the write saves are its own to
    keep the stored outcome right (outcomes.logged_write): it stores it in `log`."""
    with transaction.atomic(), outcomes.logged_write():
        yield TableWrite(_LOCKED.get(pk=table.pk), actor, seated)


def gone(table: Table, hand: Hand) -> str:
    """What became of a hand off the sheet, as a refusal tells it."""
    if hand.struck_at is not None:
        return f"{hand} was struck by the director"
    if hand.entered_by is None:
        return f"{hand} was taken back"
    return f"{hand} was taken back by {side_name(table, hand.entered_by)}"


def side_name(table: Table, side: int, result: TableResult | None = None) -> str:
    """What the players call a side: North-South at a partnership game, else the player
    (from the table's result, when the caller has it, else read)."""
    ruleset = table.round.tournament.ruleset
    if result is not None:
        names = ruleset.side_names(result.size, result.names)
    else:
        players = [seat.entrant.name for seat in table.seats.select_related("entrant")]
        names = ruleset.side_names(ruleset.players_at_table(len(players)), players)
    return names[side] if 0 <= side < len(names) else f"Side {side + 1}"
