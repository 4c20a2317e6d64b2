"""6 Card Kitty as the Columbus Whist Players Society plays it (columbus-6-card-kitty.txt).

Two teams of two; 54 cards, 12 each and a 6-card kitty that counts as the bidder's first
book, so 13 books in all. Rule numbers below are the text's.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..base import Option
from .infractions import INFRACTIONS
from .match import MatchRules
from .record import SEATS, SIDES, TOTAL_BOOKS, HandRecordRules, SixCardKittyHand, bid_text
from .scoring import ScoringRules
from .statistics import StatisticsRules


class SixCardKitty(MatchRules, ScoringRules, StatisticsRules, HandRecordRules):
    """Two teams of two, North-South against East-West: the game's card (options, the
    product's decisions, seating); the record, scoring and match live in their modules."""

    slug = "columbus-6-card-kitty"
    name = "6 Card Kitty"
    rule_text = "columbus-6-card-kitty.txt"
    table_sizes = (4,)
    partnerships = True
    tiebreaker_hand = True  # rule 6
    boston_pot = True  # rule 39
    first_deal = "Rule 8: the first club decides who deals first; the deal proceeds clockwise."
    procedure_rules = {
        "tiebreaker": "6",  # a tie is settled by one more hand whose points do not count
        "late": "7",  # seated within 5 minutes of the round's start, or forfeit
        "boston_pot": "39",
        "signed_final": "40",  # both teams sign the sheet; then it is final
        "left": "41",  # a team leaving forfeits the rest
    }
    redealt = "dealt again by the correct player, no points."
    record_type = SixCardKittyHand
    infractions = INFRACTIONS
    options = (
        Option(
            "hands_per_round",
            "Hands per round",
            4,
            "int",
            min=1,
            max=20,
            help="Rule 3: 4 rounds of 4 hands.",
        ),
        Option(
            "no_bid_multiplier",
            "Multiplier for \u201cno\u201d bids",
            1,
            "int",
            min=1,
            max=4,
            help="Points of a \u201cno\u201d bid, made or missed, are multiplied by this "
            "(some clubs play 2).",
        ),
        Option(
            "renege_penalty",
            "Renege penalty",
            "books",
            "choice",
            choices=(
                ("books", "Books move to the other team"),
                ("lose_hand", "The offending team loses the hand"),
            ),
            help="Rules 35 and 37 give no penalty; classic whist law moves books.",
        ),
        Option("renege_books", "Books moved for a renege", 3, "int", min=0, max=TOTAL_BOOKS),
        Option(
            "guarantee_joker",
            "Guarantee joker",
            "little",
            "choice",
            choices=(("little", "Little joker"), ("big", "Big joker")),
            help="Rule 2. Shown on the sheet; it does not change the arithmetic.",
        ),
        Option(
            "forfeit_points",
            "Points for a forfeited round",
            5,
            "int",
            min=0,
            max=50,
            help="Rule 7: the opposing team is awarded the game and receives 5 points.",
        ),
    )

    decisions = (
        "Bids are 4 to 7, plain, special or no (rules 20, 21); a bid of N needs 6 + N of the "
        "13 books, the kitty counting as the bidder's first book.",
        "No bad bids (rule 5): made, the bidding team scores its books over six; missed, the "
        "opponents score the bid's level. A \u201cno\u201d bid's points may be multiplied "
        "(option, default 1).",
        "A Boston is all 13 books and scores 7; Bostons are counted per team for the pot "
        "(rule 39).",
        "A round is 4 hands; more points wins; a tie plays one tiebreaker hand whose points do "
        "not count (rule 6): only who won it is recorded.",
        "Renege (rules 35, 37): the texts give no penalty; 3 books move from the offending "
        "team to the other (option: number of books, or the offending team loses the hand).",
        "Misdeal, wrong dealer, wrong card count, card exposed in the deal, four consecutive "
        "cards in the kitty (rules 10-13, 19): the hand is void and dealt again.",
        "Rules 26, 27, 28 (and 36 through rule 38): the side that did not offend takes the hand "
        "and the points of the bid (its level, times the \u201cno\u201d multiplier for a "
        "\u201cno\u201d bid) unless it chooses to play on.",
        "Rules 18, 21, 22, 24: the opponents choose to continue or re-deal.",
        "Rule 23: the bidder is forced to the progressive bid, partner silenced; recorded only.",
        "Rules 29-31: bidding team short misses the bid; defending team short lets the bidders "
        "play on or take the bid's points; both short voids the hand.",
        "Rule 7: a team not seated within 5 minutes forfeits the round; the opponents win it "
        "with 5 points (option).",
        "Rule 41: a team that leaves forfeits the round in progress (hands played keep their "
        "points) and every later round as under rule 7.",
        "The guarantee joker is the little joker (rule 2, option).",
        "Rule 8: the first club decides who deals first; the table says who on its page before "
        "the first hand (the first seat, North, until it does), and the deal proceeds clockwise.",
    )

    # -- seating ---------------------------------------------------------------------------
    def players_at_table(self, seats: int) -> int:
        """Two teams of two: four players, whoever the seats hold (an entrant is a team)."""
        return 4

    def sides(self, table_size: int) -> int:
        self.check_table(table_size)
        return 2

    def seat_names(self, table_size: int) -> list[str]:
        self.check_table(table_size)
        return list(SEATS)

    def side_names(self, table_size: int, names: Sequence[str] | None = None) -> list[str]:
        """North-South and East-West: the sheet's columns, whoever the teams are."""
        self.check_table(table_size)
        return list(SIDES)

    def dealing_side(self, number: int | None) -> int | None:
        """The team of the hand's dealer (rule 8: the deal proceeds clockwise)."""
        return None if number is None else self.seat_side(self.dealer(number, 4), 4)

    def seat_side(self, seat: int, table_size: int) -> int:
        """North and South (seats 0, 2) are side 0; East and West (1, 3) side 1."""
        super().seat_side(seat, table_size)
        return seat % 2

    def hands_in_round(self, table_size: int, options: dict) -> int:
        self.check_table(table_size)
        return self.resolve_options(options)["hands_per_round"]


__all__ = ["INFRACTIONS", "SEATS", "SIDES", "SixCardKitty", "SixCardKittyHand", "bid_text"]
