"""What a 3 Legged Kitty hand says for the statistics: the Cat, the contract's number and
type (Bid Hierarchy), whether the Cat made it (Did the Cat Make Their Contract?)."""

from __future__ import annotations

from ..base import HandFacts, HandScore
from ..ruleset import Ruleset
from .record import CONTRACT_NAMES, ThreeLeggedKittyHand


class StatisticsRules(Ruleset):
    bidder_role = "Cat"
    level_word = "Contract number"
    form_word = "Contract type"

    def hand_facts(
        self, record: ThreeLeggedKittyHand | None, score: HandScore, table_size: int
    ) -> HandFacts:
        if score.void or record is None:
            return HandFacts(points=score.points, void=True)
        if record.passed_out or record.number is None or record.contract is None:
            return HandFacts(points=score.points)  # all passed: nobody was the Cat
        return HandFacts(
            points=score.points,
            bidder=record.cat,
            level=record.number,
            level_label=str(record.number),
            form=CONTRACT_NAMES[record.contract],
            made=score.made,
        )
