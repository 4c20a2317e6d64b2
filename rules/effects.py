"""What a ruling does to a hand, carried by its infraction as data (``Infraction.does``).

An effect applies itself to a hand being scored and says in words what it does, so a
game's scoring never asks which infraction it was given: a new infraction is one entry
in the game's list, with one of these effects (or a game's own, in its infractions
module). The effects here are the ones several games share.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from .base import Infraction, InvalidRuling, Ruling, cite, count

if TYPE_CHECKING:
    from .ruleset import Ruleset


@dataclass
class RulingHand:
    """One hand as its rulings see it, and what they have done to it so far.

    The game scores the hand from what the rulings left here: books or card points moved,
    a hand awarded, a result decided, points off the sheet, a note for each ruling.
    """

    ruleset: Ruleset
    record: Any | None  # None: the ruling is previewed before the hand's facts are entered
    table_size: int
    options: dict
    number: int | None = None
    given_names: Sequence[str] | None = None
    bidders: int | None = None  # the side that bid or declared
    # Books or card points moved to the bidders (negative: away from them), in order.
    moves: list[int] = field(default_factory=list)
    awarded_to: int | None = None  # the side awarded the hand and the points of the bid
    decided: bool | None = None  # the bidders win (True) or lose by a ruling, whatever the cards
    penalties: dict[int, int] = field(default_factory=dict)  # side -> points off the sheet
    notes: list[str] = field(default_factory=list)

    @cached_property
    def names(self) -> list[str]:
        return self.ruleset.side_names(self.table_size, self.given_names)

    def award(self, side: int) -> None:
        """The first ruling that awards the hand decides who takes it."""
        if self.awarded_to is None:
            self.awarded_to = side


def other(side: int) -> int:
    """The side that did not offend, at a partnership table of two sides."""
    return 1 - side


def void_words(infraction: Infraction, hand: RulingHand) -> str:
    return (
        f"{cite(infraction.rule)}: {infraction.title.lower()}; the hand is void and "
        f"{hand.ruleset.redealt}"
    )


@dataclass(frozen=True)
class Effect:
    """What an infraction does; the base changes nothing and is ruled on no hand."""

    # Whether, once the hand's facts are known, the preview shows the hand scored again
    # (a fixed penalty reads the same with or without them).
    rescores = True

    def voids(self, ruling: Ruling) -> bool:
        """Whether the hand is void, to be dealt again (the ruling already checked)."""
        return False

    def apply(self, ruling: Ruling, infraction: Infraction, hand: RulingHand) -> None:
        raise InvalidRuling(
            {"code": f"{cite(infraction.rule)} ({infraction.title}) is not ruled on a hand."}
        )

    def describe(self, ruling: Ruling, infraction: Infraction, hand: RulingHand) -> str:
        """The effect in one sentence, shown before the director confirms the ruling."""
        raise NotImplementedError


@dataclass(frozen=True)
class Void(Effect):
    """A misdeal and its kin: no score, and the hand is dealt again (every game)."""

    def voids(self, ruling: Ruling) -> bool:
        return True

    def describe(self, ruling: Ruling, infraction: Infraction, hand: RulingHand) -> str:
        return void_words(infraction, hand)


@dataclass(frozen=True)
class ContinueOrRedeal(Effect):
    """The side that did not offend chooses: continue (scored as played) or a re-deal."""

    def voids(self, ruling: Ruling) -> bool:
        return ruling.choice == "redeal"

    def apply(self, ruling: Ruling, infraction: Infraction, hand: RulingHand) -> None:
        offended = other(hand.ruleset.need_offender(ruling, infraction))
        hand.ruleset.need_choice(ruling, infraction)
        hand.notes.append(f"{cite(infraction.rule)}: {hand.names[offended]} chose to continue")

    def describe(self, ruling: Ruling, infraction: Infraction, hand: RulingHand) -> str:
        if self.voids(ruling):
            return void_words(infraction, hand)
        offended = other(hand.ruleset.need_offender(ruling, infraction))
        return (
            f"{cite(infraction.rule)}: {hand.names[offended]} chose to continue; the hand is "
            "scored as played."
        )


@dataclass(frozen=True)
class AwardHand(Effect):
    """The side that did not offend takes the hand and the points of the bid, unless it
    chooses to play on (the ruling's choice "play_on")."""

    def apply(self, ruling: Ruling, infraction: Infraction, hand: RulingHand) -> None:
        offended = other(hand.ruleset.need_offender(ruling, infraction))
        where, name = cite(infraction.rule), hand.names[offended]
        if (ruling.choice or "award") == "award":
            hand.award(offended)
            hand.notes.append(f"{where}: {name} take the hand")
        else:
            hand.notes.append(f"{where}: {name} played on")

    def describe(self, ruling: Ruling, infraction: Infraction, hand: RulingHand) -> str:
        offended = other(hand.ruleset.need_offender(ruling, infraction))
        where, name = cite(infraction.rule), hand.names[offended]
        if (ruling.choice or "award") == "award":
            return f"{where}: {name} are awarded the hand and the points of the bid."
        return f"{where}: {name} chose to play on; the hand is scored as played."


@dataclass(frozen=True)
class Recorded(Effect):
    """Noted on the sheet against the offender; the score does not change."""

    def apply(self, ruling: Ruling, infraction: Infraction, hand: RulingHand) -> None:
        offender = hand.ruleset.need_offender(ruling, infraction)
        self.check(offender, hand)
        hand.notes.append(
            f"{cite(infraction.rule)}: {infraction.title.lower()} by {hand.names[offender]} "
            "(recorded)"
        )

    def check(self, offender: int, hand: RulingHand) -> None:
        """A game's own check of the offender against the hand; InvalidRuling if wrong."""

    def describe(self, ruling: Ruling, infraction: Infraction, hand: RulingHand) -> str:
        offender = hand.ruleset.need_offender(ruling, infraction)
        self.check(offender, hand)
        return (
            f"{cite(infraction.rule)}: {infraction.title.lower()} by {hand.names[offender]}; "
            "recorded, no change to the score."
        )


@dataclass(frozen=True)
class MovePoints(Effect):
    """Books or card points move from the offending side to the other: an amount from the
    ruling, else the game's option ``amount_option``."""

    amount_option: str = ""

    def amount(self, ruling: Ruling, options: dict) -> int:
        return options[self.amount_option] if ruling.amount is None else ruling.amount

    def move(self, offender: int, amount: int, hand: RulingHand) -> None:
        hand.moves.append(-amount if offender == hand.bidders else amount)


@dataclass(frozen=True)
class MoveBooks(MovePoints):
    """Books move from the offending team to the other, or (``penalty_option``, or the
    ruling's choice "lose_hand") the offending team loses the hand."""

    penalty_option: str = ""

    def loses_hand(self, ruling: Ruling, options: dict) -> bool:
        return (ruling.choice or options[self.penalty_option]) == "lose_hand"

    def apply(self, ruling: Ruling, infraction: Infraction, hand: RulingHand) -> None:
        offender = hand.ruleset.need_offender(ruling, infraction)
        what = f"{cite(infraction.rule)}: {infraction.title.lower()} by {hand.names[offender]}"
        if self.loses_hand(ruling, hand.options):
            hand.award(other(offender))
            hand.notes.append(f"{what}, hand lost")
            return
        amount = self.amount(ruling, hand.options)
        self.move(offender, amount, hand)
        hand.notes.append(f"{what}, {count(amount, 'book')} to {hand.names[other(offender)]}")

    def describe(self, ruling: Ruling, infraction: Infraction, hand: RulingHand) -> str:
        offender = hand.ruleset.need_offender(ruling, infraction)
        offended = hand.names[other(offender)]
        what = f"{cite(infraction.rule)}: {infraction.title.lower()} by {hand.names[offender]}"
        if self.loses_hand(ruling, hand.options):
            return f"{what}; {offended} are awarded the hand and the points of the bid."
        amount = self.amount(ruling, hand.options)
        moved = f"{count(amount, 'book')} {'moves' if amount == 1 else 'move'}"
        return f"{what}; {moved} to {offended} and the hand is scored again."


@dataclass(frozen=True)
class PointsOff(Effect):
    """The offender loses points on the sheet, outside the hand's own score, so they are
    never multiplied; ``what`` says for what."""

    amount_option: str = ""
    what: str = ""
    rescores = False

    def amount(self, ruling: Ruling, options: dict) -> int:
        return options[self.amount_option] if ruling.amount is None else ruling.amount

    def apply(self, ruling: Ruling, infraction: Infraction, hand: RulingHand) -> None:
        offender = hand.ruleset.need_offender(ruling, infraction)
        amount = self.amount(ruling, hand.options)
        hand.penalties[offender] = hand.penalties.get(offender, 0) - amount
        hand.notes.append(
            f"{cite(infraction.rule)}: {hand.names[offender]} \N{MINUS SIGN}{amount} {self.what}"
        )

    def describe(self, ruling: Ruling, infraction: Infraction, hand: RulingHand) -> str:
        offender = hand.ruleset.need_offender(ruling, infraction)
        amount = self.amount(ruling, hand.options)
        return (
            f"{cite(infraction.rule)}: {hand.names[offender]} \N{MINUS SIGN}{amount} for a "
            f"{infraction.title[0].lower()}{infraction.title[1:]}, not multiplied."
        )
