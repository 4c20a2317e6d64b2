"""The forms of the table pages and where they are: the part of a table page that holds
each action's form (Section), a refused action's form shown again in it as typed
(Failed), each hand's form as a table shows it, and the console's announcement. The
forms of the writes themselves are scoring's (scoring.forms)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from typing import TYPE_CHECKING

from django import forms
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from scoring.forms import HandForm
from scoring.sheet_view import SideView
from tournament import news
from tournament.inputs import text_for
from tournament.models import Announcement, Tournament

if TYPE_CHECKING:
    from .access import Access


class Section(StrEnum):
    """The parts of the table page that hold an action's form: each action names its own
    (tables.registry), and only that part shows the form again when it is refused."""

    WAITING = "waiting"  # the hand waiting to be checked: accept it, dispute it, take it back
    NEXT_HAND = "next hand"  # the hand to enter next, and who deals the first
    CORRECTING = "correcting"  # a hand corrected: the waiting one, or any by the director
    SIGNATURES = "signatures"  # every side signs the sheet
    RULINGS = "rulings"  # the rulings under the sheet: a director withdraws one
    CORRECTIONS = "corrections"  # after signing: a side asks for a correction, a director answers
    DIRECTOR = "director"  # the director's tools: rule, strike, reopen, each side's link and PIN
    CALL = "call"  # a side calls the director to the table; the director marks it answered


@dataclass
class Failed:
    """A refused action: its form (and hand form) as posted, to show again in its section,
    with what the action said (`told`) at the top of the page."""

    action: str = ""  # none: the page as it stands
    form: object = None
    hand_form: HandForm | None = None
    section: str = ""  # where the action's form is on the page (Section)
    told: list[str] = field(default_factory=list)
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

    def messages(self) -> list[str]:
        """What the page's top says: what the action said, then the messages not shown by
        a field where it was typed."""
        if not self.action:
            return list(self.told)
        shown = getattr(self.form, "visible", ()) if self.placed else ()
        top = [m for name, ms in self.form.errors.items() if name not in shown for m in ms]
        hand_errors = self.hand_form.errors if self.hand_form is not None else {}
        if hand_errors and not self.placed:
            top += [m for ms in hand_errors.values() for m in ms]
        top += self.unplaced
        marked = hand_errors or any(name in shown for name in self.form.errors)
        if marked and not self.told:
            top.insert(0, "Nothing was stored: see the marked fields.")
        return [*self.told, *dict.fromkeys(top)]


def for_sides(failed: Failed, action: str, form_class, sides: list[SideView], key="side"):
    """One form per side, the refused one in its place."""
    return [
        (
            side,
            failed.at(action, key, side.index, f"{action}{side.index}-%s")
            or form_class(auto_id=f"{action}{side.index}-%s"),
        )
        for side in sides
    ]


def hand_specs(access: Access):
    """Every input a hand of this table can have (whatever its dealer): the ruleset then
    judges the values against the hand's number."""
    tournament = access.tournament
    seats = len(access.seated) if access.seated is not None else access.table.seats.count()
    size = tournament.ruleset.players_at_table(seats)
    return tournament.ruleset.hand_fields(size, tournament.game_options)


def initial_values(record: dict) -> dict:
    """A stored hand as form values; yes/no facts stay booleans for their checkboxes."""
    return {k: v if isinstance(v, bool) else "" if v is None else str(v) for k, v in record.items()}


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
    specs = ruleset.hand_fields(result.size, tournament.game_options, result.names, number)
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


def hand_fields_html(form: HandForm) -> SafeString:
    """The hand form's inputs. A blank one is the same for the same inputs (the game, the
    table, the players' names, the hand's dealer) and was a third of the entering phone's
    page to render: it is rendered once per process for each."""
    if form.is_bound or form.initial:
        return _hand_fields(form)
    try:
        return _blank_hand_fields(tuple(form.specs), form.prefix, form.auto_id)
    except TypeError:  # inputs that cannot be a key: rendered each time
        return _hand_fields(form)


@lru_cache(maxsize=512)
def _blank_hand_fields(specs: tuple, prefix: str | None, auto_id: str) -> SafeString:
    return _hand_fields(HandForm(specs=specs, prefix=prefix, auto_id=auto_id))


def _hand_fields(form: HandForm) -> SafeString:
    """Drawn by the live part's engine, as its every other form's fields."""
    return mark_safe(render_to_string("tables/_hand_fields.html", {"form": form}, using="jinja2"))


class AnnounceForm(forms.Form):
    text = text_for(
        Announcement,
        "text",
        label="Announce to every phone",
        required=True,
        help_text=f"Every side's phone and the projector show it at their next refresh; at "
        f"most {news.TEXT_MAX} characters.",
        error_messages={
            "required": "Type the announcement.",
            "max_length": "Keep it to %(limit_value)d characters (it has %(show_value)d): "
            "nothing was announced.",
        },
        widget=forms.Textarea(attrs={"rows": 2}),
    )
