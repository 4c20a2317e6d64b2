"""The Django side of the standings and the playoff: load, call the pure functions, store.

Everything a standings page shows comes from one `results_for` call plus a few small
queries, whatever the size of the night; `scoring.standings` and `tournament.playoff`
do the arithmetic on plain records.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from decimal import Decimal

from django.db import transaction
from django.utils import timezone

from scoring import standings
from scoring.results import TableResult, byes_for, results_for, standings_for, tiebreak_order
from tournament import playoff
from tournament.models import Bye, Entrant, Round, Seat, Table, Tournament

from .models import Hand


class PlayoffError(Exception):
    """Why the playoff cannot be made or moved on, in words for the director."""


@dataclass(frozen=True)
class Counting:
    """What the standings count: the public sees signed sheets only (rule 40)."""

    only_signed: bool
    include_incomplete: bool = False

    @property
    def words(self) -> str:
        if self.only_signed:
            return "Counted: sheets signed by both sides (rule 40), in published rounds."
        if self.include_incomplete:
            return (
                "Counted live: every published table, signed or not, with the points so far "
                "at tables still playing. Only a finished round is won or lost."
            )
        return "Counted: every finished table of the published rounds, signed or not."


PUBLIC = Counting(only_signed=True)


@dataclass
class BracketMatch:
    match: playoff.Match
    high: Entrant
    low: Entrant | None
    result: TableResult | None = None
    winner: Entrant | None = None


@dataclass
class BracketRound:
    number: int  # 1 = the first playoff round
    round: Round | None  # the stored round, once drawn
    matches: list[BracketMatch]

    @property
    def title(self) -> str:
        return {1: "Final", 2: "Semi-finals", 4: "Quarter-finals"}.get(
            len(self.matches), f"Playoff round {self.number}"
        )


@dataclass
class Bracket:
    seeds: list[Entrant]
    rounds: list[BracketRound]
    champion: Entrant | None
    can_draw_next: bool


@dataclass
class Board:
    """Everything the standings pages show, for one viewer."""

    tournament: Tournament
    counting: Counting
    rows: list[standings.Row]
    entrants: dict[int, Entrant]
    order: tuple[str, ...]
    columns: tuple[str, ...]
    results: dict[int, TableResult]
    outcomes: list[standings.Outcome]
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
        return standings.describe_order(self.order)

    @property
    def heading(self) -> str:
        """What the figures count: "after round 1 and 3 of 4 tables of round 2"."""
        parts = [f"round {self.rounds_done}"] if self.rounds_done else []
        if self.partial:
            number, done, tables = self.partial
            parts.append(f"{done} of {tables} tables of round {number}")
        return "after " + " and ".join(parts) if parts else ""


def columns_for(tournament: Tournament, order: tuple[str, ...]) -> tuple[str, ...]:
    """The metric columns: the ranking order first, then what else a player looks for."""
    if tournament.is_partnership:
        extra = ("wins", "losses", "points", "conceded", "bostons", "byes")
    else:
        extra = ("score", "games_won", "games_lost", "wins")
    return order + tuple(k for k in extra if k not in order and k != "head_to_head")


def board(tournament: Tournament, counting: Counting) -> Board:
    """The standings, the cut, the bracket and the Boston pot from one load of the facts."""
    every = results_for(tournament)
    results = {k: r for k, r in every.items() if r.round.status != Round.Status.DRAFT}
    regular = {k: r for k, r in results.items() if not r.round.playoff}
    rows, entrants = standings_for(
        tournament,
        only_signed=counting.only_signed,
        include_incomplete=counting.include_incomplete,
        results=regular,
    )
    counted = [r for r in results.values() if r.final or not counting.only_signed]
    order = tiebreak_order(tournament)
    b = Board(
        tournament=tournament,
        counting=counting,
        rows=rows,
        entrants=entrants,
        order=order,
        columns=columns_for(tournament, order),
        results=results,
        outcomes=[r.outcome() for r in counted],
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
        b.bracket = _bracket(tournament, results, entrants, counting)
    if tournament.is_partnership:
        winners, share = standings.boston_pot(rows, float(tournament.boston_pot))  # rule 39
        b.pot = ([entrants[e] for e in winners], Decimal(str(share)).quantize(Decimal("0.01")))
        b.pot_final = b.rounds_done >= tournament.rounds
        b.bostons = sorted(
            ((entrants[r.entrant], r.bostons) for r in rows if r.bostons),
            key=lambda pair: (-pair[1], pair[0].name.casefold()),
        )
    return b


def _rounds_done(regular: dict[int, TableResult], counting: Counting) -> int:
    """Regular rounds whose every table is finished (and signed, for the public)."""
    by_round: dict[int, list[TableResult]] = {}
    for r in regular.values():
        by_round.setdefault(r.round.number, []).append(r)
    return sum(
        1
        for tables in by_round.values()
        if all(t.match.complete and (t.final or not counting.only_signed) for t in tables)
    )


def _partial_round(
    regular: dict[int, TableResult], counting: Counting
) -> tuple[int, int, int] | None:
    """The latest round that the standings count some, not all, of the tables of."""
    by_round: dict[int, list[TableResult]] = {}
    for r in regular.values():
        by_round.setdefault(r.round.number, []).append(r)
    for number in sorted(by_round, reverse=True):
        tables = by_round[number]
        done = sum(1 for t in tables if t.match.complete and (t.final or not counting.only_signed))
        if done:
            return (number, done, len(tables)) if done < len(tables) else None
    return None


def make_cut(tournament: Tournament, rows, entrants) -> playoff.Cut:
    eligible = {pk for pk, e in entrants.items() if not e.withdrawn}
    return playoff.cut([(r.entrant, r.rank) for r in rows], tournament.playoff_size, eligible)


def _winners(results, counting: Counting) -> dict[frozenset[int], int]:
    """Who won each playoff table so far (rule 6 settles a tie with one more hand)."""
    won = {}
    for r in results.values():
        if not r.round.playoff or not r.match.complete or r.match.winner is None:
            continue
        if counting.only_signed and not r.final:
            continue
        won[frozenset(e.pk for e in r.sides)] = r.sides[r.match.winner].pk
    return won


def _bracket(tournament, results, entrants, counting: Counting) -> Bracket:
    seeds = [int(e) for e in tournament.playoff_seeds]
    won = _winners(results, counting)
    stored = sorted({r.round for r in results.values() if r.round.playoff}, key=lambda x: x.number)
    tables: dict[tuple[int, frozenset[int]], TableResult] = {
        (r.round.number, frozenset(e.pk for e in r.sides)): r
        for r in results.values()
        if r.round.playoff
    }
    shown = []
    drawn = playoff.bracket(seeds, won)
    for index, matches in enumerate(drawn):
        round_ = stored[index] if index < len(stored) else None
        items = []
        for m in matches:
            result = tables.get((round_.number, m.teams)) if round_ else None
            winner = playoff.winner_of(m, won) if (round_ or m.bye) else None
            items.append(
                BracketMatch(
                    match=m,
                    high=entrants[m.high],
                    low=entrants[m.low] if m.low is not None else None,
                    result=result,
                    winner=entrants[winner] if winner is not None and round_ else None,
                )
            )
        shown.append(BracketRound(index + 1, round_, items))
    champ = playoff.champion(seeds, won) if len(drawn) == len(stored) else None
    return Bracket(
        seeds=[entrants[s] for s in seeds],
        rounds=shown,
        champion=entrants[champ] if champ is not None else None,
        can_draw_next=len(drawn) > len(stored),
    )


# -- storing the playoff ----------------------------------------------------------------------


def _store_round(tournament: Tournament, matches, number: int) -> Round:
    """A playoff round, published at once so the table links work (played like any other)."""
    round_ = Round.objects.create(
        tournament=tournament,
        number=number,
        playoff=True,
        status=Round.Status.PUBLISHED,
        started=timezone.now(),
    )
    played = [m for m in matches if not m.bye]
    tables = Table.objects.bulk_create(
        Table(round=round_, number=n) for n in range(1, len(played) + 1)
    )
    Seat.objects.bulk_create(
        Seat(table=table, entrant_id=entrant, position=side)  # the better seed North-South
        for table, m in zip(tables, played, strict=True)
        for side, entrant in enumerate((m.high, m.low))
    )
    Bye.objects.bulk_create(Bye(round=round_, entrant_id=m.high) for m in matches if m.bye)
    return round_


def _check_regular_rounds_over(tournament: Tournament) -> int:
    rounds = list(tournament.round_set.all())
    if any(r.playoff for r in rounds):
        raise PlayoffError("The playoff has already been drawn.")
    if any(r.status == Round.Status.DRAFT for r in rounds):
        raise PlayoffError("A draft round is waiting: publish it or delete it first.")
    if len(rounds) < tournament.rounds:
        raise PlayoffError(
            f"Only {len(rounds)} of {tournament.rounds} rounds have been played. To end the "
            "night early, lower the number of rounds in the settings."
        )
    unfinished = [
        f"{r.round.number}/{r.table.number}"
        for r in results_for(tournament).values()
        if not r.match.complete
    ]
    if unfinished:
        raise PlayoffError(
            "Every table must finish first; still playing (round/table): "
            + ", ".join(sorted(unfinished))
            + "."
        )
    return max((r.number for r in rounds), default=0)


@transaction.atomic
def create_playoff(tournament: Tournament, chosen: list[int] | None = None) -> Round:
    """Seed the top of the standings (as the director sees them) and draw the first round."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if not tournament.is_partnership:
        raise PlayoffError("The playoff bracket is for team games (6 Card Kitty).")
    if not tournament.playoff_size:
        raise PlayoffError("Choose how many teams advance first.")
    last = _check_regular_rounds_over(tournament)
    rows, entrants = standings_for(tournament)
    try:
        c = make_cut(tournament, rows, entrants)
        seeds = playoff.settle(c, chosen or [])
    except ValueError as exc:
        raise PlayoffError(str(exc)) from exc
    tournament.playoff_seeds = list(seeds)
    tournament.save(update_fields=["playoff_seeds"])
    return _store_round(tournament, playoff.first_round(seeds), last + 1)


