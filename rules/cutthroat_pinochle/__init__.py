"""Cut Throat Pinochle (cutthroat-pinochle.txt): three players, paid in chips.

Every payment is between players and the kitty, so chips are conserved: a hand's points
(each player's chip change) plus the kitty's change is always zero. The text has no rule
numbers; its section headings are cited.
"""

from __future__ import annotations

from ..base import Option
from .infractions import INFRACTIONS
from .match import MatchRules
from .record import MAX_BID, MIN_BID, CutthroatPinochleHand, HandRecordRules
from .scoring import ScoringRules, base_value
from .statistics import StatisticsRules


class CutthroatPinochle(MatchRules, ScoringRules, StatisticsRules, HandRecordRules):
    """Three players paid in chips: the game's card (options, the product's decisions); the
    record, scoring and the bank's settling live in their modules."""

    slug = "cutthroat-pinochle"
    name = "Cut Throat Pinochle"
    rule_text = "cutthroat-pinochle.txt"
    table_sizes = (3,)
    partnerships = False
    record_type = CutthroatPinochleHand
    redealt = "dealt again, no chips change hands."
    # The bid winner makes the bid, or fails it: conceded before or after the widow, or
    # played and set (The Bid, Melds); the game is the whole sitting, until one is broke.
    metric_words = {"games_won": "Bids made", "games_lost": "Bids failed"}
    first_deal = "The Deal: each player draws a card from the deck; the highest card deals first."
    infractions = INFRACTIONS
    options = (
        Option(
            "hands",
            "Hands per game",
            9,
            "int",
            min=1,
            max=200,
            help="The game also ends when a player cannot pay.",
        ),
        Option("starting_chips", "Chips per player", 150, "int", min=1, max=100000),
        Option("kitty_ante", "Chips each player puts in the kitty", 25, "int", min=0, max=100000),
        Option(
            "kitty_bid",
            "Bid at which the kitty pays and is paid",
            35,
            "int",
            min=MIN_BID,
            max=MAX_BID,
        ),
        Option("spades_double", "Spades trump doubles the base value", True, "bool"),
    )

    decisions = (
        "Bids are at least 20, raised by 1. The player left of the dealer is forced to 20 "
        "(The Bid: \u201cmust assume the bid of 20 or make a stronger bid\u201d), so only "
        "they can win the bid at 20; anyone else wins it at 21 or more.",
        "Base value: 20-24 = 1, 25-29 = 2, 30-34 = 4, 35-39 = 7, 40-44 = 10, 45-49 = 13, "
        "50-54 = 16, 55+ = 20; spades trump doubles it for every payment of the hand.",
        "Meld alone reaching the bid wins without play. Otherwise the meld counts only if the "
        "bidder takes a trick: made when meld + counters reach the bid (counters 0-25, "
        "discards and the last trick included).",
        "Made: each other player pays the base value, and the kitty pays it too if the bid is "
        "35 or more.",
        "Conceded before the widow: the bidder pays the kitty the base value. Conceded after "
        "(single set): pays each other player, and the kitty if the bid is 35 or more.",
        "Played and failed (double set): pays each other player twice the base value, and the "
        "kitty twice if the bid is 35 or more.",
        "Each player starts with 150 chips, 25 of them into the kitty; the score is the change "
        "in a player's chips.",
        "The Deal: the highest card drawn deals first; the table says who on its page before "
        "the first hand (the first seat until it does), and the deal passes to the left.",
        "The bank: a player pays only the chips they have, and the kitty only what it holds. "
        "A player who cannot pay in full is out, and the game ends with that hand. A bidder "
        "who owes several pays the players from the left first, the kitty last.",
    )

    def check_options(self, options: dict) -> dict[str, str]:
        if options["kitty_ante"] > options["starting_chips"]:
            return {"kitty_ante": "Chips into the kitty cannot exceed a player's chips."}
        return {}

    def hands_in_round(self, table_size: int, options: dict) -> int:
        self.check_table(table_size)
        return self.resolve_options(options)["hands"]


__all__ = ["CutthroatPinochle", "CutthroatPinochleHand", "INFRACTIONS", "base_value"]
