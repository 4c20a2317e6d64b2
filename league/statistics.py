"""A player's (or a partnership's) statistics from the hands of the tables they sat at.

Plain records in, plain figures out: the `season` app loads each public table's hands,
scored and described by the game's ruleset (``HandFacts``), with the register's players
on each side. A hand counts for a player when they played it: a hand dealt again (void)
was never played, and the dealer sitting out an Ascot deal at a table of four did not
play it. Every figure is a count or a sum, so the order of the hands never matters.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from rules.base import HandFacts


@dataclass(frozen=True)
class TableHands:
    """One public table: who sat on each side (register ids: a team has two, a player at
    the three-player games one) and what each of its hands says, in the sheet's sides."""

    night: int
    sides: tuple[frozenset[int], ...]
    hands: tuple[HandFacts, ...]
    # The side of each ruling (on a hand or on the round) that names an offender.
    offenders: tuple[int, ...] = ()
    # Per side, its players not linked to the register yet, by the name typed that night
    # (a near match waiting for the director to confirm it).
    waiting: tuple[tuple[str, ...], ...] = ()


@dataclass(frozen=True)
class BidLine:
    """Bids won and made for one level or one form of bid."""

    key: str
    won: int
    made: int

    @property
    def percent(self) -> int | None:
        return percent(self.made, self.won)


@dataclass
class Statistics:
    nights: set[int] = field(default_factory=set)
    hands: int = 0
    points: int = 0
    won: int = 0  # bids their side took
    made: int = 0
    bostons: int = 0
    double_sets: int = 0
    penalties: int = 0
    contra_received: int = 0  # Contra (or Redouble) against their own game
    contra_received_made: int = 0
    contra_given: int = 0  # their side of the opponents gave Contra
    contra_given_beaten: int = 0
    # (rank, label) -> [won, made]
    levels: dict[tuple[int, str], list[int]] = field(default_factory=lambda: defaultdict(_pair))
    forms: dict[str, list[int]] = field(default_factory=lambda: defaultdict(_pair))

    @property
    def made_percent(self) -> int | None:
        return percent(self.made, self.won)

    @property
    def average_points(self) -> float | None:
        return round(self.points / self.hands, 2) if self.hands else None

    @property
    def by_level(self) -> list[BidLine]:
        return [
            BidLine(label, *self.levels[key]) for key in sorted(self.levels) for label in key[1:]
        ]

    @property
    def by_form(self) -> list[BidLine]:
        return [BidLine(form, *self.forms[form]) for form in sorted(self.forms)]

    def add(self, side: int, facts: HandFacts) -> None:
        """One hand, as the side (the player's or the partnership's) played it."""
        if facts.void or facts.sat_out == side:
            return
        self.hands += 1
        self.points += facts.points[side]
        if facts.bidder is None:
            return
        if facts.bidder == side:
            made = int(bool(facts.made))
            self.won += 1
            self.made += made
            for tally in (self.levels[(facts.level, facts.level_label)], self.forms[facts.form]):
                tally[0] += 1
                tally[1] += made
            self.bostons += facts.boston
            self.double_sets += facts.double_set
            if facts.contra:
                self.contra_received += 1
                self.contra_received_made += made
        elif facts.contra:
            self.contra_given += 1
            self.contra_given_beaten += not facts.made


def _pair() -> list[int]:
    return [0, 0]


def percent(part: int, whole: int) -> int | None:
    """A whole percent, or None when there was nothing to count."""
    return round(100 * part / whole) if whole else None


def tally(tables: Iterable[TableHands], side_of: Callable[[TableHands], int | None]) -> Statistics:
    """The statistics of whoever ``side_of`` finds at each table (None: not there)."""
    found = Statistics()
    for table in tables:
        side = side_of(table)
        if side is None:
            continue
        found.nights.add(table.night)
        for facts in table.hands:
            found.add(side, facts)
        found.penalties += sum(1 for offender in table.offenders if offender == side)
    return found


def player_side(player: int) -> Callable[[TableHands], int | None]:
    return lambda table: next((s for s, ids in enumerate(table.sides) if player in ids), None)


def pair_side(a: int, b: int) -> Callable[[TableHands], int | None]:
    """The side the two held together: a team of the two of them, nobody else."""
    pair = frozenset((a, b))
    return lambda table: next((s for s, ids in enumerate(table.sides) if ids == pair), None)


def for_player(tables: Iterable[TableHands], player: int) -> Statistics:
    return tally(tables, player_side(player))


def for_pair(tables: Iterable[TableHands], a: int, b: int) -> Statistics:
    return tally(tables, pair_side(a, b))


def partners(tables: Sequence[TableHands], player: int) -> dict[int, Statistics]:
    """Each register player who partnered ``player`` (a team of two), with the two's record."""
    found = {
        other
        for table in tables
        for ids in table.sides
        if player in ids and len(ids) == 2
        for other in ids - {player}
    }
    return {other: for_pair(tables, player, other) for other in found}


def waiting_partners(tables: Sequence[TableHands], player: int) -> dict[str, Statistics]:
    """Each partner of ``player`` not on the register yet (waiting to be confirmed), by the
    name typed that night, with the two's record together.

    The player played those hands, and their own figures count them: a player adds up
    their nights and hands from the sheets they signed, whoever the register knows their
    partner to be. So these are listed with their partners too, and the partners' rows
    add up to the player's own figures."""
    names = {
        name
        for table in tables
        for side, ids in enumerate(table.sides)
        if ids == {player} and side < len(table.waiting)
        for name in table.waiting[side]
    }
    return {name: tally(tables, waiting_side(player, name)) for name in names}


def waiting_side(player: int, name: str) -> Callable[[TableHands], int | None]:
    """The side ``player`` held with a partner typed ``name``, not on the register yet."""

    def side_of(table: TableHands) -> int | None:
        for side, ids in enumerate(table.sides):
            if ids == {player} and side < len(table.waiting) and name in table.waiting[side]:
                return side
        return None

    return side_of
