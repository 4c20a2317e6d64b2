"""6 Card Kitty as the Columbus Whist Players Society plays it (columbus-6-card-kitty.txt).

Two teams of two; 54 cards, 12 each and a 6-card kitty that counts as the bidder's first
book, so 13 books in all. Rule numbers below are the text's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .base import (
    Field,
    HandScore,
    HandTally,
    Infraction,
    InvalidRuling,
    MatchResult,
    Option,
    Ruling,
    add_points,
    cite,
    counted,
    leader,
    signed,
    tally_of,
)
from .effects import (
    AwardHand,
    ContinueOrRedeal,
    Effect,
    MoveBooks,
    Recorded,
    RulingHand,
    Void,
    void_words,
)
from .reading import HandReader
from .ruleset import Ruleset

TOTAL_BOOKS = 13  # 12 tricks + the kitty as the bidder's first book
BOOK = 6  # books over six score
LEVELS = (4, 5, 6, 7)  # rule 20: the minimum bid is 4; 7 needs all 13 books

FORMS = (
    ("plain", "plain: names trump, high cards win (uptown)"),
    ("special", "special: names trump, low cards win (downtown)"),
    ("no", "no: no trump, the bidder names the direction"),
)
DIRECTIONS = (("uptown", "uptown (high cards win)"), ("downtown", "downtown (low cards win)"))
SIDES = ("North-South", "East-West")
SEATS = ("North", "East", "South", "West")


@dataclass(frozen=True)
class SixCardKittyHand:
    """What the scorer enters for one hand: who bid what, and the books the bidders took."""

    bidding_team: int  # side: 0 North-South, 1 East-West
    level: int  # 4-7
    form: str  # plain / special / no
    direction: str | None  # uptown / downtown, for a "no" bid only
    books: int  # the bidding team's books counting the kitty, 0-13


def bid_text(record: SixCardKittyHand) -> str:
    """ "5", "5 special", "5 no": the bid as rule 21 says it aloud."""
    return str(record.level) if record.form == "plain" else f"{record.level} {record.form}"


# -- what each infraction does ---------------------------------------------------------------
@dataclass(frozen=True)
class AwardOnNoBid(AwardHand):
    """Rule 27 is about a "no" bid: the jokers must be discarded."""

    def apply(self, ruling: Ruling, infraction: Infraction, hand: RulingHand) -> None:
        if hand.record.form != "no":
            raise InvalidRuling(
                {
                    "code": f"Rule 27 is about a \u201cno\u201d bid (the jokers must be "
                    f"discarded); this hand's bid is {bid_text(hand.record)}."
                }
            )
        super().apply(ruling, infraction, hand)


@dataclass(frozen=True)
class ForcedBid(Recorded):
    """Rule 25: all passed, so the dealer's team holds the bid."""

    def check(self, offender: int, hand: RulingHand) -> None:
        dealers = hand.ruleset.dealing_side(hand.number)
        if dealers is not None and offender != dealers:
            raise InvalidRuling(
                {
                    "offender": f"Rule 25: {SIDES[dealers]} dealt hand {hand.number}, so the "
                    "forced bid is theirs."
                }
            )
        if hand.bidders is not None and offender != hand.bidders:
            raise InvalidRuling(
                {
                    "offender": "Rule 25: the dealer's team holds the forced bid, so it must "
                    "be the bidding team of this hand."
                }
            )

    def describe(self, ruling: Ruling, infraction: Infraction, hand: RulingHand) -> str:
        offender = hand.ruleset.need_offender(ruling, infraction)
        self.check(offender, hand)
        return (
            f"{cite(infraction.rule)}: all passed, so {SIDES[offender]} (the dealer's team) "
            "hold the bid; recorded, no change to the score."
        )


SHORT_EFFECTS = {
    "bidding": "the bid is missed and the opponents score the points of the bid",
    "defending-take-bid": "the bidding team scores the points of the bid",
    "defending-play-on": "the hand is scored as played",
}


