"""Entering, accepting, disputing and signing a table's hands: every write, guarded.

Nothing a scorer enters is lost or doubled: the form's one-time key makes a retried
submit store nothing new; the table row is locked while a hand is added so two phones
cannot both add hand 3; an edit carries the version it was made from, so a stale page
is refused instead of overwriting. All of it is enforced by the database (unique
constraints, row locks, conditional updates), never by a lock in one process.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from rules import InvalidHand
from tournament.models import Round, Table, new_token

from .models import Change, Hand, Signature
from .results import TableResult, results_for


class EntryError(Exception):
    """A refused write: `errors` maps a form field (or "__all__") to a message."""

    def __init__(self, message: str, errors: dict[str, str] | None = None, status: int = 400):
        super().__init__(message)
        self.errors = errors or {"__all__": message}
        self.status = status

    def messages(self) -> list[str]:
        """The message, then each field's own when it says more."""
        first = str(self)
        return [first, *(m for m in dict.fromkeys(self.errors.values()) if m != first)]


@dataclass(frozen=True)
class Actor:
    """Who is writing: a side at the table (through its link) or a director."""

    side: int | None = None
    user: object | None = None
    label: str = ""

    @property
    def is_director(self) -> bool:
        return self.user is not None


def table_result(table: Table) -> TableResult:
    tournament = table.round.tournament
    return results_for(tournament, tables=[table])[table.pk]


def next_slot(result: TableResult) -> tuple[int, int] | None:
    """(number, attempt) of the hand to enter next, or None when none is due."""
    if result.pending or result.match.complete:
        return None
    if result.hands:
        last = result.hands[-1]
        if last.score.void:
            return last.hand.number, last.hand.attempt + 1
        return last.hand.number + 1, 1
    return 1, 1


def _log(
    table: Table,
    actor: Actor,
    action: str,
    hand: Hand | None = None,
    before=None,
    after=None,
    reason: str = "",
) -> None:
    Change.objects.create(
        table=table,
        hand=hand,
        user=actor.user,
        actor=_who(table, actor)[:100],
        action=action,
        before=before,
        after=after,
        reason=reason,
    )


def _who(table: Table, actor: Actor) -> str:
    """ "Table link (North-South)", "Director td": who did it, as the history shows it."""
    label = actor.label or (f"Director {actor.user}" if actor.user else "Table link")
    if actor.side is None:
        return label
    tournament = table.round.tournament
    players = [seat.entrant.name for seat in table.seats.select_related("entrant")]
    size = 4 if tournament.is_partnership else len(players)
    names = tournament.ruleset.side_names(size, players)
    return f"{label} ({names[actor.side]})" if 0 <= actor.side < len(names) else label


def _parse(table: Table, result: TableResult, data, number: int) -> dict:
    tournament = table.round.tournament
    ruleset = tournament.ruleset
    try:
        record = ruleset.parse_hand(data, result.size, tournament.settings, number)
    except InvalidHand as exc:
        raise EntryError("The hand was not stored: see the marked fields.", exc.errors) from exc
    return ruleset.hand_to_dict(record)


def _locked_table(table: Table) -> Table:
    """Lock the table row for the rest of the transaction (PostgreSQL; SQLite locks the file)."""
    return Table.objects.select_for_update().select_related("round__tournament").get(pk=table.pk)


def _check_open(result: TableResult, actor: Actor) -> None:
    if result.round.status == Round.Status.DRAFT:
        raise EntryError("This round is not published yet.", status=403)
    if result.final:
        raise EntryError(
            "The sheet is signed and final: only a director can reopen it.", status=409
        )


def _check_side(result: TableResult, actor: Actor) -> None:
    """A table link must say its side; a director may, and then it must be one at the table."""
    if actor.side is None and actor.is_director:
        return
    if actor.side not in range(len(result.sides)):
        raise EntryError("Say which side is entering.", {"side": "Choose your side."})


REASON_MAX = Change._meta.get_field("reason").max_length


