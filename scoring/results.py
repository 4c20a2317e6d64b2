"""Every table's result, derived from the stored facts in a fixed number of queries.

This is the one place where hands and rulings turn into scores: the table page, the
console, the standings, the sheets and the next round's pairing all read it, so they
can never disagree. It is also the one place that leaves out a hand taken back or
struck (Hand.on_sheet): the facts keep it, nothing derived from them counts it.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import partial

from django.db.models import QuerySet

import standings
from rules import HandScore, HandTally, InvalidHand, MatchResult, Ruleset
from rules import Ruling as RuleRuling
from tournament.models import Entrant, Round, Seat, Table, Tournament

from .at_table import at_table
from .models import Hand, Ruling, Signature


@dataclass
class ScoredHand:
    hand: Hand
    record: object | None
    score: HandScore
    rulings: list[Ruling]
    # What the round made of this hand (running totals, a tiebreaker, a short payment);
    # None for a void hand or one the round did not take into account.
    tally: HandTally | None = None

    @property
    def tiebreaker(self) -> bool:
        """6 Card Kitty rule 6: played only to break a tie; its points do not count."""
        return self.tally is not None and self.tally.tiebreaker


@dataclass
class TableResult:
    table: Table
    round: Round
    size: int
    sides: list  # Entrant per side (a team, or one player)
    hands: list[ScoredHand] = field(default_factory=list)  # every accepted hand, in order
    pending: list[Hand] = field(default_factory=list)  # entered or disputed, not yet counting
    # Taken back or struck (Hand.on_sheet): on no sheet, in no total; kept for the history.
    removed: list[Hand] = field(default_factory=list)
    # What each pending hand would score, by hand id: shown for the other side to check.
    previews: dict[int, ScoredHand] = field(default_factory=dict)
    round_rulings: list[Ruling] = field(default_factory=list)
    signatures: list[Signature] = field(default_factory=list)
    match: MatchResult | None = None
    options: dict = field(default_factory=dict, repr=False)
    # The game as dealt at this table (who dealt hand 1: Table.first_dealer): every
    # reading of a hand here goes through it, so each hand has its own dealer.
    ruleset: Ruleset | None = field(default=None, repr=False)
    # The scores of the facts this result was derived from, shared by every table of one
    # derivation (_score_once): what a page words of the same facts is not scored again.
    memo: dict[tuple[object, ...], tuple[object, HandScore]] = field(
        default_factory=dict, repr=False, compare=False
    )

    @property
    def names(self) -> tuple[str, ...]:
        """Each side's entrant, as the ruleset's words name them (a player, at three-player
        games; 6 Card Kitty keeps North-South and East-West)."""
        return tuple(entrant.name for entrant in self.sides)

    @property
    def forfeited(self) -> dict[int, Ruling]:
        """Each side that forfeited the round (6 Card Kitty rules 7 and 41), with the round
        ruling that says so: its signature is not needed (rules-decisions.md, "A forfeit
        needs no signature from the side that forfeited")."""
        if self.match is None or not self.match.forfeit:
            return {}
        found: dict[int, Ruling] = {}
        for ruling in self.round_rulings:
            if ruling.offender is not None and 0 <= ruling.offender < len(self.sides):
                found.setdefault(ruling.offender, ruling)
        return found

    @property
    def to_sign(self) -> list[int]:
        """The sides whose signatures make the sheet final: every side but one that
        forfeited. None when every side forfeited: then the director signs for the table."""
        forfeited = self.forfeited
        return [side for side in range(len(self.sides)) if side not in forfeited]

    @property
    def final(self) -> bool:
        """Rule 40: signed by every side, the sheet is final; at a forfeit, by the side that
        was present (or the director for it); where every side forfeited, by the director."""
        if not self.sides:
            return False
        signed = {s.side for s in self.signatures}
        needed = self.to_sign
        if needed:
            return signed.issuperset(needed)
        return any(s.by_director for s in self.signatures)

    def scored(self, data: dict, number: int) -> tuple[object, HandScore]:
        """A hand's facts (`data`, as stored) as this table reads and scores them with no
        ruling: its history's words of a corrected hand, say. Through the memo the result
        was derived with, so facts on the sheet are not scored again."""
        return _score_once(
            self.memo,
            self.round.tournament_id,
            self.ruleset,
            self.options,
            self.size,
            self.names,
            data,
            number,
        )

    @property
    def counted(self) -> list[ScoredHand]:
        return [h for h in self.hands if not h.score.void]

    def outcome(self) -> standings.Outcome:
        match = self.match
        n = len(self.sides)
        bostons = [0] * n
        won = [0] * n
        lost = [0] * n
        bonus = [0] * n
        has_bonus = False  # a game's bonus (Ascot's Seeger-Fabian), scored by its ruleset
        for scored in self.counted:
            s = scored.score
            if s.boston_side is not None:
                bostons[s.boston_side] += 1
            if s.declarer is not None and s.made is not None:
                (won if s.made else lost)[s.declarer] += 1
            if s.bonus and not scored.tiebreaker:
                has_bonus = True
                for side, points in enumerate(s.bonus):
                    bonus[side] += points
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
            bonus=tuple(bonus) if has_bonus else (),
            playoff=self.round.playoff,
            # A forfeit before any hand (rule 7, or rule 41 before the first hand): the
            # round is decided, but nobody played.
            played=not (match.forfeit and match.hands_played == 0),
        )


