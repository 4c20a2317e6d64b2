"""3 Legged Kitty (three-legged-kitty.md): three players, the Cat alone against two.

The text has no rule numbers; its section headings are cited instead. Bids are paid for
with cards from the hand, so the auction is modelled too: the text's bidding example (an
8-card kitty) is how a director checks a disputed kitty.
"""

from __future__ import annotations

from ..base import Option
from .infractions import INFRACTIONS
from .match import MatchRules
from .record import Auction, Bid, HandRecordRules, ThreeLeggedKittyHand, auction, bid_cost
from .scoring import MISSED_POINTS, ScoringRules
from .statistics import StatisticsRules


class ThreeLeggedKitty(MatchRules, ScoringRules, StatisticsRules, HandRecordRules):
    """Three players, each for himself: the game's card (options, the product's decisions);
    the record and its auction, scoring and match live in their modules."""

    slug = "three-legged-kitty"
    name = "3 Legged Kitty"
    rule_text = "three-legged-kitty.md"
    table_sizes = (3,)
    partnerships = False
    record_type = ThreeLeggedKittyHand
    infractions = INFRACTIONS
    # A game is the race to the target (Winning the Game); what the Cat makes or fails in
    # a hand is its contract (Scoring System: "Did the Cat Make Their Contract?").
    metric_words = {"games_won": "Contracts made", "games_lost": "Contracts failed"}
    options = (
        Option(
            "target",
            "Game ends at",
            30,
            "int",
            min=1,
            max=500,
            help="The game ends at the end of the hand in which anyone reaches this score.",
        ),
        Option(
            "hand_limit",
            "Most hands in a game",
            0,
            "int",
            min=0,
            max=200,
            help="0 = no limit: the game ends only on the score. A limit ends the game "
            "after that many hands (for a timed round).",
            zero="no limit",
        ),
        Option(
            "missed_points",
            "Points to each opponent when the Cat fails",
            MISSED_POINTS,
            "int",
            min=1,
            max=50,
        ),
    )

    decisions = (
        "Bids are a number 1-10 and a type, Null only 1-8; ranked by number, then Null < "
        "Clubs < Diamonds < Hearts < Spades < No Trump.",
        "A bid costs 1 card if its number is the same or one higher, plus 1 per number "
        "skipped; the opening bid counts from 0. The kitty is all cards bid, from all players.",
        "Suit or No Trump X needs at least X of the 10 tricks; Null X allows at most 8 - X.",
        "Made: the Cat scores the bid number. Missed: each opponent scores 5.",
        "All pass: the hand is passed out, no score, the deal moves left.",
        "The game ends at the end of the hand in which anyone reaches 30 (option); the highest "
        "score wins; a tie for the highest plays one more hand.",
    )

    def hands_in_round(self, table_size: int, options: dict) -> int:
        """The hand limit, or 0 when the game is open-ended (it ends on the score)."""
        self.check_table(table_size)
        return self.resolve_options(options)["hand_limit"]


__all__ = [
    "Auction",
    "Bid",
    "INFRACTIONS",
    "ThreeLeggedKitty",
    "ThreeLeggedKittyHand",
    "auction",
    "bid_cost",
]
