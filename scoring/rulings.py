"""Recording and withdrawing a director's rulings; scores follow because they derive.

A ruling is stored as data (the infraction's code, the offender, the choice made); the
ruleset applies it when the hand or round is scored. Rule 41 (a team leaving) also
forfeits every later round: the team stays in the draw and each of its later tables
gets an automatic rule 7 forfeit, as rules-decisions.md rules.
"""

from __future__ import annotations

import math
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from django.utils import timezone

from rules import InvalidRuling
from rules import Ruling as RuleRuling
from tournament.models import Entrant, Round, Seat, Table
from tournament.news import left_words

from . import check_code, may
from .entry import completed, next_slot, table_result
from .history import Action
from .models import Hand, Ruling
from .results import to_rule
from .writes import Actor, EntryError, TableWrite, table_write

NEXT_HAND = "next"


@dataclass(frozen=True)
class Proposal:
    """A ruling as the director filled it in, before it is confirmed."""

    code: str
    hand: str = ""  # a hand id, NEXT_HAND, or "" for a round ruling
    offender: int | None = None
    choice: str = ""
    amount: int | None = None
    note: str = ""
    # The director confirmed ruling the game's late rule before its minutes have passed.
    early: bool = False

    def rule(self) -> RuleRuling:
        return RuleRuling(self.code, self.offender, self.choice or None, self.amount)


@dataclass(frozen=True)
class Early:
    """The game's late rule (6 Card Kitty rule 7, the 5-minute rule) before its minutes of
    the round's clock have passed: the director is told how long is left and confirms, and
    the history records the ruling as early (rules-decisions.md)."""

    cite: str  # "Rule 7"
    minutes: int  # a side is late this many minutes after the round's clock started
    seated_by: datetime | None  # None: the round's clock is not started
    seconds_left: int

    @property
    def left(self) -> str:
        """ "3 min left", as the table page's clock counts it down."""
        return left_words(self.seconds_left)

    @property
    def at(self) -> str:
        return f"{timezone.localtime(self.seated_by):%H:%M}" if self.seated_by else ""

    @property
    def iso(self) -> str:
        """When the time is up, as the pages' clocks count down to it (static/kitty.js)."""
        if self.seated_by is None:
            return ""
        return self.seated_by.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")

    @property
    def words(self) -> str:
        """What the ruling form and its preview say."""
        if self.seated_by is None:
            return (
                f"The round's clock has not been started: {self.cite} makes a side late "
                f"{self.minutes} minutes after it starts, so none is late by it yet."
            )
        return (
            f"{self.left} until {self.at}: {self.cite} makes a side late only once "
            f"{self.minutes} minutes of the round's clock have passed."
        )

    @property
    def said(self) -> str:
        """As the history keeps it."""
        if self.seated_by is None:
            return "ruled early, the round's clock not started"
        return f"ruled early, {self.left} until {self.at}"


def early(table: Table, infraction, now: datetime | None = None) -> Early | None:
    """The infraction is the game's late rule (the ruleset's procedure step "late"), ruled
    before its minutes of the round's clock have passed (or before the clock started)."""
    ruleset = table.round.tournament.ruleset
    late = ruleset.procedure_rules.get("late")
    if not late or infraction.scope != "round" or infraction.rule != late:
        return None
    minutes = ruleset.late_after_minutes
    started = table.round.started
    if started is None:
        return Early(infraction.cite, minutes, None, minutes * 60)
    seated_by = started + timedelta(minutes=minutes)
    left = math.ceil((seated_by - (now or timezone.now())).total_seconds())
    return Early(infraction.cite, minutes, seated_by, left) if left > 0 else None


def late_rule_early(table: Table, now: datetime | None = None) -> Early | None:
    """The game's late rule, while ruling it would be early: what the ruling form says."""
    for infraction in table.round.tournament.ruleset.infractions:
        found = early(table, infraction, now)
        if found is not None:
            return found
    return None