def to_rule(ruling: Ruling) -> RuleRuling:
    return RuleRuling(
        code=ruling.code,
        offender=ruling.offender,
        choice=ruling.choice or None,
        amount=ruling.amount,
    )


@dataclass
class Facts:
    """What a set of tables' results derive from, as loaded: a write at a table changes
    its facts in memory (a hand added, accepted, a signature) and derives the table's new
    result from them without reading them again."""

    tables: list[Table]
    seats: dict[int, list[tuple[int, Entrant]]]  # table id: (position, entrant)
    hands: dict[int, list[Hand]]  # table id: its hands, in order
    rulings_by_hand: dict[int, list[Ruling]]
    round_rulings: dict[int, list[Ruling]]
    signatures: dict[int, list[Signature]]


# A table's entrants, each with its seat's position (written as SQL: scoring.at_table).
_SEATED = (
    f'SELECT e.*, s."position" AS seat_position FROM "{Entrant._meta.db_table}" e'
    f' JOIN "{Seat._meta.db_table}" s ON s."entrant_id" = e."id" WHERE s."table_id" = %s'
)


def _one_table(table: Table, seated: list | None, stored: bool = True) -> Facts:
    """One table's facts, the reads of every table page and every write at a table."""
    if seated is None:
        seated = [(e.seat_position, e) for e in Entrant.objects.raw(_SEATED, [table.pk])]
    seats = {table.pk: seated}
    if not stored:  # the caller's read found no hand, ruling or signature here
        return Facts(
            [table], seats, {table.pk: []}, defaultdict(list), defaultdict(list), {table.pk: []}
        )
    hands = {table.pk: list(at_table(Hand, table.pk))}
    rulings_by_hand = defaultdict(list)
    round_rulings = defaultdict(list)
    for ruling in at_table(Ruling, table.pk, ' AND "withdrawn_at" IS NULL'):
        if ruling.hand_id:
            rulings_by_hand[ruling.hand_id].append(ruling)
        else:
            round_rulings[table.pk].append(ruling)
    signatures = {table.pk: list(at_table(Signature, table.pk))}
    return Facts([table], seats, hands, rulings_by_hand, round_rulings, signatures)


def load_facts(
    tournament: Tournament,
    tables: Iterable[Table] | None = None,
    rounds: Iterable[int] | None = None,
    seated: list | None = None,
    stored: bool = True,
) -> Facts:
    """The facts of these tables (or the whole night's, or these rounds'): four queries
    after the tables, whatever the number of tables or hands. `seated`: one table's seats,
    (position, entrant), when the caller read them already; `stored=False`: the caller's
    own read found nothing stored at that one table (none of its facts is read)."""
    whole = tables is None
    if whole:
        qs = Table.objects.filter(round__tournament=tournament).select_related("round")
        if rounds is not None:
            qs = qs.filter(round__number__in=list(rounds))
        tables = list(qs)
        # The whole night: select by the tournament (and rounds), not by a list of
        # thousands of table ids, and share one Entrant object per team across its tables.
        scope = {"table__round__tournament": tournament}
        if rounds is not None:
            scope["table__round__number__in"] = list(rounds)
    else:
        tables = list(tables)
        if len(tables) == 1:
            return _one_table(tables[0], seated, stored)
        scope = {"table_id__in": [t.pk for t in tables]}
    seats = defaultdict(list)
    if whole:
        by_id = {e.pk: e for e in Entrant.objects.filter(tournament=tournament)}
        for table_id, position, entrant_id in Seat.objects.filter(**scope).values_list(
            "table_id", "position", "entrant_id"
        ):
            seats[table_id].append((position, by_id[entrant_id]))
    else:
        for seat in Seat.objects.filter(**scope).select_related("entrant"):
            seats[seat.table_id].append((seat.position, seat.entrant))
    return _read(tables, scope, seats)


def _read(tables: list[Table], scope: dict, seats: dict[int, list]) -> Facts:
    """The hands, rulings and signatures of these tables, seated: three queries."""
    hands = defaultdict(list)
    for hand in Hand.objects.filter(**scope):
        hands[hand.table_id].append(hand)
    rulings_by_hand = defaultdict(list)
    round_rulings = defaultdict(list)
    for ruling in Ruling.objects.filter(**scope, withdrawn_at__isnull=True):
        if ruling.hand_id:
            rulings_by_hand[ruling.hand_id].append(ruling)
        else:
            round_rulings[ruling.table_id].append(ruling)

    signatures = defaultdict(list)
    for signature in Signature.objects.filter(**scope):
        signatures[signature.table_id].append(signature)
    return Facts(tables, seats, hands, rulings_by_hand, round_rulings, signatures)