@dataclass(frozen=True)
class ShortCards(Effect):
    """Rules 29-31: who was short once play started decides."""

    def voids(self, ruling: Ruling) -> bool:
        return ruling.choice == "both"  # rule 31

    def apply(self, ruling: Ruling, infraction: Infraction, hand: RulingHand) -> None:
        choice = hand.ruleset.need_choice(ruling, infraction)
        bidders = hand.bidders
        if choice == "bidding":  # rule 29
            hand.award(1 - bidders)
            hand.notes.append(f"Rule 29: {SIDES[bidders]} short, bid missed")
        elif choice == "defending-take-bid":  # rule 30
            hand.award(bidders)
            hand.notes.append(f"Rule 30: {SIDES[1 - bidders]} short, {SIDES[bidders]} take the bid")
        else:
            hand.notes.append(f"Rule 30: {SIDES[1 - bidders]} short, {SIDES[bidders]} played on")

    def describe(self, ruling: Ruling, infraction: Infraction, hand: RulingHand) -> str:
        if self.voids(ruling):
            return void_words(infraction, hand)
        label = dict(infraction.choices)[hand.ruleset.need_choice(ruling, infraction)]
        what = SHORT_EFFECTS[ruling.choice or ""]
        return f"{cite(infraction.rule)}: {label.split(' (')[0]}; {what}."


def score_line(totals: Sequence[int]) -> str:
    return f"{SIDES[0]} {totals[0]}, {SIDES[1]} {totals[1]}"


@dataclass(frozen=True)
class RoundEffect(Effect):
    """A round ruling: it ends the round at the table, whatever the hands say."""

    def end_round(
        self,
        offender: int,
        totals: tuple[int, ...],
        played: int,
        tally: tuple[HandTally, ...],
        options: dict,
    ) -> MatchResult:
        raise NotImplementedError


@dataclass(frozen=True)
class ForfeitRound(RoundEffect):
    """Rule 7: the late team forfeits; the opponents win with the forfeit points."""

    def describe(self, ruling: Ruling, infraction: Infraction, hand: RulingHand) -> str:
        offender = hand.ruleset.need_offender(ruling, infraction)
        return (
            f"{cite(infraction.rule)}: {SIDES[offender]} were not seated within 5 minutes; "
            f"{SIDES[1 - offender]} win the round with {hand.options['forfeit_points']} points "
            f"and {SIDES[offender]} score 0."
        )

    def end_round(
        self,
        offender: int,
        totals: tuple[int, ...],
        played: int,
        tally: tuple[HandTally, ...],
        options: dict,
    ) -> MatchResult:
        winner = 1 - offender
        forfeit = [0, 0]
        forfeit[winner] = options["forfeit_points"]
        return MatchResult(
            complete=True,
            totals=tuple(forfeit),
            winner=winner,
            hands_played=0,
            forfeit=True,
            explanation=f"Rule 7: {SIDES[offender]} forfeit; {SIDES[winner]} win "
            f"{signed(forfeit[winner])}.",
        )


@dataclass(frozen=True)
class LeftTheTable(RoundEffect):
    """Rule 41: the round in progress goes to the opponents; the hands played keep their
    points (every later round is forfeited through ``Infraction.later_rounds``)."""

    def describe(self, ruling: Ruling, infraction: Infraction, hand: RulingHand) -> str:
        offender = hand.ruleset.need_offender(ruling, infraction)
        return (
            f"{cite(infraction.rule)}: {SIDES[offender]} left; {SIDES[1 - offender]} win this "
            "round (hands played keep their points) and every later round is forfeited as "
            "under rule 7."
        )

    def end_round(
        self,
        offender: int,
        totals: tuple[int, ...],
        played: int,
        tally: tuple[HandTally, ...],
        options: dict,
    ) -> MatchResult:
        winner = 1 - offender
        return MatchResult(
            complete=True,
            totals=totals,
            winner=winner,
            hands_played=played,
            forfeit=True,
            explanation=f"Rule 41: {SIDES[offender]} left; {SIDES[winner]} win the round "
            f"({score_line(totals)} after {played} hands).",
            tally=tally[:played],
        )


VOID = Void()
CHOOSE = ContinueOrRedeal()
AWARD = AwardHand()
RECORDED = Recorded()

