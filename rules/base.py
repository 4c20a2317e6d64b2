"""The vocabulary the four games share, so the tournament layer can treat every game alike.

A ruleset turns the facts a scorer enters for one hand (plus any director's rulings) into
points per side, and a list of scored hands into a round's result. Everything here is
plain data: no Django, so the rules can be tested in milliseconds and re-derived at will.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

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
    effect: str = ""
    # The code of the round ruling each later round of the offender gets (6 Card Kitty
    # rule 41: every later round is forfeited as under rule 7); "" for none.
    later_rounds: str = ""

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


def to_int(value: object) -> int | None:
    """A whole number from a form value or a native one; None for blank or junk."""
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
        if digits.isascii() and digits.isdigit():
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


def count(number: int, noun: str) -> str:
    """ "1 trick", "3 tricks": a number with its noun as a player says it."""
    return f"{number} {noun}" + ("" if number == 1 else "s")


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


class Ruleset:
    """A game: seating, the hand record, scoring, infractions and match logic.

    One subclass per game module; the registry in rules/__init__.py holds one instance each.
    """

    slug: ClassVar[str] = ""
    name: ClassVar[str] = ""
    rule_text: ClassVar[str] = ""
    table_sizes: ClassVar[tuple[int, ...]] = ()
    partnerships: ClassVar[bool] = False
    options: ClassVar[tuple[Option, ...]] = ()
    decisions: ClassVar[tuple[str, ...]] = ()
    infractions: ClassVar[tuple[Infraction, ...]] = ()
    record_type: ClassVar[type] = object
    # A tie is decided by one more hand whose points do not count (6 Card Kitty rule 6);
    # the sheet keeps a row for it.
    tiebreaker_hand: ClassVar[bool] = False

    # -- options ---------------------------------------------------------------------------
    def resolve_options(self, overrides: Mapping[str, object] | None = None) -> dict[str, Any]:
        """The defaults with the overrides applied, every value checked; else InvalidOptions."""
        by_key = {option.key: option for option in self.options}
        resolved: dict[str, Any] = {option.key: option.default for option in self.options}
        errors: dict[str, str] = {}
        for key, value in (overrides or {}).items():
            option = by_key.get(key)
            if option is None:
                errors[key] = f"{key!r} is not an option of {self.name}."
                continue
            try:
                resolved[key] = option.coerce(value)
            except ValueError as exc:
                errors[key] = str(exc)
        if not errors:
            errors.update(self.check_options(resolved))
        if errors:
            raise InvalidOptions(errors)
        return resolved

    def check_options(self, options: dict[str, Any]) -> dict[str, str]:
        """Errors between options (each one already valid on its own)."""
        return {}

    def option(self, key: str) -> Option:
        for option in self.options:
            if option.key == key:
                return option
        raise KeyError(key)

    # -- seating ---------------------------------------------------------------------------
    def check_table(self, table_size: int) -> None:
        if table_size not in self.table_sizes:
            sizes = " or ".join(str(size) for size in self.table_sizes)
            raise ValueError(f"{self.name} is played {sizes} to a table, not {table_size}.")

    def sides(self, table_size: int) -> int:
        self.check_table(table_size)
        return table_size

    def seat_names(self, table_size: int) -> list[str]:
        self.check_table(table_size)
        return [f"Seat {seat + 1}" for seat in range(table_size)]

    def side_names(self, table_size: int, names: Sequence[str] | None = None) -> list[str]:
        """What a page or a sheet calls each side: the players' names when the table
        knows them (three-player games: one player a side), else the seat labels."""
        default = self.seat_names(table_size) if not self.partnerships else None
        count = self.sides(table_size)
        if names is not None and len(names) == count and all(names):
            return [str(name) for name in names]
        return default or [f"Side {side + 1}" for side in range(count)]

    def seat_side(self, seat: int, table_size: int) -> int:
        self.check_table(table_size)
        if not 0 <= seat < table_size:
            raise ValueError(f"Seat {seat} is not at a table of {table_size}.")
        return seat

    def dealer(self, hand_number: int, table_size: int) -> int:
        """Seat dealing hand 1, 2, 3...: seat 0 first, then the deal passes to the left.

        Count only hands that stood: a void hand is re-dealt by the same (correct) player.
        """
        self.check_table(table_size)
        if hand_number < 1:
            raise ValueError("Hands are numbered from 1.")
        return (hand_number - 1) % table_size

    def hands_in_round(self, table_size: int, options: dict) -> int:
        raise NotImplementedError

    # -- the hand record -------------------------------------------------------------------
    def hand_fields(
        self,
        table_size: int,
        options: dict,
        names: Sequence[str] | None = None,
        number: int | None = None,
    ) -> tuple[Field, ...]:
        """The entry form's inputs; ``number`` (the hand's) lets a game leave out the seat
        that cannot take part, such as Ascot's dealer at a table of four."""
        raise NotImplementedError

    def parse_hand(
        self,
        data: Mapping[str, object],
        table_size: int,
        options: dict,
        number: int | None = None,
    ) -> Any:
        """The record from the form's values; ``number`` fixes the hand's dealer, so a game
        can refuse what the dealer may not do. InvalidHand names every bad field."""
        raise NotImplementedError

    def hand_to_dict(self, record: Any) -> dict[str, Any]:
        """JSON-able, keyed by the form's field names: parse_hand(hand_to_dict(r)) == r."""
        self.check_record_type(record)
        return dataclasses.asdict(record)

    def check_record_type(self, record: Any) -> None:
        if not isinstance(record, self.record_type):
            raise TypeError(f"{self.name} scores {self.record_type.__name__}, not {record!r}.")

    def normal_record(
        self, record: Any, table_size: int, options: dict, number: int | None = None
    ) -> Any:
        """The record checked as if entered on the form (InvalidHand if it could not be)."""
        return self.parse_hand(self.hand_to_dict(record), table_size, options, number)

    # -- infractions -----------------------------------------------------------------------
    def infraction(self, code: str) -> Infraction:
        for infraction in self.infractions:
            if infraction.code == code:
                return infraction
        raise KeyError(f"{code!r} is not an infraction of {self.name}.")

    def check_ruling(self, ruling: Ruling, table_size: int, scope: str) -> Infraction:
        """The ruling's infraction, after checking the ruling fits it; else InvalidRuling."""
        try:
            infraction = self.infraction(ruling.code)
        except KeyError as exc:
            raise InvalidRuling({"code": exc.args[0]}) from None
        errors: dict[str, str] = {}
        if infraction.scope != scope:
            errors["code"] = (
                f"{cite(infraction.rule)} ({infraction.title}) is ruled on the "
                f"{infraction.scope}, not on the {scope}."
            )
        sides = self.sides(table_size)
        if ruling.offender is not None and not 0 <= ruling.offender < sides:
            errors["offender"] = f"The offender must be one of the {sides} sides at the table."
        if ruling.choice is not None and infraction.choices:
            if ruling.choice not in {value for value, _ in infraction.choices}:
                allowed = ", ".join(value for value, _ in infraction.choices)
                errors["choice"] = f"{cite(infraction.rule)}: the choice must be one of {allowed}."
        elif ruling.choice is not None:
            errors["choice"] = f"{cite(infraction.rule)} ({infraction.title}) takes no choice."
        if ruling.amount is not None and ruling.amount < 0:
            errors["amount"] = f"{cite(infraction.rule)}: the amount cannot be negative."
        if errors:
            raise InvalidRuling(errors)
        return infraction

    def need_offender(self, ruling: Ruling, infraction: Infraction) -> int:
        if ruling.offender is None:
            raise InvalidRuling(
                {"offender": f"{cite(infraction.rule)} ({infraction.title}): name the offender."}
            )
        return ruling.offender

    def need_choice(self, ruling: Ruling, infraction: Infraction) -> str:
        if ruling.choice is None:
            allowed = " or ".join(label for _, label in infraction.choices)
            raise InvalidRuling(
                {"choice": f"{cite(infraction.rule)} ({infraction.title}): choose {allowed}."}
            )
        return ruling.choice

    def voids(self, ruling: Ruling, options: dict) -> bool:
        """Whether this (already checked) hand ruling makes the hand void, to be re-dealt."""
        return False

    def describe_ruling(
        self,
        ruling: Ruling,
        record: Any,
        table_size: int,
        options: dict,
        number: int | None = None,
        names: Sequence[str] | None = None,
    ) -> str:
        raise NotImplementedError

    def summary(self, record: Any) -> tuple[int | None, str, str]:
        """(who bid: side or seat, the bid, what was taken) for a score sheet's columns."""
        raise NotImplementedError

    # -- scoring ---------------------------------------------------------------------------
    def score_hand(
        self,
        record: Any,
        table_size: int,
        options: dict,
        rulings: Sequence[Ruling] = (),
        number: int | None = None,
        names: Sequence[str] | None = None,
    ) -> HandScore:
        """Points per side for one hand with its rulings applied.

        A voiding ruling wins over everything (the hand is re-dealt); otherwise the record is
        checked as the form would check it, then scored. ``number`` is the hand's (it fixes
        the dealer); ``names`` are the players' names the explanation uses.
        """
        opts = self.resolve_options(options)
        sides = self.sides(table_size)
        checked = [(ruling, self.check_ruling(ruling, table_size, "hand")) for ruling in rulings]
        for ruling, infraction in checked:
            if self.voids(ruling, opts):
                return void_score(
                    sides,
                    f"{cite(infraction.rule)} ({infraction.title}): the hand is void and is "
                    "dealt again; no score.",
                )
        if record is None:
            raise ValueError("There is no hand record to score and no ruling voids the hand.")
        self.check_record_type(record)
        record = self.normal_record(record, table_size, opts, number)
        return self.score_record(record, table_size, opts, checked, number=number, names=names)

    def score_record(
        self,
        record: Any,
        table_size: int,
        options: dict,
        rulings: Sequence[tuple[Ruling, Infraction]],
        *,
        number: int | None = None,
        names: Sequence[str] | None = None,
    ) -> HandScore:
        raise NotImplementedError

    # -- match -----------------------------------------------------------------------------
    def match_result(
        self,
        scores: Sequence[HandScore],
        table_size: int,
        options: dict,
        round_rulings: Sequence[Ruling] = (),
        names: Sequence[str] | None = None,
    ) -> MatchResult:
        raise NotImplementedError

    def check_round_rulings(
        self, round_rulings: Sequence[Ruling], table_size: int
    ) -> list[tuple[Ruling, Infraction]]:
        return [
            (ruling, self.check_ruling(ruling, table_size, "round")) for ruling in round_rulings
        ]


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
