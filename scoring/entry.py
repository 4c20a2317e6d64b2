"""Entering, accepting, disputing and signing a table's hands: every write, guarded.

Nothing a scorer enters is lost or doubled: the form's one-time key makes a retried
submit store nothing new; the table row is locked while a hand is added so two phones
cannot both add hand 3; an edit carries the version it was made from, so a stale page
is refused instead of overwriting. All of it is enforced by the database (unique
constraints, row locks, conditional updates), never by a lock in one process.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from laptop import backups
from rules import InvalidHand
from tournament.models import (
    PIN_REST_MINUTES,
    PIN_TRIES,
    Round,
    Seat,
    Table,
    new_pin,
    new_token,
)

from . import outcomes, signed
from .models import Change, CorrectionRequest, Hand, Signature
from .prepared import Prepared
from .results import Facts, TableResult, derive, load_facts, results_for


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
    """Who is writing: a side at the table (through its own link, or by its PIN typed on
    another side's phone) or a director. `how` is what the history says of it."""

    side: int | None = None
    user: object | None = None
    label: str = ""
    how: str = ""

    @property
    def is_director(self) -> bool:
        return self.user is not None


def table_result(table: Table) -> TableResult:
    tournament = table.round.tournament
    return results_for(tournament, tables=[table])[table.pk]


def _table_facts(table: Table, seated: list | None = None) -> Facts:
    """The table's facts, read once per write (under its row lock): the write derives the
    result before and after itself from them. `seated`: the seats as the side's link read
    them, which stay as they are once the round is published (a draft is refused)."""
    return load_facts(table.round.tournament, [table], seated=seated)


def _derived(table: Table, facts: Facts) -> TableResult:
    return derive(table.round.tournament, facts)[table.pk]


def _hand_in(facts: Facts, table: Table, hand_id, *, off_sheet: bool = False) -> Hand:
    """The hand as read with the table's facts (under the table's lock, which every write
    at the table takes first). One taken back or struck meanwhile is refused in words
    (the other phone's page still shows it), unless the write asks for it (`off_sheet`)."""
    for hand in facts.hands.get(table.pk, ()):
        if str(hand.pk) == str(hand_id):
            if not hand.on_sheet and not off_sheet:
                raise EntryError(f"{_gone(table, hand)}: it is no longer on the sheet.", status=409)
            return hand
    raise EntryError("No such hand at this table.", status=404)


def _gone(table: Table, hand: Hand) -> str:
    """What became of a hand off the sheet, as a refusal tells it."""
    if hand.struck_at is not None:
        return f"{hand} was struck by the director"
    if hand.entered_by is None:
        return f"{hand} was taken back"
    return f"{hand} was taken back by {side_name(table, hand.entered_by)}"


def next_slot(result: TableResult) -> tuple[int, int] | None:
    """(number, attempt) of the hand to enter next, or None when none is due: the one
    after the last hand on the sheet, so the number of a hand taken back, or of the last
    hand struck, is due again (take_back, strike_hand)."""
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
    rescore: bool = True,
    result: TableResult | None = None,
) -> None:
    """Log a write at the table. Unless it cannot change what the standings count
    (`rescore` false: a hand waiting to be accepted, a dispute, a new link, a correction
    asked or answered), the table's stored outcome follows in the same transaction.

    `result`, when the write derived one, names the sides (no query), and with `rescore`
    is the result as the write left the facts: it is stored as it is, not scored again."""
    Change.objects.create(
        table=table,
        hand=hand,
        user=actor.user,
        actor=_who(table, actor, result)[:100],
        action=action,
        before=before,
        after=after,
        reason=reason,
    )
    if rescore and result is not None:
        outcomes.put([result], table.round.tournament)
    elif rescore:
        outcomes.store([table], table.round.tournament)


