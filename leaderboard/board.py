"""The standings as the pages read them: load the results, call the pure `standings`.

Everything a standings page shows (the rows, the cut, the bracket, the Boston pot)
comes from each table's stored outcome (scoring.outcomes) plus a few small queries,
whatever the size of the night; the `standings` and `pairing.playoff` packages do
the arithmetic on plain records.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from decimal import Decimal

import standings
from pairing import playoff
from scoring import outcomes
from scoring.results import TableResult, results_for
from tournament.models import Bye, Entrant, Round, Tournament

from .bracket import Bracket, make_cut, read_bracket


@dataclass(frozen=True)
class Counting:
    """What the standings count: the public sees signed sheets only (a signed sheet is
    final)."""

    only_signed: bool
    include_incomplete: bool = False

    @property
    def words(self) -> str:
        if self.only_signed:
            return "Counted: sheets signed by every side, in published rounds."
        if self.include_incomplete:
            return (
                "Counted live: every published table, signed or not, with the points so far "
                "at tables still playing. Only a finished round is won or lost."
            )
        return "Counted: every finished table of the published rounds, signed or not."


PUBLIC = Counting(only_signed=True)


@dataclass
class Board:
    """Everything the standings pages show, for one viewer."""

    tournament: Tournament
    counting: Counting
    rows: list[standings.Row]
    entrants: dict[int, Entrant]
    order: tuple[str, ...]
    columns: tuple[str, ...]
    tables: list[outcomes.StoredOutcome]  # every table of the published rounds
    results: dict[int, TableResult]  # the playoff rounds' tables, for the bracket
    outcomes: list[standings.Outcome]  # those this viewer's standings count
    byes: list[standings.Bye]
    cut: playoff.Cut | None = None
    cut_error: str = ""
    bracket: Bracket | None = None
    pot: tuple[list[Entrant], Decimal] | None = None
    pot_final: bool = False
    bostons: list[tuple[Entrant, int]] = field(default_factory=list)
    rounds_done: int = 0
    # (round, tables counted, tables) of a round only partly counted so far
    partial: tuple[int, int, int] | None = None

    @property
    def order_words(self) -> str:
        return standings.describe_order(self.order, self.tournament.ruleset.metric_words)

    @property
    def labels(self) -> dict[str, str]:
        return labels_for(self.tournament)

    @property
    def ranked(self) -> int:
        """How many hold a rank: those a table or a bye counts for (the rest are listed
        after them, with a dash)."""
        return sum(1 for row in self.rows if row.ranked)

    @property
    def unranked(self) -> bool:
        return self.ranked < len(self.rows)

    def name_of(self, row: standings.Row) -> str:
        """The entrant's name as the standings print it, its bye marked: "Team 3 (bye in
        round 1)"."""
        name = self.entrants[row.entrant].name
        note = standings.bye_note(row)
        return f"{name} ({note})" if note else name

    @property
    def heading(self) -> str:
        """What the figures count: "after round 1 and 3 of 4 tables of round 2"."""
        parts = [f"round {self.rounds_done}"] if self.rounds_done else []
        if self.partial:
            number, done, tables = self.partial
            parts.append(f"{done} of {tables} tables of round {number}")
        return "after " + " and ".join(parts) if parts else ""


# The headings of the columns that do not rank (a ranking metric's is standings.METRICS').
OTHER_LABELS = {"losses": "Rounds lost", "bostons": "Bostons", "byes": "Byes"}


def labels_for(tournament: Tournament) -> dict[str, str]:
    """Every column's heading in the game's words: a 3 Legged Kitty Cat makes and fails
    contracts (a game there is the race to the target), a Pinochle bidder bids; only an
    Ascot declarer wins and loses games (the ruleset's metric_words)."""
    return {**standings.labels(tournament.ruleset.metric_words), **OTHER_LABELS}


def columns_for(tournament: Tournament, order: tuple[str, ...]) -> tuple[str, ...]:
    """The metric columns: the ranking order first, then what else a player looks for."""
    if tournament.is_partnership:
        extra = ("wins", "losses", "points", "conceded", "bostons", "byes")
    else:
        extra = ("score", "games_won", "games_lost", "wins")
    return order + tuple(k for k in extra if k not in order and k != "head_to_head")


