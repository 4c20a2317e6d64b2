"""The table page: one side's own link (`/s/<token>/`), or a director of the tournament.

A side's link shows the sheet and only what that side may do; what another side must
do on this phone (accept a hand this side entered, sign for itself) asks for that side's
PIN. A director sees every side's actions and the director's tools. The actions
themselves are in tables/actions.py; every write is in scoring/entry.py.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from functools import lru_cache

import segno
from django.db.models import Count, Max
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import SafeString
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from laptop.links import phone_url
from printing import check
from rules import InvalidHand
from scoring import entry, may, signed
from scoring.dealing import FirstDealerForm
from scoring.forms import (
    AnswerForm,
    CorrectionForm,
    DisputeForm,
    EditForm,
    EnterForm,
    HandForm,
    ReopenForm,
    RulingForm,
    SignForm,
    StrikeForm,
    WithdrawForm,
)
from scoring.history import Action
from scoring.models import Change, CorrectionRequest, Hand
from scoring.prepared import Prepared
from scoring.results import results_for
from scoring.sheet import SideView, build_sheet, next_dealer, ruling_lines, seat_choices
from tournament import live
from tournament.access import director_required
from tournament.models import PIN_TRIES, Round, Seat, Table, Tournament


@dataclass
class Access:
    """Who is looking at the table page: a side through its own link, or a director."""

    table: Table
    tournament: Tournament
    url: str  # the page's own address; the actions post to url + "<action>/"
    user: object | None = None  # a director
    seat: Seat | None = None  # the side whose link this is
    # Every seat's (position, entrant), when the link's own read brought them.
    seated: list | None = None

    @property
    def director(self) -> bool:
        return self.user is not None

    @property
    def side(self) -> int | None:
        return self.seat.position if self.seat is not None else None

    def actor(self, side: int | None = None) -> entry.Actor:
        """A director acts for the side it names; a link acts for its own side only."""
        return may.acting(director=self.user, side=side, link_side=self.side)

    def for_side(self, side: int) -> entry.Actor:
        """Who acts for `side` from this page: the director; on a link, that side itself
        (the link's own, or another by its PIN typed on this phone)."""
        return may.acting(director=self.user, side=side, link_side=side)


# Every request of a side's phone starts here: the link's seat with its table, round and
# tournament, and every seat at that table with its entrant, in one read.
_LINK = Prepared(
    lambda token: (
        Seat.objects.select_related("entrant", "table__round__tournament")
        .filter(table__seats__token=token)
        .exclude(table__round__status=Round.Status.DRAFT)
        .order_by("position")
    )
)


def link_access(request, token: str) -> Access:
    seats = list(_LINK(token))
    seat = next((s for s in seats if s.token == token), None)  # the token is unique
    if seat is None:
        raise Http404("This link is not valid: ask the director for your side's current one.")
    table = seat.table
    url = reverse("table_link", args=[token])
    seated = [(s.position, s.entrant) for s in seats]
    return Access(table, table.round.tournament, url, seat=seat, seated=seated)


def director_access(request, slug: str, number: int, table: int) -> Access:
    table_obj = get_object_or_404(
        Table.objects.select_related("round__tournament"),
        round__tournament__slug=slug,
        round__number=number,
        number=table,
    )
    url = reverse("director_table", args=[slug, number, table])
    return Access(table_obj, table_obj.round.tournament, url, user=request.user)


@dataclass
class Failed:
    """A refused action: its form (and hand form) as posted, to show again with the messages."""

    action: str = ""  # none: the page as it stands
    form: object = None
    hand_form: HandForm | None = None
    placed: bool = False
    # Messages of the hand form for inputs its hand does not have (a seat sitting out).
    unplaced: list[str] = field(default_factory=list)

    def at(self, action: str, key: str | None = None, value=None, auto_id: str = "id_%s"):
        """The posted form if it belongs in this place on the page (that action, that key)."""
        if not self.action or self.action != action:
            return None
        if key and self.form.data.get(key) != str(value):
            return None
        self.placed = True
        self.form.auto_id = auto_id
        return self.form

    def shown(self, hand_form: HandForm) -> HandForm:
        """The hand form as the page shows it again (table_hand_form), in place of the
        one the action checked; what it has no input for is said at the top."""
        self.unplaced = getattr(hand_form, "unplaced", [])
        self.hand_form = hand_form
        return hand_form

    def messages(self, told: bool) -> list[str]:
        """What the page's top says: the messages not shown by a field where it was typed."""
        if not self.action:
            return []
        shown = getattr(self.form, "visible", ()) if self.placed else ()
        top = [m for name, ms in self.form.errors.items() if name not in shown for m in ms]
        hand_errors = self.hand_form.errors if self.hand_form is not None else {}
        if hand_errors and not (self.action == "enter" or self.placed):
            top += [m for ms in hand_errors.values() for m in ms]
        top += self.unplaced
        marked = hand_errors or any(name in shown for name in self.form.errors)
        if marked and not told:
            top.insert(0, "Nothing was stored: see the marked fields.")
        return list(dict.fromkeys(top))


def _for_sides(failed: Failed, action: str, form_class, sides: list[SideView], key="side"):
    """One form per side, the refused one in its place."""
    return [
        (
            side,
            failed.at(action, key, side.index, f"{action}{side.index}-%s")
            or form_class(auto_id=f"{action}{side.index}-%s"),
        )
        for side in sides
    ]


# How often a table page asks whether anything changed (an unchanged answer costs two
# queries); the other side's phone shows a hand to accept within this many seconds.
TABLE_POLL_SECONDS = 5


# A poll's one read (every phone asks every TABLE_POLL_SECONDS): compiled once.
_HISTORY_LENGTH = Prepared(
    lambda table_id: Table.objects.filter(pk=table_id)
    .annotate(n=Count("changes"), last=Max("changes__id"))
    .only("pk")
)


def table_version(access: Access, history: list[Change] | None = None) -> str:
    """Everything that changes a table is written to its history, or is the round's state
    or the tournament's options: a version of the page in one query (none, from the
    history as the page read it). Not the round's clock, which the page does not show:
    starting it would redraw every phone of the room at once."""
    if history is None:
        (counted,) = _HISTORY_LENGTH(access.table.pk)
        last = {"n": counted.n, "last": counted.last}
    else:
        last = {"n": len(history), "last": max((c.pk for c in history), default=None)}
    round_ = access.table.round
    return live.version(
        last["n"], last["last"], round_.status, live.fields_of(access.tournament)
    )


def live_table(request, access: Access):
    """The table page, or 204 to a poll that already shows the current version."""
    if live.SINCE not in request.GET:  # opened, not polled: the page names its own version
        return render_table(request, access, live_page=True)
    current = table_version(access)
    return live.unchanged(request, current) or render_table(
        request, access, version=current, polled=live.polled(request)
    )


def render_table(
    request,
    access: Access,
    *,
    errors=None,
    status=200,
    ruling=None,
    failed=None,
    version="",
    live_page=False,
    polled=False,
):
    """The page; polled for changes when it names its `version` (or, with `live_page`, the
    version of the history it shows). An htmx poll (`polled`) gets the live part alone."""
    tournament = access.tournament
    options = tournament.settings
    result = results_for(tournament, tables=[access.table], seated=access.seated)[access.table.pk]
    ruleset = result.ruleset  # the game as dealt at this table
    sheet = build_sheet(result, ruleset, options)
    slot = entry.next_slot(result)
    failed = failed or Failed()
    mine = access.side  # None for a director
    # What the page offers is what the writes allow (scoring.may decides both).
    actor = access.actor()
    form = None
    if failed.action == "enter" and slot is not None:
        form = failed.shown(table_hand_form(result, tournament, slot[0], typed=failed.hand_form))
    elif failed.action == "enter":
        form = failed.hand_form
    elif slot is not None and may.enter(result, actor):
        form = table_hand_form(result, tournament, slot[0])
    pending = next((r for r in sheet.rows if r.status != "accepted" and r.status != "void"), None)
    editable = [r for r in sheet.rows if may.edit(result, r.hand, actor)]
    edit_forms = []
    for row in editable:
        meta = failed.at("edit", "hand", row.hand.pk, auto_id=f"edit{row.hand.pk}-%s")
        if meta is not None:
            typed = failed.hand_form
            hand_form = failed.shown(
                table_hand_form(result, tournament, row.hand.number, prefix="edit", typed=typed)
            )
        else:
            meta = EditForm(auto_id=f"edit{row.hand.pk}-%s")
            initial = _initial(row.hand.record)
            hand_form = table_hand_form(
                result, tournament, row.hand.number, prefix="edit", initial=initial
            )
        hand_form.meta = meta
        edit_forms.append((row, hand_form))
    # Who checks the waiting hand: every other side; on a side's link, its own side
    # directly, the others by their PIN on this phone (Bridgemate's way).
    waiting = pending.hand if pending else None
    checkers = [
        s for s in sheet.sides if waiting and may.accept(result, waiting, access.for_side(s.index))
    ]
    disputers = [
        s for s in sheet.sides if waiting and may.dispute(result, waiting, access.for_side(s.index))
    ]
    take_back = pending is not None and bool(may.take_back(result, pending.hand, actor))
    strikable = [r for r in sheet.rows if may.strike(result, r.hand, actor)]
    by_pin = [s for s in checkers if not access.director and s.index != mine]
    my_side = next((s for s in sheet.sides if s.index == mine), None)
    unsigned = [s for s in sheet.sides if s.index not in sheet.signatures]
    signers = [s for s in unsigned if may.sign(result, s.index, access.for_side(s.index))]
    lines = ruling_lines(result, ruleset, options)
    withdrawable = bool(may.withdraw_ruling(result, actor))
    closes = may.correction_closes(result)
    correction_open = bool(may.ask_correction(result, actor, timezone.now()))
    history = _history(access.table, result)
    # Every correction asked is in the history (entry.ask_correction logs it): a table whose
    # history has none is not read for them, as at every table until its sheet is signed.
    asked = any(change.action == Action.ASKED for change in history)
    corrections = list(_CORRECTIONS(access.table.pk)) if asked else []
    if live_page:
        version = table_version(access, history)
    # Placed before the page's messages are read, so a refusal is said once, by its field.
    first_dealer = _first_dealer(access, result, sheet, failed, asked=bool(form and slot))
    for change in history:
        change.code = signed.signing_code(change)  # the paper of each signing, told apart
        # Only a change of facts (before and after) is worded: the page shows no other.
        change.was = change.now = ""
        if change.before is not None:
            change.was = _in_words(change.before, change, result, ruleset, options)
            if change.after is not None:
                change.now = _in_words(change.after, change, result, ruleset, options)
    context = {
        "tournament": tournament,
        "round": access.table.round,
        "table": access.table,
        "access": access,
        "mine": my_side,
        "sheet": sheet,
        "slot": slot,
        "slot_label": context_slot_label(slot),
        "form": form,
        "form_fields": hand_fields_html(form) if form is not None else "",
        # The page shows a form only where it is offered: a blank one is not built for a
        # place the page leaves out (the director's tools on a side's link, say).
        "enter_form": failed.at("enter"),
        "nonce": uuid.uuid4().hex,
        "pending": pending,
        "edit_form": next((f for row, f in edit_forms if row is pending), None),
        "edit_forms": edit_forms if access.director else [],
        "accept_sides": [s for s in checkers if s not in by_pin],
        "accept_pin_forms": _for_sides(failed, "accept", DisputeForm, by_pin),
        "dispute_forms": _for_sides(failed, "dispute", DisputeForm, disputers),
        "sign_forms": _for_sides(failed, "sign", SignForm, signers),
        "withdraw_forms": [
            (
                line,
                (
                    failed.at("withdraw-ruling", "ruling", line.ruling.pk, f"w{line.ruling.pk}-%s")
                    or WithdrawForm(auto_id=f"w{line.ruling.pk}-%s")
                )
                if withdrawable
                else None,
            )
            for line in lines
        ],
        "take_back": take_back,
        "strike_rows": strikable,
        "strike_form": failed.at("strike", auto_id="strike-%s")
        or (StrikeForm(auto_id="strike-%s") if strikable else None),
        "reopen_form": (
            failed.at("reopen", auto_id="reopen-%s") or ReopenForm(auto_id="reopen-%s")
            if may.reopen(result, actor)
            else None
        ),
        "ruling_form": (
            failed.at("ruling", auto_id="r-%s") or RulingForm(auto_id="r-%s")
            if may.rule(result, actor)
            else None
        ),
        "correction_closes": closes,
        "correction_open": correction_open,
        "correction_form": failed.at("correction", auto_id="c-%s")
        or (CorrectionForm(auto_id="c-%s") if correction_open else None),
        "corrections": corrections,
        "my_correction": next((c for c in corrections if c.open and c.side == mine), None),
        "answer_forms": [
            (
                c,
                failed.at("answer-correction", "request", c.pk, f"a{c.pk}-%s")
                or (AnswerForm(auto_id=f"a{c.pk}-%s") if may.answer_correction(actor) else None),
            )
            for c in corrections
            if c.open
        ],
        "after_signing": _after_signing(history),
        "errors": [*(errors or []), *failed.messages(told=bool(errors))],
        "failed_action": failed.action,
        "next_dealer": next_dealer(sheet, ruleset, slot[0]) if slot else "",
        **first_dealer,
        "tiebreaker_next": bool(slot and result.match.needs_tiebreaker),
        "history": history,
        "side_links": _side_links(request, access, sheet) if may.reissue_link(actor) else [],
        "pin_tries": PIN_TRIES,
        "ruling": ruling,
        "infractions": ruleset.infractions,
        "ruling_lines": lines,
        "check": _check(request, access, result) if sheet.final else None,
        "next_step": _next_step(sheet, pending, slot, context_slot_label(slot), my_side, checkers),
        # A page showing a refused form is not polled: what was typed stays as it is.
        "live_url": live.poll_url(request, version, access.url) if version else "",
        "live_every": TABLE_POLL_SECONDS,
    }
    template = "tables/_table_live.html" if polled else "tables/table.html"
    return render(request, template, context, status=status)


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
        now = int(typed) if typed.isdigit() and len(typed) < 3 else None
    return {
        "first_dealer_form": form,
        "first_dealer_choices": seat_choices(sheet, result.ruleset) if form is not None else [],
        "first_dealer_now": now,
    }


_CORRECTIONS = Prepared(lambda table: CorrectionRequest.objects.filter(table_id=table))
_HISTORY = Prepared(lambda table: Change.objects.filter(table_id=table))


def _history(table: Table, result) -> list[Change]:
    """The table's history, each change with its hand as the result read it (no query
    per change, nor a join to read them again)."""
    hands = {h.hand.pk: h.hand for h in result.hands} | {h.pk: h for h in result.pending}
    hands |= {h.pk: h for h in result.removed}  # taken back or struck: named all the same
    history = list(_HISTORY(table.pk))
    for change in history:
        if change.hand_id in hands:
            change.hand = hands[change.hand_id]
    return history


def hand_fields_html(form: HandForm) -> SafeString:
    """The hand form's inputs. A blank one is the same for the same inputs (the game, the
    table, the players' names, the hand's dealer) and was a third of the entering phone's
    page to render: it is rendered once per process for each."""
    if form.is_bound or form.initial:
        return render_to_string("tables/_hand_fields.html", {"form": form})
    try:
        return _blank_hand_fields(tuple(form.specs), form.prefix, form.auto_id)
    except TypeError:  # inputs that cannot be a key: rendered each time
        return render_to_string("tables/_hand_fields.html", {"form": form})


@lru_cache(maxsize=512)
def _blank_hand_fields(specs: tuple, prefix: str | None, auto_id: str) -> SafeString:
    form = HandForm(specs=specs, prefix=prefix, auto_id=auto_id)
    return render_to_string("tables/_hand_fields.html", {"form": form})


def _check(request, access: Access, result) -> dict:
    """The signed sheet's check code and the QR code of its check page, as the paper has
    them."""
    table = access.table
    slug, number = access.tournament.slug, table.round.number
    printed = signed.printed_sheet(
        result,
        access.tournament,
        lambda code: signed.check_url(request, slug, number, table.number, code),
    )
    qr = segno.make(printed.qr_url, error="m").svg_data_uri(scale=4, border=2)
    return {"code": check.shown(printed.check_code), "url": printed.qr_url, "qr": qr}


def _in_words(record, change: Change, result, ruleset, options) -> str:
    """A hand's facts in the history as the sheet words them, with the players' names
    ("North-South bid 5, took 12 books"), not as stored (seat numbers counted from 0)."""
    if not isinstance(record, dict) or change.hand is None or "signatures" in record:
        return ""
    try:
        parsed = ruleset.parse_hand(record, result.size, options, change.hand.number)
        score = ruleset.score_hand(
            parsed, result.size, options, (), change.hand.number, result.names
        )
    except Exception:  # noqa: BLE001 - only words: facts it cannot read show as stored
        return ""
    return score.explanation


def context_slot_label(slot) -> str:
    return slot and (f"Hand {slot[0]}" + (" (replay)" if slot[1] > 1 else ""))


def _next_step(sheet, pending, slot, slot_label: str, mine, checkers) -> str:
    """What happens next at the table, in one line at the top of the page."""
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
        unsigned = [side for side in sheet.sides if side.index not in sheet.signatures]
        if mine is not None and mine in unsigned:
            return f"Every hand is in: {mine.name}, check the sheet and sign it."
        return "Every hand is in: " + " and ".join(s.name for s in unsigned) + " still to sign."
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


def _initial(record: dict) -> dict:
    """A stored hand as form values; yes/no facts stay booleans for their checkboxes."""
    return {k: v if isinstance(v, bool) else "" if v is None else str(v) for k, v in record.items()}


# A side's page holds its credentials (and the director's, every side's): never cached, so
# a shared phone's back button or a proxy does not keep them.
@never_cache
def table_link(request, token):
    return live_table(request, link_access(request, token))


@director_required
@never_cache
def director_table(request, slug, number, table):
    return live_table(request, director_access(request, slug, number, table))


def table_hand_form(
    result,
    tournament: Tournament,
    number: int,
    *,
    prefix: str | None = None,
    initial: dict | None = None,
    typed: HandForm | None = None,
) -> HandForm:
    """Hand `number`'s form as this table shows it: the players' names on the seat buttons,
    only the seats and inputs that hand has (at Ascot's table of four the dealer sits out).
    The one way the page builds a hand form: blank or with a stored hand's values (`initial`)
    on the page, and with what was `typed` (a refused hand, a preview) checked by the action
    against every input a hand of the table can have (hand_specs), so the form comes back as
    it was first shown, with what was typed and each message by its field. A message for an
    input this hand does not have is kept in `unplaced`, for the top of the page."""
    ruleset = result.ruleset  # the table's own dealers: the seat sitting out this hand
    specs = ruleset.hand_fields(result.size, tournament.settings, result.names, number)
    if typed is None:
        return HandForm(specs=specs, prefix=prefix, initial=initial)
    form = HandForm(typed.data, specs=specs, prefix=prefix)
    form.is_valid()  # the same inputs read the same way: their own messages come again
    form.scored = typed.scored
    form.unplaced = []
    for name, messages in typed.errors.items():
        for message in messages:
            if name not in form.fields:
                form.unplaced.append(message)
            elif message not in form.errors.get(name, ()):
                form.add_error(name, message)  # the ruleset's, placed by perform or preview
    return form


def hand_specs(access: Access):
    """Every input a hand of this table can have (whatever its dealer): the ruleset then
    judges the values against the hand's number."""
    tournament = access.tournament
    seats = len(access.seated) if access.seated is not None else access.table.seats.count()
    size = tournament.ruleset.players_at_table(seats)
    return tournament.ruleset.hand_fields(size, tournament.settings)


def preview(request, access: Access):
    """The app's score for the hand as typed, before it counts: JSON for the form's script,
    or, from the form's own button on a phone without the script (`show`), the page again
    with the hand as typed and its score beside the Enter button."""
    tournament = access.tournament
    result = results_for(tournament, tables=[access.table], seated=access.seated)[access.table.pk]
    ruleset = result.ruleset  # the game as dealt at this table: the hand's own dealer
    page = request.POST.get("show")
    prefix = "edit" if (page or request.POST.get("prefix")) == "edit" else None
    form = HandForm(request.POST, specs=hand_specs(access), prefix=prefix)
    score, errors = None, {}
    if not form.is_valid():
        errors = {k: v[0] for k, v in form.errors.items()}
    else:
        number = _preview_number(result, request.POST)
        try:
            record = ruleset.parse_hand(
                form.record_data(), result.size, tournament.settings, number
            )
        except InvalidHand as exc:
            errors = exc.errors
        else:
            score = ruleset.score_hand(
                record, result.size, tournament.settings, (), number, result.names
            )
    if page in ("enter", "edit"):
        return _preview_page(request, access, page, form, score, errors)
    if score is None:
        return JsonResponse({"ok": False, "errors": errors})
    return JsonResponse({"ok": True, "explanation": score.explanation})


def _preview_page(request, access: Access, action: str, hand_form: HandForm, score, errors):
    """A phone without the script: the page again, its form as typed (as a refused hand's
    is), with the score beside the Enter button, or why it would be refused by the fields.
    Nothing is stored."""
    meta = (EditForm if action == "edit" else EnterForm)(request.POST)
    meta.is_valid()
    rest = hand_form.add_entry_errors(
        {k: v for k, v in errors.items() if k not in hand_form.errors}
    )
    hand_form.scored = f"Scores as: {score.explanation}" if score is not None else ""
    top = list(dict.fromkeys(rest.values()))
    if top or hand_form.errors:
        top.insert(0, "Not entered: as typed, this hand would be refused (see the marked fields).")
    failed = Failed(action, meta, hand_form)
    return render_table(request, access, errors=top, failed=failed, status=400 if top else 200)


def _preview_number(result, post) -> int | None:
    """The number of the hand being typed: the one corrected, else the one due."""
    hands = {str(h.hand.pk): h.hand for h in result.hands} | {str(h.pk): h for h in result.pending}
    if post.get("hand") in hands:
        return hands[post["hand"]].number
    slot = entry.next_slot(result)
    return slot[0] if slot else None


@never_cache
@require_POST
def table_link_preview(request, token):
    return preview(request, link_access(request, token))


@director_required
@never_cache
@require_POST
def director_table_preview(request, slug, number, table):
    return preview(request, director_access(request, slug, number, table))
