"""The table page as one object: what one request shows of a table, each part built once.

The table's result is read once (scoring.results); from it the page builds its sheet and
its ruling lines once, its history once (each corrected hand's facts worded through the
result's own memo: a hand on the sheet is not scored again), then each section of the
page with its forms. Every tap at every table draws this page, so nothing is built twice:
the signed sheet's check code is made from the same sheet and ruling lines.

Each action at a table names the section its form is in (tables.forms.Section); a refused
action's form comes back in that section alone, as typed, with its messages by their
fields, and what no field shows is said at the top of the page.
"""

from __future__ import annotations

import json
import uuid
from typing import TYPE_CHECKING

import segno
from django.db.models import Count, Max
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone

from documents import printed_sheet
from laptop.links import phone_url
from plumbing import live
from scoring import calls, check_code, entry, may, rulings
from scoring.at_table import at_table
from scoring.dealing import FirstDealerForm
from scoring.forms import (
    AnswerForm,
    CorrectionForm,
    DisputeForm,
    EditForm,
    ReopenForm,
    RulingForm,
    SignForm,
    StrikeForm,
    WithdrawForm,
)
from scoring.history import Action
from scoring.models import Change, CorrectionRequest, Hand
from scoring.results import TableResult, results_for
from scoring.sheet_view import SideView, build_sheet, next_dealer, ruling_lines, seat_choices
from tournament import news
from tournament.models import PIN_TRIES, Table

from . import next_table
from .forms import Failed, Section, for_sides, hand_fields_html, initial_values, table_hand_form

if TYPE_CHECKING:
    from .access import Access


def table_version(
    access: Access, history: list[Change] | None = None, newest: int | None = None
) -> str:
    """Everything that changes a table is written to its history (a call to the director
    too), or is the round's state or the tournament's options and news: a version of the
    page in one query (none, from the history as the page read it, and the `newest` round
    it read). The round's clock is not in it: see clock_shown."""
    if history is None and access.read is not None:  # read with the seats
        last = {"n": access.read.changes, "last": access.read.last_change}
        newest = access.read.newest_round
    elif history is None:  # a director's page, whose own read did not bring it
        changes = Change.objects.filter(table_id=access.table.pk)
        last = changes.aggregate(n=Count("pk"), last=Max("pk"))
    else:
        last = {"n": len(history), "last": max((c.pk for c in history), default=None)}
    round_ = access.table.round
    follows = (
        (*access.follows, newest) if next_table.follows_its_entrant(access) else access.follows
    )
    return live.version(
        last["n"],
        last["last"],
        round_.state_shown_to_players,
        live.fields_of(access.tournament),
        follows,
    )


def clock_shown(round_) -> str:
    """What a page's clock shows, apart from the facts in its version: the clock's start
    ("" before it). The page counts down by itself from then (static/kitty.js), so its
    passing minutes redraw nothing; the director starting the clock, on every phone at once,
    redraws only the clock (clock_part), at each phone's next poll."""
    return live.version(round_.started) if round_.started else ""


def clock_context(access: Access, hands_on_sheet: bool) -> dict:
    """The round's clock as the page shows it; while no hand is on the sheet, when the
    sides must be seated by."""
    round_ = access.table.round
    clock = news.clock(round_, access.tournament, timezone.now())
    return {
        "clock": clock,
        "clock_shown": clock_shown(round_),
        "round": round_,
        "seating": clock is not None and clock.seated_by is not None and not hands_on_sheet,
    }


def clock_part(access: Access) -> str:
    """The clock alone, for a poll whose page shows the table's current facts: read with
    one query more (is a hand on the sheet; none where nothing is stored), not the whole
    table."""
    hands_on_sheet = (access.read is None or access.read.facts_stored) and (
        # A hand on the sheet (Hand.on_sheet): neither taken back nor struck.
        Hand.objects.filter(table_id=access.table.pk, taken_back_at=None, struck_at=None).exists()
    )
    context = clock_context(access, hands_on_sheet)
    return render_to_string("tables/_clock.html", context, using="jinja2")