def _who(table: Table, actor: Actor, result: TableResult | None = None) -> str:
    """ "East-West (own link)", "North-South (PIN on East-West's phone)", "Director td":
    who did it, and how, as the history shows it."""
    if actor.is_director:
        return actor.label or f"Director {actor.user}"
    if actor.side is None:
        return actor.label or "Table link"
    return f"{side_name(table, actor.side, result)} ({actor.how or 'own link'})"


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


def _parse(table: Table, result: TableResult, data, number: int) -> dict:
    tournament = table.round.tournament
    ruleset = result.ruleset  # the game as dealt at this table: the hand's own dealer
    try:
        record = ruleset.parse_hand(data, result.size, tournament.settings, number)
    except InvalidHand as exc:
        raise EntryError("The hand was not stored: see the marked fields.", exc.errors) from exc
    return ruleset.hand_to_dict(record)


_LOCKED = Prepared(
    lambda table: (
        Table.objects.select_for_update().select_related("round__tournament").filter(pk=table)
    )
)


def _locked_table(table: Table) -> Table:
    """Lock the table row for the rest of the transaction (PostgreSQL; SQLite locks the file)."""
    for locked in _LOCKED(table.pk):
        return locked
    raise Table.DoesNotExist(f"No table {table.pk}.")


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


def _check_other_side(hand: Hand, actor: Actor, verb: str) -> None:
    """Only another side checks a hand: its own link, or its PIN on the entering phone."""
    if not actor.is_director and actor.side == hand.entered_by:
        raise EntryError(
            f"The other side {verb} a hand, not the side that entered it: "
            "hand the phone across and let them type their PIN, or use their own link.",
            status=403,
        )


REASON_MAX = Change._meta.get_field("reason").max_length


def _reason(reason: str) -> str:
    """The reason as typed (less surrounding blanks); refused, never cut, when too long."""
    reason = reason.strip()
    if len(reason) > REASON_MAX:
        message = f"Keep the reason to {REASON_MAX} characters (it has {len(reason)})."
        raise EntryError(message, {"reason": message})
    return reason


def enter_hand(
    table: Table, data, *, actor: Actor, nonce: str, slot: tuple[int, int], seated=None
) -> Hand:
    """Store the next hand. A retry of the same form returns the hand it already stored."""
    if not nonce or len(nonce) > Hand._meta.get_field("nonce").max_length:
        raise EntryError("The form is incomplete: reload the page.")
    with transaction.atomic(), outcomes.logged_write():
        table = _locked_table(table)
        facts = _table_facts(table, seated)
        existing = next((h for h in facts.hands[table.pk] if h.nonce == nonce), None)
        if existing is not None and not existing.on_sheet:
            # A phone's retry of a hand since taken back or struck: never stored again
            # (its number may be due again). 410, not 409: the phone's queue keeps and
            # resends a 409, and drops a refusal, saying why (static/kitty.js).
            raise EntryError(
                f"{_gone(table, existing)}: it was not stored again. "
                "Enter it afresh if it belongs at this table.",
                status=410,
            )
        if existing is not None:
            return existing  # the same form again: a double tap or a phone's retry
        result = _derived(table, facts)
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
        counts = hand.status == Hand.Status.ACCEPTED
        if counts:
            facts.hands[table.pk].append(hand)
            result = _derived(table, facts)
        # Else the hand counts for nothing until accepted: the stored outcome stands.
        _log(table, actor, "entered", hand, after=record, rescore=counts, result=result)
        if table.round.status == Round.Status.PUBLISHED:
            Round.objects.filter(pk=table.round_id).update(status=Round.Status.IN_PLAY)
    return hand


def accept_hand(table: Table, hand_id: int, *, actor: Actor, version: int, seated=None) -> Hand:
    with transaction.atomic(), outcomes.logged_write():
        table = _locked_table(table)
        facts = _table_facts(table, seated)
        hand = _hand_in(facts, table, hand_id)
        if hand.status == Hand.Status.ACCEPTED:
            return hand  # accepted already: a double tap changes nothing
        result = _derived(table, facts)
        _check_open(result, actor)
        _check_side(result, actor)
        if hand.version != version:
            raise EntryError(f"{hand} was changed since you looked: check it again.", status=409)
        _check_other_side(hand, actor, "accepts")
        hand.status = Hand.Status.ACCEPTED
        hand.save(update_fields=["status", "updated"])
        _log(table, actor, "accepted", hand, result=_derived(table, facts))
    return hand