def _reason(reason: str) -> str:
    """The reason as typed (less surrounding blanks); refused, never cut, when too long."""
    reason = reason.strip()
    if len(reason) > REASON_MAX:
        message = f"Keep the reason to {REASON_MAX} characters (it has {len(reason)})."
        raise EntryError(message, {"reason": message})
    return reason


def enter_hand(table: Table, data, *, actor: Actor, nonce: str, slot: tuple[int, int]) -> Hand:
    """Store the next hand. A retry of the same form returns the hand it already stored."""
    if not nonce or len(nonce) > Hand._meta.get_field("nonce").max_length:
        raise EntryError("The form is incomplete: reload the page.")
    with transaction.atomic():
        table = _locked_table(table)
        existing = Hand.objects.filter(table=table, nonce=nonce).first()
        if existing is not None:
            return existing  # the same form again: a double tap or a phone's retry
        result = table_result(table)
        _check_open(result, actor)
        _check_side(result, actor)
        due = next_slot(result)
        if due != tuple(slot):
            if result.pending:
                pending = result.pending[0]
                raise EntryError(
                    f"{pending} was just entered from another phone: check it below.",
                    status=409,
                )
            raise EntryError(
                "Another phone has just changed this sheet: check the hands below.", status=409
            )
        record = _parse(table, result, data, slot[0])
        single = not table.round.tournament.verify_hands
        hand = Hand.objects.create(
            table=table,
            number=slot[0],
            attempt=slot[1],
            record=record,
            nonce=nonce,
            entered_by=actor.side,
            status=Hand.Status.ACCEPTED if actor.is_director or single else Hand.Status.ENTERED,
        )
        _log(table, actor, "entered", hand, after=record)
        if table.round.status == Round.Status.PUBLISHED:
            Round.objects.filter(pk=table.round_id).update(status=Round.Status.IN_PLAY)
    return hand


def _hand_for_update(table: Table, hand_id: int) -> Hand:
    try:
        return Hand.objects.select_for_update().get(pk=hand_id, table=table)
    except Hand.DoesNotExist:
        raise EntryError("No such hand at this table.", status=404) from None


def accept_hand(table: Table, hand_id: int, *, actor: Actor, version: int) -> Hand:
    with transaction.atomic():
        table = _locked_table(table)
        hand = _hand_for_update(table, hand_id)
        if hand.status == Hand.Status.ACCEPTED:
            return hand  # accepted already: a double tap changes nothing
        result = table_result(table)
        _check_open(result, actor)
        _check_side(result, actor)
        if hand.version != version:
            raise EntryError(f"{hand} was changed since you looked: check it again.", status=409)
        if not actor.is_director and actor.side == hand.entered_by:
            raise EntryError(
                "The other side accepts a hand, not the side that entered it.", status=403
            )
        hand.status = Hand.Status.ACCEPTED
        hand.save(update_fields=["status", "updated"])
        _log(table, actor, "accepted", hand)
    return hand


def dispute_hand(table: Table, hand_id: int, *, actor: Actor, version: int, reason: str) -> Hand:
    reason = _reason(reason)
    with transaction.atomic():
        table = _locked_table(table)
        hand = _hand_for_update(table, hand_id)
        result = table_result(table)
        _check_open(result, actor)
        _check_side(result, actor)
        if hand.status != Hand.Status.ENTERED:
            raise EntryError(
                f"{hand} is {hand.get_status_display().lower()}: nothing to dispute.", status=409
            )
        if hand.version != version:
            raise EntryError(f"{hand} was changed since you looked: check it again.", status=409)
        hand.status = Hand.Status.DISPUTED
        hand.save(update_fields=["status", "updated"])
        _log(table, actor, "disputed", hand, reason=reason)
    return hand


