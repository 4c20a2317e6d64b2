"""The hand record of 6 Card Kitty: who bid what, and the books the bidders took
(rules 5, 20, 21, 26).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..base import Field, count
from ..reading import HandReader
from ..ruleset import Ruleset

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
    """ "5", "5 special", "5 no uptown": the bid as rule 21 says it aloud, with the
    direction the bidder named for a "no" bid (rule 26), as the sheet prints it."""
    bid = str(record.level) if record.form == "plain" else f"{record.level} {record.form}"
    return f"{bid} {record.direction}" if record.form == "no" and record.direction else bid


def score_line(totals: Sequence[int]) -> str:
    return f"{SIDES[0]} {totals[0]}, {SIDES[1]} {totals[1]}"


class HandRecordRules(Ruleset):
    """The hand record's side of the game: the entry form, reading it, the sheet's columns."""

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

    def summary(self, record: SixCardKittyHand) -> tuple[int | None, str, str]:
        return record.bidding_team, bid_text(record), count(record.books, "book")
