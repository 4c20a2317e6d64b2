"""The Ruleset: one game's seating, hand record, scoring, infractions and match logic.

Each game's package subclasses it; the registry in rules/__init__.py holds one of each.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import hashlib
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

from .base import (
    Field,
    HandFacts,
    HandScore,
    Infraction,
    InvalidOptions,
    InvalidRuling,
    MatchResult,
    Option,
    Ruling,
    SheetWords,
    cite,
    void_score,
)
from .effects import Effect, RulingHand


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
    # How a void hand's preview ends: "the hand is void and dealt again, no score."
    redealt: ClassVar[str] = "dealt again, no score."
    # The club's tournament procedure is the same for every game (rules-decisions.md): a
    # sheet signed by every side is final, a side not seated within 5 minutes of the round's
    # start is late. Where the game's own text states a step, its rule number (key ->
    # number), so the pages cite it; other games' pages state the step without a number.
    procedure_rules: ClassVar[Mapping[str, str]] = {}
    late_after_minutes: ClassVar[int] = 5
    # Why a side calls the director from its table, as the game's text words it (a key, the
    # words): the phone offers them, the console and the history say the words.
    call_reasons: ClassVar[tuple[tuple[str, str], ...]] = (
        ("ruling", "A ruling"),
        ("renege", "A renege claim"),
        ("misdeal", "A misdeal"),
        ("other", "Something else"),
    )
    # The statistics' words: who took the bid ("the Cat"), and the two parts of a bid.
    bidder_role: ClassVar[str] = "bidder"
    level_word: ClassVar[str] = "Bid"
    form_word: ClassVar[str] = "Form"
    # The game's own feats the statistics count: "boston", "contra", "double_set".
    feats: ClassVar[tuple[str, ...]] = ()
    # The standings' headings in the game's own words, where the club's (standings.METRICS)
    # would mislead: what a side "won" and "lost" as bidder is a contract made or failed in
    # one game, a game won or lost in another.
    metric_words: ClassVar[Mapping[str, str]] = {}
    # A pot the director enters an amount for, won by the most Bostons (6 Card Kitty rule
    # 39); a game without Bostons is not asked for one.
    boston_pot: ClassVar[bool] = False
    # How the players decide who deals a table's first hand, in the text's words, for the
    # table page; "" when the text does not say (the table decides as it likes).
    first_deal: ClassVar[str] = ""
    # The seat that dealt hand 1 at one table, as that table said (first_deal); the deal
    # then passes to the left. Set on the ruleset of that table (with_first_dealer): the
    # game's own instance has None, which is "not said" (a table from before one could
    # say it): the deal is taken to start at the first seat, and nothing that only the
    # true dealer can tell (Pinochle's forced bid) is judged against that guess.
    first_dealer: int | None = None

    @property
    def scoring_version(self) -> str:
        """What this game's scores are derived with: a digest of its package's code and of
        the code the games share. A stored score carries it (scoring.outcomes), so a fix
        to the scoring re-derives every stored outcome by itself, with no number that
        someone must remember to raise."""
        return _code_digest(Path(sys.modules[type(self).__module__].__file__).parent)

    @property
    def cites(self) -> dict[str, str]:
        """ "rule 40" and the like, by procedure step, for the pages to cite."""
        return {key: f"rule {number}" for key, number in self.procedure_rules.items()}

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

    def players_at_table(self, seats: int) -> int:
        """How many play at a table whose seats hold ``seats`` entrants: the table size the
        rest of the ruleset is asked with. Each entrant is one player, unless a game of
        partnerships says otherwise."""
        return seats

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

    def with_first_dealer(self, seat: int | None) -> Ruleset:
        """This game as dealt at one table whose first hand ``seat`` dealt (None: not
        said). Everything the ruleset derives from the dealer (the forced bid, the seat
        sitting out, who holds the bid when all pass) follows it."""
        if seat == self.first_dealer:
            return self
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or seat < 0):
            raise ValueError(f"The first dealer is a seat number (from 0), not {seat!r}.")
        at_table = copy.copy(self)
        at_table.first_dealer = seat
        return at_table

    def dealer(self, hand_number: int, table_size: int) -> int:
        """Seat dealing hand 1, 2, 3...: the table's first dealer (seat 0 when not said),
        then the deal passes to the left.

        Count only hands that stood: a void hand is re-dealt by the same (correct) player.
        """
        self.check_table(table_size)
        if hand_number < 1:
            raise ValueError("Hands are numbered from 1.")
        first = self.first_dealer or 0
        if first >= table_size:
            raise ValueError(f"Seat {first} is not at a table of {table_size}.")
        return (first + hand_number - 1) % table_size

    def sits_out(self, hand_number: int, table_size: int) -> int | None:
        """The seat that takes no part in a hand (Ascot's dealer at a table of four), which
        the sheet shows as sitting out, not as scoring 0; None: every seat plays."""
        return None

    def check_first_dealer(self, seat: object, table_size: int) -> int:
        """The seat that deals a table's first hand, as typed: one of the table's seats;
        else ValueError in words."""
        self.check_table(table_size)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < table_size:
            names = ", ".join(self.seat_names(table_size))
            raise ValueError(f"The first dealer must be one of the seats: {names}.")
        return seat

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
        does = self.infraction(ruling.code).does
        return does is not None and does.voids(ruling)

    def ruling_hand(
        self,
        record: Any,
        table_size: int,
        options: dict,
        number: int | None = None,
        names: Sequence[str] | None = None,
    ) -> RulingHand:
        """The hand as its rulings see it; a game names the side that bid."""
        return RulingHand(self, record, table_size, options, number, names)

    def scope_of(self, code: str) -> str:
        """Where an infraction is ruled on: a round ruling is described too."""
        try:
            return self.infraction(code).scope
        except KeyError:
            return "hand"  # check_ruling names the unknown code

    def describe_ruling(
        self,
        ruling: Ruling,
        record: Any,
        table_size: int,
        options: dict,
        number: int | None = None,
        names: Sequence[str] | None = None,
    ) -> str:
        """The ruling's effect in one sentence, shown before the director confirms it."""
        infraction = self.check_ruling(ruling, table_size, self.scope_of(ruling.code))
        hand = self.ruling_hand(record, table_size, options, number, names)
        return self.effect_of(infraction).describe(ruling, infraction, hand)

    def effect_of(self, infraction: Infraction) -> Effect:
        if infraction.does is None:
            raise TypeError(f"{self.name}: the infraction {infraction.code!r} does nothing.")
        return infraction.does

    def summary(self, record: Any) -> tuple[int | None, str, str]:
        """(who bid: side or seat, the bid, what was taken) for a score sheet's columns."""
        raise NotImplementedError

    def remarks(self, record: Any) -> tuple[str, ...]:
        """What a sheet's row says in words beside the hand's facts, where they alone would
        not explain its score (Pinochle's meld lost for want of a trick)."""
        return ()

    def sheet_words(self, table_size: int, options: dict) -> SheetWords:
        """The printed sheet's words for each side's figures, and any pool they pay into."""
        return SheetWords()

    def paper_rows(self, table_size: int, options: dict) -> int:
        """Rows a sheet printed before play gives to write the hands on by pen."""
        return self.hands_in_round(table_size, options)

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

    # -- statistics ------------------------------------------------------------------------
    def hand_facts(self, record: Any, score: HandScore, table_size: int) -> HandFacts:
        """What a scored hand says for the statistics: who took the bid, its level and form,
        whether it was made, the game's own feats, and each side's points."""
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

    def places(self, totals: Sequence[int], winner: int | None) -> tuple[int, ...]:
        """Each side's place at a finished table, 1 first and an equal place a tie, as the
        club's ratings rank it: the winner first, the others by their totals, the higher
        the better (a game whose winner is not simply the higher total says otherwise)."""
        places = []
        for side, total in enumerate(totals):
            if side == winner:
                places.append(1)
                continue
            ahead = sum(1 for other, t in enumerate(totals) if t > total or other == winner)
            places.append(1 + ahead)
        return tuple(places)

    def check_round_rulings(
        self, round_rulings: Sequence[Ruling], table_size: int
    ) -> list[tuple[Ruling, Infraction]]:
        return [
            (ruling, self.check_ruling(ruling, table_size, "round")) for ruling in round_rulings
        ]


@functools.cache
def _code_digest(package: Path) -> str:
    """The source of a game's package and of the shared rules modules beside this one."""
    digest = hashlib.sha256()
    for path in sorted([*Path(__file__).parent.glob("*.py"), *package.glob("*.py")]):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]
