"""Ascot's irregularities (the text's Irregularities and declaration 4), each with what it
does to the deal.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..base import Infraction, InvalidRuling, Ruling, cite
from ..effects import MovePoints, PointsOff, RulingHand, Void


# -- what each infraction does ---------------------------------------------------------------
@dataclass(frozen=True)
class CardPenalty(MovePoints):
    """Irregularities: card points move from the offending side to the other, counted before
    the 60-point bonus threshold; in Null the offender's side loses instead (declaration 4).
    ``did`` says what the offender did; ``null_only`` is declaration 4's own entry."""

    amount_option: str = "card_penalty"
    did: str = ""
    declarer_exempt: bool = False  # the declarer exposing a card is not penalised
    null_only: bool = False

    def apply(self, ruling: Ruling, infraction: Infraction, hand: RulingHand) -> None:
        offender = hand.ruleset.need_offender(ruling, infraction)
        record, names, where = hand.record, hand.names, cite(infraction.rule)
        if record.passed_out:
            raise InvalidRuling(
                {
                    "code": f"{where}: {infraction.title.lower()} needs a "
                    "declarer's game, and this deal was passed out."
                }
            )
        if self.null_only and record.game != "null":
            raise InvalidRuling({"code": "Declaration 4: this rule is for a Null game."})
        if self.declarer_exempt and offender == record.declarer:
            raise InvalidRuling(
                {
                    "offender": "Irregularities: the declarer is not penalised "
                    "for a card exposed or played out of turn."
                }
            )
        if record.game == "null":
            hand.decided = offender != record.declarer
            hand.notes.append(
                f"{cite('4')}: {infraction.title.lower()} by {names[offender]} "
                f"loses the Null for {'the opponents' if hand.decided else 'the declarer'}"
            )
            return
        amount = self.amount(ruling, hand.options)
        self.move(offender, amount, hand)
        if offender == record.declarer:
            hand.notes.append(
                f"{where}: {names[offender]} revoked, {amount} card points to the opponents"
            )
        else:
            hand.notes.append(
                f"{where}: {infraction.title.lower()} by {names[offender]}, "
                f"{amount} card points to the declarer"
            )

    def describe(self, ruling: Ruling, infraction: Infraction, hand: RulingHand) -> str:
        offender = hand.ruleset.need_offender(ruling, infraction)
        where, name = cite(infraction.rule), hand.names[offender]
        amount = self.amount(ruling, hand.options)
        if self.null_only:
            return f"{where}: {name} loses the Null for his side."
        return (
            f"{where}: {name} {self.did}; {amount} card points move to the other "
            "side (in Null the offender's side loses)."
        )


INFRACTIONS = (
    Infraction(
        code="out-of-turn-call",
        rule="Irregularities",
        title="Bid or pass out of turn",
        text="A bid or pass out of turn is penalized 10 points on the score sheet but is "
        "otherwise ignored.",
        scope="hand",
        chooser="director",
        summary="The offender loses 10 points (option) on the sheet, not multiplied by Contra "
        "or Redouble; the hand is otherwise scored as played.",
        does=PointsOff(amount_option="out_of_turn_penalty", what="out of turn"),
    ),
    Infraction(
        code="exposed-card",
        rule="Irregularities",
        title="An opponent exposed a card out of turn",
        text="If the declarer plays a card out of turn or chooses to play with cards exposed, "
        "there is no penalty. But if one of the declarer's two opponents exposes a card out of "
        "turn to his partner, or if any player fails to follow suit when required, the penalty "
        "is 20 points moved from the offending side's cards to the other side's cards.",
        scope="hand",
        chooser="director",
        summary="20 card points (option) move from the opponents to the declarer (at most 120), "
        "counted before the 60-point bonus threshold. In Null the offender's side loses: the "
        "declarer scores +75.",
        does=CardPenalty(did="exposed a card", declarer_exempt=True),
    ),
    Infraction(
        code="revoke",
        rule="Irregularities",
        title="Failure to follow suit",
        text="If any player fails to follow suit when required, the penalty is 20 points moved "
        "from the offending side's cards to the other side's cards and a failure to follow is "
        "corrected from the point where it was made.",
        scope="hand",
        chooser="director",
        summary="20 card points (option) move from the offending side to the other side (down "
        "to zero, at most 120), counted before the 60-point bonus threshold. In Null the "
        "offender's side loses the hand.",
        does=CardPenalty(did="failed to follow suit"),
    ),
    Infraction(
        code="null-exposure",
        rule="4",
        title="Exposure or revoke in Null",
        text="Exposing a card out of turn to one's partner or failing to follow suit loses the "
        "hand for the offender.",
        scope="hand",
        chooser="director",
        summary="An opponent offends: the declarer wins the Null (+75). The declarer offends "
        "(a revoke): the declarer loses (-120).",
        does=CardPenalty(null_only=True),
    ),
    Infraction(
        code="misdeal",
        rule="Irregularities",
        title="Misdeal",
        text="If 3 or more cards are exposed in the dealing, the hand must be redealt. If any "
        "player is dealt more than 10 cards, the hand must be redealt. But a failure to follow "
        "the 3-4-3 dealing pattern is redealt only if it is noticed out loud before any player "
        "bids.",
        scope="hand",
        chooser="director",
        summary="The hand is void: no points, and the same dealer deals again.",
        does=Void(),
    ),
)
