"""The hand record of Ascot: the declarer's contract and card points, or a deal passed
out or played as Ramsch.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import Field, SheetWords, count
from ..reading import HandReader
from ..ruleset import Ruleset

CARD_POINTS = 120
TRICKS = 10
STEP = 5
MAX_BID = 175  # declaration 2: "the maximum score possible is 175"
GAMES = (
    ("suit", "Suit (a trump suit)"),
    ("grand", "Grand (only the Jacks are trump)"),
    ("notrump", "NoTrump"),
    ("null", "Null (lose every trick)"),
)
GAME_NAMES = {"suit": "suit", "grand": "Grand", "notrump": "NoTrump", "null": "Null"}


@dataclass(frozen=True)
class AscotHand:
    """One deal: the declarer's contract and card points, or a passed-out / Ramsch deal."""

    passed_out: bool
    declarer: int | None = None  # seat at the table (at four, never the dealer)
    bid: int | None = None
    game: str | None = None
    kitty_free: bool = False
    contra: bool = False
    redouble: bool = False
    card_points: int | None = None  # the declarer's, tricks plus kitty; not for Null
    tricks: int | None = None  # the declarer's tricks, Null only
    ramsch: tuple[int, ...] | None = None  # card points per seat, Ramsch only
    # The seat sitting out at a four-player table: derived from the hand's number, never
    # entered ("For four players: Dealer does not play").
    dealer: int | None = None


