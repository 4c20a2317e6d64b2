"""Who acts at a table, and what they may do there: the one set of rules that decides
both what a table page offers (tables.model) and what a write allows (scoring.entry,
scoring.rulings, scoring.dealing).

Each predicate answers with a Verdict: true when the actor may, else false with the
refusal the write raises (its message and status). A page shows a button exactly when
its write would accept it, so a side never sees an action that is then refused for who
it is, and no action is open to a hand-made request that the page does not offer.
Conflicts of the moment (a stale page, a hand just entered by another phone) are the
write's own to refuse, under the table's lock.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from tournament.models import Round

from .models import Hand
from .results import TableResult
from .writes import Actor, EntryError


def acting(*, director=None, side: int | None = None, link_side: int | None = None) -> Actor:
    """Who acts: a director, for the side it names (none: as the director); on a side's
    link, that side, whatever side was posted (a side acts on another's phone only by
    typing its PIN: entry.by_pin)."""
    if director is not None:
        return Actor(side=side, user=director, label=f"Director {director}")
    return Actor(side=link_side)


@dataclass(frozen=True)
class Verdict:
    """True when the actor may; else false, with the refusal the write raises."""

    refusal: EntryError | None = None

    def __bool__(self) -> bool:
        return self.refusal is None

    def or_refuse(self) -> None:
        if self.refusal is not None:
            raise self.refusal


YES = Verdict()


def _no(message: str, errors: dict[str, str] | None = None, status: int = 400) -> Verdict:
    return Verdict(EntryError(message, errors, status))


# --- the shared conditions ------------------------------------------------------------


def _published(result: TableResult) -> Verdict:
    if result.round.status == Round.Status.DRAFT:
        return _no("This round is not published yet.", status=403)
    return YES


def _open(result: TableResult) -> Verdict:
    """A sheet is written on once its round is published, until every side signs (rule 40)."""
    verdict = _published(result)
    if verdict and result.final:
        return _no("The sheet is signed and final: only a director can reopen it.", status=409)
    return verdict


def _side_named(result: TableResult, actor: Actor) -> Verdict:
    """A table link must say its side; a director may, and then it must be one at the table."""
    if actor.side is None and actor.is_director:
        return YES
    if actor.side not in range(len(result.sides)):
        return _no("Say which side is entering.", {"side": "Choose your side."})
    return YES


def _other_side(hand: Hand, actor: Actor, verb: str) -> Verdict:
    """Only another side checks a hand: its own link, or its PIN on the entering phone; a
    director checks it for another side, or as the director."""
    if actor.side is not None and actor.side == hand.entered_by:
        return _no(
            f"The other side {verb} a hand, not the side that entered it: "
            "hand the phone across and let them type their PIN, or use their own link.",
            status=403,
        )
    return YES


def _director(actor: Actor, message: str) -> Verdict:
    return YES if actor.is_director else _no(message, status=403)


# --- a hand ------------------------------------------------------------------------------


def enter(result: TableResult, actor: Actor) -> Verdict:
    """Any side enters the hand due, or the director."""
    return _open(result) and _side_named(result, actor)


def accept(result: TableResult, hand: Hand, actor: Actor) -> Verdict:
    """Another side accepts a waiting hand; a disputed one waits for the director."""
    if hand.status == Hand.Status.DISPUTED:
        disputed = _no(f"{hand} is disputed: the director decides it.", status=409)
    else:
        disputed = YES
    return (
        _open(result)
        and _side_named(result, actor)
        and disputed
        and _other_side(hand, actor, "accepts")
    )


def dispute(result: TableResult, hand: Hand, actor: Actor) -> Verdict:
    """Another side disputes a waiting hand, which calls the director."""
    if hand.status != Hand.Status.ENTERED:
        waiting = _no(
            f"{hand} is {hand.get_status_display().lower()}: nothing to dispute.", status=409
        )
    else:
        waiting = YES
    return (
        _open(result)
        and _side_named(result, actor)
        and waiting
        and _other_side(hand, actor, "disputes")
    )


def edit(result: TableResult, hand: Hand, actor: Actor) -> Verdict:
    """The side that entered a hand corrects it while it waits; a director corrects any
    hand that was entered and counts (a void one was dealt again: its ruling, or striking
    it, is the way to change it)."""
    verdict = _open(result)
    if not verdict:
        return verdict
    if actor.is_director:
        scored = next((s for s in result.hands if s.hand.pk == hand.pk), None)
        if hand.record is None or (scored is not None and scored.score.void):
            return _no(f"{hand} was not played: there are no facts to correct.", status=409)
        return YES
    verdict = _side_named(result, actor)
    if not verdict:
        return verdict
    if hand.status == Hand.Status.ACCEPTED:
        return _no("An accepted hand can only be changed by a director.", status=403)
    if hand.entered_by is not None and actor.side != hand.entered_by:
        return _no(f"Only the side that entered {hand}, or the director, corrects it.", status=403)
    return YES


def take_back(result: TableResult, hand: Hand, actor: Actor) -> Verdict:
    """The side that entered a hand takes it back while no other side has accepted it
    (entered, or disputed): it never counted, so it simply goes. Once accepted it counts,
    and only a director strikes it."""
    verdict = _published(result)
    if not verdict:
        return verdict
    if actor.is_director or actor.side is None:
        return _no(
            "A side takes back the hand it entered; a director strikes a hand, with a reason.",
            status=403,
        )
    if actor.side != hand.entered_by:
        return _no(
            f"Only the side that entered {hand} can take it back: dispute it if it is wrong.",
            status=403,
        )
    if hand.status == Hand.Status.ACCEPTED or result.final:
        return _no(
            f"{hand} has been accepted and counts: only the director can strike it now.",
            status=409,
        )
    return YES


def strike(result: TableResult, hand: Hand, actor: Actor) -> Verdict:
    """Only a director strikes, any hand on the sheet, accepted or not; a signed sheet is
    final (rule 40), so it is reopened first, with its own reason, as for a correction or
    a ruling."""
    if not actor.is_director:
        return _no("Only a director strikes a hand off the sheet.", status=403)
    if result.final:
        return _no(
            "The sheet is signed and final: reopen it (with a reason) to strike a hand.",
            status=409,
        )
    return YES


# --- the table ---------------------------------------------------------------------------


def first_dealer_open(result: TableResult) -> bool:
    """Whether the table may still say who deals first: its round is public, its sheet
    open, and no hand is on it yet (entered, accepted or void: each was read against the
    dealer as it stood)."""
    return (
        result.round.is_public
        and not result.final
        and not result.hands
        and not result.pending
        and not result.match.complete
    )


def say_first_dealer(result: TableResult, actor: Actor) -> Verdict:
    """Any side, or the director, says who deals first, before the first hand (rule 8)."""
    verdict = _open(result) and _side_named(result, actor)
    if verdict and not first_dealer_open(result):
        message = (
            "A hand is on the sheet already: who dealt first is fixed with it. The "
            "director can strike the hands to say it again."
        )
        return _no(message, {"first_dealer": message}, status=409)
    return verdict


def sign(result: TableResult, side: int | None, actor: Actor) -> Verdict:
    """Each side signs for itself (its own link, or its PIN), or the director for it, once
    every hand is in and accepted (rule 40). A side that forfeited does not sign: the sheet
    is final without it (rules-decisions.md); where every side forfeited, the director
    signs for the table."""
    verdict = _published(result)
    if not verdict:
        return verdict
    if side not in range(len(result.sides)):
        return _no("Choose the side that signs.", {"side": "Choose your side."})
    if not actor.is_director and actor.side != side:
        return _no(
            "Each side signs for itself: through its own link, or by typing its PIN.",
            status=403,
        )
    if result.pending or not result.match.complete:
        return _no("The sheet can be signed once every hand is in and accepted.", status=409)
    forfeit = result.forfeited.get(side)
    if forfeit is not None and (result.to_sign or not actor.is_director):
        name = result.ruleset.side_names(result.size, result.names)[side]
        cite = result.ruleset.infraction(forfeit.code).cite
        return _no(
            f"{name} forfeited the round ({cite}): no signature is needed from them.",
            status=409,
        )
    if result.final:
        return _no("The sheet is signed and final: only a director can reopen it.", status=409)
    return YES


def correction_closes(result: TableResult) -> datetime | None:
    """When the correction period of a signed sheet ends (the last signature + N minutes)."""
    if not result.final:
        return None
    last = max(s.signed_at for s in result.signatures)
    return last + timedelta(minutes=result.round.tournament.correction_minutes)


def ask_correction(result: TableResult, actor: Actor, now: datetime) -> Verdict:
    """A side asks for a correction of its signed sheet, within the correction period (the
    idea of bridge Law 79C); the director reopens."""
    if actor.is_director or actor.side is None:
        return _no("A side asks for a correction; the director reopens.", status=403)
    closes = correction_closes(result)
    if closes is None:
        return _no(
            "The sheet is not signed yet: correct the hand, or call the director.", status=409
        )
    if now > closes:
        return _no(
            "The correction period is over: only the director can reopen this sheet.",
            status=403,
        )
    return YES


def answer_correction(actor: Actor) -> Verdict:
    return _director(actor, "Only a director answers a correction request.")


def reopen(result: TableResult, actor: Actor) -> Verdict:
    """A director reopens a sheet any side has signed."""
    if not actor.is_director:
        return _no("Only a director can reopen a signed sheet.", status=403)
    if not result.signatures:
        return _no("The sheet is not signed: nothing to reopen.", status=409)
    return YES


def rule(result: TableResult, actor: Actor) -> Verdict:
    """A director rules on an open sheet; a signed one is reopened first (rule 40)."""
    if not actor.is_director:
        return _no("Only a director rules on infractions.", status=403)
    if result.final:
        return _no(
            "The sheet is signed and final: reopen it (with a reason) to rule on it.", status=409
        )
    return YES


def withdraw_ruling(result: TableResult, actor: Actor) -> Verdict:
    if not actor.is_director:
        return _no("Only a director withdraws a ruling.", status=403)
    if result.final:
        return _no("The sheet is signed and final: reopen it first.", status=409)
    return YES


# --- the director called to the table -------------------------------------------------


def call_director(actor: Actor) -> Verdict:
    """A side calls the director from its own phone; the director, being called, does not."""
    if actor.is_director or actor.side is None:
        return _no("A side calls the director from its own link.", status=403)
    return YES


def answer_call(actor: Actor) -> Verdict:
    return _director(actor, "Only a director marks a call answered.")


# --- a side's link and PIN -------------------------------------------------------------


def reissue_link(actor: Actor) -> Verdict:
    return _director(actor, "Only a director gives a side a new link and PIN.")


def pin_tried(seat, now: datetime) -> bool:
    """Whether a side's PIN has wrong tries to clear: locked now, or tried wrongly since."""
    if seat.pin_rests_until:
        return seat.pin_rests_until > now
    return bool(seat.pin_failures)


def clear_pin_tries(seat, actor: Actor, now: datetime) -> Verdict:
    """A director lets a side type its PIN again at once, when it has wrong tries."""
    if not actor.is_director:
        return _no("Only a director can clear a side's PIN tries.", status=403)
    if not pin_tried(seat, now):
        return _no("This side's PIN has no wrong tries to clear.", status=409)
    return YES