class TablePage:
    """One request's table page: who looks (`access`), what was refused (`failed`) or is
    to confirm (`ruling`, a ruling previewed: its proposal and effect). The table's result,
    sheet, ruling lines and history are read and built here once; each section's method
    builds its part of the page from them, and `context` gives the templates every part."""

    def __init__(self, request, access: Access, *, failed: Failed | None = None, ruling=None):
        self.request = request
        self.access = access
        self.failed = failed or Failed()
        self.ruling = ruling
        tournament = self.tournament = access.tournament
        self.options = tournament.game_options
        # The page as the link's own read found the table (nothing stored, no history:
        # nothing more to read), unless it answers a refused or previewed action: such a
        # page is not polled, so it reads what stands now.
        as_read = failed is None and ruling is None
        stored = not as_read or access.read is None or access.read.facts_stored
        self.result = results_for(
            tournament, tables=[access.table], seated=access.seated, stored=stored
        )[access.table.pk]
        self.ruleset = self.result.ruleset  # the game as dealt at this table
        self.sheet = build_sheet(self.result, self.ruleset, self.options)
        self.lines = ruling_lines(self.result, self.ruleset, self.options)
        self.slot = entry.next_slot(self.result)
        self.slot_label = context_slot_label(self.slot)
        sheet = self.sheet
        self.pending = next(
            (r for r in sheet.rows if r.status != "accepted" and r.status != "void"), None
        )
        self.mine = next((s for s in sheet.sides if s.index == access.side), None)
        # What the page offers is what the writes allow (scoring.may decides both).
        self.actor = access.actor()
        # Who checks the waiting hand: every other side; on a side's link, its own side
        # directly, the others by their PIN on this phone (Bridgemate's way).
        waiting = self.pending.hand if self.pending else None
        result = self.result
        self.checkers = [
            s
            for s in sheet.sides
            if waiting and may.accept(result, waiting, access.for_side(s.index))
        ]
        self.disputers = [
            s
            for s in sheet.sides
            if waiting and may.dispute(result, waiting, access.for_side(s.index))
        ]
        no_history = as_read and access.read is not None and not access.read.changes
        self.history = [] if no_history else _history(access.table, self.result)

    def refused(self, section: Section) -> Failed:
        """The refused action, if its form is in this section (the action names it); else
        nothing refused, for this section."""
        return self.failed if self.failed.section == section else Failed()

    def context(self) -> dict:
        """What the templates read, section by section. Every section places its refused
        form before the page's top is worded, so a refusal is said once, by its field."""
        context = {
            **self.next_hand(),
            **self.waiting(),
            **self.correcting(),
            **self.signatures(),
            **self.rulings(),
            **self.corrections(),
            **self.director(),
            **self.history_section(),
            **self.call(),
            **self.news(),
        }
        return {**self.head(), **context, "errors": self.failed.messages()}

    def head(self) -> dict:
        """The page's top: whose page, the sheet, what happens next, and how it polls."""
        access = self.access
        # A page showing a refused form (or a ruling to confirm) polls but is held: what
        # was typed stays as it is, and a line offers the table as it is now
        # (static/kitty.js).
        held = bool(self.failed.action) or self.ruling is not None
        newest, next_round = (
            next_table.newest_round(access)
            if next_table.follows_its_entrant(access)
            else (None, None)
        )
        version = table_version(access, self.history, newest)
        return {
            "later": next_round,  # a side's page of a past round: where its entrant plays now
            "tournament": self.tournament,
            "round": access.table.round,
            "table": access.table,
            "access": access,
            "mine": self.mine,
            "sheet": self.sheet,
            "failed_action": self.failed.action,
            "next_step": _next_step(
                self.sheet, self.pending, self.slot, self.slot_label, self.mine, self.checkers
            ),
            "live_url": live.poll_url(self.request, version, access.page_url),
            "live_every": live.EVERY.table_page,
            "live_held": held,
        }

    def next_hand(self) -> dict:
        """The hand to enter next: its form (as typed, when refused), its dealer, and
        before the first hand who deals it."""
        result, tournament, slot = self.result, self.tournament, self.slot
        refused = self.refused(Section.NEXT_HAND)
        typed = refused.hand_form  # a hand refused as typed (who deals first carries none)
        if typed is not None and slot is not None:
            form = refused.shown(table_hand_form(result, tournament, slot[0], typed=typed))
        elif typed is not None:
            form = typed
        elif slot is not None and may.enter(result, self.actor):
            form = table_hand_form(result, tournament, slot[0])
        else:
            form = None
        return {
            "slot": slot,
            "slot_label": self.slot_label,
            "form": form,
            "form_fields": hand_fields_html(form) if form is not None else "",
            # The page shows a form only where it is offered: a blank one is not built for
            # a place the page leaves out (the director's tools on a side's link, say).
            "enter_form": refused.at("enter"),
            "nonce": uuid.uuid4().hex,
            "next_dealer": next_dealer(self.sheet, self.ruleset, slot[0]) if slot else "",
            # Who deals the hands after it: a phone whose hands wait to be sent shows the
            # dealer of the hand it takes next (static/kitty.js), as the ruleset deals.
            "next_dealers": json.dumps(
                {n: next_dealer(self.sheet, self.ruleset, n) for n in range(slot[0], slot[0] + 13)}
            )
            if slot
            else "",
            # The round's last hand, where the game has a set length: a phone with hands
            # waiting to be sent offers none after it.
            "last_hand": self.sheet.planned or "",
            "tiebreaker_next": bool(slot and result.match.needs_tiebreaker),
            **_first_dealer(self.access, result, self.sheet, refused, asked=bool(form and slot)),
        }

    def waiting(self) -> dict:
        """The hand waiting to be checked: each side that may accept it or dispute it, and
        taking it back for the side that entered it."""
        pending, refused = self.pending, self.refused(Section.WAITING)
        access = self.access
        by_pin = [s for s in self.checkers if not access.director and s.index != access.side]
        take_back = pending is not None and bool(
            may.take_back(self.result, pending.hand, self.actor)
        )
        return {
            "pending": pending,
            "accept_sides": [s for s in self.checkers if s not in by_pin],
            "accept_pin_forms": for_sides(refused, "accept", DisputeForm, by_pin),
            "dispute_forms": for_sides(refused, "dispute", DisputeForm, self.disputers),
            "take_back": take_back,
        }

    def correcting(self) -> dict:
        """Each hand's correction form: the waiting hand's, for the side that entered it,
        shown with the waiting hand; every hand's for a director, in the director's tools."""
        result, tournament, sheet = self.result, self.tournament, self.sheet
        refused, pending = self.refused(Section.CORRECTING), self.pending
        editable = [r for r in sheet.rows if may.edit(result, r.hand, self.actor)]
        edit_forms = []
        for row in editable:
            meta = refused.at("edit", "hand", row.hand.pk, auto_id=f"edit{row.hand.pk}-%s")
            if meta is not None:
                typed = refused.hand_form
                hand_form = refused.shown(
                    table_hand_form(result, tournament, row.hand.number, prefix="edit", typed=typed)
                )
            else:
                meta = EditForm(auto_id=f"edit{row.hand.pk}-%s")
                initial = initial_values(row.hand.record)
                hand_form = table_hand_form(
                    result, tournament, row.hand.number, prefix="edit", initial=initial
                )
            hand_form.meta = meta
            edit_forms.append((row, hand_form))
        return {
            "edit_form": next((f for row, f in edit_forms if row is pending), None),
            "edit_forms": edit_forms if self.access.director else [],
        }

    def signatures(self) -> dict:
        """Every side still to sign, once every hand is in; the signed sheet's check code."""
        sheet, refused = self.sheet, self.refused(Section.SIGNATURES)
        unsigned = [s for s in sheet.sides if s.index not in sheet.signatures]
        access = self.access
        signers = [s for s in unsigned if may.sign(self.result, s.index, access.for_side(s.index))]
        return {
            "sign_forms": for_sides(refused, "sign", SignForm, signers),
            "check": self._check() if sheet.final else None,
            # A side that forfeited need not sign: why, where its signature would be.
            "unneeded": {
                s.index: words
                for s in unsigned
                if (words := printed_sheet.unneeded(self.result, self.ruleset, s.index))
            },
        }

    def rulings(self) -> dict:
        """The rulings in force, under the sheet; a director may withdraw each."""
        refused = self.refused(Section.RULINGS)
        withdrawable = bool(may.withdraw_ruling(self.result, self.actor))
        return {
            "ruling_lines": self.lines,
            "withdraw_forms": [
                (
                    line,
                    (
                        refused.at(
                            "withdraw-ruling", "ruling", line.ruling.pk, f"w{line.ruling.pk}-%s"
                        )
                        or WithdrawForm(auto_id=f"w{line.ruling.pk}-%s")
                    )
                    if withdrawable
                    else None,
                )
                for line in self.lines
            ],
        }

    def corrections(self) -> dict:
        """After signing: a side asks for a correction within its period; the director
        answers each."""
        refused, mine = self.refused(Section.CORRECTIONS), self.access.side
        closes = may.correction_closes(self.result)
        correction_open = bool(may.ask_correction(self.result, self.actor, timezone.now()))
        # Every correction asked is in the history (entry.ask_correction logs it): a table
        # whose history has none is not read for them, as at every table until its sheet
        # is signed.
        asked = any(change.action == Action.ASKED for change in self.history)
        corrections = list(at_table(CorrectionRequest, self.access.table.pk)) if asked else []
        return {
            "correction_closes": closes,
            "correction_open": correction_open,
            "correction_form": refused.at("correction", auto_id="c-%s")
            or (CorrectionForm(auto_id="c-%s") if correction_open else None),
            "corrections": corrections,
            "my_correction": next((c for c in corrections if c.open and c.side == mine), None),
            "answer_forms": [
                (
                    c,
                    refused.at("answer-correction", "request", c.pk, f"a{c.pk}-%s")
                    or (
                        AnswerForm(auto_id=f"a{c.pk}-%s")
                        if may.answer_correction(self.actor)
                        else None
                    ),
                )
                for c in corrections
                if c.open
            ],
        }

    def director(self) -> dict:
        """The director's tools: each side's link and PIN, striking a hand, ruling on an
        infraction (or confirming the ruling previewed), reopening the sheet."""
        access, refused = self.access, self.refused(Section.DIRECTOR)
        actor, result = self.actor, self.result
        strikable = [r for r in self.sheet.rows if may.strike(result, r.hand, actor)]
        return {
            "side_links": _side_links(self.request, access, self.sheet)
            if may.reissue_link(actor)
            else [],
            "pin_tries": PIN_TRIES,
            "strike_rows": strikable,
            "strike_form": refused.at("strike", auto_id="strike-%s")
            or (StrikeForm(auto_id="strike-%s") if strikable else None),
            "reopen_form": (
                refused.at("reopen", auto_id="reopen-%s") or ReopenForm(auto_id="reopen-%s")
                if may.reopen(result, actor)
                else None
            ),
            "ruling_form": (
                refused.at("ruling", auto_id="r-%s") or RulingForm(auto_id="r-%s")
                if may.rule(result, actor)
                else None
            ),
            "ruling": self.ruling,
            "infractions": self.ruleset.infractions,
            # The game's late rule ruled now would be early: the form says how long is left.
            "late_early": (
                rulings.late_rule_early(access.table) if may.rule(result, actor) else None
            ),
        }

    def call(self) -> dict:
        """The director called to the table: the open call, from the history the page read
        (no query), for every page of the table to say; a side's link offers to call while
        none is open (with the game's reasons), the director's page to mark it answered."""
        refused = self.refused(Section.CALL)
        actor = self.actor
        called = calls.open_call(self.history)
        offered = called is None and bool(may.call_director(actor))
        answerable = called is not None and bool(may.answer_call(actor))
        return {
            "open_call": called,
            "call_reason": _lower_first(called.reason) if called else "",
            "call_form": refused.at("call", auto_id="call-%s")
            or (calls.CallForm(auto_id="call-%s") if offered else None),
            "call_reasons": self.tournament.ruleset.call_reasons,
            "answer_call": answerable,
        }

    def news(self) -> dict:
        """The round's clock and the director's announcements (tournament.news): the clock
        from the round the page read (no query), the news only on a night that has any.
        While no hand is entered, when the sides must be seated by."""
        return {
            **clock_context(self.access, bool(self.sheet.rows)),
            "announcements": news.announcements(self.tournament),
        }

    def history_section(self) -> dict:
        """The table's history, each change of facts in words, each signing with the code
        of its paper; what changed after signing, for the top of the page."""
        result = self.result
        for change in self.history:
            change.code = check_code.signing_code(change)  # the paper of each signing, told apart
            # Only a change of facts (before and after) is worded: the page shows no other.
            change.was = change.now = ""
            if change.before is not None:
                change.was = _in_words(change.before, change, result)
                if change.after is not None:
                    change.now = _in_words(change.after, change, result)
        return {"history": self.history, "after_signing": _after_signing(self.history)}

    def _check(self) -> dict:
        """The signed sheet's check code and the QR code of its check page, as the paper
        has them: printed from this page's own sheet and ruling lines."""
        access, table = self.access, self.access.table
        slug, number = access.tournament.slug, table.round.number
        printed = printed_sheet.printed_sheet(
            self.result,
            access.tournament,
            lambda code: printed_sheet.check_url(self.request, slug, number, table.number, code),
            shown=(self.sheet, self.lines),
        )
        qr = segno.make(printed.qr_url, error="m").svg_data_uri(scale=4, border=2)
        return {"code": check_code.shown(printed.check_code), "url": printed.qr_url, "qr": qr}