@transaction.atomic
def draw_next_playoff_round(tournament: Tournament) -> Round:
    """The winners of neighbouring matches meet, once every match of the round is decided."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if not tournament.playoff_seeds:
        raise PlayoffError("There is no playoff yet.")
    b = board(tournament, Counting(only_signed=False)).bracket
    assert b is not None
    if b.champion is not None:
        raise PlayoffError(f"The playoff is over: {b.champion.name} won the final.")
    if not b.can_draw_next:
        waiting = [
            f"table {m.result.table.number}"
            for m in b.rounds[-1].matches
            if m.result is not None and m.winner is None
        ]
        raise PlayoffError(
            "Every playoff match must be decided first (a tie plays the one-hand tiebreaker "
            "of rule 6); still playing: " + ", ".join(waiting) + "."
        )
    last = tournament.round_set.order_by("-number").values_list("number", flat=True).first()
    return _store_round(tournament, [m.match for m in b.rounds[-1].matches], (last or 0) + 1)


@transaction.atomic
def undo_playoff(tournament: Tournament) -> None:
    """Take the bracket back (a wrong cut, say) while no playoff hand has been entered."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    rounds = tournament.round_set.filter(playoff=True)
    if Hand.objects.filter(table__round__in=rounds).exists():
        raise PlayoffError(
            "Hands have been entered in the playoff: it can no longer be taken back."
        )
    rounds.delete()
    tournament.playoff_seeds = []
    tournament.save(update_fields=["playoff_seeds"])