EARLY_CONFIRM = "Tick “Rule it early” to confirm it, or wait until the time is up."


@dataclass(frozen=True)
class Preview:
    infraction: object
    effect: str
    early: Early | None = None  # the late rule ruled early: the director confirms it


def _infraction(table: Table, code: str):
    try:
        return table.round.tournament.ruleset.infraction(code)
    except KeyError:
        raise EntryError("Choose an infraction from the list.", {"code": "Choose one."}) from None


def _target(result, proposal: Proposal, infraction):
    """The hand a hand ruling is about (None: the next hand, not yet entered)."""
    if infraction.scope == "round":
        return None
    if proposal.hand == NEXT_HAND:
        return None
    hands = {str(s.hand.pk): s.hand for s in result.hands} | {str(h.pk): h for h in result.pending}
    hand = hands.get(proposal.hand)
    if hand is None:
        raise EntryError("Choose the hand the ruling is about.", {"hand": "Choose a hand."})
    return hand


def preview(table: Table, proposal: Proposal, *, actor: Actor, result=None) -> Preview:
    """The rule, its words and its effect on the score, before the director confirms."""
    tournament = table.round.tournament
    options = tournament.game_options
    result = result or table_result(table)
    may.rule(result, actor).or_refuse()
    infraction = _infraction(table, proposal.code)
    ruleset = result.ruleset  # the game as dealt at this table: each hand's own dealer
    hand = _target(result, proposal, infraction)
    number = _hand_number(result, hand, infraction)
    record = None
    if hand is not None and hand.record is not None:
        record = ruleset.parse_hand(hand.record, result.size, options, number)
    try:
        effect = ruleset.describe_ruling(
            proposal.rule(), record, result.size, options, number, result.names
        )
        _check_scores(result, ruleset, options, proposal, infraction, hand)
    except InvalidRuling as exc:
        raise EntryError(" ".join(exc.errors.values()), exc.errors) from exc
    except ValueError as exc:
        message = "This ruling needs the hand's facts (the bid): enter the hand first."
        raise EntryError(message, {"hand": message}) from exc
    return Preview(infraction, effect, early(table, infraction))


def _check_length(field: str, text: str) -> None:
    """Words are kept as typed: too long is refused, never cut."""
    most = Ruling._meta.get_field("withdrawn_reason" if field == "reason" else field).max_length
    if len(text) > most:
        message = f"At most {most} characters, please ({len(text)} typed)."
        raise EntryError(message, {field: message})


def _hand_number(result, hand, infraction) -> int | None:
    """The number of the hand ruled on (the next one when it is not entered yet)."""
    if infraction.scope == "round":
        return None
    if hand is not None:
        return hand.number
    slot = next_slot(result)
    return slot[0] if slot else None


def _check_scores(result, ruleset, options, proposal, infraction, hand) -> None:
    """Score with the ruling added, so a ruling that cannot apply is refused now."""
    if infraction.scope == "round":
        rulings = [to_rule(r) for r in result.round_rulings] + [proposal.rule()]
        ruleset.match_result([h.score for h in result.hands], result.size, options, rulings)
        return
    existing = []
    record = None
    number = _hand_number(result, hand, infraction)
    if hand is not None:
        existing = [to_rule(r) for r in hand.rulings.filter(withdrawn_at__isnull=True)]
        if hand.record is not None:
            record = ruleset.parse_hand(hand.record, result.size, options, number)
    ruleset.score_hand(
        record, result.size, options, existing + [proposal.rule()], number, result.names
    )


