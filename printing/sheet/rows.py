"""What each row of the hand table says: its label, its facts, its figures group by group
and the words under them; and what the totals row adds up to."""

from __future__ import annotations

from collections.abc import Sequence

from ..data import HandLine, Sheet

VOID_LABEL = "void — replayed"


def _mark(hand: HandLine) -> str:
    return "*" if hand.note else ""


def _rows(sheet: Sheet) -> list[HandLine | None]:
    """The table's rows: played hands, blanks up to the plan, then the tiebreaker row(s).
    None is a blank row; a blank tiebreaker row is a HandLine with no facts."""
    regular = [h for h in sheet.hands if not h.tiebreaker]
    breakers = [h for h in sheet.hands if h.tiebreaker]
    rows: list[HandLine | None] = list(regular)
    # A void hand is dealt again under its number: it leaves the blanks as they were.
    rows += [None] * max(0, sheet.planned_hands - sum(1 for h in regular if not h.void))
    if breakers:
        rows += breakers
    elif sheet.tiebreaker_row:
        rows.append(HandLine(0, "", "", "", "", (), (), tiebreaker=True))
    return rows


def _labels(rows: Sequence[HandLine | None]) -> list[str]:
    """Each row's label: a played hand its own number, a blank row the number after the
    one above it (a hand struck off the sheet leaves a gap, 1, 2, 4: the blanks go on
    from 5, not from their place in the list)."""
    labels, last = [], 0
    for row in rows:
        if row is None:
            last += 1
            labels.append(str(last))
            continue
        if not row.tiebreaker:
            last = row.number
        labels.append(("TB" if row.tiebreaker else str(row.number)) + _mark(row))
    return labels


def _facts(row: HandLine | None) -> tuple[str, str, str, str]:
    if row is None:
        return ("", "", "", "")
    return (row.dealer, row.bidder, row.bid, row.taken)


def _totals(sheet: Sheet) -> tuple[int, ...] | None:
    if sheet.totals is not None or not sheet.hands:
        return sheet.totals
    counted = [r for r in sheet.hands if not r.void and r.running]
    return counted[-1].running if counted else None


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def _figures(sheet: Sheet, hand: HandLine) -> list[tuple[str, ...]]:
    """A hand's figures, group by group: each side's points (its bonus apart, when the
    sheet has a column for it) and running total; then the pool's change and balance."""
    m = len(sheet.figures)
    groups: list[tuple[str, ...]] = []
    for i in range(max(1, len(sheet.sides))):
        if hand.void:
            groups.append(("—",) + ("",) * (m - 1))
            continue
        points = hand.points[i] if i < len(hand.points) else None
        running = hand.running[i] if i < len(hand.running) else None
        bonus = hand.bonus[i] if i < len(hand.bonus) else 0
        if points is None:
            shown: tuple[str, ...] = ("",) * (m - 1)
        elif m == 3:
            shown = (str(points - bonus), str(bonus))
        else:
            shown = (str(points),) + ("",) * (m - 2)
        groups.append((*shown, "" if running is None else str(running)))
    if sheet.pool:
        if hand.void:
            groups.append(("—", ""))
        else:
            change = "" if hand.pool is None else _signed(hand.pool)
            balance = "" if hand.pool_balance is None else str(hand.pool_balance)
            groups.append((change, balance))
    return groups


def _total_figures(sheet: Sheet) -> list[tuple[str, ...]]:
    """The totals row, group by group: each side's total (with a bonus column, the sum of
    each column: the game's score, its bonus, and both), then the pool's."""
    m = len(sheet.figures)
    n = max(1, len(sheet.sides))
    totals = _totals(sheet)
    counted = [h for h in sheet.hands if not h.void and not h.tiebreaker]
    groups: list[tuple[str, ...]] = []
    for i in range(n):
        if totals is None or i >= len(totals):
            groups.append(("",) * m)
        elif m == 3:
            bonus = sum(h.bonus[i] for h in counted if i < len(h.bonus))
            groups.append((str(totals[i] - bonus), str(bonus), str(totals[i])))
        else:
            groups.append(("",) * (m - 1) + (str(totals[i]),))
    if sheet.pool:
        paid = [h for h in counted if h.pool is not None and h.pool_balance is not None]
        if paid:
            groups.append((_signed(sum(h.pool or 0 for h in paid)), str(paid[-1].pool_balance)))
        else:
            groups.append(("", ""))
    return groups


def _remark(sheet: Sheet, row: HandLine | None) -> str:
    """What a row says in words under its facts."""
    if row is None:
        return ""
    if row.tiebreaker and not row.number:
        return _tiebreaker_label(sheet)
    return " · ".join([VOID_LABEL] * row.void + list(row.remarks))


def _tiebreaker_label(sheet: Sheet) -> str:
    played = any(h.tiebreaker and h.number for h in sheet.hands)
    return "tiebreaker — not needed" if sheet.final and not played else "tiebreaker — only if tied"
