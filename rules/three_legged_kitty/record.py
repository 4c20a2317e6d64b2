"""The hand record of 3 Legged Kitty: the Cat, the contract, the Cat's tricks; and the
auction that paid for the bid (Bid Hierarchy).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..base import Field, count
from ..reading import HandReader
from ..ruleset import Ruleset

TRICKS = 10
NULL_MAX = 8  # "Null only goes up to 8"
# Bid hierarchy: within a number, Null < Clubs < Diamonds < Hearts < Spades < No Trump.
CONTRACTS = (
    ("null", "Null"),
    ("clubs", "Clubs"),
    ("diamonds", "Diamonds"),
    ("hearts", "Hearts"),
    ("spades", "Spades"),
    ("notrump", "No Trump"),
)
CONTRACT_NAMES = dict(CONTRACTS)
CONTRACT_RANK = {value: rank for rank, (value, _) in enumerate(CONTRACTS)}


@dataclass(frozen=True, order=False)
class Bid:
    """A bid: a number 1-10 and a type; ranked by number, then type."""

    number: int
    contract: str

    def __post_init__(self) -> None:
        if self.contract not in CONTRACT_RANK:
            raise ValueError(f"{self.contract!r} is not a bid type.")
        top = NULL_MAX if self.contract == "null" else TRICKS
        if not 1 <= self.number <= top:
            raise ValueError(f"{self} is not a bid: the number must be 1 to {top}.")

    @property
    def rank(self) -> tuple[int, int]:
        return (self.number, CONTRACT_RANK[self.contract])

    def __str__(self) -> str:
        if self.contract == "null":
            return f"Null {self.number}"
        return f"{self.number} {CONTRACT_NAMES[self.contract]}"


def bid_cost(previous: Bid | None, bid: Bid) -> int:
    """Cards placed for a bid: 1 for the same number or one higher, plus 1 per number skipped.

    The opening bid counts from 0: 1 card plus 1 for each number above 1.
    """
    if previous is not None and bid.rank <= previous.rank:
        raise ValueError(f"{bid} does not beat {previous}: each new bid must be higher.")
    before = previous.number if previous is not None else 0
    return 1 + max(0, bid.number - before - 1)


@dataclass(frozen=True)
class Auction:
    """The outcome of the bidding: the Cat (None if all passed), the bid, the kitty."""

    cat: int | None
    bid: Bid | None
    cards: tuple[int, ...]  # cards each seat placed face up

    @property
    def kitty(self) -> int:
        """ "The kitty is all cards bid, from all players"."""
        return sum(self.cards)


def auction(calls: Sequence[Bid | None], first: int = 0, players: int = 3) -> Auction:
    """Run the bidding from the calls in turn order (None = pass), starting left of the dealer.

    A player who passes is skipped from then on; the bidding ends when every player but the
    high bidder has passed. The high bidder may say "pass" to close (as in the text's example).
    """
    cards = [0] * players
    passed: set[int] = set()
    high: Bid | None = None
    cat: int | None = None
    seat = first
    for call in calls:
        if len(passed) >= players - 1 and cat is not None:
            if call is None and seat == cat:
                break  # the Cat standing on the bid
            raise ValueError("The bidding is over: every other player has passed.")
        if call is None:
            passed.add(seat)
        else:
            cards[seat] += bid_cost(high, call)
            high, cat = call, seat
        seat = _next_seat(seat, passed, players)
        if len(passed) == players:
            return Auction(None, None, tuple(cards))  # all pass: passed out
    else:
        if not (cat is not None and len(passed) >= players - 1):
            raise ValueError("The bidding is not over yet.")
    return Auction(cat, high, tuple(cards))


def _next_seat(seat: int, passed: set[int], players: int) -> int:
    for step in range(1, players + 1):
        candidate = (seat + step) % players
        if candidate not in passed:
            return candidate
    return seat


@dataclass(frozen=True)
class ThreeLeggedKittyHand:
    """The Cat, the contract, and the Cat's tricks; or a hand passed out."""

    passed_out: bool
    cat: int | None = None  # seat
    number: int | None = None  # 1-10 (Null 1-8)
    contract: str | None = None
    tricks: int | None = None  # the Cat's tricks, 0-10

    @property
    def bid(self) -> Bid | None:
        if self.passed_out or self.number is None or self.contract is None:
            return None
        return Bid(self.number, self.contract)


class HandRecordRules(Ruleset):
    """The hand record's side of the game: the entry form, reading it, the sheet's columns."""

    def hand_fields(
        self,
        table_size: int,
        options: dict,
        names: Sequence[str] | None = None,
        number: int | None = None,
    ) -> tuple[Field, ...]:
        names = self.side_names(table_size, names)
        seats = tuple((str(seat), name) for seat, name in enumerate(names))
        return (
            Field(
                "passed_out",
                "Passed out",
                "bool",
                required=False,
                help="All three passed: no score, the deal moves left.",
            ),
            Field(
                "cat",
                "The Cat",
                "choice",
                choices=seats,
                required=False,
                help="The player who won the bid.",
            ),
            Field(
                "number",
                "Contract number",
                "int",
                min=1,
                max=TRICKS,
                required=False,
                help="1 to 10; Null only 1 to 8.",
            ),
            Field("contract", "Contract type", "choice", choices=CONTRACTS, required=False),
            Field(
                "tricks",
                "Tricks taken by the Cat",
                "int",
                min=0,
                max=TRICKS,
                required=False,
                help="0 to 10.",
            ),
        )

    def parse_hand(
        self,
        data: Mapping[str, object],
        table_size: int,
        options: dict,
        number: int | None = None,
    ) -> ThreeLeggedKittyHand:
        self.check_table(table_size)
        read = HandReader(data)
        if read.bool("passed_out", "Passed out must be yes or no."):
            read.done()
            return ThreeLeggedKittyHand(passed_out=True)
        cat = read.who(
            "cat",
            table_size,
            "The Cat must be one of the three players (the "
            "winner of the bid), unless the hand was passed out.",
        )
        contract = read.choice(
            "contract",
            CONTRACTS,
            "Contract type must be Null, Clubs, "
            "Diamonds, Hearts, Spades or No Trump (Bid Hierarchy).",
        )
        number = read.int(
            "number",
            "Contract number must be 1 to 10 (Understanding What You're Bidding).",
            1,
            TRICKS,
        )
        if contract == "null" and number is not None and number > NULL_MAX:
            read.error(
                "number",
                "Contract number for Null must be 1 to 8 (\u201cNull only goes up to 8\u201d).",
            )
        tricks = read.int(
            "tricks", "Tricks taken by the Cat must be 0 to 10 (10 tricks are played).", 0, TRICKS
        )
        read.done()
        return ThreeLeggedKittyHand(False, cat, number, contract, tricks)

    def paper_rows(self, table_size: int, options: dict) -> int:
        """A game ends on the score (Winning the Game), not after a number of hands: the paper
        kept as a backup has rows for a long game to it. A hand adds 5 to each opponent
        or the bid to the Cat, so a game to 30 is over in about 10 to 15 hands."""
        opts = self.resolve_options(options)
        if opts["hand_limit"]:
            return opts["hand_limit"]
        return min(60, max(6, -(-opts["target"] // 2)))

    def summary(self, record: ThreeLeggedKittyHand) -> tuple[int | None, str, str]:
        if record.passed_out:
            return None, "passed out", ""
        return record.cat, f"{record.number} {record.contract}", count(record.tricks or 0, "trick")