def record(table: Table, proposal: Proposal, *, actor: Actor) -> Ruling:
    _check_length("note", proposal.note)
    with table_write(table, actor) as w:
        previewed = preview(w.table, proposal, actor=actor, result=w.result)
        infraction = previewed.infraction
        if previewed.early is not None and not proposal.early:
            message = f"{previewed.early.words} {EARLY_CONFIRM}"
            raise EntryError(message, status=409)
        hand = _target(w.result, proposal, infraction)
        if infraction.scope == "hand" and hand is None:
            slot = next_slot(w.result)
            if slot is None:
                raise EntryError(
                    "No hand is due at this table: choose an entered hand.",
                    {"hand": "Choose a hand."},
                )
            hand = Hand.objects.create(
                table=w.table,
                number=slot[0],
                attempt=slot[1],
                record=None,
                status=Hand.Status.ACCEPTED,
                nonce=f"ruling-{uuid.uuid4().hex}",
            )
            w.facts.hands[w.table.pk].append(hand)
        ruling = Ruling.objects.create(
            table=w.table,
            hand=hand,
            code=proposal.code,
            offender=proposal.offender,
            choice=proposal.choice,
            amount=proposal.amount,
            note=proposal.note,
            created_by=actor.user,
        )
        _ruled(w, ruling)
        what = f"{infraction.title} ({infraction.cite})"
        after = {"effect": previewed.effect}
        if previewed.early is not None:
            what += f", {previewed.early.said}"
            after["early"] = previewed.early.said
        final = _final_by_ruling(w, after)
        w.log(Action.RULING, hand, what=what, after=after, reason=proposal.note, counts=True)
        if final:
            completed(w.table)
        if infraction.later_rounds and proposal.offender is not None:
            _team_left(w.table, w.result.sides[proposal.offender], ruling, actor)
    return ruling


def _final_by_ruling(w: TableWrite, after: dict) -> bool:
    """A forfeit whose present side had signed already is final with the ruling (its
    forfeiting side need not sign): what the sheet's check code covers is kept with it, as a
    signature that makes a sheet final keeps it (entry.sign), for check_code.verify."""
    result = w.derive()
    if result.final:
        after["sheet"] = check_code.sheet_content(result, w.table.round.tournament)
    return result.final


def _ruled(w: TableWrite, ruling: Ruling) -> None:
    """The write's facts with the ruling in force, as the table's facts now read."""
    if ruling.hand_id:
        w.facts.rulings_by_hand[ruling.hand_id].append(ruling)
    else:
        w.facts.round_rulings[w.table.pk].append(ruling)


def _team_left(table: Table, team: Entrant, cause: Ruling, actor: Actor) -> None:
    """The team forfeits every later round (6 Card Kitty rule 41); it is marked as having
    left, so rounds drawn later get their forfeit too (apply_departures)."""
    Entrant.objects.filter(pk=team.pk).update(left_in_round=table.round.number)
    later = Seat.objects.filter(
        entrant=team,
        table__round__tournament=table.round.tournament,
        table__round__number__gt=table.round.number,
    ).select_related("table__round__tournament")
    for seat in later:
        forfeit_later_round(seat.table, seat.position, team, cause, actor)


def forfeit_later_round(
    table: Table, side: int, team: Entrant, cause: Ruling, actor: Actor
) -> None:
    """The round ruling the cause's infraction gives each later round of the team: a write
    at that table, under its own lock (taken after the cause's table's: a later round's)."""
    ruleset = table.round.tournament.ruleset
    left = ruleset.infraction(cause.code)
    forfeit = ruleset.infraction(left.later_rounds)
    note = f"{left.cite}: {team.name} left in round {cause.table.round.number}."
    with table_write(table, actor) as w:
        _, created = Ruling.objects.get_or_create(
            table=w.table,
            hand=None,
            caused_by=cause,
            withdrawn_at=None,
            defaults={
                "code": forfeit.code,
                "offender": side,
                "note": note,
                "created_by": actor.user,
            },
        )
        if created:
            # The facts are read after the ruling is stored: they hold it.
            after = {"note": note}
            final = _final_by_ruling(w, after)
            w.log(
                Action.RULING,
                what=f"{forfeit.title} ({forfeit.cite}): {team.name} left",
                after=after,
                counts=True,
            )
            if final:
                completed(w.table)


