"""Scoring a 6 Card Kitty hand (rule 5): made, the books over six; missed, the bid to the
opponents. Rulings apply their effects first (rules/effects.py, infractions.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..base import HandScore, Infraction, Ruling, cite, count, signed
from ..effects import RulingHand
from ..ruleset import Ruleset
from .record import BOOK, SIDES, TOTAL_BOOKS, SixCardKittyHand, bid_text


class ScoringRules(Ruleset):
    """One hand's points, with its rulings applied, and a ruling's effect in words."""

    def bid_points(self, record: SixCardKittyHand, options: dict) -> int:
        """What the bid is worth when missed or awarded: its level (rule 5, rule 28)."""
        return record.level * self.multiplier(record, options)

    def multiplier(self, record: SixCardKittyHand, options: dict) -> int:
        return options["no_bid_multiplier"] if record.form == "no" else 1

    def ruling_hand(
        self,
        record: SixCardKittyHand | None,
        table_size: int,
        options: dict,
        number: int | None = None,
        names: Sequence[str] | None = None,
    ) -> RulingHand:
        bidders = record.bidding_team if record is not None else None
        return RulingHand(self, record, table_size, options, number, names, bidders)

    @staticmethod
    def books_after(books: int, moves: Sequence[int]) -> int:
        """The bidding team's books after each ruling moved some, 0 to 13 at every step."""
        for moved in moves:
            books = max(0, books + moved) if moved < 0 else min(TOTAL_BOOKS, books + moved)
        return books

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
        hand = self.ruling_hand(record, table_size, options, number, names)
        for ruling, infraction in rulings:
            self.effect_of(infraction).apply(ruling, infraction, hand)
        books = self.books_after(record.books, hand.moves)
        prefix = "".join(f"{note}; " for note in hand.notes)
        if hand.awarded_to is not None:
            awarded_to = hand.awarded_to
            points = [0, 0]
            points[awarded_to] = self.bid_points(record, options)
            return HandScore(
                points=tuple(points),
                explanation=f"{prefix}{SIDES[bidders]} bid {bid_text(record)}: "
                f"{SIDES[awarded_to]} {signed(points[awarded_to])}",
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
        # The bidders named first: the side that checks the hand sees whose bid it was.
        lead = f"{prefix}{SIDES[bidders]} bid {bid_text(record)}, {count(books, 'book')}"
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

    def describe_ruling(
        self,
        ruling: Ruling,
        record: SixCardKittyHand | None,
        table_size: int,
        options: dict,
        number: int | None = None,
        names: Sequence[str] | None = None,
    ) -> str:
        """The ruling's effect in one sentence, shown before the director confirms it; with
        the hand's facts, what the hand then scores."""
        opts = self.resolve_options(options)
        infraction = self.check_ruling(ruling, table_size, self.scope_of(ruling.code))
        effect = self.effect_of(infraction)
        worth = f"{self.bid_points(record, opts)} points" if record is not None else ""
        if infraction.scope == "round" or effect.voids(ruling) or record is None:
            return effect.describe(
                ruling, infraction, self.ruling_hand(None, table_size, opts, number)
            )
        self.check_record_type(record)
        record = self.normal_record(record, table_size, opts, number)
        hand = self.ruling_hand(record, table_size, opts, number)
        effect.apply(ruling, infraction, hand)
        if hand.awarded_to is not None:
            awarded = SIDES[hand.awarded_to]
            return f"{cite(infraction.rule)}: {awarded} are awarded the hand and {worth}."
        books = self.books_after(record.books, hand.moves)
        if books != record.books:
            score = self._score_books(record, books, opts, "")
            return f"{hand.notes[-1]}; the hand is scored again: {score.explanation}"
        return f"{hand.notes[-1]}; the hand is scored as played."
