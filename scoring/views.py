"""The table page (a private link per table, or a director) and the director's console.

Views only parse, call scoring.entry, and render; every rule lives in rules/ and every
write in scoring/entry.py.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from django.contrib import messages
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from rules import InvalidHand
from tournament.access import director_required
from tournament.models import Round, Table, Tournament

from . import entry, rulings
from .forms import (
    DisputeForm,
    EditForm,
    EnterForm,
    HandActionForm,
    HandForm,
    NewLinkForm,
    ReopenForm,
    RulingForm,
    SignForm,
    WithdrawForm,
)
from .models import Change, Hand
from .results import results_for
from .sheet import build_sheet, next_dealer, ruling_lines

LATE_AFTER = 5 * 60  # rule 7: seated within 5 minutes of the round's start


@dataclass
class Access:
    table: Table
    tournament: Tournament
    director: bool
    user: object | None
    url: str  # the table page's own address

    def actor(self, side: int | None = None) -> entry.Actor:
        if self.director:
            return entry.Actor(side=side, user=self.user, label=f"Director {self.user}")
        return entry.Actor(side=side, label="Table link")


def token_access(request, token: str) -> Access:
    table = (
        Table.objects.select_related("round__tournament")
        .filter(token=token)
        .exclude(round__status=Round.Status.DRAFT)
        .first()
    )
    if table is None:
        raise Http404("This table link is not valid: ask the director for the current one.")
    return Access(table, table.round.tournament, False, None, reverse("table_link", args=[token]))


def director_access(request, slug: str, number: int, table: int) -> Access:
    table_obj = get_object_or_404(
        Table.objects.select_related("round__tournament"),
        round__tournament__slug=slug,
        round__number=number,
        number=table,
    )
    url = reverse("director_table", args=[slug, number, table])
    return Access(table_obj, table_obj.round.tournament, True, request.user, url)


@dataclass
class Failed:
    """A refused action: its form (and hand form) as posted, to show again with the messages."""

    action: str = ""  # none: the page as it stands
    form: object = None
    hand_form: HandForm | None = None
    placed: bool = False

    def at(self, action: str, key: str | None = None, value=None, auto_id: str = "id_%s"):
        """The posted form if it belongs in this place on the page (that action, that key)."""
        if not self.action or self.action != action:
            return None
        if key and self.form.data.get(key) != str(value):
            return None
        self.placed = True
        self.form.auto_id = auto_id
        return self.form

    def messages(self, told: bool) -> list[str]:
        """What the page's top says: the messages not shown by a field where it was typed."""
        if not self.action:
            return []
        shown = getattr(self.form, "visible", ()) if self.placed else ()
        top = [m for name, ms in self.form.errors.items() if name not in shown for m in ms]
        hand_errors = self.hand_form.errors if self.hand_form is not None else {}
        if hand_errors and not (self.action == "enter" or self.placed):
            top += [m for ms in hand_errors.values() for m in ms]
        marked = hand_errors or any(name in shown for name in self.form.errors)
        if marked and not told:
            top.insert(0, "Nothing was stored: see the marked fields.")
        return list(dict.fromkeys(top))