def withdraw(table: Table, ruling_id: int, *, actor: Actor, reason: str) -> Ruling:
    """Take a ruling back, with a reason; the scores follow at once."""
    if not reason.strip():
        raise EntryError(
            "Give the reason for withdrawing the ruling.", {"reason": "Give a reason."}
        )
    _check_length("reason", reason.strip())
    with table_write(table, actor) as w:
        may.withdraw_ruling(w.result, actor).or_refuse()
        ruling = Ruling.objects.filter(pk=ruling_id, table=w.table).first()
        if ruling is None:
            raise EntryError("No such ruling at this table.", status=404)
        if ruling.withdrawn_at is not None:
            return ruling
        ruling.withdrawn_at = timezone.now()
        ruling.withdrawn_reason = reason.strip()
        ruling.save(update_fields=["withdrawn_at", "withdrawn_reason"])
        hand = _withdrawn(w, ruling)
        # Logged once the facts are as they stay (the log stores the table's outcome).
        w.log(
            Action.RULING_WITHDRAWN,
            hand,
            what=ruling.code,
            reason=ruling.withdrawn_reason,
            counts=True,
        )
        if w.table.round.tournament.ruleset.infraction(ruling.code).later_rounds:
            _team_returns(w.table, ruling, actor)
    return ruling


def _withdrawn(w: TableWrite, ruling: Ruling) -> Hand | None:
    """The write's facts without the ruling; a hand that stood only for it (a misdeal
    before entry) goes, and its number is due again. The hand the history names, if any."""
    if not ruling.hand_id:
        kept = w.facts.round_rulings[w.table.pk]
        kept[:] = [r for r in kept if r.pk != ruling.pk]
        return None
    kept = w.facts.rulings_by_hand[ruling.hand_id]
    kept[:] = [r for r in kept if r.pk != ruling.pk]
    hand = w.hand(ruling.hand_id, off_sheet=True)
    # One struck off the sheet is kept, with why (entry.strike_hand).
    if hand.on_sheet and hand.record is None and not kept:
        hand.delete()
        w.facts.hands[w.table.pk].remove(hand)
        return None
    return hand


def _team_returns(table: Table, ruling: Ruling, actor: Actor) -> None:
    """The cause withdrawn: the team is back, and the rulings it caused are withdrawn, each
    a write at its own table."""
    team = Seat.objects.get(table=table, position=ruling.offender).entrant
    Entrant.objects.filter(pk=team.pk).update(left_in_round=None)
    reason = f"The ruling that caused it ({ruling.code}) was withdrawn."
    for later in ruling.caused.filter(withdrawn_at__isnull=True).select_related("table"):
        with table_write(later.table, actor) as w:
            later.withdrawn_at = timezone.now()
            later.withdrawn_reason = reason
            later.save(update_fields=["withdrawn_at", "withdrawn_reason"])
            # The facts are read after the withdrawal is stored: they are without it.
            w.log(Action.RULING_WITHDRAWN, what=later.code, reason=reason, counts=True)


def apply_departures(round_: Round, actor: Actor) -> None:
    """A newly drawn round: each table of a team that left gets the forfeit its leaving
    ruling gives every later round."""
    ruleset = round_.tournament.ruleset
    codes = [i.code for i in ruleset.infractions if i.later_rounds]
    if not codes:
        return
    causes = Ruling.objects.filter(
        table__round__tournament=round_.tournament,
        code__in=codes,
        withdrawn_at__isnull=True,
        hand=None,
    ).select_related("table__round")
    by_team = {}
    for cause in causes:
        seat = Seat.objects.filter(table=cause.table, position=cause.offender).first()
        if seat is not None:
            by_team[seat.entrant_id] = cause
    for seat in Seat.objects.filter(
        table__round=round_, entrant__left_in_round__isnull=False
    ).select_related("table__round__tournament", "entrant"):
        cause = by_team.get(seat.entrant_id)
        if cause is not None:
            forfeit_later_round(seat.table, seat.position, seat.entrant, cause, actor)
