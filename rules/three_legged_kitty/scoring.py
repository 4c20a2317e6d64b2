"""Scoring a 3 Legged Kitty hand: made, the Cat scores the bid number; failed, each
opponent scores 5.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..base import HandScore, Infraction, Ruling, count, signed
from ..ruleset import Ruleset
from .record import NULL_MAX, ThreeLeggedKittyHand

MISSED_POINTS = 5  # "Cat fails: each opponent scores 5 points"


class ScoringRules(Ruleset):
    """One hand's points, with its rulings applied, and a ruling's effect in words."""

    def score_record(
        self,
        record: ThreeLeggedKittyHand,
        table_size: int,
        options: dict,
        rulings: Sequence[tuple[Ruling, Infraction]],
        *,
        number: int | None = None,
        names: Sequence[str] | None = None,
    ) -> HandScore:
        names = self.side_names(table_size, names)
        if record.passed_out:
            return HandScore(
                points=(0,) * table_size, explanation="Passed out: no score, the deal moves left."
            )
        bid = record.bid
        cat = record.cat
        assert bid is not None and cat is not None and record.tricks is not None
        points = [0] * table_size
        if bid.contract == "null":  # Null X: at most 8 - X tricks
            allowed = NULL_MAX - bid.number
            made = record.tricks <= allowed
            need = f"at most {allowed}"
        else:
            made = record.tricks >= bid.number
            need = f"at least {bid.number}"
        head = f"{names[cat]} bid {bid}, took {count(record.tricks, 'trick')}"
        if made:
            points[cat] = bid.number
            text = f"{head}: made, {names[cat]} {signed(bid.number)}"
        else:
            for seat in range(table_size):
                if seat != cat:
                    points[seat] = options["missed_points"]
            text = (
                f"{head} (needed {need}): failed, each opponent {signed(options['missed_points'])}"
            )
        return HandScore(points=tuple(points), explanation=text, declarer=cat, made=made)
