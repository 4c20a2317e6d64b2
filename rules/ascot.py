"""Ascot (kitty-skat.txt): a Skat-like game, three active players, 120 card points.

At a four-player table the dealer sits out each deal and scores 0 for it. The text numbers
only its five declarations (1 KittyFree ... 5 Contra); its paragraphs are cited by heading.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .base import (
    Field,
    HandScore,
    Infraction,
    InvalidRuling,
    MatchResult,
    Option,
    Ruling,
    add_points,
    cite,
    count,
    counted,
    leader,
    signed,
    tally_of,
)
from .effects import MovePoints, PointsOff, RulingHand, Void
from .reading import HandReader
from .ruleset import Ruleset

CARD_POINTS = 120
TRICKS = 10
BONUS_THRESHOLD = 60  # bonuses count only with at least 60 regular points
KITTY_FREE_BONUS = 15  # declaration 1
GRAND_BONUS = 40  # declaration 2 (Grand KittyFree: 55)
NULL_WON = 75  # declaration 4
LOST = -120
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


# -- what each infraction does ---------------------------------------------------------------
@dataclass(frozen=True)
class CardPenalty(MovePoints):
    """Irregularities: card points move from the offending side to the other, counted before
    the 60-point bonus threshold; in Null the offender's side loses instead (declaration 4).
    ``did`` says what the offender did; ``null_only`` is declaration 4's own entry."""

    amount_option: str = "card_penalty"
    did: str = ""
    declarer_exempt: bool = False  # the declarer exposing a card is not penalised
    null_only: bool = False

    def apply(self, ruling: Ruling, infraction: Infraction, hand: RulingHand) -> None:
        offender = hand.ruleset.need_offender(ruling, infraction)
        record, names, where = hand.record, hand.names, cite(infraction.rule)
        if record.passed_out:
            raise InvalidRuling(
                {
                    "code": f"{where}: {infraction.title.lower()} needs a "
                    "declarer's game, and this deal was passed out."
                }
            )
        if self.null_only and record.game != "null":
            raise InvalidRuling({"code": "Declaration 4: this rule is for a Null game."})
        if self.declarer_exempt and offender == record.declarer:
            raise InvalidRuling(
                {
                    "offender": "Irregularities: the declarer is not penalised "
                    "for a card exposed or played out of turn."
                }
            )
        if record.game == "null":
            hand.decided = offender != record.declarer
            hand.notes.append(
                f"{cite('4')}: {infraction.title.lower()} by {names[offender]} "
                f"loses the Null for {'the opponents' if hand.decided else 'the declarer'}"
            )
            return
        amount = self.amount(ruling, hand.options)
        self.move(offender, amount, hand)
        if offender == record.declarer:
            hand.notes.append(
                f"{where}: {names[offender]} revoked, {amount} card points to the opponents"
            )
        else:
            hand.notes.append(
                f"{where}: {infraction.title.lower()} by {names[offender]}, "
                f"{amount} card points to the declarer"
            )

    def describe(self, ruling: Ruling, infraction: Infraction, hand: RulingHand) -> str:
        offender = hand.ruleset.need_offender(ruling, infraction)
        where, name = cite(infraction.rule), hand.names[offender]
        amount = self.amount(ruling, hand.options)
        if self.null_only:
            return f"{where}: {name} loses the Null for his side."
        return (
            f"{where}: {name} {self.did}; {amount} card points move to the other "
            "side (in Null the offender's side loses)."
        )


