"""The app's score for a hand as typed, before it counts (the form's score line), and,
on a phone without the page's script, the table page again with that score beside the
Enter button. Nothing is stored."""

from __future__ import annotations

from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from rules import InvalidHand
from scoring import entry
from scoring.forms import EditForm, EnterForm, HandForm
from scoring.results import results_for
from tournament.access import director_required

from .access import Access, director_access, link_access
from .forms import Failed, hand_specs
from .page import render_table
from .registry import ACTIONS


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
                form.record_data(), result.size, tournament.game_options, number
            )
        except InvalidHand as exc:
            errors = exc.errors
        else:
            score = ruleset.score_hand(
                record, result.size, tournament.game_options, (), number, result.names
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
    failed = Failed(action, meta, hand_form, section=ACTIONS[action].section, told=top)
    return render_table(request, access, failed=failed, status=400 if top else 200)


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