AWARD_OR_PLAY_ON = (("award", "Take the hand and the points of the bid"), ("play_on", "Play on"))
CONTINUE_OR_REDEAL = (("continue", "Continue play"), ("redeal", "Re-deal"))
VOID_EFFECT = "The hand is void: no points, and the correct player deals it again."
AWARD_EFFECT = (
    "The side that did not offend is awarded the hand and the points of the bid (the bid's "
    "level, whoever bid), unless it chooses to play on; then the hand is scored as played."
)
CONTINUE_EFFECT = (
    "The opposing team chooses: continue (the hand is scored as played) or re-deal (void)."
)
RECORDED_EFFECT = "Recorded on the sheet; no change to the score."

INFRACTIONS: tuple[Infraction, ...] = (
    Infraction(
        code="7",
        rule="7",
        title="5-minute rule",
        text=(
            "If you are not in your seat ready to play within 5 minutes at the start of a game, "
            "the opposing team will be awarded the game and will receive 5 points."
        ),
        scope="round",
        chooser="director",
        effect=(
            "The late team forfeits the round: the opponents win it and score the forfeit "
            "points (5); the late team scores 0."
        ),
        does=ForfeitRound(),
    ),
    Infraction(
        code="exposed-card-10",
        rule="10",
        title="Card exposed in the deal",
        text="If any card is exposed when dealing, there must be a re-deal by the correct player.",
        scope="hand",
        effect=VOID_EFFECT,
        does=VOID,
    ),
    Infraction(
        code="kitty-four-11",
        rule="11",
        title="Four consecutive cards in the kitty",
        text=(
            "The dealer cannot put consecutive cards; the first four (4) or the last four (4) in "
            "the kitty. If this happens there must be a re-deal by the correct player."
        ),
        scope="hand",
        effect=VOID_EFFECT,
        does=VOID,
    ),
    Infraction(
        code="wrong-dealer-12",
        rule="12",
        title="Wrong dealer",
        text="It is a misdeal if the wrong player dealt. The hand is void and the correct player "
        "must re-deal.",
        scope="hand",
        effect=VOID_EFFECT,
        does=VOID,
    ),
    Infraction(
        code="misdeal",
        rule="13",
        title="Misdeal: wrong number of cards before bidding",
        text=(
            "It is a misdeal if any player does not have the correct number of cards before "
            "bidding begins. The hand is void and there must be a re-deal by the correct player."
        ),
        scope="hand",
        effect=VOID_EFFECT,
        does=VOID,
    ),
    Infraction(
        code="exposed-card-18",
        rule="18",
        title="Card exposed before the bidding",
        text=(
            "If a card is exposed after the deal is done but before the bidding begins, the "
            "opposing team has the option to continue play or re-deal."
        ),
        scope="hand",
        choices=CONTINUE_OR_REDEAL,
        chooser="offended",
        effect=CONTINUE_EFFECT,
        does=CHOOSE,
    ),
    Infraction(
        code="wrong-count-19",
        rule="19",
        title="Short or extra cards at the bid",
        text=(
            "All players must count their cards before they make a bid. If you are short of "
            "cards or have extra cards, the hand is void and the correct player must re-deal."
        ),
        scope="hand",
        effect=VOID_EFFECT,
        does=VOID,
    ),
    Infraction(
        code="said-trump-21",
        rule="21",
        title="Bid not verbal as required (said \u201ctrump\u201d)",
        text=(
            "All bidding must be verbal. The only acceptable bids are for example, pass, 4, "
            "4 special or 4 no. You cannot say no-trump. If you say the word \u201ctrump\u201d, "
            "the opposing team has the option to continue play or re-deal."
        ),
        scope="hand",
        choices=CONTINUE_OR_REDEAL,
        chooser="offended",
        effect=CONTINUE_EFFECT,
        does=CHOOSE,
    ),
    Infraction(
        code="dragged-bid-22",
        rule="22",
        title="Dragged bid (half-stepping)",
        text=(
            "No player may drag their bid (no half-stepping). For example, the bidder says 4; "
            "pauses and then says special. If this happens, the opposing team has the option "
            "to continue play or re-deal."
        ),
        scope="hand",
        choices=CONTINUE_OR_REDEAL,
        chooser="offended",
        effect=CONTINUE_EFFECT,
        does=CHOOSE,
    ),
    Infraction(
        code="not-progressive-23",
        rule="23",
        title="Bid not progressive",
        text=(
            "Each bid must be at least one number higher than the previous bid, except for a "
            "\u201cno\u201d bid. No player may make a bid that is not progressive, or that gives "
            "inappropriate information. If this happens, that bidder is forced to make the "
            "progressive bid; their partner is silenced and cannot bid."
        ),
        scope="hand",
        chooser="director",
        effect=(
            "The bidder is forced to make the progressive bid and the partner is silenced. "
            + RECORDED_EFFECT
        ),
        does=RECORDED,
    ),
    Infraction(
        code="out-of-turn-bid-24",
        rule="24",
        title="Bid out of turn",
        text=(
            "If a player bids out of turn, the opposing team has the option to let the bid "
            "stand or re-deal. If the bid stands, the opposing team can still bid. However, "
            "the person who made the infraction; their partner is silenced and cannot bid."
        ),
        scope="hand",
        choices=(("continue", "Let the bid stand"), ("redeal", "Re-deal")),
        chooser="offended",
        effect=(
            "The opposing team chooses: let the bid stand (the offender's partner is silenced; "
            "the hand is scored as played) or re-deal (void)."
        ),
        does=CHOOSE,
    ),
    Infraction(
        code="dealer-must-bid-25",
        rule="25",
        title="All passed: the dealer must bid",
        text="If all players pass, the dealer must bid a minimum of 4, 4 special or 4 no.",
        scope="hand",
        chooser="director",
        effect=(
            "The dealer's team holds the bid (at least 4) and must be the bidding team. "
            + RECORDED_EFFECT
        ),
        does=ForcedBid(),
    ),
    Infraction(
        code="no-trump-named-26",
        rule="26",
        title="Trump or direction not named before the kitty",
        text=(
            "The person awarded the bid, must name a trump or the direction of their "
            "\u201cno\u201d bid before picking up the kitty. If not stated, the opposing team "
            "will be awarded the hand and the points of the bid UNLESS they want to continue play."
        ),
        scope="hand",
        choices=AWARD_OR_PLAY_ON,
        chooser="offended",
        effect=AWARD_EFFECT,
        does=AWARD,
    ),
    Infraction(
        code="jokers-kept-27",
        rule="27",
        title="Jokers not discarded in a \u201cno\u201d bid",
        text=(
            "The person awarded the bid must discard the jokers in the kitty if the bid is a "
            "\u201cno\u201d. If they do not, the opposing team will be awarded the hand and the "
            "points of the bid UNLESS they want to continue play."
        ),
        scope="hand",
        choices=AWARD_OR_PLAY_ON,
        chooser="offended",
        effect=AWARD_EFFECT,
        does=AwardOnNoBid(),
    ),
    Infraction(
        code="exposed-card-28",
        rule="28",
        title="Card exposed in play (or played out of turn)",
        text=(
            "All cards must remain in your hands during play. If a player exposes their cards "
            "at any time after all bids are made, to include playing out of turn, the opposing "
            "team will be awarded the hand, regardless of who bids and the points of the bid "
            "UNLESS they want to continue play."
        ),
        scope="hand",
        choices=AWARD_OR_PLAY_ON,
        chooser="offended",
        effect=AWARD_EFFECT,
        does=AWARD,
    ),
    Infraction(
        code="short-cards",
        rule="29-31",
        title="Short or extra cards once play started",
        text=(
            "29. Once play starts, if the bidding team is short of cards or has extra cards, "
            "the bidding team misses the bid. 30. Once play starts, if the non-bidding team is "
            "short of cards or has extra cards, the bidding has the option to continue play or "
            "take the points of the bid. 31. Once play starts if a player from each team is "
            "short of cards or has extra cards, the hand is void and there must be a re-deal by "
            "the correct player."
        ),
        scope="hand",
        choices=(
            ("bidding", "Bidding team short (rule 29)"),
            ("defending-play-on", "Defending team short, bidders play on (rule 30)"),
            ("defending-take-bid", "Defending team short, bidders take the bid (rule 30)"),
            ("both", "Both teams short (rule 31)"),
        ),
        chooser="director",
        effect=(
            "Bidding team short: the bid is missed (opponents score the bid). Defending team "
            "short: the bidding team plays on (scored as played) or takes the points of the "
            "bid. Both teams short: the hand is void and dealt again."
        ),
        does=ShortCards(),
    ),
    Infraction(
        code="renege",
        rule="35, 37",
        title="Renege",
        text=(
            "35. A team calling a renege may do so at any time and a tournament director must "
            "be called before going through any books. 37. Jokers are of no value in a "
            "\u201cno\u201d bid and must be played the first time a player cannot follow suit. "
            "Failure to do so, results in a renege."
        ),
        scope="hand",
        choices=(
            ("books", "Move books to the other team"),
            ("lose_hand", "The offending team loses the hand"),
        ),
        chooser="director",
        effect=(
            "The text gives no penalty. Default: 3 books (option) move from the offending team "
            "to the other team and the hand is scored again; or (option) the offending team "
            "loses the hand: the opponents are awarded the hand and the points of the bid."
        ),
        does=MoveBooks(amount_option="renege_books", penalty_option="renege_penalty"),
    ),
    Infraction(
        code="book-not-closed-36",
        rule="36, 38",
        title="Book not closed before the next lead",
        text=(
            "36. Each book must be closed before the correct player leads the next card. "
            "38. Any infraction, the exposed card rule applies (#28)."
        ),
        scope="hand",
        choices=AWARD_OR_PLAY_ON,
        chooser="offended",
        effect=AWARD_EFFECT + " (Rule 38: the exposed card rule applies.)",
        does=AWARD,
    ),
    Infraction(
        code="41",
        rule="41",
        title="Team left without a substitute",
        text=(
            "If a player leaves before completing play and they do not have a substitute "
            "player, their team forfeits all remaining hands and their money will not be "
            "refunded."
        ),
        scope="round",
        chooser="director",
        effect=(
            "The round in progress goes to the opponents as a win; the hands already played "
            "keep their points. Every later round is forfeited as under rule 7."
        ),
        later_rounds="7",
        does=LeftTheTable(),
    ),
)