def _first_dealer(access: Access, result, sheet, failed: Failed, asked: bool) -> dict:
    """Before the first hand, who deals it (scoring.dealing): every side and the director
    may say, the seat it is now chosen (or as it was just typed, when refused). Asked with
    the hand form (`asked`); when the page shows none, a refusal is said at its top."""
    form = failed.at("first-dealer", auto_id="fd-%s") if asked else None
    if form is None and asked and may.say_first_dealer(result, access.actor()):
        form = FirstDealerForm(auto_id="fd-%s")
    now = access.table.first_dealer or 0
    if form is not None and form.is_bound:
        typed = str(form.data.get("first_dealer", ""))
        # isdecimal, not isdigit: "²" is a digit that int() cannot read (a 500).
        now = int(typed) if typed.isdecimal() and len(typed) < 3 else None
    return {
        "first_dealer_form": form,
        "first_dealer_choices": seat_choices(sheet, result.ruleset) if form is not None else [],
        "first_dealer_now": now,
    }


def _history(table: Table, result) -> list[Change]:
    """The table's history, each change with its hand as the result read it (no query
    per change, nor a join to read them again)."""
    hands = {h.hand.pk: h.hand for h in result.hands} | {h.pk: h for h in result.pending}
    hands |= {h.pk: h for h in result.removed}  # taken back or struck: named all the same
    history = list(at_table(Change, table.pk))
    for change in history:
        if change.hand_id in hands:
            change.hand = hands[change.hand_id]
    return history


