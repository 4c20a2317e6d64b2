"""A season's ladder: each night's finishing places in, one row per player out.

The ladder is per player: a team's place gives each of its players the place's points,
so a partnership that changes from night to night changes nothing here.

Ties on a night: the entrants tied for a place share the places they cover, and each
gets the average of those places' points, rounded half up (two tied for 2nd under
10,8,6 take (8+6)/2 = 7 each). That keeps a night's points the same whatever the tie.

Ranking: total; then more 1st places, more 2nd places, and so on through the places the
points list (counted nights only);
then the best single night; then fewer nights played. Players level on all of that
share the rank and are listed by name.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field

from standings import rank_text

MOST_POINTS = 1000  # for one place; a ladder's figures stay readable


@dataclass(frozen=True)
class Scheme:
    """The club's points: for places 1, 2, 3…; for a night played below the list; and
    how many of each player's best nights count (None: all of them)."""

    points: tuple[int, ...]
    played: int = 0
    best: int | None = None

    def for_place(self, place: int) -> int:
        return self.points[place - 1] if place <= len(self.points) else self.played

    def shared(self, place: int, tied: int) -> int:
        """Each of `tied` entrants sharing `place`: the average, rounded half up."""
        total = sum(self.for_place(p) for p in range(place, place + tied))
        return (2 * total + tied) // (2 * tied)

    @property
    def words(self) -> str:
        places = ", ".join(f"{ordinal(i)} {p}" for i, p in enumerate(self.points, start=1))
        text = f"Points per night by finishing place: {places}"
        text += f"; any lower place {self.played}."
        if self.best:
            text += (
                f" Each player's best {self.best} nights count (of nights worth the same, "
                "the earlier); the others are dropped."
            )
        else:
            text += " Every night counts."
        return text


TIES_WORDS = (
    "Tied on a night: the tied entrants share the places they cover, each taking the average "
    "of their points (rounded half up). On the ladder: the total, then more 1st places, "
    "more 2nd places and so on through the places listed (nights counted), then the best "
    "single night, then fewer "
    "nights played; players level on all of these share the rank, listed by name."
)


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def parse_points(text: str) -> tuple[int, ...]:
    """ "10, 8, 6" as (10, 8, 6): whole numbers 0..1000, never rising; else ValueError."""
    words = [w.strip() for w in str(text).split(",")]
    if words[-1] == "" and len(words) > 1:
        words.pop()  # "10,8,6," ends the list, as written by hand
    if words == [""]:
        raise ValueError("List the points for 1st, 2nd, 3rd… separated by commas, e.g. 10,8,6.")
    points = []
    for place, word in enumerate(words, start=1):
        if word.startswith("-") and word[1:].isascii() and word[1:].isdigit():
            raise ValueError(f"{word} (for {ordinal(place)}) cannot be below 0.")
        if not word.isascii() or not word.isdigit():
            shown = word if len(word) <= 20 else word[:20] + "…"
            raise ValueError(f"“{shown}” (for {ordinal(place)}) is not a whole number.")
        if len(word) > 4:
            raise ValueError(f"The points for {ordinal(place)} are over {MOST_POINTS}.")
        value = int(word)
        if value > MOST_POINTS:
            raise ValueError(f"{value} (for {ordinal(place)}) is over {MOST_POINTS}.")
        if points and value > points[-1]:
            raise ValueError(
                f"{ordinal(place)} ({value}) cannot be worth more than "
                f"{ordinal(place - 1)} ({points[-1]})."
            )
        points.append(value)
    return tuple(points)


@dataclass(frozen=True)
class Finish:
    """One entrant on one night: its players and its place (equal places are tied)."""

    players: tuple[Hashable, ...]
    place: int


@dataclass(frozen=True)
class Night:
    key: Hashable
    finishes: tuple[Finish, ...]


@dataclass(frozen=True)
class Contribution:
    place: int
    tied: bool
    points: int
    counted: bool = True


