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
from .forms import HandForm
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


def render_table(request, access: Access, *, form=None, errors=None, status=200, ruling=None):
    tournament = access.tournament
    ruleset = tournament.ruleset
    options = tournament.settings
    result = results_for(tournament, tables=[access.table])[access.table.pk]
    sheet = build_sheet(result, ruleset, options)
    slot = entry.next_slot(result)
    if form is None and slot is not None and not sheet.final:
        form = HandForm(specs=ruleset.hand_fields(result.size, options, result.names, slot[0]))
    pending = next((r for r in sheet.rows if r.status != "accepted" and r.status != "void"), None)
    # The side that entered a waiting hand may correct it; a director may correct any hand.
    editable = [r for r in sheet.rows if r.hand.record is not None and not r.void]
    if not access.director:
        editable = [r for r in editable if r is pending]
    edit_forms = [
        (
            row,
            HandForm(
                specs=ruleset.hand_fields(result.size, options, result.names, row.hand.number),
                prefix="edit",
                initial=_initial(row.hand.record),
            ),
        )
        for row in editable
    ]
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
        "nonce": uuid.uuid4().hex,
        "pending": pending,
        "edit_form": next((f for row, f in edit_forms if row is pending), None),
        "edit_forms": edit_forms if access.director and not sheet.final else [],
        "errors": errors or [],
        "next_dealer": next_dealer(sheet, ruleset, slot[0]) if slot else "",
        "tiebreaker_next": bool(slot and result.match.needs_tiebreaker),
        "history": history,
        "table_url": request.build_absolute_uri(reverse("table_link", args=[access.table.token])),
        "ruling": ruling,
        "infractions": ruleset.infractions,
        "ruling_lines": ruling_lines(result, ruleset, options),
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


def proposal_from(post) -> rulings.Proposal:
    return rulings.Proposal(
        code=post.get("code", ""),
        hand=post.get("hand", ""),
        offender=_int(post.get("offender")),
        choice=post.get("choice", ""),
        amount=_int(post.get("amount")),
        note=post.get("note", "").strip(),
    )


def hand_specs(access: Access):
    """Every input a hand of this table can have (whatever its dealer): the ruleset then
    judges the values against the hand's number."""
    tournament = access.tournament
    size = 4 if tournament.is_partnership else access.table.seats.count()
    return tournament.ruleset.hand_fields(size, tournament.settings)


def _int(value, default=None):
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def act(request, access: Access, action: str):
    """Carry out one POSTed action; errors re-render the page with the form as typed."""
    post = request.POST
    side = _int(post.get("side"))
    actor = access.actor(side)
    try:
        if action == "enter":
            form = HandForm(post, specs=hand_specs(access))
            if not form.is_valid():
                return render_table(request, access, form=form, status=400)
            slot = tuple(_int(x, 0) for x in post.get("slot", "0:0").split(":", 1))
            try:
                hand = entry.enter_hand(
                    access.table,
                    form.record_data(),
                    actor=actor,
                    nonce=post.get("nonce", ""),
                    slot=slot,
                )
            except entry.EntryError as exc:
                general = form.add_entry_errors(exc.errors)
                return render_table(request, access, form=form, errors=general, status=exc.status)
            messages.success(request, f"{hand} stored.")
        elif action in ("accept", "dispute"):
            hand_id, version = _int(post.get("hand")), _int(post.get("version"), 0)
            if action == "accept":
                hand = entry.accept_hand(access.table, hand_id, actor=actor, version=version)
                messages.success(request, f"{hand} accepted.")
            else:
                hand = entry.dispute_hand(
                    access.table,
                    hand_id,
                    actor=actor,
                    version=version,
                    reason=post.get("reason", ""),
                )
                messages.warning(request, f"{hand} disputed: the director has been called.")
        elif action == "edit":
            form = HandForm(post, specs=hand_specs(access), prefix="edit")
            if not form.is_valid():
                return render_table(
                    request, access, errors=["Check the corrected hand."], status=400
                )
            try:
                hand = entry.edit_hand(
                    access.table,
                    _int(post.get("hand")),
                    form.record_data(),
                    actor=actor,
                    version=_int(post.get("version"), 0),
                    reason=post.get("reason", ""),
                )
            except entry.EntryError as exc:
                return render_table(request, access, errors=exc.messages(), status=exc.status)
            messages.success(request, f"{hand} corrected.")
        elif action == "sign":
            entry.sign(
                access.table,
                side=side if side is not None else -1,
                player=post.get("player", ""),
                typed=post.get("typed", ""),
                actor=actor,
            )
            messages.success(request, "Signed.")
        elif action == "ruling" and access.director:
            proposal = proposal_from(post)
            if post.get("confirm") != "1":
                shown = rulings.preview(access.table, proposal)
                return render_table(request, access, ruling=(proposal, shown))
            rulings.record(access.table, proposal, actor=actor)
            messages.success(request, "Ruling recorded; the scores follow it.")
        elif action == "withdraw-ruling" and access.director:
            rulings.withdraw(
                access.table,
                _int(post.get("ruling"), 0),
                actor=actor,
                reason=post.get("reason", ""),
            )
            messages.success(request, "Ruling withdrawn; the scores follow.")
        elif action == "reopen" and access.director:
            entry.reopen(access.table, actor=actor, reason=post.get("reason", ""))
            messages.success(request, "Reopened: both sides sign again once it is right.")
        elif action == "new-link" and access.director:
            entry.reissue_token(access.table, actor=actor)
            messages.success(request, "A new link is made: the old one no longer works.")
        else:
            raise Http404("No such action.")
    except entry.EntryError as exc:
        return render_table(request, access, errors=exc.messages(), status=exc.status)
    return redirect(access.url + "#sheet")


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
    form = HandForm(
        request.POST, specs=hand_specs(access), prefix=request.POST.get("prefix") or None
    )
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
