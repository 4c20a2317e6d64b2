"""Cut Throat Pinochle (cutthroat-pinochle.txt): three players, paid in chips.

Every payment is between players and the kitty, so chips are conserved: a hand's points
(each player's chip change) plus the kitty's change is always zero. The text has no rule
numbers; its section headings are cited.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .base import (
    Field,
    HandScore,
    HandTally,
    Infraction,
    MatchResult,
    Option,
    Ruling,
    add_points,
    counted,
    leader,
    signed,
)
from .effects import Void
from .reading import HandReader
from .ruleset import Ruleset

MIN_BID = 20  # the player left of the dealer is forced to 20
MAX_BID = 999  # a sanity bound for the form
COUNTERS = 25  # A, 10, K = 1 each (24) + 1 for the last trick
DISCARDS = 3  # "discards three cards": with no trick taken, only these can count
MAX_MELD = 999

# "Bids of: 20 to 24 = base value 1 ... 55 and over = base value 20"
BASE_VALUES = ((55, 20), (50, 16), (45, 13), (40, 10), (35, 7), (30, 4), (25, 2), (20, 1))

SUITS = (("spades", "Spades"), ("hearts", "Hearts"), ("diamonds", "Diamonds"), ("clubs", "Clubs"))
CONCESSIONS = (
    ("no", "Not conceded: melded (and played)"),
    ("before_widow", "Conceded before the widow"),
    ("after_widow", "Conceded after the widow (single set)"),
)


def base_value(bid: int) -> int:
    """The bid's dollar value from the text's table (before spades doubles it)."""
    for low, value in BASE_VALUES:
        if bid >= low:
            return value
    raise ValueError(f"A bid of {bid} is below the minimum of {MIN_BID}.")


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


INFRACTIONS = (
    Infraction(
        code="misdeal",
        rule="The Deal",
        title="Misdeal",
        text="Each player receives 15 cards. [...] The dealer cannot change the starting "
        "number of cards dealt per player once established.",
        scope="hand",
        chooser="director",
        effect="The hand is void: no chips change hands, and the same dealer deals again.",
        does=Void(),
    ),
)


class CutthroatPinochle(Ruleset):
    slug = "cutthroat-pinochle"
    name = "Cut Throat Pinochle"
    rule_text = "cutthroat-pinochle.txt"
    table_sizes = (3,)
    partnerships = False
    record_type = CutthroatPinochleHand
    redealt = "dealt again, no chips change hands."
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
        "Bids are at least 20 (the player left of the dealer is forced to 20), raised by 1.",
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

    # -- the hand record -------------------------------------------------------------------
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

    # -- scoring ---------------------------------------------------------------------------
    def unit(self, record: CutthroatPinochleHand, options: dict) -> int:
        """The base value, doubled when spades are trump (for every payment of the hand)."""
        doubled = options["spades_double"] and record.trump == "spades"
        return base_value(record.bid) * (2 if doubled else 1)

    def score_record(
        self,
        record: CutthroatPinochleHand,
        table_size: int,
        options: dict,
        rulings: Sequence[tuple[Ruling, Infraction]],
        *,
        number: int | None = None,
        names: Sequence[str] | None = None,
    ) -> HandScore:
        names = self.side_names(table_size, names)
        unit = self.unit(record, options)
        kitty_in = record.bid >= options["kitty_bid"]
        bidder = record.bidder
        value = f"base {base_value(record.bid)}" + (
            " \u00d72 for spades" if unit != base_value(record.bid) else ""
        )
        kitty_part = " and the kitty" if kitty_in else ""
        if record.conceded == "before_widow":
            made, each, kitty = False, 0, unit
            how = f"conceded before the widow: pays the kitty {value}"
        elif record.conceded == "after_widow":
            made, each, kitty = False, unit, unit if kitty_in else 0
            how = f"conceded after the widow (single set): pays {value} to each player{kitty_part}"
        else:
            if record.won_on_meld:
                taken = record.meld or 0
                how = f"meld {taken} makes it without play"
            else:
                meld = (record.meld or 0) if record.took_trick else 0
                taken = meld + (record.counters or 0)
                meld_text = f"meld {meld}" if record.took_trick else "meld lost (no trick)"
                how = f"{meld_text} + {record.counters} counters = {taken}"
            made = taken >= record.bid
            if made:
                each, kitty = -unit, -unit if kitty_in else 0
                how += f", made: {value} from each player{kitty_part}"
            else:  # played and failed: a double set
                each, kitty = 2 * unit, 2 * unit if kitty_in else 0
                how += f", double set: 2 \u00d7 {value} to each player{kitty_part}"
        points = [each if seat != bidder else 0 for seat in range(table_size)]
        points[bidder] = -sum(points) - kitty
        trump = f" in {record.trump}" if record.trump else ""
        text = (
            f"{names[bidder]} bid {record.bid}{trump}, {how}: {names[bidder]} "
            f"{signed(points[bidder])}" + (f", kitty {signed(kitty)}" if kitty else "")
        )
        return HandScore(
            points=tuple(points), kitty=kitty, explanation=text, declarer=bidder, made=made
        )

    def summary(self, record: CutthroatPinochleHand) -> tuple[int | None, str, str]:
        bid = f"{record.bid} {record.trump}" if record.trump else str(record.bid)
        if record.conceded != "no":
            return record.bidder, bid, f"conceded {record.conceded.replace('_', ' ')}"
        taken = f"meld {record.meld or 0}"
        if not record.won_on_meld:
            taken += f", counters {record.counters or 0}"
        return record.bidder, bid, taken

    # -- the game --------------------------------------------------------------------------
    def settle(
        self, score: HandScore, chips: Sequence[int], kitty: int, names: Sequence[str]
    ) -> tuple[tuple[int, ...], int, list[int], list[str]]:
        """The hand's payments as the bank allows them: (each player's chip change, the
        kitty's change, the players who could not pay in full, notes in words).

        A debtor pays only the chips they have; the kitty pays only what it holds
        (rules-decisions: "a player who cannot pay is out of that game"). A bidder who
        owes several pays the players from their left first and the kitty last.
        """
        sides = len(chips)
        bidder = score.declarer
        if bidder is None:  # a void hand: nothing changes hands
            return (0,) * sides, 0, [], []
        change = [0] * sides
        kitty_change = 0
        short: list[int] = []
        notes: list[str] = []
        order = [(bidder + step) % sides for step in range(1, sides)]
        if score.points[bidder] >= 0:  # the others (and maybe the kitty) pay the bidder
            for seat in order:
                owed = -score.points[seat]
                paid = min(owed, chips[seat])
                change[seat] -= paid
                change[bidder] += paid
                if paid < owed:
                    short.append(seat)
                    notes.append(
                        f"{names[seat]} had only {chips[seat]} chips: paid {paid} of {owed}"
                    )
            owed = -score.kitty
            paid = min(owed, kitty)
            kitty_change -= paid
            change[bidder] += paid
            if paid < owed:
                notes.append(f"the kitty held only {kitty}: paid {paid} of {owed}")
        else:  # the bidder pays the others, then the kitty
            left = chips[bidder]
            debts = [(seat, score.points[seat]) for seat in order] + [(None, score.kitty)]
            for creditor, owed in debts:
                paid = min(owed, left)
                left -= paid
                change[bidder] -= paid
                if creditor is None:
                    kitty_change += paid
                else:
                    change[creditor] += paid
            total = -score.points[bidder]
            if chips[bidder] < total:
                short.append(bidder)
                notes.append(
                    f"{names[bidder]} had only {chips[bidder]} chips: paid {chips[bidder]} of "
                    f"{total}"
                )
        return tuple(change), kitty_change, short, notes

    def match_result(
        self,
        scores: Sequence[HandScore],
        table_size: int,
        options: dict,
        round_rulings: Sequence[Ruling] = (),
        names: Sequence[str] | None = None,
    ) -> MatchResult:
        """Over after the set number of hands, or at the end of the hand in which a player
        cannot pay ("If they are out of chips and can't pay off a bid, the game will end")."""
        opts = self.resolve_options(options)
        self.check_round_rulings(round_rulings, table_size)
        names = self.side_names(table_size, names)
        planned = opts["hands"]
        chips = [opts["starting_chips"] - opts["kitty_ante"]] * table_size
        kitty = opts["kitty_ante"] * table_size
        totals = (0,) * table_size
        tally: list[HandTally] = []
        for score in counted(scores)[:planned]:
            change, kitty_change, short, notes = self.settle(score, chips, kitty, names)
            chips = [have + delta for have, delta in zip(chips, change, strict=True)]
            kitty += kitty_change
            totals = add_points(table_size, [HandScore(totals), HandScore(change)])
            tally.append(HandTally(points=change, running=totals, note="; ".join(notes)))
            if short:
                winner = leader(totals)
                who = " and ".join(names[seat] for seat in short)
                return MatchResult(
                    True,
                    totals,
                    winner,
                    hands_played=len(tally),
                    explanation=f"{who} cannot pay and is out: game over after hand "
                    f"{len(tally)}; "
                    + (f"{names[winner]} wins." if winner is not None else "tied for the most.")
                    + f" Kitty {kitty} chips.",
                    tally=tuple(tally),
                )
        line = ", ".join(
            f"{name} {signed(total)}" for name, total in zip(names, totals, strict=True)
        )
        if len(tally) < planned:
            return MatchResult(
                False,
                totals,
                None,
                hands_played=len(tally),
                explanation=f"{len(tally)} of {planned} hands played: {line}; kitty {kitty} chips.",
                tally=tuple(tally),
            )
        winner = leader(totals)
        head = f"{names[winner]} wins" if winner is not None else "Tied for the most"
        return MatchResult(
            True,
            totals,
            winner,
            hands_played=len(tally),
            explanation=f"{head} after {planned} hands: {line}; kitty {kitty} chips.",
            tally=tuple(tally),
        )