@dataclass
class Row:
    player: Hashable
    rank: int = 0
    tied: bool = False
    total: int = 0
    nights: dict[Hashable, Contribution] = field(default_factory=dict)

    @property
    def played(self) -> int:
        return len(self.nights)

    @property
    def places(self) -> tuple[int, ...]:
        """The counted nights' places, best first."""
        return tuple(sorted(c.place for c in self.nights.values() if c.counted))

    @property
    def best_night(self) -> int:
        return max((c.points for c in self.nights.values()), default=0)

    @property
    def shown_rank(self) -> str:
        return rank_text(self.rank, self.tied)  # "=3", as the standings say it


def night_points(night: Night, scheme: Scheme) -> dict[Hashable, Contribution]:
    """Each player's points for the night."""
    tied = {}
    for finish in night.finishes:
        tied[finish.place] = tied.get(finish.place, 0) + 1
    found = {}
    for finish in night.finishes:
        points = scheme.shared(finish.place, tied[finish.place])
        for player in finish.players:
            found[player] = Contribution(finish.place, tied[finish.place] > 1, points)
    return found


def _counted(nights: dict[Hashable, Contribution], order: Sequence[Hashable], best: int | None):
    """Mark all but the best `best` nights dropped: most points first, then the better
    place, then the earlier night."""
    if best is None or len(nights) <= best:
        return nights
    position = {key: i for i, key in enumerate(order)}
    ranked = sorted(nights, key=lambda k: (-nights[k].points, nights[k].place, position[k]))
    kept = set(ranked[:best])
    return {
        k: c if k in kept else Contribution(c.place, c.tied, c.points, counted=False)
        for k, c in nights.items()
    }


def _key(row: Row, deepest: int) -> tuple:
    """What ranks a row, best first when sorted ascending."""
    counts = [0] * deepest
    for place in row.places:
        if place <= deepest:
            counts[place - 1] += 1
    return (-row.total, *(-c for c in counts), -row.best_night, row.played)


def ladder(
    nights: Sequence[Night], scheme: Scheme, names: Mapping[Hashable, str] | None = None
) -> list[Row]:
    """The ladder after these nights (in date order): ranked rows, ties sharing a rank."""
    names = names or {}
    rows: dict[Hashable, Row] = {}
    for night in nights:
        for player, contribution in night_points(night, scheme).items():
            rows.setdefault(player, Row(player)).nights[night.key] = contribution
    order = [n.key for n in nights]
    for row in rows.values():
        row.nights = _counted(row.nights, order, scheme.best)
        row.total = sum(c.points for c in row.nights.values() if c.counted)
    deepest = len(scheme.points)  # no countback below the places the points list
    keyed = {row.player: _key(row, deepest) for row in rows.values()}
    ranked = sorted(
        rows.values(),
        key=lambda r: (keyed[r.player], str(names.get(r.player, "")).casefold(), str(r.player)),
    )
    for position, row in enumerate(ranked, start=1):
        before = ranked[position - 2] if position > 1 else None
        if before is not None and keyed[before.player] == keyed[row.player]:
            row.rank = before.rank
            row.tied = before.tied = True
        else:
            row.rank = position
    return ranked


def progress(nights: Sequence[Night], scheme: Scheme) -> dict[Hashable, list[int]]:
    """Each player's ladder total as it stood after each night (best N applied at each
    step): what the season's chart draws."""
    points: dict[Hashable, list[int]] = {}
    totals: dict[Hashable, list[int]] = {}
    for index, night in enumerate(nights):
        for player, contribution in night_points(night, scheme).items():
            points.setdefault(player, []).append(contribution.points)
            totals.setdefault(player, [0] * index)
        for player, earned in points.items():
            kept = sorted(earned, reverse=True)[: scheme.best] if scheme.best else earned
            totals[player].append(sum(kept))
    return totals
