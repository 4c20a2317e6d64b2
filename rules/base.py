"""The vocabulary the four games share, so the tournament layer can treat every game alike.

A ruleset (rules/ruleset.py) turns the facts a scorer enters for one hand (plus any
director's rulings) into points per side, and a list of scored hands into a round's result.
Everything here is plain data: no Django, so the rules can be tested in milliseconds and
re-derived at will.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .effects import Effect

Choices = tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Option:
    """A per-tournament setting; its default is the product's ruling (rules-decisions.md)."""

    key: str
    label: str
    default: int | bool | str
    kind: str  # "int" | "bool" | "choice"
    choices: Choices = ()
    help: str = ""
    min: int | None = None
    max: int | None = None
    zero: str = ""  # what 0 means, when it means none of it ("no limit")

    def coerce(self, value: object) -> int | bool | str:
        """The value as the option's type, or ValueError with a message naming the option."""
        if self.kind == "bool":
            parsed = to_bool(value)
            if parsed is None:
                raise ValueError(f"{self.label} must be yes or no.")
            return parsed
        if self.kind == "int":
            number = to_int(value)
            if number is None:
                raise ValueError(f"{self.label} must be a whole number.")
            if (self.min is not None and number < self.min) or (
                self.max is not None and number > self.max
            ):
                raise ValueError(f"{self.label} must be {span(self.min, self.max)}.")
            return number
        text = "" if value is None else str(value).strip()
        if text not in {value for value, _ in self.choices}:
            allowed = ", ".join(label for _, label in self.choices)
            raise ValueError(f"{self.label} must be one of: {allowed}.")
        return text

    def words(self, value: object) -> str:
        """A value as a player reads it: "yes" or "no", a choice's label ("Little joker",
        not "little"), a number as written, and 0 as what it means where it means none."""
        if self.kind == "int" and self.zero and value == 0:
            return self.zero
        if self.kind == "bool":
            return "yes" if value else "no"
        if self.kind == "choice":
            return dict(self.choices).get(str(value), str(value))
        return str(value)

    @property
    def default_words(self) -> str:
        return self.words(self.default)


@dataclass(frozen=True)
class Field:
    """One input of the hand-entry form; "who" fields use the side or seat index as value."""

    name: str
    label: str
    kind: str  # "choice" | "int" | "bool"
    choices: Choices = ()
    min: int | None = None
    max: int | None = None
    required: bool = True
    help: str = ""


class InvalidHand(ValueError):
    """A hand record that cannot be scored; errors maps a field name (or "__all__") to words."""

    def __init__(self, errors: Mapping[str, str]):
        self.errors = dict(errors)
        super().__init__(" ".join(self.errors.values()))


class InvalidOptions(ValueError):
    """Tournament options that cannot be used; errors maps an option key to words."""

    def __init__(self, errors: Mapping[str, str]):
        self.errors = dict(errors)
        super().__init__(" ".join(self.errors.values()))


class InvalidRuling(ValueError):
    """A ruling that does not fit its infraction or the hand; errors: Ruling field -> words."""

    def __init__(self, errors: Mapping[str, str]):
        self.errors = dict(errors)
        super().__init__(" ".join(self.errors.values()))


@dataclass(frozen=True)
class Ruling:
    """A director's ruling on one hand (or round): which infraction, by which side, as chosen."""

    code: str
    offender: int | None = None  # a SIDE index
    choice: str | None = None
    amount: int | None = None


@dataclass(frozen=True)
class Infraction:
    """One entry of a game's catalogue of irregularities, quoting the rule it comes from."""

    code: str
    rule: str
    title: str
    text: str
    scope: str  # "hand" | "round"
    choices: Choices = ()
    chooser: str = ""  # "director" | "offended" | ""
    # What the ruling does, in words, for the rules help; `does` below is the effect itself.
    summary: str = ""
    # The code of the round ruling each later round of the offender gets (6 Card Kitty
    # rule 41: every later round is forfeited as under rule 7); "" for none.
    later_rounds: str = ""
    # What the ruling does to the hand: applies itself and says so (rules/effects.py).
    does: Effect | None = None

    @property
    def cite(self) -> str:
        """How the sheet and the pages name it: "Rule 28", "Rules 35, 37", or the section."""
        return cite(self.rule)


@dataclass(frozen=True)
class HandScore:
    """Points per side for one hand; kitty is the Pinochle kitty's chip change."""

    points: tuple[int, ...]
    kitty: int = 0
    void: bool = False
    explanation: str = ""
    boston_side: int | None = None
    declarer: int | None = None
    made: bool | None = None
    # The part of each side's points that is a bonus on top of the game's own score
    # (Ascot's Seeger-Fabian points): already inside ``points``; the standings tell the two
    # apart. Empty when the game or its options have none.
    bonus: tuple[int, ...] = ()


@dataclass(frozen=True)
class SheetWords:
    """How the printed sheet heads each side's figures, in the game's words, so the players
    can add up what they sign.

    ``figures`` head each side's columns: the hand's points, then its running total; with
    three, the middle one is the hand's bonus (``HandScore.bonus``), printed apart from the
    rest of its points. ``pool`` names what the hands pay into and out of besides the
    sides (Pinochle's kitty): a hand's change to it is what the sides' points do not add
    up to (chips are conserved), printed under ``pool_figures`` with its balance from
    ``pool_start``. ``key`` says under the table how the figures add up.
    """

    figures: tuple[str, ...] = ("pts", "total")
    pool: str = ""
    pool_figures: tuple[str, str] = ("in/out", "balance")
    pool_start: int = 0
    key: tuple[str, ...] = ()

    @property
    def bonus(self) -> bool:
        return len(self.figures) == 3


