"""What the printed documents say, as plain frozen records.

The Django layer fills these from the database; nothing here knows where the
facts came from, so the renderers can be tested and benchmarked without one.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SideInfo:
    """A team of two or a single player, and where they sit."""

    name: str
    players: tuple[str, ...]
    seats: str


@dataclass(frozen=True)
class HandLine:
    """One hand as played: the facts, then the points each side got and its running total.

    ``points`` and ``running`` hold one value per side, in the order of ``Sheet.sides``.
    """

    number: int
    dealer: str
    bidder: str
    bid: str
    taken: str
    points: tuple[int, ...]
    running: tuple[int, ...]
    void: bool = False
    tiebreaker: bool = False
    note: str = ""
    # The hand's facts as stored (the ruleset's record): what the check code covers.
    facts: tuple[tuple[str, object], ...] = ()
    # What the sheet prints to let the players check the row, outside the check code (it
    # is all derived from the facts and points above): each side's part of ``points`` the
    # game scores apart (Sheet.figures of three: Ascot's Seeger-Fabian points); what the
    # hand paid into (+) or took out of (-) the pool, and the pool's balance after it
    # (Sheet.pool: Pinochle's kitty); and words that explain the row ("ruling, see below").
    bonus: tuple[int, ...] = ()
    pool: int | None = None
    pool_balance: int | None = None
    remarks: tuple[str, ...] = ()


@dataclass(frozen=True)
class RulingLine:
    """A director's ruling, cited by rule number so the players can check it."""

    hand: int | None
    rule: str
    title: str
    effect: str
    # The ruling as made (its code, offender, choice, amount, note): what the code covers.
    facts: tuple[tuple[str, object], ...] = ()


@dataclass(frozen=True)
class SignatureLine:
    """One side's signature; an empty ``signer`` prints a blank line to sign by hand, or,
    with ``unneeded``, why the side need not sign (it forfeited the round)."""

    side: str
    signer: str = ""
    signed_at: str = ""
    unneeded: str = ""


@dataclass(frozen=True)
class Sheet:
    """The score sheet of one table in one round, blank (no hands) or filled."""

    tournament: str
    date: str
    venue: str
    game: str
    round: int
    table: int
    sides: tuple[SideInfo, ...]
    hands: tuple[HandLine, ...]
    planned_hands: int
    rulings: tuple[RulingLine, ...]
    totals: tuple[int, ...] | None
    winner: str
    signatures: tuple[SignatureLine, ...]
    qr_url: str = ""
    final: bool = False
    # A signed sheet's check code (scoring.check_code), printed as shown_code has it;
    # qr_url then opens its check page.
    check_code: str = ""
    # A blank row for a tie's deciding hand (6 Card Kitty rule 6); games without one leave it.
    tiebreaker_row: bool = True
    # The words over each side's figure columns, in the game's words (rules.SheetWords):
    # the hand's points, then its running total; of three, the middle is HandLine.bonus.
    figures: tuple[str, ...] = ("pts", "total")
    # What the hands pay into and out of besides the sides (Pinochle's kitty): its name,
    # the words over its change and its balance, and its balance before the first hand.
    pool: str = ""
    pool_figures: tuple[str, str] = ("in/out", "balance")
    pool_start: int = 0
    # Lines under the table saying how its figures add up.
    key: tuple[str, ...] = ()


def shown_code(code: str) -> str:
    """A check code as printed, and as the pages show it: three groups of four,
    "K7QM-4XPA-9DZ2"."""
    return "-".join(code[i : i + 4] for i in range(0, len(code), 4))


@dataclass(frozen=True)
class SideLink:
    """One side's own way in: its private link (printed as a QR code) and its PIN."""

    url: str
    pin: str


@dataclass(frozen=True)
class TableCard:
    """The card on a table: who sits where, as ``(seat name, entrant)`` pairs, and each
    side's own link, in the same order (none for a draft round, not yet to be played)."""

    round: int
    table: int
    seats: tuple[tuple[str, str], ...]
    links: tuple[SideLink, ...] = ()


@dataclass(frozen=True)
class Pairings:
    """A round's draw: one card per table, and every entrant's table by name."""

    tournament: str
    date: str
    round: int
    cards: tuple[TableCard, ...]
    by_name: tuple[tuple[str, int], ...]
    byes: tuple[str, ...] = ()


@dataclass(frozen=True)
class StandingsDoc:
    """Standings as already ranked by the caller.

    Each row is ``(rank, entrant, *values)`` with one value per header; ``headers``
    name the metric columns only. A rank shared by several rows prints as "=3".
    ``cut_after`` draws the playoff cut line after that many rows.
    """

    tournament: str
    date: str
    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    cut_after: int | None = None
    tiebreaks: str = ""


@dataclass(frozen=True)
class CheckinCode:
    """One player's own link for the night, printed as a QR code with their name, and
    their team's at a game of partnerships (each partner has a code of their own)."""

    name: str
    url: str
    team: str = ""


@dataclass(frozen=True)
class CheckinCodes:
    """Every player's own link, to cut out and hand over (or pin by the door), and the
    address of the page where players search their own name instead."""

    tournament: str
    date: str
    page_url: str
    codes: tuple[CheckinCode, ...]
    # Self check-in off: the director checks everyone in, a code shows its player's night
    # but checks nobody in, and there is no page to search a name on.
    self_checkin: bool = True
