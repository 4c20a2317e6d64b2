"""The hand record of Cut Throat Pinochle: the bid, how it ended, and what the bidder counted."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..base import Field
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
            Field("bid", "Bid", "int", min=MIN_BID, max=MAX_BID, help="At least 20."),
            Field(
                "conceded",
                "Conceded",
                "choice",
                choices=CONCESSIONS,
                required=False,
                help="Blank: not conceded.",
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
            f"Bid must be at least {MIN_BID} (The Bid: the player left of "
            f"the dealer must assume the bid of 20 or make a stronger bid).",
            MIN_BID,
            MAX_BID,
        )
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
                "meld", "Meld must be 0 or more: the bidder's meld total (Melds).", 0, MAX_MELD
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