def render_table(
    request,
    access: Access,
    *,
    form=None,
    errors=None,
    status=200,
    ruling=None,
    failed: Failed | None = None,
):
    tournament = access.tournament
    ruleset = tournament.ruleset
    options = tournament.settings
    result = results_for(tournament, tables=[access.table])[access.table.pk]
    sheet = build_sheet(result, ruleset, options)
    slot = entry.next_slot(result)
    failed = failed or Failed()
    if failed.action == "enter":
        form = failed.hand_form
    if form is None and slot is not None and not sheet.final:
        form = HandForm(specs=ruleset.hand_fields(result.size, options, result.names, slot[0]))
    enter_form = failed.at("enter") or EnterForm()
    pending = next((r for r in sheet.rows if r.status != "accepted" and r.status != "void"), None)
    # The side that entered a waiting hand may correct it; a director may correct any hand.
    editable = [r for r in sheet.rows if r.hand.record is not None and not r.void]
    if not access.director:
        editable = [r for r in editable if r is pending]
    edit_forms = []
    for row in editable:
        meta = failed.at("edit", "hand", row.hand.pk, auto_id=f"edit{row.hand.pk}-%s")
        if meta is not None:
            hand_form = failed.hand_form
        else:
            meta = EditForm(auto_id=f"edit{row.hand.pk}-%s")
            specs = ruleset.hand_fields(result.size, options, result.names, row.hand.number)
            hand_form = HandForm(specs=specs, prefix="edit", initial=_initial(row.hand.record))
        hand_form.meta = meta
        edit_forms.append((row, hand_form))
    dispute_forms = [
        (
            side,
            failed.at("dispute", "side", side.index, f"dispute{side.index}-%s")
            or DisputeForm(auto_id=f"dispute{side.index}-%s"),
        )
        for side in sheet.sides
        if pending and side.index != pending.hand.entered_by
    ]
    sign_forms = [
        (
            side,
            failed.at("sign", "side", side.index, f"sign{side.index}-%s")
            or SignForm(auto_id=f"sign{side.index}-%s"),
        )
        for side in sheet.sides
        if side.index not in sheet.signatures
    ]
    lines = ruling_lines(result, ruleset, options)
    withdraw_forms = [
        (
            line,
            failed.at("withdraw-ruling", "ruling", line.ruling.pk, f"withdraw{line.ruling.pk}-%s")
            or WithdrawForm(auto_id=f"withdraw{line.ruling.pk}-%s"),
        )
        for line in lines
    ]
    reopen_form = failed.at("reopen", auto_id="reopen-%s") or ReopenForm(auto_id="reopen-%s")
    ruling_form = failed.at("ruling", auto_id="r-%s") or RulingForm(auto_id="r-%s")
    history = Change.objects.filter(table=access.table).select_related("hand")
    context = {
        "tournament": tournament,
        "round": access.table.round,
        "table": access.table,
        "access": access,
        "sheet": sheet,
        "slot": slot,
        "slot_label": slot and (f"Hand {slot[0]}" + (" (replay)" if slot[1] > 1 else "")),
        "form": form,
        "enter_form": enter_form,
        "nonce": uuid.uuid4().hex,
        "pending": pending,
        "edit_form": next((f for row, f in edit_forms if row is pending), None),
        "edit_forms": edit_forms if access.director and not sheet.final else [],
        "dispute_forms": dispute_forms,
        "sign_forms": sign_forms,
        "withdraw_forms": withdraw_forms,
        "reopen_form": reopen_form,
        "ruling_form": ruling_form,
        "errors": [*(errors or []), *failed.messages(told=bool(errors))],
        "failed_action": failed.action,
        "next_dealer": next_dealer(sheet, ruleset, slot[0]) if slot else "",
        "tiebreaker_next": bool(slot and result.match.needs_tiebreaker),
        "history": history,
        "table_url": request.build_absolute_uri(reverse("table_link", args=[access.table.token])),
        "ruling": ruling,
        "infractions": ruleset.infractions,
        "ruling_lines": lines,
    }
    return render(request, "scoring/table.html", context, status=status)


def _initial(record: dict) -> dict:
    """A stored hand as form values; yes/no facts stay booleans for their checkboxes."""
    return {k: v if isinstance(v, bool) else "" if v is None else str(v) for k, v in record.items()}


def table_link(request, token):
    return render_table(request, token_access(request, token))


@director_required
def director_table(request, slug, number, table):
    return render_table(request, director_access(request, slug, number, table))


def hand_specs(access: Access):
    """Every input a hand of this table can have (whatever its dealer): the ruleset then
    judges the values against the hand's number."""
    tournament = access.tournament
    size = 4 if tournament.is_partnership else access.table.seats.count()
    return tournament.ruleset.hand_fields(size, tournament.settings)


ACTIONS = {
    "enter": EnterForm,
    "accept": HandActionForm,
    "dispute": DisputeForm,
    "edit": EditForm,
    "sign": SignForm,
    "ruling": RulingForm,
    "withdraw-ruling": WithdrawForm,
    "reopen": ReopenForm,
    "new-link": NewLinkForm,
}
DIRECTOR_ACTIONS = {"ruling", "withdraw-ruling", "reopen", "new-link"}


def act(request, access: Access, action: str):
    """Carry out one POSTed action; errors re-render the page with the form as typed."""
    form_class = ACTIONS.get(action)
    if form_class is None or (action in DIRECTOR_ACTIONS and not access.director):
        raise Http404("No such action.")
    form = form_class(request.POST)
    hand_form = None
    if action in ("enter", "edit"):
        prefix = "edit" if action == "edit" else None
        hand_form = HandForm(request.POST, specs=hand_specs(access), prefix=prefix)
    failed = Failed(action, form, hand_form)
    valid = form.is_valid()
    if hand_form is not None and not hand_form.is_valid():
        valid = False  # both checked, so every message shows at once
    if not valid:
        return render_table(request, access, failed=failed, status=400)
    try:
        done = carry_out(request, access, action, form.cleaned_data, hand_form)
    except entry.EntryError as exc:
        rest = form.add_entry_errors(
            hand_form.add_entry_errors(exc.errors) if hand_form else exc.errors
        )
        top = [str(exc), *(m for m in dict.fromkeys(rest.values()) if m != str(exc))]
        return render_table(request, access, errors=top, failed=failed, status=exc.status)
    return done or redirect(access.url + "#sheet")