def dispute_hand(
    table: Table, hand_id: int, *, actor: Actor, version: int, reason: str, seated=None
) -> Hand:
    reason = _reason(reason)
    with transaction.atomic(), outcomes.logged_write():
        table = _locked_table(table)
        facts = _table_facts(table, seated)
        hand = _hand_in(facts, table, hand_id)
        result = _derived(table, facts)
        _check_open(result, actor)
        _check_side(result, actor)
        if hand.status != Hand.Status.ENTERED:
            raise EntryError(
                f"{hand} is {hand.get_status_display().lower()}: nothing to dispute.", status=409
            )
        if hand.version != version:
            raise EntryError(f"{hand} was changed since you looked: check it again.", status=409)
        _check_other_side(hand, actor, "disputes")
        hand.status = Hand.Status.DISPUTED
        hand.save(update_fields=["status", "updated"])
        _log(table, actor, "disputed", hand, reason=reason, rescore=False, result=result)
    return hand


def edit_hand(
    table: Table, hand_id: int, data, *, actor: Actor, version: int, reason: str = "", seated=None
) -> Hand:
    """Correct a hand. Refused when the page was stale: nobody's entry is overwritten unseen."""
    reason = _reason(reason)
    with transaction.atomic(), outcomes.logged_write():
        table = _locked_table(table)
        facts = _table_facts(table, seated)
        hand = _hand_in(facts, table, hand_id)
        result = _derived(table, facts)
        _check_open(result, actor)
        if not actor.is_director:
            _check_side(result, actor)
            if hand.status == Hand.Status.ACCEPTED:
                raise EntryError("An accepted hand can only be changed by a director.", status=403)
            if hand.entered_by is not None and actor.side != hand.entered_by:
                raise EntryError(
                    f"Only the side that entered {hand}, or the director, corrects it.",
                    status=403,
                )
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
        hand.refresh_from_db()  # the facts' own copy: the result after the edit follows it
        counts = hand.status == Hand.Status.ACCEPTED
        if counts:
            result = _derived(table, facts)
        _log(
            table,
            actor,
            "edited",
            hand,
            before=before,
            after=record,
            reason=reason,
            rescore=counts,
            result=result,
        )
    return hand


def take_back_refused(result: TableResult, hand: Hand, actor: Actor) -> EntryError | None:
    """Why `actor` may not take `hand` back (None: it may). The side that entered a hand
    takes it back while no other side has accepted it (entered, or disputed): it never
    counted, so it simply goes. Once accepted it counts, and only a director strikes it.
    The table page offers the button exactly when this is None; take_back refuses with it."""
    if result.round.status == Round.Status.DRAFT:
        return EntryError("This round is not published yet.", status=403)
    if actor.is_director or actor.side is None:
        return EntryError(
            "A side takes back the hand it entered; a director strikes a hand, with a reason.",
            status=403,
        )
    if actor.side != hand.entered_by:
        return EntryError(
            f"Only the side that entered {hand} can take it back: dispute it if it is wrong.",
            status=403,
        )
    if hand.status == Hand.Status.ACCEPTED or result.final:
        return EntryError(
            f"{hand} has been accepted and counts: only the director can strike it now.",
            status=409,
        )
    return None


