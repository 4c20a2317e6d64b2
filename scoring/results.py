"""Every table's result, derived from the stored facts in a fixed number of queries.

This is the one place where hands and rulings turn into scores: the table page, the
console, the standings, the sheets and the next round's pairing all read it, so they
can never disagree.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from rules import HandScore, MatchResult
from rules import Ruling as RuleRuling
from scoring import standings
from tournament.models import Bye, Round, Seat, Table, Tournament

from .models import Hand, Ruling, Signature


@dataclass
class ScoredHand:
    hand: Hand
    record: object | None
    score: HandScore
    rulings: list[Ruling]
    tiebreaker: bool = False


@dataclass
class TableResult:
    table: Table
    round: Round
    size: int
    sides: list  # Entrant per side (a team, or one player)
    hands: list[ScoredHand] = field(default_factory=list)  # every stored hand, in order
    pending: list[Hand] = field(default_factory=list)  # entered or disputed, not yet counting
    round_rulings: list[Ruling] = field(default_factory=list)
    signatures: list[Signature] = field(default_factory=list)
    match: MatchResult | None = None

    @property
    def final(self) -> bool:
        """Rule 40: signed by every side, the sheet is final."""
        return len(self.signatures) >= len(self.sides) > 0

    @property
    def counted(self) -> list[ScoredHand]:
        return [h for h in self.hands if not h.score.void]

    def outcome(self) -> standings.Outcome:
        match = self.match
        n = len(self.sides)
        bostons = [0] * n
        won = [0] * n
        lost = [0] * n
        for scored in self.counted:
            s = scored.score
            if s.boston_side is not None:
                bostons[s.boston_side] += 1
            if s.declarer is not None and s.made is not None:
                (won if s.made else lost)[s.declarer] += 1
        return standings.Outcome(
            round=self.round.number,
            table=self.table.number,
            entrants=tuple(e.pk for e in self.sides),
            totals=tuple(match.totals),
            winner=match.winner,
            complete=match.complete,
            bostons=tuple(bostons),
            games_won=tuple(won),
            games_lost=tuple(lost),
            playoff=self.round.playoff,
        )


def to_rule(ruling: Ruling) -> RuleRuling:
    return RuleRuling(
        code=ruling.code,
        offender=ruling.offender,
        choice=ruling.choice or None,
        amount=ruling.amount,
    )


def table_size(tournament: Tournament, seats: int) -> int:
    return 4 if tournament.is_partnership else seats


def results_for(
    tournament: Tournament,
    tables: Iterable[Table] | None = None,
    rounds: Iterable[int] | None = None,
) -> dict[int, TableResult]:
    """Results keyed by table id: six queries whatever the number of tables or hands."""
    ruleset = tournament.ruleset
    options = tournament.settings
    if tables is None:
        qs = Table.objects.filter(round__tournament=tournament).select_related("round")
        if rounds is not None:
            qs = qs.filter(round__number__in=list(rounds))
        tables = list(qs)
    table_ids = [t.pk for t in tables]
    seats = defaultdict(list)
    for seat in Seat.objects.filter(table_id__in=table_ids).select_related("entrant"):
        seats[seat.table_id].append(seat)
    hands = defaultdict(list)
    for hand in Hand.objects.filter(table_id__in=table_ids):
        hands[hand.table_id].append(hand)
    rulings_by_hand = defaultdict(list)
    round_rulings = defaultdict(list)
    for ruling in Ruling.objects.filter(table_id__in=table_ids, withdrawn_at__isnull=True):
        if ruling.hand_id:
            rulings_by_hand[ruling.hand_id].append(ruling)
        else:
            round_rulings[ruling.table_id].append(ruling)

    signatures = defaultdict(list)
    for signature in Signature.objects.filter(table_id__in=table_ids):
        signatures[signature.table_id].append(signature)

    results = {}
    for table in tables:
        sides = [s.entrant for s in sorted(seats[table.pk], key=lambda s: s.position)]
        size = table_size(tournament, len(sides))
        result = TableResult(
            table=table,
            round=table.round,
            size=size,
            sides=sides,
            round_rulings=round_rulings[table.pk],
            signatures=sorted(signatures[table.pk], key=lambda s: s.side),
        )
        planned = ruleset.hands_in_round(size, options)
        for hand in hands[table.pk]:
            if hand.status != Hand.Status.ACCEPTED:
                result.pending.append(hand)
                continue
            record = (
                ruleset.parse_hand(hand.record, size, options) if hand.record is not None else None
            )
            hand_rulings = rulings_by_hand[hand.pk]
            score = ruleset.score_hand(record, size, options, [to_rule(r) for r in hand_rulings])
            result.hands.append(ScoredHand(hand, record, score, hand_rulings))
        for position, scored in enumerate(result.counted, start=1):
            scored.tiebreaker = position > planned
        result.match = ruleset.match_result(
            [h.score for h in result.hands],
            size,
            options,
            [to_rule(r) for r in result.round_rulings],
        )
        results[table.pk] = result
    return results


def standings_for(
    tournament: Tournament, *, only_signed: bool = False, include_incomplete: bool = False
) -> tuple[list[standings.Row], dict]:
    """The tournament's standings and the entrants by id: a fixed number of queries."""
    results = results_for(tournament)
    entrants = {e.pk: e for e in tournament.entrants.all()}
    outcomes = [r.outcome() for r in results.values() if not only_signed or r.final]
    byes = (
        [
            standings.Bye(round=number, entrant=entrant, points=tournament.bye_points)
            for number, entrant in Bye.objects.filter(
                round__tournament=tournament, round__playoff=False
            )
            .exclude(round__status=Round.Status.DRAFT)
            .values_list("round__number", "entrant_id")
        ]
        if tournament.is_partnership
        else []
    )
    order = tiebreak_order(tournament)
    rows = standings.compute(entrants, outcomes, byes, order, only_complete=not include_incomplete)
    return rows, entrants


def tiebreak_order(tournament: Tournament) -> tuple[str, ...]:
    if tournament.is_partnership:
        return standings.PARTNERSHIP_ORDER
    if tournament.game == "ascot" and tournament.settings.get("seeger_fabian"):
        return ("seeger_fabian", "games_won", "games_lost")
    return standings.INDIVIDUAL_ORDER