def carry_out(request, access: Access, action: str, data: dict, hand_form: HandForm | None):
    """The action itself, from checked values; returns a response only for a ruling's preview."""
    table = access.table
    actor = access.actor(data.get("side"))
    if action == "enter":
        hand = entry.enter_hand(
            table, hand_form.record_data(), actor=actor, nonce=data["nonce"], slot=data["slot"]
        )
        messages.success(request, f"{hand} stored.")
    elif action == "accept":
        hand = entry.accept_hand(table, data["hand"], actor=actor, version=data["version"] or 0)
        messages.success(request, f"{hand} accepted.")
    elif action == "dispute":
        hand = entry.dispute_hand(
            table, data["hand"], actor=actor, version=data["version"] or 0, reason=data["reason"]
        )
        messages.warning(request, f"{hand} disputed: the director has been called.")
    elif action == "edit":
        hand = entry.edit_hand(
            table,
            data["hand"],
            hand_form.record_data(),
            actor=actor,
            version=data["version"] or 0,
            reason=data["reason"],
        )
        messages.success(request, f"{hand} corrected.")
    elif action == "sign":
        side = data["side"]
        entry.sign(
            table,
            side=side if side is not None else -1,
            player=data["player"],
            typed=data["typed"],
            actor=actor,
        )
        messages.success(request, "Signed.")
    elif action == "ruling":
        proposal = rulings.Proposal(
            code=data["code"],
            hand=data["hand"],
            offender=data["offender"],
            choice=data["choice"],
            amount=data["amount"],
            note=data["note"],
        )
        if data["confirm"] != "1":
            shown = rulings.preview(table, proposal)
            return render_table(request, access, ruling=(proposal, shown))
        rulings.record(table, proposal, actor=actor)
        messages.success(request, "Ruling recorded; the scores follow it.")
    elif action == "withdraw-ruling":
        rulings.withdraw(table, data["ruling"], actor=actor, reason=data["reason"])
        messages.success(request, "Ruling withdrawn; the scores follow.")
    elif action == "reopen":
        entry.reopen(table, actor=actor, reason=data["reason"])
        messages.success(request, "Reopened: both sides sign again once it is right.")
    elif action == "new-link":
        entry.reissue_token(table, actor=actor)
        messages.success(request, "A new link is made: the old one no longer works.")
    return None


@require_POST
def table_link_action(request, token, action):
    return act(request, token_access(request, token), action)


@director_required
@require_POST
def director_table_action(request, slug, number, table, action):
    return act(request, director_access(request, slug, number, table), action)


def preview(request, access: Access):
    """The app's score for the hand as typed, before it counts (JSON for the form's script)."""
    tournament = access.tournament
    ruleset = tournament.ruleset
    result = results_for(tournament, tables=[access.table])[access.table.pk]
    prefix = "edit" if request.POST.get("prefix") == "edit" else None
    form = HandForm(request.POST, specs=hand_specs(access), prefix=prefix)
    if not form.is_valid():
        return JsonResponse({"ok": False, "errors": {k: v[0] for k, v in form.errors.items()}})
    number = _preview_number(result, request.POST)
    try:
        record = ruleset.parse_hand(form.record_data(), result.size, tournament.settings, number)
    except InvalidHand as exc:
        return JsonResponse({"ok": False, "errors": exc.errors})
    score = ruleset.score_hand(
        record, result.size, tournament.settings, (), number, result.names
    )
    return JsonResponse({"ok": True, "explanation": score.explanation})


def _preview_number(result, post) -> int | None:
    """The number of the hand being typed: the one corrected, else the one due."""
    hands = {str(h.hand.pk): h.hand for h in result.hands} | {str(h.pk): h for h in result.pending}
    if post.get("hand") in hands:
        return hands[post["hand"]].number
    slot = entry.next_slot(result)
    return slot[0] if slot else None


@require_POST
def table_link_preview(request, token):
    return preview(request, token_access(request, token))


@director_required
@require_POST
def director_table_preview(request, slug, number, table):
    return preview(request, director_access(request, slug, number, table))


@director_required
def console(request, slug, number):
    """Every table of the round at a glance; refreshes by itself."""
    tournament = get_object_or_404(Tournament, slug=slug)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    tables = list(round_.tables.select_related("round"))
    results = results_for(tournament, tables=tables)
    ruleset = tournament.ruleset
    options = tournament.settings
    late = bool(round_.started and (timezone.now() - round_.started).total_seconds() > LATE_AFTER)
    rows = []
    counts = {"tables": len(tables), "signed": 0, "disputed": 0, "late": 0}
    for table in tables:
        result = results[table.pk]
        sheet = build_sheet(result, ruleset, options)
        accepted = sum(1 for r in sheet.rows if r.status == "accepted")
        entered = sum(1 for r in sheet.rows if r.status == Hand.Status.ENTERED)
        is_late = late and not sheet.rows and not result.round_rulings
        counts["signed"] += sheet.final
        counts["disputed"] += sheet.disputed
        counts["late"] += is_late
        rows.append(
            {
                "table": table,
                "sheet": sheet,
                "accepted": accepted,
                "entered": entered,
                "late": is_late,
            }
        )
    return render(
        request,
        "scoring/console.html",
        {"tournament": tournament, "round": round_, "rows": rows, "counts": counts},
    )