def take_back(table: Table, hand_id: int, *, actor: Actor, version: int, seated=None) -> Hand:
    """The entering side takes back a hand no other side has accepted (entered at the wrong
    table, or by mistake). It leaves the sheet at once and is kept, off it, with its facts
    in the history ("took back Hand 3"); its number is due again, for the hand that really
    comes next, since it never counted. Its one-time key stays with it: the same form
    sent again (a phone's retry) is refused, never stored again (enter_hand).

    Under the table's lock, as accepting is: of a take-back and an accept at the same
    moment, the first one wins, and the other is refused with what happened (409)."""
    with transaction.atomic(), outcomes.logged_write():
        table = _locked_table(table)
        facts = _table_facts(table, seated)
        hand = _hand_in(facts, table, hand_id, off_sheet=True)
        if hand.taken_back_at is not None and actor.side == hand.entered_by:
            return hand  # taken back already: a double tap changes nothing
        if not hand.on_sheet:
            raise EntryError(f"{_gone(table, hand)}.", status=409)
        result = _derived(table, facts)
        refused = take_back_refused(result, hand, actor)
        if refused is not None:
            raise refused
        if hand.version != version:
            raise EntryError(f"{hand} was changed since you looked: check it again.", status=409)
        hand.taken_back_at = timezone.now()
        hand.save(update_fields=["taken_back_at", "updated"])
        # It counted for nothing while waiting: the stored outcome stands.
        _log(table, actor, "took back", hand, before=hand.record, rescore=False, result=result)
    return hand


def strike_refused(result: TableResult, hand: Hand, actor: Actor) -> EntryError | None:
    """Why `actor` may not strike `hand` (None: it may). Only a director strikes, any hand
    on the sheet, accepted or not; a signed sheet is final (rule 40), so it is reopened
    first, with its own reason, as for a correction or a ruling. The table page offers
    the hands for which this is None; strike_hand refuses with it."""
    if not actor.is_director:
        return EntryError("Only a director strikes a hand off the sheet.", status=403)
    if result.final:
        return EntryError(
            "The sheet is signed and final: reopen it (with a reason) to strike a hand.",
            status=409,
        )
    return None


def strike_hand(table: Table, hand_id: int, *, actor: Actor, reason: str, seated=None) -> Hand:
    """A director strikes a hand off the sheet, with a reason (entered at the wrong table).

    The hand is kept, marked struck (when, by whom, why), and counts nowhere: not on the
    sheet (page, paper, check code), the totals, the standings, the ladder, the ratings or
    the statistics, which all derive from scoring.results. The history says "struck Hand
    3" with the reason and the hand's facts.

    Numbering: the other hands keep the numbers they were entered, checked and accepted
    under (and whose dealer they were scored with), so the sheet goes 1, 2, 4: the gap
    tells the players checking it that a hand was taken off, and the history says why.
    The next hand is numbered after the last one on the sheet, so striking the last hand
    makes its number due again."""
    reason = _reason(reason)
    if not reason:
        raise EntryError("Give the reason for striking the hand.", {"reason": "Give a reason."})
    with transaction.atomic(), outcomes.logged_write():
        table = _locked_table(table)
        facts = _table_facts(table, seated)
        hand = _hand_in(facts, table, hand_id, off_sheet=True)
        if hand.struck_at is not None:
            return hand  # struck already: a double tap changes nothing
        if not hand.on_sheet:
            raise EntryError(f"{_gone(table, hand)}.", status=409)
        result = _derived(table, facts)
        refused = strike_refused(result, hand, actor)
        if refused is not None:
            raise refused
        counted = hand.status == Hand.Status.ACCEPTED
        hand.struck_at = timezone.now()
        hand.struck_by = _who(table, actor, result)[:100]
        hand.struck_reason = reason
        hand.save(update_fields=["struck_at", "struck_by", "struck_reason", "updated"])
        if counted:
            result = _derived(table, facts)  # the same facts, this hand now off the sheet
        _log(
            table,
            actor,
            "struck",
            hand,
            before=hand.record,
            reason=reason,
            rescore=counted,
            result=result,
        )
    return hand


