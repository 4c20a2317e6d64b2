"""Ascot (kitty-skat.txt): a Skat-like game, three active players, 120 card points.

At a four-player table the dealer sits out each deal and scores 0 for it. The text numbers
only its five declarations (1 KittyFree ... 5 Contra); its paragraphs are cited by heading.
"""

from __future__ import annotations

from ..base import Option
from .infractions import INFRACTIONS
from .match import MatchRules
from .record import AscotHand, HandRecordRules
from .scoring import ScoringRules
from .statistics import StatisticsRules


class Ascot(MatchRules, ScoringRules, StatisticsRules, HandRecordRules):
    """Three or four at a table, each for himself: the game's card (options, the product's
    decisions, seating); the record, scoring and match live in their modules."""

    slug = "ascot"
    name = "Ascot"
    rule_text = "kitty-skat.txt"
    table_sizes = (4, 3)
    partnerships = False
    record_type = AscotHand
    infractions = INFRACTIONS
    # The text calls a renege a revoke.
    call_reasons = (
        ("ruling", "A ruling"),
        ("renege", "A revoke claim"),
        ("misdeal", "A misdeal"),
        ("other", "Something else"),
    )
    options = (
        Option(
            "deals",
            "Deals per round",
            12,
            "int",
            min=1,
            max=120,
            help="Rounded up to a multiple of the players at the table, so everyone deals "
            "(and, at four, sits out) equally often.",
        ),
        Option(
            "ramsch",
            "Ramsch",
            False,
            "bool",
            help="Minimum bid 75, Contra only on 80 or more, and a passed-out deal is "
            "played as Ramsch.",
        ),
        Option(
            "seeger_fabian",
            "Seeger-Fabian scoring",
            False,
            "bool",
            help="+50 per game won, -50 per game lost as declarer, and +40 to each opponent "
            "of a lost game (+30 to each of the three others at a four-player table).",
        ),
        Option(
            "out_of_turn_penalty",
            "Penalty for a bid or pass out of turn",
            10,
            "int",
            min=0,
            max=120,
        ),
        Option(
            "card_penalty", "Card points moved for a revoke or exposure", 20, "int", min=0, max=120
        ),
    )

    decisions = (
        "Bids are at least 60 (75 with Ramsch), in steps of 5; three passes pass the deal out "
        "(or it is played as Ramsch when that option is on).",
        "The declarer scores card points plus bonuses if the total reaches the bid; otherwise "
        "-120. Bonuses count only with at least 60 card points: KittyFree +15, Grand +40, "
        "Grand KittyFree +55, NoTrump 0 (KittyFree +15).",
        "Null: no trick +75, any trick -120, whatever the bid. No KittyFree, Contra or Redouble "
        "on Null.",
        "Contra (bid at least 65, or 80 with Ramsch) doubles the declarer's score; Redouble, "
        "only after Contra, quadruples it.",
        "A bid or pass out of turn costs the offender 10, not multiplied. A revoke, or an "
        "opponent exposing a card, moves 20 card points to the other side (down to zero, "
        "before the 60-point threshold). In Null it loses the hand for the offender's side.",
        "Ramsch: each player's card points; the highest (all tied highest) have them subtracted.",
        "At a four-player table the dealer sits out the deal and scores 0.",
        "Seeger-Fabian (option): +50 per game won, -50 per game lost as declarer, +40 to each "
        "opponent of a lost game (+30 to each of the three others at four); never multiplied.",
        "A round is a set number of deals (12), rounded up to a multiple of the players.",
    )

    def hands_in_round(self, table_size: int, options: dict) -> int:
        """The deals option rounded up to a multiple of the players at the table."""
        self.check_table(table_size)
        deals = self.resolve_options(options)["deals"]
        return -(-deals // table_size) * table_size

    def sits_out(self, hand_number: int, table_size: int) -> int | None:
        """The seat sitting out a deal: the dealer, at a four-player table."""
        return self.dealer(hand_number, table_size) if table_size == 4 else None


__all__ = ["Ascot", "AscotHand", "INFRACTIONS"]
