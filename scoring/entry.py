"""Entering, accepting, disputing and signing a table's hands: every write, guarded.

Nothing a scorer enters is lost or doubled: the form's one-time key makes a retried
submit store nothing new; the table row is locked while a hand is added so two phones
cannot both add hand 3; an edit carries the version it was made from, so a stale page
is refused instead of overwriting. All of it is enforced by the database (unique
constraints, row locks, conditional updates), never by a lock in one process. Every
write goes the one way of scoring.writes (lock, facts, checks, write, history); who
may do what is scoring.may's, which the table page asks too.
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.db import IntegrityError, transaction
from django.db.models import Count, F
from django.utils import timezone

from league.names import typed_as
from plumbing import signals
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

from . import check_code, may
from .history import Action
from .models import Change, CorrectionRequest, Hand, Ruling, Signature
from .results import TableResult, results_for
from .writes import Actor, EntryError, TableWrite, gone, side_name, table_write


def table_result(table: Table) -> TableResult:
    tournament = table.round.tournament
    return results_for(tournament, tables=[table])[table.pk]


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


def _parse(w: TableWrite, data, number: int) -> dict:
    ruleset = w.result.ruleset  # the game as dealt at this table: the hand's own dealer
    try:
        options = w.table.round.tournament.game_options
        record = ruleset.parse_hand(data, w.result.size, options, number)
    except InvalidHand as exc:
        raise EntryError("The hand was not stored: see the marked fields.", exc.errors) from exc
    return ruleset.hand_to_dict(record)


def _unchanged_since(hand: Hand, version: int) -> None:
    if hand.version != version:
        raise EntryError(f"{hand} was changed since you looked: check it again.", status=409)


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
    with table_write(table, actor, seated=seated) as w:
        hands = w.facts.hands[w.table.pk]
        existing = next((h for h in hands if h.nonce == nonce), None)
        if existing is not None and not existing.on_sheet:
            # A phone's retry of a hand since taken back or struck: never stored again
            # (its number may be due again): refused for good, the phone's queue drops it
            # and says why (static/kitty.js).
            raise EntryError(
                f"{gone(w.table, existing)}: it was not stored again. "
                "Enter it afresh if it belongs at this table.",
                status=410,
            )
        if existing is not None:
            return existing  # the same form again: a double tap or a phone's retry
        may.enter(w.result, actor).or_refuse()
        due = next_slot(w.result)
        if due != tuple(slot):
            # A hand behind the sheet never becomes due (the sheet has it, entered from
            # another phone): refused for good. One ahead of it waits for the hand before.
            if w.result.pending:
                pending = w.result.pending[0]
                raise EntryError(
                    f"{pending} was just entered from another phone: check it below.",
                    status=409,
                    retry=tuple(slot) > (pending.number, pending.attempt),
                )
            raise EntryError(
                "Another phone has just changed this sheet: check the hands below.",
                status=409,
                retry=due is not None and tuple(slot) > due,
            )
        record = _parse(w, data, slot[0])
        single = not w.table.round.tournament.verify_hands
        hand = Hand.objects.create(
            table=w.table,
            number=slot[0],
            attempt=slot[1],
            record=record,
            nonce=nonce,
            entered_by=actor.side,
            status=Hand.Status.ACCEPTED if actor.is_director or single else Hand.Status.ENTERED,
        )
        hands.append(hand)
        # A hand waiting to be accepted counts for nothing yet: the stored outcome stands.
        w.log(Action.ENTERED, hand, after=record, counts=hand.status == Hand.Status.ACCEPTED)
        if w.table.round.status == Round.Status.PUBLISHED:
            Round.objects.filter(pk=w.table.round_id).update(status=Round.Status.IN_PLAY)
    return hand


def accept_hand(table: Table, hand_id: int, *, actor: Actor, version: int, seated=None) -> Hand:
    with table_write(table, actor, seated=seated) as w:
        hand = w.hand(hand_id)
        if hand.status == Hand.Status.ACCEPTED:
            return hand  # accepted already: a double tap changes nothing
        may.accept(w.result, hand, actor).or_refuse()
        _unchanged_since(hand, version)
        hand.status = Hand.Status.ACCEPTED
        hand.save(update_fields=["status", "updated"])
        w.log(Action.ACCEPTED, hand, counts=True)
    return hand


def dispute_hand(
    table: Table, hand_id: int, *, actor: Actor, version: int, reason: str, seated=None
) -> Hand:
    reason = _reason(reason)
    with table_write(table, actor, seated=seated) as w:
        hand = w.hand(hand_id)
        may.dispute(w.result, hand, actor).or_refuse()
        _unchanged_since(hand, version)
        hand.status = Hand.Status.DISPUTED
        hand.save(update_fields=["status", "updated"])
        w.log(Action.DISPUTED, hand, reason=reason, counts=False)
    return hand


def edit_hand(
    table: Table, hand_id: int, data, *, actor: Actor, version: int, reason: str = "", seated=None
) -> Hand:
    """Correct a hand. Refused when the page was stale: nobody's entry is overwritten unseen."""
    reason = _reason(reason)
    with table_write(table, actor, seated=seated) as w:
        hand = w.hand(hand_id)
        may.edit(w.result, hand, actor).or_refuse()
        record = _parse(w, data, hand.number)
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
        w.log(
            Action.EDITED,
            hand,
            before=before,
            after=record,
            reason=reason,
            counts=hand.status == Hand.Status.ACCEPTED,
        )
    return hand


