"""Who deals a table's first hand: the table says it, before hand 1.

6 Card Kitty's rule 8: "The first club will determine who deals first. The deal proceeds
clockwise." Pinochle's text: "each player [draws] a card from the deck to determine the
first dealer of the game. Highest card drawn wins the deal." So the first dealer is not
always the first seat: it is a fact of the table (Table.first_dealer), said once, before
any hand is on its sheet. Every dealer after it follows from the ruleset (the deal passes
to the left), and so does everything the dealer decides: Pinochle's forced bid, the seat
sitting out at Ascot's table of four, who holds the bid when all pass at 6 Card Kitty.

Once a hand is on the sheet its facts were read against that dealer, so the first dealer
stays as it is (a director who must change it strikes the hands first).
"""

from __future__ import annotations

from django import forms

from tournament.models import Table

from . import may
from .forms import ActionForm
from .history import Action
from .sheet_view import build_sheet, seat_choices
from .writes import Actor, EntryError, table_write


class FirstDealerForm(ActionForm):
    """The seat that deals hand 1 (a seat of the ruleset's order: the table's own seats are
    checked by the service, which knows the table)."""

    visible = ("first_dealer",)
    first_dealer = forms.IntegerField(
        label="Who deals first",
        min_value=0,
        max_value=9,
        error_messages={
            "required": "Choose who deals the first hand.",
            "invalid": "Choose who deals the first hand.",
            "min_value": "Choose who deals the first hand.",
            "max_value": "Choose who deals the first hand.",
        },
    )


def set_first_dealer(table: Table, seat: int, *, actor: Actor, seated=None) -> bool:
    """The table says who deals hand 1: any side (its own link, or its PIN on another
    side's phone) or the director, before the first hand. Kept in the history. False when
    it was so already (nothing written)."""
    with table_write(table, actor, seated=seated) as w:
        result = w.result
        may.say_first_dealer(result, actor).or_refuse()
        try:
            seat = result.ruleset.check_first_dealer(seat, result.size)
        except ValueError as exc:
            raise EntryError(str(exc), {"first_dealer": str(exc)}) from None
        if seat == w.table.first_dealer:
            return False
        Table.objects.filter(pk=w.table.pk).update(first_dealer=seat)
        w.table.first_dealer = seat
        shown = dict(
            seat_choices(build_sheet(result, result.ruleset, result.options), result.ruleset)
        )
        # No hand yet: nothing the standings count changes.
        w.log(Action.FIRST_DEALER, what=shown[seat], after={"first_dealer": seat}, counts=False)
    return True
