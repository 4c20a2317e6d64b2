"""The table page's forms: the hand, built from the ruleset's hand record (rules.base.Field),
and one small form per action (accept, dispute, correct, sign, rule, withdraw, reopen).

Every value a view uses comes through one of these: a NUL character, a number the column
cannot hold, or a reason longer than the history keeps is refused by its field, never cut.
"""

import unicodedata

from django import forms

from tournament.inputs import YesNoField, stored_int, text_for
from tournament.models import PIN_DIGITS, Seat

from .models import Change, CorrectionRequest, Hand, Ruling, Signature

# Up to this many whole numbers are offered as buttons rather than a number box.
BUTTONS_UP_TO = 14


class ChoiceButtons(forms.RadioSelect):
    template_name = "scoring/widgets/buttons.html"


class OfferedChoice(forms.ChoiceField):
    """Offers the rule's values as buttons; the ruleset judges the value, in its own words."""

    def valid_value(self, value) -> bool:
        return True


def field_for(spec) -> forms.Field:
    common = {"label": spec.label, "help_text": spec.help, "required": False}
    if spec.kind == "bool":
        # The ruleset reads yes/no itself and refuses junk by the field, naming it.
        return YesNoField(raw=True, **common)
    if spec.kind == "choice":
        return OfferedChoice(choices=list(spec.choices), widget=ChoiceButtons, **common)
    if spec.min is not None and spec.max is not None and spec.max - spec.min < BUTTONS_UP_TO:
        values = [(str(v), str(v)) for v in range(spec.min, spec.max + 1)]
        return OfferedChoice(choices=values, widget=ChoiceButtons, **common)
    # The number is read and its range judged by the ruleset, whose message names the rule.
    attrs = {"inputmode": "numeric", "min": spec.min, "max": spec.max}
    return forms.CharField(
        max_length=12,
        error_messages={"max_length": f"{spec.label}: no number this long is possible here."},
        widget=forms.NumberInput(attrs={k: v for k, v in attrs.items() if v is not None}),
        **common,
    )


class OwnIds:
    """A form drawn in more than one place on a page (a hand's correction, in the waiting
    hand's box and in the director's tools) takes ids for each place, so each label and
    description points at its own input."""

    def ids(self, auto_id: str):
        """This form, its inputs' ids made from `auto_id` ("edit27-%s") from now on."""
        self.auto_id = auto_id
        return self


class EntryErrors:
    """Place a refused write's messages (scoring.entry.EntryError.errors) by their fields."""

    def add_entry_errors(self, errors: dict[str, str]) -> dict[str, str]:
        """Mark each field's message by its field; return the others."""
        rest = {}
        for name, message in errors.items():
            if name in self.fields:
                self.add_error(name, message)
            else:
                rest[name] = message
        return rest


class HandForm(OwnIds, EntryErrors, forms.Form):
    """Every input the ruleset asks for; the ruleset then validates the whole hand."""

    # The hand's score as typed, when a phone without the script asked for it (a preview).
    scored = ""

    def __init__(self, *args, specs=(), **kwargs):
        super().__init__(*args, **kwargs)
        for spec in specs:
            self.fields[spec.name] = field_for(spec)
        self.specs = specs

    def record_data(self) -> dict:
        """The values as the ruleset reads them (blank fields left out)."""
        return {k: v for k, v in self.cleaned_data.items() if v not in (None, "")}


# --- the actions ------------------------------------------------------------------------

INCOMPLETE = "The form is incomplete: reload the page."
PIN_NEEDED = "Type their PIN here to act for them."


def side_field() -> forms.IntegerField:
    # Which sides sit at the table is the table's business (scoring.entry checks it).
    return stored_int(Hand, "entered_by", required=False, min_value=0)


def hand_id_field(required: bool = True) -> forms.IntegerField:
    return stored_int(Hand, "id", required=required, error_messages={"required": INCOMPLETE})


def reason_field(label: str, required: bool = False, **kwargs) -> forms.CharField:
    """A reason kept in the history, no longer than the history keeps it."""
    return text_for(Change, "reason", label=label, required=required, **kwargs)


