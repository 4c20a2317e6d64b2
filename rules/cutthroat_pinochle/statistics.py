"""What a Cut Throat Pinochle hand says for the statistics: the bidder, the bid grouped by
its base value (Scoring: "Bids of 20 to 24 = base value 1" ...), the trump, whether it
was made, and a double set (The Bid: played and failed; a concession is a single set or
pays the kitty only)."""

from __future__ import annotations

from ..base import HandFacts, HandScore
from ..ruleset import Ruleset
from .record import SUITS, CutthroatPinochleHand
from .scoring import BASE_VALUES

SUIT_NAMES = dict(SUITS)


def bid_group(bid: int) -> tuple[int, str]:
    """The lowest bid of the bid's base value and the group's name: (25, "25-29")."""
    above = None
    for low, _ in BASE_VALUES:  # highest first
        if bid >= low:
            return low, f"{low}\N{EN DASH}{above - 1}" if above else f"{low}+"
        above = low
    return bid, str(bid)


class StatisticsRules(Ruleset):
    bidder_role = "bidder"
    level_word = "Bid"
    form_word = "Trump"
    feats = ("double_set",)

    def hand_facts(
        self, record: CutthroatPinochleHand | None, score: HandScore, table_size: int
    ) -> HandFacts:
        if score.void or record is None:
            return HandFacts(points=score.points, void=True)
        level, label = bid_group(record.bid)
        form = SUIT_NAMES[record.trump] if record.trump else "none named"
        return HandFacts(
            points=score.points,
            bidder=record.bidder,
            level=level,
            level_label=label,
            form=form,
            made=score.made,
            double_set=record.conceded == "no" and score.made is False,
        )
