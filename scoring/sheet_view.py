"""A table's sheet as the players read it: rows, running totals, rulings, signatures.

Built from a TableResult (already derived from the stored facts), shared by the table
page, the director's console and the printed sheet so they always say the same.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules import HandScore

from .models import Hand
from .results import TableResult, to_rule


@dataclass
class SheetRow:
    hand: Hand
    label: str
    dealer: str
    score: HandScore | None
    running: tuple[int, ...] | None
    status: str
    tiebreaker: bool = False
    void: bool = False
    rulings: list = field(default_factory=list)
    sides: int = 2
    points: tuple[int, ...] | None = None  # what the hand added to the round
    note: str = ""  # what the round made of it (a short payment), in words
    record: object | None = None  # the game's record of the hand, as parsed once by the result
    out: int | None = None  # the side sitting the hand out (Ascot's dealer at four), if any

    @property
    def cells(self) -> list[tuple[int | None, int | None]]:
        """(points, running total) per side; the tiebreaker's points never run (rule 6)."""
        points = self.points or (self.score.points if self.score else (None,) * self.sides)
        running = self.running if self.running and not self.tiebreaker else (None,) * self.sides
        return list(zip(points, running, strict=True))


@dataclass
class SideView:
    index: int
    name: str  # what the players call the side: North-South, or the player's own name
    entrant: object
    seats: list[tuple[str, str]]  # (seat name, player)


@dataclass
class SheetView:
    result: TableResult
    sides: list[SideView]
    rows: list[SheetRow]
    totals: tuple[int, ...]
    winner: str
    explanation: str
    final: bool
    signatures: dict[int, object]
    disputed: bool
    planned: int


def seat_plan(result: TableResult, ruleset) -> list[SideView]:
    """Who sits where: a partnership's first player North/East, the second South/West."""
    size = result.size
    seat_names = ruleset.seat_names(size)
    side_names = ruleset.side_names(size, result.names)  # a player's name, at three-player games
    sides = []
    for index, entrant in enumerate(result.sides):
        if ruleset.partnerships:
            seats = [
                (seat_names[s], player)
                for s, player in zip(
                    [s for s in range(size) if ruleset.seat_side(s, size) == index],
                    entrant.players,
                    strict=False,
                )
            ]
        else:
            seats = [(seat_names[index], entrant.name)]
        sides.append(SideView(index, side_names[index], entrant, seats))
    return sides


def seat_holder(sides: list[SideView], seat_name: str) -> str:
    for side in sides:
        for name, player in side.seats:
            if name == seat_name:
                return player
    return seat_name


def build_sheet(result: TableResult, ruleset, options: dict) -> SheetView:
    """The rows as the round counted them: points and running totals come from the match's
    tally, so the page, the console and the paper print the figures the standings use."""
    size = result.size
    sides = seat_plan(result, ruleset)
    seat_names = ruleset.seat_names(size)
    n = len(result.sides)
    rows: list[SheetRow] = []

    def dealer_of(number: int) -> str:
        # A void hand is dealt again under its own number, so by the same player; the
        # table's own ruleset knows who dealt its first hand.
        return seat_holder(sides, seat_names[result.ruleset.dealer(number, size)])

    def out_of(number: int) -> int | None:
        seat = result.ruleset.sits_out(number, size)
        return None if seat is None else result.ruleset.seat_side(seat, size)

    for scored in result.hands:
        hand = scored.hand
        dealer = dealer_of(hand.number)
        if scored.score.void:
            rows.append(
                SheetRow(
                    hand,
                    str(hand),
                    dealer,
                    scored.score,
                    None,
                    "void",
                    void=True,
                    rulings=scored.rulings,
                    sides=n,
                    record=scored.record,
                    out=out_of(hand.number),
                )
            )
            continue
        tally = scored.tally
        shown = None
        if tally is not None and not tally.tiebreaker:
            shown = tally.points  # a tiebreaker shows its own points, which do not run
        rows.append(
            SheetRow(
                hand,
                str(hand),
                dealer,
                scored.score,
                tally.running if tally else None,
                "accepted",
                tiebreaker=scored.tiebreaker,
                rulings=scored.rulings,
                sides=n,
                points=shown,
                note=tally.note if tally else "",
                record=scored.record,
                out=out_of(hand.number),
            )
        )
    for hand in result.pending:
        preview = result.previews.get(hand.pk)
        rows.append(
            SheetRow(
                hand,
                str(hand),
                dealer_of(hand.number),
                preview.score if preview else None,
                None,
                hand.status,
                sides=n,
                record=preview.record if preview else None,
                out=out_of(hand.number),
            )
        )
    match = result.match
    signatures = {s.side: s for s in result.signatures}
    winner = ""
    if match.complete and match.winner is not None:
        winner = sides[match.winner].entrant.name
    return SheetView(
        result=result,
        sides=sides,
        rows=rows,
        totals=tuple(match.totals),
        winner=winner,
        explanation=match.explanation,
        final=result.final,
        signatures=signatures,
        disputed=any(h.status == Hand.Status.DISPUTED for h in result.pending),
        planned=ruleset.hands_in_round(size, options),
    )


def next_dealer(sheet: SheetView, ruleset, number: int) -> str:
    size = sheet.result.size
    seat = ruleset.seat_names(size)[sheet.result.ruleset.dealer(number, size)]
    return f"{seat_holder(sheet.sides, seat)} ({seat})"


def seat_choices(sheet: SheetView, ruleset) -> list[tuple[int, str]]:
    """Each seat of the table as the players know it, "Mabel Ortiz (Seat 2)", "Dee
    Johnson (North)": who may deal the first hand."""
    names = ruleset.seat_names(sheet.result.size)
    return [(seat, f"{seat_holder(sheet.sides, name)} ({name})") for seat, name in enumerate(names)]


@dataclass
class RulingRow:
    ruling: object
    hand: Hand | None  # None: a ruling on the round
    rule: str
    title: str
    effect: str
    cite: str = ""


def ruling_lines(result: TableResult, ruleset, options: dict) -> list[RulingRow]:
    """Every ruling in force at the table, with its rule and its effect in words."""
    lines = []
    for scored in result.hands:
        for ruling in scored.rulings:
            lines.append(_line(ruling, scored.hand, scored.record, result, ruleset, options))
    for ruling in result.round_rulings:
        lines.append(_line(ruling, None, None, result, ruleset, options))
    return lines


def _line(ruling, hand: Hand | None, record, result, ruleset, options) -> RulingRow:
    infraction = ruleset.infraction(ruling.code)
    number = hand.number if hand is not None else None
    effect = result.ruleset.describe_ruling(
        to_rule(ruling), record, result.size, options, number, result.names
    )
    # The line is headed by the rule already: its effect need not name it again.
    effect = effect.removeprefix(f"{infraction.cite}: ")
    if ruling.note:
        effect = f"{effect} ({ruling.note})"
    return RulingRow(ruling, hand, infraction.rule, infraction.title, effect, infraction.cite)
