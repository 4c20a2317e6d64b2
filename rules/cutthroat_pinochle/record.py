"""The hand record of Cut Throat Pinochle: the bid, how it ended, and what the bidder counted."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..base import Field, SheetWords
from ..reading import HandReader
from ..ruleset import Ruleset

MIN_BID = 20  # the player left of the dealer is forced to 20
MAX_BID = 999  # a sanity bound for the form
COUNTERS = 25  # A, 10, K = 1 each (24) + 1 for the last trick
DISCARDS = 3  # "discards three cards": with no trick taken, only these can count
MAX_MELD = 999
SUITS = (("spades", "Spades"), ("hearts", "Hearts"), ("diamonds", "Diamonds"), ("clubs", "Clubs"))
CONCESSIONS = (
    ("no", "Not conceded: melded (and played)"),
    ("before_widow", "Conceded before the widow"),
    ("after_widow", "Conceded after the widow (single set)"),
)


@dataclass(frozen=True)
class CutthroatPinochleHand:
    """The bid, how it ended (conceded or melded and played), and what the bidder counted."""

    bidder: int  # seat
    bid: int
    conceded: str = "no"  # no / before_widow / after_widow
    trump: str | None = None  # named after the widow; optional if conceded
    meld: int | None = None
    counters: int | None = None  # 0-25, discards and last trick included
    took_trick: bool = False  # the bidder's meld counts only if he takes a trick

    @property
    def won_on_meld(self) -> bool:
        """ "If he makes his bid with the meld, he wins the hand. Play for tricks is not made.\""""
        return self.conceded == "no" and self.meld is not None and self.meld >= self.bid