def take_back(table: Table, hand_id: int, *, actor: Actor, version: int, seated=None) -> Hand:
    """The entering side takes back a hand no other side has accepted (entered at the wrong
    table, or by mistake). It leaves the sheet at once and is kept, off it, with its facts
    in the history ("took back Hand 3"); its number is due again, for the hand that really
    comes next, since it never counted. Its one-time key stays with it: the same form
    sent again (a phone's retry) is refused, never stored again (enter_hand).

    Under the table's lock, as accepting is: of a take-back and an accept at the same
    moment, the first one wins, and the other is refused with what happened (409)."""
    with table_write(table, actor, seated=seated) as w:
        hand = w.hand(hand_id, off_sheet=True)
        if hand.taken_back_at is not None and actor.side == hand.entered_by:
            return hand  # taken back already: a double tap changes nothing
        if not hand.on_sheet:
            raise EntryError(f"{gone(w.table, hand)}.", status=409)
        may.take_back(w.result, hand, actor).or_refuse()
        _unchanged_since(hand, version)
        hand.taken_back_at = timezone.now()
        hand.save(update_fields=["taken_back_at", "updated"])
        # It counted for nothing while waiting: the stored outcome stands.
        w.log(Action.TOOK_BACK, hand, before=hand.record, counts=False)
    return hand


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
    with table_write(table, actor, seated=seated) as w:
        hand = w.hand(hand_id, off_sheet=True)
        if hand.struck_at is not None:
            return hand  # struck already: a double tap changes nothing
        if not hand.on_sheet:
            raise EntryError(f"{gone(w.table, hand)}.", status=409)
        may.strike(w.result, hand, actor).or_refuse()
        counted = hand.status == Hand.Status.ACCEPTED
        hand.struck_at = timezone.now()
        hand.struck_by = w.who()[:100]
        hand.struck_reason = reason
        hand.save(update_fields=["struck_at", "struck_by", "struck_reason", "updated"])
        w.log(Action.STRUCK, hand, before=hand.record, reason=reason, counts=counted)
    return hand


def sign(
    table: Table, *, side: int | None, player: str, typed: str, actor: Actor, seated=None
) -> Signature:
    """One side signs (rule 40): choose one of its players and type that name. A director
    signing for a side signs as the director: the sheet names the director, never a player
    (rules-decisions.md), and `player` and `typed` are not asked."""
    with table_write(table, actor, seated=seated) as w:
        already = next((s for s in w.result.signatures if s.side == side), None)
        if already is not None:
            return already  # signed already: a double tap changes nothing
        may.sign(w.result, side, actor).or_refuse()
        if actor.is_director:
            return _signed(w, side, w.who()[:SIGNER_MAX], by_director=True)
        players = w.result.sides[side].players
        if player not in players:
            raise EntryError(
                "Choose one of your side's players.",
                {"player": "Choose one of your side's players."},
            )
        if not typed_as(typed, player):  # as any phone types it: the sheet keeps `player`
            raise EntryError(
                "Type the chosen player's name to sign.",
                {"typed": f"Type “{player}” to sign."},
            )
        return _signed(w, side, player)


SIGNER_MAX = Signature._meta.get_field("name").max_length


def _signed(w: TableWrite, side: int, name: str, *, by_director: bool = False) -> Signature:
    """The signature stored, in the history, and what it makes final."""
    try:
        with transaction.atomic():
            signature = Signature.objects.create(
                table=w.table, side=side, name=name, by_director=by_director
            )
    except IntegrityError:
        return w.table.signatures.get(side=side)
    w.facts.signatures[w.table.pk].append(signature)
    result = w.derive()
    after = {"side": side, "name": name}
    if by_director:
        after["director"] = True
    if result.final:
        # What every side signed, kept with the last signature: the sheet's check
        # code is recognised after a later correction (check_code.verify).
        after["sheet"] = check_code.sheet_content(result, w.table.round.tournament)
    w.log(Action.SIGNED, after=after, counts=True)
    if "sheet" in after:
        completed(w.table)
    return signature


def completed(table: Table) -> None:
    """A sheet just became final: the round is complete once every table's is, and once
    the write is stored it says so (the laptop makes a copy of the night)."""
    _complete_round_if_done(table.round)
    signals.send_on_commit(signals.sheet_signed, sender=Table, table=table)


