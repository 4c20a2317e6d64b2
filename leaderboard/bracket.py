"""The playoff bracket as the standings page shows it: the cut under the standings and
each match with its table and winner, re-read from the results every time."""

from __future__ import annotations

from dataclasses import dataclass

from pairing import playoff
from scoring.results import TableResult
from tournament.models import Entrant, Round, Tournament


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


def make_cut(tournament: Tournament, rows, entrants) -> playoff.Cut:
    """Where the line falls under the top `playoff_size` (withdrawn teams cannot qualify,
    nor a team that holds no rank: no table or bye counts for it)."""
    ranked = {r.entrant for r in rows if r.ranked}
    eligible = {pk for pk, e in entrants.items() if not e.withdrawn and pk in ranked}
    return playoff.cut([(r.entrant, r.rank) for r in rows], tournament.playoff_size, eligible)


def _winners(results, only_signed: bool) -> dict[frozenset[int], int]:
    """Who won each playoff table so far (rule 6 settles a tie with one more hand)."""
    won = {}
    for r in results.values():
        if not r.round.playoff or not r.match.complete or r.match.winner is None:
            continue
        if only_signed and not r.final:
            continue
        won[frozenset(e.pk for e in r.sides)] = r.sides[r.match.winner].pk
    return won


def read_bracket(
    tournament: Tournament,
    results: dict[int, TableResult],
    entrants: dict[int, Entrant],
    only_signed: bool,
) -> Bracket:
    seeds = [int(e) for e in tournament.playoff_seeds]
    won = _winners(results, only_signed)
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