@dataclass(frozen=True)
class HandFacts:
    """What one scored hand says for the statistics, in the game's own words.

    Sides are the sheet's: a team at 6 Card Kitty, a seat at the three-player games.
    ``level`` ranks the bid as the game does and ``level_label`` names its group ("5",
    "Null 3", "25\u201329"); ``form`` is the rest of the bid ("special", "Hearts",
    "Grand KittyFree", "spades"). A hand nobody took (passed out, Ramsch) has no bidder.
    """

    points: tuple[int, ...]
    bidder: int | None = None
    level: int = 0
    level_label: str = ""
    form: str = ""
    made: bool | None = None
    boston: bool = False  # 6 Card Kitty: the bidding team took all 13 books
    double_set: bool = False  # Pinochle: the bidder played and failed
    contra: str = ""  # Ascot: "", "Contra" or "Redouble" against the declarer
    sat_out: int | None = None  # Ascot: the dealer at a table of four did not play
    void: bool = False  # dealt again: no hand was played


@dataclass(frozen=True)
class HandTally:
    """What one counted hand added to the round, as the sheet shows it row by row.

    ``points`` can differ from the hand's own score: a tiebreaker's points do not count
    (6 Card Kitty rule 6), and a Pinochle player pays only the chips they have.
    """

    points: tuple[int, ...]
    running: tuple[int, ...]
    tiebreaker: bool = False
    note: str = ""


@dataclass(frozen=True)
class MatchResult:
    """Where a round (or game) at one table stands after the hands scored so far.

    ``tally`` has one entry per counted (non-void) hand that the round took into account,
    in order; the running totals a sheet prints are read from it, never re-added.
    ``needs_tiebreaker``: the next hand decides a tie and its points do not count.
    """

    complete: bool
    totals: tuple[int, ...]
    winner: int | None
    needs_tiebreaker: bool = False
    hands_played: int = 0
    explanation: str = ""
    forfeit: bool = False
    tally: tuple[HandTally, ...] = ()


# The most digits a number typed or read from a file may have: every figure of the four
# games has a few; past 4,300 Python refuses to read one at all.
MAX_DIGITS = 12


def to_int(value: object) -> int | None:
    """A whole number from a form value or a native one; None for blank or junk (a number
    of more than MAX_DIGITS digits too)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if value.is_integer() else None
    if isinstance(value, str):
        text = value.strip()
        if text.startswith(("-", "+")):
            sign, digits = text[0], text[1:]
        else:
            sign, digits = "", text
        if digits.isascii() and digits.isdigit() and len(digits) <= MAX_DIGITS:
            return int(sign + digits)
    return None


def to_bool(value: object) -> bool | None:
    """A yes/no from a checkbox (missing or "" is no) or a native bool; None for junk."""
    if value is None or isinstance(value, bool):
        return bool(value)
    if isinstance(value, int):
        return bool(value) if value in (0, 1) else None
    if isinstance(value, str):
        text = value.strip().lower()
        if text in {"", "0", "false", "no", "off", "n", "f"}:
            return False
        if text in {"1", "true", "yes", "on", "y", "t"}:
            return True
    return None


def span(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"{low} to {high}"
    if low is not None:
        return f"at least {low}"
    if high is not None:
        return f"at most {high}"
    return "a whole number"


def count(number: int, noun: str, plural: str = "") -> str:
    """ "1 trick", "3 tricks", "1 try", "2 tries": a number with its noun as a player says
    it (``plural`` for a noun that does not just take an s)."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


def signed(points: int) -> str:
    """+6, −120: the sign a player writes on a score sheet."""
    return f"+{points}" if points >= 0 else f"\N{MINUS SIGN}{-points}"


def cite(rule: str) -> str:
    """ "Rule 28", "Rules 35, 37" or the section name for texts without numbers."""
    if rule[:1].isdigit():
        plural = any(mark in rule for mark in ",-")
        return f"{'Rules' if plural else 'Rule'} {rule}"
    return rule


def tally_of(sides: int, scores: Sequence[HandScore]) -> tuple[HandTally, ...]:
    """Each hand's points as scored, with the running totals after it."""
    running = (0,) * sides
    rows = []
    for score in scores:
        running = tuple(a + b for a, b in zip(running, score.points, strict=True))
        rows.append(HandTally(points=score.points, running=running))
    return tuple(rows)


def void_score(sides: int, explanation: str, kitty: int = 0) -> HandScore:
    return HandScore(points=(0,) * sides, kitty=kitty, void=True, explanation=explanation)


def counted(scores: Sequence[HandScore]) -> list[HandScore]:
    """The hands that stood: void ones were dealt again and do not count."""
    return [score for score in scores if not score.void]


def add_points(sides: int, scores: Sequence[HandScore]) -> tuple[int, ...]:
    totals = [0] * sides
    for score in scores:
        for side, points in enumerate(score.points):
            totals[side] += points
    return tuple(totals)


def leader(totals: Sequence[int]) -> int | None:
    """The side with the most points, or None when the most is shared."""
    best = max(totals)
    leaders = [side for side, total in enumerate(totals) if total == best]
    return leaders[0] if len(leaders) == 1 else None
