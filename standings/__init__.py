"""Standings as a pure function: table outcomes in, ranked rows out.

No Django here: the scoring layer loads every table's outcome in a fixed number of
queries and calls `compute`. The tiebreak order is data, chosen per tournament.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

# Metric keys, in the club's words; each is "higher is better" unless listed in LOWER_WINS.
METRICS = {
    "wins": "Rounds won",
    "points": "Points",
    "head_to_head": "Head-to-head",
    "conceded": "Points conceded",
    "score": "Score",
    "games_won": "Games won",
    "games_lost": "Games lost",
    "seeger_fabian": "Seeger-Fabian",
}
LOWER_WINS = {"conceded", "games_lost"}
PARTNERSHIP_ORDER = ("wins", "points", "head_to_head", "conceded")  # rule 6 and the club's order
INDIVIDUAL_ORDER = ("score", "games_won", "games_lost")
SEEGER_FABIAN_ORDER = ("seeger_fabian", "games_won", "games_lost")
# What a director may rank by, per kind of game: a team game has rounds won and points
# against one other team; a three-player game has a score and the games each one played.
PARTNERSHIP_METRICS = ("wins", "points", "head_to_head", "conceded")
INDIVIDUAL_METRICS = ("score", "seeger_fabian", "games_won", "games_lost", "wins")


def allowed_metrics(partnership: bool, seeger_fabian: bool = False) -> tuple[str, ...]:
    if partnership:
        return PARTNERSHIP_METRICS
    return tuple(m for m in INDIVIDUAL_METRICS if seeger_fabian or m != "seeger_fabian")


def default_order(partnership: bool, seeger_fabian: bool = False) -> tuple[str, ...]:
    if partnership:
        return PARTNERSHIP_ORDER
    return SEEGER_FABIAN_ORDER if seeger_fabian else INDIVIDUAL_ORDER


def labels(words: Mapping[str, str] | None = None) -> dict[str, str]:
    """Each metric's column heading: the club's words, with the game's own where it has
    them (its ruleset's ``metric_words``: a 3 Legged Kitty Cat makes contracts, it does not
    win games)."""
    return {**METRICS, **(words or {})}


def parse_order(
    text: str, allowed: Sequence[str], words: Mapping[str, str] | None = None
) -> tuple[str, ...]:
    """A typed order ("wins, points" or "Rounds won, Points") as metric keys; else ValueError.

    Keys and the labels (the game's own ``words`` among them) are all accepted so the
    director can type any.
    """
    named = labels(words)
    by_word = {}
    for key in allowed:
        by_word[key] = key
        by_word[METRICS[key].casefold()] = key
        by_word[named[key].casefold()] = key
        by_word[key.replace("_", " ")] = key
        by_word[key.replace("_", "-")] = key
    order: list[str] = []
    for word in (w.strip() for w in text.split(",")):
        if not word:
            continue
        key = by_word.get(word.casefold())
        if key is None:
            names = ", ".join(named[k] for k in allowed)  # by their names, not their keys
            shown = named.get(word, word)  # a key chosen by its name is named so
            raise ValueError(f"“{shown}” is not a standings metric here; use some of: {names}.")
        if key in order:
            raise ValueError(f"“{named[key]}” is listed twice.")
        order.append(key)
    return tuple(order)


def describe_order(order: Sequence[str], words: Mapping[str, str] | None = None) -> str:
    """The order in words, as printed under the standings (the game's own ``words``)."""
    named = labels(words)
    return ", then ".join(named[k] + (" (fewest)" if k in LOWER_WINS else "") for k in order)


@dataclass(frozen=True)
class Outcome:
    """One table's result in one round, per side (a side is a team or one player)."""

    round: int
    table: int
    entrants: tuple[int, ...]
    totals: tuple[int, ...]
    winner: int | None
    complete: bool
    bostons: tuple[int, ...] = ()
    games_won: tuple[int, ...] = ()
    games_lost: tuple[int, ...] = ()
    # The Seeger-Fabian part of each side's total (Ascot option): the ruleset scores it
    # into the hands, so `totals` already hold it; the plain score is totals minus bonus.
    bonus: tuple[int, ...] = ()
    playoff: bool = False
    # Cards were played at the table. False for a round given away before any hand (6 Card
    # Kitty rule 7: a team not seated within 5 minutes forfeits it): it is won and lost in
    # the standings, but no game was played, so the ratings leave it out.
    played: bool = True


@dataclass(frozen=True)
class Bye:
    """A round won without a table (the partnership game): scored as the round's winners
    score and conceding what its losers score, each the rounded average of the round's
    finished tables (rules-decisions: byes), so no tiebreak puts a team that sat out above
    the teams that won at their tables with the same record."""

    round: int
    entrant: int
    points: int | None = None  # None: the rounded average of that round's winners' points


@dataclass
class Row:
    entrant: int
    rank: int = 0
    tied: bool = False
    played: int = 0
    wins: int = 0
    losses: int = 0
    points: int = 0
    conceded: int = 0
    score: int = 0
    games_won: int = 0
    games_lost: int = 0
    seeger_fabian: int = 0
    bostons: int = 0
    byes: int = 0
    head_to_head: int = 0
    opponents: list[int] = field(default_factory=list)
    bye_rounds: list[int] = field(default_factory=list)

    def metric(self, key: str) -> int:
        value = getattr(self, key)
        return -value if key in LOWER_WINS else value

    @property
    def ranked(self) -> bool:
        """A table or a bye counts for the entrant: until then it holds no rank (rank 0,
        shown as a dash) and is listed after every entrant that does."""
        return self.played > 0


def rounded_average(values: Sequence[int]) -> int:
    """The average to the nearest whole point, rounded as a bye's points always were (the
    ruling keeps them "as now": a half goes to the even number, 8.5 is 8, 7.5 is 8); 0 of
    nothing."""
    return round(sum(values) / len(values)) if values else 0


def _decided(outcomes: Sequence[Outcome], round_number: int) -> list[Outcome]:
    return [
        o
        for o in outcomes
        if o.round == round_number and o.complete and o.winner is not None and not o.playoff
    ]


def bye_points(outcomes: Sequence[Outcome], round_number: int) -> int:
    """The rounded average of the round's winners' points (0 when none has finished)."""
    return rounded_average([o.totals[o.winner] for o in _decided(outcomes, round_number)])


def bye_conceded(outcomes: Sequence[Outcome], round_number: int) -> int:
    """What a bye concedes: the rounded average of the points of the round's losing sides
    (0 when none has finished)."""
    return rounded_average(
        [
            total
            for o in _decided(outcomes, round_number)
            for side, total in enumerate(o.totals)
            if side != o.winner
        ]
    )


def bye_note(row: Row) -> str:
    """How the standings mark a bye: "bye in round 2", "byes in rounds 1 and 3"."""
    rounds = sorted(row.bye_rounds)
    if not rounds:
        return ""
    if len(rounds) == 1:
        return f"bye in round {rounds[0]}"
    listed = ", ".join(str(r) for r in rounds[:-1]) + f" and {rounds[-1]}"
    return f"byes in rounds {listed}"


def compute(
    entrants: Iterable[int],
    outcomes: Sequence[Outcome],
    byes: Sequence[Bye] = (),
    order: Sequence[str] = PARTNERSHIP_ORDER,
    only_complete: bool = True,
    withdrawn: Iterable[int] = (),
) -> list[Row]:
    """Rank every entrant; `order` is the tiebreak order (metric keys of METRICS).

    An entrant withdrawn before playing is not ranked; one withdrawn later keeps the
    results it played for."""
    rows = {e: Row(e) for e in entrants}
    for o in outcomes:
        if o.playoff or (only_complete and not o.complete):
            continue
        for side, entrant in enumerate(o.entrants):
            row = rows.get(entrant)
            if row is None:
                continue
            mine = o.totals[side]
            bonus = o.bonus[side] if o.bonus else 0
            others = [t for s, t in enumerate(o.totals) if s != side]
            row.played += 1
            row.points += mine
            row.score += mine - bonus
            row.seeger_fabian += mine
            row.conceded += sum(others)
            row.opponents.extend(e for s, e in enumerate(o.entrants) if s != side)
            if o.complete and o.winner is not None:
                if o.winner == side:
                    row.wins += 1
                else:
                    row.losses += 1
            if o.bostons:
                row.bostons += o.bostons[side]
            if o.games_won:
                row.games_won += o.games_won[side]
            if o.games_lost:
                row.games_lost += o.games_lost[side]
    for bye in byes:
        row = rows.get(bye.entrant)
        if row is None:
            continue
        points = bye.points if bye.points is not None else bye_points(outcomes, bye.round)
        row.played += 1
        row.wins += 1
        row.byes += 1
        row.bye_rounds.append(bye.round)
        row.points += points
        row.score += points
        row.seeger_fabian += points
        row.conceded += bye_conceded(outcomes, bye.round)
    for entrant in withdrawn:
        if entrant in rows and not rows[entrant].played:
            del rows[entrant]
    if "head_to_head" in order:
        _head_to_head(rows, outcomes, order)
    return _rank(list(rows.values()), order)


def _key(row: Row, order: Sequence[str]) -> tuple[int, ...]:
    return tuple(row.metric(k) for k in order)


def _head_to_head(rows: dict[int, Row], outcomes: Sequence[Outcome], order: Sequence[str]) -> None:
    """Wins against the other teams level on every metric before head-to-head."""
    before = tuple(order[: order.index("head_to_head")])
    group = {row.entrant: _key(row, before) for row in rows.values()}
    for o in outcomes:
        if o.playoff or not o.complete or o.winner is None:
            continue
        keys = {group.get(e) for e in o.entrants}
        if len(keys) == 1 and None not in keys:  # every side level before head-to-head
            rows[o.entrants[o.winner]].head_to_head += 1


def _rank(rows: list[Row], order: Sequence[str]) -> list[Row]:
    """Rank those a table or a bye counts for; the others follow, unranked (rank 0)."""
    ranked = [r for r in rows if r.ranked]
    ranked.sort(key=lambda r: tuple(-m for m in _key(r, order)) + (r.entrant,))
    previous = None
    for position, row in enumerate(ranked, start=1):
        key = _key(row, order)
        if key == previous:
            row.rank = ranked[position - 2].rank
            row.tied = ranked[position - 2].tied = True
        else:
            row.rank = position
        previous = key
    waiting = sorted((r for r in rows if not r.ranked), key=lambda r: r.entrant)
    for row in waiting:
        row.rank, row.tied = 0, False
    return ranked + waiting


def boston_pot(rows: Sequence[Row], amount: float) -> tuple[list[int], float]:
    """Rule 39: the most Bostons wins the pot; none at all: the best record (rounds won,
    then points: the rule's record, whatever tiebreaks the standings go on to). Every
    team that shares it shares the pot equally, before the end as at it. No one leads
    before a table or a bye counts."""
    rows = [r for r in rows if r.ranked]
    if not rows:
        return [], 0.0
    best = max(r.bostons for r in rows)
    if best > 0:
        winners = [r.entrant for r in rows if r.bostons == best]
    else:
        record = max((r.wins, r.points) for r in rows)
        winners = [r.entrant for r in rows if (r.wins, r.points) == record]
    return winners, round(amount / len(winners), 2)


def shown_rank(row: Row) -> str:
    """A shared rank reads "=3", as on the printed standings."""
    return rank_text(row.rank, row.tied)


# A shared rank, one way on every page and paper that ranks (standings, the season's
# ladder, the ratings): "=3", the way a club's printed results have long said it, with
# its words for a screen reader ("tied for 3rd": "=3" is read out as "equals 3").
# Rank 0 is no rank yet (nothing counted for the entrant): a dash.
UNRANKED = "\N{EN DASH}"


def rank_text(rank: int, tied: bool) -> str:
    if not rank:
        return UNRANKED
    return f"={rank}" if tied else str(rank)


def ordinal(number: int) -> str:
    """ "1st", "2nd", "3rd", "11th", "22nd"."""
    suffix = "th" if 10 <= number % 100 <= 20 else SUFFIXES.get(number % 10, "th")
    return f"{number}{suffix}"


SUFFIXES = {1: "st", 2: "nd", 3: "rd"}


def rank_words(rank: int, tied: bool) -> str:
    """ "tied for 3rd", "3rd": a rank as said aloud ("not ranked yet": rank 0)."""
    if not rank:
        return "not ranked yet"
    return f"tied for {ordinal(rank)}" if tied else ordinal(rank)


@dataclass(frozen=True)
class Line:
    """One round of an entrant's record: a table played, or a bye."""

    round: int
    table: int | None
    opponents: tuple[int, ...]
    mine: int | None
    theirs: tuple[int, ...]
    result: str  # "won" | "lost" | "tied" | "in play" | "bye"
    playoff: bool = False
    counted: bool = True


def record_of(
    entrant: int,
    outcomes: Sequence[Outcome],
    byes: Sequence[Bye] = (),
    only_complete: bool = True,
) -> list[Line]:
    """Round by round, what one entrant played and how it ended, as the standings count it."""
    lines = []
    for o in outcomes:
        if entrant not in o.entrants:
            continue
        side = o.entrants.index(entrant)
        if o.complete and o.winner is not None:
            result = "won" if o.winner == side else "lost"
        else:
            result = "tied" if o.complete else "in play"
        lines.append(
            Line(
                round=o.round,
                table=o.table,
                opponents=tuple(e for s, e in enumerate(o.entrants) if s != side),
                mine=o.totals[side],
                theirs=tuple(t for s, t in enumerate(o.totals) if s != side),
                result=result,
                playoff=o.playoff,
                counted=not o.playoff and (o.complete or not only_complete),
            )
        )
    for bye in byes:
        if bye.entrant == entrant:
            points = bye.points if bye.points is not None else bye_points(outcomes, bye.round)
            conceded = bye_conceded(outcomes, bye.round)
            lines.append(Line(bye.round, None, (), points, (conceded,), "bye"))
    lines.sort(key=lambda line: line.round)
    return lines