def sign(
    table: Table, *, side: int, player: str, typed: str, actor: Actor, seated=None
) -> Signature:
    """One side signs (rule 40): choose one of its players and type that name."""
    with transaction.atomic(), outcomes.logged_write():
        table = _locked_table(table)
        facts = _table_facts(table, seated)
        result = _derived(table, facts)
        if result.round.status == Round.Status.DRAFT:
            raise EntryError("This round is not published yet.", status=403)
        if side not in range(len(result.sides)):
            raise EntryError("Choose the side that signs.", {"side": "Choose your side."})
        if not actor.is_director and actor.side != side:
            raise EntryError(
                "Each side signs for itself: through its own link, or by typing its PIN.",
                status=403,
            )
        already = next((s for s in result.signatures if s.side == side), None)
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
        facts.signatures[table.pk].append(signature)
        result = _derived(table, facts)
        after = {"side": side, "name": player}
        if result.final:
            # What every side signed, kept with the last signature: the sheet's check
            # code is recognised after a later correction (signed.verify).
            after["sheet"] = signed.content(result, table.round.tournament)
        _log(table, actor, signed.SIGNED, after=after, result=result)
        if "sheet" in after:
            _complete_round_if_done(table.round)
            backups.copy_soon("sheet signed")
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
        table.corrections.filter(closed_at__isnull=True).update(
            closed_at=timezone.now(), closed_by=actor.user, answer=f"Reopened: {reason}"
        )
        Round.objects.filter(pk=table.round_id, status=Round.Status.COMPLETE).update(
            status=Round.Status.IN_PLAY
        )
        _log(table, actor, "reopened", before={"signatures": names}, reason=reason)


def reissue_link(table: Table, side: int, *, actor: Actor) -> Seat:
    """A side's new link and PIN: the old ones stop working at once (a lost card, a PIN
    locked after too many wrong tries)."""
    with transaction.atomic():
        table = _locked_table(table)
        seat = Seat.objects.select_for_update().filter(table=table, position=side).first()
        if seat is None:
            raise EntryError("No such side at this table.", status=404)
        seat.token, seat.pin, seat.pin_failures = new_token(), new_pin(), 0
        seat.pin_rests_until, seat.pin_rests = None, 0
        seat.save(update_fields=["token", "pin", "pin_failures", "pin_rests_until", "pin_rests"])
        _log(
            table,
            actor,
            "new link",
            after={"side": side},
            reason="This side's old link and PIN no longer work.",
            rescore=False,
        )
    return seat


def by_pin(table: Table, side, pin: str, *, phone: int) -> Actor:
    """The side that typed its PIN on another side's phone (`phone`: that side's number).

    Each try is counted before the PIN is compared, by one UPDATE that only a PIN with tries
    left passes: phones at once cannot compare more than PIN_TRIES. After PIN_TRIES wrong
    PINs in a row the PIN rests, PIN_REST_MINUTES the first time and twice as long each
    time after, so guessing the other side's PIN is not a way in; the director can let it
    be tried again at once (clear_pin_tries), and a side's own link is never locked.
    """
    try:
        side = int(side)
    except (TypeError, ValueError):
        raise EntryError("Choose the side whose PIN this is.", {"side": "Choose a side."}) from None
    seat = Seat.objects.filter(table=table, position=side).first()
    if seat is None:
        raise EntryError("Choose the side whose PIN this is.", {"side": "Choose a side."})
    now = timezone.now()
    seats = Seat.objects.filter(pk=seat.pk)
    seats.filter(pin_rests_until__lte=now).update(pin_failures=0, pin_rests_until=None)
    tried = seats.filter(pin_rests_until__isnull=True, pin_failures__lt=PIN_TRIES).update(
        pin_failures=F("pin_failures") + 1
    )
    if not tried:
        seat.refresh_from_db(fields=["pin_rests_until"])
        until = seat.pin_rests_until or now
        message = (
            "This side's PIN is locked after too many wrong tries, until "
            f"{timezone.localtime(until):%H:%M}: use its own link, or ask the director."
        )
        raise EntryError(message, {"pin": "Locked for now: ask the director."}, status=403)
    if secrets.compare_digest(str(pin or "").strip().encode(), seat.pin.encode()):
        seats.update(pin_failures=0, pin_rests=0)
        return Actor(side=side, how=f"PIN on {side_name(table, phone)}'s phone")
    seat.refresh_from_db(fields=["pin_failures", "pin_rests"])
    left = max(0, PIN_TRIES - seat.pin_failures)
    message = f"That is not this side's PIN ({left} {'try' if left == 1 else 'tries'} left)."
    if not left:
        minutes = PIN_REST_MINUTES * 2 ** min(seat.pin_rests, 6)
        seats.filter(pin_rests_until__isnull=True).update(
            pin_rests_until=now + timedelta(minutes=minutes), pin_rests=F("pin_rests") + 1
        )
        message += f" It is locked for {minutes} minutes: use its own link, or ask the director."
    raise EntryError(message, {"pin": message}, status=403)


