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
from django.db import transaction

from tournament.models import Table

from . import outcomes
from .entry import (
    Actor,
    EntryError,
    _check_open,
    _check_side,
    _derived,
    _locked_table,
    _log,
    _table_facts,
)
from .forms import ActionForm
from .results import TableResult
from .sheet import build_sheet, seat_choices

ACTION = "first dealer"


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


def first_dealer_open(result: TableResult) -> bool:
    """Whether the table may still say who deals first: its round is public, its sheet
    open, and no hand is on it yet (entered, accepted or void: each was read against the
    dealer as it stood)."""
    return (
        result.round.is_public
        and not result.final
        and not result.hands
        and not result.pending
        and not result.match.complete
    )


def set_first_dealer(table: Table, seat: int, *, actor: Actor, seated=None) -> bool:
    """The table says who deals hand 1: any side (its own link, or its PIN on another
    side's phone) or the director, before the first hand. Kept in the history. False when
    it was so already (nothing written)."""
    with transaction.atomic(), outcomes.logged_write():
        table = _locked_table(table)
        result = _derived(table, _table_facts(table, seated))
        _check_open(result, actor)
        _check_side(result, actor)
        if not first_dealer_open(result):
            message = (
                "A hand is on the sheet already: who dealt first is fixed with it. The "
                "director can strike the hands to say it again."
            )
            raise EntryError(message, {"first_dealer": message}, status=409)
        try:
            seat = result.ruleset.check_first_dealer(seat, result.size)
        except ValueError as exc:
            raise EntryError(str(exc), {"first_dealer": str(exc)}) from None
        if seat == table.first_dealer:
            return False
        Table.objects.filter(pk=table.pk).update(first_dealer=seat)
        table.first_dealer = seat
        shown = dict(
            seat_choices(build_sheet(result, result.ruleset, result.options), result.ruleset)
        )
        _log(
            table,
            actor,
            f"{ACTION}: {shown[seat]}"[:120],
            after={"first_dealer": seat},
            rescore=False,  # no hand yet: nothing the standings count changes
            result=result,
        )
    return True
