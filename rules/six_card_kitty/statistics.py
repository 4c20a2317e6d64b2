"""What a 6 Card Kitty hand says for the statistics: the bidding team, the bid's level and
form (rule 21: 4, 4 special, 4 no; rule 26: a "no" bid's direction), made or missed
(rule 5) and a Boston (all 13 books, rule 39)."""

from __future__ import annotations

from ..base import HandFacts, HandScore
from ..ruleset import Ruleset
from .record import SixCardKittyHand


class StatisticsRules(Ruleset):
    bidder_role = "bidder"
    level_word = "Bid"
    form_word = "Form"
    feats = ("boston",)

    def hand_facts(
        self, record: SixCardKittyHand | None, score: HandScore, table_size: int
    ) -> HandFacts:
        if score.void or record is None:
            return HandFacts(points=score.points, void=True)
        form = f"no {record.direction}" if record.form == "no" else record.form
        return HandFacts(
            points=score.points,
            bidder=record.bidding_team,
            level=record.level,
            level_label=str(record.level),
            form=form,
            made=score.made,
            boston=score.boston_side is not None,
        )
