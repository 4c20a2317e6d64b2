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
    Ruleset,
    Ruling,
    add_points,
    cite,
    counted,
    leader,
    signed,
    tally_of,
)
from .reading import HandReader

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
    ),
    Infraction(
        code="exposed-card-10",
        rule="10",
        title="Card exposed in the deal",
        text="If any card is exposed when dealing, there must be a re-deal by the correct player.",
        scope="hand",
        effect=VOID_EFFECT,
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
    ),
    Infraction(
        code="wrong-dealer-12",
        rule="12",
        title="Wrong dealer",
        text="It is a misdeal if the wrong player dealt. The hand is void and the correct player "
        "must re-deal.",
        scope="hand",
        effect=VOID_EFFECT,
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
    ),
)

VOID_CODES = frozenset(
    {"exposed-card-10", "kitty-four-11", "wrong-dealer-12", "misdeal", "wrong-count-19"}
)
CONTINUE_CODES = frozenset(
    {"exposed-card-18", "said-trump-21", "dragged-bid-22", "out-of-turn-bid-24"}
)
AWARD_CODES = frozenset(
    {"no-trump-named-26", "jokers-kept-27", "exposed-card-28", "book-not-closed-36"}
)
RECORDED_CODES = frozenset({"not-progressive-23", "dealer-must-bid-25"})


def bid_text(record: SixCardKittyHand) -> str:
    """ "5", "5 special", "5 no": the bid as rule 21 says it aloud."""
    return str(record.level) if record.form == "plain" else f"{record.level} {record.form}"