def clear_pin_tries(table: Table, side: int, *, actor: Actor) -> None:
    """The director lets a side's PIN be tried again at once; its link and PIN stay, so its
    printed card still works."""
    if not actor.is_director:
        raise EntryError("Only a director can clear a side's PIN tries.", status=403)
    with transaction.atomic():
        table = _locked_table(table)
        cleared = Seat.objects.filter(table=table, position=side).update(
            pin_failures=0, pin_rests_until=None, pin_rests=0
        )
        if not cleared:
            raise EntryError("No such side at this table.", status=404)
        _log(
            table,
            actor,
            "PIN tries cleared",
            after={"side": side},
            reason=f"{side_name(table, side)}'s PIN may be typed again; its link and PIN stay.",
            rescore=False,
        )


def correction_closes(result: TableResult, tournament) -> datetime | None:
    """When the correction period of a signed sheet ends (the last signature + N minutes)."""
    if not result.final:
        return None
    last = max(s.signed_at for s in result.signatures)
    return last + timedelta(minutes=tournament.correction_minutes)


ASKED = "asked for a correction"  # the history's word for it, logged with every request


def ask_correction(table: Table, *, actor: Actor, reason: str) -> CorrectionRequest:
    """A side asks for a correction of its signed sheet, within the correction period (the
    idea of bridge Law 79C): the table is flagged on the console for the director."""
    if actor.is_director or actor.side is None:
        raise EntryError("A side asks for a correction; the director reopens.", status=403)
    reason = _reason(reason)
    if not reason:
        raise EntryError("Say what should be corrected.", {"reason": "Say what is wrong."})
    with transaction.atomic():
        table = _locked_table(table)
        result = table_result(table)
        closes = correction_closes(result, table.round.tournament)
        if closes is None:
            raise EntryError(
                "The sheet is not signed yet: correct the hand, or call the director.",
                status=409,
            )
        if timezone.now() > closes:
            raise EntryError(
                "The correction period is over: only the director can reopen this sheet.",
                status=403,
            )
        asked = table.corrections.filter(side=actor.side, closed_at__isnull=True).first()
        if asked is not None:
            return asked  # asked already: a double tap asks once
        asked = CorrectionRequest.objects.create(table=table, side=actor.side, reason=reason)
        _log(table, actor, ASKED, reason=reason, rescore=False)
    return asked


def answer_correction(table: Table, request_id, *, actor: Actor, answer: str) -> None:
    """The director answers a correction request without reopening the sheet."""
    if not actor.is_director:
        raise EntryError("Only a director answers a correction request.", status=403)
    answer = _reason(answer)
    if not answer:
        raise EntryError("Say why nothing is changed.", {"answer": "Give the answer."})
    with transaction.atomic():
        table = _locked_table(table)
        closed = table.corrections.filter(pk=request_id, closed_at__isnull=True).update(
            closed_at=timezone.now(), closed_by=actor.user, answer=answer
        )
        if not closed:
            raise EntryError("No open correction request by that number.", status=404)
        _log(table, actor, "answered a correction request", reason=answer, rescore=False)