def board(tournament: Tournament, counting: Counting) -> Board:
    """The standings, the cut, the bracket and the Boston pot: each table's stored outcome,
    and the playoff rounds' results (a few tables) for the bracket."""
    tables = outcomes.stored_outcomes(tournament)
    regular = [t for t in tables if not t.playoff]
    rows, entrants = standings_for(
        tournament,
        only_signed=counting.only_signed,
        include_incomplete=counting.include_incomplete,
        tables=regular,
    )
    shown = [t for t in tables if t.final or not counting.only_signed]
    playoff_rounds = sorted({t.round for t in tables if t.playoff})
    results = results_for(tournament, rounds=playoff_rounds) if playoff_rounds else {}
    results = {k: r for k, r in results.items() if r.round.status != Round.Status.DRAFT}
    order = tiebreak_order(tournament)
    b = Board(
        tournament=tournament,
        counting=counting,
        rows=rows,
        entrants=entrants,
        order=order,
        columns=columns_for(tournament, order),
        tables=tables,
        results=results,
        outcomes=[t.outcome for t in shown],
        byes=byes_for(tournament),
        rounds_done=_rounds_done(regular, counting),
        partial=_partial_round(regular, counting),
    )
    if tournament.playoff_size and tournament.is_partnership:
        try:
            b.cut = make_cut(tournament, rows, entrants)
        except ValueError as exc:
            b.cut_error = str(exc)
    if tournament.playoff_seeds:
        b.bracket = read_bracket(tournament, results, entrants, counting.only_signed)
    if tournament.ruleset.boston_pot:
        winners, share = standings.boston_pot(rows, float(tournament.boston_pot))  # rule 39
        b.pot = ([entrants[e] for e in winners], Decimal(str(share)).quantize(Decimal("0.01")))
        b.pot_final = b.rounds_done >= tournament.rounds
        b.bostons = sorted(
            ((entrants[r.entrant], r.bostons) for r in rows if r.bostons),
            key=lambda pair: (-pair[1], pair[0].name.casefold()),
        )
    return b


def _counts(table: outcomes.StoredOutcome, counting: Counting) -> bool:
    return table.complete and (table.final or not counting.only_signed)


def _rounds_done(regular: list[outcomes.StoredOutcome], counting: Counting) -> int:
    """Regular rounds whose every table is finished (and signed, for the public)."""
    by_round: dict[int, list[outcomes.StoredOutcome]] = {}
    for t in regular:
        by_round.setdefault(t.round, []).append(t)
    return sum(1 for tables in by_round.values() if all(_counts(t, counting) for t in tables))


def _partial_round(
    regular: list[outcomes.StoredOutcome], counting: Counting
) -> tuple[int, int, int] | None:
    """The latest round that the standings count some, not all, of the tables of."""
    by_round: dict[int, list[outcomes.StoredOutcome]] = {}
    for t in regular:
        by_round.setdefault(t.round, []).append(t)
    for number in sorted(by_round, reverse=True):
        tables = by_round[number]
        done = sum(1 for t in tables if _counts(t, counting))
        if done:
            return (number, done, len(tables)) if done < len(tables) else None
    return None


def entrant_lines(b: Board, entrant: Entrant) -> list[standings.Line]:
    """The entrant's record; a table not yet counted for this viewer shows no score."""
    everyone = [t.outcome for t in b.tables]
    counted = {(o.round, o.table) for o in b.outcomes}
    lines = standings.record_of(
        entrant.pk, everyone, b.byes, only_complete=not b.counting.include_incomplete
    )
    # A bye's figures are the averages of the tables this viewer's standings count.
    mine = [bye for bye in b.byes if bye.entrant == entrant.pk]
    byes = {
        line.round: line
        for line in standings.record_of(entrant.pk, b.outcomes, mine)
        if line.result == "bye"
    }
    shown = []
    for line in lines:
        if line.result == "bye":
            line = byes.get(line.round, line)
        elif (line.round, line.table) not in counted:
            line = replace(line, mine=None, theirs=(), result="not signed yet", counted=False)
        shown.append(line)
    return shown


def standings_for(
    tournament: Tournament,
    *,
    only_signed: bool = False,
    include_incomplete: bool = False,
    tables: list[outcomes.StoredOutcome] | None = None,
) -> tuple[list[standings.Row], dict]:
    """The tournament's standings and the entrants by id, from each table's stored
    outcome: a fixed number of queries. Pass `tables` when the page has them already."""
    if tables is None:
        tables = outcomes.stored_outcomes(tournament)
    entrants = {e.pk: e for e in tournament.entrants.all()}
    counted = [t.outcome for t in tables if not only_signed or t.final]
    order = tiebreak_order(tournament)
    rows = standings.compute(
        entrants,
        counted,
        byes_for(tournament),
        order,
        only_complete=not include_incomplete,
        withdrawn=[pk for pk, entrant in entrants.items() if entrant.withdrawn],
    )
    return rows, entrants


def byes_for(tournament: Tournament) -> list[standings.Bye]:
    """Byes of published regular rounds: a round won (partnership games only)."""
    if not tournament.is_partnership:
        return []
    return [
        standings.Bye(round=number, entrant=entrant, points=tournament.bye_points)
        for number, entrant in Bye.objects.filter(
            round__tournament=tournament, round__playoff=False
        )
        .exclude(round__status=Round.Status.DRAFT)
        .values_list("round__number", "entrant_id")
    ]


def tiebreak_order(tournament: Tournament) -> tuple[str, ...]:
    """The director's order when set (checked by the settings form), else the game's own."""
    seeger_fabian = bool(tournament.game_options.get("seeger_fabian"))
    allowed = standings.allowed_metrics(tournament.is_partnership, seeger_fabian)
    if tournament.tiebreaks:
        try:
            order = standings.parse_order(
                tournament.tiebreaks, allowed, tournament.ruleset.metric_words
            )
        except ValueError:
            order = ()
        if order:
            return order
    return standings.default_order(tournament.is_partnership, seeger_fabian)