class HandRecordRules(Ruleset):
    """The hand record's side of the game: the entry form, reading it, the sheet's columns."""

    def min_bid(self, options: dict) -> int:
        return 75 if options["ramsch"] else 60

    def min_contra(self, options: dict) -> int:
        return 80 if options["ramsch"] else 65

    def hand_fields(
        self,
        table_size: int,
        options: dict,
        names: Sequence[str] | None = None,
        number: int | None = None,
    ) -> tuple[Field, ...]:
        opts = self.resolve_options(options)
        names = self.side_names(table_size, names)
        out = self.sits_out(number, table_size) if number else None
        players = [seat for seat in range(table_size) if seat != out]
        seats = tuple((str(seat), names[seat]) for seat in players)
        fields = [
            Field(
                "passed_out",
                "Passed out",
                "bool",
                required=False,
                help="Three passes"
                + (
                    ": the deal is played as Ramsch."
                    if opts["ramsch"]
                    else ": no score, the next dealer deals."
                ),
            ),
            Field("declarer", "Declarer", "choice", choices=seats, required=False),
            Field(
                "bid",
                "Bid",
                "int",
                min=self.min_bid(opts),
                max=MAX_BID,
                required=False,
                help=f"{self.min_bid(opts)} to {MAX_BID}, in steps of 5.",
            ),
            Field("game", "Game", "choice", choices=GAMES, required=False),
            Field(
                "kitty_free",
                "KittyFree",
                "bool",
                required=False,
                help="+15 if the declarer has at least 60 card points; not with Null.",
            ),
            Field(
                "contra",
                "Contra",
                "bool",
                required=False,
                help=f"Only on a bid of {self.min_contra(opts)} or more, not on Null: x2.",
            ),
            Field("redouble", "Redouble", "bool", required=False, help="Only after Contra: x4."),
            Field(
                "card_points",
                "Declarer's card points",
                "int",
                min=0,
                max=CARD_POINTS,
                required=False,
                help="Tricks plus the kitty, 0 to 120 (not for Null).",
            ),
            Field(
                "tricks",
                "Declarer's tricks (Null)",
                "int",
                min=0,
                max=TRICKS,
                required=False,
                help="Null only: 0 wins.",
            ),
        ]
        if opts["ramsch"]:
            fields += [
                Field(
                    f"ramsch_{seat}",
                    f"Ramsch card points: {names[seat]}",
                    "int",
                    min=0,
                    max=CARD_POINTS,
                    required=False,
                    help="Passed out (Ramsch) only.",
                )
                for seat in players
            ]
        return tuple(fields)

    def parse_hand(
        self,
        data: Mapping[str, object],
        table_size: int,
        options: dict,
        number: int | None = None,
    ) -> AscotHand:
        self.check_table(table_size)
        opts = self.resolve_options(options)
        read = HandReader(data)
        dealer = self.sits_out(number, table_size) if number else None
        if read.bool("passed_out", "Passed out must be yes or no."):
            ramsch = self._read_ramsch(read, table_size, dealer, opts)
            read.done()
            return AscotHand(passed_out=True, ramsch=ramsch, dealer=dealer)
        declarer = read.who(
            "declarer",
            table_size,
            "Declarer must be one of the players at "
            "the table, unless the deal was passed out (Bidding).",
        )
        if declarer is not None and declarer == dealer:
            read.error(
                "declarer",
                "Declarer cannot be the dealer at a four-player table (For "
                "four players: the dealer does not play).",
            )
        low = self.min_bid(opts)
        bid_message = (
            f"Bid must be {low} to {MAX_BID} in steps of 5 (Bidding"
            f"{'; Ramsch rule (a)' if opts['ramsch'] else ''}; declaration 2: the maximum "
            f"score possible is {MAX_BID})."
        )
        bid = read.int("bid", bid_message, low, MAX_BID)
        if bid is not None and bid % STEP:
            read.error("bid", bid_message)
        game = read.choice(
            "game", GAMES, "Game must be suit, Grand, NoTrump or Null (declarations 2-4)."
        )
        kitty_free = read.bool("kitty_free", "KittyFree must be yes or no.")
        contra = read.bool("contra", "Contra must be yes or no.")
        redouble = read.bool("redouble", "Redouble must be yes or no.")
        if kitty_free and game == "null":
            read.error(
                "kitty_free",
                "KittyFree is not played with Null (declaration 1 applies "
                "to suit, Grand and NoTrump).",
            )
        if contra and game == "null":
            read.error("contra", "Contra is not allowed on Null (product ruling).")
        elif contra and bid is not None and bid < self.min_contra(opts):
            read.error(
                "contra",
                f"Contra needs a bid of at least {self.min_contra(opts)} "
                f"(declaration 5{'; Ramsch rule (b)' if opts['ramsch'] else ''}).",
            )
        if redouble and not contra:
            read.error("redouble", "Redouble is only allowed after Contra (declaration 5).")
        card_points = tricks = None
        if game == "null":
            tricks = read.int(
                "tricks",
                "Declarer's tricks must be 0 to 10 for Null "
                "(declaration 4: the declarer must lose every trick).",
                0,
                TRICKS,
            )
        elif game is not None:
            card_points = read.int(
                "card_points",
                "Declarer's card points must be 0 to 120: "
                "tricks plus the kitty (Scoring the hand).",
                0,
                CARD_POINTS,
            )
        read.done()
        return AscotHand(
            False,
            declarer,
            bid,
            game,
            kitty_free,
            contra,
            redouble,
            card_points,
            tricks,
            None,
            dealer,
        )

    def _read_ramsch(
        self, read: HandReader, table_size: int, dealer: int | None, opts: dict
    ) -> tuple[int, ...] | None:
        if not opts["ramsch"]:
            return None
        message = "Ramsch card points must be 0 to 120 for each player (Ramsch rule (c))."
        points = []
        for seat in range(table_size):
            name = f"ramsch_{seat}"
            value = read.int(name, message, 0, CARD_POINTS, required=seat != dealer)
            if seat == dealer and value:
                read.error(
                    name,
                    "The dealer sits out at a four-player table and takes no card "
                    "points in the Ramsch (For four players).",
                )
            points.append(value or 0)
        if sum(points) > CARD_POINTS:
            read.error(
                "__all__",
                "Ramsch card points add up to more than the 120 in the deck (Scoring the hand).",
            )
        return tuple(points)

    def hand_to_dict(self, record: AscotHand) -> dict[str, Any]:
        self.check_record_type(record)
        data: dict[str, Any] = {
            "passed_out": record.passed_out,
            "declarer": record.declarer,
            "bid": record.bid,
            "game": record.game,
            "kitty_free": record.kitty_free,
            "contra": record.contra,
            "redouble": record.redouble,
            "card_points": record.card_points,
            "tricks": record.tricks,
        }
        for seat, points in enumerate(record.ramsch or ()):
            data[f"ramsch_{seat}"] = points
        return data

    def sheet_words(self, table_size: int, options: dict) -> SheetWords:
        """Each deal's score, and with Seeger-Fabian its points apart (they are never
        multiplied), named as the standings name the sums: Score, and Seeger-Fabian."""
        if self.resolve_options(options)["seeger_fabian"]:
            return SheetWords(
                figures=("score", "S-F", "total"),
                key=(
                    "score: the deal's score; its sum is the standings' Score. S-F: the "
                    "Seeger-Fabian points, never multiplied. total: both, the standings' "
                    "Seeger-Fabian.",
                ),
            )
        return SheetWords(
            figures=("score", "total"),
            key=("total: the sum of the deals' scores, the standings' Score.",),
        )

    def summary(self, record: AscotHand) -> tuple[int | None, str, str]:
        if record.ramsch is not None:
            taken = [
                "\N{EN DASH}" if seat == record.dealer else str(points)  # the dealer sat out
                for seat, points in enumerate(record.ramsch)
            ]
            return None, "Ramsch", " / ".join(taken)
        if record.passed_out:
            return None, "passed out", ""
        extras = [
            word
            for word, on in (
                ("KittyFree", record.kitty_free),
                ("Contra", record.contra),
                ("Re", record.redouble),
            )
            if on
        ]
        bid = " ".join([str(record.bid), str(record.game), *extras])
        taken = (
            count(record.tricks or 0, "trick")
            if record.card_points is None
            else f"{record.card_points} card points"
        )
        return record.declarer, bid, taken