def entrant_lines(b: Board, entrant: Entrant) -> list[standings.Line]:
    """The entrant's record; a table not yet counted for this viewer shows no score."""
    everyone = [r.outcome() for r in b.results.values()]
    counted = {(o.round, o.table) for o in b.outcomes}
    lines = standings.record_of(
        entrant.pk, everyone, b.byes, only_complete=not b.counting.include_incomplete
    )
    return [
        line
        if line.result == "bye" or (line.round, line.table) in counted
        else replace(line, mine=None, theirs=(), result="not signed yet", counted=False)
        for line in lines
    ]


def table_rows(b: Board, url_for) -> list[dict]:
    """Plain rows for the sortable table: shown rank, name, metrics, and the row's marks."""
    cut = b.cut
    tied = set(cut.tied) if cut else set()
    qualifiers = set(cut.sure) if cut else set()
    data = []
    for index, row in enumerate(b.rows, start=1):
        entrant = b.entrants[row.entrant]
        classes = []
        if cut and index == cut.line_after:
            classes.append("cut")
        if row.entrant in tied:
            classes.append("tie-cut")
        elif row.entrant in qualifiers:
            classes.append("in")
        if entrant.withdrawn:
            classes.append("withdrawn")
        item = {
            "rank": row.rank,
            "shown_rank": standings.shown_rank(row),
            "name": entrant.name,
            "name_key": entrant.name.casefold(),
            "url": url_for(entrant),
            "played": row.played,
            "classes": classes,
        }
        for key in b.columns:
            item[key] = getattr(row, key)
        data.append(item)
    return data
