"""Scoring a Cut Throat Pinochle hand in chips from the text's table of base values (Scoring)."""

from __future__ import annotations

from collections.abc import Sequence

from ..base import HandScore, Infraction, Ruling, signed
from ..ruleset import Ruleset
from .record import MIN_BID, CutthroatPinochleHand

# "Bids of: 20 to 24 = base value 1 ... 55 and over = base value 20"
BASE_VALUES = ((55, 20), (50, 16), (45, 13), (40, 10), (35, 7), (30, 4), (25, 2), (20, 1))


def base_value(bid: int) -> int:
    """The bid's dollar value from the text's table (before spades doubles it)."""
    for low, value in BASE_VALUES:
        if bid >= low:
            return value
    raise ValueError(f"A bid of {bid} is below the minimum of {MIN_BID}.")


class ScoringRules(Ruleset):
    """One hand's points, with its rulings applied, and a ruling's effect in words."""

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