def edit_hand(
    table: Table, hand_id: int, data, *, actor: Actor, version: int, reason: str = ""
) -> Hand:
    """Correct a hand. Refused when the page was stale: nobody's entry is overwritten unseen."""
    reason = _reason(reason)
    with transaction.atomic():
        table = _locked_table(table)
        hand = _hand_for_update(table, hand_id)
        result = table_result(table)
        _check_open(result, actor)
        if not actor.is_director:
            _check_side(result, actor)
            if hand.status == Hand.Status.ACCEPTED:
                raise EntryError("An accepted hand can only be changed by a director.", status=403)
        record = _parse(table, result, data, hand.number)
        before = hand.record
        status = Hand.Status.ACCEPTED if actor.is_director else Hand.Status.ENTERED
        updated = Hand.objects.filter(pk=hand.pk, version=version).update(
            record=record,
            version=F("version") + 1,
            status=status,
            updated=timezone.now(),
            entered_by=actor.side if not actor.is_director else hand.entered_by,
        )
        if not updated:
            raise EntryError(
                f"{hand} was changed by someone else since you opened it: "
                "your change was not saved. Check it and try again.",
                status=409,
            )
        hand.refresh_from_db()
        _log(table, actor, "edited", hand, before=before, after=record, reason=reason)
    return hand


def sign(table: Table, *, side: int, player: str, typed: str, actor: Actor) -> Signature:
    """One side signs (rule 40): choose one of its players and type that name."""
    with transaction.atomic():
        table = _locked_table(table)
        result = table_result(table)
        if result.round.status == Round.Status.DRAFT:
            raise EntryError("This round is not published yet.", status=403)
        if side not in range(len(result.sides)):
            raise EntryError("Choose the side that signs.", {"side": "Choose your side."})
        already = table.signatures.filter(side=side).first()
        if already is not None:
            return already
        if result.pending or not result.match.complete:
            raise EntryError(
                "The sheet can be signed once every hand is in and accepted.", status=409
            )
        players = result.sides[side].players
        if player not in players:
            raise EntryError(
                "Choose one of your side's players.",
                {"player": "Choose one of your side's players."},
            )
        if " ".join(typed.split()).casefold() != player.casefold():
            raise EntryError(
                "Type the chosen player's name to sign.",
                {"typed": f"Type “{player}” exactly to sign."},
            )
        try:
            with transaction.atomic():
                signature = Signature.objects.create(table=table, side=side, name=player)
        except IntegrityError:
            return table.signatures.get(side=side)
        _log(table, actor, "signed", after={"side": side, "name": player})
        signed = table.signatures.count()
        if signed >= len(result.sides):
            _complete_round_if_done(table.round)
    return signature


def _complete_round_if_done(round_: Round) -> None:
    tables = list(round_.tables.prefetch_related("signatures", "seats"))
    if all(len(t.signatures.all()) >= len(t.seats.all()) for t in tables):
        Round.objects.filter(pk=round_.pk).update(status=Round.Status.COMPLETE)


def reopen(table: Table, *, actor: Actor, reason: str) -> None:
    """A director reopens a signed sheet, with a reason kept in the history."""
    if not actor.is_director:
        raise EntryError("Only a director can reopen a signed sheet.", status=403)
    if not reason.strip():
        raise EntryError("Give the reason for reopening.", {"reason": "Give a reason."})
    reason = _reason(reason)
    with transaction.atomic():
        table = _locked_table(table)
        names = list(table.signatures.values("side", "name"))
        if not names:
            raise EntryError("The sheet is not signed: nothing to reopen.", status=409)
        table.signatures.all().delete()
        Round.objects.filter(pk=table.round_id, status=Round.Status.COMPLETE).update(
            status=Round.Status.IN_PLAY
        )
        _log(table, actor, "reopened", before={"signatures": names}, reason=reason)


def reissue_token(table: Table, *, actor: Actor) -> Table:
    with transaction.atomic():
        table = _locked_table(table)
        table.token = new_token()
        table.save(update_fields=["token"])
        _log(table, actor, "new link", reason="The table's old link no longer works.")
    return table
