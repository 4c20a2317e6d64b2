"""Scoring an Ascot deal: card points and bonuses against the bid, Contra and Redouble,
Null, Ramsch, and the Seeger-Fabian points.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..base import HandScore, Infraction, InvalidRuling, Ruling, cite, count, signed
from ..effects import RulingHand
from ..ruleset import Ruleset
from .record import CARD_POINTS, GAME_NAMES, AscotHand

BONUS_THRESHOLD = 60  # bonuses count only with at least 60 regular points
KITTY_FREE_BONUS = 15  # declaration 1
GRAND_BONUS = 40  # declaration 2 (Grand KittyFree: 55)
NULL_WON = 75  # declaration 4
LOST = -120


class ScoringRules(Ruleset):
    """One hand's points, with its rulings applied, and a ruling's effect in words."""

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
        return HandScore(
            points=points,
            explanation=text,
            declarer=score.declarer,
            made=score.made,
            bonus=score.bonus,
        )

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
        bonus = self.seeger_fabian(declarer, made, table_size) if options["seeger_fabian"] else ()
        for seat, part in enumerate(bonus):
            points[seat] += part
        extra = ""
        if bonus and made:
            extra = "; Seeger-Fabian +50"
        elif bonus:
            share = bonus[(declarer + 1) % table_size]
            extra = f"; Seeger-Fabian \N{MINUS SIGN}50, {signed(share)} to each other player"
        game = GAME_NAMES[record.game or "suit"] + (" KittyFree" if record.kitty_free else "")
        text = (
            f"{names[declarer]} {game} bid {record.bid}: {how}, "
            f"{'made' if made else 'lost'}{doubled}: {names[declarer]} "
            f"{signed(value * factor)}{extra}"
        )
        return HandScore(
            points=tuple(points), explanation=text, declarer=declarer, made=made, bonus=bonus
        )

    @staticmethod
    def seeger_fabian(declarer: int, made: bool, table_size: int) -> tuple[int, ...]:
        """Seeger-Fabian (option), never multiplied: +50 to a declarer who made the game; a
        lost game -50 to the declarer and +40 to each opponent (+30 to each of the three
        others at a table of four)."""
        if made:
            return tuple(50 if seat == declarer else 0 for seat in range(table_size))
        share = 30 if table_size == 4 else 40
        return tuple(-50 if seat == declarer else share for seat in range(table_size))

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