INFRACTIONS = (
    Infraction(
        code="out-of-turn-call",
        rule="Irregularities",
        title="Bid or pass out of turn",
        text="A bid or pass out of turn is penalized 10 points on the score sheet but is "
        "otherwise ignored.",
        scope="hand",
        chooser="director",
        effect="The offender loses 10 points (option) on the sheet, not multiplied by Contra "
        "or Redouble; the hand is otherwise scored as played.",
        does=PointsOff(amount_option="out_of_turn_penalty", what="out of turn"),
    ),
    Infraction(
        code="exposed-card",
        rule="Irregularities",
        title="An opponent exposed a card out of turn",
        text="If the declarer plays a card out of turn or chooses to play with cards exposed, "
        "there is no penalty. But if one of the declarer's two opponents exposes a card out of "
        "turn to his partner, or if any player fails to follow suit when required, the penalty "
        "is 20 points moved from the offending side's cards to the other side's cards.",
        scope="hand",
        chooser="director",
        effect="20 card points (option) move from the opponents to the declarer (at most 120), "
        "counted before the 60-point bonus threshold. In Null the offender's side loses: the "
        "declarer scores +75.",
        does=CardPenalty(did="exposed a card", declarer_exempt=True),
    ),
    Infraction(
        code="revoke",
        rule="Irregularities",
        title="Failure to follow suit",
        text="If any player fails to follow suit when required, the penalty is 20 points moved "
        "from the offending side's cards to the other side's cards and a failure to follow is "
        "corrected from the point where it was made.",
        scope="hand",
        chooser="director",
        effect="20 card points (option) move from the offending side to the other side (down "
        "to zero, at most 120), counted before the 60-point bonus threshold. In Null the "
        "offender's side loses the hand.",
        does=CardPenalty(did="failed to follow suit"),
    ),
    Infraction(
        code="null-exposure",
        rule="4",
        title="Exposure or revoke in Null",
        text="Exposing a card out of turn to one's partner or failing to follow suit loses the "
        "hand for the offender.",
        scope="hand",
        chooser="director",
        effect="An opponent offends: the declarer wins the Null (+75). The declarer offends "
        "(a revoke): the declarer loses (-120).",
        does=CardPenalty(null_only=True),
    ),
    Infraction(
        code="misdeal",
        rule="Irregularities",
        title="Misdeal",
        text="If 3 or more cards are exposed in the dealing, the hand must be redealt. If any "
        "player is dealt more than 10 cards, the hand must be redealt. But a failure to follow "
        "the 3-4-3 dealing pattern is redealt only if it is noticed out loud before any player "
        "bids.",
        scope="hand",
        chooser="director",
        effect="The hand is void: no points, and the same dealer deals again.",
        does=Void(),
    ),
)


