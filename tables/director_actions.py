"""The director's actions at a table: ruling on an infraction (previewed, then confirmed),
withdrawing a ruling, striking a hand, reopening a signed sheet, answering a correction
asked, and a side's new link or PIN tries cleared. None has an address under a side's
link."""

from django.contrib import messages

from scoring import entry, rulings
from scoring.forms import (
    AnswerForm,
    NewLinkForm,
    ReopenForm,
    RulingForm,
    StrikeForm,
    WithdrawForm,
)

from .actions import DIRECTOR, action
from .forms import Section
from .page import render_table

# --- the director only ----------------------------------------------------------------------


@action("ruling", RulingForm, who=DIRECTOR, section=Section.DIRECTOR)
def ruling(request, access, data, hand_form):
    proposal = rulings.Proposal(
        code=data["code"],
        hand=data["hand"],
        offender=data["offender"],
        choice=data["choice"],
        amount=data["amount"],
        note=data["note"],
        early=data["early"] == "1",
    )
    # The preview, with what the director is asked to confirm; the late rule ruled early
    # comes back to it until the director confirms that too (rulings.Early).
    if data["confirm"] != "1" or not proposal.early:
        shown = rulings.preview(access.table, proposal, actor=access.actor())
        if data["confirm"] != "1":
            return render_table(request, access, ruling=(proposal, shown, ""))
        if shown.early is not None:
            refused = (proposal, shown, rulings.EARLY_CONFIRM)
            return render_table(request, access, ruling=refused, status=409)
    rulings.record(access.table, proposal, actor=access.actor())
    messages.success(request, "Ruling recorded; the scores follow it.")
    return None


@action("withdraw-ruling", WithdrawForm, who=DIRECTOR, section=Section.RULINGS)
def withdraw_ruling(request, access, data, hand_form):
    rulings.withdraw(access.table, data["ruling"], actor=access.actor(), reason=data["reason"])
    messages.success(request, "Ruling withdrawn; the scores follow.")


@action("strike", StrikeForm, who=DIRECTOR, section=Section.DIRECTOR)
def strike(request, access, data, hand_form):
    hand = entry.strike_hand(
        access.table, data["hand"], actor=access.actor(), reason=data["reason"]
    )
    messages.success(request, f"{hand} struck off the sheet; the history keeps it, and why.")


@action("reopen", ReopenForm, who=DIRECTOR, section=Section.DIRECTOR)
def reopen(request, access, data, hand_form):
    entry.reopen(access.table, actor=access.actor(), reason=data["reason"])
    messages.success(request, "Reopened: every side signs again once it is right.")


@action("answer-correction", AnswerForm, who=DIRECTOR, section=Section.CORRECTIONS)
def answer_correction(request, access, data, hand_form):
    entry.answer_correction(
        access.table, data["request"], actor=access.actor(), answer=data["answer"]
    )
    messages.success(request, "Answered; the sheet stays as signed.")


@action("new-link", NewLinkForm, who=DIRECTOR, section=Section.DIRECTOR)
def new_link(request, access, data, hand_form):
    entry.reissue_link(access.table, data["side"], actor=access.actor())
    messages.success(request, "A new link and PIN are made: the old ones no longer work.")


@action("clear-pin-tries", NewLinkForm, who=DIRECTOR, section=Section.DIRECTOR)
def clear_pin_tries(request, access, data, hand_form):
    entry.clear_pin_tries(access.table, data["side"], actor=access.actor())
    messages.success(request, "The PIN may be typed again; the side's link and PIN are the same.")