class ActionForm(EntryErrors, forms.Form):
    # On a director's page, the side acted for; on a side's link, it counts only together
    # with that side's PIN (typed on this phone), else the link's own side acts.
    side = side_field()
    pin = forms.RegexField(
        r"^\s*\d{3} ?\d{3}\s*$",  # as printed on the card ("123 456"), or without the space
        max_length=20,
        required=False,
        label="PIN",
        help_text="Printed on that side's part of the table card.",
        error_messages={"invalid": f"A PIN is {PIN_DIGITS} digits, as printed on the card."},
        # Masked, and never shown again after a wrong try: the phone is the other side's.
        widget=forms.PasswordInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )

    def clean_pin(self) -> str:
        # A phone's keyboard set to another script types its own digits (١٢٣, １２３):
        # the pattern's \d takes them, and they are read as the digits they are.
        typed = "".join(self.cleaned_data["pin"].split())
        return "".join(str(unicodedata.decimal(digit)) for digit in typed)


class EnterForm(ActionForm):
    visible = ("side",)
    # Hidden keys of the page: whatever is wrong with them, reloading the page mends it.
    nonce = text_for(
        Hand,
        "nonce",
        error_messages={
            code: INCOMPLETE for code in ("required", "max_length", "null_characters_not_allowed")
        },
    )
    slot = forms.RegexField(
        r"^\d{1,5}:\d{1,5}$",
        error_messages={
            code: INCOMPLETE for code in ("required", "invalid", "null_characters_not_allowed")
        },
    )

    def clean_slot(self) -> tuple[int, int]:
        number, attempt = self.cleaned_data["slot"].split(":")
        return int(number), int(attempt)


class HandActionForm(ActionForm):
    """Accept a hand, or the meta fields of a corrected one."""

    visible = ("pin",)

    hand = hand_id_field()
    version = stored_int(Hand, "version", required=False)


class DisputeForm(HandActionForm):
    visible = ("reason", "pin")
    reason = reason_field("What is wrong?")


class EditForm(OwnIds, HandActionForm):
    visible = ("reason",)
    reason = reason_field("Reason")


class TakeBackForm(HandActionForm):
    """The entering side takes its waiting hand back: nothing to type."""

    visible = ()


class StrikeForm(EntryErrors, forms.Form):
    """A director strikes a hand off the sheet: which one, and why (kept in the history)."""

    visible = ("hand", "reason")
    hand = hand_id_field()
    reason = reason_field(
        "Why is it struck?",
        required=True,
        error_messages={"required": "Give the reason for striking the hand."},
    )


class SignForm(ActionForm):
    visible = ("player", "typed", "pin")
    player = text_for(Signature, "name", required=False)
    typed = text_for(Signature, "name", required=False, label="Type the chosen player's name")


class RulingForm(EntryErrors, forms.Form):
    visible = ("code", "hand", "offender", "choice", "amount", "note")
    code = text_for(Ruling, "code", label="Infraction", required=False)
    hand = forms.CharField(max_length=20, required=False)  # a hand id, "next" or empty
    offender = stored_int(Ruling, "offender", label="Offending side", required=False)
    choice = text_for(Ruling, "choice", label="Choice the rule gives", required=False)
    amount = stored_int(
        Ruling,
        "amount",
        label="Amount moved, if not the rule's default",
        required=False,
        min_value=0,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    note = text_for(Ruling, "note", label="Note")
    confirm = forms.CharField(max_length=1, required=False)
    # The director confirms ruling the game's late rule before its minutes have passed.
    early = forms.CharField(max_length=1, required=False)


class WithdrawForm(EntryErrors, forms.Form):
    visible = ("reason",)
    ruling = stored_int(Ruling, "id", error_messages={"required": INCOMPLETE})
    reason = text_for(
        Ruling,
        "withdrawn_reason",
        label="Reason",
        required=True,
        error_messages={"required": "Give the reason for withdrawing the ruling."},
    )


class ReopenForm(EntryErrors, forms.Form):
    visible = ("reason",)
    reason = reason_field(
        "Reason for reopening the sheet",
        required=True,
        error_messages={"required": "Give the reason for reopening."},
    )


class NewLinkForm(EntryErrors, forms.Form):
    side = stored_int(Seat, "position", error_messages={"required": INCOMPLETE})


class CorrectionForm(EntryErrors, forms.Form):
    visible = ("reason",)
    reason = text_for(
        CorrectionRequest,
        "reason",
        label="What should be corrected?",
        required=True,
        error_messages={"required": "Say what should be corrected."},
    )


class AnswerForm(EntryErrors, forms.Form):
    visible = ("answer",)
    request = stored_int(CorrectionRequest, "id", error_messages={"required": INCOMPLETE})
    answer = text_for(
        CorrectionRequest,
        "answer",
        label="Answer (the sheet stays as signed)",
        required=True,
        error_messages={"required": "Say why nothing is changed."},
    )