class Ascot(Ruleset):
    slug = "ascot"
    name = "Ascot"
    rule_text = "kitty-skat.txt"
    table_sizes = (4, 3)
    partnerships = False
    record_type = AscotHand
    infractions = INFRACTIONS
    options = (
        Option(
            "deals",
            "Deals per round",
            12,
            "int",
            min=1,
            max=120,
            help="Rounded up to a multiple of the players at the table, so everyone deals "
            "(and, at four, sits out) equally often.",
        ),
        Option(
            "ramsch",
            "Ramsch",
            False,
            "bool",
            help="Minimum bid 75, Contra only on 80 or more, and a passed-out deal is "
            "played as Ramsch.",
        ),
        Option(
            "seeger_fabian",
            "Seeger-Fabian scoring",
            False,
            "bool",
            help="+50 per game won, -50 per game lost as declarer, and +40 to each opponent "
            "of a lost game (+30 to each of the three others at a four-player table).",
        ),
        Option(
            "out_of_turn_penalty",
            "Penalty for a bid or pass out of turn",
            10,
            "int",
            min=0,
            max=120,
        ),
        Option(
            "card_penalty", "Card points moved for a revoke or exposure", 20, "int", min=0, max=120
        ),
    )
    decisions = (
        "Bids are at least 60 (75 with Ramsch), in steps of 5; three passes pass the deal out "
        "(or it is played as Ramsch when that option is on).",
        "The declarer scores card points plus bonuses if the total reaches the bid; otherwise "
        "-120. Bonuses count only with at least 60 card points: KittyFree +15, Grand +40, "
        "Grand KittyFree +55, NoTrump 0 (KittyFree +15).",
        "Null: no trick +75, any trick -120, whatever the bid. No KittyFree, Contra or Redouble "
        "on Null.",
        "Contra (bid at least 65, or 80 with Ramsch) doubles the declarer's score; Redouble, "
        "only after Contra, quadruples it.",
        "A bid or pass out of turn costs the offender 10, not multiplied. A revoke, or an "
        "opponent exposing a card, moves 20 card points to the other side (down to zero, "
        "before the 60-point threshold). In Null it loses the hand for the offender's side.",
        "Ramsch: each player's card points; the highest (all tied highest) have them subtracted.",
        "At a four-player table the dealer sits out the deal and scores 0.",
        "Seeger-Fabian (option): +50 per game won, -50 per game lost as declarer, +40 to each "
        "opponent of a lost game (+30 to each of the three others at four); never multiplied.",
        "A round is a set number of deals (12), rounded up to a multiple of the players.",
    )

    # -- options and seating -----------------------------------------------------------------
    def min_bid(self, options: dict) -> int:
        return 75 if options["ramsch"] else 60

    def min_contra(self, options: dict) -> int:
        return 80 if options["ramsch"] else 65

    def hands_in_round(self, table_size: int, options: dict) -> int:
        """The deals option rounded up to a multiple of the players at the table."""
        self.check_table(table_size)
        deals = self.resolve_options(options)["deals"]
        return -(-deals // table_size) * table_size

    def sits_out(self, hand_number: int, table_size: int) -> int | None:
        """The seat sitting out a deal: the dealer, at a four-player table."""
        return self.dealer(hand_number, table_size) if table_size == 4 else None

    # -- the hand record -------------------------------------------------------------------
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

    # -- scoring ---------------------------------------------------------------------------
    def score_record(
        self,
        record: AscotHand,
        table_size: int,
        options: dict,
        rulings: Sequence[tuple[Ruling, Infraction]],
        *,
        number: int | None = None,
        names: Sequence[str] | None = None,
    ) -> HandScore:
        names = self.side_names(table_size, names)
        hand = RulingHand(self, record, table_size, options, number, names, record.declarer)
        for ruling, infraction in rulings:
            offender = self.need_offender(ruling, infraction)
            self.check_played(offender, record.dealer, names)
            self.effect_of(infraction).apply(ruling, infraction, hand)
        moved, null_result, notes = sum(hand.moves), hand.decided, hand.notes
        penalties = [hand.penalties.get(seat, 0) for seat in range(table_size)]
        if record.passed_out:
            score = self._score_passed_out(record, table_size, options, names)
        else:
            score = self._score_game(record, table_size, options, moved, null_result, names)
        points = tuple(p + q for p, q in zip(score.points, penalties, strict=True))
        text = "; ".join([*notes, score.explanation]) if notes else score.explanation
        if any(penalties):
            text += " (out-of-turn penalties not multiplied)"
        return HandScore(points=points, explanation=text, declarer=score.declarer, made=score.made)

    def check_played(self, offender: int, dealer: int | None, names: Sequence[str]) -> None:
        """A ruling is against a player who played the deal, never the dealer sitting out."""
        if dealer is not None and offender == dealer:
            raise InvalidRuling(
                {
                    "offender": f"{names[offender]} dealt this deal and sits out (For "
                    "four players: Dealer does not play): choose a player who played."
                }
            )

    def game_value(
        self, record: AscotHand, moved: int = 0, null_result: bool | None = None
    ) -> tuple[int, bool, str]:
        """The declarer's score before Contra: (score, made, how it was reached)."""
        if record.game == "null":
            made = record.tricks == 0 if null_result is None else null_result
            how = count(record.tricks or 0, "trick") if null_result is None else "ruling"
            return (NULL_WON if made else LOST), made, how
        assert record.card_points is not None and record.bid is not None
        points = min(CARD_POINTS, max(0, record.card_points + moved))
        bonus = 0
        if points >= BONUS_THRESHOLD:
            if record.game == "grand":
                bonus += GRAND_BONUS
            if record.kitty_free:
                bonus += KITTY_FREE_BONUS
        total = points + bonus
        made = total >= record.bid
        how = f"{points} card points + {bonus} = {total}"
        return (total if made else LOST), made, how

    def _score_game(
        self,
        record: AscotHand,
        table_size: int,
        options: dict,
        moved: int,
        null_result: bool | None,
        names: Sequence[str],
    ) -> HandScore:
        declarer = record.declarer
        assert declarer is not None
        value, made, how = self.game_value(record, moved, null_result)
        factor = 4 if record.redouble else 2 if record.contra else 1
        doubled = (
            " with Redouble \u00d74"
            if record.redouble
            else (" with Contra \u00d72" if record.contra else "")
        )
        points = [0] * table_size
        points[declarer] = value * factor
        extra = ""
        if options["seeger_fabian"]:
            if made:
                points[declarer] += 50
                extra = "; Seeger-Fabian +50"
            else:
                points[declarer] -= 50
                share = 30 if table_size == 4 else 40
                for seat in range(table_size):
                    if seat != declarer:
                        points[seat] += share
                extra = f"; Seeger-Fabian \N{MINUS SIGN}50, {signed(share)} to each other player"
        game = GAME_NAMES[record.game or "suit"] + (" KittyFree" if record.kitty_free else "")
        text = (
            f"{names[declarer]} {game} bid {record.bid}: {how}, "
            f"{'made' if made else 'lost'}{doubled}: {names[declarer]} "
            f"{signed(value * factor)}{extra}"
        )
        return HandScore(points=tuple(points), explanation=text, declarer=declarer, made=made)

    def _score_passed_out(
        self, record: AscotHand, table_size: int, options: dict, names: Sequence[str]
    ) -> HandScore:
        if not options["ramsch"] or record.ramsch is None:
            return HandScore(
                points=(0,) * table_size, explanation="Passed out: no score, the next dealer deals."
            )
        most = max(record.ramsch)
        losers = [seat for seat, taken in enumerate(record.ramsch) if taken == most]
        points = tuple(-most if seat in losers else 0 for seat in range(table_size))
        who = " and ".join(names[seat] for seat in losers)
        return HandScore(
            points=points, explanation=f"Ramsch: most card points {most}, {who} {signed(-most)}"
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

    def describe_ruling(
        self,
        ruling: Ruling,
        record: AscotHand | None,
        table_size: int,
        options: dict,
        number: int | None = None,
        names: Sequence[str] | None = None,
    ) -> str:
        opts = self.resolve_options(options)
        infraction = self.check_ruling(ruling, table_size, "hand")
        effect = self.effect_of(infraction)
        hand = self.ruling_hand(None, table_size, opts, number, names)
        if effect.voids(ruling):
            return effect.describe(ruling, infraction, hand)
        offender = self.need_offender(ruling, infraction)
        self.check_played(
            offender, self.sits_out(number, table_size) if number else None, hand.names
        )
        if record is None or not effect.rescores:
            return effect.describe(ruling, infraction, hand)
        score = self.score_hand(record, table_size, opts, [ruling], number, names)
        return f"{cite(infraction.rule)}: {score.explanation}."

    # -- the round -------------------------------------------------------------------------
    def match_result(
        self,
        scores: Sequence[HandScore],
        table_size: int,
        options: dict,
        round_rulings: Sequence[Ruling] = (),
        names: Sequence[str] | None = None,
    ) -> MatchResult:
        """A set number of deals; each player's score is the sum of the deals."""
        self.check_round_rulings(round_rulings, table_size)
        planned = self.hands_in_round(table_size, options)
        hands = counted(scores)[:planned]
        totals = add_points(table_size, hands)
        tally = tally_of(table_size, hands)
        names = self.side_names(table_size, names)
        line = ", ".join(f"{name} {total}" for name, total in zip(names, totals, strict=True))
        if len(hands) < planned:
            return MatchResult(
                False,
                totals,
                None,
                hands_played=len(hands),
                explanation=f"{len(hands)} of {planned} deals played: {line}.",
                tally=tally,
            )
        winner = leader(totals)
        head = f"{names[winner]} wins" if winner is not None else "Tied for the highest"
        return MatchResult(
            True,
            totals,
            winner,
            hands_played=len(hands),
            explanation=f"{head} after {planned} deals: {line}.",
            tally=tally,
        )
