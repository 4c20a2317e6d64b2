"""The sides' actions on the sheet: entering a hand, accepting or disputing it, correcting
it, signing (a side's link or a director), and on a side's own link only, taking back a
hand it entered and asking for a correction after signing."""

from django.contrib import messages

from scoring import entry
from scoring.forms import (
    CorrectionForm,
    DisputeForm,
    EditForm,
    EnterForm,
    HandActionForm,
    SignForm,
    TakeBackForm,
)

from .actions import LINK, PLAYERS, acting, action
from .forms import Section

# --- players: a side's link, or a director ------------------------------------------------


@action("enter", EnterForm, who=PLAYERS, section=Section.NEXT_HAND, hand_prefix="")
def enter(request, access, data, hand_form):
    hand = entry.enter_hand(
        access.table,
        hand_form.record_data(),
        actor=access.actor(data.get("side")),
        nonce=data["nonce"],
        slot=data["slot"],
        seated=access.seated,
    )
    messages.success(request, f"{hand} stored.")


@action("accept", HandActionForm, who=PLAYERS, section=Section.WAITING)
def accept(request, access, data, hand_form):
    actor = acting(access, data)
    hand = entry.accept_hand(
        access.table, data["hand"], actor=actor, version=data["version"] or 0, seated=access.seated
    )
    messages.success(request, f"{hand} accepted.")


@action("dispute", DisputeForm, who=PLAYERS, section=Section.WAITING)
def dispute(request, access, data, hand_form):
    hand = entry.dispute_hand(
        access.table,
        data["hand"],
        actor=acting(access, data),
        version=data["version"] or 0,
        reason=data["reason"],
        seated=access.seated,
    )
    messages.warning(request, f"{hand} disputed: the director has been called.")


@action("edit", EditForm, who=PLAYERS, section=Section.CORRECTING, hand_prefix="edit")
def edit(request, access, data, hand_form):
    hand = entry.edit_hand(
        access.table,
        data["hand"],
        hand_form.record_data(),
        actor=access.actor(data.get("side")),
        version=data["version"] or 0,
        reason=data["reason"],
        seated=access.seated,
    )
    messages.success(request, f"{hand} corrected.")


@action("sign", SignForm, who=PLAYERS, section=Section.SIGNATURES)
def sign(request, access, data, hand_form):
    actor = acting(access, data)
    entry.sign(
        access.table,
        side=actor.side,
        player=data["player"],
        typed=data["typed"],
        actor=actor,
        seated=access.seated,
    )
    messages.success(request, "Signed.")


# --- a side's link only ---------------------------------------------------------------------


@action("take-back", TakeBackForm, who=LINK, section=Section.WAITING)
def take_back(request, access, data, hand_form):
    # The side whose link this is: only the side that entered a hand takes it back (a
    # director strikes one instead, with a reason).
    hand = entry.take_back(
        access.table,
        data["hand"],
        actor=access.actor(),
        version=data["version"] or 0,
        seated=access.seated,
    )
    messages.success(request, f"{hand} taken back: it is off the sheet (the history keeps it).")


@action("correction", CorrectionForm, who=LINK, section=Section.CORRECTIONS)
def correction(request, access, data, hand_form):
    entry.ask_correction(access.table, actor=access.actor(), reason=data["reason"])
    messages.warning(request, "Correction asked: the director has been told.")