class SixCardKitty(Ruleset):
    slug = "columbus-6-card-kitty"
    name = "6 Card Kitty"
    rule_text = "columbus-6-card-kitty.txt"
    table_sizes = (4,)
    partnerships = True
    tiebreaker_hand = True  # rule 6
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
    )

    # -- seating ---------------------------------------------------------------------------
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

    # -- the hand record -------------------------------------------------------------------
    def hand_fields(
        self,
        table_size: int,
        options: dict,
        names: Sequence[str] | None = None,
        number: int | None = None,
    ) -> tuple[Field, ...]:
        self.check_table(table_size)
        return (
            Field(
                "bidding_team",
                "Bidding team",
                "choice",
                choices=tuple((str(side), name) for side, name in enumerate(SIDES)),
            ),
            Field(
                "level",
                "Bid",
                "int",
                min=LEVELS[0],
                max=LEVELS[-1],
                help="4 to 7 (rule 20). A bid of N needs 6 + N books.",
            ),
            Field("form", "Form", "choice", choices=FORMS, help="Rule 21: 4, 4 special or 4 no."),
            Field(
                "direction",
                "Direction of the \u201cno\u201d bid",
                "choice",
                choices=DIRECTIONS,
                required=False,
                help="Only for a \u201cno\u201d bid (rule 26).",
            ),
            Field(
                "books",
                "Books taken by the bidding team",
                "int",
                min=1,
                max=TOTAL_BOOKS,
                help="Counting the kitty as the first book: 13 in all. If a ruling stopped "
                "the hand, enter the books as they stood.",
            ),
        )

    def parse_hand(
        self,
        data: Mapping[str, object],
        table_size: int,
        options: dict,
        number: int | None = None,
    ) -> SixCardKittyHand:
        self.check_table(table_size)
        read = HandReader(data)
        bidding_team = read.who(
            "bidding_team",
            2,
            "Bidding team must be North-South or East-West: the team that won the bid.",
        )
        level = read.int(
            "level",
            "Bid must be 4 to 7 (rule 20: the minimum bid is 4; a bid of N needs 6 + N of the "
            "13 books).",
            LEVELS[0],
            LEVELS[-1],
        )
        form = read.choice(
            "form",
            FORMS,
            "Form must be plain, special or no (rule 21: the only bids are 4, 4 special or 4 no).",
        )
        direction = None
        if form == "no":
            direction = read.choice(
                "direction",
                DIRECTIONS,
                "Direction must be uptown or downtown for a \u201cno\u201d bid (rule 26: the "
                "bidder names the direction before picking up the kitty).",
            )
        books = read.int(
            "books",
            "Books must be 1 to 13: the bidding team's books, the kitty counting as its first "
            "book.",
            1,
            TOTAL_BOOKS,
        )
        read.done()
        return SixCardKittyHand(bidding_team, level, form, direction, books)

    # -- scoring ---------------------------------------------------------------------------
    def bid_points(self, record: SixCardKittyHand, options: dict) -> int:
        """What the bid is worth when missed or awarded: its level (rule 5, rule 28)."""
        return record.level * self.multiplier(record, options)

    def multiplier(self, record: SixCardKittyHand, options: dict) -> int:
        return options["no_bid_multiplier"] if record.form == "no" else 1

    def ruling_hand(
        self,
        record: SixCardKittyHand | None,
        table_size: int,
        options: dict,
        number: int | None = None,
        names: Sequence[str] | None = None,
    ) -> RulingHand:
        bidders = record.bidding_team if record is not None else None
        return RulingHand(self, record, table_size, options, number, names, bidders)

    @staticmethod
    def books_after(books: int, moves: Sequence[int]) -> int:
        """The bidding team's books after each ruling moved some, 0 to 13 at every step."""
        for moved in moves:
            books = max(0, books + moved) if moved < 0 else min(TOTAL_BOOKS, books + moved)
        return books

    def score_record(
        self,
        record: SixCardKittyHand,
        table_size: int,
        options: dict,
        rulings: Sequence[tuple[Ruling, Infraction]],
        *,
        number: int | None = None,
        names: Sequence[str] | None = None,
    ) -> HandScore:
        bidders = record.bidding_team
        hand = self.ruling_hand(record, table_size, options, number, names)
        for ruling, infraction in rulings:
            self.effect_of(infraction).apply(ruling, infraction, hand)
        books = self.books_after(record.books, hand.moves)
        prefix = "".join(f"{note}; " for note in hand.notes)
        if hand.awarded_to is not None:
            awarded_to = hand.awarded_to
            points = [0, 0]
            points[awarded_to] = self.bid_points(record, options)
            return HandScore(
                points=tuple(points),
                explanation=f"{prefix}bid {bid_text(record)}: {SIDES[awarded_to]} "
                f"{signed(points[awarded_to])}",
                declarer=bidders,
                made=awarded_to == bidders,
            )
        return self._score_books(record, books, options, prefix)

    def _score_books(
        self, record: SixCardKittyHand, books: int, options: dict, prefix: str
    ) -> HandScore:
        """Rule 5: made scores the books over six; missed gives the opponents the bid."""
        bidders = record.bidding_team
        needed = BOOK + record.level
        multiplier = self.multiplier(record, options)
        times = f" (\u201cno\u201d bid \u00d7{multiplier})" if multiplier != 1 else ""
        points = [0, 0]
        made = books >= needed
        lead = (
            f"Bid {bid_text(record)}, {books} books"
            if not prefix
            else (f"{prefix}bid {bid_text(record)}, {books} books")
        )
        if made:
            points[bidders] = (books - BOOK) * multiplier
            boston = bidders if books == TOTAL_BOOKS else None
            tail = " \u2014 Boston!" if boston is not None else ""
            text = f"{lead}: {SIDES[bidders]} {signed(points[bidders])}{times}{tail}"
        else:
            boston = None
            points[1 - bidders] = record.level * multiplier
            text = (
                f"{lead} (needed {needed}): missed, {SIDES[1 - bidders]} "
                f"{signed(points[1 - bidders])}{times}"
            )
        return HandScore(
            points=tuple(points),
            explanation=text,
            boston_side=boston,
            declarer=bidders,
            made=made,
        )

    def summary(self, record: SixCardKittyHand) -> tuple[int | None, str, str]:
        bid = bid_text(record) + (f" {record.direction}" if record.direction else "")
        return record.bidding_team, bid, f"{record.books} books"

    def describe_ruling(
        self,
        ruling: Ruling,
        record: SixCardKittyHand | None,
        table_size: int,
        options: dict,
        number: int | None = None,
        names: Sequence[str] | None = None,
    ) -> str:
        """The ruling's effect in one sentence, shown before the director confirms it; with
        the hand's facts, what the hand then scores."""
        opts = self.resolve_options(options)
        infraction = self.check_ruling(ruling, table_size, self.scope_of(ruling.code))
        effect = self.effect_of(infraction)
        worth = f"{self.bid_points(record, opts)} points" if record is not None else ""
        if infraction.scope == "round" or effect.voids(ruling) or record is None:
            return effect.describe(
                ruling, infraction, self.ruling_hand(None, table_size, opts, number)
            )
        self.check_record_type(record)
        record = self.normal_record(record, table_size, opts, number)
        hand = self.ruling_hand(record, table_size, opts, number)
        effect.apply(ruling, infraction, hand)
        if hand.awarded_to is not None:
            awarded = SIDES[hand.awarded_to]
            return f"{cite(infraction.rule)}: {awarded} are awarded the hand and {worth}."
        books = self.books_after(record.books, hand.moves)
        if books != record.books:
            score = self._score_books(record, books, opts, "")
            return f"{hand.notes[-1]}; the hand is scored again: {score.explanation}"
        return f"{hand.notes[-1]}; the hand is scored as played."

    # -- the round -------------------------------------------------------------------------
    def match_result(
        self,
        scores: Sequence[HandScore],
        table_size: int,
        options: dict,
        round_rulings: Sequence[Ruling] = (),
        names: Sequence[str] | None = None,
    ) -> MatchResult:
        """Rule 6: after the round's hands the most points wins; a tie is settled by one more
        hand whose points do not count. Rules 7 and 41 end the round by forfeit."""
        opts = self.resolve_options(options)
        planned = opts["hands_per_round"]
        hands = counted(scores)
        regular = hands[:planned]
        totals = add_points(2, regular)
        tally = tally_of(2, regular) + tuple(
            HandTally(points=(0, 0), running=totals, tiebreaker=True) for _ in hands[planned:]
        )
        for ruling, infraction in self.check_round_rulings(round_rulings, table_size):
            offender = self.need_offender(ruling, infraction)
            effect = self.effect_of(infraction)
            assert isinstance(effect, RoundEffect)
            return effect.end_round(offender, totals, len(regular), tally, opts)
        if len(regular) < planned:
            return MatchResult(
                complete=False,
                totals=totals,
                winner=None,
                hands_played=len(regular),
                explanation=f"{len(regular)} of {planned} hands played: {score_line(totals)}.",
                tally=tally,
            )
        winner = leader(totals)
        if winner is not None:
            return MatchResult(
                complete=True,
                totals=totals,
                winner=winner,
                hands_played=len(regular),
                explanation=f"{SIDES[winner]} win the round, {score_line(totals)}.",
                tally=tally[:planned],
            )
        for played, tiebreaker in enumerate(hands[planned:], start=1):  # rule 6
            decider = leader(tiebreaker.points)
            if decider is not None:
                return MatchResult(
                    complete=True,
                    totals=totals,
                    winner=decider,
                    hands_played=len(regular) + played,
                    explanation=f"Tied {totals[0]}-{totals[1]}; {SIDES[decider]} win the "
                    "tiebreaker hand (its points do not count).",
                    tally=tally[: planned + played],
                )
        return MatchResult(
            complete=False,
            totals=totals,
            winner=None,
            needs_tiebreaker=True,
            hands_played=len(hands),
            explanation=f"Tied {totals[0]}-{totals[1]} after {planned} hands: play one "
            "tiebreaker hand (rule 6).",
            tally=tally,
        )