class SixCardKitty(Ruleset):
    slug = "columbus-6-card-kitty"
    name = "6 Card Kitty"
    rule_text = "columbus-6-card-kitty.txt"
    table_sizes = (4,)
    partnerships = True
    tiebreaker_hand = True  # rule 6
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

    def voids(self, ruling: Ruling, options: dict) -> bool:
        if ruling.code in VOID_CODES:
            return True
        if ruling.code in CONTINUE_CODES:
            return ruling.choice == "redeal"
        return ruling.code == "short-cards" and ruling.choice == "both"  # rule 31

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
        books = record.books
        awarded_to: int | None = None
        notes: list[str] = []
        for ruling, infraction in rulings:
            effect = self._apply(ruling, infraction, record, books, options, number)
            books = effect.books
            if effect.awarded_to is not None and awarded_to is None:
                awarded_to = effect.awarded_to
            notes.append(effect.note)
        prefix = "".join(f"{note}; " for note in notes)
        if awarded_to is not None:
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

    def _apply(
        self,
        ruling: Ruling,
        infraction: Infraction,
        record: SixCardKittyHand,
        books: int,
        options: dict,
        number: int | None = None,
    ) -> _Effect:
        code = infraction.code
        where = cite(infraction.rule)
        bidders = record.bidding_team
        if code == "jokers-kept-27" and record.form != "no":
            raise InvalidRuling(
                {
                    "code": f"Rule 27 is about a \u201cno\u201d bid (the jokers must be "
                    f"discarded); this hand's bid is {bid_text(record)}."
                }
            )
        if code in AWARD_CODES:
            offended = 1 - self.need_offender(ruling, infraction)
            if (ruling.choice or "award") == "award":
                return _Effect(books, offended, f"{where}: {SIDES[offended]} take the hand")
            return _Effect(books, None, f"{where}: {SIDES[offended]} played on")
        if code in CONTINUE_CODES:
            offended = 1 - self.need_offender(ruling, infraction)
            self.need_choice(ruling, infraction)
            return _Effect(books, None, f"{where}: {SIDES[offended]} chose to continue")
        if code in RECORDED_CODES:
            offender = self.need_offender(ruling, infraction)
            if code == "dealer-must-bid-25":
                self._check_forced_bid(offender, bidders, number)
            return _Effect(
                books, None, f"{where}: {infraction.title.lower()} by {SIDES[offender]} (recorded)"
            )
        if code == "short-cards":
            choice = self.need_choice(ruling, infraction)
            if choice == "bidding":  # rule 29
                return _Effect(books, 1 - bidders, f"Rule 29: {SIDES[bidders]} short, bid missed")
            if choice == "defending-take-bid":  # rule 30
                return _Effect(
                    books,
                    bidders,
                    f"Rule 30: {SIDES[1 - bidders]} short, {SIDES[bidders]} take the bid",
                )
            return _Effect(
                books, None, f"Rule 30: {SIDES[1 - bidders]} short, {SIDES[bidders]} played on"
            )
        if code == "renege":
            offender = self.need_offender(ruling, infraction)
            penalty = ruling.choice or options["renege_penalty"]
            if penalty == "lose_hand":
                return _Effect(
                    books, 1 - offender, f"{where}: renege by {SIDES[offender]}, hand lost"
                )
            moved = options["renege_books"] if ruling.amount is None else ruling.amount
            if offender == bidders:
                books = max(0, books - moved)
            else:
                books = min(TOTAL_BOOKS, books + moved)
            return _Effect(
                books,
                None,
                f"{where}: renege by {SIDES[offender]}, {moved} books to {SIDES[1 - offender]}",
            )
        raise InvalidRuling({"code": f"{where} ({infraction.title}) is not ruled on a hand."})

    def _check_forced_bid(self, offender: int, bidders: int | None, number: int | None) -> None:
        """Rule 25: all passed, so the dealer's team holds the bid."""
        dealers = self.dealing_side(number)
        if dealers is not None and offender != dealers:
            raise InvalidRuling(
                {
                    "offender": f"Rule 25: {SIDES[dealers]} dealt hand {number}, so the "
                    "forced bid is theirs."
                }
            )
        if bidders is not None and offender != bidders:
            raise InvalidRuling(
                {
                    "offender": "Rule 25: the dealer's team holds the forced bid, so it must "
                    "be the bidding team of this hand."
                }
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
        """The ruling's effect in one sentence, shown before the director confirms it."""
        opts = self.resolve_options(options)
        scope = self.infraction(ruling.code).scope if ruling.code in {"7", "41"} else "hand"
        infraction = self.check_ruling(ruling, table_size, scope)
        where = cite(infraction.rule)
        code = infraction.code
        worth = f"{self.bid_points(record, opts)} points" if record is not None else ""
        if code == "7":
            offender = self.need_offender(ruling, infraction)
            return (
                f"{where}: {SIDES[offender]} were not seated within 5 minutes; "
                f"{SIDES[1 - offender]} win the round with {opts['forfeit_points']} points and "
                f"{SIDES[offender]} score 0."
            )
        if code == "41":
            offender = self.need_offender(ruling, infraction)
            return (
                f"{where}: {SIDES[offender]} left; {SIDES[1 - offender]} win this round (hands "
                "played keep their points) and every later round is forfeited as under rule 7."
            )
        if self.voids(ruling, opts):
            return (
                f"{where}: {infraction.title.lower()}; the hand is void and dealt again by "
                "the correct player, no points."
            )
        if record is not None:
            self.check_record_type(record)
            record = self.normal_record(record, table_size, opts, number)
            effect = self._apply(ruling, infraction, record, record.books, opts, number)
            if effect.awarded_to is not None:
                return f"{where}: {SIDES[effect.awarded_to]} are awarded the hand and {worth}."
            if effect.books != record.books:
                score = self._score_books(record, effect.books, opts, "")
                return f"{effect.note}; the hand is scored again: {score.explanation}"
            return f"{effect.note}; the hand is scored as played."
        return self._describe_without_record(ruling, infraction, opts, number)

    def _describe_without_record(
        self, ruling: Ruling, infraction: Infraction, options: dict, number: int | None
    ) -> str:
        """The preview before the hand's facts are entered: the effect, without the numbers."""
        where = cite(infraction.rule)
        code = infraction.code
        if code == "short-cards":
            label = dict(infraction.choices)[self.need_choice(ruling, infraction)]
            effects = {
                "bidding": "the bid is missed and the opponents score the points of the bid",
                "defending-take-bid": "the bidding team scores the points of the bid",
                "defending-play-on": "the hand is scored as played",
            }
            return f"{where}: {label.split(' (')[0]}; {effects[ruling.choice or '']}."
        offender = self.need_offender(ruling, infraction)
        offended = 1 - offender
        if code == "dealer-must-bid-25":
            self._check_forced_bid(offender, None, number)
            return (
                f"{where}: all passed, so {SIDES[offender]} (the dealer's team) hold the bid; "
                "recorded, no change to the score."
            )
        if code in RECORDED_CODES:
            return (
                f"{where}: {infraction.title.lower()} by {SIDES[offender]}; recorded, no "
                "change to the score."
            )
        if code == "renege":
            if (ruling.choice or options["renege_penalty"]) == "lose_hand":
                return (
                    f"{where}: renege by {SIDES[offender]}; {SIDES[offended]} are awarded "
                    "the hand and the points of the bid."
                )
            moved = options["renege_books"] if ruling.amount is None else ruling.amount
            return (
                f"{where}: renege by {SIDES[offender]}; {moved} books move to "
                f"{SIDES[offended]} and the hand is scored again."
            )
        if code in CONTINUE_CODES:
            return f"{where}: {SIDES[offended]} chose to continue; the hand is scored as played."
        if (ruling.choice or "award") == "award":
            return f"{where}: {SIDES[offended]} are awarded the hand and the points of the bid."
        return f"{where}: {SIDES[offended]} chose to play on; the hand is scored as played."

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
            winner = 1 - offender
            if infraction.code == "7":
                forfeit = [0, 0]
                forfeit[winner] = opts["forfeit_points"]
                return MatchResult(
                    complete=True,
                    totals=tuple(forfeit),
                    winner=winner,
                    hands_played=0,
                    forfeit=True,
                    explanation=f"Rule 7: {SIDES[offender]} forfeit; {SIDES[winner]} win "
                    f"{signed(forfeit[winner])}.",
                )
            return MatchResult(
                complete=True,
                totals=totals,
                winner=winner,
                hands_played=len(regular),
                forfeit=True,
                explanation=f"Rule 41: {SIDES[offender]} left; {SIDES[winner]} win the round "
                f"({self._score_line(totals)} after {len(regular)} hands).",
                tally=tally[: len(regular)],
            )
        if len(regular) < planned:
            return MatchResult(
                complete=False,
                totals=totals,
                winner=None,
                hands_played=len(regular),
                explanation=f"{len(regular)} of {planned} hands played: "
                f"{self._score_line(totals)}.",
                tally=tally,
            )
        winner = leader(totals)
        if winner is not None:
            return MatchResult(
                complete=True,
                totals=totals,
                winner=winner,
                hands_played=len(regular),
                explanation=f"{SIDES[winner]} win the round, {self._score_line(totals)}.",
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

    @staticmethod
    def _score_line(totals: Sequence[int]) -> str:
        return f"{SIDES[0]} {totals[0]}, {SIDES[1]} {totals[1]}"


@dataclass(frozen=True)
class _Effect:
    """What one ruling does to a hand: books after it, who is awarded the hand, and a note."""

    books: int
    awarded_to: int | None
    note: str