def results_for(
    tournament: Tournament,
    tables: Iterable[Table] | None = None,
    rounds: Iterable[int] | None = None,
    seated: list | None = None,
    stored: bool = True,
) -> dict[int, TableResult]:
    """Results keyed by table id: at most six queries whatever the number of tables or hands
    (load_facts says what `seated` and `stored` spare)."""
    return derive(tournament, load_facts(tournament, tables, rounds, seated, stored))


def results_across(tables: QuerySet[Table]) -> dict[int, TableResult]:
    """Results of tables from any number of tournaments (a player's nights over a season),
    keyed by table id, in the same six queries: ``tables`` is a queryset of them."""
    scope = {"table__in": tables.values("pk")}
    tables = list(tables.select_related("round__tournament"))
    tournaments = {table.round.tournament_id: table.round.tournament for table in tables}
    seats = defaultdict(list)
    for seat in Seat.objects.filter(**scope).select_related("entrant"):
        seats[seat.table_id].append((seat.position, seat.entrant))
    return derive(tournaments, _read(tables, scope, seats))


def _score_once(
    memo: dict,
    tournament_id: int,
    ruleset,
    options: dict,
    size: int,
    names: tuple[str, ...],
    data: dict,
    number: int,
) -> tuple[object, HandScore]:
    """A hand's facts read and scored with no ruling, once per `memo` (one derivation).

    A night repeats the same few facts (bid 4 made with 10 books...) thousands of times,
    and scoring is pure: each distinct record is scored once for each table size, dealer
    (the hand's number and the table's first dealer decide what the dealer may not do,
    and whether the dealer is known at all) and players' names."""
    try:
        told = frozenset(data.items())
        hash(told)
    except TypeError:  # a list among the facts (Ascot's Ramsch points)
        told = json.dumps(data, sort_keys=True)
    dealt = (ruleset.dealer(number, size), ruleset.first_dealer is None)
    key = (tournament_id, told, size, dealt, names)
    if key not in memo:
        record = ruleset.parse_hand(data, size, options, number)
        memo[key] = (record, ruleset.score_hand(record, size, options, (), number, names))
    return memo[key]


def derive(tournament: Tournament | dict[int, Tournament], facts: Facts) -> dict[int, TableResult]:
    """Every table's result from its facts as loaded, each scored by its own night's
    ruleset and options (one tournament, or several by id): no query."""
    tournaments = tournament if isinstance(tournament, dict) else {tournament.pk: tournament}
    settings = {pk: (t.ruleset, t.game_options) for pk, t in tournaments.items()}
    seats, hands, rulings_by_hand = facts.seats, facts.hands, facts.rulings_by_hand
    round_rulings, signatures = facts.round_rulings, facts.signatures

    memo: dict[tuple[object, ...], tuple[object, HandScore]] = {}
    results = {}
    for table in facts.tables:
        tournament_id = table.round.tournament_id
        ruleset, options = settings[tournament_id]
        ruleset = ruleset.with_first_dealer(table.first_dealer)
        sides = [entrant for _, entrant in sorted(seats.get(table.pk, ()), key=lambda s: s[0])]
        size = ruleset.players_at_table(len(sides))
        result = TableResult(
            table=table,
            round=table.round,
            size=size,
            sides=sides,
            round_rulings=round_rulings.get(table.pk, []),
            signatures=sorted(signatures.get(table.pk, ()), key=lambda s: s.side),
            options=options,
            ruleset=ruleset,
            memo=memo,
        )
        names = result.names
        scored = partial(_score_once, memo, tournament_id, ruleset, options, size, names)
        for hand in hands.get(table.pk, ()):
            if not hand.on_sheet:
                result.removed.append(hand)
                continue
            if hand.status != Hand.Status.ACCEPTED:
                result.pending.append(hand)
                if hand.record is not None:
                    try:
                        record, score = scored(hand.record, hand.number)
                    except InvalidHand:  # not checked yet: the other side sees it unscored
                        continue
                    result.previews[hand.pk] = ScoredHand(hand, record, score, [])
                continue
            hand_rulings = rulings_by_hand.get(hand.pk, [])
            if hand_rulings or hand.record is None:
                record = (
                    ruleset.parse_hand(hand.record, size, options, hand.number)
                    if hand.record is not None
                    else None
                )
                score = ruleset.score_hand(
                    record, size, options, [to_rule(r) for r in hand_rulings], hand.number, names
                )
            else:
                record, score = scored(hand.record, hand.number)
            result.hands.append(ScoredHand(hand, record, score, hand_rulings))
        result.match = ruleset.match_result(
            [h.score for h in result.hands],
            size,
            options,
            [to_rule(r) for r in result.round_rulings],
            names,
        )
        for scored, tally in zip(result.counted, result.match.tally, strict=False):
            scored.tally = tally
        results[table.pk] = result
    return results