def _in_words(record, change: Change, result: TableResult) -> str:
    """A hand's facts in the history as the sheet words them, with the players' names
    ("North-South bid 5, took 12 books"), not as stored (seat numbers counted from 0):
    scored through the result's memo, as the sheet's own rows were."""
    if not isinstance(record, dict) or change.hand is None or "signatures" in record:
        return ""
    try:
        _, score = result.scored(record, change.hand.number)
    except Exception:  # noqa: BLE001 - only words: facts it cannot read show as stored
        return ""
    return score.explanation


def _lower_first(words: str) -> str:
    """ "A misdeal" inside a sentence: "(called 21:03, a misdeal)"."""
    return words[:1].lower() + words[1:]


def context_slot_label(slot) -> str:
    return slot and (f"Hand {slot[0]}" + (" (replay)" if slot[1] > 1 else ""))


def _next_step(sheet, pending, slot, slot_label: str, mine, checkers) -> str:
    """What happens next at the table, in one line at the top of the page."""
    forfeited = sheet.result.forfeited
    out = " and ".join(s.name for s in sheet.sides if s.index in forfeited)
    if sheet.final and forfeited:
        signers = " and ".join(
            f"{sheet.signatures[s.index].name} for {s.name}"
            if sheet.signatures[s.index].by_director
            else s.name
            for s in sheet.sides
            if s.index in sheet.signatures
        )
        return f"Signed by {signers} ({out} forfeited, no signature needed): the sheet is final."
    if sheet.final:
        return "Signed by every side: the sheet is final."
    if pending is not None and pending.status == Hand.Status.DISPUTED:
        return f"{pending.label} is disputed: the director has been called."
    if pending is not None:
        names = " or ".join(side.name for side in checkers)
        if mine is not None and pending.hand.entered_by == mine.index:
            return f"Waiting for {names} to check {pending.label.lower()} and accept it."
        who = mine.name if mine is not None and mine in checkers else names
        return f"{who}: check {pending.label.lower()} and accept it."
    if slot:
        return f"Enter {slot_label.lower()} when it has been played."
    if sheet.result.match.complete:
        unsigned = [
            side
            for side in sheet.sides
            if side.index not in sheet.signatures and side.index in sheet.result.to_sign
        ]
        done = f"{out} forfeited" if forfeited else "Every hand is in"
        if not unsigned:  # every side forfeited
            return f"{done}: the director signs for the table."
        if mine is not None and mine in unsigned:
            return f"{done}: {mine.name}, check the sheet and sign it."
        return f"{done}: " + " and ".join(s.name for s in unsigned) + " still to sign."
    return ""


def _after_signing(history: list[Change]) -> list[Change]:
    """What the director changed once the sheet had been signed: the reopening and all
    after it, which both sides' links show at the top of the page."""
    for at, change in enumerate(history):
        if change.action == Action.REOPENED:
            return history[at:]
    return []


def _side_links(request, access: Access, sheet) -> list[tuple[SideView, str, str, str]]:
    """Each side's own link and PIN, for the director to give out again, and what its
    wrong PIN tries are ("" when none)."""
    seats = {seat.position: seat for seat in access.table.seats.all()}
    return [
        (
            side,
            phone_url(request, reverse("table_link", args=[seats[side.index].token])),
            f"{seats[side.index].pin[:3]} {seats[side.index].pin[3:]}",  # as the card prints it
            _pin_tries(seats[side.index]),
        )
        for side in sheet.sides
        if side.index in seats
    ]


def _pin_tries(seat) -> str:
    """What a side's wrong PIN tries are, when the director may clear them (scoring.may)."""
    if not may.pin_tried(seat, timezone.now()):
        return ""
    if seat.pin_rests_until:
        return f"PIN locked until {timezone.localtime(seat.pin_rests_until):%H:%M}"
    return f"{seat.pin_failures} wrong PIN tries"