def _complete_round_if_done(round_: Round) -> None:
    """Every table's sheet final: signed by every side, or a forfeit signed without the
    side that forfeited (only a table with a round ruling can be one: only those derived)."""
    tables = round_.tables.select_related("round").annotate(
        signed=Count("signatures", distinct=True), sides=Count("seats", distinct=True)
    )
    short = [t for t in tables if t.signed < t.sides]
    if short:
        ruled = set(
            Ruling.objects.filter(
                table__in=short, hand=None, withdrawn_at__isnull=True
            ).values_list("table_id", flat=True)
        )
        if any(t.pk not in ruled for t in short):
            return
        results = results_for(round_.tournament, tables=short)
        if not all(results[t.pk].final for t in short):
            return
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.COMPLETE)


def reopen(table: Table, *, actor: Actor, reason: str) -> None:
    """A director reopens a signed sheet, with a reason kept in the history."""
    if not reason.strip():
        raise EntryError("Give the reason for reopening.", {"reason": "Give a reason."})
    reason = _reason(reason)
    with table_write(table, actor) as w:
        may.reopen(w.result, actor).or_refuse()
        names = [{"side": s.side, "name": s.name} for s in w.result.signatures]
        w.table.signatures.all().delete()
        w.facts.signatures[w.table.pk] = []
        w.table.corrections.filter(closed_at__isnull=True).update(
            closed_at=timezone.now(), closed_by=actor.user, answer=f"Reopened: {reason}"
        )
        Round.objects.filter(pk=w.table.round_id, status=Round.Status.COMPLETE).update(
            status=Round.Status.IN_PLAY
        )
        # No longer final: the standings read it so from the outcome stored here.
        w.log(Action.REOPENED, before={"signatures": names}, reason=reason, counts=True)


def reissue_link(table: Table, side: int, *, actor: Actor) -> Seat:
    """A side's new link and PIN: the old ones stop working at once (a lost card, a PIN
    locked after too many wrong tries)."""
    with table_write(table, actor) as w:
        may.reissue_link(actor).or_refuse()
        seat = Seat.objects.select_for_update().filter(table=w.table, position=side).first()
        if seat is None:
            raise EntryError("No such side at this table.", status=404)
        seat.token, seat.pin, seat.pin_failures = new_token(), new_pin(), 0
        seat.pin_rests_until, seat.pin_rests = None, 0
        seat.save(update_fields=["token", "pin", "pin_failures", "pin_rests_until", "pin_rests"])
        w.log(
            Action.NEW_LINK,
            after={"side": side},
            reason="This side's old link and PIN no longer work.",
            counts=False,
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
    with table_write(table, actor) as w:
        seat = Seat.objects.select_for_update().filter(table=w.table, position=side).first()
        if seat is None:
            raise EntryError("No such side at this table.", status=404)
        may.clear_pin_tries(seat, actor, timezone.now()).or_refuse()
        seat.pin_failures, seat.pin_rests_until, seat.pin_rests = 0, None, 0
        seat.save(update_fields=["pin_failures", "pin_rests_until", "pin_rests"])
        w.log(
            Action.PIN_TRIES_CLEARED,
            after={"side": side},
            reason=f"{side_name(w.table, side)}'s PIN may be typed again; its link and PIN stay.",
            counts=False,
        )


def ask_correction(table: Table, *, actor: Actor, reason: str) -> CorrectionRequest:
    """A side asks for a correction of its signed sheet, within the correction period (the
    idea of bridge Law 79C): the table is flagged on the console for the director."""
    reason = _reason(reason)
    if not reason:
        raise EntryError("Say what should be corrected.", {"reason": "Say what is wrong."})
    with table_write(table, actor) as w:
        may.ask_correction(w.result, actor, timezone.now()).or_refuse()
        asked = w.table.corrections.filter(side=actor.side, closed_at__isnull=True).first()
        if asked is not None:
            return asked  # asked already: a double tap asks once
        asked = CorrectionRequest.objects.create(table=w.table, side=actor.side, reason=reason)
        w.log(Action.ASKED, reason=reason, counts=False)
    return asked


def answer_correction(table: Table, request_id, *, actor: Actor, answer: str) -> None:
    """The director answers a correction request without reopening the sheet."""
    answer = _reason(answer)
    if not answer:
        raise EntryError("Say why nothing is changed.", {"answer": "Give the answer."})
    with table_write(table, actor) as w:
        may.answer_correction(actor).or_refuse()
        closed = w.table.corrections.filter(pk=request_id, closed_at__isnull=True).update(
            closed_at=timezone.now(), closed_by=actor.user, answer=answer
        )
        if not closed:
            raise EntryError("No open correction request by that number.", status=404)
        w.log(Action.ANSWERED, reason=answer, counts=False)
