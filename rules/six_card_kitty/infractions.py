"""6 Card Kitty's irregularities (rules 7-41), each with what it does to the hand."""

from __future__ import annotations

from dataclasses import dataclass

from ..base import HandTally, Infraction, InvalidRuling, MatchResult, Ruling, cite, signed
from ..effects import (
    AwardHand,
    ContinueOrRedeal,
    Effect,
    MoveBooks,
    Recorded,
    RulingHand,
    Void,
    void_words,
)
from .record import SIDES, bid_text, score_line


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
        summary=(
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
        summary=VOID_EFFECT,
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
        summary=VOID_EFFECT,
        does=VOID,
    ),
    Infraction(
        code="wrong-dealer-12",
        rule="12",
        title="Wrong dealer",
        text="It is a misdeal if the wrong player dealt. The hand is void and the correct player "
        "must re-deal.",
        scope="hand",
        summary=VOID_EFFECT,
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
        summary=VOID_EFFECT,
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
        summary=CONTINUE_EFFECT,
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
        summary=VOID_EFFECT,
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
        summary=CONTINUE_EFFECT,
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
        summary=CONTINUE_EFFECT,
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
        summary=(
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
        summary=(
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
        summary=(
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
        summary=AWARD_EFFECT,
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
        summary=AWARD_EFFECT,
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
        summary=AWARD_EFFECT,
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
        summary=(
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
        summary=(
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
        summary=AWARD_EFFECT + " (Rule 38: the exposed card rule applies.)",
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
        summary=(
            "The round in progress goes to the opponents as a win; the hands already played "
            "keep their points. Every later round is forfeited as under rule 7."
        ),
        later_rounds="7",
        does=LeftTheTable(),
    ),
)