class HandRecordRules(Ruleset):
    """The hand record's side of the game: the entry form, reading it, the sheet's columns."""

    def forced_bidder(self, number: int | None, table_size: int) -> int | None:
        """The seat forced to 20 in hand ``number``: the player left of the dealer (The Bid:
        "Bidding begins with the player to the left of the dealer. This player is 'under'
        and must assume the bid of 20 or make a stronger bid"). None when the dealer is not
        known: no hand number, or a table that has not said who dealt first."""
        if number is None or self.first_dealer is None:
            return None
        return (self.dealer(number, table_size) + 1) % table_size

    def check_forced_bid(
        self,
        read: HandReader,
        bidder: int | None,
        bid: int | None,
        forced: int | None,
        table_size: int,
    ) -> None:
        """The Bid: the player left of the dealer holds 20 unless another bids more, and
        cannot pass below it; so a bid of 20 that stands is theirs, and any other player's
        winning bid is at least 21."""
        if forced is None or bidder is None or bid != MIN_BID or bidder == forced:
            return
        dealer = (forced - 1) % table_size
        where = "dealt this hand" if bidder == dealer else "sits right of the dealer"
        read.error(
            "bidder",
            f"Only the player left of the dealer can hold the bid at {MIN_BID}: they are "
            f"\u201cunder\u201d and must assume it (The Bid). This bidder {where}: their "
            f"winning bid is {MIN_BID + 1} or more. Check the bidder and the bid.",
        )

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
            Field("bidder", "Bidder", "choice", choices=seats),
            Field(
                "bid",
                "Bid",
                "int",
                min=MIN_BID,
                max=MAX_BID,
                help="At least 20; 20 only for the player left of the dealer, who is forced to it.",
            ),
            Field(
                "conceded",
                "Conceded",
                "choice",
                choices=CONCESSIONS,
                required=False,
                help="None chosen: not conceded.",
            ),
            Field(
                "trump",
                "Trump",
                "choice",
                choices=SUITS,
                required=False,
                help="Needed unless the bid was conceded; spades doubles the payments.",
            ),
            Field(
                "meld",
                "Meld",
                "int",
                min=0,
                max=MAX_MELD,
                required=False,
                help="The bidder's meld total, when not conceded.",
            ),
            Field(
                "counters",
                "Counters",
                "int",
                min=0,
                max=COUNTERS,
                required=False,
                help="0-25: A, 10, K in the bidder's tricks and discards, +1 for the last "
                "trick. Not needed when the meld alone makes the bid.",
            ),
            Field(
                "took_trick",
                "Bidder took a trick",
                "bool",
                required=False,
                help="The meld counts only if the bidder takes at least one trick.",
            ),
        )

    def parse_hand(
        self,
        data: Mapping[str, object],
        table_size: int,
        options: dict,
        number: int | None = None,
    ) -> CutthroatPinochleHand:
        self.check_table(table_size)
        read = HandReader(data)
        bidder = read.who(
            "bidder",
            table_size,
            "Bidder must be one of the three players (the last remaining bidder owns the bid).",
        )
        bid = read.int(
            "bid",
            f"Bid must be {MIN_BID} to {MAX_BID} (The Bid: the player left of "
            f"the dealer must assume the bid of 20 or make a stronger bid).",
            MIN_BID,
            MAX_BID,
        )
        forced = self.forced_bidder(number, table_size)
        self.check_forced_bid(read, bidder, bid, forced, table_size)
        conceded = (
            read.choice(
                "conceded",
                CONCESSIONS,
                "Conceded must be no, before the widow or after the widow (The Bid).",
                required=False,
            )
            or "no"
        )
        trump = meld = counters = None
        took_trick = False
        if conceded == "after_widow":
            trump = read.choice(
                "trump",
                SUITS,
                "Trump must be spades, hearts, diamonds or clubs, or blank if none was named.",
                required=False,
            )
        elif conceded == "no":
            trump = read.choice(
                "trump",
                SUITS,
                "Trump must be named: spades, hearts, diamonds "
                "or clubs (the bid winner declares a Trump suit).",
            )
            meld = read.int(
                "meld",
                f"Meld must be 0 to {MAX_MELD}: the bidder's meld total (Melds).",
                0,
                MAX_MELD,
            )
            if meld is not None and bid is not None and meld < bid:
                counters = read.int(
                    "counters",
                    "Counters must be 0 to 25: A, 10 and K count "
                    "1 each, 24 in the deck, +1 for the last trick (The Count).",
                    0,
                    COUNTERS,
                )
                took_trick = read.bool("took_trick", "Bidder took a trick must be yes or no.")
                if counters is not None and not took_trick and counters > DISCARDS:
                    read.error(
                        "counters",
                        f"Counters can be at most {DISCARDS} when the bidder took no trick: "
                        "only the three discards count then, and the last trick's point "
                        "goes with a trick (The Count).",
                    )
        read.done()
        assert bidder is not None and bid is not None
        return CutthroatPinochleHand(bidder, bid, conceded, trump, meld, counters, took_trick)

    def summary(self, record: CutthroatPinochleHand) -> tuple[int | None, str, str]:
        bid = f"{record.bid} {record.trump}" if record.trump else str(record.bid)
        if record.conceded != "no":
            return record.bidder, bid, f"conceded {record.conceded.replace('_', ' ')}"
        taken = f"meld {record.meld or 0}"
        if not record.won_on_meld:
            taken += f", counters {record.counters or 0}"
        return record.bidder, bid, taken

    def remarks(self, record: CutthroatPinochleHand) -> tuple[str, ...]:
        """ "The Bid Winner still needs to take one trick to save his meld": a row whose meld
        did not count says so, or its Taken column would not explain its chips."""
        if record.conceded == "no" and not record.won_on_meld and not record.took_trick:
            return ("meld lost (no trick)",)
        return ()

    def sheet_words(self, table_size: int, options: dict) -> SheetWords:
        """The players' chips won and paid, and the kitty's in and out beside them, so each
        row adds up to nothing and the kitty's balance can be followed down the sheet."""
        opts = self.resolve_options(options)
        ante, start = opts["kitty_ante"], opts["kitty_ante"] * table_size
        return SheetWords(
            figures=("chips", "total"),
            pool="Kitty",
            pool_figures=("in/out", "holds"),
            pool_start=start,
            key=(
                "Chips: each row adds up to nothing, the players' chips won (+) and paid (\u2212) "
                "with the kitty's in (+) and out (\u2212). The kitty holds "
                f"{start} before hand 1, {ante} from each player.",
            ),
        )
